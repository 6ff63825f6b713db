import { type Departures, DepartureWatch, EfaClient, Pages, Point, type Profile } from "@efa-kit/core"
import { createClient } from "@efa-kit/core/promise"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, FastCheck, Stream } from "effect"
import { clientLayer, inProcess, journal } from "./support/fake.js"

const HBF = "de:08111:6118"
const dialects = ["contract", "rapidJSON"] as const

// the fake as a deployment that keeps sessions
const withSessions = (fake: { readonly baseUrl: string }, dialect: Profile.Profile["dialect"]): Profile.Profile => ({
  name: "fake",
  operator: "the fake",
  baseUrl: fake.baseUrl,
  timeZone: "Europe/Berlin",
  dialect,
  sessions: true,
  sources: "the fake's dataset"
})

const departureOf = (
  trip: { readonly legs: ReadonlyArray<{ readonly origin: { readonly departureTimePlanned: DateTime.Utc } }> }
) => DateTime.toEpochMillis(trip.legs[0]!.origin.departureTimePlanned)

const request = {
  origin: Point.any(HBF),
  destination: Point.any("de:08111:6056"),
  dateTime: "2026-03-02T07:30:00Z"
} as const

describe.each(dialects)("Pages of trips against the fake (%s)", (dialect) => {
  it.effect("four later pages: no repeats, no gaps, each after the previous", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const pages = yield* efa.tripPages(request).pipe(Stream.take(4), Stream.runCollect)
      const all = Array.from(pages).flatMap((page) => page.trips)
      const keys = all.map(Pages.tripKey)
      expect(new Set(keys).size).toBe(keys.length)
      expect(all.length).toBeGreaterThanOrEqual(12)
      const list = Array.from(pages)
      for (let i = 1; i < list.length; i++) {
        const previous = Math.max(...list[i - 1]!.trips.map(departureOf))
        expect(Math.min(...list[i]!.trips.map(departureOf))).toBeGreaterThan(previous)
      }
      // no gap: one answer for the same span of departures holds exactly the trips of the pages
      const last = Math.max(...all.map(departureOf))
      const whole = yield* efa.trip({ ...request, numberOfTrips: 40 })
      const inSpan = whole.trips.filter((trip) => departureOf(trip) <= last).map(Pages.tripKey)
      expect(keys).toEqual(inSpan)
      // each later page asks from the minute of the last departure of the page before
      const asked = (yield* journal(fake)).slice(1, 4).map((entry) =>
        new URLSearchParams(entry.params.map(([k, v]) => [k, v]))
      )
      for (const [i, params] of asked.entries()) {
        const previous = new Date(Math.max(...list[i]!.trips.map(departureOf)))
        const local = previous.toLocaleString("sv-SE", { timeZone: "Europe/Berlin" })
        expect(params.get("itdTime")).toBe(local.slice(11, 16).replace(":", ""))
        expect(params.get("itdTripDateTimeDepArr")).toBe("dep")
      }
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("earlier pages go back, asked by arrival before the first arrival", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const first = yield* efa.trip({ ...request, dateTime: "2026-03-02T09:00:00Z" })
      const pages = yield* efa.tripPages({ page: first.earlier }, { direction: "earlier" }).pipe(
        Stream.take(2),
        Stream.runCollect
      )
      let before = Math.min(...first.trips.map(departureOf))
      const keys = new Set(first.trips.map(Pages.tripKey))
      for (const page of pages) {
        expect(page.trips.length).toBeGreaterThan(0)
        for (const trip of page.trips) {
          expect(keys.has(Pages.tripKey(trip))).toBe(false)
          keys.add(Pages.tripKey(trip))
        }
        const earliest = Math.min(...page.trips.map(departureOf))
        expect(earliest).toBeLessThan(before)
        before = earliest
      }
      const arr = (yield* journal(fake)).slice(1).map((entry) =>
        new URLSearchParams(entry.params.map(([k, v]) => [k, v]))
      )
      expect(arr.every((params) => params.get("itdTripDateTimeDepArr") === "arr")).toBe(true)
      // and the later page of an earlier page comes forward again
      const back = yield* efa.trip({ page: Array.from(pages)[0]!.later })
      expect(Math.min(...back.trips.map(departureOf))).toBeGreaterThan(before)
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("with sessions: the same pages as without; a page after the fake forgot the session still answers", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const profile = withSessions(fake, dialect)
      const stateful = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect, profile })))
      const stateless = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const keysOf = (pages: Iterable<Pages.TripPage>) => Array.from(pages, (page) => page.trips.map(Pages.tripKey))
      const withSession = Array.from(yield* stateful.tripPages(request).pipe(Stream.take(3), Stream.runCollect))
      const asked = (yield* journal(fake)).map((entry) => new URLSearchParams(entry.params.map(([k, v]) => [k, v])))
      expect(asked.map((params) => params.get("command"))).toEqual([null, "tripNext", "tripNext"])
      expect(asked[0]!.get("sessionID")).toBe("0")
      expect(asked[1]!.get("sessionID")).toBe(withSession[0]!.sessionID)
      const without = Array.from(yield* stateless.tripPages(request).pipe(Stream.take(3), Stream.runCollect))
      expect(keysOf(withSession)).toEqual(keysOf(without))
      expect(without[0]!.sessionID).toBeUndefined()

      // the fake forgets the session after a few minutes of its clock: the page is asked without it
      yield* Effect.promise(() => fake.admin("POST", "clock", { advance: "10 minutes" }))
      const { page, span } = yield* Effect.gen(function*() {
        const page = yield* stateful.trip({ page: withSession[0]!.later })
        return { page, span: yield* Effect.currentSpan }
      }).pipe(Effect.withSpan("later page"))
      expect(page.trips.map(Pages.tripKey)).toEqual(keysOf(without)[1])
      expect(span.attributes.get("efa.page.session")).toBe("fallback")
      expect(span.attributes.get("efa.page.session.reason")).toBe("HttpStatusError")
      const last = (yield* journal(fake)).slice(-2)
      expect(last.map((entry) => entry.status)).toEqual([400, 200])
      expect(last[1]!.params.some(([key]) => key === "sessionID")).toBe(false)
      yield* Effect.promise(() => fake.close())
    }))
})

