/**
 * The stop finder's answer: text, ID or coordinate search over the dataset's stops, points of interest
 * and sites (localities, suburbs, streets, addresses, crossings, postcodes). Matching and ranking (`matchQuality`, and the options `prMinQu`, `anyMaxSizeHitList`,
 * `anySigWhenPerfectNoOtherMatches`, `anyObjFilter_sf`, `useLocalityMainStop`, `anyOmc_sf`,
 * `tryFurtherAnyWithoutLoc`, `objPrefAl`, `objPrefAm`, `prefStModeAm`, `rMethod`) are the location
 * search's: see `search/locations.ts`. This module turns the hits into locations:
 *
 * - `assignedStops` (the stops within the access radius, nearest first, at most 5, each with its distance in
 *   metres and its walk in minutes) are added to every location that is not a stop; a locality's or suburb's
 *   are its main stop. `doNotSearchForStops_sf=1` leaves them out, and turns a
 *   coordinate search into the verification of that coordinate alone: one location of type `coord`
 *   whose ID is the coordinate in request format (`<lon>:<lat>:WGS84[dd.ddddd]`, usable with
 *   `type_<usage>=coord`).
 * - A site names its place (`parent`: the locality, `placeID:<omc>:<placeId>`; a locality has none), a
 *   street, an address or a crossing its `streetName`, an address its `houseNumber`, each of them and a postcode
 *   its `postcode`; an address placed where its number would be (`locationInfoActive=1`) is `interpolated`.
 * - `regionID_sf`, `regPrefAl`, `regPrefAm`, `anyResSort_sf` and `useHouseNumberList_sf` are accepted and have
 *   no effect: the dataset has no regions or sorters, and a street's location does not list its numbers.
 * - No hit: an empty list with a `systemMessages` error (code -8012, module `stopfinder`), as EFA does.
 *
 * @since 0.1.0
 */
import type { Coord, Point, StopFinder } from "@efa-kit/core"
import { distanceMeters, positionLocation, walkSeconds } from "../dataset/geometry.js"
import { lookupOf, stopsNear } from "../dataset/lookup.js"
import type { Dataset, Stop } from "../dataset/schema.js"
import { parentOfSite, type Site } from "../dataset/sites.js"
import { findLocations, type LocationHit, positionOf } from "../search/locations.js"
import { PERFECT } from "../search/text.js"
import type { Answer } from "./types.js"

/**
 * Most assigned stops per location.
 *
 * @since 0.1.0
 * @category constants
 */
const MAX_ASSIGNED_STOPS = 5

const assignedStop = (dataset: Dataset, stop: Stop, meters: number): StopFinder.AssignedStop => ({
  id: stop.id,
  name: stop.name,
  distance: Math.round(meters),
  duration: walkSeconds(meters, dataset.meta) / 60
})

const assignedStops = (dataset: Dataset, coord: Coord.Coord, mainStop?: string): Array<StopFinder.AssignedStop> => {
  const main = mainStop === undefined ? undefined : lookupOf(dataset).stopById.get(mainStop)
  if (main !== undefined) return [assignedStop(dataset, main, distanceMeters(coord, main.coord))]
  return stopsNear(dataset, coord, dataset.meta.accessRadiusMeters)
    .slice(0, MAX_ASSIGNED_STOPS)
    .map(({ meters, stop }) => assignedStop(dataset, stop, meters))
}

// What a site's location says besides the fields every location has.
const siteFields = (site: Site) => {
  const out: {
    parent?: Point.ParentPlace
    streetName?: string
    houseNumber?: string
    postcode?: string
    interpolated?: boolean
  } = {}
  const parent = parentOfSite(site)
  if (parent !== undefined) out.parent = parent
  if (site.streetName !== undefined) out.streetName = site.streetName
  if (site.houseNumber !== undefined) out.houseNumber = site.houseNumber
  if (site.postcode !== undefined) out.postcode = site.postcode
  if (site.interpolated === true) out.interpolated = true
  return out
}

const siteOf = (hit: LocationHit): Site | undefined =>
  hit.kind === "stop" || hit.kind === "poi" ? undefined : hit.object

const noMatch = (): StopFinder.StopFinderResponse => ({
  locations: [],
  systemMessages: [{ type: "error", module: "stopfinder", code: -8012, text: "no matching location found" }]
})

/**
 * Answers a stop-finder request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerStopFinder: Answer<StopFinder.StopFinderRequest, StopFinder.StopFinderResponse> = (
  request,
  { dataset }
) => {
  const point = positionOf(request.input)
  if (point !== undefined && request.skipNearbyStops) {
    const { id, name } = positionLocation(point)
    return {
      locations: [{ id, name, type: "coord", isBest: true, matchQuality: PERFECT, coord: point }]
    }
  }

  const hits = findLocations(request, dataset)
  if (hits.length === 0) return noMatch()

  return {
    locations: hits.map((hit, i) => {
      const object = hit.object
      const site = siteOf(hit)
      const base = {
        id: object.id,
        name: object.name,
        type: hit.kind,
        isBest: i === 0,
        matchQuality: hit.quality,
        coord: object.coord,
        ...(site === undefined ? {} : siteFields(site))
      }
      return hit.kind !== "stop" && !request.skipNearbyStops
        ? { ...base, assignedStops: assignedStops(dataset, object.coord, site?.mainStop) }
        : base
    })
  }
}
