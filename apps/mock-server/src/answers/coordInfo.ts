/**
 * The coordinate search's answer: the dataset's objects in a circle or a box, per filter block.
 *
 * Decisions where the contract is silent:
 * - A circular block without `radius_<i>` searches {@link DEFAULT_RADIUS} metres.
 * - Block types: `STOP` finds stops (`motTypes` their MOT-IDs), `BUS_POINT` the stops served by buses
 *   (MOT-IDs 5, 6, 7, 10, 17, 19, 20), `POI_POINT` points of interest (`inclPOIH_<i>` keeps those of the
 *   listed hierarchies), `ANY` all of these plus parking objects (type `PARKING`) and available sharing
 *   vehicles (type `SHARING_VEHICLE`, ID `<vehicle>:<provider>:<area>`, usable as `SharingRefId`). `STREET`
 *   finds the streets of the dataset's places passing through the circle or the box (their ID the stop
 *   finder's, their place as `parent`), each at its point nearest the centre (the box's middle); a dataset
 *   without places (a GTFS feed) has none. The dataset has no entrances, GIS objects, infrastructure, lines
 *   as objects or POI areas, so those blocks find nothing.
 * - Mode filters: `inclMOT_<i>` keeps stops served by one of the modes, `exclMOT_<i>` takes the modes
 *   away; `motTypes` lists only the modes that pass, and a stop with none left is dropped.
 * - Parking objects come as pins of type `PARKING` when the request has any parking option
 *   (`parkingObjectType`, `parkingCharge`, `parkingBikeRideInclusion`, `parkingParkRideInclusion`,
 *   the parking box, `parkObjInfo`) or an `ANY` block; they are searched in the parking box when given,
 *   else in the search space (the circle of the largest block radius). The pin record of the contract
 *   has no room for parking details, so `parkObjInfo` / `parkObjInfoRealtime` change nothing visible.
 * - `fltrParkObj=1` keeps only stops inside a parking zone's area.
 * - `max` keeps the nearest pins (to the centre, or to the box's middle). Pins are ordered by that
 *   distance, then type and ID; an object found by several blocks appears once.
 * - `mapNameOutput` other than `WGS84[dd.ddddd]`: no pins and a `systemMessages` error; `deadline` and
 *   `purpose` have no effect (every object of the dataset is always valid and has no purpose code).
 * - Nothing found: an empty `pins` list without an error (an empty map area is not a failure).
 *
 * @since 0.1.0
 */
import { Coord, type CoordInfo, Mot } from "@efa-kit/core"
import {
  boxContains,
  boxOfCorners,
  clipPolyline,
  distanceMeters,
  inRing,
  nearestOnPolyline
} from "../dataset/geometry.js"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset, Parking } from "../dataset/schema.js"
import { parentOfSite } from "../dataset/sites.js"
import type { Answer } from "./types.js"

/**
 * The radius of a circular block without `radius_<i>`, in metres.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_RADIUS = 1000

/**
 * The MOT-IDs counted as buses for `BUS_POINT` blocks.
 *
 * @since 0.1.0
 * @category constants
 */
const BUS_MOTS: ReadonlyArray<number> = [
  Mot.Mot.CityBus,
  Mot.Mot.RegionalBus,
  Mot.Mot.ExpressBus,
  Mot.Mot.OnDemandTaxi,
  Mot.Mot.RailReplacementBus,
  Mot.Mot.CommunityBus,
  Mot.Mot.OnDemandBus
]

type Pin = CoordInfo.Pin

interface Found {
  readonly pin: Pin
  readonly key: string
}

const where = (request: CoordInfo.CoordInfoRequest, radius: number | undefined) => {
  const space = request.searchSpace
  if (space._tag === "Circle") {
    const limit = radius ?? DEFAULT_RADIUS
    return (coord: Coord.Coord) => distanceMeters(space.centre, coord) <= limit
  }
  const box = boxOfCorners(space.upperLeft, space.lowerRight)
  return (coord: Coord.Coord) => boxContains(box, [coord.lat, coord.lon])
}

