/**
 * Shared stores on Redis, for several copies of an application calling one deployment with one API key:
 * a quota counted across every process (`rateLimit.store`) through `@effect/experimental`'s
 * `RateLimiter` with its fixed-window counter in Redis, and answers shared by every process
 * (`cache.store`), with a mark while one process asks the server so that the others wait for its answer.
 * Both use one `ioredis` connection per layer, whose outages are told as `StoreError`s, never printed.
 *
 * A separate entry point, `@efa-kit/core/Redis`: `@effect/experimental` and `ioredis` are optional peer
 * dependencies, loaded only by a program that imports this module.
 *
 * ```ts
 * import { EfaClient } from "@efa-kit/core"
 * import * as Redis from "@efa-kit/core/Redis"
 *
 * const shared = Redis.layer({ url: "redis://redis:6379" })
 * EfaClient.layer({
 *   baseUrl: "https://efa.example/mngvvs/",
 *   rateLimit: { requestsPerSecond: 10, store: shared },
 *   cache: { store: shared }
 * })
 * ```
 *
 * @since 0.1.0
 */
import * as RateLimiter from "@effect/experimental/RateLimiter"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import { Redis as IORedis, type RedisOptions } from "ioredis"
import { RateLimitStore, ResponseStore, StoreError } from "./SharedStore.js"

/**
 * Where Redis is and how to talk to it: `ioredis`'s options, or a `redis://` / `rediss://` URL in `url`.
 * Unless given, a command fails after one reconnection attempt (`maxRetriesPerRequest: 1`) and after one
 * second (`commandTimeout: 1000`), so that an outage becomes an error quickly instead of a wait.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options extends RedisOptions {
  /** `redis://[user:password@]host:port[/db]`; its parts replace `host`, `port`, `username`, `password`, `db`. */
  readonly url?: string | undefined
  /**
   * The secret that keys the hash of each client's credentials in the keys of this Redis (its API key,
   * configured headers, the profile's extra parameters), the same in every process of the fleet and never
   * written to Redis: with it, someone who reads Redis cannot test guesses of a short key. Without it the
   * hash is a slow one (PBKDF2), which only makes each guess costly.
   */
  readonly keySecret?: string | Redacted.Redacted<string> | undefined
}

/**
 * The `ioredis` options a store connects with: the defaults, the URL's parts, then the options given.
 *
 * @since 0.1.0
 * @category utils
 */
export const redisOptions = (options: Options = {}): RedisOptions => {
  const { keySecret: _keySecret, url, ...rest } = options
  const fromUrl: RedisOptions = {}
  if (url !== undefined) {
    const parsed = new URL(url)
    fromUrl.host = parsed.hostname
    if (parsed.port !== "") fromUrl.port = Number(parsed.port)
    if (parsed.username !== "") fromUrl.username = decodeURIComponent(parsed.username)
    if (parsed.password !== "") fromUrl.password = decodeURIComponent(parsed.password)
    const db = parsed.pathname.replace(/^\//, "")
    if (/^\d+$/.test(db)) fromUrl.db = Number(db)
    if (parsed.protocol === "rediss:") fromUrl.tls = {}
  }
  return { maxRetriesPerRequest: 1, commandTimeout: 1000, ...fromUrl, ...rest }
}

interface Connection {
  readonly redis: IORedis
  readonly keySecret: Redacted.Redacted<string> | undefined
  // What the connection last failed with, told with the errors of commands that fail meanwhile.
  readonly lastError: () => string | undefined
  // The outage a command found (it timed out, or the connection failed), until a probe finds Redis again.
  outage: Outage | undefined
}

interface Outage {
  readonly detail: string
  // When the next probe may go; meanwhile, and while it is out, commands fail at once.
  probeAt: number
  probing: boolean
}

/**
 * How long a probe of a Redis in an outage waits for `PING`'s answer, in milliseconds: short, since
 * the calls that find the outage fail (or fall back) without waiting for Redis meanwhile.
 *
 * @since 0.1.0
 * @category constants
 */
export const PROBE_TIMEOUT_MILLIS = 200

/**
 * How long after an outage began, and after a probe that found no Redis, the next probe goes, in
 * milliseconds.
 *
 * @since 0.1.0
 * @category constants
 */
export const PROBE_INTERVAL_MILLIS = 500

// `ioredis` prints each failed (re)connection to stderr unless someone listens for its `error` event:
// an outage is told instead by the commands that fail meanwhile, as a `StoreError` (or, for the cache,
// a miss), with what the connection last failed with.
const connect = (options: Options | undefined): Effect.Effect<Connection, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const redis = new IORedis(redisOptions(options))
      let lastError: string | undefined = undefined
      redis.on("error", (error: unknown) => {
        lastError = error instanceof Error ? error.message : String(error)
      })
      redis.on("ready", () => {
        lastError = undefined
      })
      const keySecret = options?.keySecret
      return {
        redis,
        keySecret: keySecret === undefined || Redacted.isRedacted(keySecret) ? keySecret : Redacted.make(keySecret),
        lastError: () => lastError,
        outage: undefined
      }
    }),
    ({ redis }) =>
      redis.status === "ready"
        ? Effect.promise(() => redis.quit().then(() => undefined, () => redis.disconnect()))
        : Effect.sync(() => redis.disconnect())
  )

