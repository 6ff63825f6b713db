/**
 * `pnpm load`: drives the fake with autocannon, 50 connections for 10 seconds, over a mix of all seven
 * operations and the vehicle detail (`loadMix` in `requests.ts`), and reports requests per second, the
 * p99 latency, errors, non-2xx answers, and the server process's memory before and after. The fake runs
 * in a child process (`server.ts`), so that autocannon and the fake do not share an event loop and the
 * memory figures are the fake's alone. Exits with 1 when there was any error or any 5xx answer.
 *
 * `LOAD_SECONDS` (default 10), `LOAD_CONNECTIONS` (default 50) and `LOAD_CACHED_ANSWERS` (the fake's
 * `maxCachedAnswers`; `0` answers every request afresh) change the run.
 */
import autocannon from "autocannon"
import { Effect } from "effect"
import { loadEmbeddedDataset } from "../src/index.js"
import { startServerProcess, type Usage } from "./child.js"
import { loadMix } from "./requests.js"
import { mb } from "./stats.js"

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50)
const CACHED = process.env.LOAD_CACHED_ANSWERS

const dataset = await Effect.runPromise(loadEmbeddedDataset)
const mix = loadMix(dataset)
const server = await startServerProcess(CACHED === undefined ? ["fake"] : ["fake", CACHED])

let result: autocannon.Result
let before: Usage
let after: Usage
let afterGc: Usage
try {
  before = await server.memory({ gc: true })
  result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Each connection goes through the mix in turn.
    requests: mix.map((sample) => ({ method: "GET", path: sample.path }))
  })
  after = await server.memory()
  afterGc = await server.memory({ gc: true })
} finally {
  await server.close()
}

const operations = new Set(mix.map((sample) => sample.name))
const failures = result.errors + result["5xx"]
console.log(`Load: the fake in a child process, autocannon with ${CONNECTIONS} connections for ${SECONDS} s,`)
console.log(`${mix.length} URLs over ${operations.size} operations (${[...operations].join(", ")})`)
console.log(`  requests/s     ${result.requests.average.toFixed(0)} (${result.requests.total} requests)`)
console.log(`  latency        p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`)
console.log(`  errors         ${result.errors} (timeouts ${result.timeouts})`)
console.log(`  non-2xx        ${result.non2xx} (4xx ${result["4xx"]}, 5xx ${result["5xx"]})`)
const memory = (key: "rss" | "heapUsed") =>
  `${mb(before[key])} before, ${mb(after[key])} after, ${mb(afterGc[key])} after a full GC`
console.log(`  server memory  rss ${memory("rss")}`)
console.log(`                 heapUsed ${memory("heapUsed")}`)
console.log(`  server CPU     ${((afterGc.cpuMicros - before.cpuMicros) / 1e6).toFixed(1)} s`)
if (failures > 0) {
  console.error(`FAILED: ${result.errors} errors and ${result["5xx"]} 5xx answers; the bar is zero of both`)
  process.exit(1)
}
console.log("OK: no errors, no 5xx")
