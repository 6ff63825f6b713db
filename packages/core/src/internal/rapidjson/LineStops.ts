// A line's stops' rapidJSON codec, from the Mentz schema (`LineStopSequence_Schema.json`: `locationSequence[]`
// of journey locations), each stop read as a stop of a trip's sequence.
import * as Schema from "effect/Schema"
import type * as LineStops from "../../LineStops.js"
import { opt } from "../schema/params.js"
import { sequenceStop, WireSequenceLocation, wireSequenceStop } from "./Departures.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

/**
 * The rapidJSON answer of a line's stops, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireLineStopsResponse = Schema.Struct({
  locationSequence: opt(Schema.Array(WireSequenceLocation)),
  ...SystemMessages
}).annotations({ identifier: "WireLineStopsResponse" })

type WireLineStopsResponse = typeof WireLineStopsResponse.Type

/**
 * The rapidJSON codec of a line's stops, around its response model (given by the operation).
 * `stops` ← `locationSequence`, each as a trip's stop; a missing list is no stops.
 *
 * @internal
 */
export const codec = codecOf(
  WireLineStopsResponse,
  "LineStopsResponse",
  () => (wire: WireLineStopsResponse): LineStops.LineStopsResponse => {
    const out: Mutable<LineStops.LineStopsResponse> = { stops: (wire.locationSequence ?? []).map(sequenceStop) }
    put(out, "systemMessages", wire.systemMessages)
    return out
  },
  () => (response) => {
    const out: Mutable<WireLineStopsResponse> = { locationSequence: response.stops.map(wireSequenceStop) }
    put(out, "systemMessages", response.systemMessages)
    return out
  }
)
