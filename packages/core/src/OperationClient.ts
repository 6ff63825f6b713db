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
import * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as RateLimiter from "effect/RateLimiter"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type * as Dialect from "./Dialect.js"
import type { EfaError, InvalidRequestError } from "./EfaError.js"
import { makeExecutor, normalizeBaseUrl, type ResolvedRetry, type ResolvedSettings } from "./internal/client.js"
import { type DialectSettings, makeDialect } from "./internal/dialect.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type * as Operation from "./Operation.js"
import * as Profile from "./Profile.js"

/**
 * Settings of a client.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /**
   * The deployment's base URL, with or without a trailing slash (`https://host/efa/` or `https://host/efa`).
   * Required unless a `profile` gives it.
   */
  readonly baseUrl?: string | URL | undefined
  /**
   * `"contract"` (the default: the contract's format, `outputFormat=JSON`) or `"rapidJSON"` (what real
   * deployments speak: `outputFormat=rapidJSON` with `coordOutputFormat`, read into the same models).
   */
  readonly dialect?: Dialect.Dialect | undefined
  /**
   * A public deployment (`"vvs"`, `"tfnsw"`, ..., see `Profile.profiles`) or a `Profile` of your own: its
   * base URL, time zone, dialect, paths, parameters and API-key scheme. The other options override it.
   */
  readonly profile?: Profile.Name | (string & {}) | Profile.Profile | undefined
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
}

/**
 * Client-side rate limits.
 *
 * @since 0.1.0
 * @category models
 */
export interface RateLimitOptions {
  /** At most this many requests per second (token bucket). */
  readonly requestsPerSecond?: number | undefined
  /** At most this many requests in flight at once. */
  readonly concurrency?: number | undefined
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

const positiveDuration = (
  option: string,
  input: Duration.DurationInput | undefined,
  fallback: Duration.DurationInput
): Either.Either<Duration.Duration, InvalidOptionsError> => {
  const duration = Duration.decodeUnknown(input ?? fallback)
  return Option.isSome(duration) && Duration.greaterThan(duration.value, Duration.zero)
    ? Either.right(duration.value)
    : Either.left(new InvalidOptionsError({ option, detail: "must be a positive duration" }))
}

const resolveRetry = (
  retry: RetryOptions | false | undefined
): Either.Either<Option.Option<ResolvedRetry>, InvalidOptionsError> =>
  Either.gen(function*() {
    if (retry === false) return Option.none()
    const maxAttempts = retry?.maxAttempts ?? 3
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      return yield* Either.left(
        new InvalidOptionsError({ option: "retry.maxAttempts", detail: "must be an integer >= 1" })
      )
    }
    return Option.some({
      maxAttempts,
      baseDelay: yield* positiveDuration("retry.baseDelay", retry?.baseDelay, "200 millis"),
      maxDelay: yield* positiveDuration("retry.maxDelay", retry?.maxDelay, "5 seconds"),
      maxRetryAfter: yield* positiveDuration("retry.maxRetryAfter", retry?.maxRetryAfter, "30 seconds")
    })
  })

const resolve = (
  options: Options
): Either.Either<
  Omit<ResolvedSettings, "rateLimiter" | "concurrency" | "dialect"> & { readonly dialect: DialectSettings },
  InvalidOptionsError