const centreOf = (request: CoordInfo.CoordInfoRequest): Coord.Coord => {
  const space = request.searchSpace
  return space._tag === "Circle"
    ? space.centre
    : { lat: (space.upperLeft.lat + space.lowerRight.lat) / 2, lon: (space.upperLeft.lon + space.lowerRight.lon) / 2 }
}

const modesPassing = (mots: ReadonlyArray<number>, block: CoordInfo.FilterBlock): Array<number> =>
  mots.filter((mot) =>
    (block.includeMots === undefined || block.includeMots.includes(mot)) &&
    (block.excludeMots === undefined || !block.excludeMots.includes(mot))
  )

const stopPins = (
  dataset: Dataset,
  request: CoordInfo.CoordInfoRequest,
  block: CoordInfo.FilterBlock,
  type: "STOP" | "BUS_POINT"
): Array<Found> => {
  const network = lookupOf(dataset)
  const inside = where(request, block.radius)
  const zones = request.parkingZoneStopsOnly
    ? dataset.parking.flatMap((parking) => parking.kind === "zone" && parking.area !== undefined ? [parking.area] : [])
    : undefined
  const out: Array<Found> = []
  for (const stop of dataset.stops) {
    if (!inside(stop.coord)) continue
    if (zones !== undefined && !zones.some((ring) => inRing(stop.coord, ring))) continue
    let mots = network.motsAtStop.get(stop.id) ?? []
    if (type === "BUS_POINT") mots = mots.filter((mot) => BUS_MOTS.includes(mot))
    const passing = modesPassing(mots, block)
    if (passing.length === 0) continue
    out.push({
      key: `${type}:${stop.id}`,
      pin: { type, id: stop.id, name: stop.name, coord: stop.coord, motTypes: passing.join(",") }
    })
  }
  return out
}

const poiPins = (dataset: Dataset, request: CoordInfo.CoordInfoRequest, block: CoordInfo.FilterBlock): Array<Found> => {
  const inside = where(request, block.radius)
  return dataset.pois
    .filter((poi) => inside(poi.coord))
    .filter((poi) => block.includePoiHierarchies === undefined || block.includePoiHierarchies.includes(poi.hierarchy))
    .map((poi) => ({
      key: `POI_POINT:${poi.id}`,
      pin: { type: "POI_POINT", id: poi.id, name: poi.name, coord: poi.coord }
    }))
}

const streetPins = (
  dataset: Dataset,
  request: CoordInfo.CoordInfoRequest,
  block: CoordInfo.FilterBlock
): Array<Found> => {
  const space = request.searchSpace
  const centre = centreOf(request)
  const out: Array<Found> = []
  for (const site of lookupOf(dataset).sites.all) {
    const street = site.street
    if (site.kind !== "street" || street === undefined) continue
    const nearest = nearestOnPolyline(street.geometry, centre)
    const inside = space._tag === "Circle"
      ? nearest.meters <= (block.radius ?? DEFAULT_RADIUS)
      : clipPolyline(street.geometry, boxOfCorners(space.upperLeft, space.lowerRight)).length > 0
    if (!inside) continue
    const pin: Pin = { type: "STREET", id: site.id, name: site.name, coord: nearest.coord }
    const parent = parentOfSite(site)
    out.push({ key: `STREET:${site.id}`, pin: parent === undefined ? pin : { ...pin, parent } })
  }
  return out
}

const inclusionPasses = (inclusion: CoordInfo.CoordInfoRequest["bikeAndRide"], value: boolean): boolean =>
  inclusion === undefined || inclusion === "INCLUDE" || (inclusion === "EXCLUDE" ? !value : value)

const parkingPasses = (request: CoordInfo.CoordInfoRequest, parking: Parking): boolean => {
  const kinds = request.parkingObjectTypes
  if (kinds !== undefined && kinds !== "all" && !kinds.includes(parking.kind)) return false
  if (request.parkingCharge !== undefined && request.parkingCharge !== parking.charge) return false
  return inclusionPasses(request.bikeAndRide, parking.bikeAndRide) &&
    inclusionPasses(request.parkAndRide, parking.parkAndRide)
}

