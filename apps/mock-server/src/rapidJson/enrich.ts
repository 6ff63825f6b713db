/**
 * The rapidJSON answer of an operation as a real server writes it. The core's rapidJSON encoding of the
 * answer (what efa-kit's client reads back) is completed from the dataset with what real answers carry
 * besides: the interface `version` and `serverInfo`, `systemMessages` (also when empty), journeys' `rating`
 * and `isAdditional`, legs' `duration`, rides' ends and stop sequences at their platforms (the stop as `parent`),
 * other leg ends with their type, coordinate and locality,
 * transportations with product, operator and destination, stop-finder and coordinate-search hits with
 * `disassembledName`, `parent`, `isGlobalId`, `productClasses` and `properties`, serving lines with their
 * destination stop, notices with `version`, `timestamps`, `providerCode`, `properties` (publisher, type, short
 * text) and the `infos.affected` table, legs' hints by their provider code,
 * board events with the base timetable's times, platform codes and the line's transportation, a trip's stops
 * described as stops everywhere are,
 * line IDs in five parts everywhere, location types of the Mentz enum, instants without fractions of a
 * second, and system-message modules of the Mentz enum. Places come from `places.ts`, so the same stop
 * looks the same in every operation.
 *
 * @since 0.1.0
 */
import type { SystemMessage } from "@efa-kit/core"
import { DateTime } from "effect"
import { distanceMeters } from "../dataset/geometry.js"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset, Stop } from "../dataset/schema.js"
import { siteOfId } from "../dataset/sites.js"
import type { TimetablePlatform } from "../dataset/trips.js"
import { stopOfId } from "../search/locations.js"
import { type CoordFormat, documentToGrid } from "./coords.js"
import {
  platformNumber,
  platformPlace,
  poiPlace,
  productClassesAt,
  sitePlace,
  stopPlace,
  transportationOf
} from "./places.js"

type Json = Record<string, any>

/**
 * What the completion of an answer needs.
 *
 * @since 0.1.0
 * @category models
 */
export interface RapidJsonSettings {
  readonly dataset: Dataset
  readonly now: DateTime.Utc
  readonly timeZone: DateTime.TimeZone
  /** The interface version the fake names (`version`). */
  readonly version: string
  readonly coords: CoordFormat
  /** Messages about the request (parameters left out) added to the answer's own. */
  readonly notes: ReadonlyArray<SystemMessage.SystemMessage>
}

/**
 * An instant as real servers write it: `2026-03-02T07:37:00Z`, without fractions of a second.
 *
 * @since 0.1.0
 * @category formatting
 */
const wireInstant = (text: unknown): unknown =>
  typeof text === "string" && text.endsWith("Z") ? text.replace(/\.\d+Z$/, "Z") : text

const MODULES = new Set([
  "PT_KERNEL",
  "IT_KERNEL",
  "MAP_KERNEL",
  "DISPATCHER",
  "BROKER",
  "PPROF",
  "AHF",
  "EFAPSCHED",
  "PDA",
  "STT",
  "ROP",
  "TTB",
  "itp-monomodal",
  "UNKNOWN"
])

/**
 * A system message's module as the Mentz enum has it: the router's messages come from `PT_KERNEL`, the
 * others from `BROKER`.
 *
 * @since 0.1.0
 * @category formatting
 */
const wireModule = (module: string): string =>
  MODULES.has(module) ? module : module === "routing" ? "PT_KERNEL" : "BROKER"

/**
 * A line direction's ID in five parts, as trips, serving lines and notices of real servers write it.
 *
 * @since 0.1.0
 * @category formatting
 */
const fivePartLineId = (id: string): string => (id.split(":").length === 4 ? `${id}:` : id)

const directionOf = (dataset: Dataset, lineId: unknown) =>
  typeof lineId === "string"
    ? lookupOf(dataset).directionById.get(lineId.endsWith(":") ? lineId.slice(0, -1) : lineId)
    : undefined

