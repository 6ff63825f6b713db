/**
 * Runs any operation: resolves a client's settings once and sends the requests of whichever
 * operations a program names. {@link EfaClient} is built on it; a program that uses one or two
 * operations builds its client from those alone, so that a bundle carries only their codecs.
 *
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { OperationClient, Point, StopFinder } from "@efa-kit/core"
 * import { Effect } from "effect"
 *
 * const program = Effect.gen(function*() {
 *   const efa = yield* OperationClient.client({ stopFinder: StopFinder.operation })
 *   const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
 *   return locations[0]?.name
 * })
 *
 * program.pipe(
 *   Effect.provide(OperationClient.layer({ baseUrl: "https://efa.example/mngvvs" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type * as Dialect from "./Dialect.js"
import type { EfaError, InvalidRequestError } from "./EfaError.js"
import { makeJsonDecoder } from "./internal/effect/fastDecode.js"
import {
  makeExecutor,
  type ResolvedRedirects,
  type ResolvedRetry,
  type ResolvedSettings
} from "./internal/executor/client.js"
import { type DeploymentSettings, makeDeployment } from "./internal/executor/deployment.js"
import { makeDialect } from "./internal/executor/dialect.js"
import type { GateOptions } from "./internal/executor/limiter.js"
import { normalizeBaseUrl } from "./internal/executor/request.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type * as Operation from "./Operation.js"
import type * as Profile from "./Profile.js"
import type * as SharedStore from "./SharedStore.js"

/**
 * Settings of a client.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /**
   * The deployment's base URL, with or without a trailing slash (`https://host/efa/` or `https://host/efa`).
   * Required unless a `profile` gives it. A base URL with a user or a password (`https://user:pw@host/`) is
   * an `InvalidOptionsError` that does not repeat them: credentials go in `apiKey` or `headers`, which the
   * client keeps out of shared-store keys, spans and errors (a failed call's request shows every header but
   * `accept` as `<redacted>`).
   */
  readonly baseUrl?: string | URL | undefined
  /**
   * `"contract"` (the default: the contract's format, `outputFormat=JSON`) or `"rapidJSON"` (what real
   * deployments speak: `outputFormat=rapidJSON` with `coordOutputFormat`, read into the same models).
   */
  readonly dialect?: Dialect.Dialect | undefined
  /**
   * A public deployment by its name (`"vvs"`, `"tfnsw"`, ..., the names of `Profile.profiles`) or a
   * `Profile` value of your own (`{ ...Profile.profiles.vrr, version: "10.4.18.18" }`): its base URL, time
   * zone, dialect, paths, parameters and API-key scheme. The other options override it.
   */
  readonly profile?: Profile.Name | Profile.Profile | undefined
  /**
   * The deployment's API key, sent as a request header as the profile says (TfNSW:
   * `Authorization: apikey <key>`; without a profile `Authorization: <key>`). Never in the URL, and
   * redacted wherever the settings are shown.
   */
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  /**
   * The deployment's IANA time zone, in which dates and times are sent. Default: the profile's, else
   * `Europe/Berlin`.
   */
  readonly timeZone?: string | undefined
  /** Headers sent with every request, for deployments behind an API key or gateway. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** How long one attempt may take. Default 30 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
  /** How long a call may take in all, retries and their pauses included. Default: no limit. */
  readonly deadline?: Duration.DurationInput | undefined
  /**
   * Retries of transient failures (network errors, timeouts, 408, 429, 500, 502, 503, 504, and empty or
   * non-JSON 200 answers), with exponential backoff and jitter, honouring `Retry-After`. `false` turns
   * them off. Default: 3 attempts, 200 ms base delay, 5 s maximum delay, `Retry-After` capped at 30 s.
   */
  readonly retry?: RetryOptions | false | undefined
  /** Client-side limits, for deployments that enforce quotas. Default: none. */
  readonly rateLimit?: RateLimitOptions | undefined
  /**
   * The largest response body accepted, in bytes: a larger declared `Content-Length` is refused before
   * the body is read, and a body that streams in past it is cut off; both fail with
   * `ResponseTooLargeError`. Default 64 MiB (`67108864`).
   */
  readonly maxResponseBytes?: number | undefined
  /**
   * How redirects (301, 302, 303, 307, 308) are followed, the same with every `HttpClient`. Redirects to
   * the base URL's origin are followed, up to `max` hops; a loop, more hops, or one to another origin
   * fail with `RedirectError`. `false` follows none. Default `{ crossOrigin: "fail", max: 5 }`.
   */
  readonly redirects?: RedirectOptions | false | undefined
  /**
   * Middleware for the `HttpClient` the calls go through (logging, metrics, a proxy, extra retries):
   * applied once, when the client is built. Redirects, timeouts, limits and decoding stay the client's.
   */
  readonly transformClient?: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
  /**
   * One tracing span per call, `EfaClient.<operation>` (kind `client`), with the attributes
   * `efa.operation`, `url.path`, `efa.attempts` and `http.response.status_code` (of the last response),
   * retries and pauses inside it. `false` opens none. Default `true`.
   */
  readonly spans?: boolean | undefined
  /**
   * Answers kept and given again to identical calls until their time to live passes (see
   * {@link CacheOptions}): `true` keeps them in this process with the default times to live. Errors and
   * answers with EFA error messages or a warning that the search stopped early are never kept; a call may skip the cache with `{ cache: false }`.
   * Default: none.
   */
  readonly cache?: CacheOptions | boolean | undefined
  /**
   * Identical calls in flight at once in this process share one request and its answer. Default `false`;
   * always on with `cache`.
   */
  readonly coalesce?: boolean | undefined
  /**
   * The key the `earlier` / `later` references of trips and boards are signed with (HMAC-SHA-256, at least 16
   * characters): a reference that was edited, or made with another key, is refused. Set it where references
   * pass through other people's hands; instances that exchange references, or keep them across restarts,
   * share it. Default: none (a checksum catches corrupted references). See `Pages`.
   */
  readonly pageKey?: Redacted.Redacted<string> | string | undefined
}

