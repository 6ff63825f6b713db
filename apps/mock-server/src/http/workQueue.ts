/**
 * A queue for the fake's expensive answers (trips): one job per turn of the event loop, first come,
 * first served. Between two jobs the server reads and answers whatever else arrived, so that cheap
 * requests never wait behind more than one expensive answer (which its work budget bounds), however
 * many expensive ones are queued.
 *
 * @since 0.1.0
 */

const nextTurn: (run: () => void) => void = typeof setImmediate === "function"
  ? (run) => setImmediate(run)
  : (run) => setTimeout(run, 0)

/**
 * @since 0.1.0
 * @category models
 */
export class WorkQueue {
  #jobs: Array<(() => void) | undefined> = []
  #head = 0
  #scheduled = false

  /** Jobs waiting. */
  get waiting(): number {
    return this.#jobs.length - this.#head
  }

  /** Runs `job` in a turn of its own, after the jobs queued before it. */
  run<A>(job: () => A): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.#jobs.push(() => {
        try {
          resolve(job())
        } catch (error) {
          reject(error)
        }
      })
      if (!this.#scheduled) {
        this.#scheduled = true
        nextTurn(this.#next)
      }
    })
  }

  readonly #next = (): void => {
    const job = this.#jobs[this.#head]
    this.#jobs[this.#head++] = undefined
    if (this.#head === this.#jobs.length) {
      this.#jobs = []
      this.#head = 0
    } else if (this.#head > 1024 && this.#head * 2 > this.#jobs.length) {
      this.#jobs = this.#jobs.slice(this.#head)
      this.#head = 0
    }
    job?.()
    if (this.waiting > 0) nextTurn(this.#next)
    else this.#scheduled = false
  }
}
