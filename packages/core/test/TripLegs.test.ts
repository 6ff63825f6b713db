// What a trip's legs carry in rapidJSON: stops, trip codes, lines, notices, cancellations, occupancy, step-free
// access, interchange walks and fares; one small fixture per quirk, with invented values.
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, ParseResult, Schema } from "effect"
import { readFileSync } from "node:fs"
import { RapidJson, Trip, TripStops } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

const schemas = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
const instant = (iso: string) => DateTime.unsafeMake(iso) as DateTime.Utc

// Decodes as the client does (fast path in place) and as Effect does; both must agree.
const decodeText = (text: string): Trip.TripResponse => {
  const client = makeJsonDecoder(schemas.trip)(JSON.parse(text), text)
  const effect = Schema.decodeUnknownEither(schemas.trip)(JSON.parse(text))
  if (Either.isLeft(effect)) throw new Error(ParseResult.TreeFormatter.formatErrorSync(effect.left))
  expect(client).toEqual(effect)
  return effect.right
}
const decode = (name: string) => decodeText(fixture(name))

// The client's DecodeError names the first issue's path in the server's document.
const firstIssuePath = (text: string): string => {
  const result = makeJsonDecoder(schemas.trip)(JSON.parse(text), text)
  if (Either.isRight(result)) throw new Error("expected a failure")
  return ParseResult.ArrayFormatter.formatErrorSync(result.left)[0]!.path.join(".")
}

describe("a leg's stops and run", () => {
  it("reads every stop with its times, platform, occupancy and access; no estimate where the server gave none", () => {
    const [trip] = decode("trip-stop-sequence").trips
    const [leg] = trip!.legs
    expect(leg!.stops).toEqual([
      {
        id: "900201",
        name: "Ufer Station, Platform 1",
        type: "platform",
        parent: { id: "9002", name: "Ufer Station", type: "stop" },
        platform: "Platform 1",
        departureTimePlanned: instant("2030-05-06T07:00:00Z"),
        departureTimeEstimated: instant("2030-05-06T07:01:00Z"),
        cancelled: false,
        occupancy: "manySeats",
        wheelchairAccessible: true
      },
      {
        id: "900301",
        name: "Markt Station, Platform 1",
        type: "platform",
        platform: "Platform 1",
        arrivalTimePlanned: instant("2030-05-06T07:05:00Z"),
        departureTimePlanned: instant("2030-05-06T07:05:30Z"),
        cancelled: false,
        // a value of a newer release: no level, the value kept
        occupancyRaw: "SOMETHING_NEW",
        wheelchairAccessible: false
      },
      {
        id: "900401",
        name: "Hafen Station, Platform 2",
        type: "platform",
        platform: "Platform 2",
        arrivalTimePlanned: instant("2030-05-06T07:10:00Z"),
        // "maybe" is not a yes or a no
        cancelled: false
      }
    ])
  })

  it("reads the trip code, the line, the notices of infos and hints, the vehicle and the interchange walk", () => {
    const [trip] = decode("trip-stop-sequence").trips
    const { coords: _, stops: __, ...leg } = trip!.legs[0]!
    expect(trip!.cancelled).toBe(false)
    expect(leg).toEqual({
      mode: { name: "Beispielbahn Netz T9 Hafen Linie", mot: 1, number: "T9" },
      origin: {
        id: "900201",
        name: "Ufer Station, Platform 1",
        type: "platform",
        departureTimePlanned: instant("2030-05-06T07:00:00Z"),
        departureTimeEstimated: instant("2030-05-06T07:01:00Z"),
        platform: "Platform 1",
        parent: { id: "9002", name: "Ufer Station", type: "stop" }
      },
      destination: {
        id: "900401",
        name: "Hafen Station, Platform 2",
        type: "platform",
        arrivalTimePlanned: instant("2030-05-06T07:10:00Z"),
        platform: "Platform 2"
      },
      realtimeStatus: "MONITORED",
      isRealtimeControlled: true,
      lineId: "tst:020T9: :R:sj2",
      // a numeric string
      tripCode: 618,
      line: {
        name: "Beispielbahn Netz T9 Hafen Linie",
        shortName: "T9",
        description: "Ufer to Hafen",
        product: "Beispielbahn Netz",
        operator: { id: "x0001", name: "Beispielbahn" },
        destination: { id: "10109999", name: "Hafen" }
      },
      notices: [
        {
          id: "ems-7",
          type: "lineInfo",
          title: "Platforms may change at short notice",
          text: "<div>Please listen for announcements.</div>",
          url: "https://example.test/alerts/ems-7",
          priority: "veryLow",
          subtitle: "Platforms may change at short notice",
          urlText: "Platforms may change at short notice",
          version: "3",
          source: "info"
        },
        { id: "FGate", type: "Timetable", text: "Gates close two minutes before departure.", source: "hint" }
      ],
      cancelled: false,
      // the origin's occupancy, beyond the five levels: full, with EFA's value
      occupancy: "full",
      occupancyRaw: "CRUSHED_STANDING",
      wheelchairAccessible: false,
      lowFloor: true,
      interchange: {
        position: "after",
        duration: 240,
        // every element has a distance: their sum, the unknown element's included
        distance: 85,
        // an element of an unknown kind is left out
        elements: [
          { type: "level", direction: "level", levelFrom: 0, levelTo: 0 },
          { type: "stairs", direction: "down", levelFrom: 0, levelTo: -1 },
          { type: "lift", direction: "up", levelFrom: -1, levelTo: 1 }
        ]
      }
    })
  })

  it("gives the request for the leg's whole run: its line, trip code, origin stop and time", () => {
    const leg = decode("trip-stop-sequence").trips[0]!.legs[0]!
    expect(TripStops.fromLeg(leg)).toEqual({
      line: "tst:020T9: :R:sj2",
      stop: "9002",
      tripCode: 618,
      dateTime: instant("2030-05-06T07:00:00Z")
    })
    const { tripCode: _, ...withoutCode } = leg
    expect(TripStops.fromLeg(withoutCode)).toBeUndefined()
  })

  it("a cancelled stop, a cancelled leg and so a cancelled trip", () => {
    const [trip] = decode("trip-cancelled-stop").trips
    const [first, second] = trip!.legs
    expect(first!.stops![1]).toEqual({
      id: "de:99001:200",
      name: "Mühlweg",
      arrivalTimePlanned: instant("2030-04-01T06:15:00Z"),
      departureTimePlanned: instant("2030-04-01T06:15:00Z"),
      cancelled: true
    })
    expect(first!.stops!.map((stop) => stop.cancelled)).toEqual([false, true, false])
    expect(first!.cancelled).toBe(false)
    // the status as a string, and a stop's status as a string
    expect(second!.cancelled).toBe(true)
    expect(second!.stops!.map((stop) => stop.cancelled)).toEqual([true, true])
    expect(trip!.cancelled).toBe(true)
  })

  it("a platform change: the platform used and the planned one; a platform named only in disassembledName", () => {
    const [leg] = decode("trip-platform-change").trips[0]!.legs
    expect(leg!.origin.platform).toBe("Gleis 7")
    expect(leg!.stops![0]).toMatchObject({ platform: "Gleis 7", plannedPlatform: "Gleis 5" })
    expect(leg!.destination.platform).toBe("Gleis 2")
    expect(leg!.stops![1]!.platform).toBe("Gleis 2")
    expect(leg!.stops![1]!.plannedPlatform).toBeUndefined()
  })
})

