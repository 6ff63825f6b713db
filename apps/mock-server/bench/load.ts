/**
 * `pnpm load`: drives the fake with autocannon, 50 connections for 10 seconds, over a mix of all seven
 * operations and the vehicle detail (`loadMix` in `requests.ts`), and reports requests per second, the
 * p99 latency, errors, non-2xx answers, and the server process's memory before and after. The fake runs
 * in a child process (`server.ts`), so that autocannon and the fake do not share an event loop and the
 * memory figures are the fake's alone. Exits with 1 when there was any error or any 5xx answer.
 *
 * Then two shorter runs on a fresh server show what expensive requests do to the others: the cheap part
 * of the mix (everything but trips) alone, then the same together with an abusive client sending
 * expensive trips (`expensiveTrips`: via point, 30 trips, nearby stops; every URL unique, so that the
 * answer cache never helps) on `LOAD_EXPENSIVE_CONNECTIONS` connections. It reports the cheap requests'
 * p99 in both, and what became of the expensive ones (the fake's trip work budget bounds each).
 *
 * `LOAD_SECONDS` (default 10), `LOAD_CONNECTIONS` (default 50), `LOAD_CACHED_ANSWERS` (the fake's
 * `maxCachedAnswers`; `0` answers every request afresh), `LOAD_MIXED_SECONDS` (default 5, each of the
 * two runs) and `LOAD_EXPENSIVE_CONNECTIONS` (default 10) change the run.
 *
 * `pnpm load --record` measures what recording costs instead: the same run on a fresh fake without
 * recording and on one that records every answer into a new folder, `LOAD_ROUNDS` times each (default 2,
 * alternating, so that the machine's other load falls on both alike), and reports the requests per
 * second of each and their ratio (the median of the rounds). It exits with 1 on any error or 5xx.
 */
import autocannon from "autocannon"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { loadEmbeddedDataset } from "../src/index.js"
import { startServerProcess, type Usage } from "./child.js"
import { cheapMix, expensiveTrips, loadMix } from "./requests.js"
import { mb } from "./stats.js"

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50)
const CACHED = process.env.LOAD_CACHED_ANSWERS
const MIXED_SECONDS = Number(process.env.LOAD_MIXED_SECONDS ?? 5)
const EXPENSIVE_CONNECTIONS = Number(process.env.LOAD_EXPENSIVE_CONNECTIONS ?? 10)

const dataset = await Effect.runPromise(loadEmbeddedDataset)
const mix = loadMix(dataset)

if (process.argv.includes("--record")) {
  const rounds = Number(process.env.LOAD_ROUNDS ?? 2)
  const run = async (record: boolean) => {
    const folder = record ? fs.mkdtempSync(path.join(os.tmpdir(), "efa-load-recordings-")) : undefined
    const server = await startServerProcess(["fake", CACHED ?? "-", ...(folder !== undefined ? [folder] : [])])
    try {
      const before = await server.memory()
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: mix.map((sample) => ({ method: "GET", path: sample.path }))
      })
      const cpu = (await server.memory()).cpuMicros - before.cpuMicros
      return { result, cpuPerRequest: cpu / result.requests.total }
    } finally {
      await server.close()
      if (folder !== undefined) {
        const files = fs.readdirSync(folder, { recursive: true }).filter((file) => String(file).endsWith(".json"))
        console.log(`  (recorded ${files.length} files)`)
        fs.rmSync(folder, { recursive: true, force: true })
      }
    }
  }
  type Run = { readonly result: autocannon.Result; readonly cpuPerRequest: number }
  const plain: Array<Run> = []
  const recorded: Array<Run> = []
  for (let round = 0; round < rounds; round++) {
    plain.push(await run(false))
    recorded.push(await run(true))
  }
  const median = (values: Array<number>) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  }
  const rates = (runs: Array<Run>) => runs.map((run) => run.result.requests.average)
  const ratios = plain.map((run, i) => recorded[i]!.result.requests.average / run.result.requests.average)
  const cpu = (runs: Array<Run>) => runs.map((run) => run.cpuPerRequest.toFixed(0)).join(", ")
  const cpuRatios = plain.map((run, i) => run.cpuPerRequest / recorded[i]!.cpuPerRequest)
  console.log(`Recording: the fake in a child process, autocannon with ${CONNECTIONS} connections for ${SECONDS} s,`)
  console.log(`${mix.length} URLs of the load mix, ${rounds} rounds each, alternating`)
  console.log(`  without --record  ${rates(plain).map((rate) => rate.toFixed(0)).join(", ")} requests/s`)
  console.log(`  with --record     ${rates(recorded).map((rate) => rate.toFixed(0)).join(", ")} requests/s`)
  console.log(
    `  ratio             ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)})`
  )
  // The server's CPU time per request depends less on what else the machine runs than requests/s do.
  console.log(`  server CPU        ${cpu(plain)} µs per request without, ${cpu(recorded)} with`)
  console.log(
    `  CPU ratio         ${cpuRatios.map((ratio) => ratio.toFixed(2)).join(", ")} (median ${
      median(cpuRatios).toFixed(2)
    }; without / with: the throughput kept where CPU is the limit)`
  )
  const failures = [...plain, ...recorded].reduce((sum, run) => sum + run.result.errors + run.result["5xx"], 0)
  if (failures > 0) {
    console.error(`FAILED: ${failures} errors or 5xx answers; the bar is zero of both`)
    process.exit(1)
  }
  process.exit(0)
}
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

