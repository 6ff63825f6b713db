// The trip's rapidJSON codec (`journeys`): each mapping decision is written beside its mapping.
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import * as LineId from "../../LineId.js"
import * as Occupancy from "../../Occupancy.js"
import type { RapidJsonContext as Context } from "../../Operation.js"
import * as Point from "../../Point.js"
import type * as Trip from "../../Trip.js"
import { WireTimestamp as Timestamp } from "../decode/instant.js"
import { objectsWithRoom } from "../effect/fastDecode.js"
import { opt } from "../schema/params.js"
import { WireLegDestinationKey, WireLegOriginKey, WireTransportationKey } from "./journeyKey.js"
import {
  callCancelled,
  CANCELLED_CALL_STATUS,
  codecOf,
  infoText,
  mapClass,
  type Mutable,
  parentOf,
  platformOf,
  put,
  putNoticeDetails,
  putStopTimes,
  putWireNoticeDetails,
  statusList,
  SystemMessages,
  unmapClass,
  WireInfo,
  WireParent,
  WirePolyline,
  WireProduct,
  WireStatus,
  WireStopProperties,
  WireYesNo,
  yesNoOf
} from "./wire.js"

const WirePointFields = {
  id: Point.LocationId,
  name: Schema.String,
  type: opt(Schema.String),
  disassembledName: opt(Schema.String),
  parent: opt(WireParent),
  properties: opt(WireStopProperties)
}

