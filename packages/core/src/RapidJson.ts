/**
 * The rapidJSON dialect: what real EFA deployments answer when asked with `outputFormat=rapidJSON`
 * (top-level `journeys`, `locations`, `infos.current`, ...). Each operation has a lenient wire schema of
 * the fields the model needs and a transformation between it and the operation's response model, so
 * that both dialects decode into the same values, a decode error names the path in the server's
 * document (`$.journeys.0.legs.1.transportation.product.class`), and the fake encodes the same way.
 *
 * Each operation's codec is a module of its own, which its descriptor loads on demand
 * (`operation.rapidJson()`): a client speaking rapidJSON loads the codecs of the operations it calls. This
 * module gathers all of them for the OpenAPI document, the fake and tests; each mapping decision is written
 * beside its mapping there. The model is the contract's: rapidJSON facts without a seat in it are optional
 * model fields. Coordinates must be WGS84: a pair outside the degree ranges (a server asked without
 * `coordOutputFormat` answers in its native grid) fails with a message saying so.
 *
 * @since 0.1.0
 */
import type * as DateTime from "effect/DateTime"
import type * as Schema from "effect/Schema"
import * as AddInfo from "./AddInfo.js"
import * as CoordInfo from "./CoordInfo.js"
import * as Departures from "./Departures.js"
import type * as EfaError from "./EfaError.js"
import * as GeoObject from "./GeoObject.js"
import * as AddInfoCodec from "./internal/rapidjson/AddInfo.js"
import * as CoordInfoCodec from "./internal/rapidjson/CoordInfo.js"
import * as DeparturesCodec from "./internal/rapidjson/Departures.js"
import * as GeoObjectCodec from "./internal/rapidjson/GeoObject.js"
import * as LinesCodec from "./internal/rapidjson/Lines.js"
import * as OpAreaCodec from "./internal/rapidjson/OpArea.js"
import * as RealtimeForTripCodec from "./internal/rapidjson/RealtimeForTrip.js"
import * as ServingLinesCodec from "./internal/rapidjson/ServingLines.js"
import * as StopFinderCodec from "./internal/rapidjson/StopFinder.js"
import * as StopListCodec from "./internal/rapidjson/stopList.js"
import * as SystemInfoCodec from "./internal/rapidjson/SystemInfo.js"
import * as TripCodec from "./internal/rapidjson/Trip.js"
import * as TripStopsCodec from "./internal/rapidjson/TripStops.js"
import * as VehicleDetailCodec from "./internal/rapidjson/VehicleDetail.js"
import * as Wire from "./internal/rapidjson/wire.js"
import type { OperationName } from "./internal/schema/operationNames.js"
import * as Lines from "./Lines.js"
import * as LineStops from "./LineStops.js"
import * as OpArea from "./OpArea.js"
import type * as Operation from "./Operation.js"
import * as RealtimeForTrip from "./RealtimeForTrip.js"
import * as ServingLines from "./ServingLines.js"
import * as StopFinder from "./StopFinder.js"
import * as Stops from "./Stops.js"
import * as SystemInfo from "./SystemInfo.js"
import * as Trip from "./Trip.js"
import * as TripStops from "./TripStops.js"
import * as VehicleDetail from "./VehicleDetail.js"

/**
 * What the mapping needs to know of a deployment.
 *
 * @since 0.1.0
 * @category models
 */
export type Context = Operation.RapidJsonContext

/**
 * A rapidJSON coordinate `[lat, lon]` (further items, such as the `{z, n}` object of line geometry, are
 * ignored) as `{lat, lon}`.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireCoord: Schema.Schema<{ readonly lat: number; readonly lon: number }, readonly [number, number]> =
  Wire.WireCoord

/**
 * A rapidJSON polyline: `[lat, lon]` pairs, each possibly followed by more items (ignored).
 *
 * @since 0.1.0
 * @category wire
 */
export const WirePolyline: Schema.Schema<ReadonlyArray<readonly [number, number]>> = Wire.WirePolyline

