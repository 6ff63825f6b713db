/**
 * What a client shares between calls and with other processes, loaded only when a client asks for it
 * (`cache`, `coalesce`, `rateLimit.store`): the answer cache, joined calls in flight, and a rate limit
 * counted in a shared store. Checks those options and builds the stores' layers in the client's scope.
 *
 * @internal
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type { EfaError } from "../EfaError.js"
import type { Operation } from "../Operation.js"
import { type CallOptions, InvalidOptionsError, type Options } from "../OperationClient.js"
import { DEFAULT_TIME_TO_LIVE, timesToLive } from "../ResponseCache.js"
import { RateLimitStore, ResponseStore } from "../SharedStore.js"
import * as SystemMessage from "../SystemMessage.js"
import type { CallSharing, Limiter, Seen } from "./client.js"
import { Coalescer } from "./coalesce.js"
import type { DialectAdapter } from "./dialect.js"
import { Gate, type GateOptions } from "./limiter.js"
import { type AnswerBackend, freshness, memoryBackend, sharedBackend } from "./responseCache.js"
import { SharedLimiter } from "./sharedLimiter.js"

/** @internal */
export interface SharingInput {
  readonly options: Options
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly gateOptions: Option.Option<GateOptions>
  readonly gate: Option.Option<Gate>
  readonly dialect: DialectAdapter
}

/** @internal */
export interface Sharing {
  readonly gate: Option.Option<Limiter> | undefined
  readonly calls: CallSharing | undefined
}

const DEFAULT_MAX_ENTRIES = 1000

const invalid = (option: string, detail: string) => Effect.fail(new InvalidOptionsError({ option, detail }))

/**
 * The key of a deployment in a shared store: its base URL and a hash of its API key (or of the
 * `authorization` header), so that two applications on one store share nothing by accident and the key
 * itself is never written there.
 *
 * @internal
 */
export const deploymentKey = (
  baseUrl: string,
  apiKey: Redacted.Redacted<string> | undefined,
  headers: Readonly<Record<string, string>> | undefined
): Effect.Effect<string> => {
  const secret = apiKey === undefined
    ? Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "authorization")?.[1]
    : Redacted.value(apiKey)
  if (secret === undefined) return Effect.succeed(`${baseUrl}#-`)
  return Effect.map(
    Effect.promise(() => globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret))),
    (digest) => {
      let hex = ""
      for (const byte of new Uint8Array(digest).subarray(0, 12)) hex += byte.toString(16).padStart(2, "0")
      return `${baseUrl}#${hex}`
    }
  )
}

type StoreOption<S> = "memory" | Layer.Layer<S> | undefined

const checkStore = <S>(option: string, store: StoreOption<S>): Effect.Effect<void, InvalidOptionsError> =>
  store === undefined || store === "memory" || Layer.isLayer(store)
    ? Effect.void
    : invalid(option, `must be "memory" or a Layer (Redis.layer(...) from @efa-kit/core/Redis)`)

const resolveTimesToLive = (
  input: Readonly<Record<string, Duration.DurationInput>> | undefined
): Effect.Effect<Readonly<Record<string, Duration.Duration>>, InvalidOptionsError> =>
  Effect.gen(function*() {
    const out: Record<string, Duration.Duration> = { ...timesToLive }
    for (const [name, value] of Object.entries(input ?? {})) {
      const duration = Duration.decodeUnknown(value)
      if (Option.isNone(duration) || !Duration.isFinite(duration.value)) {
        return yield* invalid(`cache.timeToLive.${name}`, "must be a finite duration (0 keeps none)")
      }
      out[name] = duration.value
    }
    return out
  })

/**
 * Checks the sharing options and builds what they ask for; the stores' layers are built once each (one
 * Layer given to both `rateLimit.store` and `cache.store` is built once) and closed with the client.
 *
 * @internal
 */
