/**
 * Timetable expansion: the departure patterns of the dataset turned into vehicle runs with times at
 * every stop, per service day.
 *
 * A service day's times are counted from "noon minus twelve hours" in the deployment's zone (the GTFS
 * convention), so `24:35` is 00:35 on the next calendar day and the hour a daylight-saving change
 * adds or drops does not shift the timetable. Days outside the dataset's validity have no service.
 * Holidays run the Sunday timetable.
 *
 * @since 0.1.0
 */
import { LocalDateTime, type Point } from "@efa-kit/core"
import { DateTime } from "effect"
import { perDatasetAndKey } from "../dataset/cache.js"
import { type LineDirection, lookupOf } from "../dataset/lookup.js"
import type { Dataset, DayType, DirectionCode, Line, Meta, Service } from "../dataset/schema.js"
import { serviceMinutes } from "../dataset/schema.js"
import { serviceDayOrigin } from "../dataset/serviceDay.js"
import { compiledTrips } from "./tripRuns.js"

/**
 * One vehicle run: a line direction (or a section of it) on one service day, with times in epoch
 * seconds at each of its stops.
 *
 * @since 0.1.0
 * @category models
 */
export interface Run {
  /** Stable ID: `<network>:<code>:<direction>:<service date>:<HHMM at the first stop>[:<first stop index>]`. */
  readonly id: string
  readonly direction: LineDirection
  /** The stops of the run in travel order (the whole line or the service's section). */
  readonly stops: ReadonlyArray<string>
  /** A key shared by runs with the same stops: the direction and the section. */
  readonly patternKey: string
  readonly arrivals: ReadonlyArray<number>
  readonly departures: ReadonlyArray<number>
  /** The service day, `YYYY-MM-DD`. */
  readonly serviceDate: string
  /** A single trip of `timetable.json`: its ID, its platforms and its own destination text. */
  readonly trip?: {
    readonly id: string
    readonly platforms: ReadonlyArray<string | undefined>
    /** The platform ID of each call, where the timetable gives one. */
    readonly platformIds: ReadonlyArray<Point.LocationId | undefined>
    readonly headsign: string | undefined
    /** The destination shown at each call where the timetable gives one (GTFS `stop_headsign`). */
    readonly stopHeadsigns: ReadonlyArray<string | null> | undefined
  }
}

/**
 * The destination a run shows at its call `index`: the call's own (GTFS `stop_headsign`), else the trip's (GTFS
 * `trip_headsign`), else none.
 *
 * @since 0.3.0
 * @category runs
 */
export const headsignAt = (run: Run, index: number): string | undefined =>
  run.trip?.stopHeadsigns?.[index] ?? run.trip?.headsign

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/**
 * The calendar date `days` after a `YYYY-MM-DD` date.
 *
 * @since 0.1.0
 * @category dates
 */
export const addDays = (date: string, days: number): string => {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days))
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/**
 * The local calendar date of an instant in a zone.
 *
 * @since 0.1.0
 * @category dates
 */
