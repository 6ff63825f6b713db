/**
 * The answer registry: for each operation of the core, the function that answers it from the dataset,
 * and what the fake sends when told to fail with an EFA-style `systemMessages` error.
 *
 * @since 0.1.0
 */
import { EfaClient, type Operation } from "@efa-kit/core"
import { answerAddInfo } from "./answers/addInfo.js"
import { answerCoordInfo } from "./answers/coordInfo.js"
import { answerDepartures } from "./answers/departures.js"
import { answerGeoObject } from "./answers/geoObject.js"
import { answerOpArea } from "./answers/opArea.js"
import { answerServingLines } from "./answers/servingLines.js"
import { answerStopFinder } from "./answers/stopFinder.js"
import { answerTrip } from "./answers/trip.js"
import { answerTripStops } from "./answers/tripStops.js"
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
 * The query parameter that selects an operation on a path several operations share, and its value
 * (the request's mode).
 *
 * @since 0.1.0
 * @category models
 */
export interface Mode {
  readonly parameter: string
  readonly value: string
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
  /**
   * On a path several operations share, the parameter whose presence selects this one (an unknown
   * value is then reported by this operation's decoder); the entry without a mode answers the rest.
   */
  readonly mode?: Mode
  /** Answers that may take long (trips) wait for a turn of their own in the work queue. */
  readonly expensive?: boolean
}

/**
 * The core's operations, by method name.
 *
 * @since 0.1.0
 * @category models
 */
export type Operations = typeof EfaClient.operations

/**
 * The name of an operation (the client's method name).
 *
 * @since 0.1.0
 * @category models
 */
export type OperationName = keyof Operations

/**
 * The answers by operation name, one for each operation of the core's list (the vehicle-detail mode of
 * the coordinate search is its own entry).
 *
 * @since 0.1.0
 * @category models
 */
export type AnswerRegistry = {
  readonly [K in OperationName]: AnswerEntry<Operation.RequestOf<Operations[K]>, Operation.ResponseOf<Operations[K]>>
}

const { operations } = EfaClient

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
    noResult: { result: { trips: [] }, module: "routing", code: -4000, text: "no connection found" }
  },
  coordInfo: {
    operation: operations.coordInfo,
    answer: answerCoordInfo,
    noResult: { result: { pins: [] }, module: "coordinfo", code: -8020, text: "no objects found" }
  },
  vehicleDetail: {
    operation: operations.vehicleDetail,
    answer: answerVehicleDetail,
    mode: { parameter: "coordReqType", value: "VEHICLEDETAIL" },
    noResult: { result: { pins: [] }, module: "vehicledetail", code: -8020, text: "vehicle not found" }
  },
  stopFinder: {
    operation: operations.stopFinder,
    answer: answerStopFinder,
    noResult: { result: { locations: [] }, module: "stopfinder", code: -8012, text: "no matching location found" }
  },
  servingLines: {
    operation: operations.servingLines,
    answer: answerServingLines,
    noResult: { result: { servingLines: [] }, module: "lines", code: -4050, text: "no serving lines found" }
  },
  addInfo: {
    operation: operations.addInfo,
    answer: answerAddInfo,
    noResult: { result: { infos: [] }, module: "addinfo", code: -10, text: "notices are not available" }
  },
  opArea: {
    operation: operations.opArea,
    answer: answerOpArea,
    noResult: { result: { providers: [] }, module: "oparea", code: -10, text: "operating areas are not available" }
  },
  geoObject: {
    operation: operations.geoObject,
    answer: answerGeoObject,
    noResult: { result: { geometry: [], stops: [] }, module: "geoobject", code: -2000, text: "line not found" }
  },
  departures: {
    operation: operations.departures,
    answer: answerDepartures,
    noResult: {
      result: { events: [], locations: [] },
      module: "dm",
      code: -10,
      text: "the departure monitor is not available"
    }
  },
  tripStops: {
    operation: operations.tripStops,
    answer: answerTripStops,
    noResult: { result: { stops: [] }, module: "stopseq", code: -2000, text: "trip not found" }
  }
}

/**
 * The names of the operations, in the order of the core's list.
 *
 * @since 0.1.0
 * @category registry
 */
export const operationNames = Object.keys(operations) as Array<OperationName>

/**
 * The entries of a registry in the order of the core's list.
 *
 * @since 0.1.0
 * @category registry
 */
export const entriesOf = (registry: AnswerRegistry): Array<AnswerEntry> => operationNames.map((name) => registry[name])

/**
 * The operations of a registry in the order of the core's list, for listings and the OpenAPI document.
 *
 * @since 0.1.0
 * @category registry
 */
export const operationsOf = (registry: AnswerRegistry): Array<Operation.Any> =>
  entriesOf(registry).map((entry) => entry.operation)
