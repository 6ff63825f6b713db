/**
 * A ride of a run as a trip's leg, from its boarding to its alighting stop: the line, the run's trip code, every
 * stop with the board's times and platforms and, with real time, the real-time engine's estimates and
 * cancellations at the fake's clock (as the departure board tells them), the notices, occupancy and step-free
 * stops. The trip answer's rides and the real time of a planned trip are made here, so that both tell a run alike;
 * and a planned ride found again in the timetable (`findRide`).
 *
 * @since 0.1.0
 */
import type { Trip } from "@efa-kit/core"
import { DateTime } from "effect"
import { lineDisplayName, lookupOf, serverLineId } from "../dataset/lookup.js"
import type { Dataset, Line } from "../dataset/schema.js"
import { callsAt, stopTimes, tripCodeOf } from "./board.js"
import { noticesOn, occupancyAt, rideHints, ridePath, stepFree } from "./legDetails.js"
import { callState } from "./realtime.js"
import { headsignAt, type Run } from "./timetable.js"

/**
 * What a ride tells besides its run: the fake's clock (epoch seconds) and whether real time is asked.
 *
 * @since 0.1.0
 * @category models
 */
interface RideClock {
  readonly nowSeconds: number
  readonly realtime: boolean
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const instant = (seconds: number): DateTime.Utc => DateTime.unsafeMake(seconds * 1000)

// The stops of a ride from boarding to alighting, as a trip's stops request gives them (planned times,
// platforms, the real-time engine's estimates and cancellations), with the vehicle's occupancy and each stop's
// step-free access; the first has no arrival, the last no departure.
const rideStops = (
  dataset: Dataset,
  run: Run,
  board: number,
  alight: number,
  clock: RideClock
): Array<Trip.LegStop> => {
  const index = lookupOf(dataset)
  const times = stopTimes(dataset, run, clock.nowSeconds, clock.realtime, board, alight)
  const out: Array<Trip.LegStop> = []
  for (let i = board; i <= alight; i++) {
    const state = callState(dataset, run, i, clock.nowSeconds)
    const { arrivalTimeEstimated, arrivalTimePlanned, departureTimeEstimated, departureTimePlanned, ...stop } =
      times[i - board]!
    const legStop: Mutable<Trip.LegStop> = {
      ...stop,
      // at a platform with its own ID (a GTFS feed's), that ID, as the ride's ends
      id: run.trip?.platformIds[i] ?? stop.id,
      plannedPlatform: state.plannedPlatform,
      cancelled: clock.realtime && state.cancelled,
      occupancy: occupancyAt(run, i),
      wheelchairAccessible: stepFree(index.stopById.get(run.stops[i]!)!)
    }
    if (i > board && arrivalTimePlanned !== undefined) legStop.arrivalTimePlanned = arrivalTimePlanned
    if (i > board && arrivalTimeEstimated !== undefined) legStop.arrivalTimeEstimated = arrivalTimeEstimated
    if (i < alight && departureTimePlanned !== undefined) legStop.departureTimePlanned = departureTimePlanned
    if (i < alight && departureTimeEstimated !== undefined) legStop.departureTimeEstimated = departureTimeEstimated
    out.push(legStop)
  }
  return out
}

/**
 * The leg of `run` from its stop `board` to its stop `alight` (indices into its stops). Real time as the departure
 * board tells it for the same run and stops: the dataset's delays and cancellations once announced, estimates
 * within the real-time window, none for a cancelled run (`realtimeStatus: "TRIP_CANCELLED"`, else `"MONITORED"`
 * where real time knows the run).
 *
 * @since 0.1.0
 * @category rides
 */
export const rideLeg = (dataset: Dataset, run: Run, board: number, alight: number, clock: RideClock): Trip.Leg => {
  const index = lookupOf(dataset)
  // a ride's end: its platform's ID where the timetable gives one (a GTFS feed's), else its stop's
  const stopRef = (at: number) => {
    const stop = index.stopById.get(run.stops[at]!)!
    return { id: run.trip?.platformIds[at] ?? stop.id, name: stop.name }
  }
  const line: Line = run.direction.line
  const departure = run.departures[board]!
  const arrival = run.arrivals[alight]!
  const boarding = clock.realtime ? callState(dataset, run, board, clock.nowSeconds) : undefined
  const alighting = clock.realtime ? callState(dataset, run, alight, clock.nowSeconds) : undefined
  const departureDelay = boarding?.departureDelay
  const arrivalDelay = alighting?.arrivalDelay
  const end = index.stopById.get(run.stops[run.stops.length - 1]!)!
  const stops = rideStops(dataset, run, board, alight, clock)
  // the platforms at both ends, as its stops have them
  const boardingPlatform = stops[0]?.platform
  const alightingPlatform = stops[stops.length - 1]?.platform
  return {
    mode: { name: lineDisplayName(line), mot: line.mot, number: line.number },
    origin: {
      ...stopRef(board),
      departureTimePlanned: instant(departure),
      ...(departureDelay !== undefined ? { departureTimeEstimated: instant(departure + departureDelay) } : {}),
      ...(boardingPlatform !== undefined ? { platform: boardingPlatform } : {})
    },
    destination: {
      ...stopRef(alight),
      arrivalTimePlanned: instant(arrival),
      ...(arrivalDelay !== undefined ? { arrivalTimeEstimated: instant(arrival + arrivalDelay) } : {}),
      ...(alightingPlatform !== undefined ? { platform: alightingPlatform } : {})
    },
    ...(boarding?.cancelled === true
      ? { realtimeStatus: "TRIP_CANCELLED", isRealtimeControlled: true }
      : boarding?.monitored === true
      ? { realtimeStatus: "MONITORED", isRealtimeControlled: true }
      : {}),
    lineId: serverLineId(run.direction),
    coords: ridePath(dataset, run, board, alight),
    stops,
    tripCode: tripCodeOf(run),
    line: {
      name: lineDisplayName(line),
      shortName: line.number,
      product: line.product,
      operator: { id: line.operator.code, name: line.operator.name },
      // the destination shown where the ride boards (GTFS `stop_headsign`, else `trip_headsign`) where it has one
      destination: { id: end.id, name: headsignAt(run, board) ?? end.name }
    },
    notices: [...noticesOn(dataset, run, board, alight), ...rideHints(line.vehicles)],
    cancelled: boarding?.cancelled === true,
    occupancy: occupancyAt(run, board),
    wheelchairAccessible: line.vehicles.wheelchair,
    lowFloor: line.vehicles.lowFloor
  }
}

/**
 * A planned ride: its line direction (the line ID's first four parts), the run's trip code where known, and its
 * two ends with their planned times (epoch seconds).
 *
 * @since 0.1.0
 * @category models
 */
interface PlannedRide {
  readonly directionId: string
  readonly tripCode: number | undefined
  readonly origin: string
  readonly departure: number
  readonly destination: string
  readonly arrival: number
}

/**
 * The run of a planned ride and where on it the ride boards and alights: the run of the line direction (with the
 * trip code, where given) that leaves the origin at the planned departure and reaches the destination later at
 * the planned arrival; `undefined` where the timetable has no such run.
 *
 * @since 0.1.0
 * @category rides
 */
export const findRide = (
  dataset: Dataset,
  timeZone: DateTime.TimeZone,
  ride: PlannedRide
): { readonly run: Run; readonly board: number; readonly alight: number } | undefined => {
  const calls = callsAt(dataset, timeZone, [ride.origin], {
    from: ride.departure,
    windowSeconds: 60,
    arrival: false,
    limit: 20,
    keep: (call) =>
      call.run.direction.id === ride.directionId && call.run.departures[call.index] === ride.departure &&
      (ride.tripCode === undefined || tripCodeOf(call.run) === ride.tripCode)
  })
  for (const { index: board, run } of calls) {
    for (let alight = board + 1; alight < run.stops.length; alight++) {
      if (run.stops[alight] === ride.destination && run.arrivals[alight] === ride.arrival) {
        return { run, board, alight }
      }
    }
  }
  return undefined
}
