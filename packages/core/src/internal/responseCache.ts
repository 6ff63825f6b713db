/**
 * Where a client keeps answers: in memory (decoded values, least recently used out first) or in a shared
 * store (the bodies as received, decoded again on a hit), and how long an answer stays fresh.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Operation } from "../Operation.js"
import type { ResponseStore } from "../SharedStore.js"
import type { DialectAdapter } from "./dialect.js"
import { makeJsonDecoder } from "./fastDecode.js"

/**
 * Answers kept by key. Reads and writes never fail: a store that cannot be reached is a miss.
 *
 * @internal
 */
export interface AnswerBackend {
  readonly shared: boolean
  readonly get: <Response>(operation: Operation<any, Response, any>, key: string) => Effect.Effect<Option.Option<Response>>
  readonly set: <Response>(
    operation: Operation<any, Response, any>,
    key: string,
    value: Response,
    body: string,
    timeToLive: Duration.Duration
  ) => Effect.Effect<void>
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
    set: (_operation, key, value, _body, timeToLive) =>
      Clock.clockWith((clock) =>
        Effect.sync(() => {
          entries.delete(key)
          entries.set(key, { value, expiresAt: clock.unsafeCurrentTimeMillis() + Duration.toMillis(timeToLive) })
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
        })
      )
  }
}

/**
 * Bodies in a shared store under `prefix` + key, decoded with the client's dialect on a hit. A body that
 * no longer decodes (another version of the client wrote it) is a miss.
 *
 * @internal
 */
export const sharedBackend = (store: ResponseStore, prefix: string, dialect: DialectAdapter): AnswerBackend => {
  const decoders = new Map<Operation<any, any, any>, (json: unknown, text: string) => any>()
  const decoderFor = (operation: Operation<any, any, any>) => {
    let decoder = decoders.get(operation)
    if (decoder === undefined) {
      decoder = makeJsonDecoder(dialect.response(operation))
      decoders.set(operation, decoder)
    }
    return decoder
  }
  return {
    shared: true,
    get: <Response>(operation: Operation<any, Response, any>, key: string) =>
      store.get(prefix + key).pipe(
        Effect.map(Option.flatMap((body): Option.Option<Response> => {
          try {
            const decoded = decoderFor(operation)(JSON.parse(body), body)
            return decoded._tag === "Right" ? Option.some(decoded.right as Response) : Option.none()
          } catch {
            return Option.none()
          }
        })),
        Effect.catchAll((error) =>
          Effect.as(Effect.logDebug(`efa-kit: the answer cache is skipped: ${error.message}`), Option.none<Response>())
        )
      ),
    set: (_operation, key, _value, body, timeToLive) =>
      store.set(prefix + key, body, timeToLive).pipe(
        Effect.catchAll((error) => Effect.logDebug(`efa-kit: an answer was not kept: ${error.message}`))
      )
  }
}

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
