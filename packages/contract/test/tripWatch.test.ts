import { EfaClient, LineId, Operations, Point, Profile, TripRefresh, TripStops, TripWatch } from "@efa-kit/core"
import { createClient } from "@efa-kit/core/promise"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Fiber, Queue, Schedule, Stream, TestClock } from "effect"
import { clearJournal, clientLayer, eventually, inProcess, journal } from "./support/fake.js"

// The dataset announces at 08:35 (Berlin) a delay of 12 minutes of the S1 that leaves Herrenberg at 08:06; the
// trip below rides it from Vaihingen to Feuersee and changes there to the S4 two minutes later.
const VAIHINGEN = "de:08115:3210"
const LUDWIGSBURG = "de:08118:4800"
const planned = "2026-03-02T06:00:00Z"
const announced = "2026-03-02T07:40:00Z"

const describeChange = (change: TripRefresh.TripChange): string => {
  switch (change._tag) {
    case "Delayed":
      return `delayed ${change.legIndex} ${change.side} ${change.delayMinutes}`
    case "PlatformChanged":
      return `platform ${change.legIndex} ${change.side} ${change.previous}->${change.platform}`
    case "ConnectionAtRisk":
    case "ConnectionBroken":
      return `${change._tag} ${change.legIndex}->${change.nextLegIndex} slack ${change.slackMinutes}`
    case "PollFailed":
      return `failed ${change.attempt}`
    default:
      return `${change._tag} ${"legIndex" in change ? change.legIndex : ""}`.trim()
  }
}

const plan = (efa: EfaClient.Service) =>
  Effect.map(
    efa.trip({ origin: Point.any(VAIHINGEN), destination: Point.any(LUDWIGSBURG), dateTime: "2026-03-02T07:15:00Z" }),
    (answer) => answer.trips[0]!
  )

