/**
 * Boards: the calls of the timetable's runs at a stop, in time order, over a window; and finding one run
 * again from its line, trip code, stop and time (a trip's stops).
 *
 * A run's trip code is its number within its line direction and service day, derived from the run: its
 * minute at its first stop times 100 plus the index of its first stop on a section, plus 500000 for
 * direction `R`.
 *
 * @since 0.1.0
 */
import type { Departures } from "@efa-kit/core"
import { DateTime } from "effect"
import { perDatasetAndKey } from "../dataset/cache.js"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset, Stop } from "../dataset/schema.js"
import { callState } from "./realtime.js"
import { addDays, localDate, type Run, runsOn, serviceDayKey } from "./timetable.js"

/**
 * One call of a run: the run and the index of the stop in its stops.
 *
 * @since 0.1.0
 * @category models
 */
export interface Call {
  readonly run: Run
  readonly index: number
}

/**
 * The longest window of a board: 24 hours.
 *
 * @since 0.1.0
 * @category constants
 */
const MAX_WINDOW_SECONDS = 24 * 3600

// The calls at one stop in time order, with their times beside them: a board's search through the list reads the
// times without going through each call's run.
interface StopCalls {
  readonly calls: ReadonlyArray<Call>
  readonly times: Float64Array
}

// per service day: the departures and the arrivals of each stop, in time order
interface DayCalls {
  readonly departures: ReadonlyMap<string, StopCalls>
  readonly arrivals: ReadonlyMap<string, StopCalls>
}

const dayCache = perDatasetAndKey<DayCalls>(32)

const push = (map: Map<string, Array<Call>>, stop: string, call: Call) => {
  const list = map.get(stop)
  if (list === undefined) map.set(stop, [call])
  else list.push(call)
}

const callsOn = (dataset: Dataset, date: string, timeZone: DateTime.TimeZone): DayCalls =>
  dayCache(dataset, serviceDayKey(date, timeZone), () => {
    const departures = new Map<string, Array<Call>>()
    const arrivals = new Map<string, Array<Call>>()
    for (const run of runsOn(dataset, date, timeZone)) {
      const last = run.stops.length - 1
      run.stops.forEach((stop, index) => {
        if (index < last) push(departures, stop, { run, index })
        if (index > 0) push(arrivals, stop, { run, index })
      })
    }
    return { departures: inTimeOrder(departures, false), arrivals: inTimeOrder(arrivals, true) }
  })

const inTimeOrder = (byStop: Map<string, Array<Call>>, arrival: boolean): Map<string, StopCalls> => {
  const out = new Map<string, StopCalls>()
  for (const [stop, calls] of byStop) {
    calls.sort((a, b) => plannedTime(a, arrival) - plannedTime(b, arrival))
    out.set(stop, { calls, times: Float64Array.from(calls, (call) => plannedTime(call, arrival)) })
  }
  return out
}

/**
 * The planned time of a call in epoch seconds: its departure, or its arrival on an arrival board.
 *
 * @since 0.1.0
 * @category boards
 */
const plannedTime = (call: Call, arrival: boolean): number =>
  arrival ? call.run.arrivals[call.index]! : call.run.departures[call.index]!

/**
 * The calls at some stops whose planned departure (or arrival) is in `[from, from + window)`, in time
 * order (then by stop, run ID), keeping those `keep` accepts, at most `limit`.
 *
 * @since 0.1.0
 * @category boards
 */
export const callsAt = (
  dataset: Dataset,
  timeZone: DateTime.TimeZone,
  stops: ReadonlyArray<string>,
  options: {
    readonly from: number
    readonly windowSeconds: number
    readonly arrival: boolean
    readonly limit: number
    readonly keep: (call: Call) => boolean
  }
): Array<Call> => {
  const { arrival, from, limit } = options
  const until = from + Math.min(options.windowSeconds, MAX_WINDOW_SECONDS)
  const start = localDate(DateTime.unsafeMake(from * 1000), timeZone)
  // runs after midnight belong to the day before; a window of a day reaches into the next
  const dates = [addDays(start, -1), start, addDays(start, 1)]
  const found: Array<Call> = []
  for (const date of dates) {
    const day = callsOn(dataset, date, timeZone)
    const byStop = arrival ? day.arrivals : day.departures
    for (const stop of stops) {
      const at = byStop.get(stop)
      if (at === undefined) continue
      const { calls: list, times } = at
      // the first call at or after `from`
      let low = 0
      let high = list.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (times[mid]! < from) low = mid + 1
        else high = mid
      }
      let taken = 0
      for (let i = low; i < list.length && taken < limit; i++) {
        if (times[i]! >= until) break
        const call = list[i]!
        if (!options.keep(call)) continue
        found.push(call)
        taken++
      }
    }
  }
  found.sort((a, b) =>
    plannedTime(a, arrival) - plannedTime(b, arrival) ||
    (a.run.stops[a.index]! < b.run.stops[b.index]! ? -1 : a.run.stops[a.index]! > b.run.stops[b.index]! ? 1 : 0) ||
    (a.run.id < b.run.id ? -1 : a.run.id > b.run.id ? 1 : 0)
  )
  return found.slice(0, limit)
}

