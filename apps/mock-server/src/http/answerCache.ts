/**
 * A bounded cache of finished answers. The fake's own answers are pure functions of the operation, the
 * query, the dataset, the clock and the time zone, so the same query string on the same path at the
 * same "now" always gets the same bytes: decoding the query, answering and encoding the response
 * through the Schemas is done once, and repeats (the common case under load and in test suites) are
 * served from here.
 *
 * @since 0.1.0
 */
import type { AnswerEntry } from "../registry.js"

/**
 * A finished answer: the entry that answered, the status (200, or 400 for invalid parameters) and the
 * JSON body.
 *
 * @since 0.1.0
 * @category models
 */
export interface CachedAnswer {
  readonly entry: AnswerEntry
  readonly status: 200 | 400
  readonly body: string
}

/**
 * Most characters of bodies kept at once, whatever the entry limit.
 *
 * @since 0.1.0
 * @category constants
 */
const MAX_CACHED_CHARACTERS = 32 * 1024 * 1024

/**
 * A cache of the answers at one "now", with a limit on entries and on the characters of the bodies kept;
 * beyond them the oldest answers go first. Moving the clock empties it.
 *
 * @since 0.1.0
 * @category models
 */
export class AnswerCache {
  // A Map iterates in insertion order: the first entries are the oldest.
  readonly #entries = new Map<string, CachedAnswer>()
  #characters = 0
  #now = Number.NaN

  constructor(readonly maxEntries: number, readonly maxCharacters: number = MAX_CACHED_CHARACTERS) {}

  /** The answer kept for a key at a "now" (epoch milliseconds). */
  get(now: number, key: string): CachedAnswer | undefined {
    return now === this.#now ? this.#entries.get(key) : undefined
  }

  /** Keeps an answer, dropping the oldest ones beyond the limits. */
  set(now: number, key: string, answer: CachedAnswer): void {
    if (now !== this.#now) {
      this.clear()
      this.#now = now
    }
    const size = key.length + answer.body.length
    if (this.maxEntries === 0 || size > this.maxCharacters) return
    const previous = this.#entries.get(key)
    if (previous !== undefined) {
      this.#entries.delete(key)
      this.#characters -= key.length + previous.body.length
    }
    this.#entries.set(key, answer)
    this.#characters += size
    for (const [oldKey, old] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#characters <= this.maxCharacters) break
      this.#entries.delete(oldKey)
      this.#characters -= oldKey.length + old.body.length
    }
  }

  /** Forgets every answer. */
  clear(): void {
    this.#entries.clear()
    this.#characters = 0
  }

  /** How many answers are kept. */
  get size(): number {
    return this.#entries.size
  }
}
