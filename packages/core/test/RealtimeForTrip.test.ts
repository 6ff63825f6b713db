import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { Operations, Profile, RapidJson, RealtimeForTrip, Trip } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const rapid = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }).realtimeForTrip
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")
const utc = (text: string) => DateTime.unsafeMake(text)

// a planned trip as the contract writes it: a ride with a trip code, a walk, a ride without one
const planned = Schema.decodeUnknownSync(Trip.Trip)({
  duration: 1800,
  interchange: 1,
  legs: [
    {
      mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
      origin: { id: "de:09999:1", name: "Hbf", departureTimePlanned: "2026-03-02T07:25:00Z", platform: "3" },
      destination: { id: "de:09999:42", name: "Beispieldorf", arrivalTimePlanned: "2026-03-02T07:37:00Z" },
      lineId: "mus:10001: :H:",
      tripCode: 48600,
      stops: [
        { id: "de:09999:1", name: "Hbf", departureTimePlanned: "2026-03-02T07:25:00Z" },
        { id: "de:09999:42", name: "Beispieldorf", arrivalTimePlanned: "2026-03-02T07:37:00Z" }
      ]
    },
    {
      mode: { name: "Fußweg", mot: 99 },
      origin: { id: "de:09999:42", name: "Beispieldorf", departureTimePlanned: "2026-03-02T07:37:00Z" },
      destination: { id: "de:09999:43", name: "Nord", arrivalTimePlanned: "2026-03-02T07:40:00Z" }
    },
    {
      mode: { name: "Bus 42", mot: 5 },
      origin: { id: "de:09999:43", name: "Nord", departureTimePlanned: "2026-03-02T07:45:00Z" },
      destination: { id: "de:09999:50", name: "Endhausen", arrivalTimePlanned: "2026-03-02T07:55:00Z" },
      lineId: "mus:10042: :R:"
    }
  ]
})

describe("RealtimeForTrip request", () => {
  it("takes each leg's line, class, trip code and its ends with their planned times from the trip", () => {
    const request = RealtimeForTrip.fromTrip(planned)!
    expect(request.journey.legs.map((leg) => leg.transportation)).toEqual([
      { id: "mus:10001: :H:", product: { class: 1 }, properties: { tripCode: 48600 } },
      { product: { class: 99 } },
      { id: "mus:10042: :R:", product: { class: 5 } }
    ])
    expect(RealtimeForTrip.fromTrip({ ...planned, legs: [] })).toBeUndefined()
  })

  it("sends the journey as one JSON parameter, without stop sequences or coordinates", () => {
    const query = toQueryString(
      Schema.encodeSync(RealtimeForTrip.RealtimeForTripQuery)(
        RealtimeForTrip.fromTrip({ ...planned, legs: [planned.legs[0]!] })!
      )
    )
    expect(decodeURIComponent(query.replace(/\+/g, " "))).toBe(
      "journey=" + JSON.stringify({
        legs: [{
          transportation: { id: "mus:10001: :H:", product: { class: 1 }, properties: { tripCode: 48600 } },
          origin: { id: "de:09999:1", departureTimePlanned: "2026-03-02T07:25:00Z" },
          destination: { id: "de:09999:42", arrivalTimePlanned: "2026-03-02T07:37:00Z" }
        }]
      })
    )
  })

  it("takes times as people write them: an ISO string, a Date or a DateTime", () => {
    const written = {
      journey: {
        legs: [{
          transportation: {},
          origin: { id: "de:09999:1", departureTimePlanned: new Date("2026-03-02T07:25:00Z") },
          destination: { id: "de:09999:42", arrivalTimePlanned: "2026-03-02T08:37:00+01:00" }
        }]
      }
    }
    const request = Schema.decodeUnknownSync(RealtimeForTrip.RealtimeForTripRequest)(written)
    expect(request.journey.legs[0].origin.departureTimePlanned).toEqual(utc("2026-03-02T07:25:00Z"))
    expect(request.journey.legs[0].destination.arrivalTimePlanned).toEqual(utc("2026-03-02T07:37:00Z"))
  })

  it("a missing, garbled or legless journey is reported at journey", () => {
    for (const query of ["", "journey=%7Bx", "journey=%7B%22legs%22%3A%5B%5D%7D", "journey=%5B%5D"]) {
      const decoded = Schema.decodeUnknownEither(RealtimeForTrip.RealtimeForTripQuery)(fromQueryString(query))
      expect(Either.isLeft(decoded) && String(decoded.left), query).toContain("journey")
    }
  })

  it.prop(
    "decode(encode(r)) = r",
    [Arbitraries.make(Schema.typeSchema(RealtimeForTrip.RealtimeForTripRequest))],
    ([r]) => {
      const query = RealtimeForTrip.RealtimeForTripQuery
      expect(Schema.decodeUnknownSync(query)(Schema.encodeSync(query)(r))).toEqual(r)
    },
    { fastCheck: { numRuns: propertyRuns(100) } }
  )

  it("no built-in profile offers it; a profile that lists it does, and so does a client without a profile", () => {
    for (const name of Profile.names) expect(Profile.offers(Profile.get(name), "realtimeForTrip"), name).toBe(false)
    expect(Profile.offers({ ...Profile.profiles.vvs, operations: ["trip", "realtimeForTrip"] }, "realtimeForTrip"))
      .toBe(true)
    expect(Profile.offers(undefined, "realtimeForTrip")).toBe(true)
    expect(Profile.offers(Profile.get("vvs"), "lines")).toBe(true)
    expect(Operations.all.realtimeForTrip.path).toBe("XML_GETRTFORTRIP_REQUEST")
  })
})