describe.each(["contract", "rapidJSON"] as const)("Refresh and watch a trip against the fake (%s)", (dialect) => {
  it.effect("refreshTrip reports the announced delay and the broken connection once the clock has passed it", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const setClock = (now: string) => Effect.promise(() => fake.admin("POST", "clock", { now }))
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      yield* setClock(planned)
      const trip = yield* plan(efa)
      expect(trip.legs.map((leg) => leg.mode.name)).toEqual(["S-Bahn S1", "S-Bahn S4"])
      // before the real-time window: nothing changed
      expect((yield* efa.refreshTrip(trip)).changes).toEqual([])
      yield* setClock(announced)
      const { changes, trip: refreshed } = yield* efa.refreshTrip(trip)
      const told = changes.map(describeChange)
      expect(told).toContain("delayed 0 departure 12")
      expect(told).toContain("delayed 0 arrival 12")
      expect(told.some((change) => change.startsWith("ConnectionBroken 0->1"))).toBe(true)
      const arrival = refreshed.legs[0]!.destination
      expect(DateTime.toEpochMillis(arrival.arrivalTimeEstimated!) - DateTime.toEpochMillis(arrival.arrivalTimePlanned))
        .toBe(12 * 60_000)
      // the leg's stops agree with its ends
      const stops = refreshed.legs[0]!.stops!
      expect(stops.length).toBeGreaterThan(2)
      expect(stops.at(-1)!.arrivalTimeEstimated).toEqual(arrival.arrivalTimeEstimated)
      expect(stops[0]!.departureTimeEstimated).toEqual(refreshed.legs[0]!.origin.departureTimeEstimated)
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a leg whose run is gone is reported, not kept silently", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: planned }))
      const trip = yield* plan(efa)
      const gone = { ...trip, legs: [{ ...trip.legs[0]!, lineId: LineId.make("vvs:19999: :H:") }, trip.legs[1]!] }
      const { changes } = yield* efa.refreshTrip(gone)
      expect(changes.map(describeChange)).toEqual(["RunNotFound 0"])
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("without a profile the whole trip is asked in one request of the real time for a trip", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: planned }))
      const trip = yield* plan(efa)
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: announced }))
      yield* clearJournal(fake)
      const { changes } = yield* efa.refreshTrip(trip)
      expect(changes.map(describeChange)).toContain("delayed 0 arrival 12")
      expect((yield* journal(fake)).map((entry) => entry.path)).toEqual([Operations.all.realtimeForTrip.path])
      yield* Effect.promise(() => fake.close())
    }))

  // a deployment that does not offer the real time for a trip: the built-in profile of VVS, pointed at the fake
  const withoutRealtime = (fake: { readonly baseUrl: string }) =>
    ({ profile: { ...Profile.profiles.vvs, baseUrl: fake.baseUrl }, dialect }) as const

  it.effect("a profile without the operation: each leg with a trip code through its run's stops", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, withoutRealtime(fake))))
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: planned }))
      const trip = yield* plan(efa)
      expect(trip.legs.every((leg) => leg.tripCode !== undefined)).toBe(true)
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: announced }))
      yield* clearJournal(fake)
      const { changes } = yield* efa.refreshTrip(trip)
      const told = changes.map(describeChange)
      expect(told).toContain("delayed 0 departure 12")
      expect(told).toContain("delayed 0 arrival 12")
      expect(told.some((change) => change.startsWith("ConnectionBroken 0->1"))).toBe(true)
      expect((yield* journal(fake)).map((entry) => entry.path)).toEqual(
        trip.legs.map(() => Operations.all.tripStops.path)
      )
      // a run that is gone: the run's stops answer a message, and the leg is reported
      const gone = { ...trip, legs: [{ ...trip.legs[0]!, tripCode: 1 }, trip.legs[1]!] }
      expect((yield* efa.refreshTrip(gone)).changes.map(describeChange)).toContain("RunNotFound 0")
      yield* Effect.promise(() => fake.close())
    }))

  // the dataset cancels, announced at 06:00 (Berlin), the U14 that leaves Heslach at 08:40
  it.effect("a cancelled run is told as Cancelled through the real time for a trip and through the run's stops", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const setClock = (now: string) => Effect.promise(() => fake.admin("POST", "clock", { now }))
      const plain = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const vvs = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, withoutRealtime(fake))))
      yield* setClock("2026-03-02T04:30:00Z")
      const answer = yield* plain.trip({
        origin: Point.any("de:08111:5090"),
        destination: Point.any("de:08111:5080"),
        dateTime: "2026-03-02T07:40:00Z"
      })
      const trip = answer.trips.find((t) =>
        t.legs.length === 1 && t.legs[0]!.mode.number === "U14" &&
        DateTime.formatIso(t.legs[0]!.origin.departureTimePlanned) === "2026-03-02T07:40:00.000Z"
      )!
      expect(trip).toBeDefined()
      expect((yield* vvs.refreshTrip(trip)).changes).toEqual([])
      yield* setClock("2026-03-02T06:00:00Z")
      for (const efa of [plain, vvs]) {
        const { changes, trip: refreshed } = yield* efa.refreshTrip(trip)
        expect(changes.map(describeChange)).toEqual(["Cancelled 0"])
        expect(refreshed.legs[0]!.cancelled).toBe(true)
      }
      // the run's stops say it, each of them
      const run = yield* vvs.tripStops(TripStops.fromLeg(trip.legs[0]!)!)
      expect(run.stops.length).toBeGreaterThan(2)
      expect(run.stops.every((stop) => stop.cancelled === true)).toBe(true)
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a profile that offers neither the real time for a trip nor a run's stops: every leg through the boards", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const profile = { ...Profile.profiles.vvs, baseUrl: fake.baseUrl, operations: ["trip", "departures"] as const }
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { profile, dialect })))
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: planned }))
      const trip = yield* plan(efa)
      expect(trip.legs.every((leg) => leg.tripCode !== undefined)).toBe(true)
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: announced }))
      yield* clearJournal(fake)
      const { changes } = yield* efa.refreshTrip(trip)
      expect(changes.map(describeChange)).toContain("delayed 0 departure 12")
      expect(new Set((yield* journal(fake)).map((entry) => entry.path))).toEqual(
        new Set([Operations.all.departures.path])
      )
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a profile without the operation: a leg without a trip code through the boards of its ends", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, withoutRealtime(fake))))
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: planned }))
      const withCodes = yield* plan(efa)
      const trip = { ...withCodes, legs: withCodes.legs.map(({ tripCode: _, ...leg }) => leg) }
      yield* Effect.promise(() => fake.admin("POST", "clock", { now: announced }))
      yield* clearJournal(fake)
      const { changes } = yield* efa.refreshTrip(trip)
      expect(changes.map(describeChange)).toContain("delayed 0 departure 12")
      const paths = (yield* journal(fake)).map((entry) => entry.path)
      expect(paths).toHaveLength(4)
      expect(new Set(paths)).toEqual(new Set([Operations.all.departures.path]))
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a TripWatch reports the delay and the broken connection as the fake's clock moves, then the arrival", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const setClock = (now: string) => Effect.promise(() => fake.admin("POST", "clock", { now }))
      yield* setClock(planned)
      const layer = clientLayer(fake, { dialect })
      const trip = yield* Effect.flatMap(EfaClient.EfaClient, plan).pipe(Effect.provide(layer))
      yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.unsafeMake(planned)))
      const changes = yield* Queue.unbounded<TripRefresh.TripChange>()
      const fiber = yield* TripWatch.watch({ trip, schedule: Schedule.spaced("1 minute") }).pipe(
        Stream.runForEach((change) => Queue.offer(changes, change)),
        Effect.provide(layer),
        Effect.fork
      )
      const drain = Effect.map(Queue.takeAll(changes), (chunk) => Array.from(chunk, describeChange))
      // the first poll: as planned, nothing to tell
      // (the plan, then the real time of the whole trip in one request)
      yield* eventually("the first poll", Effect.map(journal(fake), (entries) => entries.length === 2))
      expect(yield* drain).toEqual([])
      yield* setClock(announced)
      yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.unsafeMake(announced)))
      yield* eventually("the delay", Effect.map(Queue.size(changes), (n) => n >= 3))
      const told = yield* drain
      expect(told).toContain("delayed 0 departure 12")
      expect(told.some((change) => change.startsWith("ConnectionBroken 0->1"))).toBe(true)
      // past the arrival: Arrived, and the stream ends
      yield* setClock("2026-03-02T09:00:00Z")
      yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.unsafeMake("2026-03-02T09:00:00Z")))
      yield* Fiber.join(fiber)
      expect((yield* drain).at(-1)).toBe("Arrived")
      yield* Effect.promise(() => fake.close())
    }))
})

