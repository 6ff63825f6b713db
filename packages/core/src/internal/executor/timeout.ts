/**
 * The per-attempt timeout: it aborts the request by closing the attempt's scope.
 *
 * With the live clock it is a plain timer: `Effect.timeoutFail` races two forked fibers, several times
 * the cost of a loopback round trip. With any other clock (the `TestClock` of tests, which a timer
 * would not follow) it is `Effect.timeoutFail`.
 *
 * @internal
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { isLiveClock, MAX_TIMER_MILLIS } from "../effect/clock.js"

const withLiveTimeout = <A, E, E2>(
  sent: Effect.Effect<A, E>,
  scope: Scope.CloseableScope,
  timeout: Duration.Duration,
  onTimeout: () => E2
): Effect.Effect<A, E | E2> =>
  Effect.suspend(() => {
    const millis = Duration.toMillis(timeout)
    // Longer than a timer can wait: no limit, as with Effect's clock.
    if (millis > MAX_TIMER_MILLIS) return sent
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      Effect.runFork(Scope.close(scope, Exit.void))
    }, millis)
    return Effect.matchCauseEffect(sent, {
      onFailure: (cause): Effect.Effect<A, E | E2> => {
        clearTimeout(timer)
        return timedOut ? Effect.fail(onTimeout()) : Effect.failCause(cause)
      },
      onSuccess: (value) => {
        clearTimeout(timer)
        return Effect.succeed(value)
      }
    })
  })

/**
 * `sent` within `timeout`, else `onTimeout()`; `scope` is the attempt's, closed on a timeout.
 *
 * @internal
 */
export const withAttemptTimeout = <A, E, E2>(
  sent: Effect.Effect<A, E>,
  scope: Scope.CloseableScope,
  timeout: Duration.Duration,
  onTimeout: () => E2
): Effect.Effect<A, E | E2> =>
  Effect.clockWith((clock) =>
    isLiveClock(clock)
      ? withLiveTimeout(sent, scope, timeout, onTimeout)
      : Effect.timeoutFail(sent, { duration: timeout, onTimeout })
  )
