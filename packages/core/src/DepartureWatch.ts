/**
 * Watching a departure board. EFA has no push channel: clients poll `XML_DM_REQUEST`. This module polls
 * politely and turns successive boards into a stream of changes.
 *
 * - Events are identified by trip and stop: line ID, trip code (else the planned time), planned time and
 *   the event's stop, so a board that lists a trip twice (two platforms of a merged stop) keeps both, and
 *   a repeat within one answer is dropped.
 * - The first successful poll emits every event as `Added`. Later polls emit `Added` for new events,
 *   `Cancelled` when an event becomes cancelled, `Delayed` when its estimated time changes (also when an
 *   estimate appears or goes), `PlatformChanged` when its platform changes, `Changed` for any other
 *   change, and `Removed` when an event is no longer on the board (it left, or the board moved on).
 *   An event may give several changes in one poll (cancelled and delayed).
 * - Polls follow a `Schedule` (default: every 30 seconds, jittered between 90% and 110%); never more
 *   often than every {@link MIN_INTERVAL} (10 seconds), whatever the schedule says.
 * - A failed poll does not end the stream: transient failures are retried within the poll (default:
 *   exponential from 1 second, jittered, 3 retries), then the stream waits for the next poll. Failures are
 *   logged, or emitted as `PollFailed` with `failures: "event"`. Known events are kept across failed
 *   polls: a failure is not a removal.
 * - A permanent failure fails the stream: an invalid request, a stop the server cannot resolve, a refused
 *   interface version, a redirect the client does not follow, a 4xx status other than 408 and 429.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Departures from "./Departures.js"
import { EfaClient } from "./EfaClient.js"
import type { EfaError } from "./EfaError.js"
import * as Watch from "./internal/watch/poll.js"

/**
 * A change between polls.
 *
 * @since 0.1.0
 * @category models
 */
export type BoardChange = Data.TaggedEnum<{
  /** An event that was not on the board before (on the first poll: every event). */
  Added: { readonly event: Departures.StopEvent }
  /** A known event that is no longer on the board; `event` is its last known state. */
  Removed: { readonly event: Departures.StopEvent }
  /** The estimated time changed: `delayMinutes` is the new delay (`undefined`: the estimate went). */
  Delayed: {
    readonly event: Departures.StopEvent
    readonly previous: Departures.StopEvent
    readonly delayMinutes: number | undefined
  }
  /** The event became cancelled. */
  Cancelled: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** The platform changed (`platform` of `previous` to that of `event`). */
  PlatformChanged: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** Anything else changed (a notice, the destination, a cancellation withdrawn). */
  Changed: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** A poll attempt failed with a transient error; polling goes on. Only with `failures: "event"`. */
  PollFailed: { readonly error: EfaError; readonly attempt: number }
}>

/**
 * Constructors and matchers of {@link BoardChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const BoardChange = Data.taggedEnum<BoardChange>()

/**
 * Options of {@link watch}.
 *
 * @since 0.1.0
 * @category models
 */
export interface WatchOptions {
  /** The board to watch. */
  readonly request: Departures.DeparturesRequestInput
  /** When to poll again after a poll. Default: every 30 seconds, jittered; never faster than {@link MIN_INTERVAL}. */
  readonly schedule?: Schedule.Schedule<unknown> | undefined
  /**
   * How to retry transient failures within one poll. Default: exponential from 1 s, jittered, 3 retries. Never
   * sooner than 1 second apart, at most 10 attempts a poll, whatever the schedule says.
   */
  readonly retry?: Schedule.Schedule<unknown, EfaError> | undefined
  /** Whether transient failures are logged (default) or emitted as `PollFailed` events. */
  readonly failures?: "log" | "event" | undefined
}

/**
 * The shortest pause between two polls.
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Watch.MIN_INTERVAL

/**
 * The default pause between polls.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Schedule.spaced(Duration.seconds(30)).pipe(
  Schedule.jitteredWith({ min: 0.9, max: 1.1 })
)

/**
 * The default retries of a failed poll.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = Schedule.exponential(Duration.seconds(1)).pipe(
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(3))
)

/**
 * Whether an error will not go away by polling again.
 *
 * @since 0.1.0
 * @category utils
 */
export const isPermanent: (error: EfaError) => boolean = Watch.isPermanent

