import { Departures, Occupancy, Point, RapidJson, TripStops } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"
import { answerDepartures } from "../src/answers/departures.js"
import { answerTripStops } from "../src/answers/tripStops.js"
import { call, fake } from "./helpers.js"
import { berlin, berlinTime, contextAt, dataset } from "./support/answerContext.js"

const HBF = "de:08111:6118"
const board = (input: Departures.DeparturesRequestInput, now?: string) =>
  answerDepartures(Schema.decodeSync(Departures.DeparturesRequest)(input), contextAt(now))
const iso = (instant: DateTime.DateTime | undefined) => instant === undefined ? undefined : DateTime.formatIso(instant)

describe("departure boards", () => {
  it("lists the next departures of the main station from a time, in planned order, with line, platform, destination", () => {
    const { events, locations, systemMessages } = board({
      stop: Point.any(HBF),
      dateTime: berlinTime("2026-03-02T08:40"),
      limit: 8
    })
    expect(systemMessages).toBeUndefined()
    expect(locations).toMatchObject([{ id: HBF, isBest: true, matchQuality: 1000 }])
    expect(events.map((e) => `${iso(e.departureTimePlanned)} ${e.lineName} ${e.platform} ${e.destination.name}`))
      .toEqual([
        "2026-03-02T07:40:00.000Z MEX 17a 15 Ludwigsburg, Bahnhof",
        "2026-03-02T07:41:00.000Z S2 3 Waiblingen, Bahnhof",
        "2026-03-02T07:42:00.000Z S1 1 Plochingen, Bahnhof",
        "2026-03-02T07:42:00.000Z S4 6 Stuttgart, Schwabstraße",
        "2026-03-02T07:43:00.000Z S4 6 Ludwigsburg, Favoritepark",
        "2026-03-02T07:43:00.000Z U1 8 Fellbach, Lutherkirche",
        "2026-03-02T07:44:00.000Z S2 4 Leinfelden-Echterdingen, Flughafen/Messe",
        "2026-03-02T07:44:00.000Z MEX 16 13 Plochingen, Bahnhof"
      ])
    const s1 = events[2]!
    expect(s1).toMatchObject({
      lineId: "vvs:10001: :H:",
      mode: { name: "S-Bahn S1", mot: 1 },
      destination: { id: "de:08116:5300" },
      tripCode: 47100,
      cancelled: false,
      realtimeStatus: ["MONITORED"]
    })
    // within the real-time window: an estimate from the engine's delay
    expect(s1.departureTimeEstimated).toBeDefined()
  })

  it("applies the dataset's disruptions once announced: the cancellation, the platform change, the delay", () => {
    const request = { stop: Point.any(HBF), dateTime: berlinTime("2026-03-02T08:45"), limit: 20 }
    const before = board(request, "2026-03-02T07:30:00Z").events
    const after = board(request, "2026-03-02T07:40:00Z").events
    const find = (events: ReadonlyArray<Departures.StopEvent>, line: string, planned: string) =>
      events.find((e) => e.lineName === line && iso(e.departureTimePlanned) === planned)!
    const u1 = "2026-03-02T07:47:00.000Z"
    expect(find(before, "U1", u1).cancelled).toBe(false)
    expect(find(after, "U1", u1)).toMatchObject({ cancelled: true, realtimeStatus: ["TRIP_CANCELLED"] })
    expect(find(after, "U1", u1).departureTimeEstimated).toBeUndefined()
    const s2 = "2026-03-02T07:56:00.000Z"
    expect(find(before, "S2", s2)).toMatchObject({ platform: "3", plannedPlatform: "3" })
    expect(find(after, "S2", s2)).toMatchObject({ platform: "4", plannedPlatform: "3" })
    const s1 = "2026-03-02T07:57:00.000Z"
    expect(Departures.delayMinutes(find(after, "S1", s1))).toBe(12)
    expect(Departures.delayMinutes(find(before, "S1", s1))).not.toBe(12)
  })

  it("has no estimate beyond the real-time window, and none without useRealtime", () => {
    const later = board({ stop: Point.any(HBF), dateTime: berlinTime("2026-03-02T14:00"), limit: 5 }).events
    for (const event of later) expect(event.departureTimeEstimated).toBeUndefined()
    const planned = board({ stop: Point.any(HBF), timetableOnly: true, limit: 40 }).events
    for (const event of planned) {
      expect(event.departureTimeEstimated).toBeUndefined()
      expect(event.cancelled).toBe(false)
      expect(event.platform).toBe(event.plannedPlatform)
    }
  })

  it("limits the board (default 40) and never looks beyond 24 hours", () => {
    expect(board({ stop: Point.any(HBF) }).events).toHaveLength(40)
    expect(board({ stop: Point.any(HBF), limit: 500 }).events.length).toBeLessThanOrEqual(500)
    const all = board({ stop: Point.any("de:08115:4500"), limit: 500 }).events
    const first = DateTime.toEpochMillis(all[0]!.departureTimePlanned)
    for (const event of all) expect(DateTime.toEpochMillis(event.departureTimePlanned) - first).toBeLessThan(86_400_000)
  })

  it("arrival boards list arrivals, runs ending at the stop included and runs starting there left out", () => {
    const { events } = board({ stop: Point.any("de:08116:5300"), dateTimeRefersTo: "arrival", limit: 10 })
    expect(events).toHaveLength(10)
    for (const event of events) {
      expect(event.arrivalTimePlanned).toBeDefined()
      expect(event.destination.id).toBe("de:08116:5300")
    }
  })

  it("filters by line (the first four parts of the ID), mode and direction", () => {
    const byLine = board({ stop: Point.any(HBF), lines: ["vvs:11001: :H:j26"] }).events
    expect(new Set(byLine.map((e) => e.lineId))).toEqual(new Set(["vvs:11001: :H:"]))
    const bothDirections = board({ stop: Point.any(HBF), lines: ["vvs:11001: :"] }).events
    expect(new Set(bothDirections.map((e) => e.lineId))).toEqual(new Set(["vvs:11001: :H:", "vvs:11001: :R:"]))
    const trams = board({ stop: Point.any(HBF), modes: [3] }).events
    expect(new Set(trams.map((e) => e.lineName))).toEqual(new Set(["U1", "U5", "U14"]))
    const towardsEsslingen = board({ stop: Point.any(HBF), direction: Point.any("de:08116:2400") }).events
    expect(new Set(towardsEsslingen.map((e) => e.lineName))).toEqual(new Set(["S1", "MEX 16"]))
  })

  it("gives the previous and onward stops of each event with their times", () => {
    const [event] = board({ stop: Point.any(HBF), stopSequence: true, lines: ["vvs:10001: :H:"], limit: 1 }).events
    const s1 = dataset.lines.find((line) => line.code === "10001")!.stops.map((s): string => s.stop)
    const at = s1.indexOf(HBF)
    expect(event!.previousStops!.map((s) => s.id)).toEqual(s1.slice(0, at))
    expect(event!.onwardStops!.map((s) => s.id)).toEqual(s1.slice(at + 1))
    expect(event!.previousStops![0]!.arrivalTimePlanned).toBeUndefined()
    expect(event!.onwardStops!.at(-1)!.departureTimePlanned).toBeUndefined()
  })

  it("answers an ambiguous, an unknown and a serviceless stop as EFA does", () => {
    const ambiguous = board({ stop: Point.any("Bahnhof") })
    expect(ambiguous.events).toEqual([])
    expect(ambiguous.locations.length).toBeGreaterThan(1)
    expect(ambiguous.locations.every((l) => !l.isBest)).toBe(true)
    expect(Departures.unresolvedStop(ambiguous)?.reason).toBe("ambiguous")
    const unknown = board({ stop: Point.any("de:08111:9999") })
    expect(unknown).toEqual({ events: [], locations: [], systemMessages: [expect.objectContaining({ code: -2000 })] })
    const serviceless = board({ stop: Point.any("de:08115:5620") })
    expect(serviceless.systemMessages?.map((m) => m.code)).toEqual([-4050])
    expect(Departures.operation.hasResult(serviceless)).toBe(true)
  })

  it("attaches the current notices of the event's line direction", () => {
    const { events } = board({ stop: Point.any(HBF), lines: ["vvs:11005: :H"] })
    expect(events[0]!.notices?.map((n) => n.id)).toContain("SSB-2026-0051")
  })
})

