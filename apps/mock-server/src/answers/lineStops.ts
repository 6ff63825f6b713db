/**
 * A line's stops (`XML_LINESTOP_REQUEST`) from the dataset: the stops of the line direction `line` names, in
 * travel order, each with its locality as `parent`. `line` is the server line ID the fake's other answers give
 * (`vvs:10001: :H:`; the four-part form without the trailing `:` is read too). An unknown line: no stops and
 * `-2000`, as the line geometry answers.
 *
 * @since 0.1.0
 */
import type { LineStops } from "@efa-kit/core"
import { lookupOf } from "../dataset/lookup.js"
import { locality } from "../engine/board.js"
import type { Answer } from "./types.js"

/**
 * Answers a line-stops request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerLineStops: Answer<LineStops.LineStopsRequest, LineStops.LineStopsResponse> = (
  request,
  { dataset }
) => {
  const lookup = lookupOf(dataset)
  const direction = lookup.directionById.get(request.line.replace(/:$/, ""))
  if (direction === undefined) {
    return { stops: [], systemMessages: [{ type: "error", module: "BROKER", code: -2000, text: "line not found" }] }
  }
  return {
    stops: direction.stops.flatMap((id) => {
      const stop = lookup.stopById.get(id)
      return stop === undefined ? [] : [{ id: stop.id, name: stop.name, parent: locality(stop) }]
    })
  }
}