// The server time of the last answer in each zone: a fake's clock stands still or moves slowly, and formatting an
// instant in a zone costs more than the rest of a small answer's envelope.
const serverTimes = new WeakMap<DateTime.TimeZone, { readonly millis: number; readonly text: string }>()

const serverTime = (now: DateTime.Utc, zone: DateTime.TimeZone): string => {
  const millis = DateTime.toEpochMillis(now)
  const last = serverTimes.get(zone)
  if (last !== undefined && last.millis === millis) return last.text
  const text = DateTime.formatIsoZoned(DateTime.setZone(now, zone)).slice(0, 19)
  serverTimes.set(zone, { millis, text })
  return text
}

// The fields of a place that describe it (replaced when a stop becomes its platform); a leg end's or a stop's
// times and properties stay.
const PLACE_KEYS = [
  "id",
  "isGlobalId",
  "name",
  "disassembledName",
  "type",
  "coord",
  "niveau",
  "parent",
  "productClasses"
]

// A ride's end or stop at the platform its line direction calls at, as real servers write it: the platform's ID,
// type and code, its stop as `parent`; the platform used (`platformName`, which real time may change) also as
// `platform`, the timetable's as `stoppingPointPlanned`.
const atPlatform = (dataset: Dataset, location: Json, stop: Stop, platform: number | TimetablePlatform): void => {
  const place = platformPlace(dataset, stop, platform)
  const used = location.properties?.platformName
  const planned = typeof platform === "number" ? String(platform) : platform.name
  const properties = { ...place.properties as Json, ...location.properties }
  if (planned !== undefined) properties.stoppingPointPlanned = planned
  if (used !== undefined) properties.platform = used
  // the stop's own properties belong to its description, the `parent`
  delete properties.stopId
  for (const key of PLACE_KEYS) delete location[key]
  Object.assign(location, { ...place, niveau: 0, productClasses: productClassesAt(dataset, stop.id) }, { properties })
}

// A leg end: the stop's description; a ride's end is the platform its line calls at, the stop as `parent`.
const legEnd = (dataset: Dataset, end: Json, directionId: string | undefined, time: string): void => {
  end[time] = wireInstant(end[time])
  const estimated = time.replace("Planned", "Estimated")
  if (end[estimated] !== undefined) end[estimated] = wireInstant(end[estimated])
  const stop = typeof end.id === "string" ? stopOfId(dataset, end.id) : undefined
  if (stop === undefined) {
    // an address, a street, ... the trip walks from or to: described as the stop finder describes it
    const site = end.id === undefined ? undefined : siteOfId(lookupOf(dataset).sites, end.id)
    if (site !== undefined) {
      Object.assign(end, { ...sitePlace(site), ...end })
      end.type = wireLocationType(end.type)
    }
    end.type ??= end.id?.startsWith("coord:") ? "unknown" : "address"
    return
  }
  // a platform's ID (the timetable's own, or a ride's end sent back as a rapidJSON answer gave it) keeps its platform
  const own = lookupOf(dataset).platformById.get(end.id)
  if (own !== undefined) return atPlatform(dataset, end, stop, own)
  const number = stop.id !== end.id
    ? Number(end.id.slice(end.id.lastIndexOf(":") + 1))
    : directionId === undefined
    ? undefined
    : platformNumber(dataset, stop.id, directionId)
  if (number !== undefined) return atPlatform(dataset, end, stop, number)
  const place = stopPlace(dataset, stop)
  end.isGlobalId = true
  end.disassembledName = place.disassembledName
  end.type = "stop"
  end.coord = place.coord
  end.niveau = 0
  end.parent ??= place.parent
  end.productClasses = place.productClasses
}

