/**
 * A GTFS feed turned into a dataset of the fake (see the README's "A dataset from a GTFS feed"):
 *
 * - `stops.txt`: stations (`location_type` 1) and stops without a parent become the dataset's stops with
 *   their IDs; a platform (`location_type` 0 with a `parent_station`) is a platform of its station, calls
 *   there carry its `platform_code` (none without one); entrances, nodes and boarding areas are
 *   left out.
 * - `agency.txt`: operators; the first agency's `agency_timezone` is the dataset's zone.
 * - `routes.txt`: a line per route with trips, `gtfs:<route_id as letters and digits>: :H|R`, its mode from
 *   `route_type` (`modes.ts`), its stops all the stops its trips call at in travel order (direction 0 is `H`).
 * - `trips.txt`, `stop_times.txt`, `calendar.txt`, `calendar_dates.txt`, `frequencies.txt`: the single
 *   trips of `timetable.json` on the days they run; a trip with frequencies runs at every headway from
 *   `start_time` before `end_time` (its ID `<trip_id>@<HH:MM:SS>`); missing times between two stop times are
 *   interpolated.
 * - `shapes.txt`: the line's geometry (the shape of its longest trip); without it, straight lines between
 *   the stops.
 * - `transfers.txt`: the change time at each station and the walks between stations (`readTransfers`), and rows
 *   for trips or routes scoped to them; with the file, no walks are computed.
 * - `fare_attributes.txt`, `fare_rules.txt` and the stops' `zone_id`: the tariff's fares (`engine/fares.ts`), the
 *   rules of a fare together; a station without a zone takes its first platform's. Without fares, trips have
 *   none.
 *
 * Every problem stops the conversion with the file, the line and the field; nothing is returned half made.
 *
 * @since 0.1.0
 */
import { LocalDateTime } from "@efa-kit/core"
import { Either, ParseResult, Schema } from "effect"
import { distanceMeters, walkSeconds } from "../geometry.js"
import { checkReferences } from "../load.js"
import { type Dataset, DatasetFiles } from "../schema.js"
import { serviceDayOrigin } from "../serviceDay.js"
import { Timetable } from "../trips.js"
import type { GtfsLimits } from "./limits.js"
import { motOfRouteType, productOf } from "./modes.js"
import {
  type Feed,
  GtfsError,
  gtfsError,
  isCalendarDate,
  limitError,
  openFeed,
  resolveGtfsLimits,
  type Row
} from "./read.js"

/**
 * What a conversion gives: the dataset as it is served, and what the feed lacks that the fake fills in.
 *
 * @since 0.1.0
 * @category models
 */
interface GtfsDataset {
  readonly dataset: Dataset
  /** One line per fallback (`no shapes.txt: line geometries are straight lines between the stops`). */
  readonly fallbacks: ReadonlyArray<string>
}

const NETWORK = "gtfs"
// the change time within a station where the feed gives none
const DEFAULT_CHANGE_SECONDS = 120

// how fast a feed's dataset walks: its computed walks, and a feed's walks that give no time
const GTFS_WALKING = { walkingSpeedKmh: 4.5, walkingDetourFactor: 1.3 } as const

const pad = (n: number) => String(n).padStart(2, "0")

/**
 * `HH:MM:SS` (hours may pass 24) to seconds; undefined for anything else.
 *
 * @since 0.1.0
 * @category utils
 */
const parseGtfsTime = (text: string): number | undefined => {
  // read by hand: a large feed has millions of times
  const colon = text.length - 6
  if (colon < 1 || colon > 3 || text.charCodeAt(colon) !== 58 || text.charCodeAt(colon + 3) !== 58) return undefined
  let hours = 0
  for (let i = 0; i < colon; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return undefined
    hours = hours * 10 + digit
  }
  const m1 = text.charCodeAt(colon + 1) - 48
  const m2 = text.charCodeAt(colon + 2) - 48
  const s1 = text.charCodeAt(colon + 4) - 48
  const s2 = text.charCodeAt(colon + 5) - 48
  if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || s1 < 0 || s1 > 5 || s2 < 0 || s2 > 9) return undefined
  return hours * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2
}

