/**
 * Where a client keeps answers: in memory (decoded values, least recently used out first) or in a shared
 * store (encoded again with the dialect's response schema, decoded on a hit), and how long an answer
 * stays fresh.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { Operation } from "../../Operation.js"
import type { ResponseStore } from "../../SharedStore.js"
import type { makeJsonDecoder } from "../effect/fastDecode.js"
import type { Dialect } from "./dialect.js"

/**
 * Answers kept by key. Reads and writes never fail: a store that cannot be reached is a miss.
 *
 * @internal
 */
export interface AnswerBackend {
  readonly shared: boolean
  readonly get: <Response>(
    operation: Operation<any, Response, any>,
    key: string
  ) => Effect.Effect<Option.Option<Response>>
  readonly set: <Response>(
    operation: Operation<any, Response, any>,
    key: string,
    value: Response,
    timeToLive: Duration.Duration
  ) => Effect.Effect<void>
  /**
   * Marks `key` as being asked of the server by this client for at most `lease`: `"held"` when this
   * client now holds the mark, `"busy"` when another one does, `"failed"` when the store failed (ask the
   * server, nothing to release).
   */
  readonly claim?: ((key: string, lease: Duration.Duration) => Effect.Effect<"held" | "busy" | "failed">) | undefined
  readonly release?: ((key: string) => Effect.Effect<void>) | undefined
}

interface MemoryEntry {
  readonly value: unknown
  readonly expiresAt: number
}

/**
 * Decoded answers in this process, at most `maxEntries`, the least recently used dropped first.
 *
 * @internal
 */
export const memoryBackend = (maxEntries: number): AnswerBackend & { readonly size: () => number } => {
  // A Map keeps insertion order: a hit moves its entry to the end, the first entry is the least recent.
  const entries = new Map<string, MemoryEntry>()
  return {
    shared: false,
    size: () => entries.size,
    get: <Response>(_operation: Operation<any, Response, any>, key: string) =>
      Clock.clockWith((clock) =>
        Effect.sync(() => {
          const entry = entries.get(key)
          if (entry === undefined) return Option.none<Response>()
          entries.delete(key)
          if (entry.expiresAt <= clock.unsafeCurrentTimeMillis()) return Option.none<Response>()
          entries.set(key, entry)
          return Option.some(entry.value as Response)
        })
      ),
    set: (_operation, key, value, timeToLive) =>
      Clock.clockWith((clock) =>
        Effect.sync(() => {
          entries.delete(key)
          entries.set(key, { value, expiresAt: clock.unsafeCurrentTimeMillis() + Duration.toMillis(timeToLive) })
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
        })
      )
  }
}

interface Codec {
  readonly decode: (json: unknown, text: string) => Either.Either<unknown, unknown>
  readonly encode: (value: unknown) => Either.Either<unknown, unknown>
}

/**
 * Answers in a shared store under `prefix` + key, as the JSON the server speaks in the client's dialect
 * (the response schema encodes them again), decoded on a hit as an answer is. A body that no longer
 * decodes (another version of the client wrote it) is a miss. An answer larger than `maxBytes` (the
 * client's `maxResponseBytes`) is neither kept nor read.
 *
 * @internal
 */
