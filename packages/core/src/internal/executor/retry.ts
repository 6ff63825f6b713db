/**
 * Retries: which failures may go away on another attempt, and how long to wait before it.
 *
 * @internal
 */
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import type * as Schedule from "effect/Schedule"
import type { EfaError } from "../../EfaError.js"
import { scheduleStepper } from "../effect/schedule.js"

/** @internal */
export interface ResolvedRetry {
  readonly maxAttempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
  readonly maxRetryAfter: Duration.Duration
  readonly schedule: Schedule.Schedule<unknown, EfaError> | undefined
}

/**
 * The server's `Retry-After`, capped, when the error carries one.
 *
 * @internal
 */
const retryAfterOf = (
  retry: ResolvedRetry,
  error: EfaError,
  nowMillis: number
): Option.Option<Duration.Duration> =>
  error._tag === "HttpStatusError"
    ? Option.map(parseRetryAfter(error.retryAfter, nowMillis), (after) => Duration.min(after, retry.maxRetryAfter))
    : Option.none()

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/**
 * Whether another attempt may succeed: network failures and timeouts, the transient statuses, and the
 * empty or non-JSON 200 answers that gateways give while a deployment restarts. A body of the wrong
 * shape, a server message and an invalid request will not change on a retry.
 *
 * @internal
 */
export const isTransient = (error: EfaError): boolean => {
  switch (error._tag) {
    case "TransportError":
      return true
    case "HttpStatusError":
      return TRANSIENT_STATUSES.has(error.status)
    case "DecodeError":
      return error.reason !== "schema"
    default:
      return false
  }
}

/**
 * Reads `Retry-After` as seconds or an HTTP date, relative to `now`.
 *
 * @internal
 */
export const parseRetryAfter = (value: string | undefined, nowMillis: number): Option.Option<Duration.Duration> => {
  if (value === undefined) return Option.none()
  const text = value.trim()
  if (/^\d+$/.test(text)) return Option.some(Duration.seconds(Number(text)))
  const date = Date.parse(text)
  if (Number.isNaN(date)) return Option.none()
  return Option.some(Duration.millis(Math.max(0, date - nowMillis)))
}

/**
 * The pause before attempt `attempt + 1`: the server's `Retry-After` when it gave one (capped, and at
 * least the base delay, so that `Retry-After: 0` or a date in the past cannot make the client hammer a
 * struggling server), else exponential backoff with full jitter between half and all of the step.
 *
 * @internal
 */
export const retryDelay = (
  retry: ResolvedRetry,
  error: EfaError,
  attempt: number
): Effect.Effect<Duration.Duration> =>
  Effect.gen(function*() {
    if (error._tag === "HttpStatusError") {
      const now = yield* DateTime.now
      const retryAfter = parseRetryAfter(error.retryAfter, DateTime.toEpochMillis(now))
      if (Option.isSome(retryAfter)) {
        return Duration.max(Duration.min(retryAfter.value, retry.maxRetryAfter), retry.baseDelay)
      }
    }
    const step = Duration.min(Duration.times(retry.baseDelay, 2 ** (attempt - 1)), retry.maxDelay)
    const factor = yield* Random.nextRange(0.5, 1)
    return Duration.millis(Math.round(Duration.toMillis(step) * factor))
  })

// Retries by the user's schedule: it sees each transient failure and decides whether and when; a
// longer `Retry-After` of the server still wins.
const withSchedule = <A>(
  run: Effect.Effect<A, EfaError>,
  retry: ResolvedRetry,
  schedule: Schedule.Schedule<unknown, EfaError>
): Effect.Effect<A, EfaError> =>
  Effect.suspend(() => {
    const stepper = scheduleStepper(schedule)
    const loop: Effect.Effect<A, EfaError> = Effect.catchAll(run, (error) =>
      !isTransient(error) ? Effect.fail(error) : Effect.flatMap(
        Effect.clockWith((clock) =>
          clock.currentTimeMillis
        ),
        (now) =>
          Effect.flatMap(stepper.next(now, error), (scheduled) => {
            if (Option.isNone(scheduled)) return Effect.fail(error)
            const retryAfter = Option.getOrElse(
              Option.map(retryAfterOf(retry, error, now), Duration.toMillis),
              () => 0
            )
            return Effect.zipRight(Effect.sleep(Duration.millis(Math.max(scheduled.value, retryAfter))), loop)
          })
      ))
    return loop
  })

/**
 * Runs `run` again after each transient failure, as `retry` says: the built-in backoff (attempts,
 * exponential pauses with jitter, `Retry-After`), or the user's schedule.
 *
 * @internal
 */
export const retrying = <A>(retry: ResolvedRetry, run: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> => {
  if (retry.schedule !== undefined) return withSchedule(run, retry, retry.schedule)
  const loop = (attemptNumber: number): Effect.Effect<A, EfaError> =>
    Effect.catchAll(run, (error) =>
      attemptNumber >= retry.maxAttempts || !isTransient(error)
        ? Effect.fail(error)
        : Effect.flatMap(retryDelay(retry, error, attemptNumber), (delay) =>
          Effect.zipRight(Effect.sleep(delay), loop(attemptNumber + 1))))
  return loop(1)
}
