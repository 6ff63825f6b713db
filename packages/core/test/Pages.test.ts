import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Either, FastCheck as fc, Redacted, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import { Departures, Pages, Point, Trip } from "../src/index.js"
import { withoutUndefined } from "../src/internal/executor/request.js"

// a trip answer as the contract writes it: one ride per trip
const ride = (line: string, departs: string, arrives: string) => ({
  duration: 600,
  interchange: 0,
  legs: [{
    mode: { name: line, mot: 1 },
    origin: { id: "de:1:1", name: "A", departureTimePlanned: departs },
    destination: { id: "de:1:2", name: "B", arrivalTimePlanned: arrives },
    lineId: `x:${line}: :H:`
  }]
})
const answer = (...trips: Array<ReturnType<typeof ride>>) => Schema.decodeUnknownSync(Trip.TripResponse)({ trips })

const request: Trip.TripRequestInput = {
  origin: Point.fromId("de:1:1"),
  destination: Point.fromId("de:1:2"),
  dateTime: "2026-03-02T07:00:00Z",
  numberOfTrips: 2
}

// answers from a script and records what it was asked
const scripted = (answers: Array<Trip.TripResponse>) => {
  const asked: Array<Trip.TripRequest> = []
  const run = (input: Trip.TripRequestInput) =>
    Effect.sync(() => {
      asked.push(Schema.decodeUnknownSync(Trip.TripRequest)(input))
      return answers.shift()!
    })
  return { asked, run }
}

const at = (request: Trip.TripRequest | undefined) =>
  request?.dateTime === undefined ? undefined : DateTime.formatIso(request.dateTime)

const names = (page: Pages.TripPage) => page.trips.map((trip) => trip.legs[0]!.mode.name)

describe("Pages.trip", () => {
  it.effect("later asks from the minute of the last departure, for as many more as the page had there", () => {
    const { asked, run } = scripted([
      answer(
        ride("S1", "2026-03-02T07:05:00Z", "2026-03-02T07:20:00Z"),
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:22:00Z")
      ),
      answer(
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:22:00Z"),
        ride("S4", "2026-03-02T07:10:00Z", "2026-03-02T07:25:00Z"),
        ride("S3", "2026-03-02T07:15:00Z", "2026-03-02T07:30:00Z")
      )
    ])
    return Effect.gen(function*() {
      const first = yield* Pages.trip(run, request)
      expect(first.trips.length).toBe(2)
      const later = yield* Pages.trip(run, { page: first.later })
      expect(at(asked[1])).toBe("2026-03-02T07:10:00.000Z")
      expect(asked[1]?.dateTimeRefersTo).toBe("departure")
      expect(asked[1]?.numberOfTrips).toBe(3)
      // the trip of the same minute the first page did not have comes, the one it had does not
      expect(names(later)).toEqual(["S4", "S3"])
    })
  })

  it.effect("earlier asks by arrival from the minute of the first arrival", () => {
    const { asked, run } = scripted([
      answer(
        ride("S1", "2026-03-02T07:05:00Z", "2026-03-02T07:20:00Z"),
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:18:00Z")
      ),
      answer(
        ride("S0", "2026-03-02T06:55:00Z", "2026-03-02T07:10:00Z"),
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:18:00Z")
      )
    ])
    return Effect.gen(function*() {
      const first = yield* Pages.trip(run, request)
      const earlier = yield* Pages.trip(run, { page: first.earlier })
      expect(at(asked[1])).toBe("2026-03-02T07:18:00.000Z")
      expect(asked[1]?.dateTimeRefersTo).toBe("arrival")
      expect(names(earlier)).toEqual(["S0"])
    })
  })

  it.effect("a reference that is not one, or one of boards, is refused at page", () =>
    Effect.gen(function*() {
      const { run } = scripted([])
      const garbage = yield* Effect.flip(Pages.trip(run, { page: "%%%" }))
      expect(garbage._tag === "InvalidRequestError" && garbage.issues).toEqual([{
        field: "page",
        message: "is not a page reference of this client"
      }])
      const board = yield* Pages.departures(
        () => Effect.succeed(Schema.decodeUnknownSync(Departures.DeparturesResponse)({ events: [] })),
        { stop: Point.fromId("de:1:1"), dateTime: "2026-03-02T07:00:00Z" }
      )
      const wrong = yield* Effect.flip(Pages.trip(run, { page: board.later }))
      expect(wrong._tag === "InvalidRequestError" && wrong.issues[0]?.message).toBe(
        "is a page of departures, not of trip"
      )
    }))
})

