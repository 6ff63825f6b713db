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
import type { makeJsonDecoder } from "../effect/fastDecode.js"
import { makeFiberLocal } from "../effect/fiberLocal.js"
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

const currentSeen = makeFiberLocal<Seen | undefined>(undefined)

const DEFAULT_MAX_ENTRIES = 1000

/**
 * Rounds of the hash of a tenant's credentials when the store gives no `keySecret`: without a secret,
 * anyone who reads the store can hash guesses too, and only the cost of each guess slows them down.
 *
 * @internal
 */
const UNKEYED_ROUNDS = 100_000

const encoder = new TextEncoder()

/**
 * The key of a deployment in a shared store: its base URL and a hash of everything the client sends on
 * its own (`Deployment.credentials`: the API key, configured headers, the profile's extra parameters),
 * so that two tenants of one deployment on one store share nothing, and no credential is written there.
 * The hash is an HMAC-SHA-256 keyed with the store's `keySecret`, which a reader of the store does not
 * have to test guesses of short keys; without one, a slow PBKDF2 of {@link UNKEYED_ROUNDS} rounds.
 *
 * @internal
 */
export const deploymentKey = (
  baseUrl: string,
  credentials: ReadonlyArray<string>,
  keySecret: Redacted.Redacted<string> | undefined
): Effect.Effect<string> => {
  if (credentials.length === 0) return Effect.succeed(`${baseUrl}#-`)
  // each line's length first, so that no two lists join to the same text
  const text = credentials.map((line) => `${line.length}:${line}`).join("\n")
  const subtle = globalThis.crypto.subtle
  return Effect.map(
    Effect.promise(async () => {
      if (keySecret !== undefined) {
        const key = await subtle.importKey(
          "raw",
          encoder.encode(Redacted.value(keySecret)),
          { name: "HMAC", hash: "SHA-256" },
          false,
          ["sign"]
        )
        return subtle.sign("HMAC", key, encoder.encode(`${baseUrl}\n${text}`))
      }
      const key = await subtle.importKey("raw", encoder.encode(text), "PBKDF2", false, ["deriveBits"])
      return subtle.deriveBits(
        { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(`efa-kit ${baseUrl}`), iterations: UNKEYED_ROUNDS },
        key,
        256
      )
    }),
    (digest) => {
      let hex = ""
      for (const byte of new Uint8Array(digest).subarray(0, 16)) hex += byte.toString(16).padStart(2, "0")
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
    const credentials = settings.deployment.credentials(
      options.headers ?? {},
      requestInit?.headers === undefined ? [] : new Headers(requestInit.headers).entries()
    )
    // the deployment's key in a store, by the secret the store keys its hash with
    const keys = new Map<string | undefined, string>()
    const keyIn = (store: { readonly keySecret?: Redacted.Redacted<string> | undefined }) =>
      Effect.suspend(() => {
        const secret = store.keySecret === undefined ? undefined : Redacted.value(store.keySecret)
        const found = keys.get(secret)
        if (found !== undefined) return Effect.succeed(found)
        return Effect.tap(
          deploymentKey(settings.baseUrl, credentials, store.keySecret),
          (key) => Effect.sync(() => keys.set(secret, key))
        )
      })

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
          key: `efa-kit:quota:${yield* keyIn(store.value)}`,
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
        backend = sharedBackend(
          store.value,
          `efa-kit:answer:${yield* keyIn(store.value)}:`,
          dialect,
          jsonDecoder,
          settings.maxResponseBytes
        )
      }
    }
    const coalescer = backend !== undefined || options.coalesce === true ? new Coalescer() : undefined
    // The cache reads the headers of a call's last response, which this client tells it.
    const client = backend === undefined ?
      httpClient :
      HttpClient.tap(httpClient, (response) =>
        currentSeen.get((seen) =>
          Effect.sync(() => {
            if (seen !== undefined) seen.headers = response.headers
          })
        ))
    const executor = executorOf({ ...settings, gate }, client, requestInit)
    return {
      run: makeRun(executor, coalescer, backend, ttl, settings.timeout, settings.deadline),
      url: (operation, request) => executor.buildUrl(operation, request)
    }
  })

