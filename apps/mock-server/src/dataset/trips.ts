/**
 * A timetable of single trips (`timetable.json`, optional): what a GTFS feed gives, each trip with its own
 * times at its own stops on the days of its calendar, besides or instead of the lines' regular services.
 * It also keeps the interchange times between stops and the real-time updates of trips (a GTFS-Realtime
 * TripUpdates feed: delays, cancelled trips, skipped stops).
 *
 * @since 0.1.0
 */
import { LocalDateTime, Point } from "@efa-kit/core"
import { Schema } from "effect"

const opt = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true })

const Text = Schema.String.pipe(Schema.nonEmptyString())

/**
 * A service-day time with optional seconds, `HH:MM` or `HH:MM:SS`; hours past 24 belong to the service
 * day before (`25:10:30`).
 *
 * @since 0.1.0
 * @category schemas
 */
const TripTime = Schema.String.pipe(
  Schema.pattern(/^\d{2,3}:[0-5]\d(:[0-5]\d)?$/, {
    message: (issue) => `expected a service time HH:MM or HH:MM:SS, got ${JSON.stringify(issue.actual)}`
  }),
  Schema.annotations({ identifier: "TripTime" })
)

/**
 * Seconds after the service day's origin of a {@link TripTime}.
 *
 * @since 0.1.0
 * @category utils
 */
export const tripSeconds = (time: string): number => {
  // read by hand: a large timetable has millions of times
  const colon = time.indexOf(":")
  const minutes = Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1, colon + 3))
  return minutes * 60 + (time.length > colon + 3 ? Number(time.slice(colon + 4, colon + 6)) : 0)
}

/**
 * One call of a trip: `[stop, arrival, departure]`, or with the platform the vehicle calls at
 * `[stop, arrival, departure, platform]`: the ID of one of the timetable's `platforms` at that stop, else the
 * platform's name.
 *
 * @since 0.1.0
 * @category schemas
 */
const TripCall = Schema.Tuple(Point.LocationId, TripTime, TripTime, Schema.optionalElement(Text)).annotations({
  identifier: "TripCall"
})

/**
 * @since 0.1.0
 * @category models
 */
type TripCall = typeof TripCall.Type

/**
 * One trip: a vehicle's run along a line direction, on the days of its calendar.
 *
 * @since 0.1.0
 * @category schemas
 */
const TimetableTrip = Schema.Struct({
  /** The trip's own ID (a GTFS `trip_id`); real-time updates name it. */
  id: Text,
  /** The line direction (`<network>:<code>:<supplement>:<direction>`). */
  line: Text,
  /** The calendar of the days it runs. */
  calendar: Text,
  /** The destination shown on the vehicle, where it differs from the line direction's. */
  headsign: opt(Text),
  calls: Schema.Array(TripCall).pipe(Schema.minItems(2)),
  /** The destination shown at each call (a GTFS `stop_headsign`), one per call; `null` where `headsign` is. */
  stopHeadsigns: opt(Schema.Array(Schema.NullOr(Text)))
}).annotations({ identifier: "TimetableTrip" })

/**
 * @since 0.1.0
 * @category models
 */
interface TimetableTrip extends Schema.Schema.Type<typeof TimetableTrip> {}

/**
 * A platform of a stop with its own ID (a GTFS platform's `stop_id`), which answers give for the calls there;
 * its name (GTFS `platform_code`) where it has one.
 *
 * @since 0.3.0
 * @category schemas
 */
export const TimetablePlatform = Schema.Struct({
  id: Point.LocationId,
  stop: Point.LocationId,
  name: opt(Text)
}).annotations({ identifier: "TimetablePlatform" })

/**
 * @since 0.3.0
 * @category models
 */
export interface TimetablePlatform extends Schema.Schema.Type<typeof TimetablePlatform> {}

/**
 * The service days of a calendar.
 *
 * @since 0.1.0
 * @category schemas
 */
const Calendar = Schema.Struct({
  id: Text,
  dates: Schema.Array(LocalDateTime.CalendarDate)
}).annotations({ identifier: "Calendar" })