// a leg's ends and its transportation: what identifies them (`journeyKey.ts`, what the real time of a planned
// trip sends), and what the answers tell besides
const WireLegOrigin = Schema.Struct({
  ...WirePointFields,
  ...WireLegOriginKey.fields,
  departureTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireLegOrigin" })

const WireLegDestination = Schema.Struct({
  ...WirePointFields,
  ...WireLegDestinationKey.fields,
  arrivalTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireLegDestination" })

const WireLegStop = Schema.Struct({
  ...WirePointFields,
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  departureTimePlanned: opt(Timestamp),
  departureTimeEstimated: opt(Timestamp)
}).annotations({ identifier: "WireLegStop" })

const IdValue = Schema.Union(Schema.String, Schema.Finite)

const WireParty = Schema.Struct({ id: opt(IdValue), name: opt(Schema.String) })

const WireTransportation = Schema.Struct({
  ...WireTransportationKey.fields,
  name: opt(Schema.String),
  disassembledName: opt(Schema.String),
  number: opt(Schema.String),
  description: opt(Schema.String),
  product: opt(WireProduct),
  operator: opt(WireParty),
  destination: opt(WireParty),
  properties: opt(Schema.Struct({ tripCode: opt(IdValue) }))
}).annotations({ identifier: "WireTransportation" })

const WirePathElement = Schema.Struct({
  type: opt(Schema.String),
  level: opt(Schema.String),
  levelFrom: opt(Schema.Finite),
  levelTo: opt(Schema.Finite),
  attributes: opt(Schema.Struct({ distance: opt(Schema.Finite) }))
}).annotations({ identifier: "WireFootPathElem" })

const WireFootPathInfo = Schema.Struct({
  position: opt(Schema.String),
  duration: opt(Schema.Finite),
  distance: opt(Schema.Finite),
  footPathElem: opt(Schema.Array(WirePathElement))
}).annotations({ identifier: "WireFootPathInfo" })

const WireLeg = Schema.Struct({
  origin: WireLegOrigin,
  destination: WireLegDestination,
  transportation: WireTransportation,
  realtimeStatus: opt(WireStatus),
  isRealtimeControlled: opt(Schema.Boolean),
  coords: opt(WirePolyline),
  stopSequence: opt(Schema.Array(WireLegStop)),
  infos: opt(Schema.Array(WireInfo)),
  hints: opt(Schema.Array(WireInfo)),
  footPathInfo: opt(Schema.Array(WireFootPathInfo)),
  properties: opt(Schema.Struct({
    PlanWheelChairAccess: opt(WireYesNo),
    PlanLowFloorVehicle: opt(WireYesNo)
  }))
}).annotations({ identifier: "WireLeg" })

const LegIndex = Schema.NonNegativeInt

const WireTicket = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  priceBrutto: Schema.Finite,
  currency: Schema.String,
  person: opt(Schema.String),
  travellerClass: opt(Schema.String),
  validMinutes: opt(Schema.Finite),
  net: opt(Schema.String),
  priceLevel: opt(Schema.String),
  fromLeg: opt(LegIndex),
  toLeg: opt(LegIndex)
}).annotations({ identifier: "WireTicket" })

const WireFareZone = Schema.Struct({
  net: opt(Schema.String),
  fromLeg: opt(LegIndex),
  toLeg: opt(LegIndex),
  // the schema's list of lists (`[["1", "2"]]`), or a flat list (VVS: `["1"]`)
  zones: opt(Schema.Array(Schema.Union(Schema.String, Schema.Array(Schema.String))))
}).annotations({ identifier: "WireFareZone" })

/**
 * A rapidJSON journey (the Mentz `journey` definition), as far as the model reads it: the trip answer's
 * `journeys` and the real time of a planned trip's `journey`.
 *
 * @internal
 */
export const WireJourney = Schema.Struct({
  interchanges: opt(Schema.Finite),
  legs: Schema.Array(WireLeg),
  // not in the Mentz schema's journey (its `route` has it), but in recorded VRR and TfNSW journeys
  daysOfService: opt(Schema.Struct({ rvb: opt(Schema.String), texts: opt(Schema.Array(Schema.String)) })),
  fare: opt(Schema.Struct({
    tickets: opt(Schema.Array(WireTicket)),
    zones: opt(Schema.Array(WireFareZone))
  }))
}).annotations({ identifier: "WireJourney" })

/**
 * The rapidJSON trip answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireTripResponse = Schema.Struct({
  journeys: opt(Schema.Array(WireJourney)),
  // a session's ids, where the server keeps sessions (the schema has no field for them: its free-form `properties`)
  properties: opt(Schema.Struct({ sessionID: opt(Schema.String), requestID: opt(Schema.String) })),
  ...SystemMessages
}).annotations({ identifier: "WireTripResponse" })

type WireLeg = typeof WireLeg.Type

const TRIP_CANCELLED = "TRIP_CANCELLED"

// The model's objects, each made with room for the properties its model declares: they are built property by
// property, most properties optional.
const newLegStop = objectsWithRoom<Mutable<Trip.LegStop>>(14)
const newLegOrigin = objectsWithRoom<Mutable<Trip.Leg["origin"]>>(7)
const newLegDestination = objectsWithRoom<Mutable<Trip.Leg["destination"]>>(7)
const newLegMode = objectsWithRoom<Mutable<Trip.Leg["mode"]>>(3)
const newLegLine = objectsWithRoom<Mutable<Trip.LegLine>>(6)
const newLeg = objectsWithRoom<Mutable<Trip.Leg>>(17)
const newLegNotice = objectsWithRoom<Mutable<Trip.LegNotice>>(12)
const newPathElement = objectsWithRoom<Mutable<Trip.PathElement>>(4)
const newInterchange = objectsWithRoom<Mutable<Trip.Interchange>>(4)
const newTicket = objectsWithRoom<Mutable<Trip.Ticket>>(11)
const newTrip = objectsWithRoom<Mutable<Trip.Trip>>(6)

// a stop of `stopSequence`: `platform` as on the leg's ends, `plannedPlatform` ← `properties.plannedPlatformName`,
// `cancelled` ← a cancelling call status in `properties.realtimeStatus`, `occupancy` ← `properties.occupancy`,
// `wheelchairAccessible` ← `properties.WheelchairAccess`; times as sent (an estimate only where there is one)
const legStopOf = (wire: typeof WireLegStop.Type): Trip.LegStop => {
  const properties = wire.properties
  const out = newLegStop()
  out.id = wire.id
  out.name = wire.name
  out.cancelled = callCancelled(properties?.realtimeStatus)
  // the optional fields written out rather than through `put`, whose one store serves every object and field: a
  // stop sequence has thousands of stops
  if (wire.type !== undefined) out.type = wire.type
  const parent = parentOf(wire.parent)
  if (parent !== undefined) out.parent = parent
  const platform = platformOf(wire)
  if (platform !== undefined) out.platform = platform
  const plannedPlatform = properties?.plannedPlatformName
  if (plannedPlatform !== undefined) out.plannedPlatform = plannedPlatform
  putStopTimes(out, wire)
  Occupancy.assign(out, properties?.occupancy)
  const wheelchairAccessible = yesNoOf(properties?.WheelchairAccess)
  if (wheelchairAccessible !== undefined) out.wheelchairAccessible = wheelchairAccessible
  return out
}

// a notice: `infos` (`source: "info"`) then `hints` (`source: "hint"`); `id` ← `id`, else a hint's `providerCode`;
// `type` as sent (`unknown` where there is none); title, text and page as on boards; `text` "" where there is none
const noticeOf = (source: Trip.LegNotice["source"]) => (wire: typeof WireInfo.Type): Trip.LegNotice => {
  const { text, title, url } = infoText(wire)
  const out = newLegNotice()
  out.type = wire.type ?? "unknown"
  out.text = text ?? ""
  out.source = source
  put(out, "id", wire.id ?? wire.providerCode)
  put(out, "title", title)
  put(out, "url", url)
  put(out, "priority", wire.priority)
  // `subtitle`, `urlText`, `version`, `properties.smsText` and `infoLinks`, as `addInfo`'s notices
  putNoticeDetails(out, wire)
  return out
}

const positions: Record<string, Trip.Interchange["position"]> = { BEFORE: "before", AFTER: "after", IDEST: "inside" }
const wirePositions: Record<Trip.Interchange["position"], string> = {
  before: "BEFORE",
  after: "AFTER",
  inside: "IDEST"
}

const elementTypes: Record<string, Trip.PathElement["type"]> = {
  LEVEL: "level",
  STAIRS: "stairs",
  ESCALATOR: "escalator",
  ELEVATOR: "lift",
  RAMP: "ramp",
  ILLUMINATED: "illuminated",
  DANGEROUS: "dangerous"
}
const wireElementTypes = Object.fromEntries(Object.entries(elementTypes).map(([wire, type]) => [type, wire])) as Record<
  Trip.PathElement["type"],
  string
>
const directions: Record<string, NonNullable<Trip.PathElement["direction"]>> = {
  UP: "up",
  DOWN: "down",
  LEVEL: "level"
}

// `interchange` ← the first `footPathInfo` with a known `position` and a `duration`; `distance` ← its `distance`,
// else the sum of its elements' `attributes.distance` where every element has one and it is not 0 (TfNSW); elements of a type the model
// does not know (a newer release) are left out, and so is a `level` it does not know
const interchangeOf = (
  infos: ReadonlyArray<typeof WireFootPathInfo.Type> | undefined
): Trip.Interchange | undefined => {
  const info = infos?.find((info) =>
    info.position !== undefined && Object.hasOwn(positions, info.position) && info.duration !== undefined
  )
  if (info === undefined) return undefined
  const wireElements = info.footPathElem ?? []
  const elements: Array<Trip.PathElement> = []
  for (const element of wireElements) {
    const type = element.type === undefined || !Object.hasOwn(elementTypes, element.type)
      ? undefined
      : elementTypes[element.type]
    if (type === undefined) continue
    const out = newPathElement()
    out.type = type
    put(out, "direction", element.level !== undefined ? directions[element.level] : undefined)
    put(out, "levelFrom", element.levelFrom)
    put(out, "levelTo", element.levelTo)
    elements.push(out)
  }
  const out = newInterchange()
  out.position = positions[info.position!]!
  out.duration = info.duration!
  out.elements = elements
  const summed = wireElements.length > 0 && wireElements.every((e) => e.attributes?.distance !== undefined)
    ? wireElements.reduce((sum, e) => sum + e.attributes!.distance!, 0)
    : 0
  // TfNSW sends 0 for every element: not a distance
  put(out, "distance", info.distance ?? (summed > 0 ? summed : undefined))
  return out
}

const tripCodeOf = (value: string | number | undefined): number | undefined => {
  const code = typeof value === "string" ? (/^\d{1,8}$/.test(value) ? Number(value) : undefined) : value
  return code !== undefined && Number.isInteger(code) && code >= 0 ? code : undefined
}

const partyOf = (wire: typeof WireParty.Type | undefined): Trip.LineParty | undefined => {
  if (wire?.name === undefined) return undefined
  const out: Mutable<Trip.LineParty> = { name: wire.name }
  if (wire.id !== undefined) out.id = String(wire.id)
  return out
}

// A leg's end as a place: `type` as sent (a ride's ends are platforms at real servers: the platform's ID, the stop
// as `parent`), its platform and its parent.
const placeOfEnd = (
  out: { type?: string; platform?: string; parent?: Point.ParentPlace },
  wire: WireLeg["origin"] | WireLeg["destination"]
): void => {
  if (wire.type !== undefined) out.type = wire.type
  const platform = platformOf(wire)
  if (platform !== undefined) out.platform = platform
  const parent = parentOf(wire.parent)
  if (parent !== undefined) out.parent = parent
}

const legOf = (context: Context, leg: WireLeg): Trip.Leg => {
  const t = leg.transportation
  const origin = newLegOrigin()
  origin.id = leg.origin.id
  origin.name = leg.origin.name
  origin.departureTimePlanned = leg.origin.departureTimePlanned
  // the optional fields written out rather than through `put`, whose one store serves every object and field
  if (leg.origin.departureTimeEstimated !== undefined) {
    origin.departureTimeEstimated = leg.origin.departureTimeEstimated
  }
  placeOfEnd(origin, leg.origin)
  const destination = newLegDestination()
  destination.id = leg.destination.id
  destination.name = leg.destination.name
  destination.arrivalTimePlanned = leg.destination.arrivalTimePlanned
  if (leg.destination.arrivalTimeEstimated !== undefined) {
    destination.arrivalTimeEstimated = leg.destination.arrivalTimeEstimated
  }
  placeOfEnd(destination, leg.destination)
  // a leg's `mode`: `transportation.name` (else `disassembledName`, `number`, `product.name`), and
  // `transportation.product.class` through the deployment's class table (no class: 11, other); its short
  // name `number` ← `disassembledName` ("T8"), else `number` (TfNSW's `number` is "T8 Airport & South Line")
  const mode = newLegMode()
  mode.name = t.name ?? t.disassembledName ?? t.number ?? t.product?.name ?? ""
  mode.mot = mapClass(context, t.product?.class ?? 11)
  const number = t.disassembledName ?? t.number
  if (number !== undefined) mode.number = number
  // `realtimeStatus` is a list on the wire, joined with `,`; `cancelled` ← `TRIP_CANCELLED` in it
  const status = statusList(leg.realtimeStatus)
  const out = newLeg()
  out.mode = mode
  out.origin = origin
  out.destination = destination
  out.cancelled = status?.includes(TRIP_CANCELLED) === true
  if (status !== undefined) out.realtimeStatus = status.join(",")
  if (leg.isRealtimeControlled !== undefined) out.isRealtimeControlled = leg.isRealtimeControlled
  // `lineId` ← `transportation.id`, verbatim; `coords` ← the leg's polyline
  if (t.id !== undefined) out.lineId = LineId.make(t.id)
  if (leg.coords !== undefined) out.coords = leg.coords
  // `stops` ← `stopSequence`, as sent (absent where the server sent none)
  if (leg.stopSequence !== undefined) out.stops = leg.stopSequence.map(legStopOf)
  // `tripCode` ← `transportation.properties.tripCode` (a number or a numeric string)
  const tripCode = tripCodeOf(t.properties?.tripCode)
  if (tripCode !== undefined) out.tripCode = tripCode
  // `line` for a leg with a line (`transportation.id`): names as `mode`, `product.name`, `operator`, `destination`
  if (t.id !== undefined) {
    const line = newLegLine()
    line.name = mode.name
    put(line, "shortName", mode.number)
    put(line, "description", t.description)
    put(line, "product", t.product?.name)
    put(line, "operator", partyOf(t.operator))
    put(line, "destination", partyOf(t.destination))
    out.line = line
  }
  // `notices` ← `infos` then `hints` (absent where the leg has neither)
  if (leg.infos !== undefined || leg.hints !== undefined) {
    out.notices = [...(leg.infos ?? []).map(noticeOf("info")), ...(leg.hints ?? []).map(noticeOf("hint"))]
  }
  // `occupancy` ← the origin's `properties.occupancy`: how full the vehicle is when boarding
  Occupancy.assign(out, leg.origin.properties?.occupancy)
  const wheelchairAccessible = yesNoOf(leg.properties?.PlanWheelChairAccess)
  if (wheelchairAccessible !== undefined) out.wheelchairAccessible = wheelchairAccessible
  const lowFloor = yesNoOf(leg.properties?.PlanLowFloorVehicle)
  if (lowFloor !== undefined) out.lowFloor = lowFloor
  const interchange = interchangeOf(leg.footPathInfo)
  if (interchange !== undefined) out.interchange = interchange
  return out
}

type WireFare = NonNullable<typeof WireJourney.Type["fare"]>

// `fare` ← `fare`: a ticket's `price` ← `priceBrutto` (the whole ticket's price), `network` ← `net`, `person` as
// sent (`OTHER` where there is none); `fromLeg` 0 and `toLeg` the last leg where the server does not say; zones
// flattened from the schema's list of lists; `network` "" where there is no `net`
const fareOf = (wire: WireFare, legs: number): Trip.Fare => ({
  tickets: (wire.tickets ?? []).map((ticket) => {
    const out = newTicket()
    out.id = ticket.id
    out.name = ticket.name
    out.price = ticket.priceBrutto
    out.currency = ticket.currency
    out.person = ticket.person ?? "OTHER"
    out.fromLeg = ticket.fromLeg ?? 0
    out.toLeg = ticket.toLeg ?? Math.max(legs - 1, 0)
    put(out, "travellerClass", ticket.travellerClass)
    put(out, "validMinutes", ticket.validMinutes)
    put(out, "network", ticket.net)
    put(out, "priceLevel", ticket.priceLevel)
    return out
  }),
  zones: (wire.zones ?? []).map((zone) => ({
    network: zone.net ?? "",
    zones: (zone.zones ?? []).flat(),
    fromLeg: zone.fromLeg ?? 0,
    toLeg: zone.toLeg ?? Math.max(legs - 1, 0)
  }))
})

/**
 * A rapidJSON journey read as a trip of the model (the trip answer's journeys, the real time of a planned trip).
 *
 * @internal
 */
export const journeyOf = (context: Context) => (journey: typeof WireJourney.Type): Trip.Trip => {
  const legs = journey.legs.map((leg) => legOf(context, leg))
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
  // `interchange` ← `interchanges` (0 when absent); `cancelled` when a leg is
  const out = newTrip()
  out.duration = duration
  out.interchange = journey.interchanges ?? 0
  out.legs = legs
  out.cancelled = legs.some((leg) => leg.cancelled)
  if (journey.fare !== undefined) out.fare = fareOf(journey.fare, legs.length)
  // `daysOfService` as sent
  put(out, "daysOfService", journey.daysOfService)
  return out
}

const tripDecode = (context: Context) => (wire: typeof WireTripResponse.Type): Trip.TripResponse => {
  // `trips` ← `journeys`
  const trips = (wire.journeys ?? []).map(journeyOf(context))
  const out: Mutable<Trip.TripResponse> = { trips }
  put(out, "sessionID", wire.properties?.sessionID)
  put(out, "requestID", wire.properties?.requestID)
  put(out, "systemMessages", wire.systemMessages)
  return out
}

// ---------------------------------------------------------------------------------------------
// encoding (the fake's answers)
// ---------------------------------------------------------------------------------------------

const wireYesNo = (value: boolean | undefined, yes: string, no: string) =>
  value === undefined ? undefined : value ? yes : no

const stopProperties = (
  platform: string | undefined,
  extra?: { readonly [K in keyof typeof WireStopProperties.Type]?: typeof WireStopProperties.Type[K] | undefined }
): typeof WireStopProperties.Type | undefined => {
  const out: Record<string, unknown> = { ...extra }
  out.platformName = platform
  for (const key in out) if (out[key] === undefined) delete out[key]
  return Object.keys(out).length > 0 ? out as typeof WireStopProperties.Type : undefined
}

const wireLegStop = (stop: Trip.LegStop): typeof WireLegStop.Type => {
  const out: Mutable<typeof WireLegStop.Type> = { id: stop.id, name: stop.name }
  put(out, "type", stop.type)
  put(out, "parent", stop.parent)
  put(
    out,
    "properties",
    stopProperties(stop.platform, {
      plannedPlatformName: stop.plannedPlatform,
      realtimeStatus: stop.cancelled ? CANCELLED_CALL_STATUS : undefined,
      occupancy: Occupancy.toWire(stop),
      WheelchairAccess: wireYesNo(stop.wheelchairAccessible, "true", "false")
    })
  )
  putStopTimes(out, stop)
  return out
}

const wireNotice = (notice: Trip.LegNotice): typeof WireInfo.Type => {
  const out: Mutable<typeof WireInfo.Type> = { type: notice.type, content: notice.text }
  put(out, "id", notice.id)
  put(out, "title", notice.title)
  put(out, "url", notice.url)
  put(out, "priority", notice.priority)
  putWireNoticeDetails(out, notice)
  return out
}

const wireInterchange = (interchange: Trip.Interchange): typeof WireFootPathInfo.Type => {
  const out: Mutable<typeof WireFootPathInfo.Type> = {
    position: wirePositions[interchange.position],
    duration: interchange.duration,
    footPathElem: interchange.elements.map((element) => {
      const wire: Mutable<typeof WirePathElement.Type> = { type: wireElementTypes[element.type] }
      put(wire, "level", element.direction?.toUpperCase())
      put(wire, "levelFrom", element.levelFrom)
      put(wire, "levelTo", element.levelTo)
      return wire
    })
  }
  put(out, "distance", interchange.distance)
  return out
}

const wireLeg = (context: Context, leg: Trip.Leg): WireLeg => {
  const origin: Mutable<typeof WireLegOrigin.Type> = {
    id: leg.origin.id,
    name: leg.origin.name,
    departureTimePlanned: leg.origin.departureTimePlanned
  }
  put(origin, "departureTimeEstimated", leg.origin.departureTimeEstimated)
  put(origin, "type", leg.origin.type)
  put(origin, "parent", leg.origin.parent)
  put(origin, "properties", stopProperties(leg.origin.platform, { occupancy: Occupancy.toWire(leg) }))
  const destination: Mutable<typeof WireLegDestination.Type> = {
    id: leg.destination.id,
    name: leg.destination.name,
    arrivalTimePlanned: leg.destination.arrivalTimePlanned
  }
  put(destination, "arrivalTimeEstimated", leg.destination.arrivalTimeEstimated)
  put(destination, "type", leg.destination.type)
  put(destination, "parent", leg.destination.parent)
  put(destination, "properties", stopProperties(leg.destination.platform))
  const product: Mutable<typeof WireProduct.Type> = { class: unmapClass(context, leg.mode.mot) }
  put(product, "name", leg.line?.product)
  const transportation: Mutable<typeof WireTransportation.Type> = { name: leg.mode.name, product }
  put(transportation, "disassembledName", leg.mode.number)
  put(transportation, "id", leg.lineId)
  put(transportation, "description", leg.line?.description)
  put(transportation, "operator", leg.line?.operator)
  put(transportation, "destination", leg.line?.destination)
  if (leg.tripCode !== undefined) transportation.properties = { tripCode: leg.tripCode }
  const out: Mutable<WireLeg> = { origin, destination, transportation }
  // a cancelled leg says `TRIP_CANCELLED` in its status
  const status = leg.realtimeStatus?.split(",")
  put(
    out,
    "realtimeStatus",
    leg.cancelled && status?.includes(TRIP_CANCELLED) !== true ? [...(status ?? []), TRIP_CANCELLED] : status
  )
  put(out, "isRealtimeControlled", leg.isRealtimeControlled)
  put(out, "coords", leg.coords)
  put(out, "stopSequence", leg.stops?.map(wireLegStop))
  if (leg.notices !== undefined) {
    out.infos = leg.notices.filter((notice) => notice.source === "info").map(wireNotice)
    const hints = leg.notices.filter((notice) => notice.source === "hint").map(wireNotice)
    if (hints.length > 0) out.hints = hints
  }
  if (leg.interchange !== undefined) out.footPathInfo = [wireInterchange(leg.interchange)]
  if (leg.wheelchairAccessible !== undefined || leg.lowFloor !== undefined) {
    const properties: Mutable<NonNullable<WireLeg["properties"]>> = {}
    put(properties, "PlanWheelChairAccess", wireYesNo(leg.wheelchairAccessible, "1", "0"))
    put(properties, "PlanLowFloorVehicle", wireYesNo(leg.lowFloor, "1", "0"))
    out.properties = properties
  }
  return out
}

const wireFare = (fare: Trip.Fare): WireFare => ({
  tickets: fare.tickets.map((ticket) => {
    const out: Mutable<typeof WireTicket.Type> = {
      id: ticket.id,
      name: ticket.name,
      priceBrutto: ticket.price,
      currency: ticket.currency,
      person: ticket.person,
      fromLeg: ticket.fromLeg,
      toLeg: ticket.toLeg
    }
    put(out, "travellerClass", ticket.travellerClass)
    put(out, "validMinutes", ticket.validMinutes)
    put(out, "net", ticket.network)
    put(out, "priceLevel", ticket.priceLevel)
    return out
  }),
  // the schema's form: a list of lists of zones
  zones: fare.zones.map((zone) => ({
    net: zone.network,
    fromLeg: zone.fromLeg,
    toLeg: zone.toLeg,
    zones: zone.zones.length === 0 ? [] : [zone.zones]
  }))
})

/**
 * A trip of the model written as a rapidJSON journey (the fake's answers).
 *
 * @internal
 */
export const wireJourney = (context: Context) => (trip: Trip.Trip): typeof WireJourney.Type => {
  const out: Mutable<typeof WireJourney.Type> = {
    interchanges: trip.interchange,
    legs: trip.legs.map((leg) => wireLeg(context, leg))
  }
  if (trip.fare !== undefined) out.fare = wireFare(trip.fare)
  put(out, "daysOfService", trip.daysOfService)
  return out
}

const tripEncode = (context: Context) => (response: Trip.TripResponse): typeof WireTripResponse.Type => {
  const journeys = response.trips.map(wireJourney(context))
  const out: Mutable<typeof WireTripResponse.Type> = { journeys }
  if (response.sessionID !== undefined || response.requestID !== undefined) {
    const properties: Mutable<NonNullable<typeof WireTripResponse.Type["properties"]>> = {}
    put(properties, "sessionID", response.sessionID)
    put(properties, "requestID", response.requestID)
    out.properties = properties
  }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(WireTripResponse, "TripResponse", tripDecode, tripEncode)
