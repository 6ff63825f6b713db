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
 *
 * @since 0.1.0
 */
import type { Occupancy, Trip } from "@efa-kit/core"
import type { Dataset, Notice, Stop } from "../dataset/schema.js"
import { hash } from "./realtime.js"
import type { Run } from "./timetable.js"

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
  return dataset.notices.filter(applies).map((notice) => {
    const out: { -readonly [K in keyof Trip.LegNotice]: Trip.LegNotice[K] } = {
      id: notice.id,
      type: notice.type,
      title: notice.title,
      text: notice.text,
      source: "info"
    }
    if (notice.url !== undefined) out.url = notice.url
    return out
  })
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
