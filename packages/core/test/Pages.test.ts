import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Schema } from "effect"
import { Departures, Pages, Point, Trip } from "../src/index.js"

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

describe("Pages.trip", () => {
  it.effect("later asks a minute after the last departure; a trip the page had is dropped", () => {
    const { asked, run } = scripted([
      answer(
        ride("S1", "2026-03-02T07:05:00Z", "2026-03-02T07:20:00Z"),
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:22:00Z")
      ),
      answer(
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:22:00Z"),
        ride("S3", "2026-03-02T07:15:00Z", "2026-03-02T07:30:00Z")
      )
    ])
    return Effect.gen(function*() {
      const first = yield* Pages.trip(run, request)
      expect(first.trips.length).toBe(2)
      const later = yield* Pages.trip(run, { page: first.later })
      expect(at(asked[1])).toBe("2026-03-02T07:11:00.000Z")
      expect(asked[1]?.dateTimeRefersTo).toBe("departure")
      expect(asked[1]?.numberOfTrips).toBe(2)
      expect(later.trips.map((trip) => trip.legs[0]!.mode.name)).toEqual(["S3"])
    })
  })

  it.effect("earlier asks by arrival up to a minute before the first arrival", () => {
    const { asked, run } = scripted([
      answer(
        ride("S1", "2026-03-02T07:05:00Z", "2026-03-02T07:20:00Z"),
        ride("S2", "2026-03-02T07:10:00Z", "2026-03-02T07:18:00Z")
      ),
      answer(ride("S0", "2026-03-02T06:55:00Z", "2026-03-02T07:10:00Z"))
    ])
    return Effect.gen(function*() {
      const first = yield* Pages.trip(run, request)
      const earlier = yield* Pages.trip(run, { page: first.earlier })
      expect(at(asked[1])).toBe("2026-03-02T07:17:00.000Z")
      expect(asked[1]?.dateTimeRefersTo).toBe("arrival")
      expect(earlier.trips.length).toBe(1)
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
