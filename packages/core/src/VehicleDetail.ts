/**
 * Sharing-vehicle detail: the detail mode of the coordinate search (`XML_COORD_REQUEST` with
 * `coordReqType=VEHICLEDETAIL`, `vehDetail=1`, `vehSM=ID`) for one vehicle, given by its sharing
 * reference `SharingRefId=<ID>:<OperatorID>:<OpAreaID>`.
 *
 * The contract does not list the shape of this response. It is decoded leniently: `pins` (as the
 * coordinate search names its result list) is typed where the fields are evident (`id`, `name`, `type`,
 * `coord`, all optional) and every other field of a pin, and every other top-level field, is kept as the
 * JSON the server sent (`unknown`), under its own name.
 *
 * Decisions where the contract is silent:
 * - The filter lists (`engineTypes`, `locationTypes`, `vehicleKinds`) are non-empty when present;
 *   `vehEngineType` and `vehSF` are repeated parameters, `vehLocType<i>` are numbered from 0, and a
 *   query with a gap in that numbering is refused at the missing parameter.
 * - The parts of the sharing reference may not contain `:` or spaces.
 *
 * @since 0.1.0
 */
import * as Arr from "effect/Array"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { FlagParam, opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { LiteralParam, ModelToken, oneOf, repeatedNonEmpty } from "./internal/schema/wireValues.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * A sharing vehicle's reference: vehicle, operator and operating-area IDs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleRef = Schema.Struct({
  /** The vehicle ID. */
  vehicleId: ModelToken,
  /** The operator ID. */
  operatorId: ModelToken,
  /** The operating-area ID. */
  opAreaId: ModelToken
}).annotations({ identifier: "VehicleRef" })

/**
 * @since 0.1.0
 * @category models
 */
export interface VehicleRef extends Schema.Schema.Type<typeof VehicleRef> {}

/**
 * `SharingRefId` as a query value: `<ID>:<OperatorID>:<OpAreaID>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SharingRefIdParam: Schema.Schema<VehicleRef, string> = parsedParam(VehicleRef, {
  decode: (text) => {
    const parts = text.split(":")
    if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
      return Either.left(`expected <ID>:<OperatorID>:<OpAreaID>, got "${text}"`)
    }
    const [vehicleId, operatorId, opAreaId] = parts as [string, string, string]
    return Either.right({ vehicleId, operatorId, opAreaId })
  },
  encode: (ref) => `${ref.vehicleId}:${ref.operatorId}:${ref.opAreaId}`
}).annotations({
  identifier: "SharingRefIdParam",
  jsonSchema: { type: "string", pattern: "^[^:\\s]+:[^:\\s]+:[^:\\s]+$" }
})

/**
 * Drive types of `vehEngineType`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EngineType = oneOf("EngineType", ["COMBUSTION", "ELECTRIC", "HYBRID"])

/**
 * @since 0.1.0
 * @category models
 */
export type EngineType = typeof EngineType.Type

/**
 * Location types of `vehLocType<i>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LocationType = oneOf("LocationType", ["CLASSIC", "FREEFLOATER", "STATION", "POSITION"])

/**
 * @since 0.1.0
 * @category models
 */
export type LocationType = typeof LocationType.Type

/**
 * Vehicle kinds of `vehSF` in the detail mode.
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleKind = oneOf("VehicleKind", ["CAR", "BIKE", "MINIVEHICLE", "TAXI"])

/**
 * @since 0.1.0
 * @category models
 */
export type VehicleKind = typeof VehicleKind.Type

// The location types: `vehLocType<i>` for the `i`th.
const locationTypeList = ParamTable.indexedList(ParamTable.param("vehLocType", LocationType, LocationType))

// The vehicle-detail parameters that map to one field each, in wire order.
const table = ParamTable.make({
  /** The vehicle (`SharingRefId=<ID>:<OperatorID>:<OpAreaID>`). */
  vehicle: ParamTable.required(ParamTable.param("SharingRefId", VehicleRef, SharingRefIdParam)),
  /** Also vehicles standing at stations (`vehAtStation=1`). */
  atStation: ParamTable.flag("vehAtStation"),
  /** Return the technical specification (`vehSpec=1`). */
  specification: ParamTable.flag("vehSpec"),
  /** Return the availability (`vehAvail=1`). */
  availability: ParamTable.flag("vehAvail"),
  /** Only these drive types (`vehEngineType`, repeated). */
  engineTypes: repeatedNonEmpty("vehEngineType", EngineType, LiteralParam(EngineType)),
  /** Only these vehicle kinds (`vehSF`, repeated). */
  vehicleKinds: repeatedNonEmpty("vehSF", VehicleKind, LiteralParam(VehicleKind))
})

