// The parts of a rapidJSON journey (the Mentz `journey` definition) that identify it: what the real time of a
// planned trip sends as its `journey` parameter. The trip codec's wire legs are built on these structs (their
// ends and their transportation extend them), so the key is a subset of the journey as answers write it, not a
// second shape. No stop sequences, no coordinates: the URL stays short. One definition, for a time schema: the
// wire's timestamps here, the times people write in the request model (`RealtimeForTrip.JourneyKey`).
import type * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import * as Point from "../../Point.js"
import { WireTimestamp } from "../decode/instant.js"
import { opt } from "../schema/params.js"

/**
 * A leg's identifying parts with times read by `time`: its transportation (the line `id`, verbatim; its product
 * `class`, the MOT-ID that tells a walk from a ride; the run's `tripCode`, each where known), where it starts (the
 * stop's `id` and the planned departure) and where it ends (the stop's `id` and the planned arrival).
 *
 * @internal
 */
const legKeyOf = <I>(time: Schema.Schema<DateTime.Utc, I>) => ({
  transportation: Schema.Struct({
    id: opt(Schema.String),
    // a MOT-ID, an integer: a query carries no `-0` that any finite number would let through
    product: opt(Schema.Struct({ class: opt(Schema.Int) })),
    properties: opt(Schema.Struct({ tripCode: opt(Schema.NonNegativeInt) }))
  }),
  origin: Schema.Struct({ id: Point.LocationId, departureTimePlanned: time }),
  destination: Schema.Struct({ id: Point.LocationId, arrivalTimePlanned: time })
})

/**
 * The identifying parts of a journey with times read by `time`: its legs in order.
 *
 * @internal
 */
export const journeyKeyOf = <I>(time: Schema.Schema<DateTime.Utc, I>) =>
  Schema.Struct({ legs: Schema.NonEmptyArray(Schema.Struct(legKeyOf(time))) })

const wireLeg = legKeyOf(WireTimestamp)

/** @internal */
export const WireLegOriginKey = wireLeg.origin

/** @internal */
export const WireLegDestinationKey = wireLeg.destination

/** @internal */
export const WireTransportationKey = wireLeg.transportation

/**
 * The identifying parts of a journey as the `journey` parameter writes them (ISO 8601 instants with `Z`).
 *
 * @internal
 */
export const WireJourneyKey = journeyKeyOf(WireTimestamp).annotations({ identifier: "WireJourneyKey" })
