/**
 * A rate limit counted in a shared store (`rateLimit.store`), for several processes calling one
 * deployment with one key.
 *
 * The callers of this process still queue first come, first served in a `Gate` of one permit: its head
 * asks the store for the next turn of the quota and waits until that turn comes, holding the queue, so
 * that each process asks for one turn at a time and the store hands turns out in the order processes ask.
 * `maxQueue` is this queue's; `concurrency` a second `Gate` around it, in this process only.
 *
 * Why no second holds more than `requestsPerSecond` requests, by construction:
 * - The store keeps one schedule for the whole fleet (`@effect/experimental`'s fixed window with
 *   `onExceeded: "delay"`, which hands out turn after turn `spacing` apart in Redis's own time, like a
 *   GCRA): with the default burst of 1, turn `i` is due at `s₀ + i × spacing`.
 * - A turn is used only if the request leaves between its due time and {@link LATE_TOLERANCE_MILLIS}
 *   after it. The process sleeps from the moment the answer came (no earlier than the due time) and
 *   measures its lateness from the moment it asked (no later than the due time, so the store's round
 *   trip and a stalled event loop while the answer came in count as late). A turn used later is
 *   given up and a new one taken: a stall lowers the rate instead of bunching requests.
 * - So a request leaves within `[due, due + tolerance]`, and reaches the server a little later: any one
 *   second of arrivals holds requests of turns due in a span of `1000 ms + tolerance + transit jitter`.
 *   The spacing fits `requestsPerSecond` turns into that span: `(1000 + SAFETY_MARGIN_MILLIS) /
 *   requestsPerSecond`, rounded up to a whole millisecond (Redis counts whole milliseconds), so that
 *   a fleet sends about 5 % under its quota (at most 10 a second at 10 a second: one every 105 ms).
 * - With a `burst` of `b`, the store hands out `b` turns at the start of each window of `b` spacings.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { RateLimitStoreError, type StoreError } from "../../SharedStore.js"
import type { RateLimitStore } from "../../SharedStore.js"
import type { Limiter } from "./client.js"
import { Gate, type GateOptions } from "./limiter.js"

/**
 * How late after its due time a turn may still be used, in milliseconds. A timer in a busy Node process
 * fires a few milliseconds late; a process stalled longer takes a new turn.
 *
 * @internal
 */
export const LATE_TOLERANCE_MILLIS = 25

/**
 * What the spacing of turns adds to each second: the tolerance of a late wake-up and as much again for
 * what lies between the decision to send and the request's arrival (building and writing it, the
 * network, the server's own event loop).
 *
 * @internal
 */
const SAFETY_MARGIN_MILLIS = 2 * LATE_TOLERANCE_MILLIS

/**
 * The time between two turns of a shared quota of `requestsPerSecond`, in whole milliseconds.
 *
 * @internal
 */
export const turnSpacingMillis = (requestsPerSecond: number): number =>
  Math.ceil((1000 + SAFETY_MARGIN_MILLIS) / requestsPerSecond)

/** @internal */
export interface SharedLimiterOptions {
  readonly store: RateLimitStore
  /** The quota's key in the store: the deployment's. */
  readonly key: string
  readonly gate: GateOptions & { readonly requestsPerSecond: number }
  /** When the store fails: wait for this process's own limiter (built with no `maxQueue`) instead; else fail. */
  readonly fallback: Gate | undefined
}

// The fallback queue has no bound: only the head of this process's queue ever waits in it.
const unbounded = (): never => {
  throw new Error("the fallback rate limit's queue has no bound")
}

/** @internal */
export class SharedLimiter implements Limiter {
  readonly maxQueue: number
  readonly #turns: Gate
  readonly #inFlight: Gate | undefined
  readonly #take: (operation: () => string) => Effect.Effect<void, RateLimitStoreError>

  constructor(options: SharedLimiterOptions) {
    const { burst, concurrency, maxQueue, requestsPerSecond } = options.gate
    this.maxQueue = maxQueue
    this.#turns = new Gate({ requestsPerSecond: undefined, burst: 1, concurrency: 1, maxQueue })
    this.#inFlight = concurrency === undefined
      ? undefined
      : new Gate({ requestsPerSecond: undefined, burst: 1, concurrency, maxQueue: Number.POSITIVE_INFINITY })
    const ask = {
      key: options.key,
      limit: burst,
      window: Duration.millis(burst * turnSpacingMillis(requestsPerSecond))
    }
    // Whether this process woke up for its turn in time. The turn is due `delay` after the store read
    // its clock, which was after `asked`: `asked + delay` is no later than the due time, so the
    // lateness measured from it is never less than the real one.
    const onTime = Clock.clockWith((clock) => {
      const asked = clock.unsafeCurrentTimeMillis()
      return Effect.flatMap(Effect.suspend(() => options.store.take(ask)), (delay) => {
        const due = asked + Duration.toMillis(delay)
        const woke = Duration.isZero(delay) ? Effect.void : Effect.sleep(delay)
        return Effect.map(woke, () => clock.unsafeCurrentTimeMillis() - due <= LATE_TOLERANCE_MILLIS)
      })
    })
    const take: Effect.Effect<void, StoreError> = Effect.flatMap(onTime, (inTime) => inTime ? Effect.void : take)
    const fallback = options.fallback
    this.#take = (operation) =>
      Effect.catchAll(take, (error: StoreError) =>
        fallback === undefined
          ? Effect.fail(new RateLimitStoreError({ operation: operation(), detail: error.message }))
          : Effect.zipRight(
            Effect.logDebug(`efa-kit: the shared rate limit is counted locally: ${error.message}`),
            fallback.run(Effect.void, unbounded)
          ))
  }

  run<A, E, E2>(effect: Effect.Effect<A, E>, onFull: () => E2): Effect.Effect<A, E | E2 | RateLimitStoreError> {
    // The operation's name is the one the executor's `QueueFullError` carries.
    const operation = () => String((onFull() as { readonly operation?: unknown }).operation ?? "call")
    const turn = this.#turns.run(this.#take(operation), onFull)
    const limited = Effect.zipRight(turn, effect)
    return this.#inFlight === undefined ? limited : this.#inFlight.run(limited, onFull)
  }
}
