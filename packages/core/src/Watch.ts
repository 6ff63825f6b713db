/**
 * What every watch shares: the board's (`DepartureWatch`), the notices' (`NoticeWatch`) and the trip's
 * (`TripWatch`), which are also methods of both clients (`watchDepartures`, `watchNotices`,
 * `watchTrip`). EFA has no push channel, so a watch asks again on a schedule and streams what changed.
 *
 * - Every watch takes the same {@link Options}: when to poll again (`schedule`), how to retry a failed poll
 *   (`retry`) and how transient failures are told (`failures`).
 * - Polls are never more often than {@link MIN_INTERVAL}, whatever the schedule says; the attempts of one poll
 *   are never sooner than {@link MIN_RETRY_DELAY} apart, and at most {@link MAX_ATTEMPTS_PER_POLL}.
 * - One failure rule ({@link isPermanent}): a permanent failure ends the watch with its tagged error; a transient
 *   one is retried within the poll, then logged (default) or emitted as a `PollFailed` change
 *   ({@link PollFailed}), and the watch waits for its next poll. What a watch knows is kept across failed polls:
 *   a failure is not a removal.
 * - Interrupting a watch stops polling at once; a request in flight is aborted.
 *
 * @since 0.3.0
 */
import type * as Duration from "effect/Duration"
import type * as Schedule from "effect/Schedule"
import type { EfaError } from "./EfaError.js"
import * as Poll from "./internal/watch/poll.js"

/**
 * The options every watch takes (`E`: the errors of what it polls).
 *
 * @since 0.3.0
 * @category models
 */
export interface Options<E = EfaError> {
  /**
   * When to poll again after a poll. Default: the watch's `defaultSchedule`; never faster than
   * {@link MIN_INTERVAL}.
   */
  readonly schedule?: Schedule.Schedule<unknown> | undefined
  /**
   * How to retry transient failures within one poll. Default: the watch's `defaultRetry`. Never sooner than
   * {@link MIN_RETRY_DELAY} apart, at most {@link MAX_ATTEMPTS_PER_POLL} attempts a poll, whatever the schedule says.
   */
  readonly retry?: Schedule.Schedule<unknown, E> | undefined
  /** Whether transient failures are logged (default) or emitted as `PollFailed` changes. */
  readonly failures?: Failures | undefined
}

/**
 * Whether a watch logs the transient failures of its polls (`log`, the default, at warning level) or emits each
 * as a `PollFailed` change (`event`).
 *
 * @since 0.3.0
 * @category models
 */
export type Failures = Poll.Failures

/**
 * What the `PollFailed` change of every watch carries: the error of a failed attempt and its number within the
 * poll (from 1).
 *
 * @since 0.3.0
 * @category models
 */
export interface PollFailed<E = EfaError> {
  /** The error of the failed attempt. */
  readonly error: E
  /** The attempt's number within its poll, from 1. */
  readonly attempt: number
}

/**
 * The shortest pause between two polls of any watch (10 seconds).
 *
 * @since 0.3.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Poll.MIN_INTERVAL

/**
 * The shortest pause between two attempts within one poll (1 second).
 *
 * @since 0.3.0
 * @category constants
 */
export const MIN_RETRY_DELAY: Duration.Duration = Poll.MIN_RETRY_DELAY

/**
 * The most attempts of one poll, and so the most failures it reports, whatever the retry schedule says.
 *
 * @since 0.3.0
 * @category constants
 */
export const MAX_ATTEMPTS_PER_POLL: number = Poll.MAX_ATTEMPTS_PER_POLL

/**
 * The default pause between polls of the board and trip watches: every 30 seconds, each pause jittered between
 * 90% and 110% (the notice watch polls every 60 seconds, see `NoticeWatch.defaultSchedule`).
 *
 * @since 0.3.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Poll.defaultSchedule

/**
 * The default retries of a failed poll of the board and trip watches: exponential from 1 second, jittered, 3
 * retries (the notice watch retries 4 times, see `NoticeWatch.defaultRetry`).
 *
 * @since 0.3.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = Poll.defaultRetry

/**
 * The failure rule of every watch: whether an error will not go away by polling again. An invalid request, a
 * refused interface version, a redirect the client does not follow, a stop the server cannot resolve, and an HTTP
 * status that will not change by asking again (4xx other than 408 and 429) end a watch; every other failure is
 * reported and survived.
 *
 * @example
 * ```ts
 * import { EfaError, Watch } from "@efa-kit/core"
 *
 * const status = (status: number) =>
 *   new EfaError.HttpStatusError({ operation: "departures", url: "https://efa.example/", status, bodyExcerpt: "" })
 * assert.strictEqual(Watch.isPermanent(status(404)), true)
 * assert.strictEqual(Watch.isPermanent(status(503)), false)
 * ```
 *
 * @since 0.3.0
 * @category utils
 */
export const isPermanent: (error: EfaError) => boolean = Poll.isPermanent