> =>
  Either.gen(function*() {
    const profile = yield* resolveProfile(options.profile)
    const base = options.baseUrl ?? profile?.baseUrl
    if (base === undefined) {
      return yield* Either.left(
        new InvalidOptionsError({ option: "baseUrl", detail: "is required unless a profile gives it" })
      )
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
      return yield* Either.left(
        new InvalidOptionsError({ option: "dialect", detail: `must be "contract" or "rapidJSON", got "${dialect}"` })
      )
    }
    const apiKey = options.apiKey === undefined || Redacted.isRedacted(options.apiKey)
      ? options.apiKey
      : Redacted.make(options.apiKey)
    const timeout = yield* positiveDuration("timeout", options.timeout, "30 seconds")
    const deadline = options.deadline === undefined
      ? Option.none()
      : Option.some(yield* positiveDuration("deadline", options.deadline, "30 seconds"))
    const retry = yield* resolveRetry(options.retry)
    const { concurrency, requestsPerSecond } = options.rateLimit ?? {}
    if (requestsPerSecond !== undefined && !(requestsPerSecond > 0)) {
      return yield* Either.left(
        new InvalidOptionsError({ option: "rateLimit.requestsPerSecond", detail: "must be a positive number" })
      )
    }
    if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
      return yield* Either.left(
        new InvalidOptionsError({ option: "rateLimit.concurrency", detail: "must be an integer >= 1" })
      )
    }
    return {
      baseUrl,
      timeZone,
      headers: { accept: "application/json", ...options.headers },
      timeout,
      deadline,
      retry,
      dialect: { dialect, profile, timeZone, apiKey }
    }
  })

const resolveProfile = (
  profile: Options["profile"]
): Either.Either<Profile.Profile | undefined, InvalidOptionsError> => {
  if (profile === undefined || typeof profile !== "string") return Either.right(profile)
  const found = Profile.get(profile)
  return found !== undefined ? Either.right(found) : Either.left(
    new InvalidOptionsError({
      option: "profile",
      detail: `unknown profile "${profile}"; known: ${Profile.names.join(", ")}`
    })
  )
}

/**
 * Settings checked and resolved without building a client: the same checks {@link make} runs. The
 * Promise client runs them when it is created, so that a bad setting throws there.
 *
 * @since 0.1.0
 * @category constructors
 */
export const validateOptions = (options: Options): Either.Either<void, InvalidOptionsError> =>
  Either.map(resolve(options), () => undefined)

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
    request: Operation.InputOf<O>
  ) => Effect.Effect<Operation.ResponseOf<O>, EfaError>
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
    const { dialect: dialectSettings, ...resolved } = yield* resolve(options)
    // The rapidJSON codecs (every operation's) load when a client speaks that dialect, so that a bundle of
    // a contract-dialect client leaves them out, or in a chunk of its own.
    const rapidJson = dialectSettings.dialect === "rapidJSON"
      ? yield* Effect.promise(() => import("./RapidJson.js"))
      : undefined
    const dialect = makeDialect({ ...dialectSettings, rapidJson })
    const { concurrency, requestsPerSecond } = options.rateLimit ?? {}
    const rateLimiter = requestsPerSecond === undefined
      ? Option.none()
      : Option.some(
        yield* RateLimiter.make({
          limit: Math.max(1, Math.round(requestsPerSecond)),
          interval: Duration.millis(Math.round(1000 * Math.max(1, Math.round(requestsPerSecond)) / requestsPerSecond)),
          algorithm: "token-bucket"
        })
      )
    const semaphore = concurrency === undefined ? Option.none() : Option.some(yield* Effect.makeSemaphore(concurrency))
    const settings: ResolvedSettings = { ...resolved, dialect, rateLimiter, concurrency: semaphore }
    const httpClient = yield* HttpClient.HttpClient
    const executor = makeExecutor(settings, httpClient)
    return OperationClient.of({
      run: (operation, request) => executor.execute(operation, request),
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
 * A client of the named operations: one method per entry, each taking a request as written.
 *
 * @since 0.1.0
 * @category models
 */
export type Client<Operations extends Record<string, Operation.Any>> = {
  readonly [Name in keyof Operations]: (
    request: Operation.InputOf<Operations[Name]>
  ) => Effect.Effect<Operation.ResponseOf<Operations[Name]>, EfaError>
}

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
  const client: Record<string, (request: unknown) => Effect.Effect<unknown, EfaError>> = {}
  for (const name of Object.keys(operations)) {
    const operation = operations[name]!
    client[name] = (request) => runner.run(operation, request)
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