export const localDate = (instant: DateTime.DateTime, timeZone: DateTime.TimeZone): string => {
  // the zone's formatting is the slow part of a board, and a server asks about the same few instants (its clock's)
  const millis = DateTime.toEpochMillis(instant)
  let dates = localDates.get(timeZone)
  if (dates === undefined) {
    dates = new Map()
    localDates.set(timeZone, dates)
  }
  const known = dates.get(millis)
  if (known !== undefined) return known
  const { date } = LocalDateTime.toLocalParts(instant, timeZone)
  const formatted = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`
  if (dates.size >= 256) dates.delete(dates.keys().next().value!)
  dates.set(millis, formatted)
  return formatted
}

const localDates = new WeakMap<DateTime.TimeZone, Map<number, string>>()

/**
 * The day type a date runs, or undefined outside the timetable's validity.
 *
 * @since 0.1.0
 * @category dates
 */
export const dayTypeOf = (date: string, meta: Meta): DayType | undefined => {
  if (date < meta.validFrom || date > meta.validTo) return undefined
  if (meta.holidays.includes(date)) return "sunday"
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  return weekday === 0 ? "sunday" : weekday === 6 ? "saturday" : "weekday"
}

/**
 * The services of one direction of a line on a day type.
 *
 * @since 0.1.0
 * @category lookups
 */
export const servicesOn = (line: Line, direction: DirectionCode, dayType: DayType): ReadonlyArray<Service> =>
  line.directions[direction].services.filter((service) => service.days.includes(dayType))

/**
 * The section (indexes into the line's stops in direction `H`, inclusive) a service runs.
 *
 * @since 0.1.0
 * @category lookups
 */
export const sectionOf = (line: Line, service: Service): readonly [number, number] => {
  if (service.between === undefined) return [0, line.stops.length - 1]
  const stops = line.stops.map((entry) => entry.stop as string)
  return [stops.indexOf(service.between[0]), stops.indexOf(service.between[1])]
}

// Minutes after the first stop of the whole line (direction H order) at which a run arrives at and
// departs from each stop.
const offsets = (line: Line): { readonly arrive: Array<number>; readonly depart: Array<number> } => {
  const arrive: Array<number> = []
  const depart: Array<number> = []
  let t = 0
  line.stops.forEach((entry, i) => {
    t += entry.run
    arrive.push(t)
    const last = i === line.stops.length - 1
    const dwell = i === 0 || last ? 0 : line.dwell
    t += dwell
    depart.push(t)
  })
  return { arrive, depart }
}

const expandLine = (dataset: Dataset, line: Line, date: string, dayType: DayType, origin: number): Array<Run> => {
  const index = lookupOf(dataset)
  const runs: Array<Run> = []
  const { arrive, depart } = offsets(line)
  const total = arrive[arrive.length - 1]!
  for (const direction of ["H", "R"] as const) {
    const lineDirection = index.directionById.get(`${line.network}:${line.code}:${line.supplement}:${direction}`)!
    const shift = line.directions[direction].offset
    for (const service of servicesOn(line, direction, dayType)) {
      const [first, last] = sectionOf(line, service)
      // positions in direction H order, then travel order
      const positions = Array.from({ length: last - first + 1 }, (_, i) => first + i)
      if (direction === "R") positions.reverse()
      const stops = positions.map((i) => line.stops[i]!.stop as string)
      // minutes after the run's departure from its first stop, at each stop in travel order
      const base = direction === "H" ? depart[first]! : total - arrive[last]!
      const arrivals = positions.map((i) => (direction === "H" ? arrive[i]! : total - depart[i]!) - base)
      const departures = positions.map((i) => (direction === "H" ? depart[i]! : total - arrive[i]!) - base)
      arrivals[0] = 0
      departures[departures.length - 1] = arrivals[arrivals.length - 1]!
      const patternKey = `${lineDirection.id}|${first}-${last}`
      for (const band of service.bands) {
        const until = serviceMinutes(band.until)
        for (let start = serviceMinutes(band.from); start < until; start += band.every) {
          const minute = start + shift
          const suffix = service.between === undefined ? "" : `:${first}`
          const hhmm = `${pad(Math.floor(minute / 60))}${pad(minute % 60)}`
          runs.push({
            id: `${line.network}:${line.code}:${direction}:${date}:${hhmm}${suffix}`,
            direction: lineDirection,
            stops,
            patternKey,
            arrivals: arrivals.map((m) => origin + (minute + m) * 60),
            departures: departures.map((m) => origin + (minute + m) * 60),
            serviceDate: date
          })
        }
      }
    }
  }
  return runs
}

// days a client asks about, per dataset
const runCache = perDatasetAndKey<ReadonlyArray<Run>>(32)

/**
 * All runs of a service day, cached per dataset, zone and date.
 *
 * @since 0.1.0
 * @category expansion
 */
export const runsOn = (dataset: Dataset, date: string, timeZone: DateTime.TimeZone): ReadonlyArray<Run> =>
  runCache(dataset, serviceDayKey(date, timeZone), () => {
    const dayType = dayTypeOf(date, dataset.meta)
    const origin = serviceDayOrigin(date, timeZone)
    if (dayType === undefined) return []
    const runs = dataset.lines.flatMap((line) => expandLine(dataset, line, date, dayType, origin))
    for (const trip of compiledTrips(dataset).on(date)) {
      const { line } = trip.direction
      runs.push({
        id: `${line.network}:${line.code}:${trip.direction.direction}:${date}:${trip.idSuffix}`,
        direction: trip.direction,
        stops: trip.stops,
        patternKey: trip.patternKey,
        arrivals: trip.arrivals.map((seconds) => origin + seconds),
        departures: trip.departures.map((seconds) => origin + seconds),
        serviceDate: date,
        trip: {
          id: trip.tripId,
          platforms: trip.platforms,
          platformIds: trip.platformIds,
          headsign: trip.headsign,
          stopHeadsigns: trip.stopHeadsigns
        }
      })
    }
    return runs
  })

/**
 * The cache key of a service day in a zone.
 *
 * @since 0.1.0
 * @category expansion
 */
export const serviceDayKey = (date: string, timeZone: DateTime.TimeZone): string =>
  `${DateTime.zoneToString(timeZone)}|${date}`
