/**
 * The stop finder's answer: text, ID or coordinate search over the dataset's stops and points of
 * interest.
 *
 * Ranking (`matchQuality`, higher is better, scale 0..1000, not a percentage):
 * - An ID (of a stop or POI, case-insensitive) finds exactly that object, quality 1000.
 * - Text is compared case- and diacritics-insensitively (`Schloßplatz` = `schlossplatz`, `Böblingen` =
 *   `Boeblingen` = `Boblingen`) with abbreviations written out (`Hbf`, `Bf`, `Str.`, `Pl.`): 1000 when
 *   the query is a name or alias of the object, 500..990 when every query word matches a word of the
 *   name (exactly, as a prefix, as the end of a compound, or with a typo), less than 400 when only some
 *   do. Ties go to stops with more lines (weighted by `relInf`, default 20 %), then by name.
 * - A coordinate (`type_sf=coord`, or a coordinate typed as text) finds the stops (and POIs) within the
 *   dataset's access radius, nearest first: quality falls from 999 at the point to 500 at the radius.
 *
 * Options:
 * - `prMinQu` (0..100) is mapped onto the scale as `prMinQu × 10`: hits below are dropped.
 * - `anyMaxSizeHitList` caps the list (default 50).
 * - `anySigWhenPerfectNoOtherMatches=1` returns only the perfect match (quality 1000) when there is one.
 * - `anyObjFilter_sf` keeps stops (bit 2) and POIs (bit 32); the dataset has no localities, streets,
 *   addresses, crossings or postcodes, so other bits alone find nothing. 0 or absent is no filter.
 * - `assignedStops` (the stops within the access radius, nearest first, at most 5) are added to every
 *   location that is not a stop (POIs); `doNotSearchForStops_sf=1` leaves them out, and turns a
 *   coordinate search into the verification of that coordinate alone: one location of type `coord`
 *   whose ID is the coordinate in request format (`<lon>:<lat>:WGS84[dd.ddddd]`, usable with
 *   `type_<usage>=coord`).
 * - `useLocalityMainStop=1`: a query that is a place's name finds that place's main stop (the one with
 *   the most lines) as a perfect match.
 * - `anyOmc_sf` keeps objects of that municipality key; with `tryFurtherAnyWithoutLoc=1` an empty result
 *   is retried without it.
 * - `objPrefAl` adds 60 to the kinds it names; `objPrefAm` adds 30, and `prefStModeAm` adds 30 to stops
 *   served by its modes, among the hits within 100 of the best; `rMethod=DISTANCEFROMCENTER` adds up to
 *   100 for nearness to `coord` (100 at the point, 0 from 10 km). Bonuses never reach 1000.
 * - `regionID_sf`, `regPrefAl`, `regPrefAm`, `anyResSort_sf`, `locationInfoActive` and
 *   `useHouseNumberList_sf` are accepted and have no effect: the dataset has no regions, sorters or
 *   house numbers.
 * - No hit: an empty list with a `systemMessages` error (code -8012, module `stopfinder`), as EFA does.
 *
 * @since 0.1.0
 */
import { Coord, type Point, type StopFinder } from "@efa-kit/core"
import type { Dataset, Poi, Stop } from "../dataset/schema.js"
import { distanceMeters } from "../engine/geo.js"
import { bestScore, PERFECT, tokens } from "../search/text.js"
import { type Network, networkOf, stopsNear } from "./network.js"
import type { Answer } from "./types.js"