/**
 * @since 0.1.0
 * @category models
 */
interface Calendar extends Schema.Schema.Type<typeof Calendar> {}

/**
 * The least minutes to change from one stop to another (walking included); it replaces the walk the
 * fake computes between the two. With `from` equal to `to` it is the change time at that stop (0 allowed),
 * replacing the dataset's `minChangeMinutes` there. `seconds`, where given, is the exact time and wins over
 * `minutes`; `forbidden` forbids the change (at one stop) or the walk (between two).
 *
 * `fromTrips`, `fromLine`, `toTrips` and `toLine` scope it to changes from or to those trips (IDs of
 * `timetable.json`) or lines (`<network>:<code>`): it applies to those only and wins over the stops' own, and the
 * most specific wins (both trips, a trip and a line, one trip, both lines, one line); of equally specific ones the
 * longest. A scoped one is never a walk before the first ride or after the last.
 *
 * @since 0.1.0
 * @category schemas
 */
const Interchange = Schema.Struct({
  from: Point.LocationId,
  to: Point.LocationId,
  minutes: Schema.Int.pipe(Schema.between(0, 180)),
  seconds: opt(Schema.Int.pipe(Schema.between(0, 180 * 60))),
  forbidden: opt(Schema.Boolean),
  fromTrips: opt(Schema.Array(Text)),
  fromLine: opt(Text),
  toTrips: opt(Schema.Array(Text)),
  toLine: opt(Text)
}).annotations({ identifier: "Interchange" })

/**
 * Whether an {@link Interchange} is scoped to trips or lines.
 *
 * @since 0.4.0
 * @category utils
 */
export const isScoped = (interchange: Interchange): boolean =>
  interchange.fromTrips !== undefined || interchange.fromLine !== undefined || interchange.toTrips !== undefined ||
  interchange.toLine !== undefined

/**
 * The seconds an {@link Interchange} takes.
 *
 * @since 0.3.0
 * @category utils
 */
export const interchangeSeconds = (interchange: Interchange): number => interchange.seconds ?? interchange.minutes * 60

/**
 * @since 0.1.0
 * @category models
 */
interface Interchange extends Schema.Schema.Type<typeof Interchange> {}

/**
 * What real time says of one trip: on one service day (or every day it runs), cancelled, or a delay from
 * a call on (until the next call that says otherwise) and calls it skips.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripUpdate = Schema.Struct({
  trip: Text,
  date: opt(LocalDateTime.CalendarDate),
  cancelled: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  calls: Schema.optionalWith(
    Schema.Array(Schema.Struct({
      /** The call's place in the trip's calls, from 0. */
      index: Schema.Int.pipe(Schema.nonNegative()),
      /** Seconds late (negative: early) from this call on. */
      delaySeconds: opt(Schema.Int),
      skipped: opt(Schema.Boolean)
    })),
    { default: () => [] }
  )
}).annotations({ identifier: "TripUpdate" })

/**
 * @since 0.1.0
 * @category models
 */
export interface TripUpdate extends Schema.Schema.Type<typeof TripUpdate> {}