// A stop of a ride's sequence: at the platform its line calls at, as the ride's ends.
const legSequenceLocation = (dataset: Dataset, location: Json, directionId: string | undefined): void => {
  const own = lookupOf(dataset).platformById.get(location.id)
  sequenceLocation(dataset, location)
  // at a platform with its own ID (a GTFS feed's): that platform
  if (own !== undefined) return atPlatform(dataset, location, lookupOf(dataset).stopById.get(own.stop)!, own)
  const stop = lookupOf(dataset).stopById.get(location.id)
  const number = stop === undefined || directionId === undefined
    ? undefined
    : platformNumber(dataset, stop.id, directionId)
  if (stop !== undefined && number !== undefined) atPlatform(dataset, location, stop, number)
}

// A notice as real servers write it: its version (1 where the answer has none), the publisher, its type and its
// short text in `properties`.
const realNotice = (info: Json): void => {
  info.version ??= 1
  info.properties = { publisher: "ems.comm.addinfo", infoType: info.type, ...info.properties }
}

// A hint as real servers write it: keyed by its provider code.
const realHint = (hint: Json): void => {
  if (hint.id !== undefined) {
    hint.providerCode ??= hint.id
    delete hint.id
  }
}

const FOOTPATH = { id: 100, class: 100, name: "footpath", iconId: 100 }

/**
 * Completes the rapidJSON answer of Trip as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichTrip = (answer: Json, settings: RapidJsonSettings): void => {
  const { dataset } = settings
  for (const journey of answer.journeys ?? []) {
    journey.rating = 0
    journey.isAdditional = false
    for (const leg of journey.legs ?? []) {
      const direction = directionOf(dataset, leg.transportation?.id)
      const departure = Date.parse(leg.origin.departureTimePlanned)
      const arrival = Date.parse(leg.destination.arrivalTimePlanned)
      leg.duration = Math.max(0, Math.round((arrival - departure) / 1000))
      legEnd(dataset, leg.origin, direction?.id, "departureTimePlanned")
      legEnd(dataset, leg.destination, direction?.id, "arrivalTimePlanned")
      if (direction !== undefined) {
        const full = transportationOf(dataset, direction)
        leg.transportation = {
          ...full,
          ...leg.transportation,
          product: { ...full.product as Json, ...leg.transportation.product },
          destination: { ...full.destination as Json, ...leg.transportation.destination }
        }
      } else if ((leg.transportation?.product?.class ?? 0) >= 97) {
        leg.transportation.product = { ...FOOTPATH, ...leg.transportation.product }
      }
      leg.isRealtimeControlled ??= leg.origin.departureTimeEstimated !== undefined
      for (const info of leg.infos ?? []) realNotice(info)
      for (const hint of leg.hints ?? []) realHint(hint)
      for (const stop of leg.stopSequence ?? []) legSequenceLocation(dataset, stop, direction?.id)
    }
  }
}

/**
 * Completes the real time of a planned trip's `journey` as the trip answer's journeys are completed.
 *
 * @since 0.1.0
 * @category formatting
 */
export const enrichRealtimeForTrip = (answer: Json, settings: RapidJsonSettings): void => {
  if (answer.journey !== undefined) enrichTrip({ journeys: [answer.journey] }, settings)
}

const LOCATION_TYPES = new Set([
  "address",
  "crossing",
  "gis",
  "locality",
  "platform",
  "poi",
  "suburb",
  "stop",
  "street",
  "poiHierarchy",
  "sharing",
  "parking",
  "unknown"
])

/**
 * A location type as the Mentz enum has it: the fake's `coord` (a position the stop finder echoes) and
 * `postcode` are `unknown`, an address (`singlehouse`) `address`, its sharing vehicles `sharing`.
 *
 * @since 0.1.0
 * @category formatting
 */
const wireLocationType = (type: string): string => {
  if (LOCATION_TYPES.has(type)) return type
  const lower = type.toLowerCase()
  if (lower === "sharing_vehicle" || lower === "sharing") return "sharing"
  if (lower === "bus_point") return "platform"
  if (lower === "poi_point") return "poi"
  // an address: TfNSW's word, not the Mentz schema's
  if (lower === "singlehouse") return "address"
  if (lower === "gis_point") return "gis"
  return LOCATION_TYPES.has(lower) ? lower : "unknown"
}

