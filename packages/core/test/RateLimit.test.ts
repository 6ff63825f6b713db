import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, TestClock } from "effect"
import { EfaClient, Point } from "../src/index.js"
import { Gate } from "../src/internal/executor/limiter.js"
import { okBody } from "./support/upstream.js"

const stopFinder = (input: string) =>
  Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any(input) }))

// An HttpClient that answers at once and records the `name_sf` of each request.
const recording = () => {
  const order: Array<string> = []
  const layer = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => {
        order.push(new URL(request.url).searchParams.get("name_sf") ?? "")
        return HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 }))
      })
    )
  )
  return { order, layer }
}

const full = () => "full" as const

describe("the rate-limit queue", () => {
  it.effect("callers go first come, first served, at the configured rate after the burst", () => {
    const { layer, order } = recording()
    return Effect.gen(function*() {
      const names = Array.from({ length: 20 }, (_, i) => `caller${i}`)
      const fibers = []
      for (const name of names) fibers.push(yield* Effect.fork(stopFinder(name)))
      // a burst of 3, then one every 100 ms
      yield* TestClock.adjust("1 millis")
      expect(order).toHaveLength(3)
      yield* TestClock.adjust("98 millis")
      expect(order).toHaveLength(3)
      yield* TestClock.adjust("1 millis")
      expect(order).toHaveLength(4)
      yield* TestClock.adjust("1600 millis")
      yield* Fiber.joinAll(fibers)
      expect(order).toEqual(names)
    }).pipe(
      Effect.provide(
        EfaClient.layer({ baseUrl: "http://efa.test", rateLimit: { requestsPerSecond: 10, burst: 3 } }).pipe(
          Layer.provide(layer)
        )
      )
    )
  })

  it.effect("the default burst is 1: evenly spaced requests", () => {
    const { layer, order } = recording()
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(
        Effect.all([stopFinder("a"), stopFinder("b"), stopFinder("c")], { concurrency: 3 })
      )
      yield* TestClock.adjust("1 millis")
      expect(order).toEqual(["a"])
      yield* TestClock.adjust("499 millis")
      expect(order).toEqual(["a", "b"])
      yield* TestClock.adjust("500 millis")
      yield* Fiber.join(fiber)
      expect(order).toEqual(["a", "b", "c"])
    }).pipe(
      Effect.provide(
        EfaClient.layer({ baseUrl: "http://efa.test", rateLimit: { requestsPerSecond: 2 } }).pipe(Layer.provide(layer))
      )
    )
  })

  it.effect("a full queue fails at once with QueueFullError", () => {
    const hold = Effect.runSync(Deferred.make<void>())
    const layer = Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.as(Deferred.await(hold), HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 })))
      )
    )
    return Effect.gen(function*() {
      const running = yield* Effect.fork(stopFinder("running"))
      const waiting = [yield* Effect.fork(stopFinder("w1")), yield* Effect.fork(stopFinder("w2"))]
      yield* Effect.yieldNow()
      const error = yield* Effect.flip(stopFinder("rejected"))
      expect(error._tag).toBe("QueueFullError")
      expect(error.message).toContain("rateLimit.maxQueue")
      yield* Deferred.succeed(hold, undefined)
      yield* Fiber.joinAll([running, ...waiting])
    }).pipe(
      Effect.provide(
        EfaClient.layer({ baseUrl: "http://efa.test", rateLimit: { concurrency: 1, maxQueue: 2 } }).pipe(
          Layer.provide(layer)
        )
      )
    )
  })

  it.effect("refuses unusable burst and maxQueue values", () =>
    Effect.gen(function*() {
      for (
        const [rateLimit, option] of [
          [{ requestsPerSecond: 1, burst: 0 }, "rateLimit.burst"],
          [{ concurrency: 1, maxQueue: -1 }, "rateLimit.maxQueue"],
          [{ requestsPerSecond: Number.POSITIVE_INFINITY }, "rateLimit.requestsPerSecond"],
          [{ burst: 5 }, "rateLimit.burst"],
          [{ maxQueue: 5 }, "rateLimit.maxQueue"]
        ] as const
      ) {
        const error = yield* Effect.flip(
          Effect.scoped(EfaClient.make({ baseUrl: "http://efa.test", rateLimit })).pipe(
            Effect.provide(recording().layer)
          )
        )
        expect(error.option).toBe(option)
      }
    }))
})

describe("Gate", () => {
  it.effect("an interrupted waiter leaves the queue and frees nothing it did not take", () =>
    Effect.gen(function*() {
      const gate = new Gate({ requestsPerSecond: undefined, burst: 1, concurrency: 1, maxQueue: 10 })
      const order: Array<string> = []
      const hold = yield* Deferred.make<void>()
      const first = yield* Effect.fork(
        gate.run(Effect.zipRight(Deferred.await(hold), Effect.sync(() => order.push("first"))), full)
      )
      const waiters = []
      for (const name of ["a", "b", "c"]) {
        waiters.push(yield* Effect.fork(gate.run(Effect.sync(() => order.push(name)), full)))
      }
      yield* Effect.yieldNow()
      expect(gate.waiting).toBe(3)
      yield* Fiber.interrupt(waiters[1]!)
      expect(gate.waiting).toBe(2)
      expect(gate.freePermits).toBe(0)
      yield* Deferred.succeed(hold, undefined)
      yield* Fiber.join(first)
      yield* Fiber.join(waiters[0]!)
      yield* Fiber.join(waiters[2]!)
      expect(order).toEqual(["first", "a", "c"])
      expect(gate.freePermits).toBe(1)
      expect(gate.waiting).toBe(0)
    }))

  it.effect("interrupting the head while it waits for a token lets the next one go", () =>
    Effect.gen(function*() {
      const gate = new Gate({ requestsPerSecond: 1, burst: 1, concurrency: undefined, maxQueue: 10 })
      const order: Array<string> = []
      yield* gate.run(Effect.sync(() => order.push("first")), full)
      const head = yield* Effect.fork(gate.run(Effect.sync(() => order.push("head")), full))
      const next = yield* Effect.fork(gate.run(Effect.sync(() => order.push("next")), full))
      yield* TestClock.adjust("500 millis")
      yield* Fiber.interrupt(head)
      yield* TestClock.adjust("500 millis")
      yield* Fiber.join(next)
      expect(order).toEqual(["first", "next"])
    }))

  it.effect("a permit taken by an interrupted caller is given back when its work ends", () =>
    Effect.gen(function*() {
      const gate = new Gate({ requestsPerSecond: undefined, burst: 1, concurrency: 2, maxQueue: 10 })
      const fibers = []
      for (let i = 0; i < 5; i++) fibers.push(yield* Effect.fork(gate.run(Effect.never, full)))
      yield* Effect.yieldNow()
      expect(gate.freePermits).toBe(0)
      expect(gate.waiting).toBe(3)
      for (const fiber of fibers) yield* Fiber.interrupt(fiber)
      expect(gate.freePermits).toBe(2)
      expect(gate.waiting).toBe(0)
    }))
})