export const make = (input: SharingInput): Effect.Effect<Sharing, InvalidOptionsError, Scope.Scope> =>
  Effect.gen(function*() {
    const { dialect, options } = input
    const rateLimit = options.rateLimit
    const cacheOption = options.cache === true ? {} : options.cache === false ? undefined : options.cache
    yield* checkStore("rateLimit.store", rateLimit?.store)
    yield* checkStore("cache.store", cacheOption?.store)
    const onStoreFailure = rateLimit?.onStoreFailure ?? "fail"
    if (onStoreFailure !== "fail" && onStoreFailure !== "local") {
      return yield* invalid("rateLimit.onStoreFailure", `must be "fail" or "local"`)
    }
    const maxEntries = cacheOption?.maxEntries ?? DEFAULT_MAX_ENTRIES
    if (!(Number.isSafeInteger(maxEntries) && maxEntries >= 1)) {
      return yield* invalid("cache.maxEntries", "must be an integer >= 1")
    }
    const ttl = yield* resolveTimesToLive(cacheOption?.timeToLive)

    const limitStore = rateLimit?.store === "memory" ? undefined : rateLimit?.store
    const answerStore = cacheOption?.store === "memory" ? undefined : cacheOption?.store
    const scope = yield* Effect.scope
    const built = new Map<Layer.Layer<any>, Context.Context<any>>()
    const build = (layer: Layer.Layer<any>) =>
      Effect.suspend(() => {
        const found = built.get(layer)
        if (found !== undefined) return Effect.succeed(found)
        return Effect.tap(Layer.buildWithScope(layer, scope), (context) => Effect.sync(() => built.set(layer, context)))
      })
    const key = limitStore !== undefined || answerStore !== undefined
      ? yield* deploymentKey(input.baseUrl, input.apiKey, options.headers)
      : ""

    let gate: Option.Option<Limiter> | undefined = undefined
    if (limitStore !== undefined) {
      if (Option.isNone(input.gateOptions) || input.gateOptions.value.requestsPerSecond === undefined) {
        return yield* invalid("rateLimit.store", "needs rateLimit.requestsPerSecond")
      }
      const gateOptions = input.gateOptions.value as GateOptions & { readonly requestsPerSecond: number }
      const store = Context.getOption(yield* build(limitStore), RateLimitStore)
      if (Option.isNone(store)) return yield* invalid("rateLimit.store", "the Layer gives no SharedStore.RateLimitStore")
      gate = Option.some(
        new SharedLimiter({
          store: store.value,
          key: `efa-kit:quota:${key}`,
          gate: gateOptions,
          fallback: onStoreFailure === "local"
            ? new Gate({ ...gateOptions, concurrency: undefined, maxQueue: Number.POSITIVE_INFINITY })
            : undefined
        })
      )
    }

    let backend: AnswerBackend | undefined = undefined
    if (cacheOption !== undefined) {
      if (answerStore === undefined) {
        backend = memoryBackend(maxEntries)
      } else {
        const store = Context.getOption(yield* build(answerStore), ResponseStore)
        if (Option.isNone(store)) return yield* invalid("cache.store", "the Layer gives no SharedStore.ResponseStore")
        backend = sharedBackend(store.value, `efa-kit:answer:${key}:`, dialect)
      }
    }
    const coalescer = backend !== undefined || options.coalesce === true ? new Coalescer() : undefined
    return { gate, calls: coalescer === undefined ? undefined : makeCallSharing(coalescer, backend, ttl) }
  })

const hasErrors = (value: unknown): boolean => {
  const messages = (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
  return messages !== undefined && SystemMessage.errors(messages).length > 0
}

const makeCallSharing = (
  coalescer: Coalescer,
  backend: AnswerBackend | undefined,
  ttl: Readonly<Record<string, Duration.Duration>>
): CallSharing => {
  const fetchAndKeep = <Response>(
    operation: Operation<any, Response, any>,
    url: string,
    fallback: Duration.Duration,
    call: (seen: Seen) => Effect.Effect<Response, EfaError>
  ): Effect.Effect<Response, EfaError> =>
    Effect.suspend(() => {
      const seen: Seen = { received: undefined }
      return Effect.tap(call(seen), (value) => {
        const received = seen.received
        // Answers with EFA error messages may be partial (a router that gave up): never kept.
        if (backend === undefined || received === undefined || hasErrors(value)) return Effect.void
        return Clock.clockWith((clock) => {
          const timeToLive = freshness(
            received.response.headers,
            backend.shared,
            fallback,
            clock.unsafeCurrentTimeMillis()
          )
          return Duration.isZero(timeToLive)
            ? Effect.void
            : backend.set(operation, url, value, received.body, timeToLive)
        })
      })
    })

  return {
    run: <Response>(
      operation: Operation<any, Response, any>,
      url: string,
      options: CallOptions | undefined,
      call: (seen: Seen) => Effect.Effect<Response, EfaError>
    ): Effect.Effect<Response, EfaError> => {
      const timeToLive = ttl[operation.name] ?? DEFAULT_TIME_TO_LIVE
      if (backend === undefined || Duration.isZero(timeToLive)) return coalescer.run(url, call({ received: undefined }))
      const fetch = coalescer.run(url, fetchAndKeep(operation, url, timeToLive, call))
      if (options?.cache === false) return fetch
      return Effect.flatMap(
        backend.get(operation, url),
        (hit) => hit._tag === "Some" ? Effect.succeed(hit.value) : fetch
      )
    }
  }
}
