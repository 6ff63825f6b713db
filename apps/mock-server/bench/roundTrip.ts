/**
 * Client round trip: the `EfaClient` stop finder against the fake over loopback (`startServer` on port
 * 0, in this process), one call after the other, against a raw `fetch` plus `JSON.parse` of the same
 * URL (from the client's `url()` helper). The client runs with each `HttpClient` a user can pick:
 * `FetchHttpClient.layer`, `NodeHttpClient.layerUndici`, `NodeHttpClient.layer` and `NodeHttpClient`
 * with a keep-alive agent, and undici without the span per call (`spans: false`, to show what the span
 * costs); the platform's fetch and undici clients alone (no EfaClient) are shown for comparison. All variants are measured in one run, interleaved round by round after a warm-up; each
 * figure is the median over the rounds of the mean time per call. Target: at most 1.15.
 *
 * Run with `pnpm bench` (at the root or in apps/mock-server) or `tsx bench/roundTrip.ts`.
 * `BENCH_ROUNDS` (default 60) and `BENCH_BATCH` (calls per round and variant, default 40) change the
 * sample.
 */
import { EfaClient, Point } from "@efa-kit/core"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { startServer } from "../src/index.js"
import { median, verdict } from "./stats.js"

const TARGET = 1.15
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60)
const BATCH = Number(process.env.BENCH_BATCH ?? 40)
const WARM_UP_ROUNDS = 10

const running = await startServer({ port: 0, host: "127.0.0.1" })
if (Either.isLeft(running)) throw new Error(running.left.message)
const server = running.right
const request = { input: Point.any("Stuttgart Hbf") }

interface Variant {
  readonly name: string
  readonly run: () => Promise<void>
  readonly dispose: () => Promise<void>
}

interface ClientVariant extends Variant {
  /** The URL the client sends the request to. */
  readonly url: () => Promise<string>
}

let sink: unknown

const clientVariant = async (
  name: string,
  layer: Layer.Layer<HttpClient.HttpClient>,
  options: Partial<EfaClient.Options> = {}
): Promise<ClientVariant> => {
  const runtime = ManagedRuntime.make(
    EfaClient.layer({ baseUrl: `http://127.0.0.1:${server.port}/`, ...options }).pipe(Layer.provide(layer))
  )
  const efa = await runtime.runPromise(EfaClient.EfaClient)
  const batch = Effect.gen(function*() {
    for (let i = 0; i < BATCH; i++) sink = yield* efa.stopFinder(request)
  })
  return {
    name,
    run: () => runtime.runPromise(batch),
    dispose: () => runtime.dispose(),
    url: async () => Either.getOrThrow(efa.url("stopFinder", request))
  }
}

const clients = [
  await clientVariant("EfaClient + FetchHttpClient.layer", FetchHttpClient.layer),
  await clientVariant("EfaClient + NodeHttpClient.layerUndici", NodeHttpClient.layerUndici),
  // The same without the span per call: what the span costs.
  await clientVariant("EfaClient + layerUndici, spans: false", NodeHttpClient.layerUndici, { spans: false }),
  await clientVariant("EfaClient + NodeHttpClient.layer", NodeHttpClient.layer),
  // The default agent of `NodeHttpClient.layer` does not keep connections alive.
  await clientVariant(
    "EfaClient + NodeHttpClient, keep-alive agent",
    NodeHttpClient.layerWithoutAgent.pipe(Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: true })))
  )
]
const url = await clients[0]!.url()

// The platform's client alone (send, read the text, JSON.parse; no span), to show what the `HttpClient`
// itself costs before the EfaClient adds its encode, timeout, checks and decode.
const platformVariant = async (name: string, layer: Layer.Layer<HttpClient.HttpClient>): Promise<Variant> => {
  const runtime = ManagedRuntime.make(layer)
  const http = (await runtime.runPromise(HttpClient.HttpClient)).pipe(HttpClient.withTracerDisabledWhen(() => true))
  const batch = Effect.gen(function*() {
    for (let i = 0; i < BATCH; i++) {
      const response = yield* http.execute(HttpClientRequest.get(url))
      sink = JSON.parse(yield* response.text)
    }
  })
  return { name, run: () => runtime.runPromise(batch), dispose: () => runtime.dispose() }
}
const platforms = [
  await platformVariant("FetchHttpClient alone (no EfaClient)", FetchHttpClient.layer),
  await platformVariant("NodeHttpClient.layerUndici alone (no EfaClient)", NodeHttpClient.layerUndici)
]

const raw: Variant = {
  name: "raw fetch + JSON.parse",
  run: async () => {
    for (let i = 0; i < BATCH; i++) sink = JSON.parse(await (await fetch(url)).text())
  },
  dispose: async () => {}
}

const sample = await (await fetch(url)).text()
const answer = `${JSON.parse(sample).locations.length} locations, ${(sample.length / 1000).toFixed(1)} kB`

const variants = [raw, ...clients, ...platforms]
const micros = new Map<string, Array<number>>(variants.map((v) => [v.name, []]))
try {
  for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
    // A different variant starts each round, so none always runs right after the same other one.
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(k + Math.max(0, round)) % variants.length]!
      const start = performance.now()
      await variant.run()
      if (round >= 0) micros.get(variant.name)!.push(((performance.now() - start) * 1000) / BATCH)
    }
  }
} finally {
  for (const variant of variants) await variant.dispose()
  await server.close()
}
void sink

const base = median(micros.get(raw.name)!)
console.log(`Client round trip: stop finder "Stuttgart Hbf" (${answer}) against the fake on loopback,`)
console.log(`${ROUNDS} interleaved rounds of ${BATCH} sequential calls, median time per call`)
for (const variant of variants) {
  const value = median(micros.get(variant.name)!)
  const ratio = value / base
  const shown = variant === raw
    ? "1.00 (baseline)"
    : platforms.includes(variant)
    ? `${ratio.toFixed(2)} (for comparison)`
    : verdict(ratio, TARGET, "at most")
  console.log(`  ${variant.name.padEnd(48)} ${value.toFixed(0).padStart(6)} µs   ratio ${shown}`)
}
