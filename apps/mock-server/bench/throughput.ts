/**
 * Throughput of the fake on a fixture-backed endpoint against a bare Hono app that answers the same
 * bytes as a constant, both served by `@hono/node-server` in a process of their own and driven by
 * autocannon with the same settings, round by round in one run. The figure is the ratio of the median
 * requests per second. Target: at least 0.8.
 *
 * Run with `pnpm bench` (at the root or in apps/mock-server) or `tsx bench/throughput.ts`.
 * `BENCH_ROUNDS` (default 5) and `BENCH_SECONDS` (default 4) change the rounds and their length. The
 * server processes' CPU time per request is shown too: it varies less than the rates on a shared machine.
 * The fake runs twice: as shipped (its answer cache serves a repeated request from memory) and with the
 * cache off, so every request is decoded, answered from the dataset and encoded again.
 */
import autocannon from "autocannon"
import { startServerProcess } from "./child.js"
import { samples } from "./requests.js"
import { median, verdict } from "./stats.js"

const TARGET = 0.8
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const CONNECTIONS = 50

const sample = samples.find((s) => s.name === "servingLines")!
// A board answered from the timetable and the real-time engine: measured on the fake without its answer
// cache, so that every request is computed. Target: under 2 ms of server time per board.
const board = samples.find((s) => s.name === "departures")!
const BOARD_TARGET_MICROS = 2000

const run = async (url: string, seconds: number) => {
  const result = await autocannon({ url: url + sample.path, connections: CONNECTIONS, duration: seconds })
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`)
  }
  return result
}

type Contender = "fake" | "uncached" | "bare"
const servers = {
  fake: await startServerProcess(["fake"]),
  uncached: await startServerProcess(["fake", "0"]),
  bare: await startServerProcess(["bare", sample.path])
}
const rps: Record<Contender, Array<number>> = { fake: [], uncached: [], bare: [] }
const boardRuns: Array<{ readonly rps: number; readonly p50: number; readonly p99: number; readonly cpu: number }> = []
const cpu: Record<Contender, Array<number>> = { fake: [], uncached: [], bare: [] }
const p99: Record<Contender, Array<number>> = { fake: [], uncached: [], bare: [] }
try {
  // Warm-up: the JITs settle before anything counts.
  for (const server of Object.values(servers)) await run(server.url, 2)
  for (let round = 0; round < ROUNDS; round++) {
    const order: ReadonlyArray<Contender> = round % 2 === 0
      ? ["fake", "uncached", "bare"]
      : ["bare", "uncached", "fake"]
    for (const name of order) {
      const server = servers[name]
      const before = await server.memory()
      const result = await run(server.url, SECONDS)
      const after = await server.memory()
      rps[name].push(result.requests.average)
      p99[name].push(result.latency.p99)
      cpu[name].push((after.cpuMicros - before.cpuMicros) / result.requests.total)
    }
    const before = await servers.uncached.memory()
    const result = await autocannon({
      url: servers.uncached.url + board.path,
      connections: CONNECTIONS,
      duration: SECONDS
    })
    if (result.errors > 0 || result.non2xx > 0) {
      throw new Error(`board: ${result.errors} errors, ${result.non2xx} non-2xx`)
    }
    const after = await servers.uncached.memory()
    boardRuns.push({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpu: (after.cpuMicros - before.cpuMicros) / result.requests.total
    })
  }
} finally {
  for (const server of Object.values(servers)) await server.close()
}

const fakeRps = median(rps.fake)
const bareRps = median(rps.bare)
console.log(`Fake throughput: ${sample.path.split("?")[0]!.slice(1)} (${sample.name}), ${CONNECTIONS} connections,`)
console.log(`${ROUNDS} interleaved rounds of ${SECONDS} s, median requests per second`)
const rounds = (values: Array<number>) => values.map((v) => v.toFixed(0)).join(", ")
const line = (name: Contender, value: number) =>
  `${value.toFixed(0).padStart(7)} req/s   p99 ${median(p99[name]).toFixed(1)} ms   (${rounds(rps[name])})`
console.log(`  fake         ${line("fake", fakeRps)}`)
const uncachedRps = median(rps.uncached)
console.log(`  fake, no cache ${line("uncached", uncachedRps).slice(2)}`)
console.log(`  bare Hono    ${line("bare", bareRps)}`)
console.log(`  ratio fake / bare: ${verdict(fakeRps / bareRps, TARGET, "at least")}`)
console.log(`  ratio fake without its answer cache / bare: ${(uncachedRps / bareRps).toFixed(2)}`)
const fakeCpu = median(cpu.fake)
const bareCpu = median(cpu.bare)
console.log(
  `  server CPU per request: fake ${fakeCpu.toFixed(1)} µs, bare ${bareCpu.toFixed(1)} µs ` +
    `(bare / fake ${(bareCpu / fakeCpu).toFixed(2)}); without the cache ${median(cpu.uncached).toFixed(1)} µs`
)

const boardCpu = median(boardRuns.map((r) => r.cpu))
console.log(
  `Departure board from the timetable (${
    board.path.split("?")[0]!.slice(1)
  }, no answer cache), ${CONNECTIONS} connections:`
)
console.log(
  `  ${median(boardRuns.map((r) => r.rps)).toFixed(0)} req/s, latency p50 ${
    median(boardRuns.map((r) => r.p50)).toFixed(1)
  } ms ` +
    `p99 ${median(boardRuns.map((r) => r.p99)).toFixed(1)} ms`
)
console.log(
  `  server CPU per board: ${boardCpu.toFixed(0)} µs (${
    verdict(boardCpu / 1000, BOARD_TARGET_MICROS / 1000, "at most")
  } ms)`
)