const formatTime = (seconds: number): string => {
  const s = seconds % 60
  const hhmm = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`
  return s === 0 ? hhmm : `${hhmm}:${pad(s)}`
}

const dashedDate = (file: string, row: Row, column: string): string => {
  const text = row.required(column)
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text)
  const date = match === null ? "" : `${match[1]}-${match[2]}-${match[3]}`
  if (match === null || !isCalendarDate(date)) {
    throw gtfsError(file, row.line, column, `${JSON.stringify(text)} is not a date YYYYMMDD`)
  }
  return date
}

const DAY_MILLIS = 86_400_000

// days since 1970-01-01 of a `YYYY-MM-DD`, and back
const epochDay = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MILLIS
const dateOfDay = (day: number): string => new Date(day * DAY_MILLIS).toISOString().slice(0, 10)

const addDays = (date: string, days: number): string => {
  const d = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000)
  return d.toISOString().slice(0, 10)
}

const number = (file: string, row: Row, column: string, min: number, max: number, required = true): number => {
  const text = required ? row.required(column) : row.get(column)
  const value = Number(text)
  if (text === "" || !Number.isFinite(value) || value < min || value > max) {
    throw gtfsError(file, row.line, column, `${JSON.stringify(text)} is not a number from ${min} to ${max}`)
  }
  return value
}

const integer = (file: string, row: Row, column: string, fallback?: number): number => {
  const text = row.get(column)
  if (text === "" && fallback !== undefined) return fallback
  if (!/^-?\d+$/.test(text)) {
    throw text === "" ?
      gtfsError(file, row.line, column, "is required") :
      gtfsError(file, row.line, column, `${JSON.stringify(text)} is not a whole number`)
  }
  return Number(text)
}

interface Station {
  readonly id: string
  readonly name: string
}

interface Place {
  /** The dataset stop. */
  readonly station: string
  /** A platform's own ID (its `stop_id`); calls there give it, its name is in the timetable's platforms. */
  readonly platform: string | undefined
}

interface TripRecord {
  readonly id: string
  readonly route: string
  readonly service: string
  readonly direction: "H" | "R"
  readonly headsign: string
  readonly shape: string
  readonly line: number
  // filled from stop_times.txt
  readonly sequence: Array<number>
  readonly places: Array<Place>
  /** The GTFS stop ID of each call. */
  readonly stopIds: Array<string>
  /** The `stop_headsign` of each call ("" for none). */
  readonly headsigns: Array<string>
  readonly arrivals: Array<number>
  readonly departures: Array<number>
  readonly lines: Array<number>
}

const REQUIRED = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"] as const

const readFeed = async (feed: Feed, limits: GtfsLimits) => {
  for (const file of REQUIRED) if (!feed.has(file)) throw gtfsError(file, undefined, undefined, "missing in the feed")
  if (!feed.has("calendar.txt") && !feed.has("calendar_dates.txt")) {
    throw gtfsError("calendar.txt", undefined, undefined, "missing in the feed (and so is calendar_dates.txt)")
  }
  const fallbacks: Array<string> = []

  // agencies
  const agencies = new Map<string, { name: string; timeZone: string; language: string }>()
  await feed.rows("agency.txt", (row) => {
    const timeZone = row.required("agency_timezone")
    if (Either.isLeft(LocalDateTime.zone(timeZone))) {
      throw gtfsError("agency.txt", row.line, "agency_timezone", `unknown time zone ${JSON.stringify(timeZone)}`)
    }
    const id = row.get("agency_id")
    if (agencies.has(id)) {
      throw gtfsError(
        "agency.txt",
        row.line,
        "agency_id",
        id === "" ? "a second agency without agency_id" : `duplicate agency ${id}`
      )
    }
    agencies.set(id, { name: row.required("agency_name"), timeZone, language: row.get("agency_lang") })
  })
  if (agencies.size === 0) throw gtfsError("agency.txt", undefined, undefined, "has no agency")

  // stops: stations first, then platforms (a platform may come before its station)
  const stations = new Map<string, Station>()
  const stops: Array<unknown> = []
  const parents = new Map<
    string,
    { readonly row: number; readonly parent: string; readonly platform: string; readonly zone: string }
  >()
  // the fare zone of each station: its own, else its first platform's
  const zones = new Map<string, string>()
  const places = new Map<string, Place>()
  // the platforms, with their own IDs and their platform codes as names
  const platforms: Array<{ readonly id: string; readonly stop: string; readonly name?: string }> = []
  const ignored = new Set<string>()
  await feed.rows("stops.txt", (row) => {
    const id = row.required("stop_id")
    if (places.has(id) || parents.has(id) || ignored.has(id)) {
      throw gtfsError("stops.txt", row.line, "stop_id", `duplicate stop ${id}`)
    }
    const type = integer("stops.txt", row, "location_type", 0)
    if (type < 0 || type > 4) throw gtfsError("stops.txt", row.line, "location_type", `unknown type ${type}`)
    const parent = row.get("parent_station")
    if (type >= 2) {
      ignored.add(id)
      return
    }
    if (type === 0 && parent !== "") {
      parents.set(id, {
        row: row.line,
        parent,
        // a platform's name is its platform_code; without one it has none (not its station's name)
        platform: row.get("platform_code"),
        zone: row.get("zone_id")
      })
      return
    }
    const name = row.required("stop_name")
    const lat = number("stops.txt", row, "stop_lat", -90, 90)
    const lon = number("stops.txt", row, "stop_lon", -180, 180)
    const wheelchair = row.get("wheelchair_boarding")
    const comma = name.indexOf(", ")
    stations.set(id, { id, name })
    places.set(id, { station: id, platform: undefined })
    if (row.get("zone_id") !== "") zones.set(id, row.get("zone_id"))
    stops.push({
      id,
      name,
      place: comma > 0 ? name.slice(0, comma) : "",
      omc: "0000000",
      placeId: "0",
      coord: { lat, lon },
      // wheelchair_boarding 2: not accessible, so stairs; otherwise level access
      facilities: { elevator: false, escalator: false, stairs: wheelchair === "2" }
    })
  })
  for (const [id, { parent, platform, row, zone }] of parents) {
    if (!stations.has(parent)) {
      throw gtfsError("stops.txt", row, "parent_station", `unknown station ${JSON.stringify(parent)}`)
    }
    places.set(id, { station: parent, platform: id })
    platforms.push({ id, stop: parent, ...(platform === "" ? {} : { name: platform }) })
    if (zone !== "" && !zones.has(parent)) zones.set(parent, zone)
  }

  // routes
  const routes = new Map<string, { line: number; type: number; agency: string; name: string }>()
  await feed.rows("routes.txt", (row) => {
    const id = row.required("route_id")
    if (routes.has(id)) throw gtfsError("routes.txt", row.line, "route_id", `duplicate route ${id}`)
    const agency = row.get("agency_id")
    if (!agencies.has(agency) && !(agency === "" && agencies.size === 1)) {
      throw gtfsError("routes.txt", row.line, "agency_id", `unknown agency ${JSON.stringify(agency)}`)
    }
    const type = integer("routes.txt", row, "route_type")
    if (motOfRouteType(type) === undefined) {
      throw gtfsError("routes.txt", row.line, "route_type", `unknown route type ${type}`)
    }
    const name = row.get("route_short_name") || row.get("route_long_name")
    if (name === "") throw gtfsError("routes.txt", row.line, "route_short_name", "a route needs a short or a long name")
    routes.set(id, { line: row.line, type, agency: agency === "" ? agencies.keys().next().value! : agency, name })
  })

  // calendars: the rules and exceptions first, then their days within the dataset's window (maxCalendarDays
  // from the feed's first day), so that a calendar to the year 9999 costs no more than one of a year
  const services = new Map<string, Set<string>>()
  const rules: Array<{ id: string; runs: ReadonlyArray<boolean>; start: number; end: number }> = []
  let first = Number.POSITIVE_INFINITY
  if (feed.has("calendar.txt")) {
    const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const
    const ruled = new Set<string>()
    await feed.rows("calendar.txt", (row) => {
      const id = row.required("service_id")
      if (ruled.has(id)) throw gtfsError("calendar.txt", row.line, "service_id", `duplicate service ${id}`)
      ruled.add(id)
      const runs = weekdays.map((day) => {
        const value = row.required(day)
        if (value !== "0" && value !== "1") throw gtfsError("calendar.txt", row.line, day, "must be 0 or 1")
        return value === "1"
      })
      const start = dashedDate("calendar.txt", row, "start_date")
      const end = dashedDate("calendar.txt", row, "end_date")
      if (end < start) throw gtfsError("calendar.txt", row.line, "end_date", "is before start_date")
      rules.push({ id, runs, start: epochDay(start), end: epochDay(end) })
      first = Math.min(first, epochDay(start))
      services.set(id, new Set())
    })
  }
  // each service's exceptions: the day, and its line, negative for a day taken out
  const exceptions = new Map<string, Array<number>>()
  if (feed.has("calendar_dates.txt")) {
    await feed.rows("calendar_dates.txt", (row) => {
      const id = row.required("service_id")
      const day = epochDay(dashedDate("calendar_dates.txt", row, "date"))
      const kind = row.required("exception_type")
      if (kind !== "1" && kind !== "2") {
        throw gtfsError("calendar_dates.txt", row.line, "exception_type", "must be 1 or 2")
      }
      const list = exceptions.get(id) ?? []
      if (list.length === 0) exceptions.set(id, list)
      list.push(day, kind === "1" ? row.line : -row.line)
      first = Math.min(first, day)
      if (!services.has(id)) services.set(id, new Set())
    })
  }
  const last = first + limits.maxCalendarDays - 1
  let clipped = 0
  for (const { end, id, runs, start } of rules) {
    const dates = services.get(id)!
    if (end > last) clipped++
    for (let day = start; day <= Math.min(end, last); day++) {
      // 1970-01-01 was a Thursday
      if (runs[((day % 7) + 11) % 7]) dates.add(dateOfDay(day))
    }
  }
  for (const [id, list] of exceptions) {
    const dates = services.get(id)!
    const seen = new Map<number, number>()
    for (let i = 0; i < list.length; i += 2) {
      const day = list[i]!
      const line = list[i + 1]!
      const before = seen.get(day)
      if (before !== undefined) {
        throw gtfsError(
          "calendar_dates.txt",
          Math.abs(line),
          "date",
          `service ${id} has ${dateOfDay(day)} twice (line ${Math.abs(before)} too)`
        )
      }
      seen.set(day, line)
      if (day > last) {
        clipped++
        continue
      }
      if (line > 0) dates.add(dateOfDay(day))
      else dates.delete(dateOfDay(day))
    }
  }
  if (clipped > 0) {
    fallbacks.push(
      `calendar: the days after ${
        dateOfDay(last)
      } are left out (${clipped} rows run past them; maxCalendarDays ${limits.maxCalendarDays}, raise it with --gtfs-limit maxCalendarDays=<n>)`
    )
  }

  // trips
  const trips = new Map<string, TripRecord>()
  await feed.rows("trips.txt", (row) => {
    const id = row.required("trip_id")
    if (trips.has(id)) throw gtfsError("trips.txt", row.line, "trip_id", `duplicate trip ${id}`)
    if (trips.size >= limits.maxTrips) {
      throw limitError("trips.txt", row.line, "trip_id", `more than ${limits.maxTrips} trips`, "maxTrips", limits)
    }
    const route = row.required("route_id")
    if (!routes.has(route)) throw gtfsError("trips.txt", row.line, "route_id", `unknown route ${JSON.stringify(route)}`)
    const service = row.required("service_id")
    if (!services.has(service)) {
      throw gtfsError("trips.txt", row.line, "service_id", `unknown service ${JSON.stringify(service)}`)
    }
    const direction = row.get("direction_id")
    if (direction !== "" && direction !== "0" && direction !== "1") {
      throw gtfsError("trips.txt", row.line, "direction_id", "must be 0 or 1")
    }
    trips.set(id, {
      id,
      route,
      service,
      direction: direction === "1" ? "R" : "H",
      headsign: row.get("trip_headsign"),
      shape: row.get("shape_id"),
      line: row.line,
      sequence: [],
      places: [],
      stopIds: [],
      headsigns: [],
      arrivals: [],
      departures: [],
      lines: []
    })
  })

  // stop times: -1 for a time to interpolate
  let stopTimes = 0
  await feed.rows("stop_times.txt", (row) => {
    if (++stopTimes > limits.maxStopTimes) {
      throw limitError(
        "stop_times.txt",
        row.line,
        undefined,
        `more than ${limits.maxStopTimes} stop times`,
        "maxStopTimes",
        limits
      )
    }
    const tripId = row.required("trip_id")
    const trip = trips.get(tripId)
    if (trip === undefined) {
      throw gtfsError("stop_times.txt", row.line, "trip_id", `unknown trip ${JSON.stringify(tripId)}`)
    }
    const stopId = row.required("stop_id")
    const place = places.get(stopId)
    if (place === undefined) {
      throw gtfsError("stop_times.txt", row.line, "stop_id", `unknown stop ${JSON.stringify(stopId)}`)
    }
    const time = (column: string) => {
      const text = row.get(column)
      if (text === "") return -1
      const seconds = parseGtfsTime(text)
      if (seconds === undefined) {
        throw gtfsError("stop_times.txt", row.line, column, `${JSON.stringify(text)} is not a time HH:MM:SS`)
      }
      return seconds
    }
    const arrival = time("arrival_time")
    const departure = time("departure_time")
    const sequence = integer("stop_times.txt", row, "stop_sequence")
    trip.sequence.push(sequence)
    trip.places.push(place)
    trip.stopIds.push(stopId)
    trip.headsigns.push(row.get("stop_headsign"))
    trip.arrivals.push(arrival >= 0 ? arrival : departure)
    trip.departures.push(departure >= 0 ? departure : arrival)
    trip.lines.push(row.line)
  })
  return { agencies, stations, stops, places, platforms, routes, services, trips, zones, fallbacks, stopTimes }
}

// orders a trip's calls by stop_sequence and fills the times between two known ones
const finishTrip = (trip: TripRecord): boolean => {
  if (trip.sequence.length < 2) return false
  const order = trip.sequence.map((_, i) => i).sort((a, b) => trip.sequence[a]! - trip.sequence[b]!)
  const take = <A>(values: Array<A>) => order.map((i) => values[i]!)
  const sequence = take(trip.sequence)
  const lines = take(trip.lines)
  for (let i = 1; i < sequence.length; i++) {
    if (sequence[i] === sequence[i - 1]) {
      throw gtfsError(
        "stop_times.txt",
        lines[i],
        "stop_sequence",
        `trip ${trip.id} has stop_sequence ${sequence[i]} twice`
      )
    }
  }
  const arrivals = take(trip.arrivals)
  const departures = take(trip.departures)
  const last = arrivals.length - 1
  for (const i of [0, last]) {
    if (arrivals[i]! < 0) {
      throw gtfsError(
        "stop_times.txt",
        lines[i],
        "arrival_time",
        `the ${i === 0 ? "first" : "last"} stop time of a trip needs a time`
      )
    }
  }
  for (let i = 1; i < last; i++) {
    if (arrivals[i]! >= 0) continue
    let next = i + 1
    while (arrivals[next]! < 0) next++
    const from = departures[i - 1]!
    const share = (arrivals[next]! - from) / (next - i + 1)
    arrivals[i] = departures[i] = Math.round(from + share)
  }
  for (let i = 0; i <= last; i++) {
    if (departures[i]! < arrivals[i]!) {
      throw gtfsError("stop_times.txt", lines[i], "departure_time", `trip ${trip.id}: departure before arrival`)
    }
    if (i > 0 && arrivals[i]! < departures[i - 1]!) {
      throw gtfsError("stop_times.txt", lines[i], "arrival_time", `trip ${trip.id}: the time goes back`)
    }
  }
  trip.sequence.splice(0, Infinity, ...sequence)
  trip.places.splice(0, Infinity, ...take(trip.places))
  trip.stopIds.splice(0, Infinity, ...take(trip.stopIds))
  trip.headsigns.splice(0, Infinity, ...take(trip.headsigns))
  trip.arrivals.splice(0, Infinity, ...arrivals)
  trip.departures.splice(0, Infinity, ...departures)
  trip.lines.splice(0, Infinity, ...lines)
  return true
}

// every stop of some sequences in one order: the first sequence, the others' stops put after the stop before them
const mergeSequences = (sequences: ReadonlyArray<ReadonlyArray<string>>): Array<string> => {
  const merged: Array<string> = []
  for (const sequence of sequences) {
    let at = -1
    for (const stop of sequence) {
      const found = merged.indexOf(stop)
      if (found >= 0) {
        at = Math.max(at, found)
        continue
      }
      merged.splice(at + 1, 0, stop)
      at++
    }
  }
  return merged
}

const lineCode = (routeId: string, taken: Set<string>): string => {
  const base = routeId.toUpperCase().replace(/[^0-9A-Z]/g, "") || "R"
  let code = base
  for (let n = 2; taken.has(code); n++) code = `${base}${n}`
  taken.add(code)
  return code
}

const mostCommon = (values: ReadonlyArray<string>): string | undefined => {
  const counts = new Map<string, number>()
  let best: string | undefined
  for (const value of values) {
    if (value === "") continue
    const count = (counts.get(value) ?? 0) + 1
    counts.set(value, count)
    if (best === undefined || count > counts.get(best)!) best = value
  }
  return best
}

const readShapes = async (feed: Feed, wanted: ReadonlySet<string>) => {
  const points = new Map<string, Array<readonly [number, number, number, number]>>()
  await feed.rows("shapes.txt", (row) => {
    const id = row.required("shape_id")
    if (!wanted.has(id)) return
    const lat = number("shapes.txt", row, "shape_pt_lat", -90, 90)
    const lon = number("shapes.txt", row, "shape_pt_lon", -180, 180)
    const sequence = integer("shapes.txt", row, "shape_pt_sequence")
    const list = points.get(id) ?? []
    list.push([sequence, lat, lon, row.line])
    points.set(id, list)
  })
  return new Map(
    Array.from(points, ([id, list]) => {
      list.sort((a, b) => a[0] - b[0] || a[3] - b[3])
      for (let i = 1; i < list.length; i++) {
        if (list[i]![0] === list[i - 1]![0]) {
          throw gtfsError(
            "shapes.txt",
            list[i]![3],
            "shape_pt_sequence",
            `shape ${id} has shape_pt_sequence ${list[i]![0]} twice (line ${list[i - 1]![3]} too)`
          )
        }
      }
      return [id, list.map(([, lat, lon]) => [lat, lon] as const)]
    })
  )
}

const expandFrequencies = async (
  feed: Feed,
  trips: Map<string, TripRecord>,
  limits: GtfsLimits,
  counts: { trips: number; stopTimes: number }
) => {
  const copies = new Map<string, Array<number>>()
  const rows = new Map<string, number>()
  await feed.rows("frequencies.txt", (row) => {
    const tripId = row.required("trip_id")
    const template = trips.get(tripId)
    if (template === undefined) {
      throw gtfsError("frequencies.txt", row.line, "trip_id", `unknown trip ${JSON.stringify(tripId)}`)
    }
    const time = (column: string) => {
      const seconds = parseGtfsTime(row.required(column))
      if (seconds === undefined) {
        throw gtfsError(
          "frequencies.txt",
          row.line,
          column,
          `${JSON.stringify(row.get(column))} is not a time HH:MM:SS`
        )
      }
      return seconds
    }
    const start = time("start_time")
    const end = time("end_time")
    const headway = integer("frequencies.txt", row, "headway_secs")
    if (headway <= 0) throw gtfsError("frequencies.txt", row.line, "headway_secs", "must be more than 0")
    const key = `${tripId}\u0000${start}`
    const before = rows.get(key)
    if (before !== undefined) {
      throw gtfsError(
        "frequencies.txt",
        row.line,
        "start_time",
        `trip ${tripId} has start_time ${row.get("start_time")} twice (line ${before} too)`
      )
    }
    rows.set(key, row.line)
    // counted before any is made
    const runs = end > start ? Math.ceil((end - start) / headway) : 0
    if (runs > limits.maxFrequencyRuns) {
      throw limitError(
        "frequencies.txt",
        row.line,
        "headway_secs",
        `${runs} trips from ${row.get("start_time")} to ${row.get("end_time")} every ${headway} s`,
        "maxFrequencyRuns",
        limits
      )
    }
    const starts = copies.get(tripId) ?? []
    // the template itself gives way to its runs
    counts.trips += runs - (starts.length === 0 ? 1 : 0)
    counts.stopTimes += (runs - (starts.length === 0 ? 1 : 0)) * template.places.length
    if (counts.trips > limits.maxTrips) {
      throw limitError(
        "frequencies.txt",
        row.line,
        "headway_secs",
        `the runs bring the feed to ${counts.trips} trips`,
        "maxTrips",
        limits
      )
    }
    if (counts.stopTimes > limits.maxStopTimes) {
      throw limitError(
        "frequencies.txt",
        row.line,
        "headway_secs",
        `the runs bring the feed to ${counts.stopTimes} stop times`,
        "maxStopTimes",
        limits
      )
    }
    for (let t = start; t < end; t += headway) starts.push(t)
    copies.set(tripId, starts)
  })
  for (const [tripId, starts] of copies) {
    const template = trips.get(tripId)!
    trips.delete(tripId)
    for (const start of starts) {
      const shift = start - template.departures[0]!
      const id = `${tripId}@${pad(Math.floor(start / 3600))}:${pad(Math.floor(start / 60) % 60)}:${pad(start % 60)}`
      if (trips.has(id)) {
        throw gtfsError(
          "frequencies.txt",
          rows.get(`${tripId}\u0000${starts[0]}`),
          "start_time",
          `trip ${tripId} runs at ${id.slice(tripId.length + 1)} twice: its rows overlap, or a trip has the ID ${id}`
        )
      }
      trips.set(id, {
        ...template,
        id,
        arrivals: template.arrivals.map((t) => t + shift),
        departures: template.departures.map((t) => t + shift)
      })
    }
  }
}

const formatIssue = (error: ParseResult.ParseError): string => {
  const first = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
  return first === undefined ? "invalid" : `${first.path.join(".")}: ${first.message}`
}

/**
 * Reads a GTFS feed (a `.zip` or a folder) into a dataset; rejects with a {@link GtfsError}.
 *
 * @since 0.1.0
 * @category loading
 */
export const convertFeed = async (
  location: string,
  options: { readonly realtime?: string | undefined; readonly limits?: Partial<GtfsLimits> | undefined } = {}
): Promise<GtfsDataset> => {
  const limits = resolveGtfsLimits(options.limits)
  const feed = await openFeed(location, limits)
  try {
    return await convertOpened(feed, options.realtime, limits)
  } finally {
    feed.close()
  }
}

const convertOpened = async (
  feed: Feed,
  realtime: string | undefined,
  limits: GtfsLimits
): Promise<GtfsDataset> => {
  const read = await readFeed(feed, limits)
  const { agencies, routes, services, stations, trips } = read
  const fallbacks = [...read.fallbacks]
  const { german, language } = await feedLocale(feed, agencies, read.stops)
  const feedTrips = new Set(trips.keys())
  for (const trip of Array.from(trips.values())) {
    if (!finishTrip(trip)) trips.delete(trip.id)
  }
  if (feed.has("frequencies.txt")) {
    await expandFrequencies(feed, trips, limits, { trips: trips.size, stopTimes: read.stopTimes })
  }

  // lines: the trips of each route
  const byRoute = new Map<string, Array<TripRecord>>()
  for (const trip of trips.values()) {
    const list = byRoute.get(trip.route) ?? []
    list.push(trip)
    byRoute.set(trip.route, list)
  }
  const stationsOf = (trip: TripRecord) => trip.places.map((place) => place.station)
  const longest = (list: ReadonlyArray<TripRecord>) =>
    list.reduce<TripRecord | undefined>(
      (a, b) => a === undefined || b.places.length > a.places.length ? b : a,
      undefined
    )
  const representative = new Map<string, { trip: TripRecord; reversed: boolean }>()
  const codes = new Set<string>()
  const lines: Array<unknown> = []
  const lineIds = new Map<string, string>()
  for (const [routeId, route] of routes) {
    const routeTrips = byRoute.get(routeId)
    if (routeTrips === undefined) continue
    const outward = routeTrips.filter((trip) => trip.direction === "H")
    const back = routeTrips.filter((trip) => trip.direction === "R")
    const patterns = new Map<string, ReadonlyArray<string>>()
    for (const trip of outward) patterns.set(`H${stationsOf(trip).join("\u0000")}`, stationsOf(trip))
    for (const trip of back) patterns.set(`R${stationsOf(trip).join("\u0000")}`, stationsOf(trip).reverse())
    const main = longest(outward) ?? longest(back)!
    const mainReversed = main.direction === "R"
    representative.set(routeId, { trip: main, reversed: mainReversed })
    const first = mainReversed ? stationsOf(main).reverse() : stationsOf(main)
    const sequence = mergeSequences([first, ...patterns.values()])
    if (sequence.length < 2) {
      for (const trip of routeTrips) trips.delete(trip.id)
      continue
    }
    const code = lineCode(routeId, codes)
    lineIds.set(routeId, code)
    const mot = motOfRouteType(route.type)!
    const agency = agencies.get(route.agency)!
    const nameOf = (stop: string) => stations.get(stop)!.name
    lines.push({
      network: NETWORK,
      code,
      supplement: " ",
      number: route.name,
      product: productOf(mot, language),
      mot,
      operator: { code: route.agency || "GTFS", name: agency.name },
      kinds: ["STT", "TTB", "StationTT"],
      vehicles: { lowFloor: false, wheelchair: false },
      stops: sequence.map((stop, i) => ({ stop, run: i === 0 ? 0 : 1 })),
      directions: {
        H: {
          towards: mostCommon(outward.map((trip) => trip.headsign)) ?? nameOf(sequence[sequence.length - 1]!),
          services: []
        },
        R: { towards: mostCommon(back.map((trip) => trip.headsign)) ?? nameOf(sequence[0]!), services: [] }
      },
      geometry: [] as Array<readonly [number, number]>
    })
  }

  // geometries: the shape of each line's longest trip, else straight lines between its stops
  const hasShapes = feed.has("shapes.txt")
  const shapes = hasShapes
    ? await readShapes(feed, new Set(Array.from(representative.values(), ({ trip }) => trip.shape)))
    : new Map<string, ReadonlyArray<readonly [number, number]>>()
  if (!hasShapes) fallbacks.push("no shapes.txt: line geometries are straight lines between the stops")
  const coordOf = new Map(read.stops.map((stop) => {
    const { coord, id } = stop as { id: string; coord: { lat: number; lon: number } }
    return [id, [coord.lat, coord.lon] as const]
  }))
  for (const line of lines as Array<{ code: string; stops: Array<{ stop: string }>; geometry: Array<unknown> }>) {
    const routeId = Array.from(lineIds).find(([, code]) => code === line.code)![0]
    const { reversed, trip } = representative.get(routeId)!
    const shape = shapes.get(trip.shape)
    line.geometry = shape !== undefined && shape.length >= 2
      ? reversed ? [...shape].reverse() : [...shape]
      : line.stops.map(({ stop }) => coordOf.get(stop)!)
  }

  // the single trips and their calendars
  const usedServices = new Set<string>()
  const timetableTrips: Array<unknown> = []
  for (const trip of trips.values()) {
    const code = lineIds.get(trip.route)
    if (code === undefined) continue
    usedServices.add(trip.service)
    const calls = trip.places.map((place, i) => {
      const call = [place.station, formatTime(trip.arrivals[i]!), formatTime(trip.departures[i]!)]
      return place.platform === undefined ? call : [...call, place.platform]
    })
    timetableTrips.push({
      id: trip.id,
      line: `${NETWORK}:${code}: :${trip.direction}`,
      calendar: trip.service,
      ...(trip.headsign === "" ? {} : { headsign: trip.headsign }),
      // the direction shown at a call where the feed gives one (`stop_headsign`)
      ...(trip.headsigns.some((headsign) => headsign !== "")
        ? { stopHeadsigns: trip.headsigns.map((headsign) => headsign === "" ? null : headsign) }
        : {}),
      calls
    })
  }
  if (timetableTrips.length === 0) throw gtfsError("stop_times.txt", undefined, undefined, "no trip has two stop times")
  const calendars = Array.from(usedServices, (id) => ({ id, dates: Array.from(services.get(id)!).sort() }))
  const allDates = calendars.flatMap((calendar) => calendar.dates).sort()
  if (allDates.length === 0) throw gtfsError("calendar.txt", undefined, undefined, "no trip runs on any day")

  // interchanges: the feed's change times and walks, or computed walks without them
  // the dataset's trips of each of the feed's trips (a trip with frequencies has its runs' copies)
  const tripsOf = new Map<string, Array<string>>()
  for (const trip of timetableTrips as Array<{ id: string }>) {
    const copy = /@\d\d:\d\d:\d\d$/.test(trip.id) ? trip.id.slice(0, -9) : undefined
    const base = copy !== undefined && feedTrips.has(copy) && !trips.has(copy) ? copy : trip.id
    const list = tripsOf.get(base)
    if (list === undefined) tripsOf.set(base, [trip.id])
    else list.push(trip.id)
  }
  const scopes: TransferScopes = {
    trips: (id) => feedTrips.has(id) ? tripsOf.get(id) ?? [] : undefined,
    route: (id) => {
      if (!routes.has(id)) return undefined
      const code = lineIds.get(id)
      return code === undefined ? null : `${NETWORK}:${code}`
    }
  }
  const interchanges = feed.has("transfers.txt") ? await readTransfers(feed, read, scopes, fallbacks) : undefined
  if (interchanges === undefined) fallbacks.push("no transfers.txt: walks between nearby stops are computed")
  const tariff = feed.has("fare_attributes.txt") ? await readFares(feed, read.routes, lineIds, read.zones) : undefined
  if (tariff === undefined) fallbacks.push("no fare_attributes.txt: trips carry no fares")
  else {
    fallbacks.push(
      `fares: ${tariff.fares.length} from fare_attributes.txt, the zones of ${Object.keys(tariff.zones).length} stops`
    )
  }

  // the clock: 08:00 on the feed's busiest day of its first four weeks
  const firstAgency = agencies.values().next().value!
  const zone = Either.getOrThrow(LocalDateTime.zone(firstAgency.timeZone))
  const tripsPerService = new Map<string, number>()
  for (const trip of trips.values()) tripsPerService.set(trip.service, (tripsPerService.get(trip.service) ?? 0) + 1)
  const perDate = new Map<string, number>()
  for (const calendar of calendars) {
    for (const date of calendar.dates) {
      if (date > addDays(allDates[0]!, 27)) break
      perDate.set(date, (perDate.get(date) ?? 0) + (tripsPerService.get(calendar.id) ?? 0))
    }
  }
  const busiest = Array.from(perDate).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]
  const now = new Date((serviceDayOrigin(busiest, zone) + 8 * 3600) * 1000).toISOString().slice(0, 16) + "Z"
  const name = Array.from(agencies.values(), (agency) => agency.name).join(", ")

  const encoded = {
    meta: {
      name,
      region: name,
      timeZone: firstAgency.timeZone,
      defaultNow: now,
      validFrom: allDates[0],
      validTo: allDates[allDates.length - 1],
      holidays: [],
      ...GTFS_WALKING,
      minChangeMinutes: DEFAULT_CHANGE_SECONDS / 60,
      transferRadiusMeters: 450,
      accessRadiusMeters: 1500,
      ...(german ? {} : { nativeCoordinates: "WGS84" as const })
    },
    stops: read.stops.map((stop) => {
      const s = stop as { place: string }
      return s.place === "" ? { ...s, place: name } : s
    }),
    lines,
    pois: [],
    parking: [],
    sharing: { providers: [], vehicles: [] },
    notices: [],
    realtime: [],
    timetable: {
      calendars,
      trips: timetableTrips,
      platforms: read.platforms,
      interchanges: interchanges ?? [],
      computedWalks: interchanges === undefined,
      updates: [] as Array<unknown>,
      ...({} as { realtimeLeftOut?: ReadonlyArray<string> })
    },
    ...(tariff === undefined ? {} : { tariff })
  }
  if (realtime !== undefined) {
    const { readTripUpdates } = await import("./realtime.js")
    const calls = new Map(Array.from(trips.values(), (trip) => [trip.id, {
      sequences: trip.sequence,
      stopIds: trip.stopIds.map((id, i) => id === trip.places[i]!.station ? [id] : [id, trip.places[i]!.station]),
      arrivals: trip.arrivals,
      departures: trip.departures,
      origin: (date: string) => serviceDayOrigin(date, zone)
    }]))
    const { leftOut, unknownTrips, updates } = await readTripUpdates(realtime, calls)
    encoded.timetable.updates = updates
    if (leftOut.length > 0) encoded.timetable.realtimeLeftOut = leftOut
    fallbacks.push(
      `real time: ${updates.length} trip updates${
        unknownTrips > 0 ? `, ${unknownTrips} of trips not in the feed left out` : ""
      }${leftOut.length > 0 ? `, ${leftOut.length} stop or trip updates left out:` : ""}`
    )
    // the first few, by entity, so that the banner stays short
    for (const line of leftOut.slice(0, 20)) fallbacks.push(`  ${line}`)
    if (leftOut.length > 20) fallbacks.push(`  ... and ${leftOut.length - 20} more`)
  }
  return { dataset: await decodeEncoded(encoded), fallbacks }
}

// The feed's language (`feed_info.txt`'s `feed_lang`, else the first agency's `agency_lang`; products are named in
// it where the fake knows its names, else in English) and whether it is German: its stations' IDs mostly German
// global IDs (`de:<AGS>:...`). A German feed answers in the native grid (Gauss-Krueger) as German deployments do,
// any other in WGS84 degrees.
const feedLocale = async (
  feed: Feed,
  agencies: ReadonlyMap<string, { readonly language: string }>,
  stops: ReadonlyArray<unknown>
): Promise<{ readonly language: string; readonly german: boolean }> => {
  let language = ""
  if (feed.has("feed_info.txt")) {
    await feed.rows("feed_info.txt", (row) => {
      if (language === "") language = row.get("feed_lang")
    })
  }
  if (language === "" || language === "mul") language = agencies.values().next().value?.language ?? ""
  const ids = stops.map((stop) => (stop as { id: string }).id)
  const germanIds = ids.filter((id) => /^de:\d{5}:/.test(id)).length
  return { language: language === "" ? "en" : language, german: ids.length > 0 && germanIds * 2 >= ids.length }
}

interface FeedInterchange {
  from: string
  to: string
  minutes: number
  seconds?: number
  forbidden?: boolean
  fromTrips?: Array<string>
  fromLine?: string
  toTrips?: Array<string>
  toLine?: string
}

// What the trips and routes `transfers.txt` names are in the dataset: a trip's runs (undefined: no such trip in the
// feed), a route's line (undefined: no such route; null: a route without trips)
interface TransferScopes {
  readonly trips: (id: string) => ReadonlyArray<string> | undefined
  readonly route: (id: string) => string | null | undefined
}

// `transfers.txt` as the dataset's interchanges between its stops (the feed's stations): a row naming a platform
// applies to its station. A row from a station to itself (or between two of its platforms) is the change time
// there: `min_transfer_time` where given, forbidden for type 3, else the default (no row); a row between two
// stations is a walk taking `min_transfer_time` (else the straight-line walk), none for type 3. Where rows of one
// station, or of one pair, differ, the longest time is kept (a change is never faster than the feed allows) and a
// forbidding row between two platforms of a station that allows changes elsewhere is not applied: both are said
// in the banner. A row naming trips or routes is scoped to their runs and lines (the router applies the most
// specific); within a station without a time it takes the station's own change time (the default where the
// station has none or forbids changing). A row naming a trip or route that never runs is dropped. In-seat
// transfers (types 4 and 5) are not applied.
const readTransfers = async (
  feed: Feed,
  read: {
    readonly places: ReadonlyMap<string, Place>
    readonly stops: ReadonlyArray<unknown>
  },
  scopes: TransferScopes,
  fallbacks: Array<string>
): Promise<Array<FeedInterchange>> => {
  const coords = new Map(read.stops.map((stop) => {
    const { coord, id } = stop as { id: string; coord: { lat: number; lon: number } }
    return [id, coord] as const
  }))
  const rows = new Map<string, FeedInterchange>()
  let inSeat = 0
  let neverRun = 0
  // rows for trips or routes within a station without a time: the station's own, known when all rows are read
  const stationsOwn: Array<FeedInterchange> = []
  let merged = 0
  let platformForbids = 0
  const transferKeys = new Map<string, number>()
  const transferColumns = ["from_stop_id", "to_stop_id", "from_route_id", "to_route_id", "from_trip_id", "to_trip_id"]
  await feed.rows("transfers.txt", (row) => {
    const rowKey = transferColumns.map((column) => row.get(column)).join("\u0000")
    const sameRow = transferKeys.get(rowKey)
    if (sameRow !== undefined) {
      throw gtfsError("transfers.txt", row.line, "from_stop_id", `the same transfer as line ${sameRow}`)
    }
    transferKeys.set(rowKey, row.line)
    const place = (column: string) => {
      const id = row.required(column)
      const found = read.places.get(id)
      if (found === undefined) throw gtfsError("transfers.txt", row.line, column, `unknown stop ${JSON.stringify(id)}`)
      return { id, station: found.station }
    }
    const from = place("from_stop_id")
    const to = place("to_stop_id")
    const type = integer("transfers.txt", row, "transfer_type", 0)
    if (type < 0 || type > 5) throw gtfsError("transfers.txt", row.line, "transfer_type", `unknown type ${type}`)
    const time = row.get("min_transfer_time")
    const given = time === "" ? undefined : integer("transfers.txt", row, "min_transfer_time")
    if (given !== undefined && given < 0) {
      throw gtfsError("transfers.txt", row.line, "min_transfer_time", "must not be negative")
    }
    if (type === 2 && given === undefined) {
      throw gtfsError("transfers.txt", row.line, "min_transfer_time", "is required")
    }
    if (type >= 4) {
      inSeat++
      return
    }
    // the trips and routes it names
    const scope: { fromTrips?: Array<string>; fromLine?: string; toTrips?: Array<string>; toLine?: string } = {}
    let runs = true
    for (const side of ["from", "to"] as const) {
      const tripId = row.get(`${side}_trip_id`)
      const routeId = row.get(`${side}_route_id`)
      if (tripId !== "") {
        const found = scopes.trips(tripId)
        if (found === undefined) {
          throw gtfsError("transfers.txt", row.line, `${side}_trip_id`, `unknown trip ${JSON.stringify(tripId)}`)
        }
        if (found.length === 0) runs = false
        scope[`${side}Trips`] = [...found]
      }
      if (routeId !== "") {
        const found = scopes.route(routeId)
        if (found === undefined) {
          throw gtfsError("transfers.txt", row.line, `${side}_route_id`, `unknown route ${JSON.stringify(routeId)}`)
        }
        if (found === null) runs = false
        // a trip is more specific than its route
        else if (tripId === "") scope[`${side}Line`] = found
      }
    }
    const scoped = Object.keys(scope).length > 0 || !runs
    if (!runs) {
      neverRun++
      return
    }
    const within = from.station === to.station
    if (within && type === 3 && from.id !== to.id && !scoped) {
      platformForbids++
      return
    }
    let seconds: number | undefined = given
    if (seconds === undefined && !within && type !== 3) {
      const meters = distanceMeters(coords.get(from.station)!, coords.get(to.station)!)
      seconds = walkSeconds(meters, GTFS_WALKING)
    }
    // no time within a station: the station's default, no row (for trips or routes: the station's own)
    if (within && seconds === undefined && type !== 3 && !scoped) return
    const key = `${from.station}\u0000${to.station}\u0000${JSON.stringify(scope)}`
    const capped = Math.min(180 * 60, seconds ?? 0)
    const entry: FeedInterchange = type === 3
      ? { from: from.station, to: to.station, minutes: 0, forbidden: true, ...scope }
      : { from: from.station, to: to.station, minutes: Math.ceil(capped / 60), seconds: capped, ...scope }
    if (within && seconds === undefined && type !== 3) stationsOwn.push(entry)
    const before = rows.get(key)
    if (before === undefined) rows.set(key, entry)
    else {
      merged++
      if (before.forbidden === true) return
      if (entry.forbidden === true || (entry.seconds ?? 0) > (before.seconds ?? 0)) rows.set(key, entry)
    }
  })
  for (const entry of stationsOwn) {
    const own = rows.get(`${entry.from}\u0000${entry.from}\u0000{}`)
    const seconds = own === undefined || own.forbidden === true ? DEFAULT_CHANGE_SECONDS : own.seconds!
    entry.seconds = seconds
    entry.minutes = Math.ceil(seconds / 60)
  }
  if (inSeat > 0) fallbacks.push(`transfers.txt: ${inSeat} in-seat transfers (types 4 and 5) not applied`)
  if (neverRun > 0) fallbacks.push(`transfers.txt: ${neverRun} rows for trips or routes that never run left out`)
  if (merged > 0) fallbacks.push(`transfers.txt: ${merged} rows merged into their station's (the longest time kept)`)
  if (platformForbids > 0) {
    fallbacks.push(`transfers.txt: ${platformForbids} forbidden changes between two platforms of a station not applied`)
  }
  return Array.from(rows.values())
}

