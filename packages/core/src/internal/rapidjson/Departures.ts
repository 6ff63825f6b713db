/**
 * The rapidJSON departure board (`stopEvents`) and a trip's stops (`transportation.locationSequence`, or
 * `leg.stopSequence`): lenient wire schemas of the fields the models read, and the mappings both ways.
 *
 * Mapping decisions:
 * - Board: `events` ← `stopEvents`, `locations` ← `locations` (as the stop finder reads them); an event's
 *   `location` ← its `location` (a platform with its stop as `parent`, or the stop); `platform` ←
 *   `location.properties.platformName`, else `platform`; `plannedPlatform` ←
 *   `location.properties.plannedPlatformName`; `lineId` ← `transportation.id` verbatim; `lineName` ←
 *   `disassembledName`, else `number`, else `name`; `mode` as on trip legs (`name`, then
 *   `disassembledName`, `number`, `product.name`; `product.class` through the deployment's class table,
 *   no class: 11); `destination` ← `transportation.destination` (else `description`); `tripCode` ←
 *   `transportation.properties.tripCode` (a number or a numeric string); `cancelled` ← `isCancelled`, or
 *   `TRIP_CANCELLED` / `DEPARTURE_CANCELLED` / `ARRIVAL_CANCELLED` in the event's or the location's
 *   `realtimeStatus`; `notices` ← `infos` (`title`, else `subtitle`, `urlText`, the first `infoLinks`
 *   entry's; `text` ← `content`, else the first link's); `previousStops` / `onwardStops` ←
 *   `previousLocations` / `onwardLocations`. An event without `departureTimePlanned` (the last stop of a
 *   trip on an arrival board) takes its planned arrival.
 * - A trip's stops: `stops` ← `transportation.locationSequence` (else `leg.stopSequence`), the line from
 *   the same `transportation`.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import type * as Departures from "../../Departures.js"
import * as LineId from "../../LineId.js"
import type * as Mot from "../../Mot.js"
import * as Occupancy from "../../Occupancy.js"
import type { RapidJsonCodec, RapidJsonContext as Context } from "../../Operation.js"
import * as Point from "../../Point.js"
import { Timestamp } from "../decode/instant.js"
import { opt } from "../schema/params.js"
import {
  assignedStopOf,
  readLocationFields,
  WireAssignedStop,
  WireLocationFields,
  writeLocationFields
} from "./StopFinder.js"
import {
  callCancelled,
  CANCELLED_CALL_STATUS,
  infoText,
  mapClass,
  mapping,
  type Mutable,
  parentOf,
  platformOf,
  put,
  putStopTimes,
  statusList,
  SystemMessages,
  unmapClass,
  WireCoord,
  WireInfo,
  WireParent,
  WireProduct,
  WireStatus,
  WireStopProperties,
  WireYesNo,
  yesNoOf
} from "./wire.js"

// ---------------------------------------------------------------------------------------------
// wire
// ---------------------------------------------------------------------------------------------

const WireEventLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: opt(Schema.String),
  disassembledName: opt(Schema.String),
  parent: opt(WireParent),
  properties: opt(WireStopProperties)
}).annotations({ identifier: "WireEventLocation" })

/** @internal */
export const WireSequenceLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: opt(Schema.String),
  disassembledName: opt(Schema.String),
  parent: opt(WireParent),
  properties: opt(WireStopProperties),
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  departureTimePlanned: opt(Timestamp),
  departureTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireSequenceLocation" })

const IdValue = Schema.Union(Schema.String, Schema.Finite)

/** @internal */
export const WireTransportation = Schema.Struct({
  id: Schema.String,
  name: opt(Schema.String),
  disassembledName: opt(Schema.String),
  number: opt(Schema.String),
  description: opt(Schema.String),
  product: opt(WireProduct),
  destination: opt(Schema.Struct({ id: opt(IdValue), name: opt(Schema.String) })),
  properties: opt(Schema.Struct({ tripCode: opt(IdValue) }))
}).annotations({ identifier: "WireBoardTransportation" })

