/**
 * Response size limit benchmark: what an endless body costs the client. A local server answers every
 * request with a body that never ends (64 KiB chunks as fast as the socket takes them); the client
 * reads it with the default `maxResponseBytes` (64 MiB) on each transport. Reported: how the call
 * ended, the bytes read, the time it took and the peak growth of the process's memory (rss and
 * external memory, sampled every 5 ms, against the figure before the call).
 *
 * Run with `pnpm bench:response-limit` (in packages/core). Figures are not tests.
 */
import { FetchHttpClient } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { EfaClient, Point } from "../src/index.js"

const chunk = Buffer.alloc(64 * 1024, 0x20)
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json" })
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) { /* until the socket is full */ }
    if (!response.destroyed) response.once("drain", pump)
  }
  pump()
})
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const gc = () => (globalThis as { gc?: () => void }).gc?.()
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

console.log("Response size limit: an endless body, read with the default maxResponseBytes (64 MiB)")
for (const [name, transport] of [["fetch", FetchHttpClient.layer], ["undici", NodeHttpClient.layerUndici]] as const) {
  gc()
  const before = process.memoryUsage()
  let peakRss = 0
  let peakExternal = 0
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peakRss = Math.max(peakRss, now.rss - before.rss)
    peakExternal = Math.max(peakExternal, now.external + now.arrayBuffers - before.external - before.arrayBuffers)
  }, 5)
  const started = performance.now()
  const outcome = await Effect.runPromise(
    Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") })).pipe(
      Effect.flip,
      Effect.provide(EfaClient.layer({ baseUrl: base, retry: false }).pipe(Layer.provide(transport)))
    )
  )
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  const received = outcome._tag === "ResponseTooLargeError" ? `${mb(outcome.received)} read` : outcome.message
  console.log(
    `  ${name.padEnd(7)} ${outcome._tag} (${received}) after ${seconds.toFixed(2)} s; peak growth rss ${
      mb(peakRss)
    }, external ${mb(peakExternal)}`
  )
}
server.closeAllConnections()
server.close()