// ---------------------------------------------------------------------------------------------------
// a board server: events in its order (by minute, then its own order), pages by `limit`, sessions
// ---------------------------------------------------------------------------------------------------

const BASE = Date.parse("2026-03-02T07:00:00Z")
const MINUTE = 60_000

const boardServer = (minutes: ReadonlyArray<number>, arrival: boolean) => {
  // the board's events in its order: by minute, then as generated
  const board = Schema.decodeUnknownSync(Departures.DeparturesResponse)({
    events: minutes
      .map((minute, i) => ({ minute, i }))
      .sort((a, b) => a.minute - b.minute)
      .map(({ i, minute }) => {
        const time = new Date(BASE + minute * MINUTE).toISOString()
        return {
          location: { id: "de:1:1", name: "A" },
          departureTimePlanned: time,
          ...(arrival ? { arrivalTimePlanned: time } : {}),
          lineId: `x:L${i % 3}: :H:`,
          lineName: `L${i % 3}`,
          mode: { name: `L${i % 3}`, mot: 1 },
          destination: { name: "B" },
          tripCode: i,
          cancelled: false
        }
      })
  }).events
  const timeOf = (event: Departures.StopEvent) => DateTime.toEpochMillis(Pages.eventTime(event))
  const sessions = new Map<string, { lo: number; hi: number; request: number }>()
  let asked = 0
  const run = (input: Departures.DeparturesRequestInput) =>
    Effect.sync(() => {
      asked++
      const request = Schema.decodeUnknownSync(Departures.DeparturesRequest)(withoutUndefined(input))
      const limit = request.limit ?? 40
      const open = request.sessionID === "0"
      if (request.command !== undefined && request.sessionID !== undefined) {
        const session = sessions.get(request.sessionID)!
        const range = request.command === "dmNext"
          ? [session.hi, Math.min(board.length, session.hi + limit)] as const
          : [Math.max(0, session.lo - limit), session.lo] as const
        session.lo = Math.min(session.lo, range[0])
        session.hi = Math.max(session.hi, range[1])
        session.request++
        return {
          events: board.slice(range[0], range[1]),
          locations: [],
          sessionID: request.sessionID,
          requestID: String(session.request)
        }
      }
      const from = request.dateTime === undefined ? BASE : DateTime.toEpochMillis(request.dateTime)
      const start = board.findIndex((event) => timeOf(event) >= from)
      const lo = start < 0 ? board.length : start
      const events = board.slice(lo, lo + limit)
      if (!open) return { events, locations: [] }
      const id = `S${sessions.size + 1}`
      sessions.set(id, { lo, hi: lo + events.length, request: 1 })
      return { events, locations: [], sessionID: id, requestID: "1" }
    })
  return { board, run, timeOf, asked: () => asked }
}

const keysOf = (events: ReadonlyArray<Departures.StopEvent>) => events.map(Departures.eventKey)

const boardCase = fc.record({
  // events at minutes 0 to 40, some minutes crowded (up to a dozen events in one)
  minutes: fc.oneof(
    fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 40 }),
    fc.array(fc.constantFrom(3, 4, 10, 11, 30), { maxLength: 40 }),
    fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 50 })
  ),
  start: fc.integer({ min: -5, max: 45 }),
  limit: fc.integer({ min: 1, max: 10 }),
  arrival: fc.boolean(),
  sessions: fc.boolean()
})

