/**
 * Watching a planned trip until its arrival. EFA has no push channel: the watch refreshes the trip on a
 * schedule (as the client's `refreshTrip` does, see {@link TripRefresh}) and streams what changed.
 *
 * - Each poll refreshes the trip as it was last seen and emits its changes: `Delayed`, `PlatformChanged`,
 *   `Cancelled`, `RunNotFound`, `ConnectionAtRisk` and `ConnectionBroken` (an interchange whose slack falls
 *   below the walk plus the change time, or below the walk).
 * - When "now" (Effect's `Clock`, so a test clock drives it) has passed the trip's expected arrival, the watch
 *   emits `Arrived` and ends.
 * - Polls follow a `Schedule` (default: every 30 seconds, jittered); never more often than every
 *   {@link MIN_INTERVAL}. Failures follow the rule of every watch: transient ones are retried within the
 *   poll, then logged or emitted as `PollFailed` and survived; permanent ones end the stream.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import { EfaClient } from "./EfaClient.js"
import type { EfaError } from "./EfaError.js"
import * as Watch from "./internal/watch/poll.js"
import type * as Trip from "./Trip.js"
import * as TripRefresh from "./TripRefresh.js"

/**
 * A change of the watched trip (see {@link TripRefresh.TripChange}).
 *
 * @since 0.1.0
 * @category models
 */
export type TripChange = TripRefresh.TripChange

/**
 * Constructors and matchers of {@link TripChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const TripChange = TripRefresh.TripChange

/**
 * Options of {@link watch}.
 *
 * @since 0.1.0
 * @category models
 */
export interface WatchOptions extends TripRefresh.RefreshOptions {
  /** The trip to watch, as planned (or as last refreshed). */
  readonly trip: Trip.Trip
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
 * The shortest pause between two polls, the same as every watch's.
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
export const defaultSchedule: Schedule.Schedule<unknown> = TripRefresh.defaultWatchSchedule

/**
 * The default retries of a failed poll.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = TripRefresh.defaultWatchRetry

/**
 * Refreshes a trip on a schedule and streams its changes until it arrives. See the module documentation.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, Point, TripWatch } from "@efa-kit/core"
 * import { Console, Effect, Stream } from "effect"
 *
 * // plan a trip, then print what happens to it until it arrives
 * const program = Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   const { trips } = yield* efa.trip({ origin: Point.any("de:08111:6118"), destination: Point.any("de:08111:6056") })
 *   yield* TripWatch.watch({ trip: trips[0]! }).pipe(Stream.runForEach((change) => Console.log(change._tag)))
 * }).pipe(
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const watch = (options: WatchOptions): Stream.Stream<TripChange, EfaError, EfaClient> =>
  Stream.unwrap(
    Effect.map(EfaClient, (efa) =>
      TripRefresh.watchWith((trip, refreshOptions) =>
        efa.refreshTrip(trip, refreshOptions), {
        ...options,
        schedule: options.schedule ?? defaultSchedule,
        retry: options.retry ?? defaultRetry
      }))
  )