describe("RealtimeForTrip response", () => {
  it("reads rapidJSON journey as the trip operation reads its journeys", () => {
    const text = fixture("realtime-for-trip")
    const decoded = Schema.decodeUnknownSync(rapid)(JSON.parse(text))
    expect(makeJsonDecoder(rapid)(JSON.parse(text), text)).toEqual(Either.right(decoded))
    expect(decoded).toEqual({
      trip: {
        duration: 1800,
        interchange: 1,
        cancelled: true,
        legs: [
          {
            mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
            origin: {
              id: "de:09999:1",
              name: "Musterstadt, Hauptbahnhof",
              type: "stop",
              departureTimePlanned: utc("2026-03-02T07:25:00Z"),
              departureTimeEstimated: utc("2026-03-02T07:31:00Z"),
              platform: "3"
            },
            destination: {
              id: "de:09999:42",
              name: "Beispieldorf",
              type: "stop",
              arrivalTimePlanned: utc("2026-03-02T07:37:00Z"),
              arrivalTimeEstimated: utc("2026-03-02T07:43:00Z"),
              platform: "1"
            },
            realtimeStatus: "MONITORED",
            isRealtimeControlled: true,
            lineId: "mus:10001: :H:",
            tripCode: 48600,
            line: { name: "S-Bahn S1", shortName: "S1", product: "S-Bahn" },
            cancelled: false
          },
          {
            mode: { name: "Fußweg", mot: 99 },
            origin: { id: "de:09999:42", name: "Beispieldorf", departureTimePlanned: utc("2026-03-02T07:37:00Z") },
            destination: {
              id: "de:09999:43",
              name: "Beispieldorf Nord",
              arrivalTimePlanned: utc("2026-03-02T07:40:00Z")
            },
            cancelled: false
          },
          {
            mode: { name: "Bus 42", mot: 5 },
            origin: { id: "de:09999:43", name: "Beispieldorf Nord", departureTimePlanned: utc("2026-03-02T07:45:00Z") },
            destination: { id: "de:09999:50", name: "Endhausen", arrivalTimePlanned: utc("2026-03-02T07:55:00Z") },
            realtimeStatus: "TRIP_CANCELLED",
            lineId: "mus:10042: :R:",
            line: { name: "Bus 42" },
            cancelled: true
          }
        ]
      },
      systemMessages: []
    })
  })

  it("an answer without journey has no trip", () => {
    expect(Schema.decodeUnknownSync(rapid)({ version: "10.5.17.3" })).toEqual({})
  })
})