export const sharedBackend = (
  store: ResponseStore,
  prefix: string,
  dialect: Dialect,
  jsonDecoder: typeof makeJsonDecoder,
  maxBytes: number
): AnswerBackend => {
  const { claim, release } = store
  const codecs = new Map<Operation<any, any, any>, Codec>()
  const codecOf = (operation: Operation<any, any, any>): Codec => {
    let codec = codecs.get(operation)
    if (codec === undefined) {
      const schema = dialect.response(operation)
      codec = { decode: jsonDecoder(schema), encode: Schema.encodeEither(schema) }
      codecs.set(operation, codec)
    }
    return codec
  }
  return {
    shared: true,
    get: <Response>(operation: Operation<any, Response, any>, key: string) =>
      // a hit may be the first answer of the operation this client reads: its codec loads first
      Effect.zipRight(dialect.load(operation) ?? Effect.void, store.get(prefix + key, maxBytes)).pipe(
        Effect.map(Option.flatMap((body): Option.Option<Response> => {
          // a store that does not bound what it reads
          if (!fits(body, maxBytes)) return Option.none()
          try {
            const decoded = codecOf(operation).decode(JSON.parse(body), body)
            return decoded._tag === "Right" ? Option.some(decoded.right as Response) : Option.none()
          } catch {
            return Option.none()
          }
        })),
        Effect.catchAll((error) =>
          Effect.as(Effect.logDebug(`efa-kit: the answer cache is skipped: ${error.message}`), Option.none<Response>())
        )
      ),
    set: (operation, key, value, timeToLive) => {
      const encoded = codecOf(operation).encode(value)
      if (encoded._tag === "Left") return Effect.void
      const body = JSON.stringify(encoded.right)
      if (!fits(body, maxBytes)) {
        return Effect.logDebug(`efa-kit: an answer over ${maxBytes} bytes (maxResponseBytes) was not kept`)
      }
      return store.set(prefix + key, body, timeToLive).pipe(
        Effect.catchAll((error) => Effect.logDebug(`efa-kit: an answer was not kept: ${error.message}`))
      )
    },
    claim: claim === undefined ? undefined : (key, lease) =>
      claim(prefix + key, lease).pipe(
        Effect.map((held): "held" | "busy" => held ? "held" : "busy"),
        Effect.catchAll((error) =>
          Effect.as(Effect.logDebug(`efa-kit: a request in flight is not shared: ${error.message}`), "failed" as const)
        )
      ),
    release: release === undefined ? undefined : (key) =>
      release(prefix + key).pipe(
        Effect.catchAll((error) => Effect.logDebug(`efa-kit: a mark was left to expire: ${error.message}`))
      )
  }
}

// Whether a text takes at most `maxBytes` in UTF-8 (each UTF-16 unit takes 1 to 3 bytes).
const fits = (text: string, maxBytes: number): boolean =>
  text.length <= maxBytes &&
  (text.length * 3 <= maxBytes || new TextEncoder().encode(text).length <= maxBytes)

const directive = (cacheControl: string, name: string): string | true | undefined => {
  for (const part of cacheControl.split(",")) {
    const [rawKey, ...rest] = part.split("=")
    if (rawKey!.trim().toLowerCase() !== name) continue
    return rest.length === 0 ? true : rest.join("=").trim().replace(/^"|"$/g, "")
  }
  return undefined
}

const seconds = (value: string | true | undefined): number | undefined => {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return undefined
  return Number(value)
}

/**
 * How long an answer stays fresh: what the server says (`Cache-Control`'s `no-store`, `no-cache`,
 * `private` for a shared store, `s-maxage` for a shared store, `max-age`, less `Age`; else `Expires`
 * against `Date`), else `fallback`. Zero: not kept.
 *
 * @internal
 */
export const freshness = (
  headers: Readonly<Record<string, string | undefined>>,
  shared: boolean,
  fallback: Duration.Duration,
  nowMillis: number
): Duration.Duration => {
  const cacheControl = headers["cache-control"]
  const age = seconds(headers["age"]) ?? 0
  if (cacheControl !== undefined) {
    if (directive(cacheControl, "no-store") !== undefined || directive(cacheControl, "no-cache") !== undefined) {
      return Duration.zero
    }
    if (shared && directive(cacheControl, "private") !== undefined) return Duration.zero
    const maxAge = (shared ? seconds(directive(cacheControl, "s-maxage")) : undefined) ??
      seconds(directive(cacheControl, "max-age"))
    if (maxAge !== undefined) return Duration.seconds(Math.max(0, maxAge - age))
  }
  const expires = headers["expires"]
  if (expires !== undefined) {
    const expiresAt = Date.parse(expires)
    // An Expires that cannot be read means "already expired".
    if (Number.isNaN(expiresAt)) return Duration.zero
    const date = headers["date"] === undefined ? Number.NaN : Date.parse(headers["date"])
    return Duration.millis(Math.max(0, expiresAt - (Number.isNaN(date) ? nowMillis : date)))
  }
  return fallback
}