/**
 * How answers are kept.
 *
 * @since 0.1.0
 * @category models
 */
export interface CacheOptions {
  /**
   * Where answers are kept: `"memory"` (the default: in this process) or a shared store given as a
   * `Layer` (`Redis.layer(...)` from `@efa-kit/core/Redis`), which every copy of an application with the
   * same base URL and credentials (API key, headers, the profile's parameters) reads. A store that fails
   * is skipped: the call goes to the server.
   */
  readonly store?: "memory" | Layer.Layer<SharedStore.ResponseStore> | undefined
  /**
   * Time to live per operation (by method name), replacing the operations' own (`Operation.timeToLive`)
   * (a departure board seconds, a stop search hours, operating areas a day); `0` keeps none of that
   * operation's answers. A server's `Cache-Control` (`max-age`, `s-maxage` for a shared store, `no-store`,
   * `no-cache`) or `Expires` replaces it.
   */
  readonly timeToLive?: Readonly<Record<string, Duration.DurationInput>> | undefined
  /** Most answers kept in memory; the least recently used go first. Default 1,000. */
  readonly maxEntries?: number | undefined
}

/**
 * Settings of one call.
 *
 * @since 0.1.0
 * @category models
 */
export interface CallOptions {
  /** `false`: asks the server, not the cache (the answer is still kept). Default `true`. */
  readonly cache?: boolean | undefined
}

/**
 * How redirects are followed.
 *
 * @since 0.1.0
 * @category models
 */
export interface RedirectOptions {
  /**
   * A redirect to another origin (scheme, host or port): `"fail"` (the default) fails with
   * `RedirectError` naming the target; `"follow"` follows it, sending none of the configured headers
   * (`headers`, `EFA_HEADERS`, an API key, a fetch `RequestInit`'s headers) to the other origin.
   */
  readonly crossOrigin?: "fail" | "follow" | undefined
  /** The most redirects followed in one attempt. Default 5. */
  readonly max?: number | undefined
}

/**
 * How failed attempts are retried.
 *
 * @since 0.1.0
 * @category models
 */
export interface RetryOptions {
  /** Attempts in all, the first included. Default 3. */
  readonly maxAttempts?: number | undefined
  /** The first pause; each further pause doubles it. Default 200 ms. */
  readonly baseDelay?: Duration.DurationInput | undefined
  /** The longest backoff pause. Default 5 seconds. */
  readonly maxDelay?: Duration.DurationInput | undefined
  /** The longest pause a server's `Retry-After` may ask for; longer requests wait this long. Default 30 s. */
  readonly maxRetryAfter?: Duration.DurationInput | undefined
  /**
   * An Effect `Schedule` that replaces the built-in backoff (`maxAttempts`, `baseDelay`, `maxDelay`):
   * each transient failure is its input; when it is done the call fails with that failure, else the
   * client waits the schedule's delay, or the server's `Retry-After` (capped at `maxRetryAfter`) when
   * that is longer. Failures that are not transient are never retried. Example:
   * `Schedule.exponential("100 millis").pipe(Schedule.jittered, Schedule.intersect(Schedule.recurs(5)))`.
   */
  readonly schedule?: Schedule.Schedule<unknown, EfaError> | undefined
}

