import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Deferred, Duration, Effect, Fiber, Layer, Schedule, Stream, TestClock } from "effect"
import { DepartureWatch, EfaClient, NoticeWatch } from "../src/index.js"

const notice = (id: string, title: string, lines: Array<string> = []) => ({
  id,
  type: "lineInfo",
  title,
  text: `${title}: details`,
  validFrom: "2026-03-01",
  validTo: "2026-03-31",
  lines,
  severity: "warning"
})

type Step = { readonly status: number; readonly body?: unknown } | "hang"

// Answers polls from a script; "hang" never answers and records whether the request was aborted.
const scripted = (steps: Array<Step>) => {
  const state = { requests: 0, aborted: 0 }
  const client = HttpClient.make((request, _url, signal) =>
    Effect.suspend(() => {
      state.requests++
      const step = steps.shift() ?? { status: 200, body: { infos: [] } }
      if (step === "hang") {
        return Effect.async<HttpClientResponse.HttpClientResponse>(() => {
          signal.addEventListener("abort", () => state.aborted++)
        })
      }
      return Effect.succeed(HttpClientResponse.fromWeb(
        request,
        new Response(JSON.stringify(step.body ?? {}), {
          status: step.status,
          headers: { "content-type": "application/json" }
        })
      ))
    })
  )
  const layer = EfaClient.layer({ baseUrl: "http://efa.test", retry: false }).pipe(
    Layer.provide(Layer.succeed(HttpClient.HttpClient, client))
  )
  return { state, layer }
}

const tenSeconds = Schedule.spaced("10 seconds")

const collect = (stream: Stream.Stream<NoticeWatch.NoticeChange, unknown, EfaClient.EfaClient>, count: number) =>
  Effect.fork(Stream.runCollect(Stream.take(stream, count)))

const describeChange = (change: NoticeWatch.NoticeChange): string =>
  NoticeWatch.NoticeChange.$match(change, {
    Added: ({ notice }) => `added ${notice.id}`,
    Changed: ({ notice, previous }) => `changed ${notice.id}: ${previous.title} -> ${notice.title}`,
    Removed: ({ notice }) => `removed ${notice.id}`,
    PollFailed: ({ attempt, error }) => `failed ${attempt} ${error._tag}`
  })

