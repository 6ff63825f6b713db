/**
 * The answer registry: for each operation of the core, the function that answers it from the dataset,
 * and what the fake sends when told to fail with an EFA-style `systemMessages` error.
 *
 * @since 0.1.0
 */
import { EfaClient, type Operation, Operations as OperationList } from "@efa-kit/core"
import { answerAddInfo } from "./answers/addInfo.js"
import { answerCoordInfo } from "./answers/coordInfo.js"
import { answerDepartures } from "./answers/departures.js"
import { answerGeoObject } from "./answers/geoObject.js"
import { answerLines } from "./answers/lines.js"
import { answerLineStops } from "./answers/lineStops.js"
import { answerOpArea } from "./answers/opArea.js"
import { answerRealtimeForTrip } from "./answers/realtimeForTrip.js"
import { answerServingLines } from "./answers/servingLines.js"
import { answerStopFinder } from "./answers/stopFinder.js"
import { answerStops } from "./answers/stops.js"
import { answerSystemInfo } from "./answers/systemInfo.js"
import { answerTrip } from "./answers/trip.js"
import { answerTripStops } from "./answers/tripStops.js"
import type { Answer } from "./answers/types.js"
import { answerVehicleDetail } from "./answers/vehicleDetail.js"
import {
  type Completion,
  enrichAddInfo,
  enrichCoordInfo,
  enrichDepartures,
  enrichGeoObject,
  enrichLines,
  enrichLineStops,
  enrichLocations,
  enrichOpArea,
  enrichRealtimeForTrip,
  enrichServingLines,
  enrichStops,
  enrichSystemInfo,
  enrichTrip,
  enrichTripStops
} from "./rapidJson/enrich.js"
import { defaultLineTypes, renumberFilterBlocks } from "./rapidJson/lenient.js"

/**
 * What the `system-error` fault answers for an operation: EFA's message, beside the operation's empty
 * result (its result keys, each an empty list).
 *
 * @since 0.1.0
 * @category models
 */
export interface NoResult {
  readonly module: string
  readonly code: number
  readonly text: string
}

/**
 * One operation and its answer. On a path several operations share, the operation's `mode` parameter
 * selects it (an unknown value is then reported by its decoder); the operation without a mode answers the
 * rest.
 *
 * @since 0.1.0
 * @category models
 */
export interface AnswerEntry<Name extends OperationName = OperationName, Request = any, Response = any> {
  readonly operation: Operation.Operation<Name, Request, Response, any, any>
  readonly answer: Answer<Request, Response>
  readonly noResult: NoResult
  /** How real servers read the operation's queries and write its answers in rapidJSON. */
  readonly rapidJson: RapidJsonRules
  /** Answers that may take long (trips) wait for a turn of their own in the work queue. */
  readonly expensive?: boolean
}

/**
 * The core's operations, by method name.
 *
 * @since 0.1.0
 * @category models
 */
type Operations = typeof OperationList.all

/**
 * The name of an operation (the client's method name).
 *
 * @since 0.1.0
 * @category models
 */
export type OperationName = EfaClient.OperationName

/**
 * An operation's rapidJSON rules: what its answers carry besides the core's encoding (`complete`, built
 * from `rapidJson/places.ts` so that a stop looks the same in every operation), and how a real server
 * reads its query before decoding it (`normalise`; none: as sent).
 *
 * @since 0.2.0
 * @category models
 */
interface RapidJsonRules {
  readonly complete: Completion
  readonly normalise?: (pairs: ReadonlyArray<readonly [string, string]>) => ReadonlyArray<readonly [string, string]>
}

/**
 * The answers by operation name, one for each operation of the core's list (the vehicle-detail mode of
 * the coordinate search is its own entry).
 *
 * @since 0.1.0
 * @category models
 */
export type AnswerRegistry = {
  readonly [K in OperationName]: AnswerEntry<K, Operation.RequestOf<Operations[K]>, Operation.ResponseOf<Operations[K]>>
}

const operations = OperationList.all

/**
 * The fake's answers.
 *
 * @since 0.1.0
 * @category registry
 */