/**
 * A rapidJSON `parent` (two levels are read).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireParent: typeof Wire.WireParent = Wire.WireParent

/**
 * The rapidJSON trip answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireTripResponse: typeof TripCodec.WireTripResponse = TripCodec.WireTripResponse

/**
 * The rapidJSON stop-finder answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireStopFinderResponse: typeof StopFinderCodec.WireStopFinderResponse =
  StopFinderCodec.WireStopFinderResponse

/**
 * The rapidJSON coordinate-search answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireCoordInfoResponse: typeof CoordInfoCodec.WireCoordInfoResponse = CoordInfoCodec.WireCoordInfoResponse

/**
 * The rapidJSON vehicle-detail answer (lenient: no public recording exists).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireVehicleDetailResponse: typeof VehicleDetailCodec.WireVehicleDetailResponse =
  VehicleDetailCodec.WireVehicleDetailResponse

/**
 * The rapidJSON notice answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireAddInfoResponse: typeof AddInfoCodec.WireAddInfoResponse = AddInfoCodec.WireAddInfoResponse

/**
 * The rapidJSON serving-lines answer (from the Mentz schema only).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireServingLinesResponse: typeof ServingLinesCodec.WireServingLinesResponse =
  ServingLinesCodec.WireServingLinesResponse

/**
 * The rapidJSON line-geometry answer (from the Mentz schema only).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireGeoObjectResponse: typeof GeoObjectCodec.WireGeoObjectResponse = GeoObjectCodec.WireGeoObjectResponse

/**
 * The rapidJSON operating-area answer (from the Mentz schema only).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireOpAreaResponse: typeof OpAreaCodec.WireOpAreaResponse = OpAreaCodec.WireOpAreaResponse

// The rapidJSON codec of each operation, by method name: the operation and its codec module's `codec`, the
// function the descriptor's loader (`operation.rapidJson`) calls, so that a codec is built one way. The
// compiler holds the table to the operation list (`OperationName`) and each entry to its operation's response.
interface CodecEntry<O extends Operation.Any> {
  readonly operation: O
  readonly codec: (
    model: Schema.Schema<Operation.ResponseOf<O>, any>
  ) => Operation.RapidJsonCodec<Operation.ResponseOf<O>>
}

const codecs = {
  trip: { operation: Trip.operation, codec: TripCodec.codec },
  coordInfo: { operation: CoordInfo.operation, codec: CoordInfoCodec.codec },
  vehicleDetail: { operation: VehicleDetail.operation, codec: VehicleDetailCodec.codec },
  stopFinder: { operation: StopFinder.operation, codec: StopFinderCodec.codec },
  servingLines: { operation: ServingLines.operation, codec: ServingLinesCodec.codec },
  addInfo: { operation: AddInfo.operation, codec: AddInfoCodec.codec },
  opArea: { operation: OpArea.operation, codec: OpAreaCodec.codec },
  geoObject: { operation: GeoObject.operation, codec: GeoObjectCodec.codec },
  departures: { operation: Departures.operation, codec: DeparturesCodec.codec },
  tripStops: { operation: TripStops.operation, codec: TripStopsCodec.codec },
  systemInfo: { operation: SystemInfo.operation, codec: SystemInfoCodec.codec },
  lines: { operation: Lines.operation, codec: LinesCodec.codec },
  lineStops: { operation: LineStops.operation, codec: StopListCodec.codec("locationSequence", "LineStopsResponse") },
  stops: { operation: Stops.operation, codec: StopListCodec.codec("locations", "StopsResponse") },
  realtimeForTrip: { operation: RealtimeForTrip.operation, codec: RealtimeForTripCodec.codec }
} as const satisfies {
  readonly [Name in OperationName]: CodecEntry<Operation.Operation<Name, any, any, any, any, any>>
}

/**
 * The response schemas of every operation in the rapidJSON dialect, by method name: decode a rapidJSON
 * document into the operation's response model, encode a model as rapidJSON.
 *
 * @since 0.1.0
 * @category schemas
 */
