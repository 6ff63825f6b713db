/**
 * Many copies of an application against one deployment: what a quota and a cache shared through Redis
 * do, measured against the fake (in this process, on a free loopback port) and a throwaway Redis
 * (Debian's `redis-server`, started and stopped here). Figures are printed, not asserted.
 *
 * 1. Shared quota: 4 processes share a 10 requests/s quota through Redis (`rateLimit.store`), each trying
 *    50 calls a second for 20 s, against the fake run with `quota: "10/s"` for their one API key. From
 *    the fake's journal: the most requests in one second (per whole second of the clock, and in any
 *    sliding second), and how many the fake refused; when each request left its process (past the rate
 *    limit: the most in any sliding second, which the limiter bounds by construction) and how long until
 *    the fake journaled it; from the processes: calls answered, and calls the
 *    client declined at once because `rateLimit.maxQueue` callers already waited (default 25 per process,
 *    `BENCH_MAX_QUEUE=none` queues them all: the run then lasts until the 4,000 calls have gone at 10 a
 *    second, about 400 s).
 * 2. Shared cache: 4 processes poll the same 100 boards (the departures of the fake's 61 stops and the
 *    arrivals of 39 of them) every 30 s for 5 minutes, with the shared cache (`cache.store`) and without,
 *    each board kept for a board's default time to live (`Departures.operation.timeToLive`, 15 s).
 *    Time runs `BENCH_TIME_SCALE` times faster (default 10: every 3 s for 30 s, kept 1.5 s). The
 *    processes were started at about the same time: each starts at a random point of the first third of
 *    an interval (within 10 s, less than the 15 s an answer is kept) and asks the boards in an order of
 *    its own, 10 at a time. Upstream requests from the fake's journal.
 * 3. Hit latency: the same board from the in-memory cache and from Redis, one call after the other.
 *
 * Run with `node --import tsx bench/manyInstances.ts` in apps/mock-server (`pnpm bench:many-instances`);
 * `BENCH_ONLY=quota` or `BENCH_ONLY=cache` runs one part.
 */
import { Departures, OperationClient, Point, ResponseCache } from "@efa-kit/core"
import * as Redis from "@efa-kit/core/Redis"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Duration, Effect, Either, Layer } from "effect"
import { fork } from "node:child_process"
import * as os from "node:os"
import { fileURLToPath } from "node:url"
import { hasRedis, REDIS_SERVER, startRedis } from "../../../test-support/redis.js"
import { startServer } from "../src/index.js"
import type { Job, Outcome } from "./manyInstancesWorker.js"

const PROCESSES = 4
const SCALE = Number(process.env.BENCH_TIME_SCALE ?? 10)
const MAX_QUEUE = process.env.BENCH_MAX_QUEUE === "none" ? undefined : Number(process.env.BENCH_MAX_QUEUE ?? 25)
// BENCH_ONLY=quota or cache runs one part
const ONLY = process.env.BENCH_ONLY
const worker = fileURLToPath(new URL("./manyInstancesWorker.ts", import.meta.url))

if (!hasRedis) {
  console.log(`${REDIS_SERVER} is not installed: the many-instances benchmark needs it (apt-get install redis-server)`)
  process.exit(0)
}

// Starts one worker per job, waits until every one has built its client, starts them all at once (a
// second later) and collects their outcomes.
const runWorkers = async (jobs: ReadonlyArray<Job>): Promise<Array<Outcome>> => {
  const children = jobs.map((job) => {
    const child = fork(worker, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] })
    const ready = new Promise<void>((resolve) => child.once("message", () => resolve()))
    const outcome = ready.then(() =>
      new Promise<Outcome>((resolve, reject) => {
        child.once("message", (message) => resolve(message as Outcome))
        child.once("exit", (code) => {
          if (code !== 0) reject(new Error(`worker exited with ${code}`))
        })
      })
    )
    child.send(job)
    return { child, ready, outcome }
  })
  await Promise.all(children.map((child) => child.ready))
  const startAt = Date.now() + 1000
  for (const { child } of children) child.send({ startAt })
  return Promise.all(children.map((child) => child.outcome))
}

const sum = (outcomes: ReadonlyArray<Outcome>) => {
  const failures: Record<string, number> = {}
  for (const outcome of outcomes) {
    for (const [tag, count] of Object.entries(outcome.failures)) failures[tag] = (failures[tag] ?? 0) + count
  }
  return { answered: outcomes.reduce((total, outcome) => total + outcome.answered, 0), failures }
}

