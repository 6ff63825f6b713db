/**
 * A value local to a fiber and the fibers it forks, set for the run of one effect: a `FiberRef` in Effect 3.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"

/**
 * A value local to a fiber: read with `get`, set for one effect with `locally`.
 *
 * @internal
 */
export interface FiberLocal<A> {
  readonly get: <B, E, R>(f: (value: A) => Effect.Effect<B, E, R>) => Effect.Effect<B, E, R>
  readonly locally: <B, E, R>(effect: Effect.Effect<B, E, R>, value: A) => Effect.Effect<B, E, R>
}

/**
 * Makes a fiber-local value, `initial` where nothing set it.
 *
 * @internal
 */
export const makeFiberLocal = <A>(initial: A): FiberLocal<A> => {
  const ref = FiberRef.unsafeMake<A>(initial)
  return {
    get: (f) => FiberRef.getWith(ref, f),
    locally: (effect, value) => Effect.locally(effect, ref, value)
  }
}
