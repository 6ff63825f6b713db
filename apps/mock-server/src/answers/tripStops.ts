/**
 * A trip's stops (`XML_STOPSEQCOORD_REQUEST`): the run a board event belongs to, found again from its
 * line ID (`line`, its first four parts), trip code (`tripCode`), a stop it calls at (`stop`) and the
 * time there (`date`, `time`), with every stop's planned times, platform and the real-time engine's
 * estimates (as on the board).
 *
 * - No such run (an unknown line, trip code or stop, or a run that does not call there on that day):
 *   `stops: []` with the message `-2000` (module `stopseq`).
 * - `tStOTType` and `useRealtime` are accepted; the whole sequence is always given, with real time.
 *
 * @since 0.1.0
 */
import type { TripStops } from "@efa-kit/core"
import { DateTime } from "effect"
import { lineDisplayName, lookupOf, serverLineId } from "../dataset/lookup.js"
import { findRun, stopTimes } from "../engine/board.js"
import type { Answer } from "./types.js"

/**
 * Answers a trip's-stops request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerTripStops: Answer<TripStops.TripStopsRequest, TripStops.TripStopsResponse> = (
  request,
  { dataset, now, timeZone }
) => {
  const directionId = request.line.split(":").slice(0, 4).join(":")
  const seconds = Math.floor(DateTime.toEpochMillis(request.dateTime) / 1000)
  const run = lookupOf(dataset).directionById.has(directionId)
    ? findRun(dataset, timeZone, directionId, request.tripCode, request.stop, seconds)
    : undefined
  if (run === undefined) {
    return {
      stops: [],
      systemMessages: [{
        type: "error",
        module: "stopseq",
        code: -2000,
        text: "no trip matches line, tripCode and stop"
      }]
    }
  }
  const lookup = lookupOf(dataset)
  const last = lookup.stopById.get(run.stops[run.stops.length - 1]!)!
  return {
    stops: stopTimes(dataset, run, Math.floor(DateTime.toEpochMillis(now) / 1000), true),
    lineId: serverLineId(run.direction),
    lineName: run.direction.line.number,
    mode: { name: lineDisplayName(run.direction.line), mot: run.direction.line.mot },
    destination: { id: last.id, name: last.name }
  }
}