/**
 * Hits returned when `anyMaxSizeHitList` is absent.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_RESULTS = 50

/**
 * Most assigned stops per location.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_ASSIGNED_STOPS = 5

type Kind = "stop" | "poi"

interface Hit {
  readonly kind: Kind
  readonly object: Stop | Poi
  quality: number
  readonly importance: number
}

const locationId = (id: string) => id as Point.LocationId

const assignedStops = (dataset: Dataset, coord: Coord.Coord, except?: string) =>
  stopsNear(dataset, coord, dataset.meta.accessRadiusMeters)
    .filter((hit) => hit.stop.id !== except)
    .slice(0, MAX_ASSIGNED_STOPS)
    .map(({ stop }) => ({ id: stop.id, name: stop.name }))

const kindAllowed = (request: StopFinder.StopFinderRequest, kind: Kind): boolean =>
  request.objectKinds === undefined || request.objectKinds.length === 0 || request.objectKinds.includes(kind)

const candidates = (request: StopFinder.StopFinderRequest, dataset: Dataset, useMunicipality: boolean) => {
  const out: Array<{ readonly kind: Kind; readonly object: Stop | Poi }> = []
  const municipality = useMunicipality ? request.municipality : undefined
  if (kindAllowed(request, "stop")) {
    for (const stop of dataset.stops) {
      if (municipality === undefined || stop.omc === municipality) out.push({ kind: "stop", object: stop })
    }
  }
  if (kindAllowed(request, "poi")) {
    for (const poi of dataset.pois) {
      if (municipality === undefined || poi.omc === municipality) out.push({ kind: "poi", object: poi })
    }
  }
  return out
}

const textHits = (
  request: StopFinder.StopFinderRequest,
  dataset: Dataset,
  network: Network,
  text: string,
  useMunicipality: boolean
): Array<Hit> => {
  const query = tokens(text)
  const idQuery = text.trim().toLowerCase()
  const pool = candidates(request, dataset, useMunicipality)
  // An ID finds exactly its object.
  const byId = pool.find(({ object }) => object.id.toLowerCase() === idQuery)
  if (byId !== undefined) {
    return [{ ...byId, quality: PERFECT, importance: network.importance.get(byId.object.id) ?? 0 }]
  }
  const mainStop = request.localityMainStop ? network.mainStopOfPlace.get(query.join(" ")) : undefined
  const weight = (request.relevanceWeight ?? 20) / 100
  const hits: Array<Hit> = []
  for (const candidate of pool) {
    const importance = candidate.kind === "stop" ? network.importance.get(candidate.object.id) ?? 0 : 0
    let quality = candidate.object === mainStop
      ? PERFECT
      : bestScore(query, network.searchForms.get(candidate.object.id) ?? [])
    if (quality === 0) continue
    if (quality < PERFECT) quality = Math.min(PERFECT - 1, Math.round(quality + 50 * weight * importance))
    hits.push({ ...candidate, quality, importance })
  }
  return hits
}

const coordHits = (
  request: StopFinder.StopFinderRequest,
  dataset: Dataset,
  network: Network,
  point: Coord.Coord
): Array<Hit> => {
  const radius = dataset.meta.accessRadiusMeters
  const hits: Array<Hit> = []
  for (const candidate of candidates(request, dataset, true)) {
    const d = distanceMeters(point, candidate.object.coord)
    if (d > radius) continue
    hits.push({
      ...candidate,
      quality: Math.round(999 - 499 * (d / radius)),
      importance: network.importance.get(candidate.object.id) ?? 0
    })
  }
  return hits
}

// Bonuses that change the order but never make a hit perfect.
const applyPreferences = (request: StopFinder.StopFinderRequest, network: Network, hits: Array<Hit>): void => {
  const bump = (hit: Hit, amount: number) => {
    if (hit.quality < PERFECT) hit.quality = Math.min(PERFECT - 1, hit.quality + amount)
  }
  if (request.alwaysPreferKinds !== undefined) {
    for (const hit of hits) if (request.alwaysPreferKinds.includes(hit.kind)) bump(hit, 60)
  }
  if (request.rankingMethod === "DISTANCEFROMCENTER" && request.referencePoint !== undefined) {
    for (const hit of hits) {
      const km = distanceMeters(request.referencePoint, hit.object.coord) / 1000
      bump(hit, Math.max(0, Math.round(100 - 10 * km)))
    }
  }
  const top = hits.reduce((max, hit) => Math.max(max, hit.quality), 0)
  const amongBest = hits.filter((hit) => hit.quality >= top - 100)
  if (request.preferKindsAmongBest !== undefined) {
    for (const hit of amongBest) if (request.preferKindsAmongBest.includes(hit.kind)) bump(hit, 30)
  }
  if (request.preferModesAmongBest !== undefined) {
    const modes = request.preferModesAmongBest
    for (const hit of amongBest) {
      if (hit.kind === "stop" && (network.motsAtStop.get(hit.object.id) ?? []).some((mot) => modes.includes(mot))) {
        bump(hit, 30)
      }
    }
  }
}

const byRank = (a: Hit, b: Hit): number =>
  b.quality - a.quality ||
  b.importance - a.importance ||
  (a.kind === b.kind ? 0 : a.kind === "stop" ? -1 : 1) ||
  a.object.name.localeCompare(b.object.name, "de") ||
  (a.object.id < b.object.id ? -1 : a.object.id > b.object.id ? 1 : 0)

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
  const network = networkOf(dataset)
  const input = request.input
  // A coordinate typed as text is read as a coordinate.
  const typed = input._tag === "Any" ? Coord.parseParam(input.value) : undefined
  const point = input._tag === "Coord"
    ? input.coord
    : typed !== undefined && "coord" in typed && typed.rest.length === 0
    ? typed.coord
    : undefined

  if (point !== undefined && request.skipNearbyStops) {
    return {
      locations: [{
        id: locationId(Coord.toParam(point)),
        name: `${point.lat.toFixed(5)}, ${point.lon.toFixed(5)}`,
        type: "coord",
        isBest: true,
        matchQuality: PERFECT,
        coord: point
      }]
    }
  }

  let hits: Array<Hit>
  if (point !== undefined) {
    hits = coordHits(request, dataset, network, point)
  } else {
    const text = input._tag === "Any" ? input.value : ""
    hits = textHits(request, dataset, network, text, true)
    if (hits.length === 0 && request.municipality !== undefined && request.retryWithoutMunicipality) {
      hits = textHits(request, dataset, network, text, false)
    }
  }
  applyPreferences(request, network, hits)
  hits.sort(byRank)
  const minimum = (request.minQuality ?? 0) * 10
  hits = hits.filter((hit) => hit.quality >= minimum)
  if (request.perfectMatchOnly && hits.length > 0 && hits[0]!.quality === PERFECT) hits = [hits[0]!]
  hits = hits.slice(0, request.maxResults ?? DEFAULT_MAX_RESULTS)
  if (hits.length === 0) return noMatch()

  return {
    locations: hits.map((hit, i) => {
      const object = hit.object
      const base = {
        id: locationId(object.id),
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
