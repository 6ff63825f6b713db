/**
 * The description of one EFA operation: its path, its query parameters, the request model and how it
 * maps to those parameters, and the response. The client, the fake server and the OpenAPI document
 * are all driven by these descriptions, so there is one copy of each shape.
 *
 * @since 0.1.0
 */
import type * as DateTime from "effect/DateTime"
import type * as Duration from "effect/Duration"
import type * as Either from "effect/Either"
import type * as ParseResult from "effect/ParseResult"
import type * as Schema from "effect/Schema"
import type { CommonError, OperationError } from "./EfaError.js"
import { makeDecoder } from "./internal/effect/fastDecode.js"
import type { ModeFilter as InternalModeFilter } from "./internal/schema/productClasses.js"
import {
  fromQueryString as internalFromQueryString,
  type QueryPairs,
  toQueryString as internalToQueryString
} from "./internal/schema/query.js"

/**
 * What encoding a request needs beyond the request itself.
 *
 * @since 0.1.0
 * @category models
 */
export interface QueryContext {
  /** The deployment's time zone, in which wall-clock dates and times are written. */
  readonly timeZone: DateTime.TimeZone
}

/**
 * Ordered query parameters, repeats included: `[name, value]` pairs. An empty value is a bare flag.
 *
 * @since 0.1.0
 * @category models
 */
export type Query = QueryPairs

/**
 * Where a request carries transport modes (MOT-IDs) on the wire, so that a deployment with its own product
 * classes (`Profile.productClasses`) gets every class that reads as each mode:
 * - `suffix`: one parameter per mode, the MOT-ID after `prefix` (`exclMOT_5=1`);
 * - `value`: the MOT-ID as the value of the repeatable parameter `name` (`filterMOTType=5`);
 * - `list`: MOT-IDs joined with `separator` in the value of the parameters named `prefix<n>` (`exclMOT_0=5:6`).
 *
 * `keeps`: the request model's field of a filter that keeps only the modes it names (an include list): a request
 * whose modes the deployment has no class for is refused at that field instead of being sent without the filter.
 *
 * @since 0.1.0
 * @category models
 */
export type ModeFilter = InternalModeFilter

/**
 * On a path several operations share, the query parameter whose value selects an operation (the vehicle
 * detail is the coordinate search with `coordReqType=VEHICLEDETAIL`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Mode {
  readonly parameter: string
  readonly value: string
}

/**
 * The top-level keys that hold an operation's result, in each dialect. They name what is missing when an
 * answer has no result and no system message explains it, and the fake's empty answers have them.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResultKeys {
  readonly contract: ReadonlyArray<string>
  readonly rapidJSON: ReadonlyArray<string>
}

/**
 * What reading rapidJSON needs to know of a deployment.
 *
 * @since 0.1.0
 * @category models
 */
export interface RapidJsonContext {
  /** The deployment's time zone: notice validity instants become calendar dates in it. */
  readonly timeZone: DateTime.TimeZone
  /**
   * The deployment's own product classes, mapped to the usual MOT-IDs (TfNSW: `1` train → `0`, ...).
   * Classes not listed are taken as they come.
   */
  readonly productClasses?: Readonly<Record<number, number>> | undefined
}

/**
 * An operation's rapidJSON codec: the lenient wire schema of the answer, and the response schema that
 * decodes it into the operation's response model (and encodes a model as rapidJSON).
 *
 * @since 0.1.0
 * @category models
 */
export interface RapidJsonCodec<Response, Encoded = any> {
  readonly wire: Schema.Schema<any, Encoded>
  readonly response: (context: RapidJsonContext) => Schema.Schema<Response, Encoded>
}

/**
 * One operation, named `Name` (the client's method name).
 *
 * @since 0.1.0
 * @category models
 */
export interface Operation<
  Name extends string,
  Request,
  Response,
  ResponseEncoded = unknown,
  RequestInput = Request,
  Errors extends OperationError = never
