/**
 * The serving-lines answer (`XML_SERVINGLINES_REQUEST`): the lines calling at a stop (`mode=odv`), or
 * the lines whose public number matches a name (`mode=line`).
 *
 * - By stop: the point is a stop ID, text (the stop finder's best stop) or a coordinate (the nearest
 *   stop). Each line direction that departs from the stop is one entry; at a terminus only the
 *   direction leaving it. An unknown point answers `-2000`.
 * - By name: the number is compared without case and spaces (`mex16` finds `MEX 16`); with no exact
 *   match, numbers starting with the name are taken (`S` finds the S-Bahn lines). Both directions are
 *   listed.
 * - `lineReqType`: a line is kept when it belongs to one of the requested timetable kinds (none or
 *   `0`: all). `exclMOT_<ID>` drops the modes.
 * - Nothing left: `servingLines: []` with the message `-4050`.
 *
 * @since 0.1.0
 */
import type { ServingLines } from "@efa-kit/core"
import { type LineDirection, lineDisplayName, lookupOf, serverLineId } from "../dataset/lookup.js"
import { resolvePoint, unknownPointMessage } from "../engine/points.js"
import type { Answer } from "./types.js"

const compact = (text: string): string => text.toLowerCase().replace(/\s+/g, "")

const noLines = (text: string): ServingLines.ServingLinesResponse => ({
  servingLines: [],
  systemMessages: [{ type: "error", module: "BROKER", code: -4050, text }]
})

/**
 * Answers a serving-lines request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerServingLines: Answer<ServingLines.ServingLinesRequest, ServingLines.ServingLinesResponse> = (
  request,
  context
) => {
  const index = lookupOf(context.dataset)
  let candidates: ReadonlyArray<LineDirection>
  if (request._tag === "ByStop") {
    const point = resolvePoint(request.stop, context.dataset)
    if (point === undefined) return { servingLines: [], systemMessages: [unknownPointMessage("name_sl", request.stop)] }
    const stop = point._tag === "Stop" ? point.stop : index.stopGrid.nearest(point.coord, 1)[0]?.item
    if (stop === undefined) return noLines("no stop near the given point")
    candidates = (index.directionsAtStop.get(stop.id) ?? []).filter((direction) =>
      direction.stops[direction.stops.length - 1] !== stop.id
    )
  } else {
    const wanted = compact(request.lineName)
    const all = Array.from(index.directionById.values())
    const exact = all.filter((direction) =>
      compact(direction.line.number) === wanted || compact(direction.line.code) === wanted
    )
    candidates = exact.length > 0 ? exact : all.filter((direction) => compact(direction.line.number).startsWith(wanted))
  }
  const types = request.lineTypes ?? []
  const excluded = request.excludedModes ?? []
  const kept = candidates.filter((direction) =>
    (types.length === 0 || direction.line.kinds.some((kind) => types.includes(kind))) &&
    !excluded.includes(direction.line.mot)
  )
  if (kept.length === 0) {
    return noLines(
      request._tag === "ByStop"
        ? "no serving lines at this stop for the given filters"
        : `no line matches "${request.lineName}"`
    )
  }
  return {
    servingLines: kept.map((direction) => ({
      name: lineDisplayName(direction.line),
      number: direction.line.number,
      mot: direction.line.mot,
      direction: direction.towards,
      lineId: serverLineId(direction)
    }))
  }
}
