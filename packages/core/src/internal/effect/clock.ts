/**
 * What the per-attempt timeout needs to know of Effect's clock: whether a `Clock` is the default (live) one,
 * whose sleeps a plain timer may stand in for, and the longest timer Effect's clock sets.
 *
 * @internal
 */
import type * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"

// The default (live) clock, to tell it from a test clock; read on first use.
let liveClock: Clock.Clock | undefined

/**
 * Whether `clock` is Effect's default clock (not a `TestClock`, not one of the user's).
 *
 * @internal
 */
export const isLiveClock = (clock: Clock.Clock): boolean => clock === (liveClock ??= Effect.runSync(Effect.clock))

/**
 * Timers longer than this are not set, as Effect's clock does.
 *
 * @internal
 */
export const MAX_TIMER_MILLIS = 2 ** 31 - 1
