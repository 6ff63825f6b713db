/**
 * A GTFS-Realtime TripUpdates feed (protobuf, decoded with `gtfs-realtime-bindings`) as the real-time
 * updates of a converted feed's trips: a cancelled trip, skipped stops, and delays from a stop on. A stop
 * time update names its call by `stop_sequence` or `stop_id`; a delay given as an absolute time is read
 * against the trip's planned time on its `start_date`. Updates of trips the static feed does not have are
 * left out and counted.
 *
 * @since 0.1.0
 */
import GtfsRealtimeBindings from "gtfs-realtime-bindings"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { gtfsError, isCalendarDate } from "./read.js"

const { transit_realtime: rt } = GtfsRealtimeBindings

/**
 * What the conversion knows of a trip for reading its updates: its calls by GTFS `stop_sequence` and
 * `stop_id` (the station of a platform included), and its planned times in seconds of its service day.
 *
 * @since 0.1.0
 * @category models
 */
export interface TripCalls {
  readonly sequences: ReadonlyArray<number>
  readonly stopIds: ReadonlyArray<ReadonlyArray<string>>
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
export interface EncodedUpdate {
  trip: string
  date?: string
  cancelled: boolean
  calls: Array<{ index: number; delaySeconds?: number; skipped?: boolean }>
}

const toNumber = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value)

/**
 * Reads a TripUpdates file against the feed's trips (by `trip_id`, or `<trip_id>@<start_time>` for a trip
 * run by frequencies).
 *
 * @since 0.1.0
 * @category loading
 */
export const readTripUpdates = async (
  file: string,
  trips: ReadonlyMap<string, TripCalls>
): Promise<{ readonly updates: Array<EncodedUpdate>; readonly unknownTrips: number }> => {
  const name = path.basename(file)
  const bytes = await fs.readFile(file).catch((cause: Error) => {
    throw gtfsError(name, undefined, undefined, `cannot be read: ${cause.message}`)
  })
  let message: ReturnType<typeof rt.FeedMessage.decode>
  try {
    message = rt.FeedMessage.decode(new Uint8Array(bytes))
  } catch (cause) {
    throw gtfsError(name, undefined, undefined, `not a GTFS-Realtime feed: ${(cause as Error).message}`)
  }
  const updates: Array<EncodedUpdate> = []
  let unknownTrips = 0
  for (const [n, entity] of (message.entity ?? []).entries()) {
    const update = entity.tripUpdate
    if (update === null || update === undefined) continue
    const descriptor = update.trip
    const startTime = descriptor.startTime ?? ""
    const tripId = descriptor.tripId ?? ""
    const id = trips.has(`${tripId}@${startTime}`) ? `${tripId}@${startTime}` : tripId
    const calls = trips.get(id)
    if (calls === undefined) {
      unknownTrips++
      continue
    }
    const startDate = descriptor.startDate ?? ""
    if (
      startDate !== "" &&
      !(/^\d{8}$/.test(startDate) &&
        isCalendarDate(`${startDate.slice(0, 4)}-${startDate.slice(4, 6)}-${startDate.slice(6)}`))
    ) {
      throw gtfsError(
        name,
        undefined,
        `entity[${n}].trip_update.trip.start_date`,
        `${JSON.stringify(startDate)} is not a date YYYYMMDD`
      )
    }
    const date = startDate === ""
      ? undefined
      : `${startDate.slice(0, 4)}-${startDate.slice(4, 6)}-${startDate.slice(6)}`
    const out: EncodedUpdate = {
      trip: id,
      ...(date === undefined ? {} : { date }),
      cancelled: descriptor.scheduleRelationship === rt.TripDescriptor.ScheduleRelationship.CANCELED,
      calls: []
    }
    let from = 0
    for (const stopUpdate of update.stopTimeUpdate ?? []) {
      const sequence = toNumber(stopUpdate.stopSequence)
      const stopId = stopUpdate.stopId ?? ""
      let index = sequence !== undefined
        ? calls.sequences.indexOf(sequence)
        : calls.stopIds.findIndex((ids, i) => i >= from && ids.includes(stopId))
      if (index < 0) continue
      from = index
      if (stopUpdate.scheduleRelationship === rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED) {
        out.calls.push({ index, skipped: true })
        continue
      }
      const event = stopUpdate.departure ?? stopUpdate.arrival
      let delay = toNumber(event?.delay)
      const time = toNumber(event?.time)
      if (delay === undefined && time !== undefined && time > 0 && date !== undefined) {
        delay = time - (calls.origin(date) + calls.departures[index]!)
      }
      if (delay !== undefined) out.calls.push({ index, delaySeconds: Math.round(delay) })
      index++
    }
    const tripDelay = toNumber(update.delay)
    if (tripDelay !== undefined && out.calls.length === 0) out.calls.push({ index: 0, delaySeconds: tripDelay })
    updates.push(out)
  }
  return { updates, unknownTrips }
}
