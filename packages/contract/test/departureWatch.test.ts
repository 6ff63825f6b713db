import { DepartureWatch, Point } from "@efa-kit/core"
import { createClient, StopNotResolvedError } from "@efa-kit/core/promise"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Fiber, Queue, Schedule, Stream, TestClock } from "effect"
import { clientLayer, eventually, inProcess, journal, sleepPendingIn } from "./support/fake.js"

const HBF = "de:08111:6118"

const describeChange = (change: DepartureWatch.BoardChange): string => {
  if (change._tag === "PollFailed") return `failed ${change.attempt} ${change.error._tag}`
  const event = change.event
  const at = DateTime.formatIso(event.departureTimePlanned).slice(11, 16)
  const what = `${event.lineName} ${at}`
  switch (change._tag) {
    case "Delayed":
      return `delayed ${what} ${change.delayMinutes}`
    case "PlatformChanged":
      return `platform ${what} ${change.previous.platform}->${event.platform}`
    default:
      return `${change._tag.toLowerCase()} ${what}`
  }
}

describe("DepartureWatch against the fake, with the TestClock", () => {
  it.effect("reports the dataset's delay, cancellation and platform change as the fake's clock moves on", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const setClock = (now: string) => Effect.promise(() => fake.admin("POST", "clock", { now }))
      const changes = yield* Queue.unbounded<DepartureWatch.BoardChange>()
      const drain = Effect.map(Queue.takeAll(changes), (chunk) => Array.from(chunk, describeChange))

      const fiber = yield* DepartureWatch.watch({
        // a board from a fixed time, so that only real time changes between polls
        request: { stop: Point.any(HBF), dateTime: "2026-03-02T07:45:00Z", limit: 16 },
        schedule: Schedule.spaced("1 minute"),
        retry: Schedule.spaced("1 second"),
        failures: "event"
      }).pipe(
        Stream.runForEach((change) => Queue.offer(changes, change)),
        Effect.provide(clientLayer(fake)),
        Effect.fork
      )

      // the first poll at 08:30 Berlin: every event added, none of the three disruptions announced yet
      yield* eventually("the first poll", Effect.map(Queue.size(changes), (n) => n === 16))
      const first = yield* drain
      expect(first.every((change) => change.startsWith("added "))).toBe(true)

      // at 08:40 the cancellation (08:38), the platform change (08:33) and the delay (08:35) are known; the
      // schedule's one minute is stretched to the watch's floor of ten seconds only when shorter, so a minute
      yield* setClock("2026-03-02T07:40:00Z")
      yield* TestClock.adjust("1 minute")
      yield* eventually("the second poll", Effect.map(journal(fake), (entries) => entries.length === 2))
      yield* eventually("its changes", Effect.map(Queue.size(changes), (n) => n >= 3))
      const second = yield* drain
      expect(second).toContain("cancelled U1 07:47")
      expect(second).toContain("platform S2 07:56 3->4")
      expect(second).toContain("delayed S1 07:57 12")

      // a failed poll is retried and is not a removal
      yield* Effect.promise(() => fake.admin("POST", "faults", { path: "XML_DM_REQUEST", sequence: [{ status: 503 }] }))
      yield* TestClock.adjust("1 minute")
      yield* eventually("the retry pause", sleepPendingIn(1000))
      yield* TestClock.adjust("1 second")
      yield* eventually("the retried poll", Effect.map(journal(fake), (entries) => entries.length === 4))
      yield* eventually("its failure event", Effect.map(Queue.size(changes), (n) => n >= 1))
      expect(yield* drain).toEqual(["failed 1 HttpStatusError"])

      yield* Fiber.interrupt(fiber)
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("polls no more often than the floor, whatever the schedule", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const fiber = yield* DepartureWatch.watch({
        request: { stop: Point.any(HBF), limit: 2 },
        schedule: Schedule.forever
      }).pipe(Stream.runDrain, Effect.provide(clientLayer(fake)), Effect.fork)
      yield* eventually("the first poll", Effect.map(journal(fake), (entries) => entries.length === 1))
      yield* TestClock.adjust("9 seconds")
      expect((yield* journal(fake)).length).toBe(1)
      yield* TestClock.adjust("1 second")
      yield* eventually("the second poll", Effect.map(journal(fake), (entries) => entries.length === 2))
      yield* Fiber.interrupt(fiber)
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a stop the fake cannot resolve ends the watch with the candidates", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const error = yield* DepartureWatch.watch({ request: { stop: Point.any("Bahnhof") } }).pipe(
        Stream.runDrain,
        Effect.flip,
        Effect.provide(clientLayer(fake))
      )
      expect(error._tag).toBe("StopNotResolvedError")
      yield* Effect.promise(() => fake.close())
    }))
})

describe("watchDepartures with the Promise client", () => {
  it("tells the board's events with for await and stops on abort; a stop the fake cannot resolve rejects", async () => {
    const fake = await inProcess()
    const efa = createClient({ baseUrl: fake.baseUrl, retry: false }, { fetch: fake.fetch })
    try {
      const controller = new AbortController()
      const told: Array<string> = []
      for await (
        const change of efa.watchDepartures({ request: { stop: Point.any(HBF), limit: 5 } }, {
          signal: controller.signal
        })
      ) {
        // the first poll tells every event of the board as added, each with its instants as `Date`s
        if (change._tag === "Added") expect(change.event.departureTimePlanned).toBeInstanceOf(Date)
        told.push(change._tag)
        if (told.length === 5) controller.abort()
      }
      expect(told).toEqual(["Added", "Added", "Added", "Added", "Added"])
      expect((await Effect.runPromise(journal(fake))).length).toBe(1)

      const drain = async () => {
        for await (const _ of efa.watchDepartures({ request: { stop: Point.any("Bahnhof") } })) {
          // a permanent failure ends the watch before any change
        }
      }
      const error = await drain().catch((error: unknown) => error)
      expect(error).toBeInstanceOf(StopNotResolvedError)
      expect(error).toMatchObject({ _tag: "StopNotResolvedError" })
    } finally {
      await efa.close()
      await fake.close()
    }
  })
})
