// What the fake's trips carry besides their route: each ride's stops, trip code, line, notices, occupancy,
// step-free access, the walk to change, and fares from the dataset's tariff.
import { Point, RapidJson, Trip, TripStops } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"
import { answerTrip } from "../src/answers/trip.js"
import { answerTripStops } from "../src/answers/tripStops.js"
import { occupancyAt } from "../src/engine/legDetails.js"
import { runsOn } from "../src/engine/timetable.js"
import { call, fake } from "./helpers.js"
import { berlin, berlinTime, contextAt, dataset } from "./support/answerContext.js"

const HERRENBERG = "de:08115:2100"
const PLOCHINGEN = "de:08116:5300"
const HAUPTBAHNHOF = "de:08111:6118"
const CHARLOTTENPLATZ = "de:08111:5005"
const SINDELFINGEN = "de:08115:4500"
const RESIDENZSCHLOSS = "de:08118:4820"
const FLUGHAFEN = "de:08116:7720"

const context = contextAt()
const trip = (from: string, to: string, fields: Partial<Trip.TripRequest> = {}) =>
  answerTrip({ origin: Point.any(from), destination: Point.any(to), ...fields } as Trip.TripRequest, context)
const rides = (t: Trip.Trip) => t.legs.filter((leg) => leg.stops !== undefined)
const millis = (instant: DateTime.Utc | undefined) =>
  instant === undefined ? undefined : DateTime.toEpochMillis(instant)

describe("the fake's trip legs", () => {
  it("carry every stop of the ride from boarding to alighting, with the leg's times at its ends", () => {
    const [first] = trip(HERRENBERG, PLOCHINGEN).trips
    const [leg] = rides(first!)
    const stops = leg!.stops!
    expect(stops.length).toBeGreaterThan(10)
    expect(stops[0]!.id).toBe(HERRENBERG)
    expect(stops[stops.length - 1]!.id).toBe(PLOCHINGEN)
    expect(millis(stops[0]!.departureTimePlanned)).toBe(millis(leg!.origin.departureTimePlanned))
    expect(millis(stops[stops.length - 1]!.arrivalTimePlanned)).toBe(millis(leg!.destination.arrivalTimePlanned))
    // the first stop has no arrival, the last no departure; without real time no estimate and nothing cancelled
    expect(stops[0]!.arrivalTimePlanned).toBeUndefined()
    expect(stops[stops.length - 1]!.departureTimePlanned).toBeUndefined()
    expect(stops.every((stop) => stop.departureTimeEstimated === undefined && !stop.cancelled)).toBe(true)
    expect(stops.every((stop) => stop.platform !== undefined && stop.occupancy !== undefined)).toBe(true)
    expect(leg).toMatchObject({
      line: {
        name: "S-Bahn S1",
        shortName: "S1",
        product: "S-Bahn",
        operator: { id: "DBR", name: "DB Regio AG, Region Baden-Württemberg" },
        destination: { id: PLOCHINGEN }
      },
      cancelled: false,
      wheelchairAccessible: true,
      lowFloor: false
    })
  })

  it("give a trip code that the trip's stops request finds the run with", () => {
    const [first] = trip(SINDELFINGEN, RESIDENZSCHLOSS, { realtime: true }).trips
    for (const leg of rides(first!)) {
      const request = TripStops.fromLeg(leg)!
      expect(request.tripCode).toBe(leg.tripCode)
      const run = answerTripStops(request, context)
      expect(run.systemMessages).toBeUndefined()
      const ids = run.stops.map((stop) => stop.id)
      const from = ids.indexOf(leg.origin.id)
      expect(ids.slice(from, from + leg.stops!.length)).toEqual(leg.stops!.map((stop) => stop.id))
      expect(millis(run.stops[from]!.departureTimeEstimated)).toBe(millis(leg.stops![0]!.departureTimeEstimated))
    }
  })

  it("tell the real-time engine's estimates per stop, and a cancelled run's stops as cancelled", () => {
    const at = contextAt("2026-03-02T07:40:00Z")
    const { trips } = answerTrip(
      {
        origin: Point.any(HAUPTBAHNHOF),
        destination: Point.any("de:08111:5006"),
        dateTime: berlinTime("2026-03-02T08:45"),
        realtime: true
      } as Trip.TripRequest,
      at
    )
    const legs = trips.flatMap(rides)
    const cancelled = legs.find((leg) => leg.cancelled)!
    expect(cancelled.stops!.every((stop) => stop.cancelled && stop.departureTimeEstimated === undefined)).toBe(true)
    expect(trips.find((t) => t.legs.includes(cancelled))!.cancelled).toBe(true)
    const running = legs.find((leg) => !leg.cancelled)!
    expect(running.stops![0]!.departureTimeEstimated).toEqual(running.origin.departureTimeEstimated)
  })

  it("carry the dataset's notices on the ride's line and stops", () => {
    // VVS-2026-0311 concerns Feuersee and the S1, S2 and S4, valid on the fake's day
    const [first] = trip(HERRENBERG, PLOCHINGEN).trips
    expect(rides(first!)[0]!.notices).toContainEqual(expect.objectContaining({
      id: "VVS-2026-0311",
      type: "stopInfo",
      title: "Stuttgart, Feuersee: Aufzug außer Betrieb",
      source: "info"
    }))
  })

  it("give the ride before a change the walk to the next: down and up by stairs, or by lift in a wheelchair", () => {
    const changing = (from: string, to: string, fields: Partial<Trip.TripRequest>) => {
      const [first] = trip(from, to, fields).trips
      const legs = rides(first!)
      expect(legs.length).toBeGreaterThan(1)
      expect(legs[legs.length - 1]!.interchange).toBeUndefined()
      return legs[0]!.interchange!
    }
    const walk = changing(SINDELFINGEN, RESIDENZSCHLOSS, {})
    expect(walk.position).toBe("after")
    expect(walk.duration).toBeGreaterThan(0)
    expect(walk.elements.map((element) => element.type)).toContain("level")
    // the S2 from the airport, the S4 to Ludwigsburg: S-Bahn trains take wheelchairs
    const types = changing(FLUGHAFEN, "de:08118:4800", { mobility: { wheelchair: true } }).elements
      .map((element) => element.type)
    expect(types).toContain("lift")
    expect(types.filter((type) => type !== "level").every((type) => type === "lift")).toBe(true)
  })

  it("have a few crowded runs in the peaks, and none outside them", () => {
    const runs = runsOn(dataset, "2026-03-02", berlin)
    const levels = runs.flatMap((run) => run.stops.map((_, i) => occupancyAt(run, i)))
    expect(levels).toContain("standingOnly")
    expect(levels).toContain("full")
    const crowded = levels.filter((level) => level === "standingOnly" || level === "full").length
    expect(crowded / levels.length).toBeLessThan(0.15)
    const [noon] = trip(HERRENBERG, PLOCHINGEN, { dateTime: berlinTime("2026-03-02T12:00") }).trips
    const atNoon = rides(noon!)[0]!.stops!.map((stop) => stop.occupancy)
    expect(atNoon.every((level) => level === "empty" || level === "manySeats")).toBe(true)
  })
})