const describeFailures = (failures: Record<string, number>) =>
  Object.keys(failures).length === 0
    ? "none"
    : Object.entries(failures).map(([tag, count]) => `${count} ${tag}`).join(", ")

// The figures depend on how busy the machine is: its load average (1, 5, 15 minutes) before and after.
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" ")
console.log(`Load average ${load()} (${os.cpus().length} cores)\n`)

const redis = await startRedis()
const servers: Array<{ close: () => Promise<void> }> = []
try {
  // 1. the shared quota
  if (ONLY !== "cache") {
    const quotaServer = await startServer({ port: 0, host: "127.0.0.1", quota: "10/s" })
    if (Either.isLeft(quotaServer)) throw new Error(quotaServer.left.message)
    servers.push(quotaServer.right)
    const rate = 50
    const seconds = 20
    const quotaOutcomes = await runWorkers(Array.from({ length: PROCESSES }, (): Job => ({
      kind: "quota",
      baseUrl: quotaServer.right.baseUrl,
      redisUrl: redis.url,
      apiKey: "bench-key",
      requestsPerSecond: 10,
      maxQueue: MAX_QUEUE,
      rate,
      seconds
    })))
    const journal = quotaServer.right.state.journal()
    const arrivals = journal.map((entry) => Date.parse(entry.receivedAt)).sort((a, b) => a - b)
    const quotaSeconds = (arrivals[arrivals.length - 1]! - arrivals[0]!) / 1000
    const perWholeSecond = new Map<number, number>()
    for (const at of arrivals) {
      perWholeSecond.set(Math.floor(at / 1000), (perWholeSecond.get(Math.floor(at / 1000)) ?? 0) + 1)
    }
    const mostInASecond = (times: ReadonlyArray<number>) => {
      let most = 0
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1000) j++
        most = Math.max(most, i - j + 1)
      }
      return most
    }
    const sliding = mostInASecond(arrivals)
    // each request from the moment it left its process (after the rate limit) to the fake's journal
    const sentAt = new Map(quotaOutcomes.flatMap((outcome) => outcome.sent))
    const departures = [...sentAt.values()].sort((a, b) => a - b)
    const transit = journal.flatMap((entry) => {
      const name = entry.params.find(([param]) => param === "name_sf")?.[1]
      const left = name === undefined ? undefined : sentAt.get(name)
      return left === undefined ? [] : [Date.parse(entry.receivedAt) - left]
    }).sort((a, b) => a - b)
    const percentile = (p: number) => transit[Math.min(transit.length - 1, Math.floor(p * transit.length))]!
    const refused = journal.filter((entry) => entry.status === 429 || entry.status === 403).length
    const quota = sum(quotaOutcomes)
    const attempted = PROCESSES * rate * seconds
    console.log(
      `Shared quota: ${PROCESSES} processes, one API key, 10 requests/s through Redis, each trying ${rate}/s for ${seconds} s`
    )
    console.log(`  calls tried                         ${attempted}`)
    console.log(`  answered                            ${quota.answered}`)
    console.log(
      `  declined at once (maxQueue ${MAX_QUEUE ?? "none"} per process)   ${quota.failures["QueueFullError"] ?? 0}`
    )
    const otherFailures = { ...quota.failures }
    delete otherFailures["QueueFullError"]
    console.log(`  other failures                      ${describeFailures(otherFailures)}`)
    console.log(
      `  requests the fake received          ${journal.length} in ${quotaSeconds.toFixed(1)} s (first to last)`
    )
    console.log(`  refused by the fake's --quota 10/s  ${refused}`)
    console.log(`  most in one whole second            ${Math.max(...perWholeSecond.values())}`)
    console.log(`  most in any sliding second          ${sliding}`)
    console.log(`  most sent in any sliding second     ${mostInASecond(departures)} (when they left the processes)`)
    console.log(
      `  sent to journaled                   median ${percentile(0.5)} ms, 99th percentile ${
        percentile(0.99)
      } ms, most ${transit[transit.length - 1]} ms`
    )
  }

  // 2. the shared cache
  if (ONLY !== "quota") {
    const pollServer = await startServer({ port: 0, host: "127.0.0.1" })
    if (Either.isLeft(pollServer)) throw new Error(pollServer.left.message)
    servers.push(pollServer.right)
    // 100 boards: every stop's departures, then arrivals
    const stopIds = pollServer.right.dataset.stops.map((stop) => stop.id)
    const boards: Array<readonly [string, Departures.DateTimeRefersTo]> = [
      ...stopIds.map((id) => [id, "departure"] as const),
      ...stopIds.map((id) => [id, "arrival"] as const)
    ].slice(0, 100)
    const boardTimeToLive = Duration.toMillis(
      Duration.decode(Departures.operation.timeToLive ?? ResponseCache.DEFAULT_TIME_TO_LIVE)
    )
    const intervalMs = 30_000 / SCALE
    const rounds = Math.round(300_000 / 30_000)
    const poll = async (shared: boolean) => {
      pollServer.right.state.clearJournal()
      const outcomes = await runWorkers(Array.from({ length: PROCESSES }, (): Job => ({
        kind: "poll",
        baseUrl: pollServer.right.baseUrl,
        redisUrl: shared ? redis.url : undefined,
        apiKey: shared ? "bench-cache" : "bench-nocache",
        boards,
        intervalMs,
        rounds,
        timeToLiveMs: boardTimeToLive / SCALE,
        phaseMs: Math.random() * intervalMs / 3
      })))
      const journal = pollServer.right.state.journal()
      // per board: a board whose every call went upstream is one whose answer is never kept
      const perBoard = new Map<string, number>()
      for (const entry of journal) {
        const board = entry.params.filter(([name]) => name === "name_dm" || name === "itdDateTimeDepArr").join(" ")
        perBoard.set(board, (perBoard.get(board) ?? 0) + 1)
      }
      const neverKept = [...perBoard.values()].filter((count) => count === PROCESSES * rounds)
      return {
        upstream: journal.length,
        neverKeptBoards: neverKept.length,
        neverKeptRequests: neverKept.reduce((total, count) => total + count, 0),
        ...sum(outcomes)
      }
    }
    const without = await poll(false)
    const withCache = await poll(true)
    console.log(
      `\nShared cache: ${PROCESSES} processes polling the same ${boards.length} departure boards every 30 s for 5 minutes` +
        ` (time ${SCALE}x faster: every ${intervalMs / 1000} s, ${rounds} rounds; kept ${
          boardTimeToLive / 1000
        } s, processes starting within 10 s)`
    )
    console.log(
      `  calls                               ${without.answered} answered, failures: ${
        describeFailures(without.failures)
      }`
    )
    console.log(`  upstream requests without the cache ${without.upstream}`)
    console.log(
      `  upstream requests with the cache    ${withCache.upstream} (${withCache.answered} answered, failures: ${
        describeFailures(withCache.failures)
      })`
    )
    console.log(`  with / without                      ${(withCache.upstream / without.upstream).toFixed(3)}`)
    if (withCache.neverKeptBoards > 0) {
      // answers with an EFA error message (the fake's board of a stop without serving lines) are never kept
      const kept = (withCache.upstream - withCache.neverKeptRequests) / (without.upstream - withCache.neverKeptRequests)
      console.log(
        `  boards never kept (EFA error message) ${withCache.neverKeptBoards}, asked upstream ${withCache.neverKeptRequests} times`
      )
      console.log(`  with / without, the other boards    ${kept.toFixed(3)}`)
    }

    // 3. the latency of a hit
    const hits = 2000
    const measure = (options: Omit<OperationClient.Options, "baseUrl">) =>
      Effect.gen(function*() {
        const client = yield* OperationClient.make({ baseUrl: pollServer.right.baseUrl, ...options })
        const call = client.run(Departures.operation, { stop: Point.any(stopIds[0]!) })
        const missStarted = performance.now()
        yield* call
        const miss = performance.now() - missStarted
        for (let i = 0; i < 200; i++) yield* call
        const started = performance.now()
        for (let i = 0; i < hits; i++) yield* call
        return { miss, hit: (performance.now() - started) / hits }
      }).pipe(Effect.scoped, Effect.provide(Layer.orDie(NodeHttpClient.layerUndici)), Effect.runPromise)
    const memory = await measure({ cache: true })
    const shared = await measure({ cache: { store: Redis.layer({ url: redis.url }) }, apiKey: "bench-latency" })
    const none = await measure({})
    console.log(`\nHit latency (${hits} calls of one departure board, ${stopIds[0]}, one after the other)`)
    console.log(`  in-memory cache hit                 ${(memory.hit * 1000).toFixed(0)} µs`)
    console.log(`  Redis cache hit                     ${(shared.hit * 1000).toFixed(0)} µs`)
    console.log(`  added by Redis                      ${((shared.hit - memory.hit) * 1000).toFixed(0)} µs`)
    console.log(`  no cache (the fake on loopback)     ${(none.hit * 1000).toFixed(0)} µs`)
  }
  console.log(`\nLoad average ${load()}`)
} finally {
  for (const server of servers) await server.close()
  await redis.stop()
}
