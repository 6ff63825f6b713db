import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, ParseResult, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { Departures, DepartureWatch, Point, Profile, RapidJson, TripStops } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const sydney = DateTime.zoneUnsafeMakeNamed("Australia/Sydney")
const query = Departures.DeparturesQuery({ timeZone: berlin })
const tripStopsQuery = TripStops.TripStopsQuery({ timeZone: berlin })
const instant = (iso: string) => DateTime.unsafeMake(iso) as DateTime.Utc

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

const german = RapidJson.responses({ timeZone: berlin })
const tfnsw = RapidJson.responses({ timeZone: sydney, productClasses: Profile.profiles.tfnsw.productClasses })

// Decodes as the client does (fast path) and as Effect does; both must agree.
const decode = <A>(schema: Schema.Schema<A, any>, name: string): A => {
  const text = fixture(name)
  const client = makeJsonDecoder(schema)(JSON.parse(text), text)
  const effect = Schema.decodeUnknownEither(schema)(JSON.parse(text))
  if (Either.isLeft(effect)) throw new Error(ParseResult.TreeFormatter.formatErrorSync(effect.left))
  expect(client).toEqual(effect)
  return effect.right
}

const request = (input: Departures.DeparturesRequestInput) => Schema.decodeSync(Departures.DeparturesRequest)(input)
const encode = (input: Departures.DeparturesRequestInput) => toQueryString(Schema.encodeSync(query)(request(input)))
const issuesOf = (text: string): Array<string> => {
  const result = Schema.decodeUnknownEither(query)(fromQueryString(text))
  return Either.isLeft(result)
    ? ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))
    : []
}

