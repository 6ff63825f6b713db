/**
 * The line list (`XML_LINELIST_REQUEST`) from the dataset: one entry per line direction, in dataset order
 * (direction `H` before `R`), with the server line ID (`vvs:10001: :H:`), the mode, the route and the
 * destination.
 *
 * - `lineListNetBranchCode` and `lineListSubnetwork` keep the lines of that network (the dataset's `network`,
 *   the first part of a line ID); the fake has one network per subnetwork.
 * - `lineListOMC` keeps the lines calling at a stop of that municipality.
 * - `mergeDir=1` gives one entry per line (its direction `H`).
 * - `lineReqType` keeps the lines of those timetable kinds, as serving lines do.
 * - No line matches: an empty list and `-4050`, as serving lines answer.
 *
 * @since 0.1.0
 */
import type { Lines } from "@efa-kit/core"
import { lineDisplayName, lookupOf, serverLineId } from "../dataset/lookup.js"
import type { Answer } from "./types.js"

/**
 * Answers a line-list request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerLines: Answer<Lines.LinesRequest, Lines.LinesResponse> = (request, { dataset }) => {
  const lookup = lookupOf(dataset)
  const lines = [...lookup.directionById.values()].filter(({ direction, line, stops }) =>
    (request.network === undefined || line.network === request.network) &&
    (request.subnetwork === undefined || line.network === request.subnetwork) &&
    (request.mergeDirections !== true || direction === "H") &&
    (request.lineTypes === undefined || request.lineTypes.length === 0 ||
      line.kinds.some((kind) => request.lineTypes!.includes(kind))) &&
    (request.municipality === undefined ||
      stops.some((id) => lookup.stopById.get(id)?.omc === request.municipality))
  ).map((direction): Lines.Line => {
    const first = lookup.stopById.get(direction.stops[0]!)
    const last = lookup.stopById.get(direction.stops[direction.stops.length - 1]!)
    return {
      lineId: serverLineId(direction),
      mode: { name: lineDisplayName(direction.line), mot: direction.line.mot, number: direction.line.number },
      description: `${first?.name ?? ""} - ${last?.name ?? direction.towards}`,
      destination: last === undefined ? { name: direction.towards } : { id: last.id, name: last.name }
    }
  })
  if (lines.length > 0) return { lines }
  return { lines, systemMessages: [{ type: "error", module: "BROKER", code: -4050, text: "no lines found" }] }
}
