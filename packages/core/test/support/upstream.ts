import { FetchHttpClient, type HttpClient } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, type Layer } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"

/** A request a test server saw. */
export interface Seen {
  readonly url: string
  readonly headers: http.IncomingHttpHeaders
}

/** A local HTTP server on port 0 that answers with `handle` and records what it saw. */
export const upstream = (
  handle: (request: http.IncomingMessage, response: http.ServerResponse, base: string) => void
) =>
  Effect.acquireRelease(
    Effect.async<{ readonly base: string; readonly seen: Array<Seen> }>((resume) => {
      const seen: Array<Seen> = []
      let base = ""
      const server = http.createServer((request, response) => {
        seen.push({ url: request.url ?? "", headers: request.headers })
        handle(request, response, base)
      })
      server.listen(0, "127.0.0.1", () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        resume(Effect.succeed(Object.assign({ base, seen }, { server })))
      })
    }),
    (running) =>
      Effect.async<void>((resume) => {
        const server = (running as unknown as { server: http.Server }).server
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )

/** The two transports whose behaviour must agree: the platform's fetch client and undici. */
export const transports: ReadonlyArray<readonly [string, Layer.Layer<HttpClient.HttpClient>]> = [
  ["fetch", FetchHttpClient.layer],
  ["undici", NodeHttpClient.layerUndici]
]

export const okBody = JSON.stringify({
  locations: [{ id: "de:08111:6118", name: "Hauptbahnhof", type: "stop", isBest: true, matchQuality: 900 }]
})