const wantsParking = (request: CoordInfo.CoordInfoRequest): boolean =>
  request.parkingObjectTypes !== undefined || request.parkingCharge !== undefined ||
  request.bikeAndRide !== undefined || request.parkAndRide !== undefined || request.parkingBox !== undefined ||
  request.parkingDetails !== undefined ||
  request.filters.some((block) => block.type === "ANY")

const parkingPins = (dataset: Dataset, request: CoordInfo.CoordInfoRequest): Array<Found> => {
  const box = request.parkingBox
  const radii = request.filters.flatMap((block) => (block.radius !== undefined ? [block.radius] : []))
  const inside = box !== undefined
    ? (coord: Coord.Coord) => boxContains(boxOfCorners(box.upperLeft, box.lowerRight), [coord.lat, coord.lon])
    : where(request, radii.length > 0 ? Math.max(...radii) : undefined)
  return dataset.parking
    .filter((parking) => inside(parking.coord) && parkingPasses(request, parking))
    .map((parking) => ({
      key: `PARKING:${parking.id}`,
      pin: { type: "PARKING", id: parking.id, name: parking.name, coord: parking.coord }
    }))
}

const vehiclePins = (
  dataset: Dataset,
  request: CoordInfo.CoordInfoRequest,
  block: CoordInfo.FilterBlock
): Array<Found> => {
  const inside = where(request, block.radius)
  return dataset.sharing.vehicles
    .filter((vehicle) => vehicle.available && inside(vehicle.coord))
    .map((vehicle) => {
      const id = `${vehicle.id}:${vehicle.provider}:${vehicle.area}`
      return {
        key: `SHARING_VEHICLE:${id}`,
        pin: {
          type: "SHARING_VEHICLE",
          id,
          name: vehicle.station !== undefined ? `${vehicle.model} (${vehicle.station})` : vehicle.model,
          coord: vehicle.coord
        }
      }
    })
}

const blockPins = (
  dataset: Dataset,
  request: CoordInfo.CoordInfoRequest,
  block: CoordInfo.FilterBlock
): Array<Found> => {
  switch (block.type) {
    case "STOP":
      return stopPins(dataset, request, block, "STOP")
    case "BUS_POINT":
      return stopPins(dataset, request, block, "BUS_POINT")
    case "POI_POINT":
      return poiPins(dataset, request, block)
    case "STREET":
      return streetPins(dataset, request, block)
    case "ANY":
      return [
        ...stopPins(dataset, request, block, "STOP"),
        ...poiPins(dataset, request, block),
        ...vehiclePins(dataset, request, block)
      ]
    default:
      return []
  }
}

const failure = (code: number, text: string): CoordInfo.CoordInfoResponse => ({
  pins: [],
  systemMessages: [{ type: "error", module: "coordinfo", code, text }]
})

/**
 * Answers a coordinate search from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerCoordInfo: Answer<CoordInfo.CoordInfoRequest, CoordInfo.CoordInfoResponse> = (
  request,
  { dataset }
) => {
  const output = request.outputCoordinateSystem?.toUpperCase()
  if (output !== undefined && output !== Coord.WGS84_DECIMAL.toUpperCase() && output !== "WGS84") {
    const named = request.outputCoordinateSystem
    return failure(-8010, `output coordinate system "${named}" is not supported; use ${Coord.WGS84_DECIMAL}`)
  }
  const found = new Map<string, Pin>()
  for (const block of request.filters) {
    for (const { key, pin } of blockPins(dataset, request, block)) if (!found.has(key)) found.set(key, pin)
  }
  if (wantsParking(request)) {
    for (const { key, pin } of parkingPins(dataset, request)) if (!found.has(key)) found.set(key, pin)
  }
  const centre = centreOf(request)
  const pins = Array.from(found.values())
    .map((pin) => ({ pin, distance: distanceMeters(centre, pin.coord) }))
    .sort((a, b) =>
      a.distance - b.distance || (a.pin.type < b.pin.type ? -1 : a.pin.type > b.pin.type ? 1 : 0) ||
      ((a.pin.id ?? "") < (b.pin.id ?? "") ? -1 : (a.pin.id ?? "") > (b.pin.id ?? "") ? 1 : 0)
    )
    .slice(0, request.maxResults ?? Infinity)
    .map(({ pin }) => pin)
  return { pins }
}
