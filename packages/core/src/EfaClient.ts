/**
 * The EFA client: one method per operation of the list of operations (`Operations.all`), each failing with
 * the errors its operation can raise ({@link Errors}).
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
import * as Config from "effect/Config"
import * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type { InvalidRequestError } from "./EfaError.js"
import { InvalidRequestError as InvalidRequest } from "./EfaError.js"
import * as Derived from "./internal/client/derived.js"
import { load, withOperation } from "./internal/client/load.js"
import { contractPaths, type OperationName as Name } from "./internal/schema/operationNames.js"
import type * as Operation from "./Operation.js"
import * as OperationClient from "./OperationClient.js"
import type * as Operations from "./Operations.js"
import type * as Profile from "./Profile.js"

/**
 * The errors each operation's method can fail with, by method name: the common ones
 * (`EfaError.CommonError`) and those its descriptor declares (`Operation.errors`).
 *
 * @since 0.2.0
 * @category errors
 */
export type Errors = { readonly [Name in OperationName]: Operation.ErrorOf<(typeof Operations.all)[Name]> }

/**
 * The errors of trip planning.
 *
 * @since 0.1.0
 * @category errors
 */
export type TripError = Errors["trip"]

/**
 * The errors of the stop finder.
 *
 * @since 0.1.0
 * @category errors
 */
export type StopFinderError = Errors["stopFinder"]

/**
 * The errors of the coordinate search.
 *
 * @since 0.1.0
 * @category errors
 */
export type CoordInfoError = Errors["coordInfo"]

/**
 * The errors of the sharing-vehicle detail.
 *
 * @since 0.1.0
 * @category errors
 */
export type VehicleDetailError = Errors["vehicleDetail"]

/**
 * The errors of the operating-area search.
 *
 * @since 0.1.0
 * @category errors
 */
export type OpAreaError = Errors["opArea"]

/**
 * The errors of the serving-lines search.
 *
 * @since 0.1.0
 * @category errors
 */
export type ServingLinesError = Errors["servingLines"]

/**
 * The errors of the notice search.
 *
 * @since 0.1.0
 * @category errors
 */
export type AddInfoError = Errors["addInfo"]

/**
 * The errors of the line-geometry search.
 *
 * @since 0.1.0
 * @category errors
 */
export type GeoObjectError = Errors["geoObject"]

/**
 * The errors of the departure board.
 *
 * @since 0.2.0
 * @category errors
 */
export type DeparturesError = Errors["departures"]

/**
 * The errors of a trip's stops.
 *
 * @since 0.2.0
 * @category errors
 */
export type TripStopsError = Errors["tripStops"]

/**
 * The errors of the real time of a planned trip.
 *
 * @since 0.3.0
 * @category errors
 */
export type RealtimeForTripError = Errors["realtimeForTrip"]

/**
 * The method names of the client's operations.
 *
 * @since 0.1.0
 * @category models
 */
export type OperationName = Name

/**
 * The client's operations: one method per entry of the list of operations (`Operations.all`), each taking a
 * request as written and failing with the errors of its operation ({@link Errors}); the calls made of them (`trip`
 * and `departures` answer with pages, see `Pages`; `tripPages`, `refreshTrip`, `watchTrip`, `watchDepartures`,
 * `watchNotices`), each loading its module on its first call; and `url`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service extends Omit<Methods, Derived.Name>, Derived.Methods {
  /**
   * The URL a request would be sent to, or the reason it would be refused (an `InvalidRequestError`), without
   * sending it. It loads the operation where no call has yet; `OperationClient`'s `url` takes an operation
   * and answers at once.
   */
  readonly url: <Name extends OperationName>(
    operation: Name,
    request: Requests[Name]
  ) => Effect.Effect<string, InvalidRequestError>
}

// The methods of the operations, as `OperationClient.client` would give them for the list.
type Methods = OperationClient.Client<typeof Operations.all>

/**
 * The request model of each operation (as written), by method name.
 *
 * @since 0.1.0
 * @category models
 */
export type Requests = { readonly [Name in OperationName]: Operation.InputOf<(typeof Operations.all)[Name]> }

