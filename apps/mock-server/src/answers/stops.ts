/**
 * The stop list (`XML_STOPLIST_REQUEST`) from the dataset: the dataset's stops in dataset order, each with its
 * locality as `parent`.
 *
 * - `stopListOMC` keeps the stops of that municipality (the stop's `omc`).
 * - `stopListPlaceId` keeps the stops of that place (the stop's place ID within its municipality).
 * - `stopListSubnetwork` keeps the stops a line of that network calls at (the first part of a line ID).
 * - Given together, a stop matches each of them. No stop matches: an empty list and `-2000`, as a line's
 *   stops answer.
 *
 * @since 0.3.0
 */
import type { Stops } from "@efa-kit/core"
import { lookupOf } from "../dataset/lookup.js"
import { locality } from "../engine/board.js"
import type { Answer } from "./types.js"

/**
 * Answers a stop-list request from the dataset.
 *
 * @since 0.3.0
 * @category answers
 */
export const answerStops: Answer<Stops.StopsRequest, Stops.StopsResponse> = (request, { dataset }) => {
  const lookup = lookupOf(dataset)
  const served = request.subnetwork === undefined
    ? undefined
    : new Set(
      [...lookup.directionById.values()].filter(({ line }) => line.network === request.subnetwork).flatMap((
        { stops }
      ) => stops)
    )
  const stops = [...lookup.stopById.values()].filter((stop) =>
    (request.municipality === undefined || stop.omc === request.municipality) &&
    (request.place === undefined || stop.placeId === request.place) &&
    (served === undefined || served.has(stop.id))
  ).map((stop) => ({ id: stop.id, name: stop.name, parent: locality(stop) }))
  if (stops.length > 0) return { stops }
  return { stops, systemMessages: [{ type: "error", module: "BROKER", code: -2000, text: "no stops found" }] }
}
