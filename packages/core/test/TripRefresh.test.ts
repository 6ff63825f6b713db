import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Departures, Point, Trip, TripRefresh } from "../src/index.js"

// a planned trip as the contract writes it: S1 from A to B, a walk to C, S4 from C to D
const planned = Schema.decodeUnknownSync(Trip.Trip)({
  duration: 2400,
  interchange: 1,
  legs: [
    {
      mode: { name: "S-Bahn S1", mot: 1 },
      origin: { id: "de:1:1", name: "A", departureTimePlanned: "2026-03-02T07:00:00Z", platform: "1" },
      destination: { id: "de:1:2", name: "B", arrivalTimePlanned: "2026-03-02T07:20:00Z", platform: "2" },
      lineId: "x:10001: :H:"
    },
    {
      mode: { name: "Fußweg", mot: 99 },
      origin: { id: "de:1:2", name: "B", departureTimePlanned: "2026-03-02T07:20:00Z" },
      destination: { id: "de:1:3", name: "C", arrivalTimePlanned: "2026-03-02T07:23:00Z" }
    },
    {
      mode: { name: "S-Bahn S4", mot: 1 },
      origin: { id: "de:1:3", name: "C", departureTimePlanned: "2026-03-02T07:28:00Z" },
      destination: { id: "de:1:4", name: "D", arrivalTimePlanned: "2026-03-02T07:40:00Z" },
      lineId: "x:10004: :H:"
    }
  ]
})

// board events as the contract writes them
const event = (line: string, stop: string, fields: Record<string, unknown>) => ({
  location: { id: stop, name: stop },
  lineId: line,
  lineName: line,
  mode: { name: line, mot: 1 },
  destination: { name: "end" },
  cancelled: false,
  ...fields
})
const decodeBoard = Schema.decodeUnknownSync(Departures.DeparturesResponse)

// answers each board from a table keyed by stop and side, and records what was asked
const boards = (table: Record<string, Array<ReturnType<typeof event>>>) => {
  const asked: Array<string> = []
  const run: TripRefresh.Boards = (request) =>
    Effect.sync(() => {
      const stop = request.stop as Point.Point & { readonly value: string }
      const key = `${stop.value} ${request.dateTimeRefersTo}`
      asked.push(`${key} ${String(request.dateTime)} ${request.lines?.join(",")}`)
      return decodeBoard({ events: table[key] ?? [] })
    })
  return { asked, run }
}

describe("TripRefresh.refresh", () => {
  it.effect("reads each ride's ends from the boards of its run, and tells the delay and the broken change", () => {
    const { asked, run } = boards({
      "de:1:1 departure": [
        event("x:10001: :H:", "de:1:1", {
          departureTimePlanned: "2026-03-02T07:00:00Z",
          departureTimeEstimated: "2026-03-02T07:06:00Z",
          platform: "1"
        })
      ],
      "de:1:2 arrival": [
        event("x:10001: :H:", "de:1:2", {
          departureTimePlanned: "2026-03-02T07:21:00Z",
          arrivalTimePlanned: "2026-03-02T07:20:00Z",
          arrivalTimeEstimated: "2026-03-02T07:26:00Z",
          platform: "3"
        })
      ],
      "de:1:3 departure": [
        event("x:10004: :H:", "de:1:3", { departureTimePlanned: "2026-03-02T07:28:00Z" })
      ]
    })
    return Effect.gen(function*() {
      const { changes, trip } = yield* TripRefresh.refresh(run, planned)
      expect(asked).toEqual([
        "de:1:1 departure 2026-03-02T07:00:00.000Z x:10001: :H:",
        "de:1:2 arrival 2026-03-02T07:20:00.000Z x:10001: :H:",
        "de:1:3 departure 2026-03-02T07:28:00.000Z x:10004: :H:",
        "de:1:4 arrival 2026-03-02T07:40:00.000Z x:10004: :H:"
      ])
      expect(changes.map((change) => change._tag)).toEqual([
        "Delayed",
        "Delayed",
        "PlatformChanged",
        "ConnectionBroken"
      ])
      const broken = changes[3]
      // the S4 leaves 2 minutes after the S1 arrives; the walk takes 3
      expect(broken?._tag === "ConnectionBroken" && [broken.slackMinutes, broken.neededMinutes]).toEqual([2, 5])
      expect(trip.legs[0]?.destination.platform).toBe("3")
      expect(trip.cancelled).toBe(false)
    })
  })

  it.effect("a cancelled run is told once; a run on neither board is reported and kept", () => {
    const { run } = boards({
      "de:1:1 departure": [
        event("x:10001: :H:", "de:1:1", { departureTimePlanned: "2026-03-02T07:00:00Z", cancelled: true })
      ]
    })
    return Effect.gen(function*() {
      const { changes, trip } = yield* TripRefresh.refresh(run, planned)
      expect(changes.map((change) => change._tag)).toEqual(["RunNotFound", "Cancelled"])
      expect(trip.legs[0]?.cancelled).toBe(true)
      expect(trip.cancelled).toBe(true)
      expect(trip.legs[2]).toEqual(planned.legs[2])
      // refreshed again, nothing new
      expect((yield* TripRefresh.refresh(run, trip)).changes.map((change) => change._tag)).toEqual(["RunNotFound"])
    })
  })
})

describe("TripRefresh.diff", () => {
  it("an interchange at risk: less slack than the walk and the change time", () => {
    const later = {
      ...planned,
      legs: planned.legs.map((leg, index) =>
        index === 0
          ? {
            ...leg,
            destination: {
              ...leg.destination,
              arrivalTimeEstimated: Schema.decodeSync(Trip.Timestamp)("2026-03-02T07:24:00Z")
            }
          }
          : leg
      )
    }
    const changes = TripRefresh.diff(planned, later)
    expect(changes.map((change) => change._tag)).toEqual(["Delayed", "ConnectionAtRisk"])
    expect(TripRefresh.diff(planned, later, { changeMinutes: 0 }).map((change) => change._tag)).toEqual(["Delayed"])
  })
})