/**
 * The file `timetable.json`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Timetable = Schema.Struct({
  calendars: Schema.Array(Calendar),
  trips: Schema.Array(TimetableTrip),
  /** The platforms with their own IDs that calls name. */
  platforms: Schema.optionalWith(Schema.Array(TimetablePlatform), { default: () => [] }),
  interchanges: Schema.optionalWith(Schema.Array(Interchange), { default: () => [] }),
  /**
   * Whether walks between nearby stops are computed (within `transferRadiusMeters`) besides the interchanges;
   * a GTFS feed with `transfers.txt` says `false`: only its walks exist.
   */
  computedWalks: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  updates: Schema.optionalWith(Schema.Array(TripUpdate), { default: () => [] }),
  /**
   * The real-time updates left out (an unknown stop, an event with neither delay nor time, an implausible delay),
   * each as a line naming it: the banner lists them, and the journal on the requests that answer with real time.
   */
  realtimeLeftOut: opt(Schema.Array(Text))
}).annotations({ identifier: "Timetable" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Timetable extends Schema.Schema.Type<typeof Timetable> {}

/**
 * Checks a timetable against the stops and line directions of its dataset; the first problem as
 * `[path, message]` inside `timetable.json`.
 *
 * @since 0.1.0
 * @category checks
 */
export const checkTimetable = (
  timetable: Timetable,
  stopIds: ReadonlySet<string>,
  lineIds: ReadonlySet<string>
): readonly [string, string] | undefined => {
  const calendars = new Set<string>()
  for (const [i, calendar] of timetable.calendars.entries()) {
    if (calendars.has(calendar.id)) return [`calendars[${i}].id`, `duplicate calendar ${calendar.id}`]
    calendars.add(calendar.id)
  }
  const platforms = new Map<string, string>()
  for (const [i, platform] of (timetable.platforms ?? []).entries()) {
    if (platforms.has(platform.id)) return [`platforms[${i}].id`, `duplicate platform ${platform.id}`]
    if (stopIds.has(platform.id)) return [`platforms[${i}].id`, `${platform.id} is a stop's ID`]
    if (!stopIds.has(platform.stop)) return [`platforms[${i}].stop`, `unknown stop ${platform.stop}`]
    platforms.set(platform.id, platform.stop)
  }
  const trips = new Map<string, number>()
  for (let i = 0; i < timetable.trips.length; i++) {
    const trip = timetable.trips[i]!
    const at = `trips[${i}]`
    if (trips.has(trip.id)) return [`${at}.id`, `duplicate trip ${trip.id}`]
    trips.set(trip.id, trip.calls.length)
    if (!lineIds.has(trip.line)) return [`${at}.line`, `unknown line identifier "${trip.line}"`]
    if (!calendars.has(trip.calendar)) return [`${at}.calendar`, `unknown calendar ${trip.calendar}`]
    if (trip.stopHeadsigns !== undefined && trip.stopHeadsigns.length !== trip.calls.length) {
      return [`${at}.stopHeadsigns`, `one per call: the trip has ${trip.calls.length} calls`]
    }
    let previous = -1
    const calls = trip.calls
    for (let j = 0; j < calls.length; j++) {
      const call = calls[j]!
      if (!stopIds.has(call[0])) return [`${at}.calls[${j}][0]`, `unknown stop ${call[0]}`]
      const stop = call[3] === undefined ? undefined : platforms.get(call[3])
      if (stop !== undefined && stop !== call[0]) {
        return [`${at}.calls[${j}][3]`, `the platform ${call[3]} is at the stop ${stop}`]
      }
      const a = tripSeconds(call[1])
      const d = tripSeconds(call[2])
      if (a < previous) return [`${at}.calls[${j}][1]`, "times must not go back along the trip"]
      if (d < a) return [`${at}.calls[${j}][2]`, "the departure must not be before the arrival"]
      previous = d
    }
  }
  for (const [i, interchange] of (timetable.interchanges ?? []).entries()) {
    if (!stopIds.has(interchange.from)) return [`interchanges[${i}].from`, `unknown stop ${interchange.from}`]
    if (!stopIds.has(interchange.to)) return [`interchanges[${i}].to`, `unknown stop ${interchange.to}`]
    for (const side of ["fromTrips", "toTrips"] as const) {
      const unknown = interchange[side]?.find((trip) => !trips.has(trip))
      if (unknown !== undefined) return [`interchanges[${i}].${side}`, `unknown trip ${unknown}`]
    }
  }
  for (const [i, update] of (timetable.updates ?? []).entries()) {
    const calls = trips.get(update.trip)
    if (calls === undefined) return [`updates[${i}].trip`, `unknown trip ${update.trip}`]
    for (const [j, call] of update.calls.entries()) {
      if (call.index >= calls) return [`updates[${i}].calls[${j}].index`, `the trip has ${calls} calls`]
    }
  }
  return undefined
}