describe("the fake's fares", () => {
  const tariff = dataset.tariff!

  it("price a trip by the zones its rides touch, for an adult and a child, with fares asked", () => {
    const [within] = trip(HAUPTBAHNHOF, CHARLOTTENPLATZ, { fares: true }).trips
    const legs = within!.legs
    expect(within!.fare).toEqual({
      tickets: [
        expect.objectContaining({
          person: "ADULT",
          price: 3.2,
          currency: "EUR",
          priceLevel: "1",
          toLeg: legs.length - 1
        }),
        expect.objectContaining({
          person: "CHILD",
          price: 1.6,
          currency: "EUR",
          priceLevel: "1",
          toLeg: legs.length - 1
        })
      ],
      zones: [{ network: "vvs", zones: ["1"], fromLeg: 0, toLeg: 0 }]
    })
    expect(Trip.price(within!)).toMatchObject({ amount: 3.2, currency: "EUR" })
    const [far] = trip(RESIDENZSCHLOSS, FLUGHAFEN, { fares: true }).trips
    const touched = new Set(rides(far!).flatMap((leg) => leg.stops!.map((stop) => tariff.zones[stop.id]!)))
    const prices = tariff.prices!
    const row = prices[Math.min(touched.size, prices.length) - 1]!
    expect(Trip.price(far!)?.amount).toBe(row.adult)
    expect(Trip.price(far!, "CHILD")?.amount).toBe(row.child)
    expect(far!.fare!.zones.map((zone) => zone.fromLeg)).toEqual(
      far!.legs.flatMap((leg, i) => leg.stops === undefined ? [] : [i])
    )
  })

  it("are not given unless asked", () => {
    expect(trip(HAUPTBAHNHOF, CHARLOTTENPLATZ).trips[0]!.fare).toBeUndefined()
  })
})

describe("the fake's trips in both dialects", () => {
  it("carry stops, trip codes, fares, occupancy and walks in rapidJSON as in the contract's JSON", async () => {
    const server = fake()
    const params = {
      type_origin: "any",
      name_origin: RESIDENZSCHLOSS,
      type_destination: "any",
      name_destination: FLUGHAFEN,
      useUT: "1",
      useRealtime: "1"
    }
    const contract = await call(server, "/XML_TRIP_REQUEST2", { ...params, outputFormat: "JSON" })
    const rapid = await call(server, "/XML_TRIP_REQUEST2", {
      ...params,
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]"
    })
    expect(contract.status).toBe(200)
    expect(rapid.status).toBe(200)
    const fromContract = Schema.decodeUnknownSync(Trip.TripResponse)(contract.json)
    const fromRapid = Schema.decodeUnknownSync(RapidJson.responses({ timeZone: berlin }).trip)(rapid.json)
    const [a] = fromContract.trips
    const [b] = fromRapid.trips
    expect(b!.fare).toEqual(a!.fare)
    // rapidJSON gives a ride's stops as its platforms, the stop as `parent`; the contract's format as stops
    const stopId = (s: Trip.LegStop) => (s.type === "platform" ? s.parent!.id : s.id)
    expect(rides(b!).map((leg) => [leg.tripCode, leg.occupancy, leg.interchange, leg.stops!.map(stopId)]))
      .toEqual(rides(a!).map((leg) => [leg.tripCode, leg.occupancy, leg.interchange, leg.stops!.map(stopId)]))
    expect(rides(b!).every((leg) => leg.stops!.every((s) => s.type === "platform"))).toBe(true)
    expect(rides(a!).every((leg) => leg.stops!.every((s) => s.type === undefined))).toBe(true)
    // the path and the days of service alike in both
    expect(rides(b!).map((leg) => leg.coords)).toEqual(rides(a!).map((leg) => leg.coords))
    expect(b!.daysOfService).toEqual(a!.daysOfService)
    expect(a!.daysOfService?.rvb).toMatch(/^[0-9A-F]+$/)
    expect(rides(b!)[0]!.stops![0]!.occupancy).toBeDefined()
    expect(a!.fare!.tickets).toHaveLength(2)
  })
})
