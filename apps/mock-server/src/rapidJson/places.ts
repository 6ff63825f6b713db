/**
 * The places of rapidJSON answers as real servers describe them, built from the dataset and the same in
 * every operation: a stop has its global ID, its short name, its coordinate, its locality as `parent` and
 * the product classes that call there; a platform is numbered per stop from the line directions that call
 * there (one platform per direction, in the dataset's order), so that the same line direction always
 * leaves from the same platform.
 *
 * @since 0.1.0
 */
import { type LineDirection, lookupOf } from "../dataset/lookup.js"
import type { Dataset, Line, Poi, Stop } from "../dataset/schema.js"
import { parentOfSite, type Site } from "../dataset/sites.js"
import type { TimetablePlatform } from "../dataset/trips.js"

/**
 * A rapidJSON place: the fields of the Mentz `location` the fake fills.
 *
 * @since 0.1.0
 * @category models
 */
type WirePlace = Record<string, unknown>

/**
 * The locality (municipality or district) of a stop or POI: `placeID:<OMC>:<place ID>`.
 *
 * @since 0.1.0
 * @category places
 */
const localityOf = (place: { readonly omc: string; readonly place: string; readonly placeId?: string }) => ({
  id: `placeID:${place.omc}:${place.placeId ?? "1"}`,
  name: place.place,
  type: "locality"
})

/**
 * The name of a stop without its place (`Hauptbahnhof` for `Stuttgart, Hauptbahnhof`).
 *
 * @since 0.1.0
 * @category places
 */
const shortName = (place: { readonly name: string; readonly place: string }): string => {
  const prefix = `${place.place}, `
  return place.name.startsWith(prefix) ? place.name.slice(prefix.length) : place.name
}

/**
 * The platform number a line direction calls at in a stop (`Lookup.plannedPlatforms`: its place among the
 * directions calling there), if it calls there.
 *
 * @since 0.1.0
 * @category places
 */
export const platformNumber = (dataset: Dataset, stopId: string, directionId: string): number | undefined => {
  const planned = lookupOf(dataset).plannedPlatforms.get(`${stopId}|${directionId}`)
  return planned === undefined ? undefined : Number(planned)
}

/**
 * The product classes (MOT-IDs) that call at a stop, ascending.
 *
 * @since 0.1.0
 * @category places
 */
export const productClassesAt = (dataset: Dataset, stopId: string): Array<number> => {
  // the look-up keeps them in ascending order
  const mots = lookupOf(dataset).motsAtStop.get(stopId)
  return mots === undefined ? [] : mots.slice()
}

/**
 * A stop as every answer describes it.
 *
 * @since 0.1.0
 * @category places
 */
export const stopPlace = (dataset: Dataset, stop: Stop): WirePlace => ({
  id: stop.id,
  isGlobalId: true,
  name: stop.name,
  disassembledName: shortName(stop),
  type: "stop",
  coord: [stop.coord.lat, stop.coord.lon],
  parent: localityOf(stop),
  productClasses: productClassesAt(dataset, stop.id),
  properties: { stopId: stop.id }
})

/**
 * A platform of a stop, its stop as `parent`: one with its own ID in the timetable (a GTFS feed's) has that ID
 * and its name, where it has one; one numbered per line direction is `<stop ID>:1:<number>` (area 1).
 *
 * @since 0.1.0
 * @category places
 */
export const platformPlace = (dataset: Dataset, stop: Stop, platform: number | TimetablePlatform): WirePlace => {
  const numbered = typeof platform === "number"
  const name = numbered ? String(platform) : platform.name
  return {
    id: numbered ? `${stop.id}:1:${platform}` : platform.id,
    isGlobalId: true,
    name: stop.name,
    ...(name === undefined ? {} : { disassembledName: name }),
    type: "platform",
    coord: [stop.coord.lat, stop.coord.lon],
    parent: stopPlace(dataset, stop),
    properties: {
      ...(name === undefined ? {} : { platform: name, platformName: name }),
      ...(numbered ? { areaGid: `${stop.id}:1` } : {})
    }
  }
}

/**
 * A POI as every answer describes it.
 *
 * @since 0.1.0
 * @category places
 */
export const poiPlace = (poi: Poi): WirePlace => ({
  id: poi.id,
  isGlobalId: false,
  name: poi.name,
  disassembledName: shortName(poi),
  type: "poi",
  coord: [poi.coord.lat, poi.coord.lon],
  parent: localityOf(poi)
})

/**
 * A site (a locality, suburb, street, address, crossing or postcode) as every answer describes it: its name
 * without its place, its locality as `parent`, its street, house number and postcode (its `type` is the
 * fake's: completions write it as the Mentz enum has it).
 *
 * @since 0.1.0
 * @category places
 */
export const sitePlace = (site: Site): WirePlace => {
  const place: WirePlace = {
    id: site.id,
    isGlobalId: false,
    name: site.name,
    disassembledName: site.shortName,
    type: site.kind,
    coord: [site.coord.lat, site.coord.lon]
  }
  const parent = parentOfSite(site)
  if (parent !== undefined) place.parent = parent
  if (site.streetName !== undefined) place.streetName = site.streetName
  if (site.houseNumber !== undefined) place.buildingNumber = site.houseNumber
  if (site.postcode !== undefined) place.postCode = site.postcode
  return place
}

/**
 * A line direction as a rapidJSON `transportation`: identifier, names, product, operator, origin, destination.
 *
 * @since 0.1.0
 * @category places
 */
export const transportationOf = (dataset: Dataset, direction: LineDirection): Record<string, unknown> => {
  const { line } = direction
  const lookup = lookupOf(dataset)
  const first = lookup.stopById.get(direction.stops[0]!)
  const last = lookup.stopById.get(direction.stops[direction.stops.length - 1]!)
  return {
    id: `${direction.id}:`,
    name: `${line.product} ${line.number}`,
    disassembledName: line.number,
    number: line.number,
    description: `${first?.name ?? ""} - ${last?.name ?? direction.towards}`,
    product: productOf(line),
    operator: { id: line.operator.code, name: line.operator.name },
    // where the direction's runs begin, as real boards and trips name it
    origin: first === undefined ? undefined : { id: first.id, name: first.name, type: "stop" },
    destination: last === undefined
      ? { name: direction.towards, type: "stop" }
      : { id: last.id, name: last.name, type: "stop" },
    properties: {
      isTTB: line.kinds.includes("TTB"),
      isSTT: line.kinds.includes("STT"),
      isROP: line.kinds.includes("ROB")
    }
  }
}

/**
 * A line's product as rapidJSON writes it: class (the MOT-ID), name and icon.
 *
 * @since 0.1.0
 * @category places
 */
const productOf = (line: Line) => ({ id: line.mot, class: line.mot, name: line.product, iconId: line.mot })