/**
 * Client-side rate limits.
 *
 * @since 0.1.0
 * @category models
 */
export interface RateLimitOptions {
  /**
   * At most this many requests per second on average: a token bucket that gains `requestsPerSecond`
   * tokens a second, holds at most `burst`, and starts full.
   */
  readonly requestsPerSecond?: number | undefined
  /**
   * The tokens the bucket holds and starts with: how many requests may go at once after a quiet spell.
   * Default 1, so that requests are evenly spaced and no one-second window holds more than
   * `requestsPerSecond` of them.
   */
  readonly burst?: number | undefined
  /** At most this many requests in flight at once. */
  readonly concurrency?: number | undefined
  /**
   * At most this many calls wait for the limits at once; a further call fails at once with
   * `QueueFullError`. Callers wait first come, first served. Default: no limit.
   */
  readonly maxQueue?: number | undefined
  /**
   * Where the rate limit is counted: `"memory"` (the default: this process's queue) or a shared quota
   * given as a `Layer` (`Redis.layer(...)` from `@efa-kit/core/Redis`), counted per deployment (base URL
   * and a hash of the API key) across every process that uses it. Callers of one process still wait first
   * come, first served, and `maxQueue` and `concurrency` count this process's callers. Its turns are
   * `(1000 + 50) / requestsPerSecond` milliseconds apart, so that the jitter of waking up and sending
   * cannot put more than `requestsPerSecond` requests into one second: the fleet sends about 5 % under it.
   */
  readonly store?: "memory" | Layer.Layer<SharedStore.RateLimitStore> | undefined
  /**
   * What a call does when the shared store fails: `"fail"` (the default) fails with
   * `RateLimitStoreError` without sending; `"local"` waits for this process's own limiter instead, with
   * the same settings, until the store answers again.
   */
  readonly onStoreFailure?: "fail" | "local" | undefined
}