describe("Pages of boards: a partition", () => {
  it.effect.prop(
    "later from any page: every event after it once, in order, no empty page while more exist, then nothing",
    [boardCase],
    ([{ arrival, limit, minutes, sessions, start }]) =>
      Effect.gen(function*() {
        const server = boardServer(minutes, arrival)
        const dateTime = new Date(BASE + start * MINUTE).toISOString()
        const first = yield* Pages.departures(
          server.run,
          {
            stop: Point.fromId("de:1:1"),
            dateTime,
            limit,
            ...(arrival ? { dateTimeRefersTo: "arrival" as const } : {})
          },
          { sessions }
        )
        const expected = keysOf(server.board.filter((event) => server.timeOf(event) >= BASE + start * MINUTE))
        const got = [...keysOf(first.events)]
        let page: Pages.BoardPage = first
        for (let i = 0; got.length < expected.length && i <= expected.length; i++) {
          page = yield* Pages.departures(server.run, { page: page.later }, { sessions })
          expect(page.events.length).toBeGreaterThan(0)
          expect(page.events.length).toBeLessThanOrEqual(limit)
          got.push(...keysOf(page.events))
        }
        expect(got).toEqual(expected)
        // past the end: empty, and empty again
        const end = yield* Pages.departures(server.run, { page: page.later }, { sessions })
        expect(end.events).toEqual([])
        const after = yield* Pages.departures(server.run, { page: end.later }, { sessions })
        expect(after.events).toEqual([])
      }),
    { fastCheck: { numRuns: propertyRuns(200) } }
  )

  it.effect.prop(
    "earlier from any page: every event before it once, in order, no gap",
    [boardCase, fc.integer({ min: 0, max: 4 })],
    ([{ arrival, limit, minutes, sessions, start }, forward]) =>
      Effect.gen(function*() {
        const server = boardServer(minutes, arrival)
        const dateTime = new Date(BASE + start * MINUTE).toISOString()
        let page = yield* Pages.departures(
          server.run,
          {
            stop: Point.fromId("de:1:1"),
            dateTime,
            limit,
            ...(arrival ? { dateTimeRefersTo: "arrival" as const } : {})
          },
          { sessions }
        )
        // a few later pages first, so that the walk back starts anywhere
        for (let i = 0; i < forward; i++) page = yield* Pages.departures(server.run, { page: page.later }, { sessions })
        const all = keysOf(server.board)
        const firstKey = page.events[0] === undefined ? undefined : Departures.eventKey(page.events[0])
        const fromStart = all.findIndex((_, i) => server.timeOf(server.board[i]!) >= BASE + start * MINUTE)
        // where the page is empty (the board's end), what comes before it is what its walk has seen
        const cutIndex = firstKey !== undefined
          ? all.indexOf(firstKey)
          : forward === 0
          ? (fromStart < 0 ? all.length : fromStart)
          : all.length
        const expected = all.slice(0, cutIndex)
        const got: Array<string> = []
        for (let i = 0; got.length < expected.length && i <= expected.length; i++) {
          page = yield* Pages.departures(server.run, { page: page.earlier }, { sessions })
          if (i === 0) {
            // and the page after the earlier page is the one the walk started from, again
            const back = yield* Pages.departures(server.run, { page: page.later }, { sessions })
            expect(keysOf(back.events)).toEqual(all.slice(cutIndex, cutIndex + limit))
          }
          expect(page.events.length).toBeGreaterThan(0)
          expect(page.events.length).toBeLessThanOrEqual(limit)
          got.unshift(...keysOf(page.events))
        }
        expect(got).toEqual(expected)
        const end = yield* Pages.departures(server.run, { page: page.earlier }, { sessions })
        expect(end.events).toEqual([])
      }),
    {
      fastCheck: {
        numRuns: propertyRuns(200),
        examples: [[{ minutes: [0, 0], start: 1, limit: 1, arrival: false, sessions: true }, 0]]
      }
    }
  )

  it.effect("three departures in one minute, limit 2 then 1: no loop, no empty page", () =>
    Effect.gen(function*() {
      for (const limit of [1, 2]) {
        const server = boardServer([37, 37, 37, 38], false)
        let page = yield* Pages.departures(server.run, {
          stop: Point.fromId("de:1:1"),
          dateTime: new Date(BASE + 37 * MINUTE).toISOString(),
          limit
        })
        const got = [...keysOf(page.events)]
        while (got.length < 4) {
          page = yield* Pages.departures(server.run, { page: page.later })
          expect(page.events.length).toBeGreaterThan(0)
          got.push(...keysOf(page.events))
        }
        expect(got).toEqual(keysOf(server.board))
      }
    }))
})

// ---------------------------------------------------------------------------------------------------
// references as input
// ---------------------------------------------------------------------------------------------------

const emptyBoard = () => Effect.succeed(Schema.decodeUnknownSync(Departures.DeparturesResponse)({ events: [] }))
const boardRequest = { stop: Point.fromId("de:1:1"), dateTime: "2026-03-02T07:00:00Z", limit: 5 }

const refusal = (page: string, options?: Pages.SessionOptions) =>
  Effect.gen(function*() {
    let asked = 0
    const error = yield* Effect.flip(
      Pages.departures(
        () => {
          asked++
          return emptyBoard()
        },
        { page },
        options
      )
    )
    expect(asked).toBe(0)
    expect(error._tag).toBe("InvalidRequestError")
    return error._tag === "InvalidRequestError" ? error.issues : []
  })

// a reference's contents with its checksum made again, as someone who read the code could
const forge = (reference: string, edit: (json: Record<string, unknown>) => unknown): string =>
  forgeText(reference, (text) => JSON.stringify(edit(JSON.parse(text))))

