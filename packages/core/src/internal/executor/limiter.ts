/**
 * The client's rate limit and concurrency limit as one first-come, first-served queue.
 *
 * Effect's `Semaphore` and `RateLimiter` scan or wake every waiter on each release, so that their cost
 * grows with the square of the callers waiting. Here callers wait in a doubly linked list: only the
 * head of the queue ever looks at the token bucket or the free permits, a release wakes at most the
 * head, and a caller that is interrupted unlinks itself in constant time. Waiting costs one node and
 * one suspended fiber per caller, and at most one timer (the head's) for the whole queue.
 *
 * The token bucket holds at most `burst` tokens and gains `requestsPerSecond` per second; it starts
 * full. It is kept as the theoretical arrival time of the next request (GCRA, the same bucket in one
 * number): a request may go when `now >= tat - (burst - 1) * interval`, and moves `tat` one interval on.
 * While callers queue, `tat` moves on from where it was, not from when the head's timer happened to
 * fire, so that timer lateness does not lower the rate (up to {@link MAX_CATCH_UP_MILLIS} of it). Time
 * is read from Effect's `Clock`, so a `TestClock` drives it in tests.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"

/** @internal */
export interface GateOptions {
  /** Requests per second, or `undefined` for no rate limit. */
  readonly requestsPerSecond: number | undefined
  /** Tokens the bucket holds (and starts with). */
  readonly burst: number
  /** Requests in flight at once, or `undefined` for no limit. */
  readonly concurrency: number | undefined
  /** Callers that may wait at once; beyond it `run` fails with `onFull`. */
  readonly maxQueue: number
}

/**
 * The most timer lateness a queue makes up for.
 *
 * @internal
 */
const MAX_CATCH_UP_MILLIS = 100

interface Waiter {
  prev: Waiter | undefined
  next: Waiter | undefined
  // Set while the waiter is parked: resumes it.
  wake: (() => void) | undefined
  // A wake-up that came while the waiter was not parked.
  woken: boolean
  // Whether the waiter left the queue holding a permit and a token.
  admitted: boolean
  linked: boolean
}

/**
 * A queue in front of a limited resource.
 *
 * @internal
 */
export class Gate {
  readonly #interval: number
  readonly #tolerance: number
  readonly #limitedRate: boolean
  readonly #maxQueue: number
  #tat = Number.NEGATIVE_INFINITY
  // Whether the queue has waited for tokens since the rate last stopped being what held it back.
  #backlogged = false
  #permits: number
  #head: Waiter | undefined = undefined
  #tail: Waiter | undefined = undefined
  #length = 0

  constructor(options: GateOptions) {
    this.#limitedRate = options.requestsPerSecond !== undefined
    this.#interval = options.requestsPerSecond === undefined ? 0 : 1000 / options.requestsPerSecond
    this.#tolerance = (options.burst - 1) * this.#interval
    this.#permits = options.concurrency ?? Number.POSITIVE_INFINITY
    this.#maxQueue = options.maxQueue
  }

  /** Callers that may wait at once. */
  get maxQueue(): number {
    return this.#maxQueue
  }

  /** Callers waiting now. */
  get waiting(): number {
    return this.#length
  }

  /** Permits free now. */
  get freePermits(): number {
    return this.#permits
  }

