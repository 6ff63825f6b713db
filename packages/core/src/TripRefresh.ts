/**
 * A planned trip brought up to date: today's estimates, platforms and cancellations of each public-transport
 * leg, and the list of what changed (the client's `refreshTrip`; `TripWatch` polls it).
 *
 * - Each public-transport leg is looked up through its run: on the departure board of its first stop at its
 *   planned departure and on the arrival board of its last stop at its planned arrival, as the same line at
 *   the same planned time. From the events come the estimates, the platforms and a cancellation
 *   (`realtimeStatus: "TRIP_CANCELLED"` on the leg, as servers write it).
 * - A leg whose run is on neither board any more is reported (`RunNotFound`) and kept as it was.
 * - A leg's `stops` take the estimates and platforms of its two ends; the stops between keep what the trip
 *   answer said (a cancelled run cancels them all).
 * - Why boards and not the run itself (`tripStops` with the leg's line, trip code, stop and time): they work
 *   with every leg that has a line ID, in both dialects, also where a deployment sends no trip code.
 * - An interchange between two vehicles is checked with the expected times: its slack is the next vehicle's
 *   departure minus the previous one's arrival. Below the walks between them plus the change time
 *   (`changeMinutes`, default 2) the connection is at risk; with less than the walks (no time left to
 *   change at all) it is broken.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Data from "effect/Data"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type * as Departures from "./Departures.js"
import type { CommonError, EfaError } from "./EfaError.js"
import * as Watch from "./internal/watch/poll.js"
import * as Mot from "./Mot.js"
import * as Point from "./Point.js"
import type * as Trip from "./Trip.js"

/**
 * Where on a leg a change happened.
 *
 * @since 0.1.0
 * @category models
 */
export type Side = "departure" | "arrival"

/**
 * A change of a planned trip.
 *
 * @since 0.1.0
 * @category models
 */
export type TripChange = Data.TaggedEnum<{
  /** The expected time at a leg's first or last stop changed: `delayMinutes` behind plan (`undefined`: no estimate). */
  Delayed: {
    readonly legIndex: number
    readonly side: Side
    readonly stop: { readonly id: string; readonly name: string }
    readonly delayMinutes: number | undefined
    readonly previousDelayMinutes: number | undefined
  }
  /** The platform at a leg's first or last stop changed. */
  PlatformChanged: {
    readonly legIndex: number
    readonly side: Side
    readonly stop: { readonly id: string; readonly name: string }
    readonly platform: string | undefined
    readonly previous: string | undefined
  }
  /** A leg's run was cancelled. */
  Cancelled: { readonly legIndex: number; readonly leg: Trip.Leg }
  /** A leg's run is on the boards no more: it cannot be refreshed (it is kept as planned). */
  RunNotFound: { readonly legIndex: number; readonly leg: Trip.Leg }
  /** The slack of an interchange fell below the walk plus the change time. */
  ConnectionAtRisk: {
    readonly legIndex: number
    readonly nextLegIndex: number
    readonly slackMinutes: number
    readonly neededMinutes: number
  }
  /** The next vehicle leaves before the previous one arrives (and the walk is done). */
  ConnectionBroken: {
    readonly legIndex: number
    readonly nextLegIndex: number
    readonly slackMinutes: number
    readonly neededMinutes: number
  }
  /** The trip reached its destination (a watch ends with it). */
  Arrived: { readonly trip: Trip.Trip }
  /** A poll attempt of a watch failed with a transient error; polling goes on. Only with `failures: "event"`. */
  PollFailed: { readonly error: EfaError; readonly attempt: number }
}>

/**
 * Constructors and matchers of {@link TripChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const TripChange = Data.taggedEnum<TripChange>()

/**
 * A trip brought up to date, and what changed since the trip given.
 *
 * @since 0.1.0
 * @category models
 */
export interface Refreshed {
  readonly trip: Trip.Trip
  readonly changes: ReadonlyArray<TripChange>
}

/**
 * Options of a refresh.
 *
 * @since 0.1.0
 * @category models
 */
export interface RefreshOptions {
  /** The change time an interchange needs beyond its walk, in minutes (default {@link DEFAULT_CHANGE_MINUTES}). */
  readonly changeMinutes?: number | undefined
}

/**
 * The change time an interchange needs beyond its walk, unless told otherwise.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_CHANGE_MINUTES = 2

const CANCELLED = "TRIP_CANCELLED"

/**
 * Whether a leg rides a vehicle (not a walk, a transfer or a bicycle).
 *
 * @since 0.1.0
 * @category utils
 */