// the optional files: a feed gives the single trips, and a tariff where it has fares; it has no places (streets)
const { places: _places, tariff: _tariff, timetable: _timetable, ...otherFiles } = DatasetFiles

const DatasetSchema = Schema.Struct({
  ...Object.fromEntries(Object.entries(otherFiles).map(([key, { schema }]) => [key, schema])) as {
    [K in keyof typeof otherFiles]: (typeof otherFiles)[K]["schema"]
  },
  timetable: Schema.Struct({ ...Timetable.fields, trips: Schema.Array(Schema.Unknown) }),
  tariff: Schema.optionalWith(DatasetFiles.tariff.schema, { exact: true })
})

interface GtfsFare {
  id: string
  price: number
  currency: string
  transfers?: number
  transferSeconds?: number
  lines?: Array<string>
  journeys?: Array<{ origin?: string; destination?: string }>
  contains?: Array<string>
}

// `fare_attributes.txt` and `fare_rules.txt` as the tariff's fares: the rules of a fare kept together (its routes'
// lines, its origin-destination pairs, its contained zones), the zones of the stations.
const readFares = async (
  feed: Feed,
  routes: ReadonlyMap<string, unknown>,
  lineIds: ReadonlyMap<string, string>,
  zones: ReadonlyMap<string, string>
) => {
  const fares = new Map<string, GtfsFare>()
  await feed.rows("fare_attributes.txt", (row) => {
    const id = row.required("fare_id")
    if (fares.has(id)) throw gtfsError("fare_attributes.txt", row.line, "fare_id", `duplicate fare ${id}`)
    const currency = row.required("currency_type")
    if (!/^[A-Z]{3}$/.test(currency)) {
      throw gtfsError(
        "fare_attributes.txt",
        row.line,
        "currency_type",
        `${JSON.stringify(currency)} is not a currency code`
      )
    }
    const transfers = row.get("transfers")
    if (transfers !== "" && !["0", "1", "2"].includes(transfers)) {
      throw gtfsError("fare_attributes.txt", row.line, "transfers", "must be empty, 0, 1 or 2")
    }
    const duration = row.get("transfer_duration") === ""
      ? undefined
      : integer("fare_attributes.txt", row, "transfer_duration")
    if (duration !== undefined && duration < 0) {
      throw gtfsError("fare_attributes.txt", row.line, "transfer_duration", "must not be negative")
    }
    fares.set(id, {
      id,
      price: number("fare_attributes.txt", row, "price", 0, Number.MAX_SAFE_INTEGER),
      currency,
      ...(transfers === "" ? {} : { transfers: Number(transfers) }),
      ...(duration === undefined ? {} : { transferSeconds: duration })
    })
  })
  if (fares.size === 0) return undefined
  // fares whose rules name only routes without trips cover no ride
  const namesRoutes = new Set<string>()
  if (feed.has("fare_rules.txt")) {
    const ruleKeys = new Map<string, number>()
    await feed.rows("fare_rules.txt", (row) => {
      const id = row.required("fare_id")
      const key = ["fare_id", "route_id", "origin_id", "destination_id", "contains_id"].map((column) => row.get(column))
        .join("\u0000")
      const before = ruleKeys.get(key)
      if (before !== undefined) {
        throw gtfsError("fare_rules.txt", row.line, "fare_id", `the same rule as line ${before}`)
      }
      ruleKeys.set(key, row.line)
      const fare = fares.get(id)
      if (fare === undefined) {
        throw gtfsError("fare_rules.txt", row.line, "fare_id", `unknown fare ${JSON.stringify(id)}`)
      }
      const route = row.get("route_id")
      if (route !== "") {
        if (!routes.has(route)) {
          throw gtfsError("fare_rules.txt", row.line, "route_id", `unknown route ${JSON.stringify(route)}`)
        }
        namesRoutes.add(id)
        const code = lineIds.get(route)
        if (code !== undefined && !(fare.lines ??= []).includes(code)) fare.lines.push(code)
      }
      const origin = row.get("origin_id")
      const destination = row.get("destination_id")
      if (origin !== "" || destination !== "") {
        ;(fare.journeys ??= []).push({
          ...(origin === "" ? {} : { origin }),
          ...(destination === "" ? {} : { destination })
        })
      }
      const contains = row.get("contains_id")
      if (contains !== "" && !(fare.contains ??= []).includes(contains)) fare.contains.push(contains)
    })
  }
  const kept = Array.from(fares.values()).filter((fare) => !namesRoutes.has(fare.id) || fare.lines !== undefined)
  if (kept.length === 0) return undefined
  return {
    network: NETWORK,
    currency: kept[0]!.currency,
    ticket: { id: NETWORK, name: "Ticket" },
    zones: Object.fromEntries(zones),
    fares: kept
  }
}

/**
 * Decodes the files of a converted feed and checks them against each other; the first problem as a
 * {@link GtfsError} naming the dataset file. The trips, a million calls in a large feed, are made by the
 * conversion in their decoded form (times it formatted, stops it read) and are checked by `checkTimetable`
 * (every stop, line and calendar known, times in order) rather than decoded one value at a time.
 *
 * @since 0.1.0
 * @category loading
 */
const decodeEncoded = async (
  encoded: { readonly timetable: { readonly trips: ReadonlyArray<unknown> } }
): Promise<Dataset> => {
  const decoded = Schema.decodeUnknownEither(DatasetSchema, { errors: "first" })(encoded)
  if (Either.isLeft(decoded)) {
    throw gtfsError("(converted dataset)", undefined, undefined, formatIssue(decoded.left))
  }
  const dataset: Dataset = {
    ...decoded.right,
    timetable: { ...decoded.right.timetable, trips: encoded.timetable.trips as Timetable["trips"] }
  }
  const problem = checkReferences(dataset)
  if (problem !== undefined) throw gtfsError(problem.file, undefined, problem.path, problem.message)
  return dataset
}

export { GtfsError }
