/**
 * What a client shares between calls and with other processes, loaded only when a client asks for it
 * (`cache`, `coalesce`, `rateLimit.store`): the answer cache, joined calls in flight, and a rate limit
 * counted in a shared store. Checks those options and builds the stores' layers in the client's scope.
 *
 * @internal
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import type { EfaError } from "../../EfaError.js"
import type * as Operation from "../../Operation.js"
import type { CallOptions, InvalidOptionsError, Options, Service } from "../../OperationClient.js"
import { DEFAULT_TIME_TO_LIVE } from "../../ResponseCache.js"
import { RateLimitStore, ResponseStore } from "../../SharedStore.js"
import type * as SystemMessage from "../../SystemMessage.js"
import type { makeJsonDecoder } from "../decode/fastDecode.js"
import type { Limiter, makeExecutor, ResolvedSettings } from "./client.js"
import { Coalescer } from "./coalesce.js"
import { Gate, type GateOptions } from "./limiter.js"
import { type AnswerBackend, freshness, memoryBackend, sharedBackend } from "./responseCache.js"
import { SharedLimiter } from "./sharedLimiter.js"

type Executor = ReturnType<typeof makeExecutor>

// What the last response of a call said about caching; set by the `HttpClient` of `Sharing.client`.
interface Seen {
  headers: Readonly<Record<string, string>> | undefined
}

const currentSeen = FiberRef.unsafeMake<Seen | undefined>(undefined)

const DEFAULT_MAX_ENTRIES = 1000

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

type Invalid = (option: string, detail: string) => Effect.Effect<never, InvalidOptionsError>

const checkStore = <S>(
  invalid: Invalid,
  option: string,
  store: StoreOption<S>
): Effect.Effect<void, InvalidOptionsError> =>
  store === undefined || store === "memory" || Layer.isLayer(store)
    ? Effect.void
    : invalid(option, `must be "memory" or a Layer (Redis.layer(...) from @efa-kit/core/Redis)`)

const resolveTimesToLive = (
  invalid: Invalid,
  input: Readonly<Record<string, Duration.DurationInput>> | undefined
): Effect.Effect<Readonly<Record<string, Duration.Duration>>, InvalidOptionsError> =>
  Effect.gen(function*() {
    const out: Record<string, Duration.Duration> = {}
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
 * The runner of a client that asks for a cache, joined calls or a shared quota: checks those options,
 * builds what they ask for (the stores' layers once each: one Layer given to both `rateLimit.store` and
 * `cache.store` is built once, and closed with the client), and puts it around the executor: the
 * shared quota in place of the client's queue, the cache and joined calls in front of it, and an
 * `HttpClient` that tells the cache what the answer's headers said.
 *
 * @internal
 */
