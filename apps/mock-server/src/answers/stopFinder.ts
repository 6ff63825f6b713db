/**
 * The stop finder's answer: text, ID or coordinate search over the dataset's stops and points of
 * interest. Matching and ranking (`matchQuality`, and the options `prMinQu`, `anyMaxSizeHitList`,
 * `anySigWhenPerfectNoOtherMatches`, `anyObjFilter_sf`, `useLocalityMainStop`, `anyOmc_sf`,
 * `tryFurtherAnyWithoutLoc`, `objPrefAl`, `objPrefAm`, `prefStModeAm`, `rMethod`) are the location
 * search's: see `search/locations.ts`. This module turns the hits into locations:
 *
 * - `assignedStops` (the stops within the access radius, nearest first, at most 5) are added to every
 *   location that is not a stop (POIs); `doNotSearchForStops_sf=1` leaves them out, and turns a
 *   coordinate search into the verification of that coordinate alone: one location of type `coord`
 *   whose ID is the coordinate in request format (`<lon>:<lat>:WGS84[dd.ddddd]`, usable with
 *   `type_<usage>=coord`).
 * - `regionID_sf`, `regPrefAl`, `regPrefAm`, `anyResSort_sf`, `locationInfoActive` and
 *   `useHouseNumberList_sf` are accepted and have no effect: the dataset has no regions, sorters or
 *   house numbers.
 * - No hit: an empty list with a `systemMessages` error (code -8012, module `stopfinder`), as EFA does.
 *
 * @since 0.1.0
 */
import type { Coord, StopFinder } from "@efa-kit/core"
import { positionLocation } from "../dataset/geometry.js"
import { stopsNear } from "../dataset/lookup.js"
import type { Dataset } from "../dataset/schema.js"
import { findLocations, positionOf } from "../search/locations.js"
import { PERFECT } from "../search/text.js"
import type { Answer } from "./types.js"

/**
 * Most assigned stops per location.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_ASSIGNED_STOPS = 5

const assignedStops = (dataset: Dataset, coord: Coord.Coord) =>
  stopsNear(dataset, coord, dataset.meta.accessRadiusMeters)
    .slice(0, MAX_ASSIGNED_STOPS)
    .map(({ stop }) => ({ id: stop.id, name: stop.name }))

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
      const base = {
        id: object.id,
        name: object.name,
        type: hit.kind,
        isBest: i === 0,
        matchQuality: hit.quality,
        coord: object.coord
      }
      return hit.kind === "poi" && !request.skipNearbyStops
        ? { ...base, assignedStops: assignedStops(dataset, object.coord) }
        : base
    })
  }
}