describe("Page references", () => {
  it.effect("are strings that survive JSON; a reference that is not one is refused at `page`", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake)))
      const first = yield* efa.trip(request)
      const stored = JSON.parse(JSON.stringify({ later: first.later })) as { later: string }
      const later = yield* efa.trip({ page: stored.later })
      expect(later.trips.length).toBeGreaterThan(0)
      const error = yield* Effect.flip(efa.trip({ page: "not a reference" }))
      expect(error._tag === "InvalidRequestError" && error.issues[0]?.field).toBe("page")
      const board = yield* efa.departures({ stop: Point.any(HBF), limit: 2 })
      const wrong = yield* Effect.flip(efa.trip({ page: board.later }))
      expect(wrong.message).toContain("is a page of departures")
      yield* Effect.promise(() => fake.close())
    }))
})

describe.each(dialects)("Boards over a time window against the fake (%s)", (dialect) => {
  it.effect("a 60-minute window across page boundaries holds every departure of the hour once", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const from = "2026-03-02T07:00:00Z"
      const window = yield* efa.departures({ stop: Point.any(HBF), dateTime: from, window: "60 minutes" })
      const pagesAsked = (yield* journal(fake)).length
      expect(pagesAsked).toBeGreaterThan(1)
      const whole = yield* efa.departures({ stop: Point.any(HBF), dateTime: from, limit: 500 })
      const end = DateTime.toEpochMillis(DateTime.unsafeMake(from)) + 3600_000
      const expected = whole.events.filter((event) => DateTime.toEpochMillis(Pages.eventTime(event)) < end)
      const key = (event: (typeof expected)[number]) =>
        `${event.lineId}|${event.tripCode}|${DateTime.formatIso(Pages.eventTime(event))}|${event.location.id}`
      expect(window.events.map(key)).toEqual(expected.map(key))
      // `limit` caps the total
      const capped = yield* efa.departures({ stop: Point.any(HBF), dateTime: from, window: "60 minutes", limit: 50 })
      expect(capped.events.map(key)).toEqual(expected.slice(0, 50).map(key))
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("board pages: later continues after the last event, earlier goes back, none repeats", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const first = yield* efa.departures({ stop: Point.any(HBF), dateTime: "2026-03-02T08:00:00Z", limit: 10 })
      const later = yield* efa.departures({ page: first.later })
      const earlier = yield* efa.departures({ page: first.earlier })
      const time = (event: (typeof first.events)[number]) => DateTime.toEpochMillis(Pages.eventTime(event))
      const firstTimes = first.events.map(time)
      expect(later.events.length).toBeGreaterThan(0)
      expect(earlier.events.length).toBeGreaterThan(0)
      expect(Math.min(...later.events.map(time))).toBeGreaterThanOrEqual(Math.max(...firstTimes))
      expect(Math.max(...earlier.events.map(time))).toBeLessThan(Math.min(...firstTimes))
      const ids = (events: typeof first.events) => events.map((e) => `${e.tripCode}|${time(e)}|${e.location.id}`)
      const all = [...ids(earlier.events), ...ids(first.events), ...ids(later.events)]
      expect(new Set(all).size).toBe(all.length)
      const error = yield* Effect.flip(efa.departures({ stop: Point.any(HBF), window: "soon" as never }))
      expect(error._tag === "InvalidRequestError" && error.issues[0]?.field).toBe("window")
      yield* Effect.promise(() => fake.close())
    }))
})