// The dataset's description of a location's place: its stop, POI or site.
const placeOf = (dataset: Dataset, location: Json): Json | undefined => {
  const lookup = lookupOf(dataset)
  const stop = lookup.stopById.get(location.id)
  if (stop !== undefined) return stopPlace(dataset, stop)
  const poi = lookup.poiById.get(location.id)
  if (poi !== undefined) return poiPlace(poi)
  const site = siteOfId(lookup.sites, location.id)
  return site === undefined ? undefined : sitePlace(site)
}

// The properties a location has once completed by `enrichLocation`, without completing the rest of it.
const locationProperties = (dataset: Dataset, location: Json): Json | undefined => {
  const place = placeOf(dataset, location)
  if (place === undefined) return location.properties
  const distance = location.properties?.distance
  const properties = { ...(place.properties as Json | undefined), ...location.properties }
  if (distance !== undefined) properties.distance = distance
  return properties
}

// A stop-finder or coordinate-search hit, completed with the dataset's description of its place.
const enrichLocation = (dataset: Dataset, location: Json): void => {
  const lookup = lookupOf(dataset)
  const place = placeOf(dataset, location)
  const distance = location.properties?.distance
  if (place !== undefined) {
    for (const key of ["isGlobalId", "disassembledName", "parent", "productClasses"]) {
      if (place[key] !== undefined) location[key] ??= place[key]
    }
    location.properties = { ...(place.properties as Json | undefined), ...location.properties }
  } else {
    location.isGlobalId ??= false
  }
  if (distance !== undefined) location.properties.distance = distance
  location.type = wireLocationType(location.type)
  for (const stopRef of location.assignedStops ?? []) {
    const assigned = lookup.stopById.get(stopRef.id)
    if (assigned === undefined) continue
    const assignedPlace = stopPlace(dataset, assigned)
    Object.assign(stopRef, { ...assignedPlace, ...stopRef })
  }
}

