/**
 * Identical calls in flight at once share one request: the first caller's effect runs in a fiber of its
 * own, every caller with the same key waits for its result, and the request is interrupted only when
 * every caller waiting for it has left.
 *
 * @internal
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"

interface InFlight<A, E> {
  readonly deferred: Deferred.Deferred<A, E>
  waiters: number
  done: boolean
  fiber: Fiber.RuntimeFiber<void> | undefined
}

/** @internal */
export class Coalescer {
  readonly #inFlight = new Map<string, InFlight<any, any>>()

  /** Requests in flight now. */
  get size(): number {
    return this.#inFlight.size
  }

  run<A, E>(key: string, effect: Effect.Effect<A, E>): Effect.Effect<A, E> {
    return Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(
        this.#join(key, effect),
        (entry) => Effect.ensuring(restore(Deferred.await(entry.deferred)), this.#leave(key, entry))
      )
    )
  }

  #join<A, E>(key: string, effect: Effect.Effect<A, E>): Effect.Effect<InFlight<A, E>> {
    return Effect.suspend(() => {
      const found = this.#inFlight.get(key) as InFlight<A, E> | undefined
      if (found !== undefined) {
        found.waiters++
        return Effect.succeed(found)
      }
      const entry: InFlight<A, E> = {
        deferred: Deferred.unsafeMake<A, E>(FiberId.none),
        waiters: 1,
        done: false,
        fiber: undefined
      }
      this.#inFlight.set(key, entry)
      const settle = (exit: Exit.Exit<A, E>) =>
        Effect.suspend(() => {
          entry.done = true
          if (this.#inFlight.get(key) === entry) this.#inFlight.delete(key)
          return Effect.asVoid(Deferred.done(entry.deferred, exit))
        })
      // A daemon: the request outlives the caller that started it while others still wait for it.
      return Effect.map(Effect.forkDaemon(Effect.flatMap(Effect.exit(effect), settle)), (fiber) => {
        entry.fiber = fiber
        return entry
      })
    })
  }

  #leave<A, E>(key: string, entry: InFlight<A, E>): Effect.Effect<void> {
    return Effect.suspend(() => {
      entry.waiters--
      if (entry.waiters > 0 || entry.done || entry.fiber === undefined) return Effect.void
      // The last caller left before the answer came: nobody wants it any more.
      if (this.#inFlight.get(key) === entry) this.#inFlight.delete(key)
      return Effect.asVoid(Fiber.interruptFork(entry.fiber))
    })
  }
}
