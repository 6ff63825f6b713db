/**
 * The answer registry: for each operation of the core, the function that answers it from the dataset,
 * and what the fake sends when told to fail with an EFA-style `systemMessages` error.
 *
 * @since 0.1.0
 */
import {
  AddInfo,
  CoordInfo,
  GeoObject,
  OpArea,
  type Operation,
  ServingLines,
  StopFinder,
  Trip,
  VehicleDetail
} from "@efa-kit/core"
import { answerAddInfo } from "./answers/addInfo.js"
import { answerCoordInfo } from "./answers/coordInfo.js"
import { answerGeoObject } from "./answers/geoObject.js"
import { answerOpArea } from "./answers/opArea.js"
import { answerServingLines } from "./answers/servingLines.js"
import { answerStopFinder } from "./answers/stopFinder.js"
import { answerTrip } from "./answers/trip.js"
import type { Answer } from "./answers/types.js"
import { answerVehicleDetail } from "./answers/vehicleDetail.js"

/**
 * What the `system-error` fault answers for an operation: the empty result and the message.
 *
 * @since 0.1.0
 * @category models
 */
export interface NoResult {
  readonly result: Record<string, unknown>
  readonly module: string
  readonly code: number
  readonly text: string
}

/**
 * One operation and its answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface AnswerEntry<Request = any, Response = any> {
  readonly operation: Operation.Operation<Request, Response, any, any>
  readonly answer: Answer<Request, Response>
  readonly noResult: NoResult
}

/**
 * The answers by operation name; the vehicle-detail mode of `XML_COORD_REQUEST` is its own entry.
 *
 * @since 0.1.0
 * @category models
 */
export interface AnswerRegistry {
  readonly trip: AnswerEntry<Trip.TripRequest, Trip.TripResponse>
  readonly coordInfo: AnswerEntry<CoordInfo.CoordInfoRequest, CoordInfo.CoordInfoResponse>
  readonly vehicleDetail: AnswerEntry<VehicleDetail.VehicleDetailRequest, VehicleDetail.VehicleDetailResponse>
  readonly stopFinder: AnswerEntry<StopFinder.StopFinderRequest, StopFinder.StopFinderResponse>
  readonly servingLines: AnswerEntry<ServingLines.ServingLinesRequest, ServingLines.ServingLinesResponse>
  readonly addInfo: AnswerEntry<AddInfo.AddInfoRequest, AddInfo.AddInfoResponse>
  readonly opArea: AnswerEntry<OpArea.OpAreaRequest, OpArea.OpAreaResponse>
  readonly geoObject: AnswerEntry<GeoObject.GeoObjectRequest, GeoObject.GeoObjectResponse>
}

/**
 * The fake's answers.
 *
 * @since 0.1.0
 * @category registry
 */
export const answers: AnswerRegistry = {
  trip: {
    operation: Trip.operation,
    answer: answerTrip,
    noResult: { result: { trips: [] }, module: "routing", code: -4000, text: "no connection found" }
  },
  coordInfo: {
    operation: CoordInfo.operation,
    answer: answerCoordInfo,
    noResult: { result: { pins: [] }, module: "coordinfo", code: -8020, text: "no objects found" }
  },
  vehicleDetail: {
    operation: VehicleDetail.operation,
    answer: answerVehicleDetail,
    noResult: { result: { pins: [] }, module: "vehicledetail", code: -8020, text: "vehicle not found" }
  },
  stopFinder: {
    operation: StopFinder.operation,
    answer: answerStopFinder,
    noResult: { result: { locations: [] }, module: "stopfinder", code: -8012, text: "no matching location found" }
  },
  servingLines: {
    operation: ServingLines.operation,
    answer: answerServingLines,
    noResult: { result: { servingLines: [] }, module: "lines", code: -4050, text: "no serving lines found" }
  },
  addInfo: {
    operation: AddInfo.operation,
    answer: answerAddInfo,
    noResult: { result: { infos: [] }, module: "addinfo", code: -10, text: "notices are not available" }
  },
  opArea: {
    operation: OpArea.operation,
    answer: answerOpArea,
    noResult: { result: { providers: [] }, module: "oparea", code: -10, text: "operating areas are not available" }
  },
  geoObject: {
    operation: GeoObject.operation,
    answer: answerGeoObject,
    noResult: { result: { geometry: [], stops: [] }, module: "geoobject", code: -2000, text: "line not found" }
  }
}

/**
 * The paths the fake serves, in the contract's order, with the entries each path answers.
 *
 * @since 0.1.0
 * @category registry
 */
export const PATHS = [
  "XML_TRIP_REQUEST2",
  "XML_COORD_REQUEST",
  "XML_STOPFINDER_REQUEST",
  "XML_SERVINGLINES_REQUEST",
  "XML_ADDINFO_REQUEST",
  "XML_OPAREA_REQUEST",
  "XML_GEOOBJECT_REQUEST"
] as const

/**
 * @since 0.1.0
 * @category models
 */
export type OperationPath = typeof PATHS[number]

/**
 * Whether a text is one of the seven paths.
 *
 * @since 0.1.0
 * @category registry
 */
export const isOperationPath = (path: string): path is OperationPath => (PATHS as ReadonlyArray<string>).includes(path)

/**
 * The operations of a registry in the contract's order (the vehicle detail after the coordinate
 * search), for listings and the OpenAPI document.
 *
 * @since 0.1.0
 * @category registry
 */
export const operationsOf = (registry: AnswerRegistry): Array<Operation.Any> => [
  registry.trip.operation,
  registry.coordInfo.operation,
  registry.vehicleDetail.operation,
  registry.stopFinder.operation,
  registry.servingLines.operation,
  registry.addInfo.operation,
  registry.opArea.operation,
  registry.geoObject.operation
]