const forgeText = (reference: string, edit: (json: string) => string): string => {
  const [payload] = reference.split(".")
  const text = Buffer.from(edit(Buffer.from(payload!, "base64url").toString("utf8")), "utf8").toString("base64url")
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x0100019d) >>> 0
  }
  return `${text}.c${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`
}

describe("Pages: references are bounded and checked", () => {
  it.effect("one nested 20,000 deep, or of 19 MB, is refused at page before any request, never a defect", () =>
    Effect.gen(function*() {
      const page = yield* Pages.departures(emptyBoard, boardRequest)
      const nest = (depth: number) => (text: string) =>
        text.replace(/"request":\{/, `"request":{"x":${"[".repeat(depth)}${"]".repeat(depth)},`)
      expect((yield* refusal(forgeText(page.later, nest(20_000))))[0]?.field).toBe("page")
      const deep = forgeText(page.later, nest(5_000))
      expect((yield* refusal(deep))[0]?.message).toMatch(/nested deeper/)
      const big = `${"A".repeat(19_000_000)}.c0`
      expect((yield* refusal(big))[0]?.message).toMatch(/longer than/)
    }))

  it("a request nested 20,000 deep is cleaned without a RangeError", () => {
    const deep = JSON.parse("[".repeat(20_000) + "]".repeat(20_000))
    expect(() => withoutUndefined({ a: deep })).not.toThrow()
  })

  it.effect("contents that are no request of the operation, or name the session's parameters, are refused", () =>
    Effect.gen(function*() {
      const page = yield* Pages.departures(emptyBoard, boardRequest)
      const unknown = forge(
        page.later,
        (json) => ({ ...json, request: { ...json["request"] as object, baseUrl: "http://evil/" } })
      )
      expect((yield* refusal(unknown))[0]).toEqual({ field: "page", message: "holds no request of departures" })
      const session = forge(
        page.later,
        (json) => ({ ...json, request: { ...json["request"] as object, sessionID: "X" } })
      )
      expect((yield* refusal(session))[0]?.message).toMatch(/names sessionID/)
      const limit = forge(page.later, (json) => ({ ...json, request: { ...json["request"] as object, limit: 10_000 } }))
      expect((yield* refusal(limit))[0]?.message).toBe("holds no request of departures")
    }))

  it.effect("without a key a corrupted reference is caught by its checksum", () =>
    Effect.gen(function*() {
      const page = yield* Pages.departures(emptyBoard, boardRequest)
      const [payload, seal] = page.later.split(".")
      const flipped = (payload!.startsWith("e") ? "f" : "e") + payload!.slice(1)
      expect((yield* refusal(`${flipped}.${seal}`))[0]?.message).toMatch(/altered/)
    }))

  it.effect("with a key an edited or forged reference is refused; the key's own references pass", () =>
    Effect.gen(function*() {
      const options = { pageKey: Redacted.make("a key of sixteen+ characters") }
      const page = yield* Pages.departures(emptyBoard, boardRequest, options)
      expect(page.later).toMatch(/\.h/)
      const next = yield* Pages.departures(emptyBoard, { page: page.later }, options)
      expect(next.events).toEqual([])
      // an edited destination, a forged cut, a forged session: each with a checksum remade, or the seal kept
      const edited = forge(page.later, (json) => ({ ...json, request: { ...json["request"] as object, limit: 1 } }))
      expect((yield* refusal(edited, options))[0]?.message).toBe("is not signed with this client's key")
      const [payload, seal] = page.later.split(".")
      const json = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"))
      const forgedSession = Buffer.from(
        JSON.stringify({ ...json, session: { id: "SOMEONE", requestID: "1", command: "dmNext" } })
      ).toString("base64url")
      expect((yield* refusal(`${forgedSession}.${seal}`, options))[0]?.message).toBe(
        "was altered, or made with another key"
      )
      const other = yield* Pages.departures(emptyBoard, boardRequest, { pageKey: "another key of 16+ chars" })
      expect((yield* refusal(other.later, options))[0]?.message).toBe("was altered, or made with another key")
      // a signed reference read without the key
      expect((yield* refusal(page.later))[0]?.message).toMatch(/needs the key/)
    }))

  it("a reference's request passes as a request of its operation", () => {
    const decoded = Schema.decodeUnknownEither(Departures.DeparturesRequest)({ ...boardRequest })
    expect(Either.isRight(decoded)).toBe(true)
  })
})