export const make = (
  options: Options,
  settings: ResolvedSettings,
  gateOptions: Option.Option<GateOptions>,
  apiKey: Redacted.Redacted<string> | undefined,
  httpClient: HttpClient.HttpClient,
  requestInit: RequestInit | undefined,
  // The client's own parts are handed over rather than imported, so that a bundle keeps them in the
  // client's chunk instead of splitting it.
  executorOf: typeof makeExecutor,
  InvalidOptions: typeof InvalidOptionsError,
  jsonDecoder: typeof makeJsonDecoder
): Effect.Effect<Service, InvalidOptionsError, Scope.Scope> =>
  Effect.gen(function*() {
    const dialect = settings.dialect
    const invalid: Invalid = (option, detail) => Effect.fail(new InvalidOptions({ option, detail }))
    const rateLimit = options.rateLimit
    const cacheOption = options.cache === true ? {} : options.cache === false ? undefined : options.cache
    yield* checkStore(invalid, "rateLimit.store", rateLimit?.store)
    yield* checkStore(invalid, "cache.store", cacheOption?.store)
    const onStoreFailure = rateLimit?.onStoreFailure ?? "fail"
    if (onStoreFailure !== "fail" && onStoreFailure !== "local") {
      return yield* invalid("rateLimit.onStoreFailure", `must be "fail" or "local"`)
    }
    const maxEntries = cacheOption?.maxEntries ?? DEFAULT_MAX_ENTRIES
    if (!(Number.isSafeInteger(maxEntries) && maxEntries >= 1)) {
      return yield* invalid("cache.maxEntries", "must be an integer >= 1")
    }
    const ttl = yield* resolveTimesToLive(invalid, cacheOption?.timeToLive)

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
      ? yield* deploymentKey(settings.baseUrl, apiKey, options.headers)
      : ""

    let gate: Option.Option<Limiter> = settings.gate
    if (limitStore !== undefined) {
      if (Option.isNone(gateOptions) || gateOptions.value.requestsPerSecond === undefined) {
        return yield* invalid("rateLimit.store", "needs rateLimit.requestsPerSecond")
      }
      const rate = gateOptions.value as GateOptions & { readonly requestsPerSecond: number }
      const store = Context.getOption(yield* build(limitStore), RateLimitStore)
      if (Option.isNone(store)) {
        return yield* invalid("rateLimit.store", "the Layer gives no SharedStore.RateLimitStore")
      }
      gate = Option.some(
        new SharedLimiter({
          store: store.value,
          key: `efa-kit:quota:${key}`,
          gate: rate,
          fallback: onStoreFailure === "local"
            ? new Gate({ ...rate, concurrency: undefined, maxQueue: Number.POSITIVE_INFINITY })
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
        backend = sharedBackend(store.value, `efa-kit:answer:${key}:`, dialect, jsonDecoder)
      }
    }
    const coalescer = backend !== undefined || options.coalesce === true ? new Coalescer() : undefined
    // The cache reads the headers of a call's last response, which this client tells it.
    const client = backend === undefined ?
      httpClient :
      HttpClient.tap(httpClient, (response) =>
        FiberRef.getWith(currentSeen, (seen) =>
          Effect.sync(() => {
            if (seen !== undefined) seen.headers = response.headers
          })))
    const executor = executorOf({ ...settings, gate }, client, requestInit)
    return {
      run: makeRun(executor, coalescer, backend, ttl),
      url: (operation, request) => executor.buildUrl(operation, request)
    }
  })

const hasErrors = (value: unknown): boolean => {
  const messages = (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
  // as `SystemMessage.errors` reads them
  return messages !== undefined && messages.some((message) => message.type.toLowerCase() === "error")
}

/**
 * How long a client may hold the mark of an answer it asks the server for; other clients wait for that
 * answer at most this long before asking themselves (a client that died holding the mark delays the
 * others by this much, once).
 *
 * @internal
 */
export const FETCH_LEASE = Duration.seconds(5)

// How often a client that waits for another one's answer looks for it: soon, then every 50 ms.
const pollDelay = (attempt: number): Duration.Duration => Duration.millis(Math.min(50, 10 * 2 ** attempt))

/**
 * A miss in a shared store asked of the server by one client of the fleet at a time (the in-process
 * `Coalescer` already joins this process's callers): the client that marks the key first asks and
 * keeps the answer; the others look for that answer until it is there, or until the mark is gone
 * without one (the holder failed, its answer could not be kept, or its lease ran out): then one of
 * them marks the key and asks. A store that fails lets everyone ask, so nothing waits on a dead store.
 *
 * @internal
 */
export const fetchOnce = <A, E>(
  backend: AnswerBackend,
  operation: Operation.Any,
  key: string,
  fetchAndKeep: Effect.Effect<A, E>
): Effect.Effect<A, E> => {
  const claim = backend.claim!
  const release = backend.release ?? (() => Effect.void)
  // This client holds the mark: another may have kept the answer just before this one took it.
  const asHolder: Effect.Effect<A, E> = Effect.flatMap(
    backend.get(operation, key),
    (hit) =>
      hit._tag === "Some"
        ? Effect.as(release(key), hit.value as A)
        : Effect.ensuring(fetchAndKeep, release(key))
  )
  const wait = (attempt: number): Effect.Effect<A, E> =>
    Effect.zipRight(
      Effect.sleep(pollDelay(attempt)),
      Effect.flatMap(backend.get(operation, key), (hit): Effect.Effect<A, E> => {
        if (hit._tag === "Some") return Effect.succeed(hit.value as A)
        return Effect.flatMap(
          claim(key, FETCH_LEASE),
          (claimed) => claimed === "held" ? asHolder : claimed === "busy" ? wait(attempt + 1) : fetchAndKeep
        )
      })
    )
  return Effect.flatMap(
    claim(key, FETCH_LEASE),
    (claimed) =>
      claimed === "held"
        ? Effect.ensuring(fetchAndKeep, release(key))
        : claimed === "busy"
        ? wait(0)
        : fetchAndKeep
  )
}

const makeRun = (
  executor: Executor,
  coalescer: Coalescer | undefined,
  backend: AnswerBackend | undefined,
  ttl: Readonly<Record<string, Duration.Duration>>
): Service["run"] => {
  const fetchAndKeep = <O extends Operation.Any>(
    operation: O,
    request: Operation.InputOf<O>,
    url: string,
    fallback: Duration.Duration
  ): Effect.Effect<Operation.ResponseOf<O>, EfaError> =>
    Effect.suspend(() => {
      const seen: Seen = { headers: undefined }
      return executor.execute(operation, request).pipe(
        Effect.locally(currentSeen, seen),
        Effect.tap((value) => {
          // Answers with EFA error messages may be partial (a router that gave up): never kept.
          if (backend === undefined || seen.headers === undefined || hasErrors(value)) return Effect.void
          const headers = seen.headers
          return Clock.clockWith((clock) => {
            const timeToLive = freshness(headers, backend.shared, fallback, clock.unsafeCurrentTimeMillis())
            return Duration.isZero(timeToLive) ? Effect.void : backend.set(operation, url, value, timeToLive)
          })
        })
      )
    })

  // an operation's own time to live, read from its descriptor once
  const ownTimesToLive = new Map<Operation.Any, Duration.Duration>()
  const ownTimeToLive = (operation: Operation.Any): Duration.Duration => {
    let timeToLive = ownTimesToLive.get(operation)
    if (timeToLive === undefined) {
      timeToLive = operation.timeToLive === undefined ? DEFAULT_TIME_TO_LIVE : Duration.decode(operation.timeToLive)
      ownTimesToLive.set(operation, timeToLive)
    }
    return timeToLive
  }

  // The executor's failures are typed as any operation's; it fails with an error an operation adds only for an
  // operation that declares it (`StopNotResolvedError` from `unresolved`, see Operations.test.ts).
  const run = <O extends Operation.Any>(operation: O, request: Operation.InputOf<O>, options?: CallOptions) =>
    Effect.suspend((): Effect.Effect<Operation.ResponseOf<O>, EfaError> => {
      const url = executor.buildUrl(operation, request)
      // A request that cannot be sent fails as the executor says.
      if (url._tag === "Left" || coalescer === undefined) return executor.execute(operation, request)
      const key = url.right
      const timeToLive = ttl[operation.name] ?? ownTimeToLive(operation)
      if (backend === undefined || Duration.isZero(timeToLive)) {
        return coalescer.run(key, executor.execute(operation, request))
      }
      if (options?.cache === false) return coalescer.run(key, fetchAndKeep(operation, request, key, timeToLive))
      const fetch = coalescer.run(
        key,
        backend.claim === undefined
          ? fetchAndKeep(operation, request, key, timeToLive)
          : fetchOnce(backend, operation, key, fetchAndKeep(operation, request, key, timeToLive))
      )
      return Effect.flatMap(
        backend.get(operation, key),
        (hit) => hit._tag === "Some" ? Effect.succeed(hit.value) : fetch
      )
    })
  return run as Service["run"]
}
