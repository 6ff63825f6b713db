// The line geometry's rapidJSON codec, from the Mentz schema only (no recording); each decision beside its
// mapping.
import * as Schema from "effect/Schema"
import type * as GeoObject from "../../GeoObject.js"
import * as Point from "../../Point.js"
import { opt } from "../schema/params.js"
import { codecOf, type Mutable, put, SystemMessages, WireCoord, WirePolyline } from "./wire.js"

const WireGeoStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  coord: opt(WireCoord)
}).annotations({ identifier: "WireGeoStop" })

const WireGeoTransportation = Schema.Struct({
  id: opt(Schema.String),
  coords: opt(Schema.Array(WirePolyline)),
  locationSequence: opt(Schema.Array(WireGeoStop))
}).annotations({ identifier: "WireGeoTransportation" })

/**
 * The rapidJSON line-geometry answer (from the Mentz schema only).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireGeoObjectResponse = Schema.Struct({
  transportations: opt(Schema.Array(WireGeoTransportation)),
  allCoords: opt(WirePolyline),
  ...SystemMessages
}).annotations({ identifier: "WireGeoObjectResponse" })

const geoObjectDecode = (wire: typeof WireGeoObjectResponse.Type): GeoObject.GeoObjectResponse => {
  // the first of `transportations`: variants are not concatenated
  const first = wire.transportations?.[0]
  const polylines = first?.coords
  // `geometry` ← its `coords` polylines flattened (else `allCoords`), each point's first two numbers
  const geometry = polylines === undefined || polylines.length === 0
    ? wire.allCoords ?? []
    : polylines.length === 1
    ? polylines[0]!
    : polylines.flat()
  // `stops` ← `locationSequence`; serving lines per stop (`vSL=1`) have no counterpart found: never set
  const stops = (first?.locationSequence ?? []).map((stop): GeoObject.GeoStop => {
    const out: Mutable<GeoObject.GeoStop> = { id: stop.id, name: stop.name }
    put(out, "coord", stop.coord)
    return out
  })
  const out: Mutable<GeoObject.GeoObjectResponse> = { geometry, stops }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const geoObjectEncode = (response: GeoObject.GeoObjectResponse): typeof WireGeoObjectResponse.Type => {
  const transportation = {
    coords: response.geometry.length > 0 ? [response.geometry] : [],
    locationSequence: response.stops.map((stop) => {
      const out: Mutable<typeof WireGeoStop.Type> = { id: stop.id, name: stop.name }
      put(out, "coord", stop.coord)
      return out
    })
  }
  const out: Mutable<typeof WireGeoObjectResponse.Type> = {
    transportations: response.geometry.length > 0 || response.stops.length > 0 ? [transportation] : []
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
export const codec = codecOf(WireGeoObjectResponse, "GeoObjectResponse", () => geoObjectDecode, () => geoObjectEncode)
