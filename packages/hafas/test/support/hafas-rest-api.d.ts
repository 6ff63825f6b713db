declare module "hafas-rest-api" {
  import type { Server } from "node:http"
  interface Api {
    listen(port: number, host: string, callback: (error?: unknown) => void): Server
  }
  export const createHafasRestApi: (hafas: unknown, config: Record<string, unknown>) => Promise<Api>
}