// Cheap requests alone, then with expensive trips alongside, on a fresh server.
const mixed = await startServerProcess(CACHED === undefined ? ["fake"] : ["fake", CACHED])
let cheapAlone: autocannon.Result
let cheapWithExpensive: autocannon.Result
let expensive: autocannon.Result
let mixedCpu: number
try {
  const cheap = cheapMix(dataset).map((sample) => ({ method: "GET" as const, path: sample.path }))
  const cheapRun = () =>
    autocannon({ url: mixed.url, connections: CONNECTIONS, duration: MIXED_SECONDS, requests: cheap })
  cheapAlone = await cheapRun()
  const trips = expensiveTrips(dataset)
  let unique = 0
  const cpuBefore = (await mixed.memory()).cpuMicros
  ;[cheapWithExpensive, expensive] = await Promise.all([
    cheapRun(),
    autocannon({
      url: mixed.url,
      connections: EXPENSIVE_CONNECTIONS,
      duration: MIXED_SECONDS,
      requests: [{
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `${trips[unique % trips.length]!.path}&n=${unique++}` })
      }]
    })
  ])
  mixedCpu = ((await mixed.memory()).cpuMicros - cpuBefore) / 1e6
} finally {
  await mixed.close()
}

const operations = new Set(mix.map((sample) => sample.name))
const failures = result.errors + result["5xx"] + cheapWithExpensive.errors + cheapWithExpensive["5xx"] +
  expensive.errors + expensive["5xx"]
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
const latency = (r: autocannon.Result) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`
console.log(
  `Expensive trips: ${MIXED_SECONDS} s runs on a fresh server, the mix without trips on ${CONNECTIONS} connections`
)
console.log(`  cheap alone            ${cheapAlone.requests.average.toFixed(0)} requests/s, ${latency(cheapAlone)}`)
console.log(
  `  cheap with expensive   ${cheapWithExpensive.requests.average.toFixed(0)} requests/s, ${
    latency(cheapWithExpensive)
  }`
)
console.log(
  `  expensive trips        ${expensive.requests.total} answered on ${EXPENSIVE_CONNECTIONS} connections, ${
    latency(expensive)
  }, errors ${expensive.errors}, 5xx ${expensive["5xx"]}`
)
console.log(`  server CPU     ${mixedCpu.toFixed(1)} s in the mixed run`)
if (failures > 0) {
  console.error(`FAILED: ${failures} errors or 5xx answers; the bar is zero of both`)
  process.exit(1)
}
console.log("OK: no errors, no 5xx")
