/**
 * The line-geometry answer (`XML_GEOOBJECT_REQUEST`): the geometry (`[lat, lon]`, in travel order)
 * and the stops of one direction of a line, named `<network>:<code>:<supplement>:<direction>` as in
 * the notices' `lines` (`vvs:10001: :H`). The public number works in place of the code
 * (`vvs:S1: :H`); supplements compare without surrounding blanks.
 *
 * - `filterDate` selects the variant running that day: a line whose services that day cover only a
 *   section (a short turn) answers that section. A day outside the timetable answers `-4001`, a day
 *   the line does not run `-4050`; both with empty lists.
 * - `filterStopID`: the stops the line calls at among the given ones decide. One: the whole line
 *   (it passes the stop). Two or more: the section from the first to the last of them in travel
 *   order. None: empty lists with `-8020`.
 * - `lineReqType`: a line of none of the requested kinds answers `-4050`.
 * - `vSL=1`: each stop lists the lines calling there (`{ name }`, one entry per line).
 * - Bounding box: the geometry is clipped to the box (a crossing of the edge adds the point on the
 *   edge); when the line leaves the box and comes back, the pieces follow each other in one list.
 *   Only the stops inside the box are listed.
 * - Stops carry their position in `coord` (`{ lat, lon }`).
 *
 * @since 0.1.0
 */
import { type GeoObject, LineId } from "@efa-kit/core"
import { Either } from "effect"
import { boxContains, boxOfCorners, clipPolyline } from "../dataset/geometry.js"
import { type LineDirection, lineDisplayName, lookupOf } from "../dataset/lookup.js"
import type { LatLon } from "../dataset/schema.js"
import { dayTypeOf, sectionOf, servicesOn } from "../engine/timetable.js"
import type { Answer } from "./types.js"

const empty = (code: number, text: string): GeoObject.GeoObjectResponse => ({
  geometry: [],
  stops: [],
  systemMessages: [{ type: "error", module: "BROKER", code, text }]
})

const compact = (text: string) => text.replace(/\s+/g, "").toLowerCase()

/**
 * Finds the line direction for an identifier, by code or public number.
 *
 * @since 0.1.0
 * @category lookups
 */
const findLineDirection = (
  directions: Iterable<LineDirection>,
  id: LineId.Parts
): LineDirection | undefined => {
  for (const direction of directions) {
    const line = direction.line
    if (
      line.network === id.subnetwork && direction.direction === id.direction &&
      line.supplement.trim() === id.supplement.trim() &&
      (line.code === id.lineNumber || compact(line.number) === compact(id.lineNumber))
    ) return direction
  }
  return undefined
}

/**
 * Answers a line-geometry request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerGeoObject: Answer<GeoObject.GeoObjectRequest, GeoObject.GeoObjectResponse> = (request, context) => {
  const { dataset } = context
  const index = lookupOf(dataset)
  // a server's own identifier (`vvs:10001: :H:`, as the answers' `lineId`) names the line by its first four parts
  const parts = LineId.parse(request.line)
  if (Either.isLeft(parts)) return empty(-8020, `unknown line ${request.line}`)
  const { period: _, ...lineId } = parts.right
  const identifier = LineId.format(lineId)
  const direction = index.directionById.get(identifier) ?? findLineDirection(index.directionById.values(), lineId)
  if (direction === undefined) return empty(-8020, `unknown line ${identifier}`)
  const line = direction.line
  const types = request.lineTypes ?? []
  if (types.length > 0 && !line.kinds.some((kind) => types.includes(kind))) {
    return empty(-4050, `line ${line.number} is none of the requested line types`)
  }

  // the variant: stop positions (direction H indexes) the line runs that day
  let first = 0
  let last = line.stops.length - 1
  if (request.date !== undefined) {
    const dayType = dayTypeOf(request.date, dataset.meta)
    if (dayType === undefined) return empty(-4001, `${request.date} is outside the timetable`)
    const services = servicesOn(line, direction.direction, dayType)
    if (services.length === 0) return empty(-4050, `line ${line.number} does not run on ${request.date}`)
    const sections = services.map((service) => sectionOf(line, service))
    first = Math.min(...sections.map(([a]) => a))
    last = Math.max(...sections.map(([, b]) => b))
  }
  // positions in travel order
  let positions = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  if (direction.direction === "R") positions.reverse()

  if (request.stopIds !== undefined) {
    const wanted = new Set(request.stopIds)
    const hits = positions.map((position, i) => (wanted.has(line.stops[position]!.stop) ? i : -1)).filter((i) => i >= 0)
    if (hits.length === 0) return empty(-8020, `line ${line.number} does not pass the given stops`)
    if (hits.length > 1) positions = positions.slice(hits[0]!, hits[hits.length - 1]! + 1)
  }

  const geometryIndex = index.geometryIndex.get(line)!
  const from = Math.min(geometryIndex[positions[0]!]!, geometryIndex[positions[positions.length - 1]!]!)
  const to = Math.max(geometryIndex[positions[0]!]!, geometryIndex[positions[positions.length - 1]!]!)
  let geometry: Array<LatLon> = line.geometry.slice(from, to + 1)
  if (direction.direction === "R") geometry.reverse()

  let stops = positions.map((position) => index.stopById.get(line.stops[position]!.stop)!)
  if (request.boundingBox !== undefined) {
    const box = boxOfCorners(request.boundingBox.upperLeft, request.boundingBox.lowerRight)
    geometry = clipPolyline(geometry, box).flat()
    stops = stops.filter((stop) => boxContains(box, [stop.coord.lat, stop.coord.lon]))
  }

  return {
    geometry,
    stops: stops.map((stop) => ({
      id: stop.id,
      name: stop.name,
      coord: stop.coord,
      ...(request.servingLines === true
        ? {
          servingLines: Array.from(new Set((index.directionsAtStop.get(stop.id) ?? []).map((d) => d.line)))
            .map((servingLine) => ({ name: lineDisplayName(servingLine) }))
        }
        : {})
    }))
  }
}
