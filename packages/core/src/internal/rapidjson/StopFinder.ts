// The stop finder's rapidJSON codec (`locations`): `coord` pairs become `{lat, lon}`, a missing `matchQuality`
// reads as 0, `distance` ← `properties.distance` (else `distance`), `houseNumber` ← `buildingNumber`,
// `postcode` ← `postCode` trimmed, `interpolated` ← `properties.interpolated`; each decision beside its mapping.
import * as Schema from "effect/Schema"
import * as Point from "../../Point.js"
import type * as StopFinder from "../../StopFinder.js"
import { opt } from "../schema/params.js"
import { codecOf, type Mutable, parentOf, put, SystemMessages, WireCoord, WireParent, WireProperties } from "./wire.js"

/** @internal */
export const WireAssignedStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  productClasses: opt(Schema.Array(Schema.Int)),
  distance: opt(Schema.Finite),
  duration: opt(Schema.Finite)
}).annotations({ identifier: "WireAssignedStop" })

/**
 * An assigned stop as the model keeps it: its name, the product classes serving it, its distance (metres) and
 * walking time (minutes). @internal
 */
export const assignedStopOf = (wire: typeof WireAssignedStop.Type): StopFinder.AssignedStop => {
  const out: Mutable<StopFinder.AssignedStop> = { id: wire.id, name: wire.name }
  put(out, "productClasses", wire.productClasses)
  put(out, "distance", wire.distance)
  put(out, "duration", wire.duration)
  return out
}

/**
 * The fields of a location that the stop finder's and the board's locations share beyond ID, name and type: its
 * distance, and an address's street, house number, postcode and placement. @internal
 */
export const WireLocationFields = {
  distance: opt(Schema.Finite),
  streetName: opt(Schema.String),
  buildingNumber: opt(Schema.String),
  postCode: opt(Schema.String),
  properties: opt(Schema.Struct({ ...WireProperties.fields, interpolated: opt(Schema.Boolean) }))
}

type WireLocationFields = Schema.Struct.Type<typeof WireLocationFields>
type LocationFields = Pick<StopFinder.Location, "distance" | "streetName" | "houseNumber" | "postcode" | "interpolated">

/**
 * Reads {@link WireLocationFields} into a location: `distance` ← `properties.distance`, else `distance`;
 * `houseNumber` ← `buildingNumber`; `postcode` ← `postCode`, trimmed (TfNSW writes " 2028"), none when blank;
 * `interpolated` ← `properties.interpolated`. @internal
 */
export const readLocationFields = (wire: WireLocationFields, out: Mutable<LocationFields>): void => {
  put(out, "distance", wire.properties?.distance ?? wire.distance)
  put(out, "streetName", wire.streetName)
  put(out, "houseNumber", wire.buildingNumber)
  const postcode = wire.postCode?.trim()
  put(out, "postcode", postcode === "" ? undefined : postcode)
  put(out, "interpolated", wire.properties?.interpolated)
}

/** Writes a location's {@link WireLocationFields} as real servers do. @internal */
export const writeLocationFields = (location: LocationFields, out: Mutable<WireLocationFields>): void => {
  put(out, "streetName", location.streetName)
  put(out, "buildingNumber", location.houseNumber)
  put(out, "postCode", location.postcode)
  if (location.distance !== undefined || location.interpolated !== undefined) {
    const properties: Mutable<NonNullable<WireLocationFields["properties"]>> = {}
    put(properties, "distance", location.distance)
    put(properties, "interpolated", location.interpolated)
    out.properties = properties
  }
}

const WireLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: Schema.String,
  isBest: opt(Schema.Boolean),
  matchQuality: opt(Schema.Finite),
  coord: opt(WireCoord),
  assignedStops: opt(Schema.Array(WireAssignedStop)),
  parent: opt(WireParent),
  ...WireLocationFields
}).annotations({ identifier: "WireLocation" })

/**
 * The rapidJSON stop-finder answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireStopFinderResponse = Schema.Struct({
  locations: opt(Schema.Array(WireLocation)),
  ...SystemMessages
}).annotations({ identifier: "WireStopFinderResponse" })

const stopFinderDecode = (wire: typeof WireStopFinderResponse.Type): StopFinder.StopFinderResponse => {
  const locations = (wire.locations ?? []).map((l): StopFinder.Location => {
    const out: Mutable<StopFinder.Location> = {
      id: l.id,
      name: l.name,
      type: l.type,
      isBest: l.isBest ?? false,
      // a missing `matchQuality` reads as 0
      matchQuality: l.matchQuality ?? 0
    }
    put(out, "coord", l.coord)
    put(out, "assignedStops", l.assignedStops?.map(assignedStopOf))
    put(out, "parent", parentOf(l.parent))
    readLocationFields(l, out)
    return out
  })
  const out: Mutable<StopFinder.StopFinderResponse> = { locations }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const stopFinderEncode = (response: StopFinder.StopFinderResponse): typeof WireStopFinderResponse.Type => {
  const locations = response.locations.map((l) => {
    const out: Mutable<typeof WireLocation.Type> = {
      id: l.id,
      name: l.name,
      type: l.type,
      isBest: l.isBest,
      matchQuality: l.matchQuality
    }
    put(out, "coord", l.coord)
    put(out, "assignedStops", l.assignedStops)
    put(out, "parent", l.parent)
    writeLocationFields(l, out)
    return out
  })
  const out: Mutable<typeof WireStopFinderResponse.Type> = { locations }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(
  WireStopFinderResponse,
  "StopFinderResponse",
  () => stopFinderDecode,
  () => stopFinderEncode
)
