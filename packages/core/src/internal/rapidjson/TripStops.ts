// The rapidJSON codec of a trip's stops (`XML_STOPSEQCOORD_REQUEST`): `stops` ← `transportation.locationSequence`
// (else VVO's `leg.stopSequence`), the line from the same `transportation`, read as on a board.
import * as Schema from "effect/Schema"
import * as LineId from "../../LineId.js"
import type { RapidJsonContext as Context } from "../../Operation.js"
import type * as TripStops from "../../TripStops.js"
import { opt } from "../schema/params.js"
import {
  destinationOf,
  modeOf,
  sequenceStop,
  WireSequenceLocation,
  wireSequenceStop,
  WireTransportation,
  wireTransportation
} from "./Departures.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

const WireSequenceTransportation = Schema.Struct({
  ...WireTransportation.fields,
  id: opt(Schema.String),
  locationSequence: opt(Schema.Array(WireSequenceLocation))
}).annotations({ identifier: "WireSequenceTransportation" })

/**
 * The rapidJSON answer of a trip's stops: `transportation.locationSequence`, or (VVO)
 * `leg.transportation` with `leg.stopSequence`.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireTripStopsResponse = Schema.Struct({
  transportation: opt(WireSequenceTransportation),
  leg: opt(Schema.Struct({
    transportation: opt(WireSequenceTransportation),
    stopSequence: opt(Schema.Array(WireSequenceLocation))
  })),
  ...SystemMessages
}).annotations({ identifier: "WireTripStopsResponse" })

type WireTripStopsResponse = typeof WireTripStopsResponse.Type

const decodeTripStops = (context: Context) => (wire: WireTripStopsResponse): TripStops.TripStopsResponse => {
  const transportation = wire.transportation ?? wire.leg?.transportation
  const sequence = wire.transportation?.locationSequence ?? wire.leg?.stopSequence ??
    wire.leg?.transportation?.locationSequence ?? []
  const out: Mutable<TripStops.TripStopsResponse> = { stops: sequence.map(sequenceStop) }
  if (transportation !== undefined) {
    put(out, "lineId", transportation.id === undefined ? undefined : LineId.make(transportation.id))
    put(out, "lineName", transportation.disassembledName ?? transportation.number)
    if (transportation.name !== undefined || transportation.product !== undefined) {
      out.mode = modeOf(context, { ...transportation, id: transportation.id ?? "" })
    }
    if (transportation.destination?.name !== undefined || transportation.description !== undefined) {
      out.destination = destinationOf({ ...transportation, id: transportation.id ?? "" })
    }
  }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const encodeTripStops = (context: Context) => (response: TripStops.TripStopsResponse): WireTripStopsResponse => {
  const transportation: Mutable<typeof WireSequenceTransportation.Type> = {
    locationSequence: response.stops.map(wireSequenceStop)
  }
  if (response.mode !== undefined) {
    Object.assign(
      transportation,
      wireTransportation(
        context,
        response.lineId ?? "",
        response.lineName,
        response.mode,
        response.destination,
        undefined
      )
    )
    if (response.lineId === undefined) delete transportation.id
  } else {
    put(transportation, "id", response.lineId)
    put(transportation, "disassembledName", response.lineName)
    put(transportation, "destination", response.destination)
  }
  const out: Mutable<WireTripStopsResponse> = { transportation }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of a trip's stops, around its response model (given by the operation).
 *
 * @internal
 */
export const codec = codecOf(WireTripStopsResponse, "TripStopsResponse", decodeTripStops, encodeTripStops)