/**
 * Completes the rapidJSON answer of the stop finder as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichLocations = (answer: Json, settings: RapidJsonSettings): void => {
  for (const location of answer.locations ?? []) enrichLocation(settings.dataset, location)
}

const TIMES = ["arrivalTimePlanned", "arrivalTimeEstimated", "departureTimePlanned", "departureTimeEstimated"]

const wireInstants = (object: Json): void => {
  for (const key of TIMES) if (object[key] !== undefined) object[key] = wireInstant(object[key])
}

// A stop of a trip's sequence: its times without fractions of a second and the stop's description.
const sequenceLocation = (dataset: Dataset, location: Json): void => {
  wireInstants(location)
  location.type ??= "stop"
  enrichLocation(dataset, location)
}

// Board events as real servers write them: the platform (its stop as `parent`) with its platform code, the base
// timetable's time, the line's transportation (product, operator, description, origin) with the trip code, `isRealtimeControlled` with
// real-time data, and the previous and onward stops described as everywhere else.
/**
 * Completes the rapidJSON answer of Departures as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichDepartures = (answer: Json, settings: RapidJsonSettings): void => {
  const { dataset } = settings
  for (const location of answer.locations ?? []) enrichLocation(dataset, location)
  for (const event of answer.stopEvents ?? []) {
    wireInstants(event)
    event.departureTimeBaseTimetable = event.departureTimePlanned
    if (event.arrivalTimePlanned !== undefined) event.arrivalTimeBaseTimetable = event.arrivalTimePlanned
    if (event.realtimeStatus?.includes("MONITORED") === true) event.isRealtimeControlled = true
    const direction = directionOf(dataset, event.transportation?.id)
    const platform = event.location?.properties?.platformName
    // a platform with its own ID (a GTFS feed's): that platform
    const own = lookupOf(dataset).platformById.get(event.location?.id)
    // the event's location is the platform the direction calls at, its stop as `parent`
    const stop = own !== undefined
      ? lookupOf(dataset).stopById.get(own.stop)
      : event.location !== undefined && wireLocationType(event.location.type) === "stop"
      ? lookupOf(dataset).stopById.get(event.location.id)
      : undefined
    const number = own ?? (stop === undefined || direction === undefined
      ? undefined
      : platformNumber(dataset, stop.id, direction.id))
    // the platform's place replaces the location: of the location's completion only its properties are kept
    const atPlatform = stop !== undefined && number !== undefined
    if (!atPlatform) enrichLocation(dataset, event.location)
    const properties: Json | undefined = atPlatform
      ? locationProperties(dataset, event.location)
      : event.location.properties
    const platformProperties = platform === undefined ? undefined : { platform, area: "1" }
    if (atPlatform) {
      const place = platformPlace(dataset, stop, number)
      event.location = {
        ...place,
        properties: { ...place.properties as Json, ...properties, ...platformProperties }
      }
    } else if (platformProperties !== undefined) {
      event.location.properties = { ...properties, ...platformProperties }
    }
    if (platform !== undefined && event.location.properties.plannedPlatformName !== platform) {
      event.location.properties.platformChange = "changed"
    }
    if (direction !== undefined) {
      const own = transportationOf(dataset, direction)
      event.transportation = {
        ...own,
        destination: { ...event.transportation.destination, type: "stop" },
        properties: { ...(own.properties as Json), ...event.transportation.properties }
      }
    }
    for (const location of [...(event.previousLocations ?? []), ...(event.onwardLocations ?? [])]) {
      sequenceLocation(dataset, location)
    }
  }
}

/**
 * Completes the rapidJSON answer of TripStops as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichTripStops = (answer: Json, settings: RapidJsonSettings): void => {
  const transportation = answer.transportation
  if (transportation === undefined) return
  const direction = directionOf(settings.dataset, transportation.id)
  if (direction !== undefined) {
    const own = transportationOf(settings.dataset, direction)
    Object.assign(transportation, { ...own, destination: { ...transportation.destination, type: "stop" } })
  }
  for (const location of transportation.locationSequence ?? []) sequenceLocation(settings.dataset, location)
}

// The centre of a circular coordinate search, from which real servers give each hit's distance.
const centreOf = (request: unknown): { readonly lat: number; readonly lon: number } | undefined => {
  const space = (request as { readonly searchSpace?: { readonly _tag?: string; readonly centre?: any } } | undefined)
    ?.searchSpace
  return space?._tag === "Circle" ? space.centre : undefined
}

/**
 * Completes the rapidJSON answer of CoordInfo as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichCoordInfo = (answer: Json, settings: RapidJsonSettings, request: unknown): void => {
  const lookup = lookupOf(settings.dataset)
  const centre = centreOf(request)
  for (const location of answer.locations ?? []) {
    if (centre !== undefined && location.properties?.distance === undefined && Array.isArray(location.coord)) {
      const [lat, lon] = location.coord
      location.properties = {
        ...location.properties,
        distance: Math.round(distanceMeters(centre, { lat, lon }))
      }
    }
    enrichLocation(settings.dataset, location)
    // a platform hit (`BUS_POINT`) has its stop as parent
    if (location.type === "platform" && location.parent === undefined) {
      const stop = lookup.stopById.get(String(location.id).split(":").slice(0, 3).join(":"))
      if (stop !== undefined) location.parent = stopPlace(settings.dataset, stop)
    }
    if (location.parent === undefined && location.type === "sharing") location.isGlobalId = false
  }
}

/**
 * Completes the rapidJSON answer of ServingLines as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichServingLines = (answer: Json, settings: RapidJsonSettings): void => {
  answer.lines = (answer.lines ?? []).map((line: Json) => {
    const direction = directionOf(settings.dataset, line.id)
    if (direction === undefined) return line
    const full = transportationOf(settings.dataset, direction)
    return { ...full, ...line, product: { ...(full.product as Json), ...line.product }, destination: full.destination }
  })
}

// The line of a geometry answer: the direction whose stops the answer's sequence runs along.
/**
 * Completes the rapidJSON answer of GeoObject as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichGeoObject = (answer: Json, settings: RapidJsonSettings): void => {
  const { dataset } = settings
  const lookup = lookupOf(dataset)
  for (const transportation of answer.transportations ?? []) {
    const ids = ((transportation.locationSequence ?? []) as Array<Json>).map((stop) => stop.id as string)
    const direction = ids.length < 2 ? undefined : Array.from(lookup.directionById.values()).find((candidate) => {
      const from = candidate.stops.indexOf(ids[0]!)
      return from >= 0 && ids.every((id, i) => candidate.stops[from + i] === id)
    })
    if (direction !== undefined) {
      Object.assign(transportation, { ...transportationOf(dataset, direction), ...transportation })
    }
    for (const stop of transportation.locationSequence ?? []) {
      const known = lookup.stopById.get(stop.id)
      if (known !== undefined) Object.assign(stop, { ...stopPlace(dataset, known), ...stop })
    }
  }
}

/**
 * Completes the rapidJSON answer of AddInfo as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichAddInfo = (answer: Json, settings: RapidJsonSettings): void => {
  const { dataset } = settings
  const lookup = lookupOf(dataset)
  const notices = new Map(dataset.notices.map((notice) => [notice.id, notice]))
  const affectedLines = new Map<string, Json>()
  const affectedStops = new Map<string, Json>()
  const infos = answer.infos ?? {}
  for (const info of [...(infos.current ?? []), ...(infos.historic ?? [])]) {
    const notice = notices.get(info.id)
    realNotice(info)
    if (notice !== undefined) info.providerCode = notice.provider
    const validity = info.timestamps?.validity ?? []
    for (const interval of validity) {
      interval.from = wireInstant(interval.from)
      interval.to = wireInstant(interval.to)
    }
    const first = validity[0]
    const created = first?.from ?? wireInstant(DateTime.formatIso(settings.now))
    info.timestamps = {
      creation: created,
      lastModification: created,
      availability: { from: created, to: validity[validity.length - 1]?.to ?? created },
      ...info.timestamps,
      validity
    }
    const lines: Array<Json> = []
    for (const ref of info.affected?.lines ?? []) {
      const direction = directionOf(dataset, ref.id)
      const line = direction === undefined
        ? { id: fivePartLineId(ref.id) }
        : { ...transportationOf(dataset, direction), id: fivePartLineId(ref.id) }
      lines.push(line)
      affectedLines.set(line.id as string, line)
    }
    const stops: Array<Json> = []
    const stopIds: ReadonlyArray<string> = info.affected?.stops?.map((ref: Json) => ref.id) ?? notice?.stops ?? []
    for (const id of stopIds) {
      const stop = lookup.stopById.get(id)
      const place = stop === undefined ? { id } : stopPlace(dataset, stop)
      stops.push(place)
      affectedStops.set(id, place)
    }
    if (info.affected !== undefined || stops.length > 0) {
      info.affected = {
        ...info.affected,
        ...(lines.length > 0 ? { lines } : {}),
        ...(stops.length > 0 ? { stops } : {})
      }
    }
  }
  // notices that ended before today are historic, as the dataset's publication status has it
  const today = DateTime.formatIso(settings.now).slice(0, 10)
  const all = [...(infos.current ?? []), ...(infos.historic ?? [])]
  const ended = (info: Json) => {
    const validTo = notices.get(info.id)?.validTo
    return validTo !== undefined && validTo < today
  }
  answer.infos = {
    ...infos,
    current: all.filter((info) => !ended(info)),
    historic: all.filter(ended),
    affected: { lines: Array.from(affectedLines.values()), stops: Array.from(affectedStops.values()) }
  }
  answer.timestamp = wireInstant(DateTime.formatIso(settings.now))
}

// The Mentz schema wants numeric IDs and an enum of products and types: providers and areas carry their
// numbers (`Lookup.sharingNumbers`), which requests may name in place of the IDs.
/**
 * Completes the rapidJSON answer of OpArea as a real server writes it (a rule of the registry).
 *
 * @since 0.2.0
 * @category answers
 */