export const isRide = (leg: Trip.Leg): boolean =>
  leg.mode.mot === undefined ||
  (leg.mode.mot !== Mot.Mot.Walk && leg.mode.mot !== Mot.Mot.WalkInsideStop && leg.mode.mot !== Mot.Mot.Transfer &&
    leg.mode.mot !== Mot.Mot.Bicycle)

/**
 * Whether a leg's run is cancelled (`cancelled`, or its `realtimeStatus` says `TRIP_CANCELLED`).
 *
 * @since 0.1.0
 * @category utils
 */
export const isCancelled = (leg: Trip.Leg): boolean =>
  leg.cancelled || leg.realtimeStatus?.split(",").includes(CANCELLED) === true

const millis = DateTime.toEpochMillis
const minutesBetween = (later: number, earlier: number) => Math.round((later - earlier) / 60_000)

const departureMillis = (leg: Trip.Leg) => millis(leg.origin.departureTimeEstimated ?? leg.origin.departureTimePlanned)
const arrivalMillis = (leg: Trip.Leg) =>
  millis(leg.destination.arrivalTimeEstimated ?? leg.destination.arrivalTimePlanned)

/**
 * When the trip is expected at its destination: the last leg's estimated arrival, else the planned one.
 *
 * @since 0.1.0
 * @category utils
 */
export const expectedArrival = (trip: Trip.Trip): DateTime.Utc | undefined => {
  const last = trip.legs.at(-1)
  return last === undefined ? undefined : last.destination.arrivalTimeEstimated ?? last.destination.arrivalTimePlanned
}

const delayOf = (estimated: DateTime.Utc | undefined, planned: DateTime.Utc) =>
  estimated === undefined ? undefined : minutesBetween(millis(estimated), millis(planned))

/**
 * The state of each interchange between two rides, in minutes: its slack (the next ride's expected departure
 * minus the previous one's expected arrival) and what it needs (the walks between them plus the change time).
 */
interface Interchange {
  readonly legIndex: number
  readonly nextLegIndex: number
  readonly slackMinutes: number
  readonly neededMinutes: number
  readonly state: "ok" | "atRisk" | "broken"
}

const interchanges = (trip: Trip.Trip, changeMinutes: number): Array<Interchange> => {
  const result: Array<Interchange> = []
  let previous: number | undefined
  let walkMillis = 0
  trip.legs.forEach((leg, index) => {
    if (!isRide(leg)) {
      walkMillis += millis(leg.destination.arrivalTimePlanned) - millis(leg.origin.departureTimePlanned)
      return
    }
    if (previous !== undefined && !isCancelled(leg) && !isCancelled(trip.legs[previous]!)) {
      const slack = minutesBetween(departureMillis(leg), arrivalMillis(trip.legs[previous]!))
      const walk = Math.round(walkMillis / 60_000)
      const needed = walk + changeMinutes
      const state = slack < walk ? "broken" : slack < needed ? "atRisk" : "ok"
      result.push({ legIndex: previous, nextLegIndex: index, slackMinutes: slack, neededMinutes: needed, state })
    }
    previous = index
    walkMillis = 0
  })
  return result
}

/**
 * The changes from one state of a trip to the next: per leg delays, platforms, cancellations; then the
 * interchanges whose state got worse (ok to at risk, anything to broken).
 *
 * @since 0.1.0
 * @category utils
 */
export const diff = (before: Trip.Trip, after: Trip.Trip, options?: RefreshOptions): Array<TripChange> => {
  const changeMinutes = options?.changeMinutes ?? DEFAULT_CHANGE_MINUTES
  const changes: Array<TripChange> = []
  after.legs.forEach((leg, legIndex) => {
    const old = before.legs[legIndex]
    if (old === undefined || !isRide(leg)) return
    if (isCancelled(leg) && !isCancelled(old)) {
      changes.push(TripChange.Cancelled({ legIndex, leg }))
      return
    }
    const sides = [
      ["departure", leg.origin, old.origin, leg.origin.departureTimePlanned, "departureTimeEstimated"],
      ["arrival", leg.destination, old.destination, leg.destination.arrivalTimePlanned, "arrivalTimeEstimated"]
    ] as const
    for (const [side, now, was, planned, field] of sides) {
      const stop = { id: now.id, name: now.name }
      const delay = delayOf((now as Record<string, any>)[field], planned)
      const previous = delayOf((was as Record<string, any>)[field], planned)
      if (delay !== previous) {
        changes.push(TripChange.Delayed({ legIndex, side, stop, delayMinutes: delay, previousDelayMinutes: previous }))
      }
      // a platform first known now is no change; one that differs from the known one is
      if (was.platform !== undefined && now.platform !== was.platform) {
        changes.push(
          TripChange.PlatformChanged({ legIndex, side, stop, platform: now.platform, previous: was.platform })
        )
      }
    }
  })
  const was = new Map(interchanges(before, changeMinutes).map((entry) => [entry.legIndex, entry.state]))
  for (const entry of interchanges(after, changeMinutes)) {
    const { state, ...change } = entry
    const previous = was.get(entry.legIndex) ?? "ok"
    if (state === "broken" && previous !== "broken") changes.push(TripChange.ConnectionBroken(change))
    if (state === "atRisk" && previous === "ok") changes.push(TripChange.ConnectionAtRisk(change))
  }
  return changes
}

