/**
 * Reading the point inputs of requests (`type_<usage>` / `name_<usage>`) against the dataset: a stop
 * ID, a POI ID, a coordinate, or text resolved to the stop finder's best match.
 *
 * @since 0.1.0
 */
import { Coord, Point, StopFinder } from "@efa-kit/core"
import { answerStopFinder } from "../answers/stopFinder.js"
import type { AnswerContext } from "../answers/types.js"
import type { Stop } from "../dataset/schema.js"
import { indexOf } from "./network.js"

/**
 * A point as the engine uses it: a stop, or a position with a name (a coordinate or a POI).
 *
 * @since 0.1.0
 * @category models
 */
export type ResolvedPoint =
  | { readonly _tag: "Stop"; readonly stop: Stop }
  | { readonly _tag: "Position"; readonly id: string; readonly name: string; readonly coord: Coord.Coord }

/**
 * Resolves a point: an exact stop or POI ID, a coordinate (also one written as text in the
 * `<lon>:<lat>:WGS84[dd.ddddd]` format), or text, which is looked up with the stop finder and taken as
 * its best match. A value shaped like an ID (`de:08111:6118`, `poiID:...`) that the dataset does not
 * have is not searched as text. Undefined when nothing matches.
 *
 * @since 0.1.0
 * @category resolving
 */
export const resolvePoint = (point: Point.Point, context: AnswerContext): ResolvedPoint | undefined => {
  const index = indexOf(context.dataset)
  if (point._tag === "Coord") return position(point.coord)
  const value = point.value.trim()
  const stop = index.stopById.get(value)
  if (stop !== undefined) return { _tag: "Stop", stop }
  const poi = index.poiById.get(value)
  if (poi !== undefined) return { _tag: "Position", id: poi.id, name: poi.name, coord: poi.coord }
  const parsed = Coord.parseParam(value)
  if (!("error" in parsed) && parsed.rest.length === 0) return position(parsed.coord)
  // an ID that is not in the dataset is unknown, not text to search for
  if (looksLikeId.test(value)) return undefined
  const found = StopFinder.best(
    answerStopFinder({ input: Point.any(value), objectKinds: ["stop", "poi"] } as StopFinder.StopFinderRequest, context)
  )
  if (found === undefined) return undefined
  const foundStop = index.stopById.get(found.id)
  if (foundStop !== undefined) return { _tag: "Stop", stop: foundStop }
  const foundPoi = index.poiById.get(found.id)
  if (foundPoi !== undefined) return { _tag: "Position", id: foundPoi.id, name: foundPoi.name, coord: foundPoi.coord }
  return undefined
}

const looksLikeId = /^([a-z]{2}:\d{5}:\S+|poiID:\S+)$/i

const position = (coord: Coord.Coord): ResolvedPoint => ({
  _tag: "Position",
  id: Coord.toParam(coord),
  name: `${coord.lat.toFixed(5)}, ${coord.lon.toFixed(5)}`,
  coord
})

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
