/**
 * Shared stores on Redis, for several copies of an application calling one deployment with one API key:
 * a quota counted across every process (`rateLimit.store`) through `@effect/experimental`'s
 * `RateLimiter` with its Redis store, and answers shared by every process (`cache.store`) through its
 * `Persistence` with the Redis backing. Both use `ioredis`.
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
import * as Persistence from "@effect/experimental/Persistence"
import * as PersistenceRedis from "@effect/experimental/Persistence/Redis"
import * as RateLimiter from "@effect/experimental/RateLimiter"
import * as RateLimiterRedis from "@effect/experimental/RateLimiter/Redis"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type { RedisOptions } from "ioredis"
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
}

/**
 * The `ioredis` options a store connects with: the defaults, the URL's parts, then the options given.
 *
 * @since 0.1.0
 * @category utils
 */
export const redisOptions = (options: Options = {}): RedisOptions => {
  const { url, ...rest } = options
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

/**
 * A shared quota on Redis: `@effect/experimental`'s `RateLimiter` (fixed windows, turns handed out with
 * the delay each must wait) over its Redis store. Keys start with `efa-kit:quota:`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRateLimitStore = (options?: Options): Layer.Layer<RateLimitStore> =>
  Layer.provide(layerRateLimitStoreWith, RateLimiterRedis.layerStore({ ...redisOptions(options), prefix: "" }))

/**
 * A shared quota over any store of `@effect/experimental`'s `RateLimiter` (its Redis store in
 * {@link layerRateLimitStore}, its in-memory store in tests).
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

/**
 * Shared answers on Redis: `@effect/experimental`'s `Persistence` with its Redis backing, each answer a
 * key with its time to live. Keys start with `efa-kit:answer:`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerResponseStore = (options?: Options): Layer.Layer<ResponseStore> =>
  Layer.scoped(
    ResponseStore,
    Effect.gen(function*() {
      const backing = yield* Persistence.BackingPersistence
      // The backing writes `efa-kit:<key>`: the client's keys, which start with `efa-kit:`, as they are.
      const store = yield* backing.make("efa-kit")
      const local = (key: string) => key.startsWith("efa-kit:") ? key.slice("efa-kit:".length) : key
      const failed = (action: string) => (error: Persistence.PersistenceError) =>
        new StoreError({ action, detail: describe(error.message, error) })
      return ResponseStore.of({
        get: (key) =>
          store.get(local(key)).pipe(
            Effect.map(Option.flatMap((value) => typeof value === "string" ? Option.some(value) : Option.none())),
            Effect.mapError(failed("read an answer"))
          ),
        set: (key, body, timeToLive) =>
          store.set(local(key), body, Option.some(timeToLive)).pipe(Effect.mapError(failed("keep an answer")))
      })
    })
  ).pipe(Layer.provide(PersistenceRedis.layer(redisOptions(options))))

/**
 * Both stores on one Redis: give the same layer to `rateLimit.store` and `cache.store` (a client builds
 * it once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options?: Options): Layer.Layer<RateLimitStore | ResponseStore> =>
  Layer.merge(layerRateLimitStore(options), layerResponseStore(options))

const describe = (message: string, error: unknown): string => {
  const cause = (error as { readonly cause?: unknown }).cause
  const detail = cause instanceof Error ? cause.message : undefined
  return detail === undefined || detail === message ? message : `${message}: ${detail}`
}