describe("a ride at its platforms, its path and the days it runs", () => {
  it("reads the ends and the stops as platforms with the stop as parent; coords as a polyline; daysOfService", () => {
    const [trip] = decode("trip-platform-legs").trips
    const [leg] = trip!.legs
    expect(leg!.origin).toEqual({
      id: "de:09999:410:90:3",
      name: "Beispielstadt Hbf",
      type: "platform",
      departureTimePlanned: instant("2031-02-03T09:12:00Z"),
      departureTimeEstimated: instant("2031-02-03T09:12:00Z"),
      platform: "3",
      parent: {
        id: "de:09999:410",
        name: "Beispielstadt Hbf",
        type: "stop",
        parent: { id: "placeID:9999000:4", name: "Beispielstadt", type: "locality" }
      }
    })
    expect(leg!.destination).toEqual({
      id: "de:09999:520:2:1",
      name: "Nordhafen",
      type: "platform",
      arrivalTimePlanned: instant("2031-02-03T09:26:00Z"),
      arrivalTimeEstimated: instant("2031-02-03T09:27:00Z"),
      // a platform named only in its disassembledName
      platform: "Gleis 1",
      parent: {
        id: "5000520",
        name: "Nordhafen",
        type: "stop",
        parent: { id: "placeID:9999000:4", name: "Beispielstadt", type: "locality" }
      }
    })
    expect(leg!.stops!.map((stop) => [stop.type, stop.id, stop.parent?.id, stop.platform])).toEqual([
      ["platform", "de:09999:410:90:3", "de:09999:410", "3"],
      ["platform", "de:09999:520:2:1", "5000520", "Gleis 1"]
    ])
    // the path: [lat, lon] pairs, what follows a pair left out
    expect(leg!.coords).toEqual([[51.50001, 7.10002], [51.5102, 7.12501], [51.51998, 7.14997]])
    expect(trip!.daysOfService).toEqual({ rvb: "0000000000F1E3C00000000000000000", texts: ["Mo - Fr"] })
    // the run's stops are asked at the stop, not the platform
    expect(TripStops.fromLeg({ ...leg!, tripCode: 7 })?.stop).toBe("de:09999:410")
  })
})

