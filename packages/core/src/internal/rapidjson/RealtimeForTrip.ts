// The real time of a planned trip's rapidJSON codec, from the Mentz schema (`GETREALTIMEFORTRIP_Schema.json`:
// `{ serverInfo, version, journey }`, `journey` the same definition as the trip answer's journeys), read and
// written with the trip codec's journey mapping.
import * as Schema from "effect/Schema"
import type * as RealtimeForTrip from "../../RealtimeForTrip.js"
import { opt } from "../schema/params.js"
import { journeyOf, WireJourney, wireJourney } from "./Trip.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

/**
 * The rapidJSON answer of the real time of a planned trip, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireRealtimeForTripResponse = Schema.Struct({
  journey: opt(WireJourney),
  ...SystemMessages
}).annotations({ identifier: "WireRealtimeForTripResponse" })

type WireRealtimeForTripResponse = typeof WireRealtimeForTripResponse.Type

/**
 * The rapidJSON codec of the real time of a planned trip, around its response model (given by the operation).
 * `trip` ← `journey`, read as the trip answer's journeys are (absent: no trip).
 *
 * @internal
 */
export const codec = codecOf(
  WireRealtimeForTripResponse,
  "RealtimeForTripResponse",
  (context) => (wire: WireRealtimeForTripResponse): RealtimeForTrip.RealtimeForTripResponse => {
    const out: Mutable<RealtimeForTrip.RealtimeForTripResponse> = {}
    put(out, "trip", wire.journey === undefined ? undefined : journeyOf(context)(wire.journey))
    put(out, "systemMessages", wire.systemMessages)
    return out
  },
  (context) => (response) => {
    const out: Mutable<WireRealtimeForTripResponse> = {}
    put(out, "journey", response.trip === undefined ? undefined : wireJourney(context)(response.trip))
    put(out, "systemMessages", response.systemMessages)
    return out
  }
)
