import { type Departures, Point, Trip } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Schema } from "effect"
import { answerDepartures } from "../src/answers/departures.js"
import { answerTrip } from "../src/answers/trip.js"
import { embeddedDatasetPath, loadDataset } from "../src/dataset/load.js"
import { WorkBudget } from "../src/engine/budget.js"
import { REALTIME_WINDOW_SECONDS } from "../src/engine/realtime.js"
import { berlinTime, contextAt, dataset } from "./support/answerContext.js"

const HERRENBERG = "de:08115:2100"
const PLOCHINGEN = "de:08116:5300"
const HAUPTBAHNHOF = "de:08111:6118"
const SINDELFINGEN = "de:08115:4500"
const RESIDENZSCHLOSS = "de:08118:4820"
const CHARLOTTENPLATZ = "de:08111:5005"
// the U1's stop after the main station, towards Vaihingen
const U1_NEXT_STOP = "de:08111:5006"
const MARIENPLATZ = "de:08111:5152"
const DEGERLOCH = "de:08111:5420"
const FLUGHAFEN = "de:08116:7720"
const WAIBLINGEN = "de:08119:7900"

const context = contextAt()
const request = (fields: Partial<Trip.TripRequest> & Pick<Trip.TripRequest, "origin" | "destination">) =>
  fields as Trip.TripRequest
const trip = (from: string, to: string, fields: Partial<Trip.TripRequest> = {}) =>
  answerTrip(request({ origin: Point.any(from), destination: Point.any(to), ...fields }), context)

const millis = (instant: DateTime.Utc) => DateTime.toEpochMillis(instant)
const departure = (t: Trip.Trip) => t.legs[0]!.origin.departureTimePlanned
const arrival = (t: Trip.Trip) => t.legs[t.legs.length - 1]!.destination.arrivalTimePlanned
const vehicleLegs = (t: Trip.Trip) => t.legs.filter((leg) => leg.mode.mot < 97)
const errorCodes = (response: Trip.TripResponse) => (response.systemMessages ?? []).map((m) => m.code)

// Legs follow each other: each starts where the previous ended, not before it arrived.
const expectConnected = (t: Trip.Trip) => {
  for (let i = 1; i < t.legs.length; i++) {
    expect(t.legs[i]!.origin.id).toBe(t.legs[i - 1]!.destination.id)
    expect(millis(t.legs[i]!.origin.departureTimePlanned)).toBeGreaterThanOrEqual(
      millis(t.legs[i - 1]!.destination.arrivalTimePlanned)
    )
  }
}

