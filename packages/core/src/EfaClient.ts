/**
 * The EFA client: one method per operation, each with its error union spelled out.
 *
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, Point } from "@efa-kit/core"
 * import { Effect } from "effect"
 *
 * const program = Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
 *   return locations[0]?.name
 * })
 *
 * program.pipe(
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import {
  Config,
  ConfigError,
  Context,
  Duration,
  Effect,
  Either,
  Layer,
  Option,
  Redacted,
  type Schedule,
  Schema,
  type Scope
} from "effect"
import * as AddInfo from "./AddInfo.js"
import * as CoordInfo from "./CoordInfo.js"
import * as Dialect from "./Dialect.js"
import type {
  DecodeError,
  EfaError,
  HttpStatusError,
  InterfaceVersionError,
  InvalidRequestError,
  QueueFullError,
  RedirectError,
  ResponseTooLargeError,
  ServerMessageError,
  TransportError
} from "./EfaError.js"
import { InvalidRequestError as InvalidRequest } from "./EfaError.js"
import * as GeoObject from "./GeoObject.js"
import {
  makeExecutor,
  normalizeBaseUrl,
  type ResolvedRedirects,
  type ResolvedRetry,
  type ResolvedSettings
} from "./internal/client.js"
import { makeDialect } from "./internal/dialect.js"
import { Gate } from "./internal/limiter.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as OpArea from "./OpArea.js"
import type * as Operation from "./Operation.js"
import * as Profile from "./Profile.js"
import * as ServingLines from "./ServingLines.js"
import * as StopFinder from "./StopFinder.js"
import * as Trip from "./Trip.js"
import * as VehicleDetail from "./VehicleDetail.js"

/**
 * The errors of trip planning.
 *
 * @since 0.1.0
 * @category errors
 */
export type TripError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the stop finder.
 *
 * @since 0.1.0
 * @category errors
 */
export type StopFinderError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the coordinate search.
 *
 * @since 0.1.0
 * @category errors
 */
export type CoordInfoError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the sharing-vehicle detail.
 *
 * @since 0.1.0
 * @category errors
 */
export type VehicleDetailError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the operating-area search.
 *
 * @since 0.1.0
 * @category errors
 */
export type OpAreaError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the serving-lines search.
 *
 * @since 0.1.0
 * @category errors
 */
export type ServingLinesError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the notice search.
 *
 * @since 0.1.0
 * @category errors
 */
export type AddInfoError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The errors of the line-geometry search.
 *
 * @since 0.1.0
 * @category errors
 */
export type GeoObjectError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError

/**
 * The client's operations.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** Plans trips between two points (`XML_TRIP_REQUEST2`). */
  readonly trip: (request: Trip.TripRequest) => Effect.Effect<Trip.TripResponse, TripError>
  /** Searches stops, addresses and points of interest by text, ID or coordinate. */
  readonly stopFinder: (
    request: StopFinder.StopFinderRequest
  ) => Effect.Effect<StopFinder.StopFinderResponse, StopFinderError>
  /** Searches stops, points of interest, parking objects and other objects around a centre or in a box. */
  readonly coordInfo: (
    request: CoordInfo.CoordInfoRequest
  ) => Effect.Effect<CoordInfo.CoordInfoResponse, CoordInfoError>
  /** Details of one sharing vehicle (the coordinate search's detail mode). */
  readonly vehicleDetail: (
    request: VehicleDetail.VehicleDetailRequest
  ) => Effect.Effect<VehicleDetail.VehicleDetailResponse, VehicleDetailError>
  /** Sharing providers and their operating areas, all or around a centre. */
  readonly opArea: (
    request: OpArea.OpAreaRequest
  ) => Effect.Effect<OpArea.OpAreaResponse, OpAreaError>
  /** The lines serving a stop, or the lines matching a public line name. */
  readonly servingLines: (
    request: ServingLines.ServingLinesRequest
  ) => Effect.Effect<ServingLines.ServingLinesResponse, ServingLinesError>
  /** Current or historical service notices, de-duplicated by notice ID. */
  readonly addInfo: (
    request: AddInfo.AddInfoRequest
  ) => Effect.Effect<AddInfo.AddInfoResponse, AddInfoError>
  /** The coordinate geometry and stops of a line, for map display. */
  readonly geoObject: (
    request: GeoObject.GeoObjectRequest
  ) => Effect.Effect<GeoObject.GeoObjectResponse, GeoObjectError>
  /** The URL a request would be sent to, or the reason it would be refused. */
  readonly url: <Name extends keyof Requests>(
    operation: Name,
    request: Requests[Name]
  ) => Either.Either<string, InvalidRequestError>
}