export const enrichOpArea = (answer: Json, settings: RapidJsonSettings): void => {
  const providers = settings.dataset.sharing.providers
  const numbers = lookupOf(settings.dataset).sharingNumbers
  for (const area of answer.operatingAreas ?? []) {
    const provider = providers.find((candidate) => candidate.id === area.operator?.id)
    area.id = numbers.areas.get(area.id) ?? area.id
    if (area.operator !== undefined) area.operator.id = numbers.providers.get(area.operator.id) ?? area.operator.id
    area.product = area.product === "bike" || area.product === "car" ? area.product : "unknown"
    area.type = settings.dataset.sharing.vehicles.some((vehicle) =>
        vehicle.provider === provider?.id && vehicle.locationType === "STATION"
      )
      ? "station"
      : "freefloating"
  }
}

/**
 * Completes the rapidJSON answer of Lines: each line as every answer describes its transportation.
 *
 * @since 0.3.0
 * @category answers
 */
export const enrichLines = (wire: Json, settings: RapidJsonSettings): void => {
  wire.transportations = (wire.transportations ?? []).map((line: Json) => {
    const direction = directionOf(settings.dataset, line.id)
    return direction === undefined ? line : { ...line, ...transportationOf(settings.dataset, direction) }
  })
}

/**
 * Completes the rapidJSON answer of LineStops: each stop of the sequence as real answers write it.
 *
 * @since 0.3.0
 * @category answers
 */
