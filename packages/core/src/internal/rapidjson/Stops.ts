// The stop list's rapidJSON codec, from the Mentz schema (`STOPLIST_Schema.json`: `locations[]`), each stop
// read as a stop of a trip's sequence.
import * as Schema from "effect/Schema"
import type * as Stops from "../../Stops.js"
import { opt } from "../schema/params.js"
import { sequenceStop, WireSequenceLocation, wireSequenceStop } from "./Departures.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

/**
 * The rapidJSON stop-list answer, as far as the model reads it.
 *
 * @since 0.3.0
 * @category wire
 */
export const WireStopsResponse = Schema.Struct({
  locations: opt(Schema.Array(WireSequenceLocation)),
  ...SystemMessages
}).annotations({ identifier: "WireStopsResponse" })

type WireStopsResponse = typeof WireStopsResponse.Type

/**
 * The rapidJSON codec of the stop list, around its response model (given by the operation).
 * `stops` ← `locations`, each as a trip's stop; a missing list is no stops.
 *
 * @internal
 */
export const codec = codecOf(
  WireStopsResponse,
  "StopsResponse",
  () => (wire: WireStopsResponse): Stops.StopsResponse => {
    const out: Mutable<Stops.StopsResponse> = { stops: (wire.locations ?? []).map(sequenceStop) }
    put(out, "systemMessages", wire.systemMessages)
    return out
  },
  () => (response) => {
    const out: Mutable<WireStopsResponse> = { locations: response.stops.map(wireSequenceStop) }
    put(out, "systemMessages", response.systemMessages)
    return out
  }
)
