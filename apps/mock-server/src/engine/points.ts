/**
 * Reading the point inputs of requests (`type_<usage>` / `name_<usage>`) against the dataset: a stop
 * ID, a POI ID, a site's ID (a locality, suburb, street, address, crossing or postcode), a coordinate, or
 * text resolved to the stop finder's best match. A point of type `stop` (or `stopID`, `platform`) is a stop's ID, a
 * platform's ID (its stop), or a name searched among the stops only, as real servers search the names public clients
 * send with type `stop`. A locality or suburb stands for its main stop; a street, an address, a crossing or a
 * postcode is a position (a trip walks from it to the stops near it, as from a POI).
 *
 * @since 0.1.0
 */
import { Coord, Point } from "@efa-kit/core"
import { positionLocation } from "../dataset/geometry.js"
import { accessStops, looksLikeId, lookupOf } from "../dataset/lookup.js"
import type { Dataset, Stop } from "../dataset/schema.js"
import { type Site, siteOfId } from "../dataset/sites.js"
import { bestLocation, findLocations, stopOfId } from "../search/locations.js"
import { PERFECT } from "../search/text.js"

/**
 * A point as the engine uses it: a stop, or a position with a name (a coordinate or a POI).
 *
 * @since 0.1.0
 * @category models
 */
export type ResolvedPoint =
  | { readonly _tag: "Stop"; readonly stop: Stop }
  | { readonly _tag: "Position"; readonly id: Point.LocationId; readonly name: string; readonly coord: Coord.Coord }

/**
 * Resolves a point: an exact stop or POI ID (a platform's ID, its stop), a coordinate (also one written as text in the
 * `<lon>:<lat>:WGS84[dd.ddddd]` format), or text, which is searched as the stop finder searches it and
 * taken as its best match. A value shaped like an ID (`de:08111:6118`, `poiID:...`) that the dataset does not
 * have is not searched as text. Undefined when nothing matches.
 *
 * @since 0.1.0
 * @category resolving
 */
export const resolvePoint = (point: Point.Point, dataset: Dataset): ResolvedPoint | undefined => {
  const lookup = lookupOf(dataset)
  if (point._tag === "Coord") return position(point.coord)
  if (point._tag === "Stop") {
    // a stop's or a platform's ID (`type_<usage>=stop`/`stopID`/`platform`) is looked up; a name is searched among
    // the stops (an ID the dataset does not have finds nothing)
    const found = findLocations({ input: point, objectKinds: ["stop"] }, dataset)[0]
    return found?.kind === "stop" ? { _tag: "Stop", stop: found.object } : undefined
  }
  const value = point.value.trim()
  // a stop's ID, or a platform's (as rapidJSON answers give a ride's ends): its stop
  const stop = stopOfId(dataset, value)
  if (stop !== undefined) return { _tag: "Stop", stop }
  const poi = lookup.poiById.get(value)
  if (poi !== undefined) return { _tag: "Position", id: poi.id, name: poi.name, coord: poi.coord }
  const site = siteOfId(lookup.sites, value)
  if (site !== undefined) return sitePoint(dataset, site)
  const parsed = Coord.parseParam(value)
  if (!("error" in parsed) && parsed.rest.length === 0) return position(parsed.coord)
  // an ID that is not in the dataset is unknown, not text to search for
  if (looksLikeId(value)) return undefined
  const found = bestLocation(value, dataset)
  if (found === undefined) return undefined
  if (found.kind === "stop") return { _tag: "Stop", stop: found.object }
  if (found.kind === "poi") {
    return { _tag: "Position", id: found.object.id, name: found.object.name, coord: found.object.coord }
  }
  return sitePoint(dataset, found.object)
}

// A locality or suburb is its main stop, any other site a position.
const sitePoint = (dataset: Dataset, site: Site): ResolvedPoint => {
  const stop = site.mainStop === undefined ? undefined : lookupOf(dataset).stopById.get(site.mainStop)
  return stop !== undefined
    ? { _tag: "Stop", stop }
    : { _tag: "Position", id: site.id, name: site.name, coord: site.coord }
}

