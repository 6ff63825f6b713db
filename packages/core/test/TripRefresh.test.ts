import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, FastCheck, Schema } from "effect"
import { Departures, EfaError, Point, RealtimeForTrip, Trip, TripRefresh, TripStops } from "../src/index.js"

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

// the S1 leg of the planned trip with a trip code, and the S4 without one
const withTripCode = {
  ...planned,
  legs: [{ ...planned.legs[0]!, tripCode: 48600 }, planned.legs[1]!, planned.legs[2]!]
}
const decodeStops = Schema.decodeUnknownSync(TripStops.TripStopsResponse)
const decodeRealtime = Schema.decodeUnknownSync(RealtimeForTrip.RealtimeForTripResponse)
const encodeTrip = Schema.encodeSync(Trip.Trip)

describe("TripRefresh.refresh, its ways", () => {
  it.effect("a leg with a trip code through its run's stops, one without through the boards", () => {
    const { asked, run } = boards({})
    const runs: Array<string> = []
    const tripStops: TripRefresh.RunStops = (request) =>
      Effect.sync(() => {
        const canonical = Schema.decodeUnknownSync(TripStops.TripStopsRequest)(request)
        runs.push(`${canonical.line} ${canonical.tripCode} ${canonical.stop} ${String(canonical.dateTime)}`)
        return decodeStops({
          stops: [
            { id: "de:1:0", name: "before", departureTimePlanned: "2026-03-02T06:50:00Z" },
            {
              id: "de:1:1",
              name: "A",
              departureTimePlanned: "2026-03-02T07:00:00Z",
              departureTimeEstimated: "2026-03-02T07:04:00Z",
              platform: "1"
            },
            {
              id: "de:1:2",
              name: "B",
              arrivalTimePlanned: "2026-03-02T07:20:00Z",
              arrivalTimeEstimated: "2026-03-02T07:24:00Z",
              platform: "4"
            }
          ]
        })
      })
    return Effect.gen(function*() {
      const { changes, trip } = yield* TripRefresh.refresh({ boards: run, tripStops }, withTripCode)
      expect(runs).toEqual(["x:10001: :H: 48600 de:1:1 DateTime.Utc(2026-03-02T07:00:00.000Z)"])
      // the S4 has no trip code: its two boards
      expect(asked.map((entry) => entry.split(" ").slice(0, 2).join(" "))).toEqual([
        "de:1:3 departure",
        "de:1:4 arrival"
      ])
      // the S4 is on neither board; the S1 arrives at 07:24, the walk to the S4 at 07:28 takes 3 minutes
      expect(changes.map((change) => change._tag)).toEqual([
        "RunNotFound",
        "Delayed",
        "Delayed",
        "PlatformChanged",
        "ConnectionAtRisk"
      ])
      expect(trip.legs[0]?.destination.platform).toBe("4")
    })
  })

  it.effect("a run the server answers with a message is reported and kept", () => {
    const { run } = boards({})
    const tripStops: TripRefresh.RunStops = () =>
      Effect.fail(
        new EfaError.ServerMessageError({
          operation: "tripStops",
          messages: [{ type: "error", module: "stopseq", code: -2000, text: "no trip" }]
        })
      )
    return Effect.gen(function*() {
      const { changes, trip } = yield* TripRefresh.refresh({ boards: run, tripStops }, withTripCode)
      expect(changes.map((change) => change._tag === "RunNotFound" && change.legIndex)).toEqual([0, 2])
      expect(trip.legs[0]).toEqual(withTripCode.legs[0])
    })
  })

  it.effect("where offered, the whole trip in one request: its legs' estimates, and a leg it cannot find", () => {
    const { asked, run } = boards({})
    const sent: Array<RealtimeForTrip.RealtimeForTripRequestInput> = []
    const [s1, walk, s4] = withTripCode.legs.map((leg) => encodeTrip({ ...withTripCode, legs: [leg] }).legs[0]!)
    const realtimeForTrip: TripRefresh.RealtimeCall = (request) =>
      Effect.sync(() => {
        sent.push(request)
        return decodeRealtime({
          trip: {
            duration: 2400,
            interchange: 1,
            legs: [
              {
                ...s1,
                origin: { ...s1!.origin, departureTimeEstimated: "2026-03-02T07:07:00Z" },
                destination: { ...s1!.destination, arrivalTimeEstimated: "2026-03-02T07:27:00Z", platform: "2" },
                realtimeStatus: "MONITORED"
              },
              walk,
              { ...s4, realtimeStatus: "PROGNOSIS_IMPOSSIBLE" }
            ]
          }
        })
      })
    return Effect.gen(function*() {
      const { changes, trip } = yield* TripRefresh.refresh({ boards: run, realtimeForTrip }, withTripCode)
      expect(sent).toEqual([RealtimeForTrip.fromTrip(withTripCode)])
      expect(asked).toEqual([])
      expect(changes.map((change) => change._tag === "RunNotFound" ? `RunNotFound ${change.legIndex}` : change._tag))
        .toEqual(["RunNotFound 2", "Delayed", "Delayed", "ConnectionBroken"])
      expect(trip.legs[0]?.destination.arrivalTimeEstimated).toEqual(
        Schema.decodeSync(Trip.Timestamp)("2026-03-02T07:27:00Z")
      )
      expect(trip.legs[2]).toEqual(withTripCode.legs[2])
    })
  })

  it.effect("a trip the real-time request answers with a message goes leg by leg", () => {
    const { asked, run } = boards({})
    const realtimeForTrip: TripRefresh.RealtimeCall = () =>
      Effect.fail(
        new EfaError.ServerMessageError({
          operation: "realtimeForTrip",
          messages: [{ type: "error", module: "rtfortrip", code: -10, text: "not available" }]
        })
      )
    return Effect.gen(function*() {
      const { changes } = yield* TripRefresh.refresh({ boards: run, realtimeForTrip }, planned)
      expect(asked).toHaveLength(4)
      expect(changes.map((change) => change._tag)).toEqual(["RunNotFound", "RunNotFound"])
    })
  })
})