  /**
   * Runs `effect` once a permit and a token are free and every earlier caller went first; fails with
   * `onFull()` without waiting when `maxQueue` callers already wait. The permit is given back when
   * `effect` ends, however it ends.
   */
  run<A, E, E2>(effect: Effect.Effect<A, E>, onFull: () => E2): Effect.Effect<A, E | E2> {
    return Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(Clock.clockWith(Effect.succeed), (clock): Effect.Effect<A, E | E2> => {
        if (this.#head === undefined && this.#tryAdmit(clock, false)) {
          return Effect.ensuring(restore(effect), this.#releaseEffect)
        }
        if (this.#length >= this.#maxQueue) return Effect.fail(onFull())
        const waiter = this.#enqueue()
        return restore(this.#await(waiter, clock)).pipe(
          Effect.onInterrupt(() => Effect.sync(() => this.#abandon(waiter))),
          Effect.zipRight(Effect.ensuring(restore(effect), this.#releaseEffect))
        )
      })
    )
  }

  readonly #releaseEffect = Effect.sync(() => {
    this.#permits++
    this.#wakeHead()
  })

  // Takes a permit and a token when both are free. `backlogged`: callers have been waiting for tokens,
  // so the bucket moves on from its own schedule (see the module's note).
  #tryAdmit(clock: Clock.Clock, backlogged: boolean): boolean {
    if (this.#permits < 1) return false
    if (this.#limitedRate) {
      const now = clock.unsafeCurrentTimeMillis()
      if (now < this.#tat - this.#tolerance) return false
      this.#tat = Math.max(this.#tat, backlogged ? now - MAX_CATCH_UP_MILLIS : now) + this.#interval
    }
    this.#permits -= 1
    return true
  }

  #millisToNextToken(clock: Clock.Clock): number {
    return Math.max(1, Math.ceil(this.#tat - this.#tolerance - clock.unsafeCurrentTimeMillis()))
  }

  #enqueue(): Waiter {
    const waiter: Waiter = {
      prev: this.#tail,
      next: undefined,
      wake: undefined,
      woken: false,
      admitted: false,
      linked: true
    }
    if (this.#tail === undefined) this.#head = waiter
    else this.#tail.next = waiter
    this.#tail = waiter
    this.#length++
    return waiter
  }

  #unlink(waiter: Waiter): void {
    if (!waiter.linked) return
    waiter.linked = false
    if (waiter.prev === undefined) this.#head = waiter.next
    else waiter.prev.next = waiter.next
    if (waiter.next === undefined) this.#tail = waiter.prev
    else waiter.next.prev = waiter.prev
    waiter.prev = waiter.next = undefined
    if (--this.#length === 0) this.#backlogged = false
  }

  #wakeHead(): void {
    const head = this.#head
    if (head === undefined) return
    if (head.wake !== undefined) head.wake()
    else head.woken = true
  }

  // Parks until woken; returns at once when a wake-up already came.
  #park(waiter: Waiter): Effect.Effect<void> {
    return Effect.async<void>((resume) => {
      if (waiter.woken) {
        waiter.woken = false
        resume(Effect.void)
        return
      }
      waiter.wake = () => {
        waiter.wake = undefined
        resume(Effect.void)
      }
      return Effect.sync(() => {
        waiter.wake = undefined
      })
    })
  }

  // The waiter's turn: parked until it is the head with a permit free, then sleeping until a token is.
  #await(waiter: Waiter, clock: Clock.Clock): Effect.Effect<void> {
    const turn: Effect.Effect<void> = Effect.suspend(() => {
      if (waiter !== this.#head) return Effect.zipRight(this.#park(waiter), turn)
      if (this.#permits < 1) {
        this.#backlogged = false
        return Effect.zipRight(this.#park(waiter), turn)
      }
      if (this.#tryAdmit(clock, this.#backlogged)) {
        waiter.admitted = true
        this.#unlink(waiter)
        // The next caller may go at once too (a burst, free permits).
        this.#wakeHead()
        return Effect.void
      }
      this.#backlogged = true
      return Effect.zipRight(Effect.sleep(Duration.millis(this.#millisToNextToken(clock))), turn)
    })
    return turn
  }

  // An interrupted waiter: out of the queue; a permit it was given goes on to the next caller.
  #abandon(waiter: Waiter): void {
    const wasHead = waiter === this.#head
    this.#unlink(waiter)
    if (waiter.admitted) {
      waiter.admitted = false
      this.#permits++
      this.#wakeHead()
    } else if (wasHead) {
      this.#wakeHead()
    }
  }
}