describe("Departures request", () => {
  it("is encoded as public clients send it: mode=direct, the stop, useRealtime=1, local time, dep", () => {
    expect(encode({ stop: Point.any("de:08111:6118"), dateTime: "2026-03-02T07:30:00Z", limit: 10 })).toBe(
      "mode=direct&type_dm=any&name_dm=de:08111:6118&useRealtime=1&limit=10&itdDate=20260302&itdTime=0830" +
        "&itdDateTimeDepArr=dep"
    )
  })

  it("sends every option a board user needs, each at its parameter", () => {
    expect(encode({
      stop: Point.any("Stuttgart Hbf"),
      dateTimeRefersTo: "arrival",
      timetableOnly: true,
      mergeAssignedStops: false,
      nearbyStops: false,
      lines: ["vvs:11001: :H:j26", "vvs:10001: :R:"],
      direction: Point.any("de:08116:2400"),
      modes: [3, 1, 3],
      stopSequence: true
    })).toBe(
      "mode=direct&type_dm=any&name_dm=Stuttgart+Hbf&deleteAssignedStops_dm=1&useProxFootSearch=0" +
        "&line=vvs:11001:+:H:j26&line=vvs:10001:+:R:&itdDateTimeDepArr=arr&type_arr=any&name_arr=de:08116:2400" +
        "&includedMeans=checkbox&depType=stopEvents&includeCompleteStopSeq=1&inclMOT_1=1&inclMOT_3=1"
    )
  })

  it("reads a query back; absent itdDateTimeDepArr is a departure board, absent useRealtime planned times only", () => {
    const read = Schema.decodeUnknownSync(query)(fromQueryString("mode=direct&type_dm=any&name_dm=Feuersee"))
    expect(read).toEqual({ stop: Point.any("Feuersee"), dateTimeRefersTo: "departure", timetableOnly: true })
  })

  it("inclMOT_<ID> counts by presence, also sent as 0; a single flag sent as 0 stays off", () => {
    const read = Schema.decodeUnknownSync(query)(
      fromQueryString(
        "mode=direct&type_dm=any&name_dm=Feuersee&includedMeans=checkbox&inclMOT_1=0&inclMOT_5=false&useRealtime=0"
      )
    )
    expect(read).toEqual({
      stop: Point.any("Feuersee"),
      dateTimeRefersTo: "departure",
      timetableOnly: true,
      modes: [1, 5]
    })
  })

  it("names each bad parameter", () => {
    expect(issuesOf("type_dm=any&name_dm=x")).toEqual(["mode"])
    expect(issuesOf("mode=direct&type_dm=any&name_dm=x&limit=0")).toEqual(["limit"])
    expect(issuesOf("mode=direct&type_dm=any&name_dm=x&itdDateTimeDepArr=later")).toEqual(["itdDateTimeDepArr"])
    expect(issuesOf("mode=direct&type_dm=any&name_dm=x&itdDate=20260302")).toEqual(["itdTime"])
    expect(issuesOf("mode=direct&type_dm=any&name_dm=x&inclMOT_3=1&type_arr=any")).toEqual(
      expect.arrayContaining(["includedMeans", "name_arr"])
    )
    expect(issuesOf("mode=direct&type_dm=any&name_dm=x&deleteAssignedStops_dm=yes")).toEqual([
      "deleteAssignedStops_dm"
    ])
  })

  it.prop("decode(encode(r)) = r", [Arbitraries.make(Schema.typeSchema(Departures.DeparturesRequest))], ([r]) => {
    expect(Schema.decodeUnknownSync(query)(Schema.encodeSync(query)(r))).toEqual(r)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})

describe("TripStops request", () => {
  it("is encoded from a board event as public clients send it", () => {
    const event = decode(german.departures, "departures-platform-change").events[0]!
    const r = TripStops.fromEvent(event)!
    expect(r).toEqual({
      line: "mus:10003: :R:j26",
      stop: "de:09999:1",
      tripCode: 3107,
      dateTime: instant("2026-05-04T07:20:00Z")
    })
    expect(toQueryString(Schema.encodeSync(tripStopsQuery)(r))).toBe(
      "line=mus:10003:+:R:j26&stop=de:09999:1&tripCode=3107&date=20260504&time=09:20&tStOTType=all&useRealtime=1"
    )
  })

  it.prop(
    "decode(encode(r)) = r",
    [Arbitraries.make(Schema.typeSchema(TripStops.TripStopsRequest))],
    ([r]) => {
      expect(Schema.decodeUnknownSync(tripStopsQuery)(Schema.encodeSync(tripStopsQuery)(r))).toEqual(r)
    },
    { fastCheck: { numRuns: propertyRuns(100) } }
  )
})

describe("rapidJSON boards", () => {
  it("an event without real-time data has no estimate; a TfNSW bus stand is the platform; a string trip code", () => {
    const board = decode(tfnsw.departures, "departures-no-estimate")
    expect(board.locations).toEqual([{
      id: "G900101",
      name: "Quarry Rd opp Mill St, Ferndale",
      type: "stop",
      isBest: true,
      matchQuality: 100000,
      coord: { lat: -33.81234, lon: 151.10234 },
      assignedStops: [{ id: "G900101", name: "Quarry Rd opp Mill St, Ferndale", productClasses: [5] }],
      parent: { id: "placeID:95300001:1", name: "Ferndale", type: "locality" }
    }])
    expect(board.systemMessages).toEqual([])
    const common = {
      location: {
        id: "900101",
        name: "Quarry Rd opp Mill St, Ferndale",
        type: "platform",
        parent: { id: "G900101", name: "Quarry Rd opp Mill St, Ferndale", type: "stop" }
      },
      platform: "Quarry Rd opp Mill St",
      plannedPlatform: "Quarry Rd opp Mill St",
      lineId: "nsw:30777: :R:sj2",
      lineName: "777",
      mode: { name: "Sample Buses Network 777", mot: 5, number: "777" },
      destination: { id: "10900999", name: "Harbour Wharf" },
      cancelled: false
    }
    expect(board.events).toEqual([
      {
        ...common,
        location: {
          ...common.location,
          parent: { ...common.location.parent, parent: { name: "Ferndale", type: "locality" } }
        },
        departureTimePlanned: instant("2026-05-04T02:10:00Z"),
        departureTimeEstimated: instant("2026-05-04T02:12:30Z"),
        tripCode: 215,
        realtimeStatus: ["MONITORED"],
        wheelchairAccessible: true
      },
      { ...common, departureTimePlanned: instant("2026-05-04T02:40:00Z"), tripCode: 216 }
    ])
    expect(Departures.delayMinutes(board.events[0]!)).toBe(3)
    expect(Departures.delayMinutes(board.events[1]!)).toBeUndefined()
  })

  it("a cancellation: isCancelled, or DEPARTURE_CANCELLED on the call; the event's notices", () => {
    const { events } = decode(german.departures, "departures-cancelled")
    expect(events.map((event) => event.cancelled)).toEqual([true, true])
    expect(events[0]).toEqual({
      location: { id: "de:09999:100:1:2", name: "Marktplatz", type: "platform" },
      departureTimePlanned: instant("2026-05-04T06:05:00Z"),
      platform: "2",
      lineId: "mus:02004: :H:j26",
      lineName: "4",
      mode: { name: "Straßenbahn 4", mot: 4, number: "4" },
      destination: { id: "de:09999:400", name: "Musterstadt, Südfriedhof" },
      tripCode: 1204,
      cancelled: true,
      realtimeStatus: ["MONITORED", "TRIP_CANCELLED"],
      notices: [{
        id: "mus-2026-88",
        type: "lineInfo",
        priority: "high",
        title: "Linie 4: Ausfälle",
        text: "<p>Einzelne Fahrten entfallen wegen Personalmangels.</p>",
        url: "https://example.invalid/stoerungen/88"
      }]
    })
  })

  it("a platform change: platform and planned platform differ", () => {
    const [event] = decode(german.departures, "departures-platform-change").events
    expect(event).toMatchObject({ platform: "Gleis 7", plannedPlatform: "Gleis 5", lineName: "S3", mode: { mot: 1 } })
    expect(event!.location.parent).toEqual({
      id: "de:09999:1",
      name: "Musterstadt, Hauptbahnhof",
      type: "stop",
      parent: { id: "placeID:9999000:1", name: "Musterstadt", type: "locality" }
    })
  })

  it("KVV's platform location: the platform named only in disassembledName; occupancy and the vehicle's access", () => {
    const [event] = decode(german.departures, "departures-platform-location").events
    expect(event).toMatchObject({
      location: { id: "de:08212:1:2:2", name: "Marktplatz", type: "platform" },
      platform: "Gleis 2",
      occupancy: "standingOnly",
      wheelchairAccessible: true,
      lowFloor: true,
      tripCode: 512
    })
    expect(event!.plannedPlatform).toBeUndefined()
    expect(event!.occupancyRaw).toBeUndefined()
    expect(TripStops.fromEvent(event!)?.stop).toBe("de:08212:1")
  })

  it("a board location without matchQuality or isBest keeps them absent, in both dialects", () => {
    const [location] = decode(german.departures, "departures-platform-location").locations
    expect(location).toEqual({ id: "de:08212:1", name: "Karlsruhe, Marktplatz", type: "stop" })
    const contract = Schema.decodeUnknownSync(Departures.DeparturesResponse)({
      locations: [{ id: "de:08212:1", name: "Karlsruhe, Marktplatz", type: "stop" }]
    })
    expect(contract.locations[0]).not.toHaveProperty("isBest")
    expect(contract.locations[0]).not.toHaveProperty("matchQuality")
    expect(Departures.unresolvedStop(contract)).toMatchObject({ reason: "unknown" })
  })

  it("an assigned stop keeps the product classes serving it, in the contract's JSON as in rapidJSON", () => {
    const assigned = { id: "G900101", name: "Quarry Rd opp Mill St, Ferndale", productClasses: [5] }
    const contract = Schema.decodeUnknownSync(Departures.DeparturesResponse)({
      locations: [{ id: "G900101", name: "Ferndale", type: "stop", assignedStops: [assigned] }]
    })
    expect(contract.locations[0]!.assignedStops).toEqual([assigned])
    expect(decode(tfnsw.departures, "departures-no-estimate").locations[0]!.assignedStops).toEqual([assigned])
  })

  it("an arrival board: arrival times; an event without departure takes its planned arrival", () => {
    const { events } = decode(german.departures, "arrivals")
    expect(events.map((event) => [event.arrivalTimePlanned, event.arrivalTimeEstimated, event.departureTimePlanned]))
      .toEqual([
        [instant("2026-05-04T07:41:00Z"), instant("2026-05-04T07:43:00Z"), instant("2026-05-04T07:41:00Z")],
        [instant("2026-05-04T07:50:00Z"), undefined, instant("2026-05-04T07:52:00Z")]
      ])
    expect(events[1]).toMatchObject({ lineName: "712", destination: { name: "Neudorf - Oberdorf" } })
    expect(Departures.delayMinutes(events[0]!)).toBe(2)
  })

  it("an empty board (-4030) is a result: the stop is resolved", () => {
    const board = decode(german.departures, "departures-empty")
    expect(board.events).toEqual([])
    expect(Departures.operation.hasResult(board)).toBe(true)
    expect(Departures.unresolvedStop(board)).toBeUndefined()
  })

  it("an ambiguous stop: candidates and no events", () => {
    const board = decode(german.departures, "departures-ambiguous")
    expect(Departures.operation.hasResult(board)).toBe(false)
    const unresolved = Departures.unresolvedStop(board)
    expect(unresolved?.reason).toBe("ambiguous")
    expect(unresolved?.candidates.map((c) => c.id)).toEqual(["de:09999:1", "de:09888:1", "de:09777:3"])
  })

  it("an event without any planned time fails at its path", () => {
    const text = fixture("arrivals").replace(`"arrivalTimePlanned": "2026-05-04T07:50:00Z",`, "")
      .replace(`"departureTimePlanned": "2026-05-04T07:52:00Z",`, "")
    const result = makeJsonDecoder(german.departures)(JSON.parse(text), text)
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) {
      const [issue] = ParseResult.ArrayFormatter.formatErrorSync(result.left)
      expect(issue!.path).toEqual(["stopEvents", 1])
    }
  })
})

describe("rapidJSON trip stops", () => {
  it("reads transportation.locationSequence", () => {
    expect(decode(german.tripStops, "trip-stops")).toEqual({
      lineId: "mus:10003: :R:j26",
      lineName: "S3",
      mode: { name: "S-Bahn S3", mot: 1, number: "S3" },
      destination: { id: "de:09999:77", name: "Neudorf, Bahnhof" },
      stops: [
        {
          id: "de:09999:1:3:7",
          name: "Musterstadt, Hauptbahnhof",
          platform: "Gleis 7",
          departureTimePlanned: instant("2026-05-04T07:20:00Z"),
          departureTimeEstimated: instant("2026-05-04T07:24:00Z")
        },
        {
          id: "de:09999:77",
          name: "Neudorf, Bahnhof",
          arrivalTimePlanned: instant("2026-05-04T07:41:00Z"),
          arrivalTimeEstimated: instant("2026-05-04T07:43:00Z")
        }
      ]
    })
  })

  it("reads a stop the vehicle does not call at as cancelled, by the call statuses of a leg's stops", () => {
    expect(decode(german.tripStops, "trip-stops-cancelled").stops).toEqual([
      {
        id: "de:09999:77",
        name: "Neudorf, Bahnhof",
        departureTimePlanned: instant("2026-05-04T07:52:00Z"),
        cancelled: true
      },
      {
        id: "de:09999:79",
        name: "Neudorf, Schule",
        arrivalTimePlanned: instant("2026-05-04T07:57:00Z"),
        departureTimePlanned: instant("2026-05-04T07:57:00Z"),
        cancelled: true
      },
      {
        id: "de:09999:80",
        name: "Oberdorf, Kirche",
        arrivalTimePlanned: instant("2026-05-04T08:03:00Z"),
        arrivalTimeEstimated: instant("2026-05-04T08:05:00Z")
      }
    ])
  })

  it("reads the leg.stopSequence shape", () => {
    const read = decode(german.tripStops, "trip-stops-leg")
    expect(read.stops.map((s) => s.id)).toEqual(["de:09999:77", "de:09999:80"])
    expect(read).toMatchObject({ lineId: "mus:00712: :H:j26", lineName: "712", mode: { name: "Bus 712", mot: 5 } })
  })
})

describe("DepartureWatch.diff", () => {
  const board = decode(german.departures, "departures-platform-change").events
  const event = board[0]!
  const key = DepartureWatch.eventKey(event)

  it("reports a delay, a cancellation and a platform change of one event, and additions and removals", () => {
    const later = {
      ...event,
      departureTimeEstimated: instant("2026-05-04T07:30:00Z"),
      platform: "Gleis 9",
      cancelled: true
    }
    expect(DepartureWatch.diff(new Map([[key, event]]), [later]).map((change) => change._tag)).toEqual([
      "Cancelled",
      "Delayed",
      "PlatformChanged"
    ])
    const delayed = DepartureWatch.diff(new Map([[key, event]]), [{
      ...event,
      departureTimeEstimated: instant("2026-05-04T07:30:00Z")
    }])
    expect(delayed[0]).toMatchObject({ _tag: "Delayed", delayMinutes: 10 })
    expect(DepartureWatch.diff(new Map(), [event, event]).map((change) => change._tag)).toEqual(["Added"])
    expect(DepartureWatch.diff(new Map([[key, event]]), []).map((change) => change._tag)).toEqual(["Removed"])
    expect(DepartureWatch.diff(new Map([[key, event]]), [event])).toEqual([])
    expect(DepartureWatch.diff(new Map([[key, event]]), [{ ...event, notices: [] }]).map((c) => c._tag)).toEqual([
      "Changed"
    ])
  })

  it("keeps one trip at two stops apart", () => {
    const other = { ...event, location: { ...event.location, id: Point.LocationId.make("de:09999:1:3:8") } }
    expect(DepartureWatch.eventKey(other)).not.toBe(key)
  })
})