describe("a leg's notices as real servers write them", () => {
  it("reads a notice without title by its subtitle, with its version, short text and links; a hint by its provider code", () => {
    const [leg] = decode("trip-notices").trips[0]!.legs
    expect(leg!.notices).toEqual([
      {
        id: "ems-12",
        type: "lineInfo",
        // no title: the subtitle
        title: "Anleger kann kurzfristig wechseln",
        text: "<div>Bitte achten Sie auf Ansagen.</div>",
        url: "https://example.test/alerts/ems-12",
        priority: "veryLow",
        subtitle: "Anleger kann kurzfristig wechseln",
        urlText: "Anleger kann kurzfristig wechseln",
        version: "4711",
        smsText: "Anleger kann kurzfristig wechseln",
        links: [{
          urlText: "Anleger kann kurzfristig wechseln",
          url: "https://example.test/alerts/ems-12",
          content: "<div>Bitte achten Sie auf Ansagen.</div>",
          subtitle: "Anleger kann kurzfristig wechseln"
        }],
        source: "info"
      },
      {
        id: "ZTP-7",
        type: "tripMessage",
        title: "Ersatzschiff am Wochenende",
        text: "Am Wochenende fährt ein Ersatzschiff.",
        url: "https://example.test/info-link/7",
        priority: "veryHigh",
        subtitle: "Ersatzschiff am Wochenende",
        urlText: "",
        // VRR writes the version as a string
        version: "1697595796",
        source: "info"
      },
      { id: "FR", type: "Timetable", text: "Fahrradmitnahme reservierungspflichtig", source: "hint" }
    ])
  })
})

describe("a trip's fare", () => {
  it("reads two tickets and two zones; unknown ticket fields are ignored; zones nested or flat", () => {
    const [trip] = decode("trip-fare").trips
    expect(trip!.fare).toEqual({
      tickets: [
        {
          id: "020121",
          name: "Einzelfahrschein",
          price: 3.6,
          currency: "EUR",
          person: "ADULT",
          travellerClass: "SECOND",
          validMinutes: 180,
          network: "tst",
          priceLevel: "2",
          fromLeg: 0,
          toLeg: 1
        },
        {
          id: "020221",
          name: "Einzelfahrschein",
          price: 1.8,
          currency: "EUR",
          person: "CHILD",
          travellerClass: "SECOND",
          network: "tst",
          priceLevel: "2",
          fromLeg: 0,
          toLeg: 1
        }
      ],
      zones: [
        { network: "tst", zones: ["1"], fromLeg: 0, toLeg: 0 },
        { network: "tst", zones: ["2", "2a"], fromLeg: 1, toLeg: 1 }
      ]
    })
  })

  it("prices a trip by whole tickets, per person, never per leg", () => {
    const [trip] = decode("trip-fare").trips
    const adult = trip!.fare!.tickets[0]!
    expect(Trip.price(trip!)).toEqual({ amount: 3.6, currency: "EUR", tickets: [adult] })
    expect(Trip.price(trip!, "CHILD")?.amount).toBe(1.8)
    expect(Trip.price(trip!, "SENIOR")).toBeUndefined()
    // two tickets of consecutive parts cover the trip together
    const parts = {
      ...trip!,
      fare: {
        tickets: [{ ...adult, toLeg: 0, price: 2 }, { ...adult, fromLeg: 1, price: 2.1 }, { ...adult, price: 4.5 }],
        zones: []
      }
    }
    expect(Trip.price(parts)?.amount).toBe(4.1)
    // a walk after the rides needs no ticket
    const walk = { ...trip!.legs[1]!, mode: { name: "Fußweg", mot: 100 } }
    const { line: _, ...walkWithoutLine } = walk
    expect(Trip.price({ ...trip!, legs: [...trip!.legs, walkWithoutLine] })?.amount).toBe(3.6)
  })

  it("a malformed price, time or stop fails at its path in the server's document", () => {
    const text = fixture("trip-fare")
    expect(firstIssuePath(text.replace(`"priceBrutto": 3.6`, `"priceBrutto": "3,60"`)))
      .toBe("journeys.0.fare.tickets.0.priceBrutto")
    expect(firstIssuePath(text.replace(`"toLeg": 1, "net": "tst", "person": "CHILD"`, `"toLeg": -1, "net": "tst"`)))
      .toBe("journeys.0.fare.tickets.1.toLeg")
    const stops = fixture("trip-stop-sequence")
    expect(
      firstIssuePath(stops.replace(`"departureTimePlanned": "2030-05-06T07:05:30Z"`, `"departureTimePlanned": "soon"`))
    )
      .toBe("journeys.0.legs.0.stopSequence.1.departureTimePlanned")
    expect(firstIssuePath(stops.replace(`"id": "900301", `, "")))
      .toBe("journeys.0.legs.0.stopSequence.1.id")
    expect(firstIssuePath(stops.replace(`"stopSequence": [`, `"stopSequence": [7, `)))
      .toBe("journeys.0.legs.0.stopSequence.0")
  })
})