export const enrichLineStops = (wire: Json, settings: RapidJsonSettings): void => {
  for (const location of wire.locationSequence ?? []) sequenceLocation(settings.dataset, location)
}

/**
 * Completes the rapidJSON answer of Stops: each stop as real answers write it.
 *
 * @since 0.3.0
 * @category answers
 */
export const enrichStops = (wire: Json, settings: RapidJsonSettings): void => {
  for (const location of wire.locations ?? []) sequenceLocation(settings.dataset, location)
}

/**
 * Completes the rapidJSON answer of SystemInfo: the kernel's version is the server's, as real servers write it.
 *
 * @since 0.3.0
 * @category answers
 */
export const enrichSystemInfo = (wire: Json, settings: RapidJsonSettings): void => {
  if (wire.ptKernel !== undefined) {
    wire.ptKernel.appVersion = settings.version
    wire.ptKernel.dataBuild = wireInstant(wire.ptKernel.dataBuild)
  }
}

/**
 * What an operation's rapidJSON answer carries besides the core's encoding, as real answers of it do: its
 * rule in the fake's registry (`rapidJson.complete`), which changes `wire` in place.
 *
 * @since 0.2.0
 * @category models
 */
export type Completion = (wire: Json, settings: RapidJsonSettings, request: unknown) => void

/**
 * Completes the core's rapidJSON encoding of an answer (`wire`, changed in place) as a real server writes
 * it, with the operation's rule (`complete`), and converts its coordinates to the asked format.
 *
 * @since 0.1.0
 * @category answers
 */
export const completeAnswer = (
  complete: Completion,
  wire: Json,
  settings: RapidJsonSettings,
  request?: unknown
): Json => {
  complete(wire, settings, request)
  const messages = [...(wire.systemMessages ?? []), ...settings.notes].map((message: Json) => ({
    ...message,
    module: wireModule(message.module)
  }))
  const { systemMessages: _, ...rest } = wire
  const out: Json = {
    serverInfo: {
      controllerVersion: settings.version,
      serverID: "efa-mock-server",
      virtDir: "efa",
      serverTime: serverTime(settings.now, settings.timeZone)
    },
    version: settings.version,
    systemMessages: messages,
    ...rest
  }
  return settings.coords === "grid" ? documentToGrid(out) as Json : out
}
