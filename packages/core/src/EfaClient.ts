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
import * as HttpClient from "@effect/platform/HttpClient"
import { Config, ConfigError, Context, Duration, Effect, Either, Layer, Option, Schema } from "effect"
import type {
  DecodeError,
  HttpStatusError,
  InvalidRequestError,
  ServerMessageError,
  TransportError
} from "./EfaError.js"
import { InvalidRequestError as InvalidRequest } from "./EfaError.js"
import { makeExecutor, normalizeBaseUrl, type ResolvedSettings } from "./internal/client.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as StopFinder from "./StopFinder.js"

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

/**
 * The client's operations.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** Searches stops, addresses and points of interest by text, ID or coordinate. */
  readonly stopFinder: (
    request: StopFinder.StopFinderRequest
  ) => Effect.Effect<StopFinder.StopFinderResponse, StopFinderError>
  /** The URL a request would be sent to, or the reason it would be refused. */
  readonly url: (
    operation: "stopFinder",
    request: StopFinder.StopFinderRequest
  ) => Either.Either<string, InvalidRequestError>
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
  /** The deployment's base URL, with or without a trailing slash (`https://host/efa/` or `https://host/efa`). */
  readonly baseUrl: string | URL
  /** The deployment's IANA time zone, in which dates and times are sent. Default `Europe/Berlin`. */
  readonly timeZone?: string | undefined
  /** Headers sent with every request, for deployments behind an API key or gateway. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** How long one attempt may take. Default 30 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
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

const resolve = (options: Options): Either.Either<ResolvedSettings, InvalidOptionsError> =>
  Either.gen(function*() {
    const baseUrl = yield* Either.mapLeft(
      normalizeBaseUrl(options.baseUrl),
      (detail) => new InvalidOptionsError({ option: "baseUrl", detail })
    )
    const timeZone = yield* Either.mapLeft(
      LocalDateTime.zone(options.timeZone ?? LocalDateTime.DEFAULT_TIME_ZONE),
      (detail) => new InvalidOptionsError({ option: "timeZone", detail })
    )
    const timeout = Duration.decodeUnknown(options.timeout ?? "30 seconds")
    if (Option.isNone(timeout) || !Duration.greaterThan(timeout.value, Duration.zero)) {
      return yield* Either.left(new InvalidOptionsError({ option: "timeout", detail: "must be a positive duration" }))
    }
    return { baseUrl, timeZone, headers: { accept: "application/json", ...options.headers }, timeout: timeout.value }
  })

/**
 * Builds a client from settings and an `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): Effect.Effect<Service, InvalidOptionsError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const settings = yield* resolve(options)
    const httpClient = yield* HttpClient.HttpClient
    const executor = makeExecutor(settings, httpClient)
    const operations = { stopFinder: StopFinder.operation } as const
    return EfaClient.of({
      stopFinder: (request) => executor.execute(StopFinder.operation, request),
      url: (operation, request) => executor.buildUrl(operations[operation], request)
    })
  })

/**
 * A layer with a client built from settings. It needs an `HttpClient`: provide `FetchHttpClient.layer`
 * or `NodeHttpClient.layer`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<EfaClient, InvalidOptionsError, HttpClient.HttpClient> =>
  Layer.effect(EfaClient, make(options))

/**
 * The settings read from the environment: `EFA_BASE_URL` (required), `EFA_TIME_ZONE`, `EFA_TIMEOUT`
 * (a duration such as `10 seconds`) and `EFA_HEADERS` (a JSON object of header names and values).
 *
 * @since 0.1.0
 * @category config
 */
export const config: Config.Config<Options> = Config.all({
  baseUrl: Config.string("EFA_BASE_URL"),
  timeZone: Config.string("EFA_TIME_ZONE").pipe(Config.withDefault(LocalDateTime.DEFAULT_TIME_ZONE)),
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
})

/**
 * A layer with a client whose settings come from Effect `Config` (by default {@link config}, read from
 * the environment).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig = (
  options: Config.Config<Options> = config
): Layer.Layer<EfaClient, InvalidOptionsError | ConfigError.ConfigError, HttpClient.HttpClient> =>
  Layer.effect(EfaClient, Effect.flatMap(options, make))

export {
  /**
   * Re-exported for convenience.
   *
   * @since 0.1.0
   */
  InvalidRequest as InvalidRequestError
}
