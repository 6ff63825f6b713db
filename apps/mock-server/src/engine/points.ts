/**
 * Reading the point inputs of requests (`type_<usage>` / `name_<usage>`) against the dataset: a stop
 * ID, a POI ID, a coordinate, or text resolved to the stop finder's best match.
 *
 * @since 0.1.0
 */
import { Coord, type Point } from "@efa-kit/core"
import { positionLocation } from "../dataset/geometry.js"
import { looksLikeId, lookupOf } from "../dataset/lookup.js"
import type { Dataset, Stop } from "../dataset/schema.js"
import { bestLocation } from "../search/locations.js"

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
 * Resolves a point: an exact stop or POI ID, a coordinate (also one written as text in the
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
  const value = point.value.trim()
  const stop = lookup.stopById.get(value)
  if (stop !== undefined) return { _tag: "Stop", stop }
  const poi = lookup.poiById.get(value)
  if (poi !== undefined) return { _tag: "Position", id: poi.id, name: poi.name, coord: poi.coord }
  const parsed = Coord.parseParam(value)
  if (!("error" in parsed) && parsed.rest.length === 0) return position(parsed.coord)
  // an ID that is not in the dataset is unknown, not text to search for
  if (looksLikeId(value)) return undefined
  const found = bestLocation(value, dataset)
  if (found === undefined) return undefined
  const { coord, id, name } = found.object
  return found.kind === "stop" ? { _tag: "Stop", stop: found.object } : { _tag: "Position", id, name, coord }
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
  text: `${usage}: no stop or place matches "${point._tag === "Any" ? point.value : Coord.toParam(point.coord)}"`
})
