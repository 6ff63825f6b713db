// The coordinate search's rapidJSON codec: `pins` ← `locations`, each decision beside its mapping.
import * as Schema from "effect/Schema"
import type * as CoordInfo from "../../CoordInfo.js"
import { opt } from "../schema/params.js"
import { codecOf, type Mutable, parentOf, put, SystemMessages, WireCoord, WireParent, WireProperties } from "./wire.js"

const hasOwn = Object.prototype.hasOwnProperty

// The type names of pins (the Mentz location types: a sharing vehicle is `sharing`); other names are
// upper-cased.
const PIN_TYPES: Readonly<Record<string, string>> = {
  stop: "STOP",
  platform: "BUS_POINT",
  poi: "POI_POINT",
  gis: "GIS_POINT",
  parking: "PARKING",
  sharing: "SHARING_VEHICLE"
}
const WIRE_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PIN_TYPES).map(([wire, pin]) => [pin, wire])
)

const WirePin = Schema.Struct({
  id: opt(Schema.String),
  name: Schema.String,
  type: Schema.String,
  coord: WireCoord,
  productClasses: opt(Schema.Array(Schema.Finite)),
  modes: opt(Schema.Array(Schema.Finite)),
  parent: opt(WireParent),
  properties: opt(WireProperties)
}).annotations({ identifier: "WirePin" })

/**
 * The rapidJSON coordinate-search answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireCoordInfoResponse = Schema.Struct({
  locations: opt(Schema.Array(WirePin)),
  ...SystemMessages
}).annotations({ identifier: "WireCoordInfoResponse" })

const coordInfoDecode = (wire: typeof WireCoordInfoResponse.Type): CoordInfo.CoordInfoResponse => {
  const pins = (wire.locations ?? []).map((l): CoordInfo.Pin => {
    const out: Mutable<CoordInfo.Pin> = {
      type: hasOwn.call(PIN_TYPES, l.type) ? PIN_TYPES[l.type]! : l.type.toUpperCase(),
      name: l.name,
      coord: l.coord
    }
    put(out, "id", l.id)
    // `motTypes` ← `productClasses` (or TfNSW's `modes`), joined with `,`
    put(out, "motTypes", (l.productClasses ?? l.modes)?.join(","))
    put(out, "distance", l.properties?.distance)
    put(out, "parent", parentOf(l.parent))
    return out
  })
  const out: Mutable<CoordInfo.CoordInfoResponse> = { pins }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const coordInfoEncode = (response: CoordInfo.CoordInfoResponse): typeof WireCoordInfoResponse.Type => {
  const locations = response.pins.map((pin) => {
    const out: Mutable<typeof WirePin.Type> = {
      type: hasOwn.call(WIRE_TYPES, pin.type) ? WIRE_TYPES[pin.type]! : pin.type,
      name: pin.name,
      coord: pin.coord
    }
    put(out, "id", pin.id)
    if (pin.motTypes !== undefined) {
      out.productClasses = pin.motTypes === "" ? [] : pin.motTypes.split(",").map(Number)
    }
    put(out, "parent", pin.parent)
    if (pin.distance !== undefined) out.properties = { distance: pin.distance }
    return out
  })
  const out: Mutable<typeof WireCoordInfoResponse.Type> = { locations }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(WireCoordInfoResponse, "CoordInfoResponse", () => coordInfoDecode, () => coordInfoEncode)