const WireStopEvent = Schema.Struct({
  location: WireEventLocation,
  departureTimePlanned: opt(Timestamp),
  departureTimeEstimated: opt(Timestamp),
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  realtimeStatus: opt(WireStatus),
  isCancelled: opt(Schema.Boolean),
  transportation: WireTransportation,
  infos: opt(Schema.Array(WireInfo)),
  properties: opt(Schema.Struct({
    WheelchairAccess: opt(WireYesNo),
    PlanWheelChairAccess: opt(WireYesNo),
    PlanLowFloorVehicle: opt(WireYesNo),
    occupancy: opt(Schema.String)
  })),
  previousLocations: opt(Schema.Array(WireSequenceLocation)),
  onwardLocations: opt(Schema.Array(WireSequenceLocation))
}).annotations({ identifier: "WireStopEvent" })

const WireBoardLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: opt(Schema.String),
  isBest: opt(Schema.Boolean),
  matchQuality: opt(Schema.Finite),
  coord: opt(WireCoord),
  assignedStops: opt(Schema.Array(WireAssignedStop)),
  parent: opt(WireParent),
  ...WireLocationFields
}).annotations({ identifier: "WireBoardLocation" })

/**
 * The rapidJSON board answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireDeparturesResponse = Schema.Struct({
  stopEvents: opt(Schema.Array(WireStopEvent)),
  locations: opt(Schema.Array(WireBoardLocation)),
  // a session's ids, where the server keeps sessions (the schema has no field for them: its free-form `properties`)
  properties: opt(Schema.Struct({ sessionID: opt(Schema.String), requestID: opt(Schema.String) })),
  ...SystemMessages
}).annotations({ identifier: "WireDeparturesResponse" })

type WireDeparturesResponse = typeof WireDeparturesResponse.Type

// ---------------------------------------------------------------------------------------------
// decoding
// ---------------------------------------------------------------------------------------------

const CANCELLED = new Set(["TRIP_CANCELLED", "DEPARTURE_CANCELLED", "ARRIVAL_CANCELLED"])

/** @internal */
export const sequenceStop = (wire: typeof WireSequenceLocation.Type): Departures.SequenceStop => {
  const out: Mutable<Departures.SequenceStop> = { id: wire.id, name: wire.name }
  put(out, "parent", parentOf(wire.parent))
  put(out, "platform", platformOf(wire))
  putStopTimes(out, wire)
  if (callCancelled(wire.properties?.realtimeStatus)) out.cancelled = true
  return out
}

const noticeOf = (wire: typeof WireInfo.Type): Departures.EventNotice => {
  const { text, title, url } = infoText(wire)
  const out: Mutable<Departures.EventNotice> = { title: title ?? "" }
  put(out, "id", wire.id)
  put(out, "type", wire.type)
  put(out, "text", text)
  put(out, "url", url)
  put(out, "priority", wire.priority)
  return out
}

const tripCodeOf = (value: string | number | undefined): number | undefined => {
  const code = typeof value === "string" ? (/^\d{1,8}$/.test(value) ? Number(value) : undefined) : value
  return code !== undefined && Number.isInteger(code) && code >= 0 ? code : undefined
}

/** @internal */
export const modeOf = (context: Context, t: typeof WireTransportation.Type): typeof Mot.LegMode.Type => {
  const mode: Mutable<typeof Mot.LegMode.Type> = {
    name: t.name ?? t.disassembledName ?? t.number ?? t.product?.name ?? "",
    mot: mapClass(context, t.product?.class ?? 11)
  }
  // the short name, as on trip legs (the same as the event's `lineName`)
  put(mode, "number", t.disassembledName ?? t.number)
  return mode
}

/** @internal */
export const destinationOf = (t: typeof WireTransportation.Type): Departures.StopEvent["destination"] => {
  const out: Mutable<Departures.StopEvent["destination"]> = { name: t.destination?.name ?? t.description ?? "" }
  if (t.destination?.id !== undefined) out.id = String(t.destination.id)
  return out
}