export const answers: AnswerRegistry = {
  trip: {
    operation: operations.trip,
    answer: answerTrip,
    expensive: true,
    noResult: { module: "routing", code: -4000, text: "no connection found" },
    rapidJson: { complete: enrichTrip }
  },
  coordInfo: {
    operation: operations.coordInfo,
    answer: answerCoordInfo,
    noResult: { module: "coordinfo", code: -8020, text: "no objects found" },
    rapidJson: { complete: enrichCoordInfo, normalise: renumberFilterBlocks }
  },
  vehicleDetail: {
    operation: operations.vehicleDetail,
    answer: answerVehicleDetail,
    noResult: { module: "vehicledetail", code: -8020, text: "vehicle not found" },
    rapidJson: { complete: enrichCoordInfo }
  },
  stopFinder: {
    operation: operations.stopFinder,
    answer: answerStopFinder,
    noResult: { module: "stopfinder", code: -8012, text: "no matching location found" },
    rapidJson: { complete: enrichLocations }
  },
  servingLines: {
    operation: operations.servingLines,
    answer: answerServingLines,
    noResult: { module: "lines", code: -4050, text: "no serving lines found" },
    rapidJson: { complete: enrichServingLines, normalise: defaultLineTypes }
  },
  addInfo: {
    operation: operations.addInfo,
    answer: answerAddInfo,
    noResult: { module: "addinfo", code: -10, text: "notices are not available" },
    rapidJson: { complete: enrichAddInfo }
  },
  opArea: {
    operation: operations.opArea,
    answer: answerOpArea,
    noResult: { module: "oparea", code: -10, text: "operating areas are not available" },
    rapidJson: { complete: enrichOpArea }
  },
  geoObject: {
    operation: operations.geoObject,
    answer: answerGeoObject,
    noResult: { module: "geoobject", code: -2000, text: "line not found" },
    rapidJson: { complete: enrichGeoObject }
  },
  departures: {
    operation: operations.departures,
    answer: answerDepartures,
    noResult: { module: "dm", code: -10, text: "the departure monitor is not available" },
    rapidJson: { complete: enrichDepartures }
  },
  tripStops: {
    operation: operations.tripStops,
    answer: answerTripStops,
    noResult: { module: "stopseq", code: -2000, text: "trip not found" },
    rapidJson: { complete: enrichTripStops }
  },
  systemInfo: {
    operation: operations.systemInfo,
    answer: answerSystemInfo,
    noResult: { module: "sysinfo", code: -10, text: "the system information is not available" },
    rapidJson: { complete: enrichSystemInfo }
  },
  lines: {
    operation: operations.lines,
    answer: answerLines,
    noResult: { module: "linelist", code: -4050, text: "no lines found" },
    rapidJson: { complete: enrichLines }
  },
  lineStops: {
    operation: operations.lineStops,
    answer: answerLineStops,
    noResult: { module: "linestop", code: -2000, text: "line not found" },
    rapidJson: { complete: enrichLineStops }
  },
  stops: {
    operation: operations.stops,
    answer: answerStops,
    noResult: { module: "stoplist", code: -2000, text: "no stops found" },
    rapidJson: { complete: enrichStops }
  },
  realtimeForTrip: {
    operation: operations.realtimeForTrip,
    answer: answerRealtimeForTrip,
    noResult: { module: "rtfortrip", code: -10, text: "real time for trips is not available" },
    rapidJson: { complete: enrichRealtimeForTrip }
  }
}

/**
 * The names of the operations, in the order of the core's list.
 *
 * @since 0.1.0
 * @category registry
 */
const operationNames: ReadonlyArray<OperationName> = Object.values(operations).map((operation) => operation.name)

/**
 * The entries of a registry in the order of the core's list.
 *
 * @since 0.1.0
 * @category registry
 */
export const entriesOf = (registry: AnswerRegistry): Array<AnswerEntry> =>
  operationNames.map((name): AnswerEntry => registry[name])

/**
 * The operations of a registry in the order of the core's list, for listings and the OpenAPI document.
 *
 * @since 0.1.0
 * @category registry
 */
export const operationsOf = (registry: AnswerRegistry): Array<Operation.Any> =>
  entriesOf(registry).map((entry) => entry.operation)
