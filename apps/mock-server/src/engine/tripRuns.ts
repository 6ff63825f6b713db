/**
 * The single trips of a dataset's `timetable.json` as runs: each trip on every day of its calendar, with
 * its own times and platforms. Trips of a line direction with the same stops share a pattern, as the
 * runs of a regular service do, as long as none overtakes another (routing finds a pattern's earliest run
 * by binary search): a trip that would is put in a pattern of its own kind.
 *
 * @since 0.1.0
 */
import type { Point } from "@efa-kit/core"
import { perDataset } from "../dataset/cache.js"
import { type LineDirection, lookupOf } from "../dataset/lookup.js"
import type { Dataset } from "../dataset/schema.js"
import { tripSeconds } from "../dataset/trips.js"

/**
 * A trip made ready to run on any of its days: times in seconds after the service day's origin.
 *
 * @since 0.1.0
 * @category models
 */
interface CompiledTrip {
  readonly tripId: string
  readonly direction: LineDirection
  readonly stops: ReadonlyArray<string>
  /** The platform name of each call. */
  readonly platforms: ReadonlyArray<string | undefined>
  /** The platform ID of each call, where the timetable gives the platform one. */
  readonly platformIds: ReadonlyArray<Point.LocationId | undefined>
  readonly arrivals: ReadonlyArray<number>
  readonly departures: ReadonlyArray<number>
  patternKey: string
  /** The part of the run ID after the date: `<HHMM at the first stop>:<n>`, n counting equal starts. */
  readonly idSuffix: string
  readonly headsign: string | undefined
  /** The destination shown at each call where the timetable gives one (GTFS `stop_headsign`). */
  readonly stopHeadsigns: ReadonlyArray<string | null> | undefined
}

const pad = (n: number) => String(n).padStart(2, "0")

/**
 * The trips of a dataset on a service date (`on`), and by trip ID; built once per dataset.
 *
 * @since 0.1.0
 * @category lookups
 */
export const compiledTrips = perDataset((dataset: Dataset) => {
  const byId = new Map<string, CompiledTrip>()
  const timetable = dataset.timetable
  if (timetable === undefined) return { on: (_date: string): ReadonlyArray<CompiledTrip> => [], byId }
  const lookup = lookupOf(dataset)
  const { platformById } = lookup
  // the trips of each calendar, and the calendars of each date: a feed has few calendars and many days
  const byCalendar = new Map<string, Array<CompiledTrip>>()
  const calendarsOn = new Map<string, Array<string>>()
  for (const calendar of timetable.calendars) {
    for (const date of calendar.dates) {
      const list = calendarsOn.get(date)
      if (list === undefined) calendarsOn.set(date, [calendar.id])
      else list.push(calendar.id)
    }
  }
  const patterns = new Map<string, Array<CompiledTrip>>()
  const starts = new Map<string, number>()
  for (const trip of timetable.trips) {
    const direction = lookup.directionById.get(trip.line)!
    const stops = trip.calls.map((call) => call[0] as string)
    const joined = `${direction.id}|${stops.join(">")}`
    const arrivals = trip.calls.map((call) => tripSeconds(call[1]))
    const departures = trip.calls.map((call) => tripSeconds(call[2]))
    const minute = Math.floor(departures[0]! / 60)
    const hhmm = `${pad(Math.floor(minute / 60))}${pad(minute % 60)}`
    const startKey = `${direction.id}|${hhmm}`
    const n = starts.get(startKey) ?? 0
    starts.set(startKey, n + 1)
    const compiled: CompiledTrip = {
      tripId: trip.id,
      direction,
      stops,
      // a call's platform: one of the timetable's platforms (its ID and name), else a name
      platforms: trip.calls.map((call) =>
        call[3] === undefined ? undefined : platformById.has(call[3]) ? platformById.get(call[3])!.name : call[3]
      ),
      platformIds: trip.calls.map((call) => call[3] === undefined ? undefined : platformById.get(call[3])?.id),
      arrivals,
      departures,
      patternKey: "",
      idSuffix: `${hhmm}:${n}`,
      headsign: trip.headsign,
      stopHeadsigns: trip.stopHeadsigns
    }
    const group = patterns.get(joined)
    if (group === undefined) patterns.set(joined, [compiled])
    else group.push(compiled)
    byId.set(trip.id, compiled)
    const list = byCalendar.get(trip.calendar)
    if (list === undefined) byCalendar.set(trip.calendar, [compiled])
    else list.push(compiled)
  }
  let number = 0
  for (const group of patterns.values()) {
    group.sort((a, b) => a.departures[0]! - b.departures[0]!)
    // the last trip of each pattern of the group; a trip joins the first it does not overtake
    const lasts: Array<CompiledTrip> = []
    const first = number
    for (const trip of group) {
      let kind = lasts.findIndex((last) => !overtakes(trip, last))
      if (kind < 0) kind = lasts.push(trip) - 1
      else lasts[kind] = trip
      trip.patternKey = `${trip.direction.id}|t${first + kind}`
    }
    number += lasts.length
  }
  const on = (date: string): ReadonlyArray<CompiledTrip> =>
    (calendarsOn.get(date) ?? []).flatMap((calendar) => byCalendar.get(calendar) ?? [])
  return { on, byId }
})

// whether `trip`, leaving after `earlier`, arrives at or leaves a stop before it
const overtakes = (trip: CompiledTrip, earlier: CompiledTrip): boolean => {
  for (let i = 0; i < trip.stops.length; i++) {
    if (trip.arrivals[i]! < earlier.arrivals[i]! || trip.departures[i]! < earlier.departures[i]!) return true
  }
  return false
}
