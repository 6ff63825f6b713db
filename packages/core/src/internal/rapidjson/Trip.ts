// The trip's rapidJSON codec (`journeys`): each mapping decision is written beside its mapping.
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import type { RapidJsonCodec, RapidJsonContext as Context } from "../../Operation.js"
import * as Point from "../../Point.js"
import type * as Trip from "../../Trip.js"
import { WireTimestamp as Timestamp } from "../decode/instant.js"
import { opt } from "../schema/params.js"
import {
  mapClass,
  mapping,
  type Mutable,
  parentOf,
  put,
  SystemMessages,
  total,
  unmapClass,
  WireParent,
  WirePolyline,
  WireProduct,
  WireProperties
} from "./wire.js"

const WirePointFields = {
  id: Point.LocationId,
  name: Schema.String,
  type: opt(Schema.String),
  disassembledName: opt(Schema.String),
  parent: opt(WireParent),
  properties: opt(WireProperties)
}

const WireLegOrigin = Schema.Struct({
  ...WirePointFields,
  departureTimePlanned: Timestamp,
  departureTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireLegOrigin" })

const WireLegDestination = Schema.Struct({
  ...WirePointFields,
  arrivalTimePlanned: Timestamp,
  arrivalTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireLegDestination" })

const WireTransportation = Schema.Struct({
  id: opt(Schema.String),
  name: opt(Schema.String),
  disassembledName: opt(Schema.String),
  number: opt(Schema.String),
  description: opt(Schema.String),
  product: opt(WireProduct),
  destination: opt(Schema.Struct({ name: opt(Schema.String) }))
}).annotations({ identifier: "WireTransportation" })

const WireRealtimeStatus = Schema.Union(Schema.Array(Schema.String), Schema.String)

const WireLeg = Schema.Struct({
  origin: WireLegOrigin,
  destination: WireLegDestination,
  transportation: WireTransportation,
  realtimeStatus: opt(WireRealtimeStatus),
  isRealtimeControlled: opt(Schema.Boolean),
  coords: opt(WirePolyline)
}).annotations({ identifier: "WireLeg" })

const WireJourney = Schema.Struct({
  interchanges: opt(Schema.Finite),
  legs: Schema.Array(WireLeg)
}).annotations({ identifier: "WireJourney" })

/**
 * The rapidJSON trip answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireTripResponse = Schema.Struct({
  journeys: opt(Schema.Array(WireJourney)),
  ...SystemMessages
}).annotations({ identifier: "WireTripResponse" })

// `platform` ← `properties.platformName`, else `properties.platform`, else the `disassembledName` of a point of
// type `platform`.
const platformOf = (point: typeof WireLegOrigin.Type | typeof WireLegDestination.Type): string | undefined =>
  point.properties?.platformName ?? point.properties?.platform ??
    (point.type === "platform" ? point.disassembledName : undefined)

const tripDecode = (context: Context) => (wire: typeof WireTripResponse.Type): Trip.TripResponse => {
  // `trips` ← `journeys`
  const trips = (wire.journeys ?? []).map((journey): Trip.Trip => {
    const legs = journey.legs.map((leg): Trip.Leg => {
      const t = leg.transportation
      const origin: Mutable<Trip.Leg["origin"]> = {
        id: leg.origin.id,
        name: leg.origin.name,
        departureTimePlanned: leg.origin.departureTimePlanned
      }
      put(origin, "departureTimeEstimated", leg.origin.departureTimeEstimated)
      put(origin, "platform", platformOf(leg.origin))
      put(origin, "parent", parentOf(leg.origin.parent))
      const destination: Mutable<Trip.Leg["destination"]> = {
        id: leg.destination.id,
        name: leg.destination.name,
        arrivalTimePlanned: leg.destination.arrivalTimePlanned
      }
      put(destination, "arrivalTimeEstimated", leg.destination.arrivalTimeEstimated)
      put(destination, "platform", platformOf(leg.destination))
      put(destination, "parent", parentOf(leg.destination.parent))
      // a leg's `mode`: `transportation.name` (else `disassembledName`, `number`, `product.name`), and
      // `transportation.product.class` through the deployment's class table (no class: 11, other); its short
      // name `number` ← `disassembledName` ("T8"), else `number` (TfNSW's `number` is "T8 Airport & South Line")
      const mode: Mutable<Trip.Leg["mode"]> = {
        name: t.name ?? t.disassembledName ?? t.number ?? t.product?.name ?? "",
        mot: mapClass(context, t.product?.class ?? 11)
      }
      put(mode, "number", t.disassembledName ?? t.number)
      const out: Mutable<Trip.Leg> = { mode, origin, destination }
      // `realtimeStatus` is a list on the wire, joined with `,`
      const status = leg.realtimeStatus
      put(out, "realtimeStatus", typeof status === "string" ? status : status?.join(","))
      put(out, "isRealtimeControlled", leg.isRealtimeControlled)
      // `lineId` ← `transportation.id`, verbatim; `coords` ← the leg's polyline
      put(out, "lineId", t.id)
      put(out, "coords", leg.coords)
      return out
    })
    // rapidJSON has no journey duration, and the sum of leg durations leaves out waits: the last leg's planned
    // arrival minus the first leg's planned departure, in seconds
    const first = legs[0]
    const last = legs[legs.length - 1]
    const duration = first === undefined || last === undefined
      ? 0
      : Math.round(
        (DateTime.toEpochMillis(last.destination.arrivalTimePlanned) -
          DateTime.toEpochMillis(first.origin.departureTimePlanned)) / 1000
      ) + 0 // never -0
    // `interchange` ← `interchanges` (0 when absent)
    return { duration, interchange: journey.interchanges ?? 0, legs }
  })
  const out: Mutable<Trip.TripResponse> = { trips }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const wirePlace = (place: Point.ParentPlace | undefined) => place === undefined ? undefined : place

const tripEncode = (context: Context) => (response: Trip.TripResponse): typeof WireTripResponse.Type => {
  const journeys = response.trips.map((trip) => ({
    interchanges: trip.interchange,
    legs: trip.legs.map((leg) => {
      const origin: Mutable<typeof WireLegOrigin.Type> = {
        id: leg.origin.id,
        name: leg.origin.name,
        departureTimePlanned: leg.origin.departureTimePlanned
      }
      put(origin, "departureTimeEstimated", leg.origin.departureTimeEstimated)
      put(origin, "parent", wirePlace(leg.origin.parent))
      if (leg.origin.platform !== undefined) origin.properties = { platform: leg.origin.platform }
      const destination: Mutable<typeof WireLegDestination.Type> = {
        id: leg.destination.id,
        name: leg.destination.name,
        arrivalTimePlanned: leg.destination.arrivalTimePlanned
      }
      put(destination, "arrivalTimeEstimated", leg.destination.arrivalTimeEstimated)
      put(destination, "parent", wirePlace(leg.destination.parent))
      if (leg.destination.platform !== undefined) destination.properties = { platform: leg.destination.platform }
      const transportation: Mutable<typeof WireTransportation.Type> = {
        name: leg.mode.name,
        product: { class: unmapClass(context, leg.mode.mot) }
      }
      put(transportation, "disassembledName", leg.mode.number)
      put(transportation, "id", leg.lineId)
      const out: Mutable<typeof WireLeg.Type> = { origin, destination, transportation }
      put(out, "realtimeStatus", leg.realtimeStatus?.split(","))
      put(out, "isRealtimeControlled", leg.isRealtimeControlled)
      put(out, "coords", leg.coords)
      return out
    })
  }))
  const out: Mutable<typeof WireTripResponse.Type> = { journeys }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = (
  model: Schema.Schema<Trip.TripResponse, any>
): RapidJsonCodec<Trip.TripResponse, typeof WireTripResponse.Encoded> => ({
  wire: WireTripResponse,
  response: (context) =>
    mapping(WireTripResponse, model, "TripResponse", total(tripDecode(context)), tripEncode(context))
})
