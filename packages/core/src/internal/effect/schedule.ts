/**
 * A user's `Schedule`, stepped by hand between the attempts of a call: `Effect.retry` runs the schedule in a
 * driver of its own, which cannot weigh a server's `Retry-After` against the schedule's pause. The agreement
 * test checks that the stepping makes the attempts and the pauses `Effect.retry` makes with the same schedule.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Schedule from "effect/Schedule"
import * as ScheduleDecision from "effect/ScheduleDecision"
import * as ScheduleIntervals from "effect/ScheduleIntervals"

/**
 * One run of a schedule: `next` feeds it an input at `now` (epoch milliseconds) and answers the milliseconds to
 * wait before the next attempt, or `None` when the schedule is done.
 *
 * @internal
 */
export interface ScheduleStepper<In> {
  readonly next: (now: number, input: In) => Effect.Effect<Option.Option<number>>
}

/**
 * Starts a run of `schedule`, from its initial state.
 *
 * @internal
 */
export const scheduleStepper = <In>(schedule: Schedule.Schedule<unknown, In>): ScheduleStepper<In> => {
  let state = schedule.initial
  return {
    next: (now, input) =>
      Effect.map(schedule.step(now, input, state), ([next, , decision]) => {
        if (ScheduleDecision.isDone(decision)) return Option.none()
        state = next
        return Option.some(Math.max(0, ScheduleIntervals.start(decision.intervals) - now))
      })
  }
}
