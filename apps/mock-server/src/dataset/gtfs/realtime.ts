/**
 * A GTFS-Realtime TripUpdates feed (protobuf, read by `protobuf.ts`) as the real-time updates of a converted
 * feed's trips, as `shared/spec/gtfs-routing.md` says:
 *
 * - a `StopTimeUpdate` names its call by `stop_sequence` or, without one, by `stop_id` (a platform or its
 *   station; the first such call after the update before);
 * - an event (the departure, else the arrival) gives a `delay`, an absolute `time`, or both: a time sets the
 *   estimate (its delay against the planned time on the trip's `start_date`, or on the service day that makes it
 *   nearest where the update has no date); a delay carries to the following calls until the next update;
 * - `SKIPPED` calls are not served, a `CANCELED` trip is cancelled everywhere; a trip-level `delay` without stop
 *   updates delays the whole trip;
 * - an update whose trip, call or date is unknown, whose event says neither delay nor time, or whose delay is
 *   implausible (more than a day either way), is left out and reported (the banner lists the reports), never
 *   taken as on time.
 *
 * @since 0.1.0
 */
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { decodeTripUpdates, type StopTimeEvent } from "./protobuf.js"
import { gtfsError } from "./read.js"

/**
 * The largest delay (either way) taken as real: a day.
 *
 * @since 0.3.0
 * @category constants
 */
const MAX_DELAY_SECONDS = 86_400

/**
 * What the conversion knows of a trip for reading its updates: its calls by GTFS `stop_sequence` and
 * `stop_id` (the station of a platform included), and its planned times in seconds of its service day.
 *
 * @since 0.1.0
 * @category models
 */
interface TripCalls {
  readonly sequences: ReadonlyArray<number>
  readonly stopIds: ReadonlyArray<ReadonlyArray<string>>
  readonly arrivals: ReadonlyArray<number>
  readonly departures: ReadonlyArray<number>
  /** Epoch seconds of the service day's origin of a date `YYYY-MM-DD`. */
  readonly origin: (date: string) => number
}

/**
 * An update as `timetable.json` keeps it.
 *
 * @since 0.1.0
 * @category models
 */
interface EncodedUpdate {
  trip: string
  date?: string
  cancelled: boolean
  calls: Array<{ index: number; delaySeconds?: number; skipped?: boolean }>
}

const SKIPPED = 1
const NO_DATA = 2
const CANCELED = 3

const validDate = (text: string): string | undefined => {
  if (!/^\d{8}$/.test(text)) return undefined
  const date = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? undefined : date
}

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Reads a TripUpdates file against the feed's trips (by `trip_id`, or `<trip_id>@<start_time>` for a trip
 * run by frequencies): the updates, how many name trips the feed does not have, and a line for each update
 * left out.
 *
 * @since 0.1.0
 * @category loading
 */
export const readTripUpdates = async (
  file: string,
  trips: ReadonlyMap<string, TripCalls>
): Promise<{
  readonly updates: Array<EncodedUpdate>
  readonly unknownTrips: number
  readonly leftOut: ReadonlyArray<string>
}> => {
  const name = path.basename(file)
  const bytes = await fs.readFile(file).catch((cause: Error) => {
    throw gtfsError(name, undefined, undefined, `cannot be read: ${cause.message}`)
  })
  let message: ReturnType<typeof decodeTripUpdates>
  try {
    message = decodeTripUpdates(new Uint8Array(bytes))
  } catch (cause) {
    throw gtfsError(name, undefined, undefined, `not a GTFS-Realtime feed: ${(cause as Error).message}`)
  }
  const updates: Array<EncodedUpdate> = []
  const leftOut: Array<string> = []
  let unknownTrips = 0
  for (const { entity: n, update } of message.tripUpdates) {
    const startTime = update.startTime ?? ""
    const tripId = update.tripId ?? ""
    const id = trips.has(`${tripId}@${startTime}`) ? `${tripId}@${startTime}` : tripId
    const calls = trips.get(id)
    const at = `entity[${n}] (trip ${JSON.stringify(tripId)})`
    if (calls === undefined) {
      unknownTrips++
      continue
    }
    const startDate = update.startDate ?? ""
    const date = startDate === "" ? undefined : validDate(startDate)
    if (startDate !== "" && date === undefined) {
      // a day that is none is a broken file, not an update to leave out
      throw gtfsError(
        name,
        undefined,
        `entity[${n}].trip_update.trip.start_date`,
        `${JSON.stringify(startDate)} is not a date YYYYMMDD`
      )
    }
    const out: EncodedUpdate = {
      trip: id,
      ...(date === undefined ? {} : { date }),
      cancelled: update.scheduleRelationship === CANCELED,
      calls: []
    }
    // the delay of an event at a call: its delay, or its time against the planned time
    const delayOf = (event: StopTimeEvent, planned: number): number | undefined => {
      if (event.time !== undefined && event.time > 0) {
        if (date !== undefined) return event.time - (calls.origin(date) + planned)
        // no date: the service day that makes the time nearest the plan
        const day = new Date(event.time * 1000).toISOString().slice(0, 10)
        const delays = [-1, 0, 1].map((shift) => event.time! - (calls.origin(addDays(day, shift)) + planned))
        return delays.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a))
      }
      return event.delay
    }
    let from = 0
    for (const [u, stopUpdate] of update.stopTimeUpdates.entries()) {
      const where = `${at} stop_time_update[${u}]`
      const sequence = stopUpdate.stopSequence
      const stopId = stopUpdate.stopId ?? ""
      const index = sequence !== undefined
        ? calls.sequences.indexOf(sequence)
        : stopId === ""
        ? -1
        : calls.stopIds.findIndex((ids, i) => i >= from && ids.includes(stopId))
      if (index < 0) {
        leftOut.push(
          sequence !== undefined
            ? `${where}: stop_sequence ${sequence} is not in the trip`
            : stopId === ""
            ? `${where}: names no stop`
            : `${where}: stop_id ${JSON.stringify(stopId)} is not in the trip`
        )
        continue
      }
      from = index
      if (stopUpdate.scheduleRelationship === SKIPPED) {
        out.calls.push({ index, skipped: true })
        continue
      }
      if (stopUpdate.scheduleRelationship === NO_DATA) continue
      const departure = stopUpdate.departure === undefined
        ? undefined
        : delayOf(stopUpdate.departure, calls.departures[index]!)
      const arrival = stopUpdate.arrival === undefined
        ? undefined
        : delayOf(stopUpdate.arrival, calls.arrivals[index]!)
      const delay = departure ?? arrival
      if (delay === undefined) {
        leftOut.push(`${where}: gives neither a delay nor a time`)
        continue
      }
      if (Math.abs(delay) > MAX_DELAY_SECONDS) {
        leftOut.push(`${where}: a delay of ${Math.round(delay)} s is implausible`)
        continue
      }
      out.calls.push({ index, delaySeconds: Math.round(delay) })
    }
    if (update.delay !== undefined && update.stopTimeUpdates.length === 0) {
      if (Math.abs(update.delay) > MAX_DELAY_SECONDS) leftOut.push(`${at}: a delay of ${update.delay} s is implausible`)
      else out.calls.push({ index: 0, delaySeconds: update.delay })
    }
    if (out.cancelled || out.calls.length > 0) updates.push(out)
  }
  return { updates, unknownTrips, leftOut }
}
