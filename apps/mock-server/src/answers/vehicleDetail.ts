/**
 * The vehicle-detail answer (`XML_COORD_REQUEST` with `coordReqType=VEHICLEDETAIL`): one sharing
 * vehicle of the dataset by its reference `<vehicle>:<provider>:<area>`.
 *
 * The contract does not list this response's shape. The fake answers `pins` with one record: `id` (the
 * reference), `name` (the model, or the station for station-based vehicles), `type` (the vehicle kind),
 * `coord`, `provider`, `opArea`, `locationType`, `engineType` (not for plain bicycles) and `station`
 * when at one; with `vehSpec=1` also `specification: { model, seats, engineType?, licensePlate? }`;
 * with `vehAvail=1` also `availability: { available, battery?, rangeKm? }`.
 *
 * Filters: `vehEngineType`, `vehLocType<i>` and `vehSF` must include the vehicle's value (a vehicle
 * without a drive never matches `vehEngineType`); a vehicle at a station is found only with
 * `vehAtStation=1`. A vehicle that is not found or filtered out gives no pins and a `systemMessages`
 * error (code -8020, module `vehicledetail`).
 *
 * @since 0.1.0
 */
import type { VehicleDetail } from "@efa-kit/core"
import type { Vehicle } from "../dataset/schema.js"
import type { Answer } from "./types.js"

const passes = (request: VehicleDetail.VehicleDetailRequest, vehicle: Vehicle): boolean =>
  (request.engineTypes === undefined ||
    (vehicle.engineType !== undefined && request.engineTypes.includes(vehicle.engineType))) &&
  (request.locationTypes === undefined || request.locationTypes.includes(vehicle.locationType)) &&
  (request.vehicleKinds === undefined || request.vehicleKinds.includes(vehicle.kind)) &&
  (vehicle.locationType !== "STATION" || request.atStation === true)

/**
 * Answers a vehicle-detail request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerVehicleDetail: Answer<VehicleDetail.VehicleDetailRequest, VehicleDetail.VehicleDetailResponse> = (
  request,
  { dataset }
) => {
  const ref = request.vehicle
  const vehicle = dataset.sharing.vehicles.find((v) =>
    v.id === ref.vehicleId && v.provider === ref.operatorId && v.area === ref.opAreaId
  )
  if (vehicle === undefined || !passes(request, vehicle)) {
    return {
      pins: [],
      systemMessages: [{
        type: "error",
        module: "vehicledetail",
        code: -8020,
        text: vehicle === undefined
          ? `no vehicle ${ref.vehicleId} of operator ${ref.operatorId} in area ${ref.opAreaId}`
          : `vehicle ${ref.vehicleId} does not match the filters`
      }]
    }
  }
  const pin: VehicleDetail.Vehicle = {
    id: `${vehicle.id}:${vehicle.provider}:${vehicle.area}`,
    name: vehicle.station ?? vehicle.model,
    type: vehicle.kind,
    coord: vehicle.coord,
    provider: vehicle.provider,
    opArea: vehicle.area,
    locationType: vehicle.locationType,
    ...(vehicle.engineType !== undefined ? { engineType: vehicle.engineType } : {}),
    ...(vehicle.station !== undefined ? { station: vehicle.station } : {}),
    ...(request.specification
      ? {
        specification: {
          model: vehicle.model,
          seats: vehicle.seats,
          ...(vehicle.engineType !== undefined ? { engineType: vehicle.engineType } : {}),
          ...(vehicle.licensePlate !== undefined ? { licensePlate: vehicle.licensePlate } : {})
        }
      }
      : {}),
    ...(request.availability
      ? {
        availability: {
          available: vehicle.available,
          ...(vehicle.battery !== undefined ? { battery: vehicle.battery } : {}),
          ...(vehicle.rangeKm !== undefined ? { rangeKm: vehicle.rangeKm } : {})
        }
      }
      : {})
  }
  return { pins: [pin] }
}