/**
 * The client service.
 *
 * @since 0.1.0
 * @category tags
 */
export class EfaClient extends Context.Tag("@efa-kit/core/EfaClient")<EfaClient, Service>() {}

/**
 * Settings of a client (see {@link OperationClient.Options}).
 *
 * @since 0.1.0
 * @category models
 */
export type Options = OperationClient.Options

/**
 * How redirects are followed.
 *
 * @since 0.1.0
 * @category models
 */
export type RedirectOptions = OperationClient.RedirectOptions

/**
 * The largest response body accepted by default, in bytes (64 MiB).
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_RESPONSE_BYTES: number = OperationClient.DEFAULT_MAX_RESPONSE_BYTES

/**
 * How failed attempts are retried.
 *
 * @since 0.1.0
 * @category models
 */
export type RetryOptions = OperationClient.RetryOptions

/**
 * Client-side rate limits.
 *
 * @since 0.1.0
 * @category models
 */
export type RateLimitOptions = OperationClient.RateLimitOptions

/**
 * A client setting that cannot be used.
 *
 * @since 0.1.0
 * @category errors
 */
export const InvalidOptionsError = OperationClient.InvalidOptionsError

/**
 * @since 0.1.0
 * @category errors
 */
export type InvalidOptionsError = OperationClient.InvalidOptionsError

/**
 * The client's methods on a runner of operations.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromRunner = (runner: OperationClient.Service): Service => {
  // each method loads its operation on its first call, so that a program bundles only the operations it calls
  const methods = {} as { -readonly [Name in OperationName]: Methods[Name] }
  for (const name of Object.keys(contractPaths) as Array<OperationName>) {
    // a request left out is the empty one (its type allows it only where every field is optional)
    methods[name] = ((request: unknown, options?: OperationClient.CallOptions) =>
      withOperation(name, (operation) =>
        runner.run<Operation.Any>(operation, request ?? {}, options))) as never
  }
  // the derived calls (pages, the refresh of a trip, the watches) call the operations as the methods do
  const calls: Derived.Calls = {
    call: (name, request, options) => withOperation(name, (operation) => runner.run(operation, request, options)),
    offers: (name) => runner.offers?.(name) !== false,
    sessions: runner.sessions,
    pageKey: runner.pageKey
  }
  return EfaClient.of({
    ...methods,
    ...Derived.methods(calls),
    url: (name, request) => Effect.flatMap(load(name), (operation) => runner.url<Operation.Any>(operation, request))
  })
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
  Effect.map(OperationClient.make(options), fromRunner)

/**
 * A layer with a client built from settings. It needs an `HttpClient`: provide `FetchHttpClient.layer`
 * or `NodeHttpClient.layer`.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, Operations, Point } from "@efa-kit/core"
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
 * const url = await Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   return yield* Effect.either(efa.url("stopFinder", { input: Point.any("Stuttgart Hbf"), maxResults: 5 }))
 * }).pipe(Effect.provide(EfaLive), Effect.provide(FetchHttpClient.layer), Effect.runPromise)
 *
 * assert.deepStrictEqual(
 *   url,
 *   Either.right(
 *     `https://efa.example/mngvvs/${Operations.all.stopFinder.path}` +
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
  // the name is checked when the client is built (the profile table loads on demand): an unknown one fails there
  profile: Config.string("EFA_PROFILE").pipe(
    Config.option,
    Config.map((name) => Option.getOrUndefined(name) as Profile.Name | undefined)
  ),
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
 * import { EfaClient, Operations } from "@efa-kit/core"
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
 * const url = await Effect.flatMap(
 *   EfaClient.EfaClient,
 *   (efa) => Effect.either(efa.url("servingLines", { _tag: "ByLineName", lineName: "U1" }))
 * ).pipe(Effect.provide(EfaLive), Effect.runPromise)
 * assert.deepStrictEqual(
 *   url,
 *   Either.right(
 *     `https://efa.example/mngvvs/${Operations.all.servingLines.path}` +
 *       "?mode=line&lineReqType=0&lineName=U1&outputFormat=JSON"
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
