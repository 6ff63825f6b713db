/**
 * Verification: how many journaled requests match a matcher, whether that is the number expected, and
 * when it is not, the requests that came closest and what differs in each.
 *
 * ```json
 * { "request": { "path": "<the trip's path>", "params": { "exclMOT_5": { "present": true } } }, "count": 1 }
 * ```
 *
 * `count` is a number (exactly), `{ "atLeast": n }`, `{ "atMost": n }` or both; without it at least one.
 * Headers are matched against the headers each request was sent with, kept for the latest 1,000
 * requests; only requests still in the journal are seen.
 *
 * @since 0.1.0
 */
import { Either, Schema } from "effect"
import type { JournalEntry } from "../journalEntry.js"
import {
  type CompiledMatcher,
  decodeMatcher,
  describeMatcher,
  issuesText,
  type MatchableRequest,
  RequestMatcher
} from "./matcher.js"

/**
 * How many requests are expected.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ExpectedCount = Schema.Union(
  Schema.NonNegativeInt,
  Schema.Struct({
    atLeast: Schema.optionalWith(Schema.NonNegativeInt, { exact: true }),
    atMost: Schema.optionalWith(Schema.NonNegativeInt, { exact: true })
  })
)

/**
 * @since 0.1.0
 * @category models
 */
export type ExpectedCount = typeof ExpectedCount.Type

/**
 * What `POST /__admin/verify` takes.
 *
 * @since 0.1.0
 * @category schemas
 */
const Verification = Schema.Struct({
  request: RequestMatcher,
  count: Schema.optionalWith(ExpectedCount, { exact: true })
})

/**
 * A request that came close, and what differs.
 *
 * @since 0.1.0
 * @category models
 */
export interface NearMiss {
  readonly seq: number
  readonly path: string
  readonly params: ReadonlyArray<readonly [string, string]>
  readonly differences: ReadonlyArray<string>
}

/**
 * The outcome of a verification. `message` says it in words: what was expected, what was found, and
 * the nearest requests with their differences.
 *
 * @since 0.1.0
 * @category models
 */
export interface VerificationResult {
  readonly ok: boolean
  readonly expected: string
  /** How many journaled requests match. */
  readonly count: number
  /** The sequence numbers of the matching requests. */
  readonly matches: ReadonlyArray<number>
  /** When not ok: up to three requests that came closest. */
  readonly nearMisses: ReadonlyArray<NearMiss>
  readonly message: string
}

/**
 * The headers of a request as the server adapter gave them: Node's parsed headers over a port, the web
 * `Headers` in process.
 *
 * @since 0.1.0
 * @category models
 */
export type HeaderSource = Headers | Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/**
 * A header reader over a {@link HeaderSource}.
 *
 * @since 0.1.0
 * @category utils
 */
export const readHeader = (source: HeaderSource | undefined) => (name: string): string | undefined => {
  if (source === undefined) return undefined
  if (source instanceof Headers) return source.get(name) ?? undefined
  const value = source[name.toLowerCase()]
  return Array.isArray(value) ? value.join(", ") : (value as string | undefined)
}

/**
 * The headers each request was sent with, by journal sequence number, kept as the server adapter gave
 * them (read only when a verification asks): a ring as large as the journal, one slot written per
 * request. A sequence number that does not grow means the journal was emptied, and so is this.
 *
 * @since 0.1.0
 * @category models
 */
export class HeaderLog {
  #seqs: Array<number>
  #sources: Array<HeaderSource | undefined>
  #last = 0

  constructor(readonly capacity: number) {
    this.#seqs = new Array(capacity).fill(0)
    this.#sources = new Array(capacity).fill(undefined)
  }