describe("trip", () => {
  it("finds a direct connection with one S-Bahn leg", () => {
    const response = trip(HERRENBERG, PLOCHINGEN)
    expect(response.systemMessages).toBeUndefined()
    expect(response.trips).toHaveLength(4)
    const first = response.trips[0]!
    expect(first.interchange).toBe(0)
    expect(first.legs).toHaveLength(1)
    expect(first.legs[0]!.mode).toEqual({ name: "S-Bahn S1", mot: 1, number: "S1" })
    expect(first.legs[0]!.origin.id).toBe(HERRENBERG)
    expect(first.legs[0]!.destination.id).toBe(PLOCHINGEN)
    // durations in seconds
    expect(first.duration).toBe((millis(arrival(first)) - millis(departure(first))) / 1000)
    // at or after the default clock, in departure order
    expect(millis(departure(first))).toBeGreaterThanOrEqual(millis(context.now))
    const departures = response.trips.map((t) => millis(departure(t)))
    expect([...departures].sort((a, b) => a - b)).toEqual(departures)
  })

  it("changes vehicles where no line runs through", () => {
    const response = trip(SINDELFINGEN, RESIDENZSCHLOSS)
    expect(response.trips.length).toBeGreaterThan(0)
    for (const t of response.trips) {
      expect(t.interchange).toBeGreaterThanOrEqual(1)
      expect(t.interchange).toBe(vehicleLegs(t).length - 1)
      expectConnected(t)
      expect(t.legs[0]!.origin.id).toBe(SINDELFINGEN)
      expect(t.legs[t.legs.length - 1]!.destination.id).toBe(RESIDENZSCHLOSS)
    }
  })

  it("honours the number of trips", () => {
    expect(trip(HERRENBERG, PLOCHINGEN, { numberOfTrips: 2 }).trips).toHaveLength(2)
    expect(trip(HERRENBERG, PLOCHINGEN, { numberOfTrips: 6 }).trips).toHaveLength(6)
  })

  it("searches by arrival time: the latest trips arriving by it", () => {
    const by = berlinTime("2026-03-02T18:00")
    const response = trip(FLUGHAFEN, WAIBLINGEN, { dateTime: by, dateTimeRefersTo: "arrival" })
    expect(response.trips).toHaveLength(4)
    for (const t of response.trips) expect(millis(arrival(t))).toBeLessThanOrEqual(millis(by))
    // the S2 runs every 15 minutes in the evening peak, so the last trip arrives within 15 minutes of the time
    const last = response.trips[response.trips.length - 1]!
    expect(millis(by) - millis(arrival(last))).toBeLessThan(15 * 60_000)
    const departureMode = trip(FLUGHAFEN, WAIBLINGEN, { dateTime: by })
    expect(millis(departure(departureMode.trips[0]!))).toBeGreaterThanOrEqual(millis(by))
  })

  it("drops an excluded mode and keeps only included modes", () => {
    const all = trip(HAUPTBAHNHOF, PLOCHINGEN, { numberOfTrips: 6 })
    expect(all.trips.some((t) => t.legs.some((leg) => leg.mode.mot === 13))).toBe(true)
    const withoutRegional = trip(HAUPTBAHNHOF, PLOCHINGEN, { numberOfTrips: 6, modes: { excluded: [13] } })
    expect(withoutRegional.trips.length).toBeGreaterThan(0)
    for (const t of withoutRegional.trips) for (const leg of t.legs) expect(leg.mode.mot).not.toBe(13)
    const onlyRegional = trip(HAUPTBAHNHOF, PLOCHINGEN, { modes: { included: [13] } })
    for (const t of onlyRegional.trips) for (const leg of vehicleLegs(t)) expect(leg.mode.mot).toBe(13)
    // Herrenberg has only the S-Bahn
    expect(errorCodes(trip(HERRENBERG, PLOCHINGEN, { modes: { excluded: [1] } }))).toEqual([-4000])
  })

  it("passes the via stop in every trip and stays there for the dwell time", () => {
    const response = trip(HERRENBERG, PLOCHINGEN, { via: { point: Point.any(CHARLOTTENPLATZ), dwellMinutes: 10 } })
    expect(response.trips.length).toBeGreaterThan(0)
    for (const t of response.trips) {
      const at = t.legs.findIndex((leg) => leg.destination.id === CHARLOTTENPLATZ)
      expect(at).toBeGreaterThanOrEqual(0)
      const next = t.legs[at + 1]!
      expect(next.origin.id).toBe(CHARLOTTENPLATZ)
      expect(millis(next.origin.departureTimePlanned) - millis(t.legs[at]!.destination.arrivalTimePlanned))
        .toBeGreaterThanOrEqual(10 * 60_000)
      expectConnected(t)
    }
  })

  it("maxChanges 0 allows direct trips only", () => {
    const direct = trip(HERRENBERG, PLOCHINGEN, { numberOfTrips: 6, publicTransport: { maxChanges: 0 } })
    expect(direct.trips.length).toBe(6)
    for (const t of direct.trips) expect(t.interchange).toBe(0)
    expect(errorCodes(trip(SINDELFINGEN, RESIDENZSCHLOSS, { publicTransport: { maxChanges: 0 } }))).toEqual([-4000])
  })

  it("leastInterchange prefers fewer changes", () => {
    const fewest = trip(HERRENBERG, PLOCHINGEN, { publicTransport: { routeType: "leastInterchange" } })
    for (const t of fewest.trips) expect(t.interchange).toBe(0)
  })

  it("wheelchair users get accessible vehicles and change only where an elevator is", () => {
    const usual = trip(MARIENPLATZ, DEGERLOCH)
    expect(usual.trips[0]!.legs[0]!.mode.mot).toBe(8) // the rack railway
    const accessible = trip(MARIENPLATZ, DEGERLOCH, { mobility: { wheelchair: true } })
    expect(accessible.trips.length).toBeGreaterThan(0)
    const facilities = new Map(dataset.stops.map((stop) => [stop.id as string, stop.facilities]))
    const wheelchairLines = new Set(
      dataset.lines.filter((line) => line.vehicles.wheelchair).map((line) => `${line.product} ${line.number}`)
    )
    for (const t of accessible.trips) {
      for (const leg of vehicleLegs(t)) expect(wheelchairLines.has(leg.mode.name)).toBe(true)
      for (let i = 1; i < t.legs.length; i++) {
        const f = facilities.get(t.legs[i]!.origin.id)!
        expect(f.elevator || (!f.escalator && !f.stairs)).toBe(true)
      }
    }
  })

  it("the same request gets the same trips whatever was asked before (other mobility, a search the budget stopped)", () => {
    const usual = trip(MARIENPLATZ, DEGERLOCH)
    const accessible = trip(MARIENPLATZ, DEGERLOCH, { mobility: { wheelchair: true } })
    expect(accessible).not.toEqual(usual)
    const stopped = answerTrip(
      request({ origin: Point.any(HERRENBERG), destination: Point.any(WAIBLINGEN) }),
      { ...context, budget: new WorkBudget({ maxSearches: 10, maxRounds: 2, maxMillis: 60_000 }) }
    )
    expect(errorCodes(stopped)).toEqual([-4000])
    expect(stopped.systemMessages![0]!.text).toMatch(/^search stopped/)
    expect(trip(MARIENPLATZ, DEGERLOCH)).toEqual(usual)
    expect(trip(MARIENPLATZ, DEGERLOCH, { mobility: { wheelchair: true } })).toEqual(accessible)
    expect(trip(MARIENPLATZ, DEGERLOCH)).toEqual(usual)
  })

  it("low-floor only rules out the S-Bahn", () => {
    expect(errorCodes(trip(HERRENBERG, PLOCHINGEN, { mobility: { lowFloorVehicles: true } }))).toEqual([-4000])
  })

  it("walks from a coordinate to the nearest stops and on to a coordinate", () => {
    const origin = { lat: 48.7795, lon: 9.1775 } // Königstraße
    const destination = { lat: 48.7556, lon: 9.1902 } // near the TV tower
    const response = answerTrip(
      request({ origin: Point.coord(origin), destination: Point.coord(destination), numberOfTrips: 2 }),
      context
    )
    expect(response.trips).toHaveLength(2)
    for (const t of response.trips) {
      const first = t.legs[0]!
      const last = t.legs[t.legs.length - 1]!
      expect(first.mode).toEqual({ name: "Fußweg", mot: 100 })
      expect(first.origin.id).toBe("9.1775:48.7795:WGS84[dd.ddddd]")
      expect(last.mode.mot).toBe(100)
      expect(vehicleLegs(t).length).toBeGreaterThan(0)
      expectConnected(t)
    }
  })

  it("reads text as the stop finder's best match", () => {
    const response = trip("Böblingen Bf", "Stuttgart Hbf", { numberOfTrips: 1 })
    expect(response.trips[0]!.legs[0]!.origin.id).toBe("de:08115:3200")
    expect(response.trips[0]!.legs[response.trips[0]!.legs.length - 1]!.destination.id).toBe(HAUPTBAHNHOF)
  })

  it.effect("gives the same answer to the same request, also with a freshly loaded dataset", () =>
    Effect.gen(function*() {
      const fields = { numberOfTrips: 3, realtime: true } as const
      const first = trip(SINDELFINGEN, RESIDENZSCHLOSS, fields)
      expect(trip(SINDELFINGEN, RESIDENZSCHLOSS, fields)).toEqual(first)
      const fresh = yield* loadDataset(embeddedDatasetPath)
      const again = answerTrip(
        request({ origin: Point.any(SINDELFINGEN), destination: Point.any(RESIDENZSCHLOSS), ...fields }),
        { ...context, dataset: fresh }
      )
      expect(again).toEqual(first)
    }))

  it("adds real-time estimates only with useRealtime, and only within the real-time window", () => {
    const planned = trip(SINDELFINGEN, RESIDENZSCHLOSS)
    for (const t of planned.trips) {
      for (const leg of t.legs) {
        expect(leg.origin.departureTimeEstimated).toBeUndefined()
        expect(leg.destination.arrivalTimeEstimated).toBeUndefined()
        expect(leg.realtimeStatus).toBeUndefined()
        expect(leg.isRealtimeControlled).toBeUndefined()
      }
    }
    const live = trip(SINDELFINGEN, RESIDENZSCHLOSS, { realtime: true })
    expect(live.trips.map((t) => t.legs.map((leg) => leg.origin.departureTimePlanned)))
      .toEqual(planned.trips.map((t) => t.legs.map((leg) => leg.origin.departureTimePlanned)))
    const windowEnd = millis(context.now) + REALTIME_WINDOW_SECONDS * 1000
    const legs = live.trips.flatMap(vehicleLegs)
    expect(legs.some((leg) => millis(leg.origin.departureTimePlanned) <= windowEnd)).toBe(true)
    for (const leg of legs) {
      if (millis(leg.origin.departureTimePlanned) > windowEnd) {
        expect(leg.origin.departureTimeEstimated).toBeUndefined()
        continue
      }
      expect(leg.realtimeStatus).toBe("MONITORED")
      expect(leg.isRealtimeControlled).toBe(true)
      expect(millis(leg.origin.departureTimeEstimated!)).toBeGreaterThanOrEqual(
        millis(leg.origin.departureTimePlanned)
      )
      // the stop a leg alights at has real time when its own call is within the window, as on a board
      if (millis(leg.destination.arrivalTimePlanned) <= windowEnd) {
        expect(millis(leg.destination.arrivalTimeEstimated!)).toBeGreaterThanOrEqual(
          millis(leg.destination.arrivalTimePlanned)
        )
      }
    }
  })

  it("tells real time as the departure board does: its estimates, the dataset's cancellations", () => {
    const at = contextAt("2026-03-02T07:40:00Z")
    const { trips } = answerTrip(
      request({
        origin: Point.any(HAUPTBAHNHOF),
        destination: Point.any(U1_NEXT_STOP),
        dateTime: berlinTime("2026-03-02T08:45"),
        realtime: true
      }),
      at
    )
    const { events } = answerDepartures(
      {
        stop: Point.any(HAUPTBAHNHOF),
        dateTime: berlinTime("2026-03-02T08:45"),
        limit: 40
      } as Departures.DeparturesRequest,
      at
    )
    const fromHbf = trips.flatMap(vehicleLegs).filter((leg) => leg.origin.id === HAUPTBAHNHOF)
    expect(fromHbf.length).toBeGreaterThan(0)
    for (const leg of fromHbf) {
      const event = events.find((e) =>
        e.lineId === leg.lineId && millis(e.departureTimePlanned) === millis(leg.origin.departureTimePlanned)
      )!
      expect(event, `${leg.mode.name} at ${DateTime.formatIso(leg.origin.departureTimePlanned)}`).toBeDefined()
      expect(leg.origin.departureTimeEstimated).toEqual(event.departureTimeEstimated)
      expect(leg.realtimeStatus).toBe(event.realtimeStatus?.join(","))
    }
    // the U1 of 08:47, cancelled at 08:38: the board and the trip both say so, and neither has an estimate
    const cancelled = fromHbf.find((leg) =>
      leg.lineId === "vvs:11001: :H:" &&
      DateTime.formatIso(leg.origin.departureTimePlanned) === "2026-03-02T07:47:00.000Z"
    )
    expect(cancelled).toMatchObject({ realtimeStatus: "TRIP_CANCELLED" })
    expect(cancelled!.origin.departureTimeEstimated).toBeUndefined()
  })

  it("encodes with the core's response schema", () => {
    const response = trip(SINDELFINGEN, RESIDENZSCHLOSS, { realtime: true })
    const encoded = Schema.encodeSync(Trip.TripResponse)(response)
    const utcIso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
    expect(encoded.trips?.[0]?.legs[0]?.origin.departureTimePlanned).toMatch(utcIso)
    expect(Schema.decodeUnknownSync(Trip.TripResponse)(JSON.parse(JSON.stringify(encoded)))).toEqual(response)
  })

  it("runs the weekend timetable: rail replacement between Zuffenhausen and Ludwigsburg", () => {
    const saturday = trip("de:08118:4800", "de:08111:6333", { dateTime: berlinTime("2026-03-07T11:00") })
    expect(saturday.trips.some((t) => t.legs.some((leg) => leg.mode.mot === 17))).toBe(true)
    const monday = trip("de:08118:4800", "de:08111:6333", { dateTime: berlinTime("2026-03-02T11:00") })
    expect(monday.trips.some((t) => t.legs.some((leg) => leg.mode.mot === 17))).toBe(false)
  })

  it("answers unknown stops with -2000 and dates outside the timetable with -4001", () => {
    const unknown = trip("de:08111:999999", PLOCHINGEN)
    expect(unknown.trips).toEqual([])
    expect(unknown.systemMessages).toEqual([expect.objectContaining({ type: "error", code: -2000 })])
    expect(errorCodes(trip(HERRENBERG, "Xyzzyplatz Nirgendwo"))).toEqual([-2000])
    expect(errorCodes(trip(HERRENBERG, PLOCHINGEN, { dateTime: berlinTime("2027-06-01T08:00") }))).toEqual([-4001])
  })
})
