/**
 * The work one request may make the fake do, so that one client cannot stall the others: routing
 * searches, RAPTOR rounds over all of them, and time.
 *
 * @since 0.1.0
 */

/**
 * The bounds of one request's work.
 *
 * @since 0.1.0
 * @category models
 */
interface WorkLimits {
  /** Routing searches (one per trip candidate, two with a via point). */
  readonly maxSearches: number
  /** RAPTOR rounds over all searches (a search makes one per vehicle a trip may use). */
  readonly maxRounds: number
  /** Milliseconds of routing, from the first search on. */
  readonly maxMillis: number
}

/**
 * What ran out first.
 *
 * @since 0.1.0
 * @category models
 */
type Exceeded = "searches" | "rounds" | "time"

const clock: () => number = typeof performance !== "undefined" ? () => performance.now() : () => Date.now()

/**
 * One request's budget, spent as the work goes on.
 *
 * @since 0.1.0
 * @category models
 */
export class WorkBudget {
  searches = 0
  rounds = 0
  exceeded: Exceeded | undefined = undefined
  // Set by the first search: the time budget is the routing's, not the set-up's (timetable, points).
  #deadline = Number.POSITIVE_INFINITY

  constructor(readonly limits: WorkLimits) {}

  /** Takes one search; false when the budget is spent. */
  search(): boolean {
    if (this.exceeded !== undefined) return false
    if (this.searches === 0) this.#deadline = clock() + this.limits.maxMillis
    if (++this.searches > this.limits.maxSearches) return this.#exceed("searches")
    return this.#inTime()
  }

  /** Takes one round; false when the budget is spent. */
  round(): boolean {
    if (this.exceeded !== undefined) return false
    if (++this.rounds > this.limits.maxRounds) return this.#exceed("rounds")
    return this.#inTime()
  }

  /** The budget in words, for the message of an answer that ran out of it. */
  describe(): string {
    const { maxMillis, maxRounds, maxSearches } = this.limits
    const what = this.exceeded === "searches"
      ? `${maxSearches} searches`
      : this.exceeded === "rounds"
      ? `${maxRounds} routing rounds`
      : `${maxMillis} ms`
    return `the request needs more than this server's work budget of ${what} for one request`
  }

  #inTime(): boolean {
    return clock() <= this.#deadline || this.#exceed("time")
  }

  #exceed(what: Exceeded): false {
    this.exceeded = what
    return false
  }
}