> {
  /** The method name on the client (`trip`, `stopFinder`, ...). */
  readonly name: Name
  /**
   * The errors the operation adds to the common ones (`EfaError.CommonError`), by tag: `{}` for none,
   * `{ StopNotResolvedError: true }` for an operation about one stop (with `unresolved`). The client's
   * method fails with the common errors and these ({@link ErrorOf}).
   */
  readonly errors: { readonly [Tag in Errors["_tag"]]: true }
  /** The path below the base URL, as the contract names it (a profile may name it otherwise). */
  readonly path: string
  /** On a path several operations share, the parameter and value that select this one. */
  readonly mode?: Mode | undefined
  /** One line on what the operation does. */
  readonly summary: string
  /** The query parameters by their wire names, decoded one by one. */
  readonly params: Schema.Schema.AnyNoContext
  /**
   * The request model. Its decoding side takes requests as people write them (times as a `Date`, an ISO
   * string or a zoned `DateTime`, sets in any order) and gives the canonical model the query encodes.
   */
  readonly request: Schema.Schema<Request, RequestInput>
  /** The two-way mapping between the query parameters and the request model. */
  readonly query: (context: QueryContext) => Schema.Schema<Request, Query>
  /** The response document. */
  readonly response: Schema.Schema<Response, ResponseEncoded>
  /** Whether a response carries a result; `systemMessages` errors fail the call only when it does not. */
  readonly hasResult: (response: Response) => boolean
  /** The top-level keys of the result, in each dialect. */
  readonly resultKeys: ResultKeys
  /**
   * How long a client's response cache keeps an answer, unless the server says otherwise (`Cache-Control`,
   * `Expires`) or the client's `cache.timeToLive` replaces it: as long as its data stays true (a departure
   * board seconds, a stop search hours, operating areas a day). 30 seconds where not given.
   */
  readonly timeToLive?: Duration.DurationInput | undefined
  /**
   * What the client keeps of an answer for the request that asked it, where deployments answer more than a
   * filter asks (the notices of both lists whatever `publicationStatus` says).
   */
  readonly narrow?: ((request: RequestInput, response: Response) => Response) | undefined
  /**
   * Loads the operation's rapidJSON codec (a module of its own, so that a program that does not speak
   * rapidJSON does not bundle it). Without it, a rapidJSON client reads the contract's response schema.
   */
  readonly rapidJson?: (() => Promise<RapidJsonCodec<Response>>) | undefined
  /** The parameters that carry transport modes, mapped to a deployment's product classes where it has its own. */
  readonly modeFilters?: ReadonlyArray<ModeFilter> | undefined
  /**
   * For an operation about one stop: the candidates of a stop the server could not resolve, when a
   * response without result says so. The call then fails with `StopNotResolvedError`.
   */
  readonly unresolved?: (response: Response) => Unresolved | undefined
  /**
   * What an answer without result means where the server's messages say nothing matched (`codes`): for a
   * search or a list, `"empty"`, an empty answer with the server's messages kept; for an operation about one
   * thing, the request's field and its wire parameter, and the call fails with `NotFoundError` naming them
   * (the operation declares `{ NotFoundError: true }`). Other messages fail the call as
   * `ServerMessageError`.
   */
  readonly nothing?: {
    readonly codes: ReadonlyArray<number>
    readonly means: "empty" | { readonly field: string; readonly parameter: string }
  } | undefined
}

/**
 * A stop the server could not resolve: several candidates and none chosen (`ambiguous`), or none that
 * fits (`unknown`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Unresolved {
  readonly reason: "ambiguous" | "unknown"
  readonly candidates: ReadonlyArray<{ readonly id: string; readonly name: string; readonly type?: string }>
}

/**
 * @since 0.1.0
 * @category models
 */
export type Any = Operation<any, any, any, any, any, any>

/**
 * The name of an operation.
 *
 * @since 0.1.0
 * @category models
 */
export type NameOf<O> = O extends Operation<infer Name, any, any, any, any> ? Name : never

/**
 * The canonical request model of an operation.
 *
 * @since 0.1.0
 * @category models
 */
export type RequestOf<O> = O extends Operation<any, infer Request, any, any, any> ? Request : never

/**
 * The requests an operation accepts, as people write them.
 *
 * @since 0.1.0
 * @category models
 */
export type InputOf<O> = O extends Operation<any, any, any, any, infer RequestInput> ? RequestInput : never

/**
 * The decoded response of an operation.
 *
 * @since 0.1.0
 * @category models
 */
export type ResponseOf<O> = O extends Operation<any, any, infer Response, any, any> ? Response : never

/**
 * The errors an operation's call can fail with: the common ones and those its descriptor declares.
 *
 * @since 0.2.0
 * @category models
 */
export type ErrorOf<O> = O extends Operation<any, any, any, any, any, infer Errors> ? CommonError | Errors : never

const responseDecoders = new WeakMap<Any, (input: unknown) => Either.Either<any, ParseResult.ParseError>>()

/**
 * Decodes a response document (parsed JSON) of an operation as the client does. The result is the
 * one of `Schema.decodeUnknownEither(operation.response, { errors: "first" })`, the error included,
 * but valid documents take a fast path compiled once from the response schema, close to the cost of
 * `JSON.parse`. The input is not modified.
 *
 * @example
 * ```ts
 * import { Operation, StopFinder } from "@efa-kit/core"
 *
 * const decode = Operation.decodeResponse(StopFinder.operation)
 * const result = decode(JSON.parse(`{"locations":[]}`)) // Either<StopFinderResponse, ParseError>
 * ```
 *
 * @since 0.1.0
 * @category decoding
 */
export const decodeResponse = <Response, ResponseEncoded>(
  operation: Operation<string, any, Response, ResponseEncoded>
): (input: unknown) => Either.Either<Response, ParseResult.ParseError> => {
  let decoder = responseDecoders.get(operation)
  if (decoder === undefined) {
    decoder = makeDecoder(operation.response)
    responseDecoders.set(operation, decoder)
  }
  return decoder
}

/**
 * Serialises query pairs as forms are encoded (UTF-8, `+` for a space); a pair with an empty value is
 * sent as a bare flag (`boundingBox`).
 *
 * @example
 * ```ts
 * import { Operation } from "@efa-kit/core"
 *
 * const text = Operation.toQueryString([["name_sf", "Stuttgart Hbf"], ["boundingBox", ""]])
 * assert.strictEqual(text, "name_sf=Stuttgart+Hbf&boundingBox")
 * assert.deepStrictEqual(Operation.fromQueryString(`?${text}`), [["name_sf", "Stuttgart Hbf"], ["boundingBox", ""]])
 * ```
 *
 * @since 0.1.0
 * @category query strings
 */
export const toQueryString: (pairs: Query) => string = internalToQueryString

/**
 * Reads a query string (with or without its leading `?`) into ordered pairs, repeats included; a bare
 * flag reads as an empty value.
 *
 * @since 0.1.0
 * @category query strings
 */
export const fromQueryString: (query: string) => Array<readonly [string, string]> = internalFromQueryString