/**
 * A client setting that cannot be used.
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidOptionsError extends Schema.TaggedError<InvalidOptionsError>("@efa-kit/InvalidOptionsError")(
  "InvalidOptionsError",
  { option: Schema.String, detail: Schema.String }
) {
  override get message(): string {
    return `invalid client option ${this.option}: ${this.detail}`
  }
}

const invalid = (option: string, detail: string) => Either.left(new InvalidOptionsError({ option, detail }))

const positiveDuration = (
  option: string,
  input: Duration.DurationInput | undefined,
  fallback: Duration.DurationInput
): Either.Either<Duration.Duration, InvalidOptionsError> => {
  const duration = Duration.decodeUnknown(input ?? fallback)
  return Option.isSome(duration) && Duration.greaterThan(duration.value, Duration.zero)
    ? Either.right(duration.value)
    : invalid(option, "must be a positive duration")
}

const resolveRetry = (
  retry: RetryOptions | false | undefined
): Either.Either<Option.Option<ResolvedRetry>, InvalidOptionsError> =>
  Either.gen(function*() {
    if (retry === false) return Option.none()
    const maxAttempts = retry?.maxAttempts ?? 3
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      return yield* invalid("retry.maxAttempts", "must be an integer >= 1")
    }
    return Option.some({
      maxAttempts,
      baseDelay: yield* positiveDuration("retry.baseDelay", retry?.baseDelay, "200 millis"),
      maxDelay: yield* positiveDuration("retry.maxDelay", retry?.maxDelay, "5 seconds"),
      maxRetryAfter: yield* positiveDuration("retry.maxRetryAfter", retry?.maxRetryAfter, "30 seconds"),
      schedule: retry?.schedule
    })
  })

/**
 * The default of `maxResponseBytes`: 64 MiB.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024

const isPositiveInteger = (value: number): boolean => Number.isSafeInteger(value) && value >= 1

const resolveRedirects = (
  redirects: RedirectOptions | false | undefined
): Either.Either<ResolvedRedirects | false, InvalidOptionsError> => {
  if (redirects === false) return Either.right(false)
  const crossOrigin = redirects?.crossOrigin ?? "fail"
  if (crossOrigin !== "fail" && crossOrigin !== "follow") {
    return invalid("redirects.crossOrigin", `must be "fail" or "follow"`)
  }
  const max = redirects?.max ?? 5
  if (!(Number.isSafeInteger(max) && max >= 0)) return invalid("redirects.max", "must be an integer >= 0")
  return Either.right({ crossOrigin, max })
}

const resolveGate = (
  rateLimit: RateLimitOptions | undefined
): Either.Either<Option.Option<GateOptions>, InvalidOptionsError> => {
  const { burst, concurrency, maxQueue, requestsPerSecond } = rateLimit ?? {}
  if (requestsPerSecond !== undefined && !(requestsPerSecond > 0 && Number.isFinite(requestsPerSecond))) {
    return invalid("rateLimit.requestsPerSecond", "must be a positive number")
  }
  if (concurrency !== undefined && !isPositiveInteger(concurrency)) {
    return invalid("rateLimit.concurrency", "must be an integer >= 1")
  }
  if (burst !== undefined && !isPositiveInteger(burst)) return invalid("rateLimit.burst", "must be an integer >= 1")
  if (maxQueue !== undefined && !(Number.isSafeInteger(maxQueue) && maxQueue >= 0)) {
    return invalid("rateLimit.maxQueue", "must be an integer >= 0")
  }
  if (burst !== undefined && requestsPerSecond === undefined) {
    return invalid("rateLimit.burst", "needs rateLimit.requestsPerSecond")
  }
  if (requestsPerSecond === undefined && concurrency === undefined) {
    return maxQueue === undefined
      ? Either.right(Option.none())
      : invalid("rateLimit.maxQueue", "needs rateLimit.requestsPerSecond or rateLimit.concurrency")
  }
  return Either.right(Option.some({
    requestsPerSecond,
    burst: burst ?? 1,
    concurrency,
    maxQueue: maxQueue ?? Number.POSITIVE_INFINITY
  }))
}

// The profile table, loaded only when a profile is named: a client that names none does not bundle it.
type ProfileTable = Pick<typeof Profile, "get" | "names"> & Partial<Pick<typeof Profile, "requestModes">>

const resolve = (
  options: Options,
  table: ProfileTable | undefined
): Either.Either<
  Omit<ResolvedSettings, "deployment" | "dialect" | "gate"> & {
    readonly deployment: DeploymentSettings
    readonly gate: Option.Option<GateOptions>
  },
  InvalidOptionsError
> =>
  Either.gen(function*() {
    const profile = yield* resolveProfile(options.profile, table)
    const base = options.baseUrl ?? profile?.baseUrl
    if (base === undefined) {
      return yield* invalid("baseUrl", "is required unless a profile gives it")
    }
    const baseUrl = yield* Either.mapLeft(
      normalizeBaseUrl(base),
      (detail) => new InvalidOptionsError({ option: "baseUrl", detail })
    )
    const timeZone = yield* Either.mapLeft(
      LocalDateTime.zone(options.timeZone ?? profile?.timeZone ?? LocalDateTime.DEFAULT_TIME_ZONE),
      (detail) => new InvalidOptionsError({ option: "timeZone", detail })
    )
    const dialect = options.dialect ?? profile?.dialect ?? "contract"
    if (dialect !== "contract" && dialect !== "rapidJSON") {
      return yield* invalid("dialect", `must be "contract" or "rapidJSON", got "${dialect}"`)
    }
    const apiKey = yield* resolveApiKey(options.apiKey)
    yield* checkPageKey(options.pageKey)
    const timeout = yield* positiveDuration("timeout", options.timeout, "30 seconds")
    const deadline = options.deadline === undefined
      ? Option.none()
      : Option.some(yield* positiveDuration("deadline", options.deadline, "30 seconds"))
    const retry = yield* resolveRetry(options.retry)
    const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
    if (!isPositiveInteger(maxResponseBytes)) {
      return yield* invalid("maxResponseBytes", "must be an integer >= 1 (bytes)")
    }
    const redirects = yield* resolveRedirects(options.redirects)
    const gate = yield* resolveGate(options.rateLimit)
    return {
      baseUrl,
      timeZone,
      headers: { accept: "application/json", ...options.headers },
      timeout,
      deadline,
      retry,
      maxResponseBytes,
      redirects,
      gate,
      transformClient: options.transformClient,
      spans: options.spans ?? true,
      deployment: { dialect, profile, apiKey }
    }
  })

// A key that is not text would be sent as `[object Object]`, an empty one as a bare scheme: both are refused.
const resolveApiKey = (
  apiKey: unknown
): Either.Either<Redacted.Redacted<string> | undefined, InvalidOptionsError> => {
  if (apiKey === undefined) return Either.right(undefined)
  const key = Redacted.isRedacted(apiKey) ? Redacted.value(apiKey) : apiKey
  if (typeof key !== "string") {
    return invalid(
      "apiKey",
      `must be a string or a Redacted string, got ${
        key === null ? "null" : Array.isArray(key) ? "an array" : typeof key === "object" ? "an object" : typeof key
      }`
    )
  }
  if (key.trim().length === 0) {
    return invalid("apiKey", "must not be empty: leave the option out for a deployment without a key")
  }
  return Either.right(Redacted.isRedacted(apiKey) ? apiKey as Redacted.Redacted<string> : Redacted.make(key))
}

// A page key too short to resist guessing is refused, as one that is not text.
const checkPageKey = (pageKey: unknown): Either.Either<void, InvalidOptionsError> => {
  if (pageKey === undefined) return Either.void
  const key = Redacted.isRedacted(pageKey) ? Redacted.value(pageKey) : pageKey
  return typeof key === "string" && key.length >= 16
    ? Either.void
    : invalid("pageKey", "must be a string (or a Redacted string) of at least 16 characters")
}

const resolveProfile = (
  profile: Options["profile"],
  table: ProfileTable | undefined
): Either.Either<Profile.Profile | undefined, InvalidOptionsError> => {
  if (profile === undefined || typeof profile !== "string") return Either.right(profile)
  const found = table?.get(profile)
  return found !== undefined
    ? Either.right(found)
    : invalid("profile", `unknown profile "${profile}"; known: ${table?.names.join(", ") ?? "(no profile table)"}`)
}

/**
 * Settings checked and resolved without building a client: the same checks {@link make} runs. The
 * Promise client runs them when it is created, so that a bad setting throws there. A profile named by
 * its name needs the profile table (the `Profile` module), which {@link make} loads itself on demand.
 *
 * @since 0.1.0
 * @category constructors
 */
