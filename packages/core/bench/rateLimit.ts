/**
 * Rate-limit queue benchmark: N calls of `EfaClient` queued at once behind `rateLimit`, against an
 * `HttpClient` that answers at once, so that the queue is all that is measured. For each variant it
 * reports the wall time of the N calls, their pace (the time from the first request to the last
 * against (N - 1) / requestsPerSecond: 1.00 is the configured rate; the first half includes the time
 * the process spends starting the N fibers, so the pace of the second half is given too), the CPU
 * time the process spent,
 * and the heap the waiting callers hold (heap with the callers queued minus heap before, after a full
 * GC, per caller).
 *
 * Variants: the client's queue (`rateLimit: { requestsPerSecond, concurrency }`) with 1,000 and
 * 10,000 callers, and, for comparison, Effect's `RateLimiter` and `Semaphore` (the previous
 * implementation) with 1,000 callers, whose cost per waiter grows with the number of waiters.
 *
 * Run with `pnpm bench:rate-limit` (in packages/core; needs `--expose-gc`, which the script sets).
 * Figures are not tests: the exit code does not depend on them.
 */
import { HttpClient, HttpClientResponse } from "@effect/platform"
import { Duration, Effect, Fiber, Layer, RateLimiter } from "effect"
import { EfaClient, Point } from "../src/index.js"

const RATE = Number(process.env.BENCH_RATE ?? 1000)
const body = JSON.stringify({ locations: [{ id: "de:1", name: "Hbf", type: "stop", isBest: true, matchQuality: 900 }] })

// When each request reached the transport (performance.now()).
let sent: Array<number> = []

const instant = Layer.succeed(
  HttpClient.HttpClient,
  HttpClient.make((request) =>
    Effect.sync(() => {
      sent.push(performance.now())
      return HttpClientResponse.fromWeb(request, new Response(body, { status: 200 }))
    })
  )
)

const gc = () => (globalThis as { gc?: () => void }).gc?.()

interface Figures {
  readonly name: string
  readonly callers: number
  readonly seconds: number
  readonly pace: number
  readonly steadyPace: number
  readonly cpuSeconds: number
  readonly heapPerCaller: number
}

type Limit = <A, E>(effect: Effect.Effect<A, E>) => Effect.Effect<A, E>

const measure = (name: string, callers: number, limit: Limit) =>
  Effect.gen(function*() {
    const efa = yield* EfaClient.EfaClient
    const call = limit(efa.stopFinder({ input: Point.any("Hbf") }))
    sent = []
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    const all = yield* Effect.fork(
      Effect.all(Array.from({ length: callers }, () => call), { concurrency: "unbounded", discard: true })
    )
    // every caller queued (the first few already through)
    yield* Effect.sleep(Duration.millis(20))
    gc()
    const heapQueued = process.memoryUsage().heapUsed
    yield* Fiber.join(all)
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    // The pace: the time from the first request to the last against what the rate allows.
    const span = (sent[sent.length - 1]! - sent[0]!) / 1000
    const half = Math.floor(sent.length / 2)
    return {
      name,
      callers,
      seconds,
      pace: span / ((callers - 1) / RATE),
      steadyPace: (sent[sent.length - 1]! - sent[half]!) / 1000 / ((sent.length - 1 - half) / RATE),
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      heapPerCaller: (heapQueued - heapBefore) / callers
    } satisfies Figures
  })

const withClient =
  (options: Partial<EfaClient.Options>) => <E>(effect: Effect.Effect<Figures, E, EfaClient.EfaClient>) =>
    Effect.provide(
      effect,
      EfaClient.layer({ baseUrl: "http://efa.test", retry: false, ...options }).pipe(Layer.provide(instant))
    )

const queue = (callers: number) =>
  withClient({ rateLimit: { requestsPerSecond: RATE, concurrency: 100 } })(
    measure("client queue (requestsPerSecond + concurrency)", callers, (effect) => effect)
  )

const previous = (callers: number) =>
  Effect.scoped(Effect.gen(function*() {
    const limiter = yield* RateLimiter.make({
      limit: 1,
      interval: Duration.millis(1000 / RATE),
      algorithm: "token-bucket"
    })
    const semaphore = yield* Effect.makeSemaphore(100)
    return yield* withClient({})(
      measure("Effect RateLimiter + Semaphore", callers, (effect) => semaphore.withPermits(1)(limiter(effect)))
    )
  }))

const program = Effect.gen(function*() {
  // warm-up
  yield* queue(200)
  yield* previous(200)
  const figures = [yield* queue(1_000), yield* previous(1_000), yield* queue(10_000)]
  console.log(`Rate-limit queue: N calls queued at once, ${RATE} requests/s (burst 1), concurrency 100`)
  for (const f of figures) {
    console.log(
      `  ${f.name.padEnd(48)} N=${String(f.callers).padStart(6)}  ${f.seconds.toFixed(2)} s, pace ${
        f.pace.toFixed(2)
      } (second half ${f.steadyPace.toFixed(2)})  CPU ${f.cpuSeconds.toFixed(2)} s  heap ${
        (f.heapPerCaller / 1024).toFixed(1)
      } kB per caller`
    )
  }
})

Effect.runPromise(program)