export const responses = (context: Context): Responses => {
  const schemas: Record<string, Schema.Schema<any, any>> = {}
  for (const name of Object.keys(codecs) as Array<OperationName>) {
    const entry: CodecEntry<Operation.Any> = codecs[name]
    schemas[name] = entry.codec(entry.operation.response).response(context)
  }
  // one schema per name of the table, which the compiler holds to the operation list
  return schemas as Responses
}

/**
 * The response schemas of {@link responses}.
 *
 * @since 0.1.0
 * @category models
 */
export type Responses = {
  readonly [Name in OperationName]: ReturnType<ReturnType<(typeof codecs)[Name]["codec"]>["response"]>
}

const rapidResultKeys = Object.fromEntries(
  Object.values(codecs).map((entry) => [entry.operation.name, entry.operation.resultKeys.rapidJSON[0] ?? ""])
) as Record<keyof Responses, string>

/**
 * The top-level key that holds each operation's result in rapidJSON (see each operation's `resultKeys`).
 *
 * @since 0.1.0
 * @category constants
 */
export const resultKeys: Readonly<Record<keyof Responses, string>> = rapidResultKeys

/**
 * The rapidJSON departure-board answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireDeparturesResponse: typeof DeparturesCodec.WireDeparturesResponse =
  DeparturesCodec.WireDeparturesResponse

/**
 * The rapidJSON answer of a trip's stops, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireTripStopsResponse: typeof TripStopsCodec.WireTripStopsResponse = TripStopsCodec.WireTripStopsResponse

/**
 * The rapidJSON answer of the real time of a planned trip, as far as the model reads it.
 *
 * @since 0.3.0
 * @category wire
 */
export const WireRealtimeForTripResponse: typeof RealtimeForTripCodec.WireRealtimeForTripResponse =
  RealtimeForTripCodec.WireRealtimeForTripResponse

const responsesByZone = new WeakMap<DateTime.TimeZone, Responses>()

/**
 * An operation in the rapidJSON dialect: the same path, query and request, with the rapidJSON response
 * schema, so that `Operation.decodeResponse(RapidJson.operation(Trip.operation, context))` decodes a
 * rapidJSON document on the fast path. Build it once: decoders are kept per operation value.
 *
 * @example
 * ```ts
 * import { Operation, RapidJson, StopFinder } from "@efa-kit/core"
 * import { DateTime, Either } from "effect"
 *
 * const decode = Operation.decodeResponse(
 *   RapidJson.operation(StopFinder.operation, { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
 * )
 * const response = decode({
 *   version: "10.2.10.139",
 *   locations: [
 *     {
 *       id: "de:08111:6118",
 *       name: "Stuttgart, Hauptbahnhof",
 *       type: "stop",
 *       matchQuality: 1000,
 *       coord: [48.784081, 9.181636]
 *     }
 *   ]
 * })
 * // rapidJSON's [lat, lon] pairs become the model's coordinates
 * assert.deepStrictEqual(
 *   Either.map(response, (r) => r.locations[0]?.coord),
 *   Either.right({ lat: 48.784081, lon: 9.181636 })
 * )
 * ```
 *
 * @since 0.1.0
 * @category operations
 */
export const operation = <
  Name extends string,
  Request,
  Response,
  RequestInput = Request,
  Errors extends EfaError.OperationError = never
>(
  base: Operation.Operation<Name, Request, Response, any, RequestInput, Errors>,
  context: Context
): Operation.Operation<Name, Request, Response, unknown, RequestInput, Errors> => {
  let schemas = context.productClasses === undefined ? responsesByZone.get(context.timeZone) : undefined
  if (schemas === undefined) {
    schemas = responses(context)
    if (context.productClasses === undefined) responsesByZone.set(context.timeZone, schemas)
  }
  const response: Schema.Schema<any, any> | undefined = Reflect.get(schemas, base.name)
  if (response === undefined) throw new Error(`no rapidJSON response schema for ${base.name}`)
  return { ...base, response }
}