/**
 * The identity of an event on a board: its trip (line ID and trip code), planned time and stop
 * (`Departures.eventKey`, the key board pages drop repeats by).
 *
 * @since 0.1.0
 * @category utils
 */
export const eventKey: (event: Departures.StopEvent) => string = Departures.eventKey

/**
 * The events of a board by {@link eventKey}, the first of a repeat kept.
 *
 * @since 0.1.0
 * @category utils
 */
export const eventsByKey = (events: ReadonlyArray<Departures.StopEvent>): Map<string, Departures.StopEvent> => {
  const byKey = new Map<string, Departures.StopEvent>()
  for (const event of events) {
    const key = eventKey(event)
    if (!byKey.has(key)) byKey.set(key, event)
  }
  return byKey
}

const sameEvent = Schema.equivalence(Departures.StopEvent)

const estimateOf = (event: Departures.StopEvent): number | undefined => {
  const estimate = event.arrivalTimePlanned !== undefined ? event.arrivalTimeEstimated : event.departureTimeEstimated
  return estimate?.epochMillis
}

/**
 * The changes from one board to the next, in the order of the new board, removals last.
 *
 * @example
 * ```ts
 * import { Departures, DepartureWatch } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const before = {
 *   location: { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof" },
 *   departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *   lineId: "vvs:10001: :H:",
 *   lineName: "S1",
 *   mode: { name: "S-Bahn S1", mot: 1 },
 *   destination: { name: "Plochingen" },
 *   tripCode: 17,
 *   cancelled: false
 * } as unknown as Departures.StopEvent
 * const after = { ...before, departureTimeEstimated: DateTime.unsafeMake("2026-03-02T07:41:00Z") }
 * const changes = DepartureWatch.diff(new Map([[DepartureWatch.eventKey(before), before]]), [after])
 * assert.deepStrictEqual(changes.map((change) => change._tag), ["Delayed"])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const diff = (
  previous: ReadonlyMap<string, Departures.StopEvent>,
  current: ReadonlyArray<Departures.StopEvent>
): Array<BoardChange> => {
  const changes: Array<BoardChange> = []
  const seen = new Set<string>()
  for (const event of current) {
    const key = eventKey(event)
    if (seen.has(key)) continue
    seen.add(key)
    const before = previous.get(key)
    if (before === undefined) {
      changes.push(BoardChange.Added({ event }))
      continue
    }
    if (sameEvent(before, event)) continue
    let told = false
    if (event.cancelled && !before.cancelled) {
      changes.push(BoardChange.Cancelled({ event, previous: before }))
      told = true
    }
    if (estimateOf(event) !== estimateOf(before)) {
      changes.push(BoardChange.Delayed({ event, previous: before, delayMinutes: Departures.delayMinutes(event) }))
      told = true
    }
    if (event.platform !== before.platform) {
      changes.push(BoardChange.PlatformChanged({ event, previous: before }))
      told = true
    }
    if (!told) changes.push(BoardChange.Changed({ event, previous: before }))
  }
  for (const [key, event] of previous) if (!seen.has(key)) changes.push(BoardChange.Removed({ event }))
  return changes
}

/**
 * Polls a board and streams its changes. See the module documentation for the rules.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { DepartureWatch, EfaClient, Point } from "@efa-kit/core"
 * import { Console, Effect, Stream } from "effect"
 *
 * // print what changes on the board of Stuttgart Hbf, polling every 30 seconds, for good
 * const program = DepartureWatch.watch({ request: { stop: Point.any("de:08111:6118"), limit: 20 } }).pipe(
 *   Stream.runForEach((change) =>
 *     change._tag === "PollFailed" ? Effect.void : Console.log(change._tag, change.event.lineName)
 *   ),
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const watch = (options: WatchOptions): Stream.Stream<BoardChange, EfaError, EfaClient> =>
  Stream.unwrap(
    Effect.map(EfaClient, (efa) => {
      let known = new Map<string, Departures.StopEvent>()
      return Watch.poll({
        subject: "board",
        ask: efa.departures(options.request),
        changes: (response) => {
          const changes = diff(known, response.events)
          known = eventsByKey(response.events)
          return changes
        },
        pollFailed: (error, attempt) => BoardChange.PollFailed({ error, attempt }),
        schedule: options.schedule ?? defaultSchedule,
        retry: options.retry ?? defaultRetry,
        failures: options.failures
      })
    })
  )
