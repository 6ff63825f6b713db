/**
 * The list of operations: every operation's descriptor, by method name, in the contract's order. The client's
 * methods and types, the Promise client, the OpenAPI document, the rapidJSON codecs and the fake server are
 * built from it.
 *
 * A module of its own, apart from `EfaClient`: the client's methods load each operation on its first call, so
 * that a program that imports `EfaClient` (from the index too) and does not name this list bundles only the
 * operations it calls. Naming the list brings every operation's codecs into a bundle.
 *
 * ```ts
 * import { Operations } from "@efa-kit/core"
 *
 * assert.deepStrictEqual(Object.keys(Operations.all).slice(0, 2), ["trip", "coordInfo"])
 * assert.strictEqual(Operations.all.stopFinder.name, "stopFinder")
 * ```
 *
 * @since 0.4.0
 */
import * as AddInfo from "./AddInfo.js"
import * as CoordInfo from "./CoordInfo.js"
import * as Departures from "./Departures.js"
import * as GeoObject from "./GeoObject.js"
import type { OperationName as Name } from "./internal/schema/operationNames.js"
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
 * Every operation the client offers, by method name, in the contract's order: the one list the client's
 * methods and types, the Promise client, the OpenAPI document and the fake server are built from. The
 * comment of an entry is the documentation of its method.
 *
 * @example
 * ```ts
 * import { Operations } from "@efa-kit/core"
 *
 * // the paths the client sends to, by method name
 * const paths = Object.values(Operations.all).map((operation) => operation.path)
 * assert.ok(paths.includes(Operations.all.trip.path))
 * ```
 *
 * @since 0.4.0
 * @category operations
 */
export const all = {
  /** Plans trips between two points. */
  trip: Trip.operation,
  /** Searches stops, points of interest, parking objects and other objects around a centre or in a box. */
  coordInfo: CoordInfo.operation,
  /** Details of one sharing vehicle (the coordinate search's detail mode). */
  vehicleDetail: VehicleDetail.operation,
  /** Searches stops, addresses and points of interest by text, ID or coordinate. */
  stopFinder: StopFinder.operation,
  /** The lines serving a stop, or the lines matching a public line name. */
  servingLines: ServingLines.operation,
  /** Current or historical service notices, de-duplicated by notice ID. */
  addInfo: AddInfo.operation,
  /** Sharing providers and their operating areas, all or around a centre. */
  opArea: OpArea.operation,
  /** The coordinate geometry and stops of a line, for map display. */
  geoObject: GeoObject.operation,
  /** The departure or arrival board of a stop, with real-time estimates, platforms and cancellations. */
  departures: Departures.operation,
  /** The stops of one trip with their times, from a board event (see `TripStops.fromEvent`). */
  tripStops: TripStops.operation,
  /** The server's interface version, its kernel's data build and the period its timetable is valid for. */
  systemInfo: SystemInfo.operation,
  /** The lines of a network or subnetwork, each with the line ID the other operations take. */
  lines: Lines.operation,
  /** The stops of one line direction in travel order, from a line ID the other operations return. */
  lineStops: LineStops.operation,
  /** The stops of a place, a municipality or a subnetwork, each with the stop ID the other operations take. */
  stops: Stops.operation,
  /** A planned trip with today's estimates, platforms and cancellations, asked with its journey in one request. */
  realtimeForTrip: RealtimeForTrip.operation
} as const satisfies { readonly [K in Name]: Operation.Operation<K, any, any, any, any, any> }

/**
 * The method names of the operations, the keys of {@link all}.
 *
 * @since 0.4.0
 * @category models
 */
export type OperationName = Name
