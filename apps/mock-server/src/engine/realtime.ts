/**
 * Deterministic real-time estimates: a run's delay is derived from a hash of its ID and the stop, so
 * the same request always gets the same estimates and different runs get different ones.
 *
 * The dataset's disruptions (`realtime.json`: delays, cancellations, platform changes) apply to their
 * runs once announced, as seen from the fake's clock.
 *
 * @since 0.1.0
 */
import { perDataset } from "../dataset/cache.js"
import { lookupOf } from "../dataset/lookup.js"
import { type Dataset, type Disruption, serviceMinutes } from "../dataset/schema.js"
import type { TripUpdate } from "../dataset/trips.js"
import { dayTypeOf, type Run } from "./timetable.js"

/**
 * FNV-1a, 32 bits.
 *
 * @since 0.1.0
 * @category utils
 */
export const hash = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

// most runs are on time or a little late, some clearly late
const BASE_DELAY_MINUTES = [0, 0, 0, 0, 1, 1, 2, 3, 5, 8] as const

/**
 * The delay in seconds of a run at a stop: the run's base delay plus up to a minute picked up on the
 * way (none at the run's first stop).
 *
 * @since 0.1.0
 * @category realtime
 */
const delaySeconds = (runId: string, stopId: string, firstStop: boolean): number => {
  const base = BASE_DELAY_MINUTES[hash(runId) % BASE_DELAY_MINUTES.length]!
  const drift = firstStop ? 0 : hash(`${runId}|${stopId}`) % 2
  return (base + drift) * 60
}

/**
 * How far ahead of the fake's clock a call has real-time data: beyond it a board has planned times only
 * (no estimate, as real servers outside their real-time window).
 *
 * @since 0.1.0
 * @category constants
 */
export const REALTIME_WINDOW_SECONDS = 3600

/**
 * What real time says of one call of a run (a stop of it), at the fake's clock.
 *
 * @since 0.1.0
 * @category models
 */
interface CallState {
  /** Whether there is real-time data for the call (within the window, or a disruption is known). */
  readonly monitored: boolean
  /** The delay in seconds at arrival and departure, when monitored and not cancelled. */
  readonly arrivalDelay: number | undefined
  readonly departureDelay: number | undefined
  readonly cancelled: boolean
  readonly platform: string
  readonly plannedPlatform: string
}

const disruptionIndex = perDataset((dataset) => {
  const index = new Map<string, Array<Disruption>>()
  for (const disruption of dataset.realtime) {
    const key = `${disruption.line}|${disruption.departs.replace(":", "")}`
    const list = index.get(key)
    if (list === undefined) index.set(key, [disruption])
    else list.push(disruption)
  }
  return index
})

const updateIndex = perDataset((dataset) => {
  const index = new Map<string, Array<TripUpdate>>()
  for (const update of dataset.timetable?.updates ?? []) {
    const list = index.get(update.trip)
    if (list === undefined) index.set(update.trip, [update])
    else list.push(update)
  }
  return index
})

/**
 * The real-time update of a single trip's run on its service day (`timetable.json`'s `updates`, from a
 * GTFS-Realtime feed): known from the start, as a feed tells what it knows now.
 *
 * @since 0.1.0
 * @category realtime
 */
const tripUpdateOf = (dataset: Dataset, run: Run): TripUpdate | undefined =>
  run.trip === undefined
    ? undefined
    : updateIndex(dataset).get(run.trip.id)?.find((update) =>
      update.date === undefined || update.date === run.serviceDate
    )

// what a trip update says of one call: the delay of the last call at or before it that has one
const updatedCall = (update: TripUpdate, index: number) => {
  let delay: number | undefined
  let skipped = false
  for (const call of update.calls) {
    if (call.index > index) continue
    if (call.delaySeconds !== undefined) delay = call.delaySeconds
    if (call.index === index && call.skipped === true) skipped = true
  }
  return { delay, skipped }
}

// `<network>:<code>:<direction>:<service date>:<HHMM>[:<first stop index>]`
const departsOf = (run: Run): string => run.id.split(":")[4] ?? ""

/**
 * The dataset's disruptions of a run that real time knows at `nowSeconds` (epoch seconds).
 *
 * @since 0.1.0
 * @category realtime
 */
const knownDisruptions = (dataset: Dataset, run: Run, nowSeconds: number): ReadonlyArray<Disruption> => {
  const hhmm = departsOf(run)
  const listed = disruptionIndex(dataset).get(`${run.direction.id}|${hhmm}`)
  if (listed === undefined) return []
  const dayType = dayTypeOf(run.serviceDate, dataset.meta)
  // the run's service day starts at its first departure minus its minute of the day
  const origin = run.departures[0]! - serviceMinutes(`${hhmm.slice(0, 2)}:${hhmm.slice(2)}`) * 60
  return listed.filter((disruption) =>
    dayType !== undefined && disruption.days.includes(dayType) &&
    origin + serviceMinutes(disruption.announced) * 60 <= nowSeconds
  )
}

/**
 * The real-time state of the call of `run` at its stop `index`, at `nowSeconds`: a deterministic delay
 * within the real-time window, and the dataset's disruptions once announced (a delay replaces the usual
 * one on every stop of the run, a cancellation drops the estimates).
 *
 * @since 0.1.0
 * @category realtime
 */
export const callState = (dataset: Dataset, run: Run, index: number, nowSeconds: number): CallState => {
  const stop = run.stops[index]!
  const plannedPlatform = run.trip?.platforms[index] ??
    lookupOf(dataset).plannedPlatforms.get(`${stop}|${run.direction.id}`) ?? "1"
  const update = tripUpdateOf(dataset, run)
  if (update !== undefined) {
    const call = updatedCall(update, index)
    const cancelled = update.cancelled || call.skipped
    const shown = cancelled ? undefined : call.delay ?? 0
    return {
      monitored: true,
      arrivalDelay: shown,
      departureDelay: shown,
      cancelled,
      platform: plannedPlatform,
      plannedPlatform
    }
  }
  const known = knownDisruptions(dataset, run, nowSeconds)
  const cancelled = known.some((disruption) => disruption.kind === "cancellation")
  let platform = plannedPlatform
  let delay: number | undefined
  for (const disruption of known) {
    if (disruption.kind === "platformChange" && disruption.stop === stop) platform = disruption.platform
    if (disruption.kind === "delay") delay = disruption.minutes * 60
  }
  const planned = run.departures[index]!
  const monitored = known.length > 0 || planned <= nowSeconds + REALTIME_WINDOW_SECONDS
  if (monitored && delay === undefined) delay = delaySeconds(run.id, stop, index === 0)
  const shown = monitored && !cancelled ? delay : undefined
  return {
    monitored,
    arrivalDelay: shown === undefined ? undefined : index === 0 ? 0 : shown,
    departureDelay: shown,
    cancelled,
    platform,
    plannedPlatform
  }
}