/**
 * The trip code of a run (see the module documentation).
 *
 * @since 0.1.0
 * @category trips
 */
export const tripCodeOf = (run: Run): number => {
  const parts = run.id.split(":")
  const hhmm = parts[4] ?? "0000"
  const minute = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4))
  const first = parts[5] === undefined ? 0 : Number(parts[5])
  return (run.direction.direction === "R" ? 500_000 : 0) + minute * 100 + first
}

/**
 * The run of a line direction with a trip code that calls at `stop` on the service day of `instant` or
 * the day before (runs after midnight), the one nearest to `instant` at that stop.
 *
 * @since 0.1.0
 * @category trips
 */
export const findRun = (
  dataset: Dataset,
  timeZone: DateTime.TimeZone,
  directionId: string,
  tripCode: number,
  stop: string,
  instantSeconds: number
): Run | undefined => {
  const date = localDate(DateTime.unsafeMake(instantSeconds * 1000), timeZone)
  let best: Run | undefined
  let bestGap = Number.POSITIVE_INFINITY
  for (const day of [addDays(date, -1), date]) {
    for (const run of runsOn(dataset, day, timeZone)) {
      if (run.direction.id !== directionId || tripCodeOf(run) !== tripCode) continue
      const index = run.stops.indexOf(stop)
      if (index < 0) continue
      const gap = Math.abs(run.departures[index]! - instantSeconds)
      if (gap < bestGap) {
        best = run
        bestGap = gap
      }
    }
  }
  return best
}

/**
 * The locality of a stop, as answers name a stop's `parent`.
 *
 * @since 0.1.0
 * @category places
 */
export const locality = (stop: Stop): { readonly id: string; readonly name: string; readonly type: string } => ({
  id: `placeID:${stop.omc}:${stop.placeId}`,
  name: stop.place,
  type: "locality"
})

const instant = (seconds: number) => DateTime.unsafeMake(seconds * 1000)

/**
 * Every stop of a run (or those from index `from` to `to`) with its planned times and platform, and with
 * `realtime` the real-time engine's estimates and platform at `nowSeconds`: a board's previous and onward stops, a
 * trip's stops, a ride's stops.
 *
 * @since 0.1.0
 * @category trips
 */
export const stopTimes = (
  dataset: Dataset,
  run: Run,
  nowSeconds: number,
  realtime: boolean,
  from = 0,
  to = run.stops.length - 1
): Array<Departures.SequenceStop> => {
  const lookup = lookupOf(dataset)
  const last = run.stops.length - 1
  return run.stops.slice(from, to + 1).map((id, k) => {
    const i = from + k
    const stop = lookup.stopById.get(id)!
    const state = callState(dataset, run, i, nowSeconds)
    const out: { -readonly [K in keyof Departures.SequenceStop]: Departures.SequenceStop[K] } = {
      id: stop.id,
      name: stop.name,
      parent: locality(stop),
      platform: realtime ? state.platform : state.plannedPlatform
    }
    if (i > 0) out.arrivalTimePlanned = instant(run.arrivals[i]!)
    if (realtime && i > 0 && state.arrivalDelay !== undefined) {
      out.arrivalTimeEstimated = instant(run.arrivals[i]! + state.arrivalDelay)
    }
    if (i < last) out.departureTimePlanned = instant(run.departures[i]!)
    if (realtime && i < last && state.departureDelay !== undefined) {
      out.departureTimeEstimated = instant(run.departures[i]! + state.departureDelay)
    }
    if (realtime && state.cancelled) out.cancelled = true
    return out
  })
}