const messageOf = (cause: unknown): string => cause instanceof Error ? cause.message : String(cause)

// Redis answered, with an error of the command (a script's, OOM): no outage.
const isReply = (cause: unknown): boolean => cause instanceof Error && cause.name === "ReplyError"

// Whether Redis answers `PING` within the probe's time.
const probe = (redis: IORedis): Promise<boolean> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    redis.ping().then(() => true, () => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MILLIS)
    })
  ]).finally(() => clearTimeout(timer))
}

/**
 * One command, as a `StoreError` when it fails. A command that times out or finds the connection down
 * starts an outage: until a probe (`PING`, {@link PROBE_TIMEOUT_MILLIS}, at most one each
 * {@link PROBE_INTERVAL_MILLIS}) finds Redis again, every command fails at once, so that the calls
 * queued behind a stalled Redis fail (or fall back) together instead of one command timeout each.
 */
const command = <A>(
  connection: Connection,
  action: string,
  run: (redis: IORedis) => Promise<A>
): Effect.Effect<A, StoreError> =>
  Effect.tryPromise({
    try: async () => {
      const outage = connection.outage
      if (outage !== undefined) {
        if (outage.probing || Date.now() < outage.probeAt) throw new OutageError(outage.detail)
        outage.probing = true
        const answered = await probe(connection.redis)
        outage.probing = false
        if (!answered) {
          outage.probeAt = Date.now() + PROBE_INTERVAL_MILLIS
          throw new OutageError(outage.detail)
        }
        if (connection.outage === outage) connection.outage = undefined
      }
      try {
        return await run(connection.redis)
      } catch (cause) {
        if (!isReply(cause) && connection.outage === undefined) {
          connection.outage = { detail: messageOf(cause), probeAt: Date.now() + PROBE_INTERVAL_MILLIS, probing: false }
        }
        throw cause
      }
    },
    catch: (cause) => {
      const message = messageOf(cause)
      const last = connection.lastError()
      return new StoreError({
        action,
        detail: last === undefined || message.includes(last) ? message : `${message} (${last})`
      })
    }
  })

// A command refused during an outage, without asking Redis.
class OutageError extends Error {
  constructor(detail: string) {
    super(`Redis did not answer (${detail}); not asked again until it answers a probe`)
  }
}

// The fixed-window counter of `@effect/experimental`'s `RateLimiter` as its own Redis store keeps it
// (the same script, as `RateLimiterStore.fixedWindow` describes it), on a connection of this module's:
// the library's store opens one of its own, whose errors nobody could listen to.
//
// It may run when Redis is out of memory (`allow-oom`): its keys are a few bytes each, so a Redis filled
// up with cached answers under the default `maxmemory-policy noeviction` refuses those answers, never
// a turn of the quota.
const FIXED_WINDOW = `#!lua flags=allow-oom
local key = KEYS[1]
local tokens = tonumber(ARGV[1])
local refillms = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local current = tonumber(redis.call("GET", key))
if not current then
  local nextpttl = refillms * tokens
  redis.call("SET", key, tokens, "PX", nextpttl)
  return { tokens, nextpttl }
end
local currentpttl = tonumber(redis.call("PTTL", key) or "0")
local next = current + tokens
if limit and next > limit then
  return { next, currentpttl }
end
local nextpttl = currentpttl + (refillms * tokens)
redis.call("SET", key, next, "PX", nextpttl)
return { next, nextpttl }
`

const limiterStore = (connection: Connection): RateLimiter.RateLimiterStore["Type"] =>
  RateLimiter.RateLimiterStore.of({
    fixedWindow: (options) =>
      Effect.mapError(
        command(connection, "take a turn of the quota", (redis) => {
          const args = [options.key, options.tokens, Duration.toMillis(options.refillRate)]
          if (options.limit !== undefined) args.push(options.limit)
          return redis.eval(FIXED_WINDOW, 1, ...args) as Promise<[number, number]>
        }),
        (error) => new RateLimiter.RateLimitStoreError({ message: error.detail, cause: error })
      ),
    // The client asks for fixed windows only.
    tokenBucket: () =>
      Effect.fail(new RateLimiter.RateLimitStoreError({ message: "this store keeps fixed windows only" }))
  })

