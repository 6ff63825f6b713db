// The vehicle detail's rapidJSON codec. No public recording exists: the wire schema is lenient, and every field
// of a vehicle (`properties.coordInfoDetails` included) is kept as sent.
import * as Schema from "effect/Schema"
import type * as VehicleDetail from "../../VehicleDetail.js"
import { opt } from "../schema/params.js"
import { codecOf, type Mutable, put, SystemMessages, WireCoord } from "./wire.js"

const WireVehicle = Schema.Struct(
  {
    id: opt(Schema.String),
    name: opt(Schema.String),
    type: opt(Schema.String),
    coord: opt(WireCoord)
  },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
).annotations({ identifier: "WireVehicle" })

/**
 * The rapidJSON vehicle-detail answer (from the Mentz schema only: `locations` of type `sharing` with
 * `properties.coordInfoDetails`).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireVehicleDetailResponse = Schema.Struct({
  locations: opt(Schema.Array(WireVehicle)),
  ...SystemMessages
}).annotations({ identifier: "WireVehicleDetailResponse" })

const vehicleDetailDecode = (wire: typeof WireVehicleDetailResponse.Type): VehicleDetail.VehicleDetailResponse => {
  // `pins` ← `locations`, every field besides `id`, `name`, `type`, `coord` kept as sent
  const out: Record<string, unknown> = { pins: wire.locations ?? [] }
  put(out, "systemMessages", wire.systemMessages)
  return out as VehicleDetail.VehicleDetailResponse
}

const vehicleDetailEncode = (response: VehicleDetail.VehicleDetailResponse): typeof WireVehicleDetailResponse.Type => {
  const out: Mutable<typeof WireVehicleDetailResponse.Type> = {
    locations: response.pins as NonNullable<typeof WireVehicleDetailResponse.Type["locations"]>
  }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(
  WireVehicleDetailResponse,
  "VehicleDetailResponse",
  () => vehicleDetailDecode,
  () => vehicleDetailEncode
)