const eventOf = (context: Context, wire: typeof WireStopEvent.Type): Departures.StopEvent | undefined => {
  const planned = wire.departureTimePlanned ?? wire.arrivalTimePlanned
  if (planned === undefined) return undefined
  const t = wire.transportation
  const status = statusList(wire.realtimeStatus)
  const callStatus = statusList(wire.location.properties?.realtimeStatus)
  const location: Mutable<Departures.EventLocation> = { id: wire.location.id, name: wire.location.name }
  put(location, "type", wire.location.type)
  put(location, "parent", parentOf(wire.location.parent))
  const out: Mutable<Departures.StopEvent> = {
    location,
    departureTimePlanned: planned,
    lineId: LineId.make(t.id),
    lineName: t.disassembledName ?? t.number ?? t.name ?? "",
    mode: modeOf(context, t),
    destination: destinationOf(t),
    cancelled: wire.isCancelled === true || status?.some((s) => CANCELLED.has(s)) === true ||
      callStatus?.some((s) => CANCELLED.has(s)) === true
  }
  put(out, "departureTimeEstimated", wire.departureTimeEstimated)
  put(out, "arrivalTimePlanned", wire.arrivalTimePlanned)
  put(out, "arrivalTimeEstimated", wire.arrivalTimeEstimated)
  const properties = wire.location.properties
  put(out, "platform", platformOf(wire.location))
  put(out, "plannedPlatform", properties?.plannedPlatformName)
  put(out, "tripCode", tripCodeOf(t.properties?.tripCode))
  put(out, "realtimeStatus", status)
  put(out, "notices", wire.infos?.map(noticeOf))
  put(out, "previousStops", wire.previousLocations?.map(sequenceStop))
  put(out, "onwardStops", wire.onwardLocations?.map(sequenceStop))
  // `occupancy` ← the location's `properties.occupancy` (else the event's); `wheelchairAccessible` ← the event's
  // `properties.WheelchairAccess` (TfNSW), else `PlanWheelChairAccess`; `lowFloor` ← `PlanLowFloorVehicle`
  Occupancy.assign(out, properties?.occupancy ?? wire.properties?.occupancy)
  put(out, "wheelchairAccessible", yesNoOf(wire.properties?.WheelchairAccess ?? wire.properties?.PlanWheelChairAccess))
  put(out, "lowFloor", yesNoOf(wire.properties?.PlanLowFloorVehicle))
  return out
}

// `isBest` and `matchQuality` only where sent: a board that leaves them out says nothing about them
const locationOf = (wire: typeof WireBoardLocation.Type): Departures.BoardLocation => {
  const out: Mutable<Departures.BoardLocation> = { id: wire.id, name: wire.name, type: wire.type ?? "unknown" }
  put(out, "isBest", wire.isBest)
  put(out, "matchQuality", wire.matchQuality)
  put(out, "coord", wire.coord)
  put(out, "assignedStops", wire.assignedStops?.map(assignedStopOf))
  put(out, "parent", parentOf(wire.parent))
  readLocationFields(wire, out)
  return out
}

const MISSING_TIME = "a stop event needs departureTimePlanned or arrivalTimePlanned"

// rapidJSON to the board model; an event without any planned time fails at its path.
const decodeDepartures = (context: Context) =>
(
  wire: WireDeparturesResponse,
  ast: AST.AST
): Either.Either<Departures.DeparturesResponse, ParseResult.ParseIssue> => {
  const wireEvents = wire.stopEvents ?? []
  const events: Array<Departures.StopEvent> = []
  for (let i = 0; i < wireEvents.length; i++) {
    const event = eventOf(context, wireEvents[i]!)
    if (event === undefined) {
      return Either.left(
        new ParseResult.Pointer(
          "stopEvents",
          wire,
          new ParseResult.Pointer(i, wireEvents, new ParseResult.Type(ast, wireEvents[i], MISSING_TIME))
        )
      )
    }
    events.push(event)
  }
  const out: Mutable<Departures.DeparturesResponse> = { events, locations: (wire.locations ?? []).map(locationOf) }
  put(out, "sessionID", wire.properties?.sessionID)
  put(out, "requestID", wire.properties?.requestID)
  put(out, "systemMessages", wire.systemMessages)
  return Either.right(out)
}

// ---------------------------------------------------------------------------------------------
// encoding
// ---------------------------------------------------------------------------------------------

const wireProperties = (platform: string | undefined, planned: string | undefined, occupancy?: string) => {
  if (platform === undefined && planned === undefined && occupancy === undefined) return undefined
  const out: Mutable<typeof WireStopProperties.Type> = {}
  put(out, "occupancy", occupancy)
  put(out, "platformName", platform)
  put(out, "plannedPlatformName", planned)
  if (platform !== undefined && planned !== undefined && platform !== planned) out.platformChange = "changed"
  return out
}