/**
 * The client's board call a refresh asks.
 *
 * @since 0.1.0
 * @category models
 */
export type Boards<E = never, R = never> = (
  request: Departures.DeparturesRequestInput
) => Effect.Effect<Departures.DeparturesResponse, CommonError | E, R>

const sameInstant = (a: DateTime.Utc | undefined, b: DateTime.Utc) => a !== undefined && millis(a) === millis(b)

// what a board knows of a leg's run at one end of the leg
const findEvent = <E, R>(boards: Boards<E, R>, leg: Trip.Leg, side: Side) => {
  const end = side === "departure" ? leg.origin : leg.destination
  const planned = side === "departure" ? leg.origin.departureTimePlanned : leg.destination.arrivalTimePlanned
  return Effect.map(
    boards({
      stop: Point.fromId(end.id),
      dateTime: DateTime.formatIso(planned),
      dateTimeRefersTo: side,
      lines: [leg.lineId!],
      limit: 10
    }),
    (board) =>
      board.events.find((event) =>
        event.lineId === leg.lineId &&
        sameInstant(side === "departure" ? event.departureTimePlanned : event.arrivalTimePlanned, planned)
      )
  )
}

const withEvents = (
  leg: Trip.Leg,
  departure: Departures.StopEvent | undefined,
  arrival: Departures.StopEvent | undefined
): Trip.Leg => {
  const { departureTimeEstimated: _d, platform: _op, ...origin } = leg.origin
  const { arrivalTimeEstimated: _a, platform: _dp, ...destination } = leg.destination
  const cancelled = departure?.cancelled === true || arrival?.cancelled === true ||
    (departure === undefined && arrival === undefined && leg.cancelled)
  const status = leg.realtimeStatus?.split(",").filter((status) => status !== CANCELLED && status !== "") ?? []
  const realtimeStatus = cancelled ? [CANCELLED, ...status.filter((s) => s !== "MONITORED")] : status
  const { realtimeStatus: _s, stops, ...rest } = leg
  const refreshed: Trip.Leg = {
    ...rest,
    origin: {
      ...origin,
      ...(departure === undefined
        ? leg.origin.departureTimeEstimated === undefined
          ? {}
          : { departureTimeEstimated: leg.origin.departureTimeEstimated }
        : departure.departureTimeEstimated === undefined || cancelled
        ? {}
        : { departureTimeEstimated: departure.departureTimeEstimated }),
      ...(departure?.platform ?? leg.origin.platform) === undefined
        ? {}
        : { platform: (departure?.platform ?? leg.origin.platform)! }
    },
    destination: {
      ...destination,
      ...(arrival === undefined
        ? leg.destination.arrivalTimeEstimated === undefined
          ? {}
          : { arrivalTimeEstimated: leg.destination.arrivalTimeEstimated }
        : arrival.arrivalTimeEstimated === undefined || cancelled
        ? {}
        : { arrivalTimeEstimated: arrival.arrivalTimeEstimated }),
      ...(arrival?.platform ?? leg.destination.platform) === undefined
        ? {}
        : { platform: (arrival?.platform ?? leg.destination.platform)! }
    },
    ...(realtimeStatus.length > 0 ? { realtimeStatus: realtimeStatus.join(",") } : {}),
    cancelled
  }
  return stops === undefined ? refreshed : { ...refreshed, stops: endsOfStops(stops, refreshed) }
}