describe("Refresh and watch a trip with the Promise client", () => {
  it("refreshTrip takes the trip as the client gave it; watchTrip tells the delay with for await and stops on abort", async () => {
    const fake = await inProcess()
    const efa = createClient({ baseUrl: fake.baseUrl, retry: false }, { fetch: fake.fetch })
    try {
      await fake.admin("POST", "clock", { now: planned })
      const { trips } = await efa.trip({
        origin: Point.any(VAIHINGEN),
        destination: Point.any(LUDWIGSBURG),
        dateTime: "2026-03-02T07:15:00Z"
      })
      const trip = trips[0]!
      await fake.admin("POST", "clock", { now: announced })
      const refreshed = await efa.refreshTrip(trip)
      expect(refreshed.changes.map((change) => change._tag)).toContain("ConnectionBroken")
      expect(refreshed.trip.legs[0]!.destination.arrivalTimeEstimated).toBeInstanceOf(Date)

      const controller = new AbortController()
      const told: Array<string> = []
      for await (const change of efa.watchTrip({ trip }, { signal: controller.signal })) {
        told.push(change._tag)
        // the first poll tells everything at once; then stop
        if (change._tag === "ConnectionBroken") controller.abort()
      }
      expect(told).toContain("Delayed")
      expect(told.at(-1)).toBe("ConnectionBroken")
    } finally {
      await efa.close()
    }
  })
})

describe("A trip watch against the fake at the wall clock (now: \"now\")", () => {
  // the next weekday from today (the dataset's delay is announced on weekdays), in Berlin
  const BERLIN = "Europe/Berlin"
  const localDay = (millis: number) => new Date(millis).toLocaleDateString("sv-SE", { timeZone: BERLIN })
  const at = (day: string, time: string) => {
    const [year, month, date] = day.split("-").map(Number)
    const [hours, minutes] = time.split(":").map(Number)
    return DateTime.formatIso(
      DateTime.unsafeMakeZoned(
        { year: year!, month: month!, day: date!, hours: hours!, minutes: minutes! },
        { timeZone: BERLIN, adjustForTimeZone: true }
      )
    )
  }

  it("plans on today's date and follows the fake's real time, with the Promise client", async () => {
    const fake = await inProcess({ now: "now" })
    const efa = createClient({ baseUrl: fake.baseUrl, retry: false }, { fetch: fake.fetch })
    try {
      // the clock is the wall clock: it runs
      const clock = async () => Date.parse((await fake.admin("GET", "clock") as { now: string }).now)
      const first = await clock()
      expect(Math.abs(first - Date.now())).toBeLessThan(60 * 60_000)
      // (the next reading comes after at least a millisecond has passed)
      const next = new Promise<number>((resolve) => setTimeout(() => resolve(clock()), 5))
      expect(await next).toBeGreaterThan(first)

      // a weekday of the dataset laid on today (today, or the next one)
      let day = localDay(Date.now())
      while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) {
        day = localDay(Date.parse(`${day}T12:00:00Z`) + 86_400_000)
      }
      await fake.admin("POST", "clock", { now: at(day, "07:00") })
      const { trips } = await efa.trip({
        origin: Point.any(VAIHINGEN),
        destination: Point.any(LUDWIGSBURG),
        dateTime: at(day, "08:15")
      })
      const trip = trips[0]!
      expect(localDay(trip.legs[0]!.origin.departureTimePlanned.getTime())).toBe(day)
      expect(trip.legs.map((leg) => leg.mode.name)).toEqual(["S-Bahn S1", "S-Bahn S4"])

      // after the delay is announced: the watch tells it, the connection breaks, and it has not arrived
      await fake.admin("POST", "clock", { now: at(day, "08:36") })
      const controller = new AbortController()
      const told: Array<string> = []
      for await (const change of efa.watchTrip({ trip }, { signal: controller.signal })) {
        told.push(describeChange(change as never))
        if (change._tag === "ConnectionBroken" || change._tag === "Arrived") controller.abort()
      }
      expect(told).toContain("delayed 0 departure 12")
      expect(told.some((change) => change.startsWith("ConnectionBroken 0->1"))).toBe(true)
      expect(told).not.toContain("Arrived")
    } finally {
      await efa.close()
    }
  })
})