/** @internal */
export const wireSequenceStop = (stop: Departures.SequenceStop): typeof WireSequenceLocation.Type => {
  const out: Mutable<typeof WireSequenceLocation.Type> = { id: stop.id, name: stop.name }
  put(out, "parent", stop.parent)
  const properties = wireProperties(stop.platform, undefined)
  put(
    out,
    "properties",
    stop.cancelled === true ? { ...properties, realtimeStatus: CANCELLED_CALL_STATUS } : properties
  )
  putStopTimes(out, stop)
  return out
}

const wireNotice = (notice: Departures.EventNotice): typeof WireInfo.Type => {
  const out: Mutable<typeof WireInfo.Type> = { title: notice.title }
  put(out, "id", notice.id)
  put(out, "type", notice.type)
  put(out, "priority", notice.priority)
  put(out, "content", notice.text)
  put(out, "url", notice.url)
  return out
}

/** @internal */
export const wireTransportation = (
  context: Context,
  lineId: string,
  lineName: string | undefined,
  mode: typeof Mot.LegMode.Type,
  destination: Departures.StopEvent["destination"] | undefined,
  tripCode: number | undefined
): typeof WireTransportation.Type => {
  const out: Mutable<typeof WireTransportation.Type> = {
    id: lineId,
    name: mode.name,
    product: { class: unmapClass(context, mode.mot) }
  }
  put(out, "disassembledName", lineName)
  put(out, "destination", destination)
  if (tripCode !== undefined) out.properties = { tripCode }
  return out
}

// The board model as rapidJSON (the fake's answers).
const encodeDepartures = (context: Context) =>
(
  response: Departures.DeparturesResponse
): WireDeparturesResponse => {
  const stopEvents = response.events.map((event) => {
    const location: Mutable<typeof WireEventLocation.Type> = { id: event.location.id, name: event.location.name }
    put(location, "type", event.location.type)
    put(location, "parent", event.location.parent)
    put(location, "properties", wireProperties(event.platform, event.plannedPlatform, Occupancy.toWire(event)))
    const out: Mutable<typeof WireStopEvent.Type> = {
      location,
      departureTimePlanned: event.departureTimePlanned,
      transportation: wireTransportation(
        context,
        event.lineId,
        event.lineName,
        event.mode,
        event.destination,
        event.tripCode
      ),
      isCancelled: event.cancelled
    }
    put(out, "departureTimeEstimated", event.departureTimeEstimated)
    put(out, "arrivalTimePlanned", event.arrivalTimePlanned)
    put(out, "arrivalTimeEstimated", event.arrivalTimeEstimated)
    put(out, "realtimeStatus", event.realtimeStatus)
    put(out, "infos", event.notices?.map(wireNotice))
    put(out, "previousLocations", event.previousStops?.map(wireSequenceStop))
    put(out, "onwardLocations", event.onwardStops?.map(wireSequenceStop))
    if (event.wheelchairAccessible !== undefined || event.lowFloor !== undefined) {
      const properties: Mutable<NonNullable<typeof WireStopEvent.Type["properties"]>> = {}
      put(properties, "WheelchairAccess", event.wheelchairAccessible?.toString())
      put(properties, "PlanLowFloorVehicle", event.lowFloor === undefined ? undefined : event.lowFloor ? "1" : "0")
      out.properties = properties
    }
    return out
  })
  const locations = response.locations.map((location) => {
    const out: Mutable<typeof WireBoardLocation.Type> = {
      id: location.id,
      name: location.name,
      type: location.type
    }
    put(out, "isBest", location.isBest)
    put(out, "matchQuality", location.matchQuality)
    put(out, "coord", location.coord)
    put(out, "assignedStops", location.assignedStops)
    put(out, "parent", location.parent)
    writeLocationFields(location, out)
    return out
  })
  const out: Mutable<WireDeparturesResponse> = { stopEvents, locations }
  if (response.sessionID !== undefined || response.requestID !== undefined) {
    const properties: Mutable<NonNullable<WireDeparturesResponse["properties"]>> = {}
    put(properties, "sessionID", response.sessionID)
    put(properties, "requestID", response.requestID)
    out.properties = properties
  }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the board, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = (
  model: Schema.Schema<Departures.DeparturesResponse, any>
): RapidJsonCodec<Departures.DeparturesResponse, typeof WireDeparturesResponse.Encoded> => ({
  wire: WireDeparturesResponse,
  response: (context) =>
    mapping(WireDeparturesResponse, model, "DeparturesResponse", decodeDepartures(context), encodeDepartures(context))
})