const position = (coord: Coord.Coord): ResolvedPoint => ({ _tag: "Position", ...positionLocation(coord), coord })

/**
 * An EFA-style message for a point that matches nothing (`-2000`).
 *
 * @since 0.1.0
 * @category messages
 */
export const unknownPointMessage = (usage: string, point: Point.Point) => ({
  type: "error",
  module: "BROKER",
  code: -2000,
  text: `${usage}: no stop or place matches "${Point.text(point)}"`
})

/**
 * What a board's stop input names: one stop, several equally good candidates, or nothing.
 *
 * @since 0.1.0
 * @category models
 */
type BoardStop =
  | { readonly _tag: "Stop"; readonly stop: Stop }
  | {
    readonly _tag: "Ambiguous"
    readonly candidates: ReadonlyArray<{ readonly stop: Stop; readonly quality: number }>
  }
  | { readonly _tag: "Unknown" }

/**
 * Resolves a board's stop: a stop ID (a platform's ID, its stop); a locality's or suburb's ID, to its main stop; a
 * coordinate, a POI or another site (a street, address, crossing or postcode), to the nearest stop within the access
 * radius; text (also a name with type `stop`), to the stop finder's best stop, unless the best stops match equally
 * well (`Bahnhof`), which is ambiguous; text that names no stop, to the stop nearest the place it names best (a
 * locality's main stop).
 *
 * @since 0.1.0
 * @category resolving
 */
export const resolveBoardStop = (point: Point.Point, dataset: Dataset): BoardStop => {
  const lookup = lookupOf(dataset)
  const nearest = (coord: Coord.Coord): BoardStop => {
    const near = accessStops(dataset, coord, dataset.meta.accessRadiusMeters, 1)[0]
    return near === undefined ? { _tag: "Unknown" } : { _tag: "Stop", stop: near.stop }
  }
  if (point._tag === "Coord") return nearest(point.coord)
  const value = point._tag === "Stop" ? point.id.trim() : point.value.trim()
  if (point._tag === "Stop") {
    // a stop's or a platform's ID names its stop; a name is searched among the stops as text is, below
    const stop = stopOfId(dataset, value)
    if (stop !== undefined) return { _tag: "Stop", stop }
    if (looksLikeId(value)) return { _tag: "Unknown" }
  } else {
    const stop = stopOfId(dataset, value)
    if (stop !== undefined) return { _tag: "Stop", stop }
    const poi = lookup.poiById.get(value)
    if (poi !== undefined) return nearest(poi.coord)
    const site = siteOfId(lookup.sites, value)
    if (site !== undefined) {
      const resolved = sitePoint(dataset, site)
      return resolved._tag === "Stop" ? resolved : nearest(resolved.coord)
    }
    const parsed = Coord.parseParam(value)
    if (!("error" in parsed) && parsed.rest.length === 0) return nearest(parsed.coord)
    if (looksLikeId(value)) return { _tag: "Unknown" }
  }
  const hits = findLocations({ input: point, objectKinds: ["stop"] }, dataset)
  const first = hits[0]
  if (first === undefined) {
    // a name with type `stop` is searched among the stops only
    if (point._tag === "Stop") return { _tag: "Unknown" }
    // text naming no stop but a place (`Königstraße 12`): its main stop, or the stop nearest it
    const place = bestLocation(value, dataset)
    if (place === undefined || place.kind === "stop") return { _tag: "Unknown" }
    if (place.kind === "poi") return nearest(place.object.coord)
    const resolved = sitePoint(dataset, place.object)
    return resolved._tag === "Stop" ? resolved : nearest(resolved.coord)
  }
  if (first.kind !== "stop") return { _tag: "Unknown" }
  const tied = hits.filter((hit) => hit.quality === first.quality)
  if (tied.length === 1 || first.quality === PERFECT) return { _tag: "Stop", stop: first.object }
  return {
    _tag: "Ambiguous",
    candidates: hits.flatMap((hit) => hit.kind === "stop" ? [{ stop: hit.object, quality: hit.quality }] : []).slice(
      0,
      10
    )
  }
}