  note(seq: number, source: HeaderSource | undefined): void {
    const capacity = this.capacity
    if (capacity === 0) return
    if (seq <= this.#last) this.clear()
    this.#last = seq
    const slot = seq % capacity
    this.#seqs[slot] = seq
    this.#sources[slot] = source
  }

  header(seq: number): (name: string) => string | undefined {
    const slot = this.capacity === 0 ? -1 : seq % this.capacity
    return readHeader(slot >= 0 && this.#seqs[slot] === seq ? this.#sources[slot] : undefined)
  }

  clear(): void {
    this.#seqs.fill(0)
    this.#sources.fill(undefined)
    this.#last = 0
  }
}

const describeCount = (count: ExpectedCount | undefined): string => {
  if (count === undefined) return "at least 1"
  if (typeof count === "number") return `exactly ${count}`
  if (count.atLeast !== undefined && count.atMost !== undefined) return `${count.atLeast} to ${count.atMost}`
  if (count.atMost !== undefined) return `at most ${count.atMost}`
  return `at least ${count.atLeast ?? 0}`
}

const countHolds = (count: ExpectedCount | undefined, actual: number): boolean => {
  if (count === undefined) return actual >= 1
  if (typeof count === "number") return actual === count
  return (count.atLeast === undefined || actual >= count.atLeast) &&
    (count.atMost === undefined || actual <= count.atMost)
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

/**
 * Runs a verification over journal entries.
 *
 * @since 0.1.0
 * @category verification
 */
export const verify = (
  matcher: CompiledMatcher,
  count: ExpectedCount | undefined,
  journal: ReadonlyArray<JournalEntry>,
  headers: HeaderLog
): VerificationResult => {
  const requests: Array<{ readonly entry: JournalEntry; readonly request: MatchableRequest }> = journal.map((
    entry
  ) => ({
    entry,
    request: { method: entry.method, path: entry.path, params: entry.params, header: headers.header(entry.seq) }
  }))
  // Each pattern runs once per request to find the matches, and once more for a request that does not
  // match, to say what differs.
  const matched = requests.map(({ request }) => matcher.test(request))
  const matches = requests.filter((_, index) => matched[index]).map(({ entry }) => entry.seq)
  const ok = countHolds(count, matches.length)
  const expected = `${describeCount(count)} ${describeMatcher(matcher.source)}`
  if (ok) {
    return { ok, expected, count: matches.length, matches, nearMisses: [], message: `verified: ${expected}` }
  }
  const nearMisses: Array<NearMiss> = requests
    .filter((_, index) => !matched[index])
    .map(({ entry, request }) => {
      const differences = matcher.differences(request)
      return {
        seq: entry.seq,
        path: entry.path,
        params: entry.params,
        differences,
        // A request to another path is a poor candidate whatever its parameters.
        distance: differences.length + (request.path === matcher.source.path ? 0 : 100)
      }
    })
    .sort((a, b) => a.distance - b.distance || b.seq - a.seq)
    .slice(0, 3)
    .map(({ differences, params, path, seq }) => ({ seq, path, params, differences }))
  const lines = [
    `expected ${expected}; got ${plural(matches.length, "matching request")}` +
    (matches.length > 0 ? ` (#${matches.join(", #")})` : "") + ` among ${plural(journal.length, "journaled request")}`
  ]
  if (Object.keys(matcher.source.headers ?? {}).length > 0 && journal.length > headers.capacity) {
    lines.push(`(headers are kept for the latest ${headers.capacity} requests only)`)
  }
  if (matches.length === 0 && nearMisses.length > 0) {
    lines.push("nearest requests:")
    for (const miss of nearMisses) lines.push(`  #${miss.seq} ${miss.path}: ${miss.differences.join("; ")}`)
  }
  return { ok, expected, count: matches.length, matches, nearMisses, message: lines.join("\n") }
}

/**
 * Decodes a verification body.
 *
 * @since 0.1.0
 * @category constructors
 */
export const decodeVerification = (
  input: unknown
): Either.Either<{ readonly matcher: CompiledMatcher; readonly count: ExpectedCount | undefined }, string> => {
  const decoded = Schema.decodeUnknownEither(Verification, { errors: "all" })(input)
  if (Either.isLeft(decoded)) return Either.left(issuesText(decoded.left))
  return Either.map(decodeMatcher(decoded.right.request), (matcher) => ({ matcher, count: decoded.right.count }))
}