describe.each(dialects)("Board pages with sessions against the fake (%s)", (dialect) => {
  const board = { stop: Point.any(HBF), dateTime: "2026-03-02T08:00:00Z", limit: 10 } as const
  const time = (event: Departures.StopEvent) => DateTime.toEpochMillis(Pages.eventTime(event))
  // each event once by the board watch's key
  const key = DepartureWatch.eventKey
  const paramsOf = (entry: { readonly params: ReadonlyArray<readonly [string, string]> }) =>
    new URLSearchParams(entry.params.map(([k, v]) => [k, v]))

  it.effect("dmNext pages: no repeats, no gaps; dmPrev goes back before the first page", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const efa = yield* EfaClient.EfaClient.pipe(
        Effect.provide(clientLayer(fake, { profile: withSessions(fake, dialect) }))
      )
      const first = yield* efa.departures(board)
      const pages = [first]
      for (let i = 0; i < 3; i++) pages.push(yield* efa.departures({ page: pages.at(-1)!.later }))
      const asked = (yield* journal(fake)).map(paramsOf)
      expect(asked.map((params) => params.get("command"))).toEqual([null, "dmNext", "dmNext", "dmNext"])
      expect(asked[0]!.get("sessionID")).toBe("0")
      expect(asked[1]!.get("sessionID")).toBe(first.sessionID)
      // each page asks with the requestID the page before answered
      expect(asked.slice(1).map((params) => params.get("requestID"))).toEqual(
        pages.slice(0, 3).map((page) => page.requestID)
      )
      for (const page of pages) expect(page.events).toHaveLength(10)
      // no repeats, and no gaps: the pages are the first 40 events of one board
      const paged = pages.flatMap((page) => page.events.map(key))
      expect(new Set(paged).size).toBe(paged.length)
      const whole = yield* efa.departures({ ...board, limit: 40 })
      expect([...paged].sort()).toEqual(whole.events.map(key).sort())

      // a session's previous page goes back from everything the session gave: the first page's earlier page
      // is asked in it; a later page's earlier page is the page before it, asked without the session
      const beforeLast = yield* efa.departures({ page: pages.at(-1)!.earlier })
      expect(paramsOf((yield* journal(fake)).at(-1)!).has("command")).toBe(false)
      expect(beforeLast.events.map(key)).toEqual(pages.at(-2)!.events.map(key))
      const again = yield* efa.departures(board)
      const earlier = yield* efa.departures({ page: again.earlier })
      expect(paramsOf((yield* journal(fake)).at(-1)!).get("command")).toBe("dmPrev")
      expect(earlier.events.length).toBeGreaterThan(0)
      for (const event of earlier.events) {
        expect(time(event)).toBeLessThanOrEqual(time(first.events[0]!))
        expect(paged).not.toContain(key(event))
      }
      yield* Effect.promise(() => fake.close())
    }))

  it.effect("a page after the fake forgot the session still answers, the stateless way, and the span says so", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const stateful = yield* EfaClient.EfaClient.pipe(
        Effect.provide(clientLayer(fake, { profile: withSessions(fake, dialect) }))
      )
      const stateless = yield* EfaClient.EfaClient.pipe(Effect.provide(clientLayer(fake, { dialect })))
      const first = yield* stateful.departures(board)
      expect(first.sessionID).toBeDefined()
      yield* Effect.promise(() => fake.admin("POST", "clock", { advance: "10 minutes" }))
      const { page, span } = yield* Effect.gen(function*() {
        const page = yield* stateful.departures({ page: first.later })
        return { page, span: yield* Effect.currentSpan }
      }).pipe(Effect.withSpan("later board page"))
      expect(span.attributes.get("efa.page.session")).toBe("fallback")
      expect(span.attributes.get("efa.page.session.reason")).toBe("HttpStatusError")
      const last = (yield* journal(fake)).slice(-2)
      expect(last.map((entry) => entry.status)).toEqual([400, 200])
      expect(paramsOf(last[1]!).has("sessionID")).toBe(false)
      // the same page as a client without sessions gets
      const without = yield* stateless.departures({ page: first.later })
      expect(page.events.length).toBeGreaterThan(0)
      expect(page.events.map(key)).toEqual(without.events.map(key))
      for (const event of page.events) expect(first.events.map(key)).not.toContain(key(event))
      yield* Effect.promise(() => fake.close())
    }))

  it.effect.each(["departure", "arrival"] as const)(
    "a 60-minute %s window around a page boundary, with sessions, holds every event of the hour once",
    (dateTimeRefersTo) =>
      Effect.gen(function*() {
        const fake = yield* Effect.promise(() => inProcess())
        const efa = yield* EfaClient.EfaClient.pipe(
          Effect.provide(clientLayer(fake, { profile: withSessions(fake, dialect) }))
        )
        const from = "2026-03-02T07:00:00Z"
        const hour = { stop: Point.any(HBF), dateTime: from, dateTimeRefersTo, window: "60 minutes" } as const
        const window = yield* efa.departures(hour)
        const asked = (yield* journal(fake)).map(paramsOf)
        expect(asked.length).toBeGreaterThan(1)
        expect(asked[0]!.get("sessionID")).toBe("0")
        expect(asked.slice(1).every((params) => params.get("command") === "dmNext")).toBe(true)
        const whole = yield* efa.departures({ stop: Point.any(HBF), dateTime: from, dateTimeRefersTo, limit: 500 })
        const end = DateTime.toEpochMillis(DateTime.unsafeMake(from)) + 3600_000
        const expected = whole.events.filter((event) => time(event) < end)
        expect(expected.length).toBeGreaterThan(40)
        expect(window.events.map(key)).toEqual(expected.map(key))
        // the same when the server refuses the session after the first page: the rest asked the stateless way
        yield* Effect.promise(() =>
          fake.admin("POST", "faults", { path: "XML_DM_REQUEST", sequence: [{}, { status: 400 }] })
        )
        const { refused, span } = yield* Effect.gen(function*() {
          const refused = yield* efa.departures(hour)
          return { refused, span: yield* Effect.currentSpan }
        }).pipe(Effect.withSpan("board window"))
        expect(span.attributes.get("efa.page.session")).toBe("fallback")
        expect(refused.events.map(key)).toEqual(expected.map(key))
        yield* Effect.promise(() => fake.close())
      })
  )
})