export const validateOptions = (
  options: Options,
  profiles?: Pick<typeof Profile, "get" | "names">
): Either.Either<void, InvalidOptionsError> => Either.map(resolve(options, profiles), () => undefined)

/**
 * Runs operations with one client's settings.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** Sends a request of an operation, as written or canonical, and decodes the answer. */
  readonly run: <O extends Operation.Any>(
    operation: O,
    request: Operation.InputOf<O>,
    options?: CallOptions
  ) => Effect.Effect<Operation.ResponseOf<O>, Operation.ErrorOf<O>>
  /** Whether the deployment keeps sessions to page in (its profile's `sessions`). */
  readonly sessions?: boolean | undefined
  /** The key page references are signed with (the options' `pageKey`). */
  readonly pageKey?: Redacted.Redacted<string> | undefined
  /** Whether the deployment offers an operation (see `Profile.offers`); absent: every operation. */
  readonly offers?: ((operation: Profile.OperationName) => boolean) | undefined
  /** The URL a request would be sent to, or the reason it would be refused. */
  readonly url: <O extends Operation.Any>(
    operation: O,
    request: Operation.InputOf<O>
  ) => Either.Either<string, InvalidRequestError>
}

/**
 * The service that runs operations.
 *
 * @since 0.1.0
 * @category tags
 */
export class OperationClient extends Context.Tag("@efa-kit/core/OperationClient")<OperationClient, Service>() {}

