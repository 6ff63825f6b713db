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
 *   {@link MIN_INTERVAL}. Failures follow the rule of every watch (see {@link Watch}): transient ones are retried
 *   within the poll, then logged or emitted as `PollFailed` and survived; permanent ones end the stream.
 * - The watch is the clients' `watchTrip` too (the Promise client's as an async iterable); {@link watch} runs the
 *   `EfaClient` of the context.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import { EfaClient } from "./EfaClient.js"
import type { EfaError } from "./EfaError.js"
import * as TripRefresh from "./TripRefresh.js"
import * as Watch from "./Watch.js"

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
 * Options of {@link watch}: the trip, the options of each refresh (`changeMinutes`), and the options every watch
 * takes ({@link Watch.Options}: `schedule`, `retry`, `failures`).
 *
 * @since 0.1.0
 * @category models
 */
export type WatchOptions = TripRefresh.WatchWithOptions

/**
 * The shortest pause between two polls, the same as every watch's (`Watch.MIN_INTERVAL`).
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Watch.MIN_INTERVAL

/**
 * The default pause between polls: every 30 seconds, jittered (`Watch.defaultSchedule`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Watch.defaultSchedule

/**
 * The default retries of a failed poll: exponential from 1 second, jittered, 3 retries (`Watch.defaultRetry`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = Watch.defaultRetry

/**
 * Refreshes a trip on a schedule and streams its changes until it arrives, with the client of the context (its
 * `watchTrip`). See the module documentation.
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
  Stream.unwrap(Effect.map(EfaClient, (efa) => efa.watchTrip(options)))