/**
 * A shared quota over any store of `@effect/experimental`'s `RateLimiter` (Redis in
 * {@link layerRateLimitStore}, its in-memory store in tests): `RateLimiter`'s fixed windows with
 * `onExceeded: "delay"`, which hand out turns with the delay each must wait.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRateLimitStoreWith: Layer.Layer<RateLimitStore, never, RateLimiter.RateLimiterStore> = Layer.effect(
  RateLimitStore,
  Effect.map(RateLimiter.make, (limiter) =>
    RateLimitStore.of({
      take: ({ key, limit, window }) =>
        limiter.consume({ algorithm: "fixed-window", onExceeded: "delay", key, limit, window }).pipe(
          Effect.map((result) => result.delay),
          Effect.mapError((error) =>
            new StoreError({ action: "take a turn of the quota", detail: describe(error.message, error) })
          )
        )
    }))
)

const rateLimitStore = (connection: Connection): Layer.Layer<RateLimitStore> =>
  Layer.map(
    Layer.provide(layerRateLimitStoreWith, Layer.succeed(RateLimiter.RateLimiterStore, limiterStore(connection))),
    (context) =>
      Context.add(context, RateLimitStore, { ...Context.get(context, RateLimitStore), keySecret: connection.keySecret })
  )

/**
 * A shared quota on Redis: `@effect/experimental`'s `RateLimiter` (fixed windows, turns handed out with
 * the delay each must wait) counted in Redis. Keys start with `efa-kit:quota:`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRateLimitStore = (options?: Options): Layer.Layer<RateLimitStore> =>
  Layer.unwrapScoped(Effect.map(connect(options), rateLimitStore))

// Only the client that set a mark removes it: after its lease ran out, another client may hold it.
const RELEASE = `
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0
`

// An answer no larger than ARGV[1] bytes, else none: a larger one is not read at all.
const GET_AT_MOST = `#!lua flags=no-writes
if redis.call("STRLEN", KEYS[1]) > tonumber(ARGV[1]) then
  return false
end
return redis.call("GET", KEYS[1])
`

const ANSWER_PREFIX = "efa-kit:answer:"

// The mark of an answer being fetched: `efa-kit:fetching:` and the rest of the answer's key.
const markOf = (key: string): string =>
  `efa-kit:fetching:${key.startsWith(ANSWER_PREFIX) ? key.slice(ANSWER_PREFIX.length) : key}`

const wholeMillis = (duration: Duration.Duration): number => Math.max(1, Math.ceil(Duration.toMillis(duration)))

const responseStore = (connection: Connection): ResponseStore => {
  // this store's mark: a client holds its marks for as long as it lives
  const holder = globalThis.crypto.randomUUID()
  return ResponseStore.of({
    keySecret: connection.keySecret,
    get: (key, maxBytes) =>
      Effect.map(
        command(
          connection,
          "read an answer",
          (redis) =>
            maxBytes === undefined
              ? redis.get(key)
              : redis.eval(GET_AT_MOST, 1, key, maxBytes) as Promise<string | null>
        ),
        Option.fromNullable
      ),
    set: (key, body, timeToLive) =>
      Effect.asVoid(
        command(connection, "keep an answer", (redis) => redis.set(key, body, "PX", wholeMillis(timeToLive)))
      ),
    claim: (key, lease) =>
      Effect.map(
        command(
          connection,
          "mark an answer as being fetched",
          (redis) => redis.set(markOf(key), holder, "PX", wholeMillis(lease), "NX")
        ),
        (reply) => reply === "OK"
      ),
    release: (key) =>
      Effect.asVoid(
        command(connection, "remove the mark of an answer", (redis) => redis.eval(RELEASE, 1, markOf(key), holder))
      )
  })
}

/**
 * Shared answers on Redis: each answer the server's body under its key, with its time to live, and a
 * short-lived mark while a client asks the server for it, so that the other clients wait for that
 * answer instead of asking too. Keys start with `efa-kit:answer:` and `efa-kit:fetching:`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerResponseStore = (options?: Options): Layer.Layer<ResponseStore> =>
  Layer.scoped(ResponseStore, Effect.map(connect(options), responseStore))

/**
 * Both stores on one Redis connection: give the same layer to `rateLimit.store` and `cache.store` (a
 * client builds it once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options?: Options): Layer.Layer<RateLimitStore | ResponseStore> =>
  Layer.unwrapScoped(
    Effect.map(
      connect(options),
      (connection) => Layer.merge(rateLimitStore(connection), Layer.succeed(ResponseStore, responseStore(connection)))
    )
  )

const describe = (message: string, error: unknown): string => {
  const cause = (error as { readonly cause?: unknown }).cause
  const detail = cause instanceof Error ? cause.message : undefined
  return detail === undefined || detail === message ? message : `${message}: ${detail}`
}