describe("Pages with the Promise client", () => {
  it("pages trips and boards in sessions where the profile says so", async () => {
    const fake = await inProcess()
    const profile = withSessions(fake, "rapidJSON")
    const efa = createClient({ profile, retry: false }, { fetch: fake.fetch })
    try {
      const board = await efa.departures({ stop: Point.any(HBF), dateTime: "2026-03-02T07:00:00Z", limit: 5 })
      const next = await efa.departures({ page: board.later })
      const first = await efa.trip(request)
      await efa.trip({ page: first.later })
      const asked = (await fake.admin("GET", "journal") as Array<{ params: Array<[string, string]> }>).map((entry) =>
        new URLSearchParams(entry.params)
      )
      expect(asked.map((params) => [params.get("sessionID"), params.get("command")])).toEqual([
        ["0", null],
        [board.sessionID, "dmNext"],
        ["0", null],
        [first.sessionID, "tripNext"]
      ])
      expect(next.events).toHaveLength(5)
      expect(next.events[0]!.departureTimePlanned.getTime()).toBeGreaterThanOrEqual(
        board.events.at(-1)!.departureTimePlanned.getTime()
      )
    } finally {
      await efa.close()
    }
  })

  it("iterates later pages with for await, stores references as strings, and stops on abort", async () => {
    const fake = await inProcess()
    const efa = createClient({ baseUrl: fake.baseUrl, retry: false }, { fetch: fake.fetch })
    try {
      const controller = new AbortController()
      const departures: Array<number> = []
      let pages = 0
      for await (const page of efa.tripPages(request, { signal: controller.signal })) {
        expect(typeof page.later).toBe("string")
        departures.push(...page.trips.map((trip) => trip.legs[0]!.origin.departureTimePlanned.getTime()))
        if (++pages === 3) controller.abort()
      }
      expect(pages).toBe(3)
      expect([...departures].sort((a, b) => a - b)).toEqual(departures)
      expect(new Set(departures).size).toBe(departures.length)
      const first = await efa.trip(request)
      const earlier = await efa.trip({ page: first.earlier })
      expect(earlier.trips[0]!.legs[0]!.origin.departureTimePlanned.getTime()).toBeLessThan(departures[0]!)
      const board = await efa.departures({
        stop: Point.any(HBF),
        dateTime: "2026-03-02T07:00:00Z",
        window: "30 minutes"
      })
      expect(board.events.length).toBeGreaterThan(0)
      expect(typeof board.earlier).toBe("string")
    } finally {
      await efa.close()
    }
  })
})

