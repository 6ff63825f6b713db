/**
 * The description of one EFA operation: its path, its query parameters, the request model and how it
 * maps to those parameters, and the response. The client, the fake server and the OpenAPI document
 * are all driven by these descriptions, so there is one copy of each shape.
 *
 * @since 0.1.0
 */
import type { DateTime, Schema } from "effect"
import type { QueryPairs } from "./internal/query.js"

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
 * One operation.
 *
 * @since 0.1.0
 * @category models
 */
export interface Operation<Request, Response, ResponseEncoded = unknown> {
  /** The method name on the client (`trip`, `stopFinder`, ...). */
  readonly name: string
  /** The path below the base URL (`XML_TRIP_REQUEST2`). */
  readonly path: string
  /** One line on what the operation does. */
  readonly summary: string
  /** The query parameters by their wire names, decoded one by one. */
  readonly params: Schema.Struct<any>
  /** The request model. */
  readonly request: Schema.Schema<Request>
  /** The two-way mapping between the query parameters and the request model. */
  readonly query: (context: QueryContext) => Schema.Schema<Request, Query>
  /** The response document. */
  readonly response: Schema.Schema<Response, ResponseEncoded>
  /** Whether a response carries a result; `systemMessages` errors fail the call only when it does not. */
  readonly hasResult: (response: Response) => boolean
}

/**
 * @since 0.1.0
 * @category models
 */
export type Any = Operation<any, any, any>
