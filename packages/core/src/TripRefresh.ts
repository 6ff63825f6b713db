/**
 * A planned trip brought up to date: today's estimates, platforms and cancellations of each public-transport
 * leg, and the list of what changed (the client's `refreshTrip`; `TripWatch` polls it).
 *
 * A refresh chooses its way by what the deployment offers and what each leg carries:
 * 1. Where the deployment offers the real time of a planned trip (`realtimeForTrip`, `XML_GETRTFORTRIP_REQUEST`;
 *    see `Profile.offers`), the whole trip in one request: its journey's identifying parts go out (the stateless
 *    form, see {@link RealtimeForTrip}) and each leg of the answer gives the estimates, platforms and
 *    cancellation of the same leg (the same line at the same planned times). A trip the server answers with a
 *    message instead, or a server that does not answer the operation (an answer that is no such document, a 4xx
 *    other than 408 and 429: a deployment without a profile may lack it), goes leg by leg.
 * 2. Otherwise each public-transport leg with a trip code through its run (`tripStops` with the leg's line,
 *    trip code, first stop and planned departure): its two ends in the run's stops give the estimates and
 *    platforms; an end whose stop says the vehicle does not call there (a cancelling call status, the rule of a
 *    leg's stops) cancels the leg.
 * 3. A leg without a trip code through the boards: the departure board of its first stop at its planned
 *    departure and the arrival board of its last stop at its planned arrival, as the same line at the same planned
 *    time (they work with every leg that has a line ID, also where a deployment sends no trip code); a
 *    cancellation comes as `realtimeStatus: "TRIP_CANCELLED"` on the leg, as servers write it.
 * - A leg whose run cannot be found any more (on neither board, a run the server answers with a message, a leg
 *   of the real-time answer that is another one or says `PROGNOSIS_IMPOSSIBLE` without an estimate) is
 *   reported (`RunNotFound`) and kept as it was.
 * - A leg's `stops` take the estimates and platforms of its two ends; the stops between keep what the trip
 *   answer said (a cancelled run cancels them all).
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
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import type * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type * as Departures from "./Departures.js"
import type { CommonError, EfaError } from "./EfaError.js"
import * as Poll from "./internal/watch/poll.js"
import * as LineId from "./LineId.js"
import * as Mot from "./Mot.js"
import * as Point from "./Point.js"
import * as RealtimeForTrip from "./RealtimeForTrip.js"
import type * as Trip from "./Trip.js"
import * as TripStops from "./TripStops.js"
import type * as Watch from "./Watch.js"

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
  /**
   * A leg's first or last stop is expected `delayMinutes` off plan (not zero: late, or early where negative), other
   * than the trip carried before (`previousDelayMinutes`: the delay it carried, `undefined` for none).
   */
  Delayed: {
    readonly legIndex: number
    readonly side: Side
    readonly stop: { readonly id: string; readonly name: string }
    readonly delayMinutes: number
    readonly previousDelayMinutes: number | undefined
  }
  /**
   * The delay the trip carried at a leg's first or last stop went away: the stop is expected on time
   * (`delayMinutes` 0) or has no estimate any more (`undefined`).
   */
  DelayCleared: {
    readonly legIndex: number
    readonly side: Side
    readonly stop: { readonly id: string; readonly name: string }
    readonly delayMinutes: 0 | undefined
    readonly previousDelayMinutes: number
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
  PollFailed: Watch.PollFailed<EfaError>
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
      // an estimate on the plan is no delay: only a delay that is not zero, and not the one carried, is a change
      const carried = previous === 0 ? undefined : previous
      if (delay !== undefined && delay !== 0 && delay !== carried) {
        changes.push(TripChange.Delayed({ legIndex, side, stop, delayMinutes: delay, previousDelayMinutes: carried }))
      } else if ((delay === undefined || delay === 0) && carried !== undefined) {
        changes.push(
          TripChange.DelayCleared({ legIndex, side, stop, delayMinutes: delay, previousDelayMinutes: carried })
        )
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

/**
 * The client's call of a run's stops a refresh asks (`tripStops`).
 *
 * @since 0.1.0
 * @category models
 */
export type RunStops<E = never, R = never> = (
  request: TripStops.TripStopsRequestInput
) => Effect.Effect<TripStops.TripStopsResponse, CommonError | E, R>

/**
 * The client's call of the real time of a planned trip a refresh asks (`realtimeForTrip`).
 *
 * @since 0.1.0
 * @category models
 */
export type RealtimeCall<E = never, R = never> = (
  request: RealtimeForTrip.RealtimeForTripRequestInput
) => Effect.Effect<RealtimeForTrip.RealtimeForTripResponse, CommonError | E, R>

/**
 * The ways a refresh may ask (see the module documentation): the real time of the whole trip where the
 * deployment offers it, else each leg's run, else the boards of its ends.
 *
 * @since 0.1.0
 * @category models
 */
export interface Ways<E = never, R = never> {
  readonly boards: Boards<E, R>
  readonly tripStops?: RunStops<E, R> | undefined
  readonly realtimeForTrip?: RealtimeCall<E, R> | undefined
}

const sameInstant = (a: DateTime.Utc | undefined, b: DateTime.Utc) => a !== undefined && millis(a) === millis(b)

/** What a refresh learnt of one end of a leg: the expected time, the platform, whether the run is cancelled. */
interface End {
  readonly estimated: DateTime.Utc | undefined
  readonly platform: string | undefined
  readonly cancelled: boolean
}

const plannedAt = (leg: Trip.Leg, side: Side) =>
  side === "departure" ? leg.origin.departureTimePlanned : leg.destination.arrivalTimePlanned

// what a board knows of a leg's run at one end of the leg
const boardEnd = <E, R>(boards: Boards<E, R>, leg: Trip.Leg, side: Side) => {
  const end = side === "departure" ? leg.origin : leg.destination
  const planned = plannedAt(leg, side)
  return Effect.map(
    boards({
      stop: Point.fromId(end.id),
      dateTime: DateTime.formatIso(planned),
      dateTimeRefersTo: side,
      lines: [leg.lineId!],
      limit: 10
    }),
    (board): End | undefined => {
      const event = board.events.find((event) =>
        event.lineId === leg.lineId &&
        sameInstant(side === "departure" ? event.departureTimePlanned : event.arrivalTimePlanned, planned)
      )
      return event === undefined ? undefined : {
        estimated: side === "departure" ? event.departureTimeEstimated : event.arrivalTimeEstimated,
        platform: event.platform,
        cancelled: event.cancelled
      }
    }
  )
}

// a leg's ends in its run's stops: the stop with the end's ID (or its parent's) at the planned time, else the
// one at the planned time; the run is cancelled there where its stop says the vehicle does not call
const runEnds = (leg: Trip.Leg, stops: ReadonlyArray<Departures.SequenceStop>): [End | undefined, End | undefined] => {
  const endOf = (side: Side): End | undefined => {
    const end = side === "departure" ? leg.origin : leg.destination
    const planned = plannedAt(leg, side)
    const atTime = stops.filter((stop) =>
      sameInstant(side === "departure" ? stop.departureTimePlanned : stop.arrivalTimePlanned, planned)
    )
    const stop = atTime.find((stop) => stop.id === end.id || stop.id === end.parent?.id) ?? atTime[0]
    return stop === undefined ? undefined : {
      estimated: side === "departure" ? stop.departureTimeEstimated : stop.arrivalTimeEstimated,
      platform: stop.platform,
      cancelled: stop.cancelled === true
    }
  }
  return [endOf("departure"), endOf("arrival")]
}

const NO_PROGNOSIS = "PROGNOSIS_IMPOSSIBLE"

// the same line: the same ID, or the same line whatever its timetable period (`vvs:10001: :H:j26`, see `LineId`)
const sameLine = (a: string | undefined, b: string | undefined) =>
  a === b || (a !== undefined && b !== undefined && LineId.sameLine(a, b))

// a leg of the real-time answer as the ends of the planned leg: the same line at the same planned times, and
// not a leg the server could not find (`PROGNOSIS_IMPOSSIBLE` without an estimate)
const answeredEnds = (leg: Trip.Leg, answered: Trip.Leg | undefined): [End | undefined, End | undefined] => {
  if (
    answered === undefined || !sameLine(answered.lineId, leg.lineId) ||
    !sameInstant(answered.origin.departureTimePlanned, leg.origin.departureTimePlanned) ||
    !sameInstant(answered.destination.arrivalTimePlanned, leg.destination.arrivalTimePlanned)
  ) return [undefined, undefined]
  const { arrivalTimeEstimated, platform: arrivalPlatform } = answered.destination
  const { departureTimeEstimated, platform: departurePlatform } = answered.origin
  const cancelled = isCancelled(answered)
  if (
    !cancelled && departureTimeEstimated === undefined && arrivalTimeEstimated === undefined &&
    answered.realtimeStatus?.split(",").includes(NO_PROGNOSIS) === true
  ) return [undefined, undefined]
  return [
    { estimated: departureTimeEstimated, platform: departurePlatform, cancelled },
    { estimated: arrivalTimeEstimated, platform: arrivalPlatform, cancelled }
  ]
}

const withEnds = (leg: Trip.Leg, departure: End | undefined, arrival: End | undefined): Trip.Leg => {
  const { departureTimeEstimated: _d, platform: _op, ...origin } = leg.origin
  const { arrivalTimeEstimated: _a, platform: _dp, ...destination } = leg.destination
  const cancelled = departure?.cancelled === true || arrival?.cancelled === true ||
    (departure === undefined && arrival === undefined && leg.cancelled)
  const status = leg.realtimeStatus?.split(",").filter((status) => status !== CANCELLED && status !== "") ?? []
  const realtimeStatus = cancelled ? [CANCELLED, ...status.filter((s) => s !== "MONITORED")] : status
  const { realtimeStatus: _s, stops, ...rest } = leg
  // an end the refresh learnt nothing of keeps what it had; a cancelled run has no estimates
  const estimate = (end: End | undefined, had: DateTime.Utc | undefined) =>
    end === undefined ? had : cancelled ? undefined : end.estimated
  const departureEstimate = estimate(departure, leg.origin.departureTimeEstimated)
  const arrivalEstimate = estimate(arrival, leg.destination.arrivalTimeEstimated)
  const departurePlatform = departure?.platform ?? leg.origin.platform
  const arrivalPlatform = arrival?.platform ?? leg.destination.platform
  const refreshed: Trip.Leg = {
    ...rest,
    origin: {
      ...origin,
      ...(departureEstimate === undefined ? {} : { departureTimeEstimated: departureEstimate }),
      ...(departurePlatform === undefined ? {} : { platform: departurePlatform })
    },
    destination: {
      ...destination,
      ...(arrivalEstimate === undefined ? {} : { arrivalTimeEstimated: arrivalEstimate }),
      ...(arrivalPlatform === undefined ? {} : { platform: arrivalPlatform })
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

// an answer without result that the server explains (a run or a journey it does not know)
const isServerMessage = (error: unknown): boolean => Predicate.isTagged(error, "ServerMessageError")

// a real-time request the server does not answer: a message instead of the trip, an answer that is no such
// document (a server without the operation answers its error page), or a 4xx other than 408 and 429
const isUnanswered = (error: unknown): boolean => {
  if (isServerMessage(error) || Predicate.isTagged(error, "DecodeError")) return true
  const status = Predicate.isTagged(error, "HttpStatusError") && Predicate.hasProperty(error, "status")
    ? error.status
    : undefined
  return typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429
}

// a leg's ends through its run's stops (with a trip code) or the boards of its ends
const legEnds = <E, R>(ways: Ways<E, R>, leg: Trip.Leg) => {
  const request = ways.tripStops === undefined ? undefined : TripStops.fromLeg(leg)
  if (ways.tripStops !== undefined && request !== undefined) {
    return ways.tripStops(request).pipe(
      Effect.map((answer) => runEnds(leg, answer.stops)),
      // a run the server cannot find any more is told with a message instead of its stops
      Effect.catchIf(
        isServerMessage,
        () => Effect.succeed<[End | undefined, End | undefined]>([undefined, undefined])
      )
    )
  }
  return Effect.all([boardEnd(ways.boards, leg, "departure"), boardEnd(ways.boards, leg, "arrival")], {
    concurrency: 2
  })
}

const refreshLegs = <E, R>(ways: Ways<E, R>, trip: Trip.Trip) =>
  Effect.gen(function*() {
    const rides = (leg: Trip.Leg) => isRide(leg) && leg.lineId !== undefined
    // the whole trip in one request where the deployment offers it; a trip it does not know goes leg by leg
    const request = ways.realtimeForTrip !== undefined && trip.legs.some(rides)
      ? RealtimeForTrip.fromTrip(trip)
      : undefined
    const answered = request === undefined ? undefined : yield* ways.realtimeForTrip!(request).pipe(
      Effect.map((answer) => answer.trip),
      Effect.catchIf(isUnanswered, () => Effect.succeed(undefined))
    )
    return yield* Effect.forEach(trip.legs, (leg, legIndex) => {
      if (!rides(leg)) return Effect.succeed<[End | undefined, End | undefined] | undefined>(undefined)
      return answered === undefined ? legEnds(ways, leg) : Effect.succeed(answeredEnds(leg, answered.legs[legIndex]))
    }, { concurrency: 2 })
  })

/**
 * Refreshes a trip (see the module documentation). `ways` are the client's calls: its board call alone, or
 * with its run's-stops call and, where the deployment offers it, its real-time-for-trip call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const refresh = <E = never, R = never>(
  ways: Boards<E, R> | Ways<E, R>,
  trip: Trip.Trip,
  options?: RefreshOptions
): Effect.Effect<Refreshed, CommonError | E, R> =>
  Effect.gen(function*() {
    const notFound: Array<TripChange> = []
    const ends = yield* refreshLegs(typeof ways === "function" ? { boards: ways } : ways, trip)
    const legs = trip.legs.map((leg, legIndex) => {
      const found = ends[legIndex]
      if (found === undefined) return leg
      const [departure, arrival] = found
      if (departure === undefined && arrival === undefined) {
        notFound.push(TripChange.RunNotFound({ legIndex, leg }))
        return leg
      }
      return withEnds(leg, departure, arrival)
    })
    const refreshed: Trip.Trip = { ...trip, legs, cancelled: legs.some((leg) => leg.cancelled) }
    return { trip: refreshed, changes: [...notFound, ...diff(trip, refreshed, options)] }
  })

/**
 * The default pause between polls of a trip watch: every 30 seconds, jittered (`Watch.defaultSchedule`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultWatchSchedule: Schedule.Schedule<unknown> = Poll.defaultSchedule

/**
 * The default retries of a failed poll of a trip watch: exponential from 1 s, jittered, 3 retries
 * (`Watch.defaultRetry`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultWatchRetry: Schedule.Schedule<unknown, EfaError> = Poll.defaultRetry

/**
 * Options of a trip watch ({@link watchWith}, `TripWatch.watch`, the clients' `watchTrip`): the trip, the
 * options of each refresh, and the options every watch takes (`Watch.Options`).
 *
 * @since 0.1.0
 * @category models
 */
export interface WatchWithOptions extends RefreshOptions, Watch.Options {
  /** The trip to watch, as planned (or as last refreshed). */
  readonly trip: Trip.Trip
}

/**
 * The trip watch on a refresh function (what both clients' `watchTrip`, and so `TripWatch.watch`, run with their
 * refresh of a trip): refreshes on the schedule, streams the changes, and ends with `Arrived` once Effect's `Clock`
 * has passed the expected arrival.
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
    return Poll.poll({
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