/**
 * Builds the runner from settings and an `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  options: Options
): Effect.Effect<Service, InvalidOptionsError, HttpClient.HttpClient | Scope.Scope> =>
  Effect.gen(function*() {
    // The profile table loads with a profile named, or one with product classes (their mapping lives there).
    const table = typeof options.profile === "string" || options.profile?.productClasses
      ? yield* Effect.promise(() => import("./Profile.js"))
      : undefined
    const { deployment, gate: gateOptions, ...resolved } = yield* resolve(options, table)
    // The rate-limit queue loads when a client sets limits.
    const gate = Option.isSome(gateOptions)
      ? Option.some(new (yield* Effect.promise(() => import("./internal/executor/limiter.js"))).Gate(gateOptions.value))
      : Option.none()
    // A client speaking rapidJSON loads each operation's codec on its first call (`Operation.rapidJson`), so
    // that a bundle leaves them out, or in chunks of their own.
    // A deployment's own product classes, and the mapping of a request's modes to them, load with a profile
    // that has them.
    const profile = deployment.profile
    const modes = profile?.productClasses && table?.requestModes(profile)
    const settings: ResolvedSettings = {
      ...resolved,
      gate,
      deployment: makeDeployment(deployment),
      dialect: makeDialect({
        dialect: deployment.dialect,
        timeZone: resolved.timeZone,
        productClasses: deployment.profile?.productClasses
      }),
      modes
    }
    const httpClient = yield* HttpClient.HttpClient
    // A fetch `RequestInit` provided where the client is built is kept (with redirects left to the client).
    const requestInit = Option.getOrUndefined(yield* Effect.serviceOption(FetchHttpClient.RequestInit))
    // A cache, joined calls and a shared quota load when asked for.
    const sessions = deployment.profile?.sessions === true
    const pageKey = options.pageKey === undefined
      ? undefined
      : Redacted.isRedacted(options.pageKey)
      ? options.pageKey
      : Redacted.make(options.pageKey)
    if (options.cache || options.coalesce || options.rateLimit?.store) {
      const shared = yield* (yield* Effect.promise(() => import("./internal/executor/sharing.js"))).make(
        options,
        settings,
        gateOptions,
        httpClient,
        requestInit,
        makeExecutor,
        InvalidOptionsError,
        makeJsonDecoder
      )
      return OperationClient.of({ ...shared, sessions, pageKey, offers: settings.deployment.offers })
    }
    const executor = makeExecutor(settings, httpClient, requestInit)
    return OperationClient.of({
      sessions,
      pageKey,
      offers: settings.deployment.offers,
      // The executor's failures are typed as any operation's; it fails with an error an operation adds only
      // for an operation that declares it (`StopNotResolvedError` from `unresolved`, see Operations.test.ts).
      run: ((operation, request) => executor.execute(operation, request)) as Service["run"],
      url: (operation, request) => executor.buildUrl(operation, request)
    })
  })

/**
 * A layer with the runner built from settings. It needs an `HttpClient`: provide
 * `FetchHttpClient.layer` or `NodeHttpClient.layer`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<OperationClient, InvalidOptionsError, HttpClient.HttpClient> =>
  Layer.scoped(OperationClient, make(options))

/**
 * A client of the named operations: one method per entry, each taking a request as written and failing
 * with the errors its operation can raise ({@link Operation.ErrorOf}).
 *
 * @since 0.1.0
 * @category models
 */
export type Client<Operations extends Record<string, Operation.Any>> = {
  readonly [Name in keyof Operations]: (
    ...args: RequestArgs<Operations[Name], CallOptions>
  ) => Effect.Effect<Operation.ResponseOf<Operations[Name]>, Operation.ErrorOf<Operations[Name]>>
}

/**
 * The arguments of an operation's method: the request, which may be left out where every field of it is
 * optional (`systemInfo()`), then the call's options.
 *
 * @since 0.2.0
 * @category models
 */
export type RequestArgs<O extends Operation.Any, Options> = {} extends Operation.InputOf<O>
  ? [request?: Operation.InputOf<O>, options?: Options]
  : [request: Operation.InputOf<O>, options?: Options]

/**
 * The methods of the named operations on a runner.
 *
 * @since 0.1.0
 * @category constructors
 */
export const methods = <const Operations extends Record<string, Operation.Any>>(
  runner: Service,
  operations: Operations
): Client<Operations> => {
  const client: Record<string, (request: unknown, options?: CallOptions) => Effect.Effect<unknown, EfaError>> = {}
  for (const name of Object.keys(operations)) {
    const operation = operations[name]!
    // a request left out is the empty one (its type allows it only where every field is optional)
    client[name] = (request, options) => runner.run(operation, request ?? {}, options)
  }
  return client as Client<Operations>
}

/**
 * A client of the operations a program names, from the {@link OperationClient} in context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const client = <const Operations extends Record<string, Operation.Any>>(
  operations: Operations
): Effect.Effect<Client<Operations>, never, OperationClient> =>
  Effect.map(OperationClient, (runner) => methods(runner, operations))
