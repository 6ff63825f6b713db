/**
 * What several copies of an application share when they call one deployment with one API key: the
 * deployment's quota (`rateLimit.store`) and its answers (`cache.store`). A store is a service given to a
 * client as a `Layer` in its options; `@efa-kit/core/Redis` builds both on Redis (the quota through
 * `@effect/experimental`'s `RateLimiter`). Without a store, a client limits and caches
 * in its own process, and nothing here is loaded.
 *
 * ```ts
 * import { EfaClient } from "@efa-kit/core"
 * import * as Redis from "@efa-kit/core/Redis"
 *
 * const shared = Redis.layer({ host: "redis", port: 6379 })
 * EfaClient.layer({
 *   profile: "tfnsw",
 *   apiKey: process.env.TFNSW_API_KEY,
 *   rateLimit: { requestsPerSecond: 5, store: shared },
 *   cache: { store: shared }
 * })
 * ```
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"

/**
 * A shared store could not be reached or did not answer in time.
 *
 * @since 0.1.0
 * @category errors
 */
export class StoreError extends Schema.TaggedError<StoreError>("@efa-kit/StoreError")("StoreError", {
  /** What the store was asked to do. */
  action: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `shared store: ${this.action} failed: ${this.detail}`
  }
}

/**
 * A call could not take its turn of a shared quota because the store behind it failed (and the client's
 * `rateLimit.onStoreFailure` is `"fail"`, the default). Nothing was sent.
 *
 * @since 0.1.0
 * @category errors
 */
export class RateLimitStoreError extends Schema.TaggedError<RateLimitStoreError>("@efa-kit/RateLimitStoreError")(
  "RateLimitStoreError",
  { operation: Schema.String, detail: Schema.String }
) {
  override get message(): string {
    return `${this.operation}: the shared rate limit's store failed, nothing was sent: ${this.detail}`
  }
}

/**
 * A quota shared by every client that uses the same store and the same deployment key.
 *
 * @since 0.1.0
 * @category models
 */
export interface RateLimitStore {
  /**
   * Takes the next turn of the quota `key`, which allows `limit` requests per `window` (`limit` at once
   * at the start of each window), and returns how long to wait before sending. Turns are handed out in
   * the order they are asked for, across every process sharing the store.
   */
  readonly take: (options: {
    readonly key: string
    readonly limit: number
    readonly window: Duration.Duration
  }) => Effect.Effect<Duration.Duration, StoreError>
  /**
   * The secret that keys the hash of a client's credentials in the store's keys (an HMAC), the same in
   * every process of the fleet and kept out of the store, so that a reader of the store cannot test
   * guesses of a short API key. Without it, the hash is a slow one that only makes guessing costly.
   */
  readonly keySecret?: Redacted.Redacted<string> | undefined
}

/**
 * The service of a shared quota.
 *
 * @since 0.1.0
 * @category tags
 */
export const RateLimitStore: Context.Tag<RateLimitStore, RateLimitStore> = Context.GenericTag<RateLimitStore>(
  "@efa-kit/core/SharedStore/RateLimitStore"
)

/**
 * Answers shared by every client that uses the same store and the same deployment key: the body of an
 * answer as received, by key, until its time to live passes.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResponseStore {
  /** The answer under `key`; none when there is none or, given `maxBytes`, when it is larger (unread). */
  readonly get: (key: string, maxBytes?: number) => Effect.Effect<Option.Option<string>, StoreError>
  readonly set: (key: string, body: string, timeToLive: Duration.Duration) => Effect.Effect<void, StoreError>
  /**
   * Marks `key` as being asked of the server by this client, for at most `lease`, unless another client
   * marked it first: `true` when this client now holds the mark (it asks, keeps the answer, then calls
   * `release`), `false` when another one holds it (this one waits a while for its answer). A store
   * without `claim` and `release` shares answers but not requests in flight.
   */
  readonly claim?: ((key: string, lease: Duration.Duration) => Effect.Effect<boolean, StoreError>) | undefined
  /** Removes this client's mark on `key`, if it still holds it. */
  readonly release?: ((key: string) => Effect.Effect<void, StoreError>) | undefined
  /**
   * The secret that keys the hash of a client's credentials in the store's keys (an HMAC), the same in
   * every process of the fleet and kept out of the store, so that a reader of the store cannot test
   * guesses of a short API key. Without it, the hash is a slow one that only makes guessing costly.
   */
  readonly keySecret?: Redacted.Redacted<string> | undefined
}

/**
 * The service of shared answers.
 *
 * @since 0.1.0
 * @category tags
 */
export const ResponseStore: Context.Tag<ResponseStore, ResponseStore> = Context.GenericTag<ResponseStore>(
  "@efa-kit/core/SharedStore/ResponseStore"
)