describe("TripRefresh.refresh, a server without the real-time operation", () => {
  it.effect("a 404 goes leg by leg; a 503 is the refresh's failure", () =>
    Effect.gen(function*() {
      const failing = (status: number): TripRefresh.RealtimeCall => () =>
        Effect.fail(
          new EfaError.HttpStatusError({
            operation: "realtimeForTrip",
            url: "https://efa.example/XML_GETRTFORTRIP_REQUEST",
            status,
            bodyExcerpt: ""
          })
        )
      const { asked, run } = boards({})
      yield* TripRefresh.refresh({ boards: run, realtimeForTrip: failing(404) }, planned)
      expect(asked).toHaveLength(4)
      const error = yield* Effect.flip(TripRefresh.refresh({ boards: run, realtimeForTrip: failing(503) }, planned))
      expect(error._tag === "HttpStatusError" && error.status).toBe(503)
    }))
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

// the planned trip with estimates at the first leg's ends, `minutes` off plan (none for `undefined`)
const estimated = (departure: number | undefined, arrival: number | undefined): Trip.Trip => {
  const shift = (instant: DateTime.Utc, minutes: number | undefined) =>
    minutes === undefined ? {} : { estimate: DateTime.add(instant, { minutes }) }
  return {
    ...planned,
    legs: planned.legs.map((leg, index) => {
      if (index !== 0) return leg
      const dep = shift(leg.origin.departureTimePlanned, departure).estimate
      const arr = shift(leg.destination.arrivalTimePlanned, arrival).estimate
      return {
        ...leg,
        origin: { ...leg.origin, ...(dep === undefined ? {} : { departureTimeEstimated: dep }) },
        destination: { ...leg.destination, ...(arr === undefined ? {} : { arrivalTimeEstimated: arr }) }
      }
    })
  }
}

const delays = (changes: ReadonlyArray<TripRefresh.TripChange>) =>
  changes.flatMap((change) =>
    change._tag === "Delayed" || change._tag === "DelayCleared"
      ? [`${change._tag} ${change.side} ${change.previousDelayMinutes} -> ${change.delayMinutes}`]
      : []
  )

const delay = FastCheck.option(FastCheck.integer({ min: -3, max: 10 }), { nil: undefined })

describe("TripRefresh.diff: changes mean change", () => {
  it("an estimate on the plan is no delay; a delay is told once; a delay that goes away is told as such", () => {
    expect(delays(TripRefresh.diff(planned, estimated(0, 0)))).toEqual([])
    expect(delays(TripRefresh.diff(estimated(0, 0), estimated(3, 0)))).toEqual(["Delayed departure undefined -> 3"])
    expect(delays(TripRefresh.diff(estimated(3, 0), estimated(3, 0)))).toEqual([])
    expect(delays(TripRefresh.diff(estimated(3, 0), estimated(5, 2)))).toEqual([
      "Delayed departure 3 -> 5",
      "Delayed arrival undefined -> 2"
    ])
    expect(delays(TripRefresh.diff(estimated(5, 2), estimated(0, undefined)))).toEqual([
      "DelayCleared departure 5 -> 0",
      "DelayCleared arrival 2 -> undefined"
    ])
    expect(delays(TripRefresh.diff(estimated(-1, 0), estimated(-1, 0)))).toEqual([])
  })

  it.prop(
    "no change between a trip and itself; no Delayed of zero; each change once along any sequence of states",
    [FastCheck.array(FastCheck.tuple(delay, delay), { minLength: 1, maxLength: 8 })],
    ([states]) => {
      let trip = planned
      for (const [departure, arrival] of states) {
        const next = estimated(departure, arrival)
        const changes = TripRefresh.diff(trip, next)
        for (const change of changes) {
          if (change._tag === "Delayed") expect(change.delayMinutes).not.toBe(0)
        }
        expect(delays(TripRefresh.diff(next, next))).toEqual([])
        trip = next
      }
    }
  )
})
