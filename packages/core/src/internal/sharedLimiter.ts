/**
 * A rate limit counted in a shared store (`rateLimit.store`), for several processes calling one
 * deployment with one key.
 *
 * The callers of this process still queue first come, first served in a `Gate` of one permit: its head
 * asks the store for the next turn of the quota and waits until that turn comes, holding the queue, so
 * that each process asks for one turn at a time and the store hands turns out in the order processes ask.
 * `maxQueue` is this queue's; `concurrency` a second `Gate` around it, in this process only.
 *
 * The store is asked for `burst` requests per `burst / requestsPerSecond` seconds: with the default
 * burst of 1, one request every `1 / requestsPerSecond` seconds across every process. A process that
 * wakes up for its turn later than half an interval (a stalled event loop) would send next to another
 * process's turn: it asks for a new turn instead (up to {@link MAX_LATE_TURNS} times), so that a stall
 * lowers the rate rather than bunching requests.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { RateLimitStoreError, type StoreError } from "../SharedStore.js"
import type { RateLimitStore } from "../SharedStore.js"
import type { Limiter } from "./client.js"
import { Gate, type GateOptions } from "./limiter.js"

/** @internal */
export interface SharedLimiterOptions {
  readonly store: RateLimitStore
  /** The quota's key in the store: the deployment's. */
  readonly key: string
  readonly gate: GateOptions & { readonly requestsPerSecond: number }
  /** When the store fails: wait for this process's own limiter (built with no `maxQueue`) instead; else fail. */
  readonly fallback: Gate | undefined
}

/**
 * The most turns a process takes for one request when it keeps waking up late for them; the last one is
 * used however late.
 *
 * @internal
 */
export const MAX_LATE_TURNS = 3

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
      window: Duration.millis((burst * 1000) / requestsPerSecond)
    }
    const tolerance = 500 / requestsPerSecond
    // How late this process woke up for its turn, in milliseconds.
    const lateness = Clock.clockWith((clock) =>
      Effect.flatMap(Effect.suspend(() => options.store.take(ask)), (delay) => {
        const due = clock.unsafeCurrentTimeMillis() + Duration.toMillis(delay)
        const woke = Duration.isZero(delay) ? Effect.void : Effect.sleep(delay)
        return Effect.map(woke, () => clock.unsafeCurrentTimeMillis() - due)
      })
    )
    const takeOnTime = (turns: number): Effect.Effect<void, StoreError> =>
      Effect.flatMap(
        lateness,
        (late) => late <= tolerance || turns >= MAX_LATE_TURNS ? Effect.void : takeOnTime(turns + 1)
      )
    const take = takeOnTime(1)
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
