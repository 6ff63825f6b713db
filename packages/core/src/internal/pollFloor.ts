/**
 * The floor of every watch's polling: a schedule that asks for a shorter pause (a mis-set
 * `Schedule.spaced("10 millis")`) is stretched to it, so that no watch polls a deployment that often.
 *
 * @internal
 */
import * as Duration from "effect/Duration"
import * as Schedule from "effect/Schedule"

/**
 * The shortest pause between two polls of a watch.
 *
 * @internal
 */
export const MIN_INTERVAL: Duration.Duration = Duration.seconds(10)

/**
 * A schedule whose pauses are never shorter than {@link MIN_INTERVAL}.
 *
 * @internal
 */
export const atLeastMinInterval = <Out, In, R>(
  schedule: Schedule.Schedule<Out, In, R>
): Schedule.Schedule<Out, In, R> => Schedule.modifyDelay(schedule, (_, delay) => Duration.max(delay, MIN_INTERVAL))