/**
 * A sharing-vehicle detail request.
 *
 * @example
 * ```ts
 * import { Operation, VehicleDetail } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * // the parts of a SHARING_VEHICLE pin's id, as the coordinate search returns it
 * const [vehicleId, operatorId, opAreaId] = "RR-1001:regiorad:rr-stuttgart".split(":") as [string, string, string]
 * const request: VehicleDetail.VehicleDetailRequest = {
 *   vehicle: { vehicleId, operatorId, opAreaId },
 *   availability: true
 * }
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(VehicleDetail.VehicleDetailQuery)(request)),
 *   "coordReqType=VEHICLEDETAIL&vehDetail=1&vehSM=ID&SharingRefId=RR-1001:regiorad:rr-stuttgart&vehAvail=1"
 * )
 * ```
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleDetailRequest = Schema.Struct(ParamTable.fieldsOf(table.fields, {
  /** Only these location types (`vehLocType0`, `vehLocType1`, ...). */
  locationTypes: opt(Schema.NonEmptyArray(LocationType))
})).annotations({ identifier: "VehicleDetailRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export interface VehicleDetailRequest extends Schema.Schema.Type<typeof VehicleDetailRequest> {}

/**
 * A {@link VehicleDetailRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type VehicleDetailRequestInput = typeof VehicleDetailRequest.Encoded

// The parameter that selects the detail mode on the coordinate search's path; the fake routes by it.
const MODE = { parameter: "coordReqType", value: "VEHICLEDETAIL" } as const

/**
 * The query parameters of the vehicle detail, by their wire names. `vehLocType<i>` is an index signature
 * (`VehicleDetailParams.records`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleDetailParams = Schema.Struct(
  {
    [MODE.parameter]: Schema.Literal(MODE.value),
    vehDetail: FlagParam,
    vehSM: Schema.Literal("ID"),
    ...table.params
  },
  ...locationTypeList.records
).annotations({ identifier: "VehicleDetailParams" })

/**
 * The vehicle-detail request as query parameters and back. The encoder always adds
 * `coordReqType=VEHICLEDETAIL`, `vehDetail=1` and `vehSM=ID`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleDetailQuery: Schema.Schema<VehicleDetailRequest, ReadonlyArray<readonly [string, string]>> =
  defineQuery("VehicleDetailQuery", VehicleDetailParams, VehicleDetailRequest, {
    decode: (p, issues) => {
      const locationTypes = locationTypeList.decode(p, issues)
      const request = table.decode(
        p,
        issues,
        definedOnly({ locationTypes: Arr.isNonEmptyReadonlyArray(locationTypes) ? locationTypes : undefined })
      )
      return issues.when(() => request)
    },
    encode: (request) => {
      const params = table.encode(request, {
        [MODE.parameter]: MODE.value,
        vehDetail: true as const,
        vehSM: "ID" as const
      })
      locationTypeList.encode(request.locationTypes ?? [], params)
      return params
    }
  })

// A field the contract does not list, kept as the server sent it: any JSON value (so generated values survive
// a JSON round trip, as a response's fields do).
const JsonField = Schema.Unknown.annotations(arbitraryHint("jsonValue"))

// The name of such a field. Generated names avoid the fields typed next to it, whose values a JSON value
// would not fit.
const extraFieldName = (typed: ReadonlyArray<string>) =>
  Schema.String.annotations(arbitraryHint({ keyOtherThan: typed }))

/**
 * One vehicle (or other object) of the detail response. `id`, `name`, `type` and `coord` are typed when
 * present; every other field is kept as the server sent it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Vehicle = Schema.Struct(
  {
    id: opt(Schema.String),
    name: opt(Schema.String),
    type: opt(Schema.String),
    coord: opt(Coord.Coord)
  },
  Schema.Record({ key: extraFieldName(["id", "name", "type", "coord"]), value: JsonField })
).annotations({ identifier: "Vehicle" })

/**
 * @since 0.1.0
 * @category models
 */
export type Vehicle = typeof Vehicle.Type

/**
 * The vehicle-detail response, decoded leniently since the contract does not list its shape: `pins`
 * (an empty list when absent) of {@link Vehicle}, `systemMessages`, and every other top-level field
 * kept as JSON under its own name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleDetailResponse = Schema.Struct(
  {
    pins: Schema.optionalWith(Schema.Array(Vehicle), { exact: true, default: () => [] }),
    ...SystemMessage.systemMessagesField
  },
  Schema.Record({ key: extraFieldName(["pins", "systemMessages"]), value: JsonField })
).annotations({ identifier: "VehicleDetailResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export type VehicleDetailResponse = typeof VehicleDetailResponse.Type

/**
 * Whether a detail response carries anything beyond `systemMessages`: pins, or any other top-level
 * field with a value.
 *
 * @since 0.1.0
 * @category utils
 */
export const hasResult = (response: VehicleDetailResponse): boolean =>
  response.pins.length > 0 ||
  Object.keys(response).some((key) => key !== "pins" && key !== "systemMessages" && response[key] != null)

// operation list entry (pnpm gen:operations)
// order: 3
// path: XML_COORD_REQUEST
// method: Details of one sharing vehicle (the coordinate search's detail mode).
/**
 * The vehicle-detail operation (same path as the coordinate search). Its `params` also carry an index
 * signature for `vehLocType<i>` (`VehicleDetailParams.records`).
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "vehicleDetail",
  VehicleDetailRequest,
  VehicleDetailResponse,
  typeof VehicleDetailResponse.Encoded,
  VehicleDetailRequestInput
> = {
  name: "vehicleDetail",
  errors: {},
  path: contractPaths.vehicleDetail,
  mode: MODE,
  summary: "Details of one sharing vehicle: position, specification, availability",
  params: VehicleDetailParams,
  request: VehicleDetailRequest,
  query: () => VehicleDetailQuery,
  response: VehicleDetailResponse,
  hasResult,
  resultKeys: { contract: ["pins"], rapidJSON: ["locations"] },
  // sharing vehicles move and are taken
  timeToLive: "15 seconds",
  rapidJson: () => import("./internal/rapidjson/VehicleDetail.js").then((module) => module.codec(VehicleDetailResponse))
}

/**
 * The vehicle-detail operation under a name that tells it apart from the coordinate search on the same
 * path.
 *
 * @since 0.1.0
 * @category operations
 */
export const vehicleDetailOperation = operation