/**
 * The request model of each operation, by method name.
 *
 * @since 0.1.0
 * @category models
 */
export interface Requests {
  readonly trip: Trip.TripRequest
  readonly stopFinder: StopFinder.StopFinderRequest
  readonly coordInfo: CoordInfo.CoordInfoRequest
  readonly vehicleDetail: VehicleDetail.VehicleDetailRequest
  readonly opArea: OpArea.OpAreaRequest
  readonly servingLines: ServingLines.ServingLinesRequest
  readonly addInfo: AddInfo.AddInfoRequest
  readonly geoObject: GeoObject.GeoObjectRequest
}

/**
 * The client service.
 *
 * @since 0.1.0
 * @category tags
 */
export class EfaClient extends Context.Tag("@efa-kit/core/EfaClient")<EfaClient, Service>() {}

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

const invalid = (option: string, detail: string) => Either.left(new InvalidOptionsError({ option, detail }))

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
): Either.Either<Option.Option<Gate>, InvalidOptionsError> => {
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
  return Either.right(Option.some(
    new Gate({
      requestsPerSecond,
      burst: burst ?? 1,
      concurrency,
      maxQueue: maxQueue ?? Number.POSITIVE_INFINITY
    })
  ))
}

const resolve = (
  options: Options
): Either.Either<ResolvedSettings, InvalidOptionsError> =>
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
      dialect: makeDialect({ dialect, profile, timeZone, apiKey })
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
 * Builds a client from settings and an `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  options: Options
): Effect.Effect<Service, InvalidOptionsError, HttpClient.HttpClient | Scope.Scope> =>
  Effect.gen(function*() {
    const settings = yield* resolve(options)
    const httpClient = yield* HttpClient.HttpClient
    // A fetch `RequestInit` provided where the client is built is kept (with redirects left to the client).
    const requestInit = yield* Effect.serviceOption(FetchHttpClient.RequestInit)
    const executor = makeExecutor(settings, httpClient, Option.getOrUndefined(requestInit))
    return EfaClient.of({
      trip: (request) => executor.execute(Trip.operation, request),
      stopFinder: (request) => executor.execute(StopFinder.operation, request),
      coordInfo: (request) => executor.execute(CoordInfo.operation, request),
      vehicleDetail: (request) => executor.execute(VehicleDetail.operation, request),
      opArea: (request) => executor.execute(OpArea.operation, request),
      servingLines: (request) => executor.execute(ServingLines.operation, request),
      addInfo: (request) => executor.execute(AddInfo.operation, request),
      geoObject: (request) => executor.execute(GeoObject.operation, request),
      url: (operation, request) => executor.buildUrl(operations[operation] as Operation.Any, request)
    })
  })

/**
 * Every operation the client offers, by method name: the descriptions the fake server and the OpenAPI
 * document are built from as well.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations = {
  trip: Trip.operation,
  stopFinder: StopFinder.operation,
  coordInfo: CoordInfo.operation,
  vehicleDetail: VehicleDetail.operation,
  opArea: OpArea.operation,
  servingLines: ServingLines.operation,
  addInfo: AddInfo.operation,
  geoObject: GeoObject.operation
} as const

/**
 * A layer with a client built from settings. It needs an `HttpClient`: provide `FetchHttpClient.layer`
 * or `NodeHttpClient.layer`.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, Point } from "@efa-kit/core"
 * import { Effect, Either } from "effect"
 *
 * const EfaLive = EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/", timeZone: "Europe/Berlin" })
 *
 * // a program using the client; provide the layer and an HttpClient, then run it
 * const names = Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
 *   return locations.map((location) => location.name)
 * }).pipe(Effect.provide(EfaLive), Effect.provide(FetchHttpClient.layer))
 *
 * // `url` shows what a request sends, without sending it
 * const url = Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   return efa.url("stopFinder", { input: Point.any("Stuttgart Hbf"), maxResults: 5 })
 * }).pipe(Effect.provide(EfaLive), Effect.provide(FetchHttpClient.layer), Effect.runSync)
 *
 * assert.deepStrictEqual(
 *   url,
 *   Either.right(
 *     "https://efa.example/mngvvs/XML_STOPFINDER_REQUEST" +
 *       "?type_sf=any&name_sf=Stuttgart+Hbf&anyMaxSizeHitList=5&outputFormat=JSON"
 *   )
 * )
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<EfaClient, InvalidOptionsError, HttpClient.HttpClient> =>
  Layer.scoped(EfaClient, make(options))

/**
 * The settings read from the environment: `EFA_BASE_URL` (required unless `EFA_PROFILE` gives it),
 * `EFA_PROFILE` (a profile name), `EFA_DIALECT` (`contract` or `rapidJSON`), `EFA_API_KEY` (a secret),
 * `EFA_TIME_ZONE` (default: the profile's, else `Europe/Berlin`), `EFA_TIMEOUT` (a duration such as
 * `10 seconds`) and `EFA_HEADERS` (a JSON object of header names and values).
 *
 * @since 0.1.0
 * @category config
 */
export const config: Config.Config<Options> = Config.all({
  baseUrl: Config.string("EFA_BASE_URL").pipe(Config.option, Config.map(Option.getOrUndefined)),
  profile: Config.string("EFA_PROFILE").pipe(Config.option, Config.map(Option.getOrUndefined)),
  dialect: Config.literal("contract", "rapidJSON")("EFA_DIALECT").pipe(
    Config.option,
    Config.map(Option.getOrUndefined)
  ),
  apiKey: Config.redacted("EFA_API_KEY").pipe(Config.option, Config.map(Option.getOrUndefined)),
  timeZone: Config.string("EFA_TIME_ZONE").pipe(Config.option, Config.map(Option.getOrUndefined)),
  timeout: Config.duration("EFA_TIMEOUT").pipe(Config.withDefault(Duration.seconds(30))),
  headers: Config.string("EFA_HEADERS").pipe(
    Config.mapOrFail((text) =>
      Either.mapLeft(
        Schema.decodeUnknownEither(Schema.parseJson(Schema.Record({ key: Schema.String, value: Schema.String })))(text),
        () => ConfigError.InvalidData([], "EFA_HEADERS must be a JSON object of strings") as any
      )
    ),
    Config.withDefault({} as Readonly<Record<string, string>>)
  )
}).pipe(
  Config.mapOrFail((options): Either.Either<Options, ConfigError.ConfigError> =>
    options.baseUrl === undefined && options.profile === undefined
      ? Either.left(ConfigError.MissingData(["EFA_BASE_URL"], "Expected EFA_BASE_URL (or EFA_PROFILE) to exist"))
      : Either.right(options)
  )
)

/**
 * A layer with a client whose settings come from Effect `Config` (by default {@link config}, read from
 * the environment).
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient } from "@efa-kit/core"
 * import { ConfigProvider, Effect, Either, Layer } from "effect"
 *
 * // EFA_BASE_URL, EFA_TIME_ZONE, EFA_TIMEOUT, EFA_HEADERS: from the environment by default, here from a map
 * const EfaLive = EfaClient.layerConfig().pipe(
 *   Layer.provide(FetchHttpClient.layer),
 *   Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(
 *     new Map([["EFA_BASE_URL", "https://efa.example/mngvvs/"], ["EFA_TIMEOUT", "10 seconds"]])
 *   )))
 * )
 *
 * const url = Effect.map(EfaClient.EfaClient, (efa) => efa.url("servingLines", { _tag: "ByLineName", lineName: "U1" }))
 *   .pipe(Effect.provide(EfaLive), Effect.runSync)
 * assert.deepStrictEqual(
 *   url,
 *   Either.right(
 *     "https://efa.example/mngvvs/XML_SERVINGLINES_REQUEST?mode=line&lineReqType=0&lineName=U1&outputFormat=JSON"
 *   )
 * )
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = (
  options: Config.Config<Options> = config
): Layer.Layer<EfaClient, InvalidOptionsError | ConfigError.ConfigError, HttpClient.HttpClient> =>
  Layer.scoped(EfaClient, Effect.flatMap(options, make))

export {
  /**
   * Re-exported for convenience.
   *
   * @since 0.1.0
   */
  InvalidRequest as InvalidRequestError
}
