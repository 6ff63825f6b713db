declare module "hafas-rest-api" {
  import type { Server } from "node:http"
  interface Api {
    readonly locals: { readonly logger: { level: string } }
    listen(port: number, host: string, callback: (error?: unknown) => void): Server
  }
  export const createHafasRestApi: (hafas: unknown, config: Record<string, unknown>) => Promise<Api>
}
