/**
 * What a trip's ride tells besides its times: how full the vehicle is, which stops are step-free, the notices on
 * its line and stops, and the walk to change at a stop (stairs, escalators, lifts).
 *
 * - Occupancy per run and stop, deterministic: outside the peaks (06:30–09:00 and 16:00–18:30 at the stop) a run
 *   is `empty` or has `manySeats`; in the peaks it has `fewSeats`, `manySeats` at its ends, and one run in five is
 *   crowded in the middle half of its stops (`standingOnly`, and one in ten `full`).
 * - A stop is step-free when it has a lift, or no stairs and no escalator (level access).
 * - A change walks down to the level under the platforms and up again where the stop has stairs, escalators or
 *   lifts (a big station), by the way the traveller's mobility options allow: a lift with `wheelchair`, no
 *   stairs with `noSolidStairs`, none of a kind they exclude; stairs where allowed, else an escalator, else a
 *   lift. A stop without any is level.
 * - Notices as real servers write them (`noticeDetails`): subtitle, page, link text, version, short text and a
 *   further link; a ride's hints say what its line's vehicles offer (low floor, wheelchair places).
 * - A ride's path is the line's geometry from its boarding to its alighting stop, in travel order (as the line
 *   geometry request gives the section between two stops).
 * - A trip's days of service (`rvb`): a bit per day of the timetable's period, set on the days whose day type
 *   (weekday, Saturday, Sunday or holiday) is that of each ride's service day, the same number of days after the
 *   first ride's: the dataset's runs repeat by day type.
 *
 * @since 0.1.0
 */
import type { Occupancy, Trip } from "@efa-kit/core"
import { perDataset, perDatasetAndKey } from "../dataset/cache.js"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset, DayType, Notice, Stop } from "../dataset/schema.js"
import { hash } from "./realtime.js"
import { addDays, dayTypeOf, type Run } from "./timetable.js"

const PEAKS: ReadonlyArray<readonly [number, number]> = [[6 * 60 + 30, 9 * 60], [16 * 60, 18 * 60 + 30]]

// the minute of the service day of a run's departure at a stop: its first departure's minute (in its ID) plus
// the time since
const minuteAt = (run: Run, index: number): number => {
  const hhmm = run.id.split(":")[4] ?? "0000"
  const first = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4))
  const time = run.departures[index] ?? run.arrivals[index]!
  return first + Math.round((time - run.departures[0]!) / 60)
}

/**
 * How full `run` is at its stop `index` (see the module documentation).
 *
 * @since 0.1.0
 * @category vehicles
 */
export const occupancyAt = (run: Run, index: number): Occupancy.Occupancy => {
  const minute = minuteAt(run, index) % (24 * 60)
  const h = hash(run.id)
  if (!PEAKS.some(([from, to]) => minute >= from && minute < to)) return h % 3 === 0 ? "empty" : "manySeats"
  const last = run.stops.length - 1
  const middle = index >= last / 4 && index <= (3 * last) / 4
  if (h % 5 === 0 && middle) return h % 10 === 0 ? "full" : "standingOnly"
  return index === 0 || index === last ? "manySeats" : "fewSeats"
}

/**
 * Whether a stop is step-free: a lift, or level access.
 *
 * @since 0.1.0
 * @category stops
 */
export const stepFree = (stop: Stop): boolean =>
  stop.facilities.elevator || (!stop.facilities.stairs && !stop.facilities.escalator)

/**
 * The dataset's notices on a ride, valid on its service day: those of its line direction and those of the stops
 * it calls at from boarding to alighting, in the dataset's order.
 *
 * @since 0.1.0
 * @category notices
 */
export const noticesOn = (
  dataset: Dataset,
  run: Run,
  board: number,
  alight: number
): Array<Trip.LegNotice> => {
  const stops = new Set(run.stops.slice(board, alight + 1))
  const applies = (notice: Notice) =>
    notice.validFrom <= run.serviceDate && run.serviceDate <= notice.validTo &&
    (notice.lines.includes(run.direction.id) || notice.stops.some((stop) => stops.has(stop)))
  return dataset.notices.filter(applies).map((notice): Trip.LegNotice => ({
    id: notice.id,
    type: notice.type,
    title: notice.title,
    text: notice.text,
    priority: notice.severity,
    ...noticeDetails(notice),
    source: "info"
  }))
}

