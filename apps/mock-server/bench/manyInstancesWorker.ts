/**
 * One copy of an application in the many-instances benchmark (`bench/manyInstances.ts`), started with
 * `fork`: it builds a client as the benchmark's message says and runs one load, then reports what its
 * calls got.
 *
 * - `quota`: tries `rate` calls a second for `seconds` against a shared Redis quota;
 * - `poll`: asks every board of `boards`, in an order of its own, every `intervalMs`, `rounds` times,
 *   with or without the shared cache.
 */
import { Departures, OperationClient, Point, StopFinder } from "@efa-kit/core"
import * as Redis from "@efa-kit/core/Redis"
import { HttpClient } from "@effect/platform"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Duration, Effect, Fiber, Layer } from "effect"

/** What a worker is asked to do. */
export type Job =
  | {
    readonly kind: "quota"
    readonly baseUrl: string
    readonly redisUrl: string
    readonly apiKey: string
    readonly requestsPerSecond: number
    readonly maxQueue: number | undefined
    readonly rate: number
    readonly seconds: number
  }
  | {
    readonly kind: "poll"
    readonly baseUrl: string
    readonly redisUrl: string | undefined
    readonly apiKey: string
    /** The boards: a stop's ID, and whether its departures or its arrivals. */
    readonly boards: ReadonlyArray<readonly [string, Departures.DateTimeRefersTo]>
    readonly intervalMs: number
    readonly rounds: number
    readonly timeToLiveMs: number
    readonly phaseMs: number
  }

/** The worker's answer when its client is built, and the main process's word to start. */
export interface Ready {
  readonly ready: true
}

/** When to start, epoch milliseconds. */
export interface Start {
  readonly startAt: number
}

/** What a worker reports. */
export interface Outcome {
  readonly answered: number
  readonly failures: Record<string, number>
  /** `quota`: each request as it left (its stop search's text, epoch milliseconds), past the rate limit. */
  readonly sent: ReadonlyArray<readonly [string, number]>
}

// The moment each request leaves, after the client's rate limit: an HttpClient that notes it.
const sent: Array<readonly [string, number]> = []
const noting = Layer.effect(
  HttpClient.HttpClient,
  Effect.map(
    HttpClient.HttpClient,
    HttpClient.tapRequest((request) =>
      Effect.sync(() => {
        sent.push([new URL(request.url).searchParams.get("name_sf") ?? "", Date.now()])
      })
    )
  )
).pipe(Layer.provide(NodeHttpClient.layerUndici))

const run = (job: Job) =>
  Effect.gen(function*() {
    const client = yield* OperationClient.make(
      job.kind === "quota"
        ? {
          baseUrl: job.baseUrl,
          apiKey: job.apiKey,
          rateLimit: {
            requestsPerSecond: job.requestsPerSecond,
            store: Redis.layer({ url: job.redisUrl }),
            ...(job.maxQueue === undefined ? {} : { maxQueue: job.maxQueue })
          }
        }
        : {
          baseUrl: job.baseUrl,
          apiKey: job.apiKey,
          ...(job.redisUrl === undefined ? {} : {
            cache: {
              store: Redis.layer({ url: job.redisUrl }),
              timeToLive: { departures: Duration.millis(job.timeToLiveMs) }
            }
          })
        }
    )
    // every process starts at the same moment, whenever each was ready
    const startAt = yield* Effect.async<number>((resume) => {
      process.once("message", (start: Start) => resume(Effect.succeed(start.startAt)))
      process.send!({ ready: true } satisfies Ready)
    })
    yield* Effect.sleep(Duration.millis(Math.max(0, startAt - Date.now())))
    let answered = 0
    const failures: Record<string, number> = {}
    const count = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E>) =>
      Effect.match(call, {
        onSuccess: () => {
          answered++
        },
        onFailure: (error) => {
          failures[error._tag] = (failures[error._tag] ?? 0) + 1
        }
      })
    const find = (name: string) => count(client.run(StopFinder.operation, { input: Point.any(name) }))
    const board = (stop: string, dateTimeRefersTo: Departures.DateTimeRefersTo) =>
      count(client.run(Departures.operation, { stop: Point.any(stop), dateTimeRefersTo }))
    if (job.kind === "quota") {
      // open loop: a call every 1/rate seconds, whatever became of the earlier ones
      const fibers: Array<Fiber.RuntimeFiber<void>> = []
      const total = Math.round(job.rate * job.seconds)
      const started = Date.now()
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / job.rate
        const wait = due - Date.now()
        if (wait > 0) yield* Effect.sleep(Duration.millis(wait))
        fibers.push(yield* Effect.fork(find(`Hauptbahnhof ${process.pid}-${i}`)))
      }
      yield* Fiber.joinAll(fibers)
    } else {
      const order = [...job.boards]
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1))
        ;[order[i], order[j]] = [order[j]!, order[i]!]
      }
      yield* Effect.sleep(Duration.millis(job.phaseMs))
      const started = Date.now()
      for (let round = 0; round < job.rounds; round++) {
        const due = started + round * job.intervalMs
        const wait = due - Date.now()
        if (wait > 0) yield* Effect.sleep(Duration.millis(wait))
        yield* Effect.forEach(order, ([stop, refersTo]) => board(stop, refersTo), { concurrency: 10, discard: true })
      }
    }
    return { answered, failures, sent } satisfies Outcome
  }).pipe(Effect.scoped, Effect.provide(Layer.orDie(noting)))

process.once("message", (job: Job) => {
  Effect.runPromise(run(job)).then(
    (outcome) => process.send!(outcome, () => process.exit(0)),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
})