// What a warning says when the search stopped before it finished (a router that ran out of time or of its
// budget): its text, or the routing code `-4000` ("no connection"), which with results means no more were
// looked for.
const STOPPED_EARLY = /\b(search stopped|stopped early|aborted|timed? ?out|time limit|incomplete|partial)\b/i

const stoppedEarly = (message: SystemMessage.SystemMessage): boolean =>
  message.type.toLowerCase() === "warning" &&
  (Number(message.code) === -4000 || (message.text !== undefined && STOPPED_EARLY.test(message.text)))

/**
 * Whether an answer may be partial: it carries an EFA error message (as `SystemMessage.errors` reads
 * them), or a warning that the search stopped early. Such answers are never kept.
 *
 * @internal
 */
const mayBePartial = (value: unknown): boolean => {
  const messages = (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
  return messages !== undefined &&
    messages.some((message) => message.type.toLowerCase() === "error" || stoppedEarly(message))
}

/**
 * How long a client may hold the mark of an answer it asks the server for; other clients wait for that
 * answer at most this long before asking themselves (a client that died holding the mark delays the
 * others by this much, once).
 *
 * @internal
 */
const FETCH_LEASE = Duration.seconds(5)

// How often a client that waits for another one's answer looks for it: soon, then every 50 ms.
const pollDelay = (attempt: number): Duration.Duration => Duration.millis(Math.min(50, 10 * 2 ** attempt))

/**
 * A miss in a shared store asked of the server by one client of the fleet at a time (the in-process
 * `Coalescer` already joins this process's callers): the client that marks the key first asks and
 * keeps the answer; the others look for that answer until it is there, or until the mark is gone
 * without one (the holder failed, its answer could not be kept, or its lease ran out): then one of
 * them marks the key and asks. A store that fails lets everyone ask, so nothing waits on a dead store.
 * `fetchAndKeep` is given what to do once its answer is kept (or not): remove the mark it holds.
 *
 * @internal
 */
const fetchOnce = <A, E>(
  backend: AnswerBackend,
  operation: Operation.Any,
  key: string,
  fetchAndKeep: (afterKeeping: Effect.Effect<void>) => Effect.Effect<A, E>
): Effect.Effect<A, E> => {
  const claim = backend.claim!
  const release = backend.release ?? (() => Effect.void)
  // This client holds the mark: another may have kept the answer just before this one took it.
  const asHolder: Effect.Effect<A, E> = Effect.flatMap(
    backend.get(operation, key),
    (hit) =>
      hit._tag === "Some"
        ? Effect.as(Effect.forkDaemon(release(key)), hit.value as A)
        : fetchAndKeep(release(key))
  )
  const wait = (attempt: number): Effect.Effect<A, E> =>
    Effect.zipRight(
      Effect.sleep(pollDelay(attempt)),
      Effect.flatMap(backend.get(operation, key), (hit): Effect.Effect<A, E> => {
        if (hit._tag === "Some") return Effect.succeed(hit.value as A)
        return Effect.flatMap(
          claim(key, FETCH_LEASE),
          (claimed) =>
            claimed === "held" ? asHolder : claimed === "busy" ? wait(attempt + 1) : fetchAndKeep(Effect.void)
        )
      })
    )
  return Effect.flatMap(
    claim(key, FETCH_LEASE),
    (claimed) =>
      claimed === "held"
        ? fetchAndKeep(release(key))
        : claimed === "busy"
        ? wait(0)
        : fetchAndKeep(Effect.void)
  )
}

/**
 * A shared backend whose reads and marks give up (a miss, a failed mark) after the call's `timeout`, and
 * after half of what remains of its deadline at `deadlineAt`, so that a stalled store leaves the server
 * the other half.
 *
 * @internal
 */
const boundedBackend = (
  backend: AnswerBackend,
  timeout: Duration.Duration,
  deadlineAt: number | undefined
): AnswerBackend => {
  const within = <A>(effect: Effect.Effect<A>, onTimeout: () => A): Effect.Effect<A> =>
    Clock.clockWith((clock) => {
      const left = deadlineAt === undefined ? Infinity : (deadlineAt - clock.unsafeCurrentTimeMillis()) / 2
      const duration = Duration.millis(Math.max(0, Math.min(Duration.toMillis(timeout), left)))
      // interruptible also where it runs in the fiber of joined calls, which is not
      return Effect.timeoutTo(Effect.interruptible(effect), { duration, onTimeout, onSuccess: (value) => value })
    })
  const claim = backend.claim
  return {
    ...backend,
    get: (operation, key) => within(backend.get(operation, key), Option.none),
    claim: claim === undefined ? undefined : (key, lease) => within(claim(key, lease), () => "failed" as const)
  }
}

const makeRun = (
  executor: Executor,
  coalescer: Coalescer | undefined,
  backend: AnswerBackend | undefined,
  ttl: Readonly<Record<string, Duration.Duration>>,
  timeout: Duration.Duration,
  deadline: Option.Option<Duration.Duration>
): Service["run"] => {
  const fetchAndKeep = <O extends Operation.Any>(
    backend: AnswerBackend,
    operation: O,
    request: Operation.InputOf<O>,
    url: string,
    fallback: Duration.Duration
  ) =>
  (afterKeeping: Effect.Effect<void>): Effect.Effect<Operation.ResponseOf<O>, EfaError> =>
    Effect.suspend(() => {
      const seen: Seen = { headers: undefined }
      const keep = (value: Operation.ResponseOf<O>): Effect.Effect<void> => {
        // Answers with EFA error messages, or a warning that the search stopped early, may be partial
        // (a router that gave up): never kept.
        if (seen.headers === undefined || mayBePartial(value)) return Effect.void
        const headers = seen.headers
        return Clock.clockWith((clock) => {
          const timeToLive = freshness(headers, backend.shared, fallback, clock.unsafeCurrentTimeMillis())
          return Duration.isZero(timeToLive) ? Effect.void : backend.set(operation, url, value, timeToLive)
        })
      }
      const fetched = currentSeen.locally(executor.execute(operation, request), seen)
      // in memory, kept at once
      if (!backend.shared) return Effect.tap(fetched, (value) => Effect.zipRight(keep(value), afterKeeping))
      // in a shared store, kept (and the mark removed) after the answer is returned, never before
      return Effect.onExit(fetched, (exit) =>
        Effect.asVoid(
          Effect.forkDaemon(exit._tag === "Success" ? Effect.zipRight(keep(exit.value), afterKeeping) : afterKeeping)
        ))
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
  const deadlineMillis = Option.isSome(deadline) ? Duration.toMillis(deadline.value) : undefined

  // the call through a cache: a kept answer, else one request (one of the fleet's with marks), kept
  const cached = <O extends Operation.Any>(
    backend: AnswerBackend,
    operation: O,
    request: Operation.InputOf<O>,
    key: string,
    timeToLive: Duration.Duration,
    options: CallOptions | undefined
  ): Effect.Effect<Operation.ResponseOf<O>, EfaError> => {
    const fetchAndKeepIt = fetchAndKeep(backend, operation, request, key, timeToLive)
    if (options?.cache === false) return coalescer!.run(key, fetchAndKeepIt(Effect.void))
    const fetch = coalescer!.run(
      key,
      backend.claim === undefined ? fetchAndKeepIt(Effect.void) : fetchOnce(backend, operation, key, fetchAndKeepIt)
    )
    return Effect.flatMap(
      backend.get(operation, key),
      (hit) => hit._tag === "Some" ? Effect.succeed(hit.value) : fetch
    )
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
      if (!backend.shared) return cached(backend, operation, request, key, timeToLive, options)
      // A shared store's reads, marks and waits count in the call's deadline, and give up before it.
      return Clock.clockWith((clock) =>
        executor.boundedByDeadline(
          operation,
          key,
          cached(
            boundedBackend(
              backend,
              timeout,
              deadlineMillis === undefined ? undefined : clock.unsafeCurrentTimeMillis() + deadlineMillis
            ),
            operation,
            request,
            key,
            timeToLive,
            options
          )
        )
      )
    })
  return run as Service["run"]
}