describe.each(dialects)("Board pages against the fake are a partition (%s)", (dialect) => {
  const time = (event: Departures.StopEvent) => DateTime.toEpochMillis(Pages.eventTime(event))
  const key = DepartureWatch.eventKey
  const HOUR = Date.parse("2026-03-02T06:30:00Z")

  it.effect.prop(
    "later and earlier from a random minute: every event once, in order, for limits 1 to 10",
    [
      FastCheck.integer({ min: 0, max: 90 }),
      FastCheck.integer({ min: 1, max: 10 }),
      FastCheck.boolean(),
      FastCheck.boolean()
    ],
    ([minute, limit, arrival, sessions]) =>
      Effect.gen(function*() {
        const fake = yield* Effect.promise(() => inProcess())
        const efa = yield* EfaClient.EfaClient.pipe(
          Effect.provide(clientLayer(fake, sessions ? { profile: withSessions(fake, dialect) } : { dialect }))
        )
        const start = HOUR + minute * 60_000
        const request = {
          stop: Point.any(HBF),
          dateTime: new Date(start).toISOString(),
          limit,
          ...(arrival ? { dateTimeRefersTo: "arrival" as const } : {})
        }
        const first = yield* efa.departures(request)
        const later = [...first.events.map(key)]
        let page = first
        while (later.length < 12) {
          page = yield* efa.departures({ page: page.later })
          expect(page.events.length).toBeGreaterThan(0)
          later.push(...page.events.map(key))
        }
        const whole = yield* efa.departures({ ...request, limit: later.length })
        expect(later).toEqual(whole.events.map(key))

        const earlier: Array<string> = []
        page = first
        while (earlier.length < 12) {
          page = yield* efa.departures({ page: page.earlier })
          expect(page.events.length).toBeGreaterThan(0)
          earlier.unshift(...page.events.map(key))
        }
        const before = yield* efa.departures({
          ...request,
          dateTime: new Date(start - 3 * 3_600_000).toISOString(),
          limit: 500
        })
        const firstKey = key(first.events[0]!)
        const all = before.events.map(key)
        const cut = all.indexOf(firstKey)
        expect(cut).toBeGreaterThanOrEqual(earlier.length)
        expect(earlier).toEqual(all.slice(cut - earlier.length, cut))
        expect(before.events.slice(0, cut).every((event) => time(event) <= start)).toBe(true)
        yield* Effect.promise(() => fake.close())
      }),
    { fastCheck: { numRuns: 4 } }
  )
})