/**
 * What a dataset's notice tells besides its title and text, as real servers write notices (in `addInfo` and on
 * legs alike): its page (the dataset's, else `https://notices.example/<provider>/<id>`, an address of the reserved
 * `example` domain: the fake's notices have no pages), the title as subtitle, link text and short text, its version
 * (the dataset's, else 1), and its page as its one further link.
 *
 * @since 0.2.0
 * @category notices
 */
export const noticeDetails = (notice: Notice) => {
  const url = notice.url ??
    `https://notices.example/${encodeURIComponent(notice.provider)}/${encodeURIComponent(notice.id)}`
  return {
    url,
    subtitle: notice.subtitle ?? notice.title,
    urlText: notice.urlText ?? notice.title,
    version: notice.version ?? "1",
    smsText: notice.smsText ?? notice.title,
    links: notice.links ?? [{ url, urlText: notice.title, subtitle: notice.title, content: notice.text }]
  }
}

/**
 * The hints of a ride (rapidJSON `hints`, as recorded VRR and TfNSW legs carry them): what its line's vehicles
 * offer, keyed by a provider code (`NF` low floor, `RO` wheelchair places), of type `Timetable`.
 *
 * @since 0.2.0
 * @category notices
 */
export const rideHints = (vehicles: { readonly lowFloor: boolean; readonly wheelchair: boolean }) => {
  const hints: Array<Trip.LegNotice> = []
  if (vehicles.lowFloor) hints.push({ id: "NF", type: "Timetable", text: "Niederflurfahrzeug", source: "hint" })
  if (vehicles.wheelchair) {
    hints.push({ id: "RO", type: "Timetable", text: "Rollstuhlplätze im Fahrzeug", source: "hint" })
  }
  return hints
}

/**
 * The ways between levels a traveller may take (the trip request's mobility options).
 *
 * @since 0.1.0
 * @category interchanges
 */
export interface Mobility {
  readonly wheelchair?: boolean
  readonly noElevators?: boolean
  readonly noEscalators?: boolean
  readonly noSolidStairs?: boolean
}

const wayAt = (stop: Stop, mobility: Mobility): Trip.PathElement["type"] | undefined => {
  const f = stop.facilities
  if (!f.elevator && !f.escalator && !f.stairs) return undefined
  const lift = f.elevator && mobility.noElevators !== true ? "lift" as const : undefined
  if (mobility.wheelchair === true) return lift
  if (f.stairs && mobility.noSolidStairs !== true) return "stairs"
  if (f.escalator && mobility.noEscalators !== true) return "escalator"
  return lift
}

/**
 * The walk to change from a ride alighting at `from` to one boarding at `to` (the same stop, or one a walk away):
 * down from the platform where `from` has a way between levels, along the level, and up to the platform where
 * `to` has one; `duration` in seconds, `distance` in metres for a walk between stops.
 *
 * @since 0.1.0
 * @category interchanges
 */
export const interchangeWalk = (
  from: Stop,
  to: Stop,
  duration: number,
  meters: number | undefined,
  mobility: Mobility
): Trip.Interchange => {
  const elements: Array<Trip.PathElement> = []
  const down = wayAt(from, mobility)
  if (down !== undefined) elements.push({ type: down, direction: "down", levelFrom: 0, levelTo: -1 })
  const level = down === undefined ? 0 : -1
  elements.push({ type: "level", direction: "level", levelFrom: level, levelTo: level })
  const up = wayAt(to, mobility)
  if (up !== undefined) elements.push({ type: up, direction: "up", levelFrom: -1, levelTo: 0 })
  const out: { -readonly [K in keyof Trip.Interchange]: Trip.Interchange[K] } = {
    position: "after",
    duration,
    elements
  }
  if (meters !== undefined) out.distance = Math.round(meters)
  return out
}