describe("a trip's stops", () => {
  it("finds a board event's run again, with the same times", () => {
    const [event] = board({ stop: Point.any(HBF), lines: ["vvs:10001: :H:"], limit: 1 }).events
    const response = answerTripStops(TripStops.fromEvent(event!)!, contextAt())
    const hbf = response.stops.find((s) => s.id === HBF)!
    expect(hbf.departureTimePlanned).toEqual(event!.departureTimePlanned)
    expect(hbf.departureTimeEstimated).toEqual(event!.departureTimeEstimated)
    expect(response).toMatchObject({ lineId: "vvs:10001: :H:", lineName: "S1", destination: { id: "de:08116:5300" } })
  })

  it("answers -2000 for a trip code that does not call there", () => {
    const response = answerTripStops(
      { line: "vvs:10001: :H:", stop: HBF, tripCode: 1, dateTime: berlinTime("2026-03-02T08:30") },
      contextAt()
    )
    expect(response.stops).toEqual([])
    expect(response.systemMessages?.[0]?.code).toBe(-2000)
  })
})

describe("through the app", () => {
  const server = fake()

  it("answers a board in both dialects, and the stops of a board event's trip", async () => {
    const params = { mode: "direct", type_dm: "any", name_dm: HBF, useRealtime: "1", limit: "3" }
    const contract = await call(server, "/XML_DM_REQUEST", { ...params, outputFormat: "JSON" })
    expect(contract.status).toBe(200)
    expect(contract.json.events).toHaveLength(3)
    const rapid = await call(server, "/XML_DM_REQUEST", { ...params, outputFormat: "rapidJSON" })
    expect(rapid.status).toBe(200)
    expect(rapid.json.stopEvents).toHaveLength(3)
    expect(rapid.json.stopEvents[0].transportation.id).toBe(contract.json.events[0].lineId)
    const seq = await call(server, "/XML_STOPSEQCOORD_REQUEST", {
      line: contract.json.events[0].lineId,
      stop: HBF,
      tripCode: String(contract.json.events[0].tripCode),
      date: "20260302",
      time: "08:30",
      outputFormat: "rapidJSON"
    })
    expect(seq.status).toBe(200)
    expect(seq.json.transportation.locationSequence.map((s: any) => s.id)).toContain(HBF)
  })

  it("gives each event the run's occupancy and the vehicle's wheelchair access, decoded alike from both dialects", async () => {
    const params = {
      mode: "direct",
      type_dm: "any",
      name_dm: HBF,
      itdDate: "20260302",
      itdTime: "0840",
      useRealtime: "1",
      limit: "12"
    }
    const contract = await call(server, "/XML_DM_REQUEST", { ...params, outputFormat: "JSON" })
    const rapid = await call(server, "/XML_DM_REQUEST", {
      ...params,
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]"
    })
    expect(contract.status).toBe(200)
    expect(rapid.status).toBe(200)
    const fromContract = Schema.decodeUnknownSync(Departures.DeparturesResponse)(contract.json).events
    const fromRapid = Schema.decodeUnknownSync(RapidJson.responses({ timeZone: berlin }).departures)(rapid.json).events
    const vehicle = (e: Departures.StopEvent) => [e.lineName, e.occupancy, e.wheelchairAccessible, e.lowFloor]
    expect(fromContract).toHaveLength(12)
    expect(fromRapid.map(vehicle)).toEqual(fromContract.map(vehicle))
    for (const event of fromRapid) {
      expect(Occupancy.Occupancy.literals).toContain(event.occupancy)
      expect(typeof event.wheelchairAccessible).toBe("boolean")
    }
    // the S-Bahn's vehicles take wheelchairs and have no low floor, as the trip's legs on it say
    expect(fromRapid.find((e) => e.lineName === "S1")).toMatchObject({ wheelchairAccessible: true, lowFloor: false })
  })
})

describe("a fake started with the tfnsw profile", () => {
  const tfnsw = fake({ profile: "tfnsw", timeZone: "Europe/Berlin" })

  it("answers departure_mon with the profile's parameters (depArrMacro, TfNSWDM) in rapidJSON", async () => {
    const { json, status } = await call(tfnsw, "/departure_mon", {
      outputFormat: "rapidJSON",
      coordOutputFormat: "EPSG:4326",
      mode: "direct",
      type_dm: "any",
      name_dm: HBF,
      depArrMacro: "arr",
      itdDate: "20260302",
      itdTime: "0830",
      TfNSWDM: "true",
      departureMonitorMacro: "true",
      useRealtime: "1",
      limit: "4"
    }, { headers: { authorization: "apikey local" } })
    expect(status).toBe(200)
    expect(json.stopEvents).toHaveLength(4)
    for (const event of json.stopEvents) expect(event.arrivalTimePlanned).toBeDefined()
  })
})
