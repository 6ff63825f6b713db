/**
 * Client round trip: the `EfaClient` stop finder against the fake over loopback (`startServer` on port
 * 0, in this process), one call after the other, against a raw `fetch` plus `JSON.parse` of the same
 * URL (from the client's `url()` helper). The client runs with each `HttpClient` a user can pick:
 * `FetchHttpClient.layer`, `NodeHttpClient.layerUndici`, `NodeHttpClient.layer` and `NodeHttpClient`
 * with a keep-alive agent, and undici without the span per call (`spans: false`, to show what the span
 * costs); the platform's fetch and undici clients alone (no EfaClient) are shown for comparison. All
 * variants are measured in one run, interleaved round by round after a warm-up; each figure is the
 * median over the rounds of the mean time per call. Targets: with undici at most 1.10 of raw fetch with
 * the span per call, at most 1.05 without it (`spans: false`), and with `FetchHttpClient` at most 2.00
 * (the cost of the platform's fetch client itself, see "FetchHttpClient alone"). The line after the table
 * divides the two fetch variants: what the EfaClient adds to the platform's fetch client in the same run,
 * a figure that does not move with the raw-fetch baseline.
 *
 * Beside the wall-clock time, each variant's process CPU time per call (client and the in-process fake
 * together) is shown with its ratio: on a busy machine, wall-clock time is mostly waiting for a core,
 * and grows with the CPU time a variant needs, so the CPU ratio is the steadier figure of the two.
 *
 * A second table measures the client's own work without any network: the same answer from an in-memory
 * `HttpClient` (a prebuilt body, wrapped by `HttpClientResponse.fromWeb`), with and without the span,
 * against the platform's client alone and against `JSON.parse` of a `Response`'s text. Nothing waits on
 * a socket or a server there, so these figures move little from run to run, where the loopback ratios
 * above move by a tenth or more on a shared machine.
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
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { loadavg } from "node:os"
import { startServer } from "../src/index.js"
import { median, verdict } from "./stats.js"

// The most each client variant may take, as a ratio of raw fetch; variants without one are shown for comparison.
const TARGET_UNDICI = 1.10
const TARGET_UNDICI_WITHOUT_SPANS = 1.05
const TARGET_FETCH = 2.00
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60)
const BATCH = Number(process.env.BENCH_BATCH ?? 40)
const WARM_UP_ROUNDS = 10

const running = await startServer({ port: 0, host: "127.0.0.1" })
if (Either.isLeft(running)) throw new Error(running.left.message)
const server = running.right
const request = { input: Point.any("Stuttgart Hbf") }

interface Variant {
  readonly name: string
  readonly target?: number
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
  target: number | undefined,
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
    ...(target !== undefined ? { target } : {}),
    run: () => runtime.runPromise(batch),
    dispose: () => runtime.dispose(),
    url: () => Effect.runPromise(efa.url("stopFinder", request))
  }
}

const clients = [
  await clientVariant("EfaClient + FetchHttpClient.layer", FetchHttpClient.layer, TARGET_FETCH),
  await clientVariant("EfaClient + NodeHttpClient.layerUndici", NodeHttpClient.layerUndici, TARGET_UNDICI),
  // The same without the span per call: what the span costs.
  await clientVariant(
    "EfaClient + layerUndici, spans: false",
    NodeHttpClient.layerUndici,
    TARGET_UNDICI_WITHOUT_SPANS,
    {
      spans: false
    }
  ),
  await clientVariant("EfaClient + NodeHttpClient.layer", NodeHttpClient.layer, undefined),
  // The default agent of `NodeHttpClient.layer` does not keep connections alive.
  await clientVariant(
    "EfaClient + NodeHttpClient, keep-alive agent",
    NodeHttpClient.layerWithoutAgent.pipe(Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: true }))),
    undefined
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

// The in-memory answer: the fake's body for the request, served without a socket.
const sampleBytes = new TextEncoder().encode(sample)
const inMemoryResponse = () =>
  new Response(sampleBytes, {
    headers: { "content-type": "application/json", "content-length": String(sampleBytes.length) }
  })
const inMemoryClient = HttpClient.make((request) =>
  Effect.succeed(HttpClientResponse.fromWeb(request, inMemoryResponse()))
)
const inMemoryLayer = Layer.succeed(HttpClient.HttpClient, inMemoryClient)
const inMemory: Array<Variant> = [
  {
    name: "Response + JSON.parse",
    run: async () => {
      for (let i = 0; i < BATCH; i++) sink = JSON.parse(await inMemoryResponse().text())
    },
    dispose: async () => {}
  },
  await platformVariant("platform HttpClient alone", inMemoryLayer),
  await clientVariant("EfaClient", inMemoryLayer, undefined),
  await clientVariant("EfaClient, spans: false", inMemoryLayer, undefined, { spans: false })
]

const variants = [raw, ...clients, ...platforms]
const micros = new Map<string, Array<number>>(variants.map((v) => [v.name, []]))
const cpuMicros = new Map<string, Array<number>>([...variants, ...inMemory].map((v) => [v.name, []]))
try {
  for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
    // A different variant starts each round, so none always runs right after the same other one.
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(k + Math.max(0, round)) % variants.length]!
      const cpuStart = process.cpuUsage()
      const start = performance.now()
      await variant.run()
      const elapsed = performance.now() - start
      const cpu = process.cpuUsage(cpuStart)
      if (round >= 0) {
        micros.get(variant.name)!.push((elapsed * 1000) / BATCH)
        cpuMicros.get(variant.name)!.push((cpu.user + cpu.system) / BATCH)
      }
    }
  }
  for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
    for (let k = 0; k < inMemory.length; k++) {
      const variant = inMemory[(k + Math.max(0, round)) % inMemory.length]!
      const cpuStart = process.cpuUsage()
      await variant.run()
      const cpu = process.cpuUsage(cpuStart)
      if (round >= 0) cpuMicros.get(variant.name)!.push((cpu.user + cpu.system) / BATCH)
    }
  }
} finally {
  for (const variant of [...variants, ...inMemory]) await variant.dispose()
  await server.close()
}
void sink

const base = median(micros.get(raw.name)!)
const cpuBase = median(cpuMicros.get(raw.name)!)
console.log(`Client round trip: stop finder "Stuttgart Hbf" (${answer}) against the fake on loopback,`)
console.log(
  `${ROUNDS} interleaved rounds of ${BATCH} sequential calls, median time per call (load average ${
    loadavg().map((load) => load.toFixed(1)).join(" ")
  })`
)
console.log(`  ${"".padEnd(48)} ${"wall".padStart(9)}  ${"CPU".padStart(9)} ${"CPU ratio".padStart(9)}   wall ratio`)
for (const variant of variants) {
  const value = median(micros.get(variant.name)!)
  const cpu = median(cpuMicros.get(variant.name)!)
  const ratio = value / base
  const shown = variant === raw
    ? "1.00 (baseline)"
    : variant.target === undefined
    ? `${ratio.toFixed(2)} (for comparison)`
    : verdict(ratio, variant.target, "at most")
  console.log(
    `  ${variant.name.padEnd(48)} ${value.toFixed(0).padStart(6)} µs ${cpu.toFixed(0).padStart(6)} µs ${
      (cpu / cpuBase).toFixed(2).padStart(9)
    }   ${shown}`
  )
}

// The client's share of a fetch round trip: what EfaClient adds to the platform's fetch client, in the same run.
const wallOf = (name: string) => median(micros.get(name)!)
const overFetchAlone = wallOf("EfaClient + FetchHttpClient.layer") / wallOf(platforms[0]!.name)
console.log(
  `  ${"EfaClient + FetchHttpClient over it alone".padEnd(48)} ${overFetchAlone.toFixed(2).padStart(9)}  ${
    "".padStart(19)
  }   (the platform's fetch client itself is ${(wallOf(platforms[0]!.name) / base).toFixed(2)} of raw fetch)`
)

const inMemoryCpu = (name: string) => median(cpuMicros.get(name)!)
const [parsed, platformAlone, withSpan, withoutSpan] = inMemory.map((variant) => inMemoryCpu(variant.name)) as [
  number,
  number,
  number,
  number
]
console.log(`\nThe client's own work: the same answer from an in-memory HttpClient, CPU time per call (median)`)
for (const variant of inMemory) {
  console.log(`  ${variant.name.padEnd(48)} ${inMemoryCpu(variant.name).toFixed(1).padStart(6)} µs`)
}
console.log(
  `  ${"EfaClient over the platform's client".padEnd(48)} ${(withSpan - platformAlone).toFixed(1).padStart(6)} µs`
)
console.log(`  ${"of which the span".padEnd(48)} ${(withSpan - withoutSpan).toFixed(1).padStart(6)} µs`)
console.log(
  `  ${"the platform's client over Response + JSON.parse".padEnd(48)} ${
    (platformAlone - parsed).toFixed(1).padStart(6)
  } µs`
)