/**
 * The path of the ride of `run` from its stop `board` to its stop `alight`: the line's geometry between them, in
 * travel order (`[lat, lon]` pairs); the two stops' positions where the geometry does not pass them in that order.
 *
 * @since 0.2.0
 * @category rides
 */
export const ridePath = (
  dataset: Dataset,
  run: Run,
  board: number,
  alight: number
): Array<readonly [number, number]> => {
  const index = lookupOf(dataset)
  const line = run.direction.line
  const stops = line.stops
  const from = run.stops[board]!
  const to = run.stops[alight]!
  // positions in the line's stops (direction H); a direction R runs them backwards
  const forward = run.direction.direction === "H"
  let a = -1
  let b = -1
  if (forward) {
    a = stops.findIndex((entry) => entry.stop === from)
    for (let i = a + 1; a >= 0 && i < stops.length; i++) {
      if (stops[i]!.stop === to) {
        b = i
        break
      }
    }
  } else {
    for (let i = stops.length - 1; i >= 0; i--) {
      if (stops[i]!.stop === from) {
        a = i
        break
      }
    }
    for (let i = a - 1; i >= 0; i--) {
      if (stops[i]!.stop === to) {
        b = i
        break
      }
    }
  }
  const positions = index.geometryIndex.get(line)
  const start = a < 0 || b < 0 ? undefined : positions?.[a]
  const end = a < 0 || b < 0 ? undefined : positions?.[b]
  if (start === undefined || end === undefined || start === end) {
    const ends = [index.stopById.get(from)!.coord, index.stopById.get(to)!.coord]
    return ends.map(({ lat, lon }) => [lat, lon] as const)
  }
  const path = line.geometry.slice(Math.min(start, end), Math.max(start, end) + 1)
  return start <= end ? path : path.reverse()
}

const DAY = 24 * 3600 * 1000

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY)

// The day type of each day of the timetable's period, from its first day.
const dayTypesOf = perDataset((dataset: Dataset): ReadonlyArray<DayType | undefined> => {
  const { meta } = dataset
  const count = Math.max(0, daysBetween(meta.validFrom, meta.validTo) + 1)
  return Array.from({ length: count }, (_, day) => dayTypeOf(addDays(meta.validFrom, day), meta))
})

// The bit fields by the rides' offsets and day types: most trips of an answer share theirs.
const rvbCache = perDatasetAndKey<string | undefined>(64)

/**
 * A trip's days of service from its rides' service days (`YYYY-MM-DD`, in order), as real servers write them:
 * `rvb`, a hexadecimal bit field with a bit per day of the timetable's period from its first day (see the module
 * documentation); undefined for a trip without rides.
 *
 * @since 0.2.0
 * @category rides
 */
export const daysOfService = (
  dataset: Dataset,
  serviceDates: ReadonlyArray<string>
): Trip.DaysOfService | undefined => {
  const first = serviceDates[0]
  if (first === undefined) return undefined
  const { meta } = dataset
  const start = daysBetween(meta.validFrom, first)
  const dayTypes = dayTypesOf(dataset)
  const rides = serviceDates.map((date) => {
    const days = daysBetween(first, date)
    return { days, dayType: dayTypes[start + days] }
  })
  const key = rides.map(({ days, dayType }) => `${days}:${dayType}`).join(",")
  const rvb = rvbCache(dataset, key, () => {
    if (dayTypes.length === 0) return undefined
    let out = ""
    let digit = 0
    for (let day = 0; day < Math.ceil(dayTypes.length / 4) * 4; day++) {
      const runs = day < dayTypes.length &&
        rides.every(({ dayType, days }) => dayType !== undefined && dayTypes[day + days] === dayType)
      digit = digit * 2 + (runs ? 1 : 0)
      if (day % 4 === 3) {
        out += digit.toString(16).toUpperCase()
        digit = 0
      }
    }
    return out
  })
  return rvb === undefined ? undefined : { rvb }
}