describe("NoticeWatch", () => {
  it.effect("emits the current set, then additions, changes and removals", () => {
    const { layer, state } = scripted([
      {
        status: 200,
        body: { infos: [notice("a", "Works"), notice("b", "Detour", ["x"]), notice("b", "Detour", ["y"])] }
      },
      { status: 200, body: { infos: [notice("a", "Works extended"), notice("c", "Closure")] } },
      { status: 200, body: { infos: [notice("a", "Works extended"), notice("c", "Closure")] } },
      { status: 200, body: { infos: [notice("c", "Closure")] } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* collect(NoticeWatch.watch({ schedule: tenSeconds }), 6)
      yield* TestClock.adjust("30 seconds")
      const changes = Chunk.toArray(yield* Fiber.join(fiber))
      expect(changes.map(describeChange)).toEqual([
        "added a",
        "added b",
        "changed a: Works -> Works extended",
        "added c",
        "removed b",
        "removed a"
      ])
      // duplicates within a poll are merged: b carries the lines of both copies
      const addedB = changes[1]
      expect(addedB?._tag === "Added" && addedB.notice.lines).toEqual(["x", "y"])
      expect(state.requests).toBe(4)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a schedule that asks for 10 ms polls no more often than the board watch's floor", () => {
    const { layer, state } = scripted([])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Stream.runDrain(NoticeWatch.watch({ schedule: Schedule.spaced("10 millis") })))
      yield* TestClock.adjust("1 second")
      expect(state.requests).toBe(1)
      yield* TestClock.adjust(Duration.subtract(DepartureWatch.MIN_INTERVAL, "1 second"))
      expect(state.requests).toBe(2)
      yield* TestClock.adjust("25 seconds")
      expect(state.requests).toBe(4)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a transient failure is retried and reported, and does not remove notices", () => {
    const { layer, state } = scripted([
      { status: 200, body: { infos: [notice("a", "Works")] } },
      { status: 503, body: "down" },
      { status: 503, body: "down" },
      { status: 200, body: { infos: [notice("a", "Works"), notice("d", "New")] } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* collect(
        NoticeWatch.watch({ schedule: tenSeconds, retry: Schedule.spaced("1 second"), failures: "event" }),
        4
      )
      yield* TestClock.adjust("15 seconds")
      const changes = Chunk.toArray(yield* Fiber.join(fiber)).map(describeChange)
      expect(changes).toEqual(["added a", "failed 1 HttpStatusError", "failed 2 HttpStatusError", "added d"])
      expect(state.requests).toBe(4)
    }).pipe(Effect.provide(layer))
  })

  it.effect("retries within a poll have a floor and a bound: a 1 ms schedule asks once a second, ten times", () => {
    const failing: Array<Step> = Array.from({ length: 1000 }, () => ({ status: 503, body: "down" }))
    const { layer, state } = scripted([{ status: 200, body: { infos: [notice("a", "Works")] } }, ...failing])
    return Effect.gen(function*() {
      const fiber = yield* collect(
        NoticeWatch.watch({ schedule: tenSeconds, retry: Schedule.spaced("1 millis"), failures: "event" }),
        12
      )
      yield* TestClock.adjust("10 seconds")
      expect(state.requests).toBe(2)
      // the first poll, then a failing poll: its first attempt and one retry a second, nine of them
      yield* TestClock.adjust("9500 millis")
      expect(state.requests).toBe(1 + 1 + 9)
      yield* TestClock.adjust("30 seconds")
      const changes = Chunk.toArray(yield* Fiber.join(fiber)).map(describeChange)
      // the failing poll reports its ten attempts, then the next poll begins
      expect(changes.slice(0, 11)).toEqual([
        "added a",
        ...Array.from({ length: 10 }, (_, i) => `failed ${i + 1} HttpStatusError`)
      ])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a poll that exhausts its retries waits for the next poll", () => {
    const { layer } = scripted([
      { status: 200, body: { infos: [notice("a", "Works")] } },
      { status: 500 },
      { status: 500 },
      { status: 200, body: { infos: [] } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* collect(
        NoticeWatch.watch({ schedule: tenSeconds, retry: Schedule.recurs(1), failures: "event" }),
        4
      )
      yield* TestClock.adjust("25 seconds")
      const changes = Chunk.toArray(yield* Fiber.join(fiber)).map(describeChange)
      expect(changes).toEqual(["added a", "failed 1 HttpStatusError", "failed 2 HttpStatusError", "removed a"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a permanent failure fails the stream with its tagged error", () => {
    const { layer, state } = scripted([{ status: 403, body: "forbidden" }])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(Stream.runDrain(NoticeWatch.watch({ schedule: tenSeconds })))
      expect(error._tag === "HttpStatusError" && error.status).toBe(403)
      expect(state.requests).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an invalid request fails the stream before anything is sent", () => {
    const { layer, state } = scripted([])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(
        Stream.runDrain(NoticeWatch.watch({ request: { lineNumberStart: 20, lineNumberEnd: 10 } }))
      )
      expect(error._tag).toBe("InvalidRequestError")
      expect(state.requests).toBe(0)
    }).pipe(Effect.provide(layer))
  })

  it.effect("interrupting stops polling and aborts the request in flight", () => {
    const { layer, state } = scripted([{ status: 200, body: { infos: [notice("a", "Works")] } }, "hang"])
    return Effect.gen(function*() {
      const first = yield* Deferred.make<void>()
      const fiber = yield* NoticeWatch.watch({ schedule: tenSeconds }).pipe(
        Stream.tap(() => Deferred.succeed(first, undefined)),
        Stream.runDrain,
        Effect.fork
      )
      yield* Deferred.await(first)
      yield* TestClock.adjust("10 seconds")
      expect(state.requests).toBe(2)
      yield* Fiber.interrupt(fiber)
      expect(state.aborted).toBe(1)
      yield* TestClock.adjust("1 minute")
      expect(state.requests).toBe(2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("polls no more often than the floor every watch shares, whatever the schedule", () => {
    const { layer, state } = scripted([])
    return Effect.gen(function*() {
      const fiber = yield* NoticeWatch.watch({ schedule: Schedule.spaced("10 millis") }).pipe(
        Stream.runDrain,
        Effect.fork
      )
      yield* TestClock.adjust("9 seconds")
      expect(state.requests).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(state.requests).toBe(2)
      yield* TestClock.adjust("30 seconds")
      expect(state.requests).toBe(5)
      yield* Fiber.interrupt(fiber)
      expect(NoticeWatch.MIN_INTERVAL).toEqual(DepartureWatch.MIN_INTERVAL)
    }).pipe(Effect.provide(layer))
  })
})