// the leg's first and last stop told as its ends now are, so that its stops and its ends agree
const endsOfStops = (stops: ReadonlyArray<Trip.LegStop>, leg: Trip.Leg): Array<Trip.LegStop> =>
  stops.map((stop, index) => {
    const first = index === 0
    const last = index === stops.length - 1
    if (!first && !last) return leg.cancelled && !stop.cancelled ? { ...stop, cancelled: true } : stop
    const end = first ? leg.origin : leg.destination
    const { departureTimeEstimated: _d, arrivalTimeEstimated: _a, platform: _p, ...kept } = stop
    const estimate = first ? leg.origin.departureTimeEstimated : leg.destination.arrivalTimeEstimated
    return {
      ...kept,
      ...(first && stop.arrivalTimeEstimated !== undefined ? { arrivalTimeEstimated: stop.arrivalTimeEstimated } : {}),
      ...(last && stop.departureTimeEstimated !== undefined
        ? { departureTimeEstimated: stop.departureTimeEstimated }
        : {}),
      ...(estimate === undefined
        ? {}
        : first
        ? { departureTimeEstimated: estimate }
        : { arrivalTimeEstimated: estimate }),
      ...(end.platform === undefined ? {} : { platform: end.platform }),
      cancelled: stop.cancelled || leg.cancelled
    }
  })

/**
 * Refreshes a trip through the boards of its legs' ends (see the module documentation). `boards` is the
 * client's board call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const refresh = <E = never, R = never>(
  boards: Boards<E, R>,
  trip: Trip.Trip,
  options?: RefreshOptions
): Effect.Effect<Refreshed, CommonError | E, R> =>
  Effect.gen(function*() {
    const notFound: Array<TripChange> = []
    const legs = yield* Effect.forEach(trip.legs, (leg, legIndex) => {
      if (!isRide(leg) || leg.lineId === undefined) return Effect.succeed(leg)
      return Effect.map(
        Effect.all([findEvent(boards, leg, "departure"), findEvent(boards, leg, "arrival")], { concurrency: 2 }),
        ([departure, arrival]) => {
          if (departure === undefined && arrival === undefined) {
            notFound.push(TripChange.RunNotFound({ legIndex, leg }))
            return leg
          }
          return withEvents(leg, departure, arrival)
        }
      )
    }, { concurrency: 2 })
    const refreshed: Trip.Trip = { ...trip, legs, cancelled: legs.some((leg) => leg.cancelled) }
    return { trip: refreshed, changes: [...notFound, ...diff(trip, refreshed, options)] }
  })

/**
 * The default pause between polls of a trip watch: every 30 seconds, jittered.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultWatchSchedule: Schedule.Schedule<unknown> = Schedule.spaced(Duration.seconds(30)).pipe(
  Schedule.jitteredWith({ min: 0.9, max: 1.1 })
)

/**
 * The default retries of a failed poll of a trip watch: exponential from 1 s, jittered, 3 retries.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultWatchRetry: Schedule.Schedule<unknown, EfaError> = Schedule.exponential(Duration.seconds(1)).pipe(
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(3))
)

/**
 * Options of {@link watchWith}.
 *
 * @since 0.1.0
 * @category models
 */
export interface WatchWithOptions extends RefreshOptions {
  readonly trip: Trip.Trip
  readonly schedule?: Schedule.Schedule<unknown> | undefined
  readonly retry?: Schedule.Schedule<unknown, EfaError> | undefined
  readonly failures?: "log" | "event" | undefined
}

/**
 * The trip watch on a refresh function (what `TripWatch.watch` runs with the client's `refreshTrip`, and the
 * Promise client's `watchTrip` with its own): refreshes on the schedule, streams the changes, and ends with
 * `Arrived` once Effect's `Clock` has passed the expected arrival.
 *
 * @since 0.1.0
 * @category constructors
 */
export const watchWith = <R = never>(
  refresh: (trip: Trip.Trip, options: RefreshOptions) => Effect.Effect<Refreshed, EfaError, R>,
  options: WatchWithOptions
): Stream.Stream<TripChange, EfaError, R> =>
  Stream.unwrap(Effect.map(Effect.context<R>(), (context) => {
    let current = options.trip
    const arrived = (now: number) => {
      const arrival = expectedArrival(current)
      return arrival !== undefined && now >= DateTime.toEpochMillis(arrival)
    }
    const ask = Effect.suspend(() => refresh(current, { changeMinutes: options.changeMinutes })).pipe(
      Effect.provide(context)
    ) as Effect.Effect<Refreshed, EfaError>
    return Watch.poll({
      subject: "trip",
      ask,
      changes: (refreshed) => {
        current = refreshed.trip
        return Effect.map(
          Clock.currentTimeMillis,
          (now) => arrived(now) ? [...refreshed.changes, TripChange.Arrived({ trip: current })] : refreshed.changes
        )
      },
      pollFailed: (error, attempt) => TripChange.PollFailed({ error, attempt }),
      schedule: options.schedule ?? defaultWatchSchedule,
      retry: options.retry ?? defaultWatchRetry,
      failures: options.failures
    }).pipe(Stream.takeUntil((change) => change._tag === "Arrived"))
  }))
