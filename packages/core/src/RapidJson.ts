/**
 * The rapidJSON dialect: what real EFA deployments answer when asked with `outputFormat=rapidJSON`
 * (top-level `journeys`, `locations`, `infos.current`, ...). Each operation has a lenient wire schema of
 * the fields the model needs and a transformation between it and the operation's response model, so
 * that both dialects decode into the same values, a decode error names the path in the server's
 * document (`$.journeys.0.legs.1.transportation.product.class`), and the fake encodes the same way.
 *
 * Mapping decisions (the model is the contract's; rapidJSON facts without a seat in it are optional
 * model fields):
 * - Trip: `trips` ← `journeys`; `duration` is the last leg's planned arrival minus the first leg's
 *   planned departure in seconds (rapidJSON has no journey duration; the sum of leg durations leaves
 *   out waits); `interchange` ← `interchanges` (0 when absent); a leg's `mode` is
 *   `transportation.name` (else `disassembledName`, `number`, `product.name`) and
 *   `transportation.product.class` through the deployment's class table (no class: 11, other);
 *   `realtimeStatus` (a list on the wire) is joined with `,`; `lineId` ← `transportation.id`, verbatim; `coords` ← the leg's
 *   polyline; `platform` ← `properties.platformName`, `properties.platform`, or the
 *   `disassembledName` of a point of type `platform`.
 * - Stop finder: `coord` pairs become `{lat, lon}`; a missing `matchQuality` reads as 0; `distance` ←
 *   `properties.distance` (else `distance`).
 * - Coordinate search: `pins` ← `locations`; the type names map `stop`→`STOP`, `platform`→`BUS_POINT`,
 *   `poi`→`POI_POINT`, `gis`→`GIS_POINT`, `parking`→`PARKING`, other names are upper-cased;
 *   `motTypes` ← `productClasses` (or TfNSW's `modes`) joined with `,`.
 * - Vehicle detail: `pins` ← `locations`, every field besides `id`, `name`, `type`, `coord` kept as
 *   sent (`properties.coordInfoDetails` included). No public recording exists: lenient.
 * - Notices: `infos.current` then `infos.historic`, de-duplicated by `id` as in the contract dialect
 *   (`infos.affected` is a lookup table, not notices); `title` ← `title`, `urlText`, `subtitle`, else
 *   `infoLinks[0]` (TfNSW's historic notices carry their text only there); `text` ← `content`, else
 *   `infoLinks[0].content`; `validFrom`/`validTo` ← `timestamps.validity` (else `availability`) as
 *   calendar dates in the deployment's time zone, an open end (`isOpenEnd`, year 2500) giving no
 *   `validTo`; `lines` ← `affected.lines[].id`; `severity` ← `priority`; a `version` of any type
 *   (VRR sends a string) is ignored.
 * - Serving lines (from the schema only, no recording): `servingLines` ← `lines`; `number` ←
 *   `number`, else `disassembledName`; `direction` ← `destination.name`, else `description`;
 *   `lineId` ← `id`. Whether the server lists one entry per line or per direction is open.
 * - Line geometry (schema only): the first of `transportations` (variants are not concatenated);
 *   `geometry` ← its `coords` polylines flattened (else `allCoords`), each point's first two numbers;
 *   `stops` ← `locationSequence`. Serving lines per stop (`vSL=1`) have no counterpart found: never set.
 * - Operating areas (schema only): `operatingAreas` grouped by `operator.id` into providers,
 *   `vehicleType` ← `product` upper-cased, `polygon` ← the outer ring of the first polygon of
 *   `operatingZone`, closed if it is not. Its axis order is unverified: it is read as GeoJSON
 *   (longitude first), since the object is GeoJSON-shaped, unless a ring only fits latitude first
 *   (a longitude beyond ±90); it is written back longitude first.
 *
 * Coordinates must be WGS84: a pair outside the degree ranges (a server asked without
 * `coordOutputFormat` answers in its native grid, `[5288880, 790708]`) fails with a message saying so.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import * as AddInfo from "./AddInfo.js"
import * as CoordInfo from "./CoordInfo.js"
import * as Departures from "./Departures.js"
import * as GeoObject from "./GeoObject.js"
import { arbitraryHint } from "./internal/arbitraryHint.js"
import { opt } from "./internal/params.js"
import * as OpArea from "./OpArea.js"
import type * as Operation from "./Operation.js"
import * as Point from "./Point.js"
import * as BoardWire from "./rapidjson/Departures.js"
import * as ServingLines from "./ServingLines.js"
import * as StopFinder from "./StopFinder.js"
import * as SystemMessage from "./SystemMessage.js"
import * as Trip from "./Trip.js"
import * as TripStops from "./TripStops.js"
import * as VehicleDetail from "./VehicleDetail.js"

// ---------------------------------------------------------------------------------------------
// context
// ---------------------------------------------------------------------------------------------

/**
 * What the mapping needs to know of a deployment.
 *
 * @since 0.1.0
 * @category models
 */
export interface Context {
  /** The deployment's time zone: notice validity instants become calendar dates in it. */
  readonly timeZone: DateTime.TimeZone
  /**
   * The deployment's own product classes, mapped to the usual MOT-IDs (TfNSW: `1` train → `0`, ...).
   * Classes not listed are taken as they come.
   */
  readonly productClasses?: Readonly<Record<number, number>> | undefined
}

// ---------------------------------------------------------------------------------------------
// wire building blocks
// ---------------------------------------------------------------------------------------------

const NOT_WGS84 = "coordinates are not WGS84 decimal degrees (a native grid?): send coordOutputFormat=WGS84[dd.ddddd]"

const pairProblem = (pair: unknown): string | undefined => {
  if (!Array.isArray(pair) || pair.length < 2) return "expected a [lat, lon] pair"
  const lat = pair[0]
  const lon = pair[1]
  if (typeof lat !== "number" || typeof lon !== "number" || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return "expected a [lat, lon] pair of numbers"
  }
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return `${NOT_WGS84}, got [${lat}, ${lon}]`
  return undefined
}

// A model value the transformation built from checked wire values: taken as it is on both sides, so that
// the model is not checked a second time. The property tests check the transformations' output with
// `Schema.is` of the model.
const built = <A, I>(model: Schema.Schema<A, I>, identifier: string): Schema.Schema<A> => {
  const type = Schema.typeSchema(model)
  return Schema.declare([], {
    decode: () => (u) => ParseResult.succeed(u as A),
    encode: () => (u) => ParseResult.succeed(u as A)
  }, {
    identifier,
    ...arbitraryHint({ valuesOf: type }),
    pretty: () => (a) => JSON.stringify(a)
  })
}

const PairJsonSchema = {
  type: "array",
  minItems: 2,
  description: "[latitude, longitude] in WGS84 decimal degrees (with coordOutputFormat); more items are ignored",
  items: { type: "number" }
} as const

// Declarations rather than transformations: one call per coordinate on the fast path. The encoded side
// (a pair) differs from the decoded one (`{lat, lon}`); each direction's function reads its own input.
/**
 * A rapidJSON coordinate `[lat, lon]` (further items, such as the `{z, n}` object of line geometry, are
 * ignored) as `{lat, lon}`.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireCoord: Schema.Schema<{ readonly lat: number; readonly lon: number }, readonly [number, number]> =
  Schema.declare([], {
    decode: () => (pair, _, ast) => {
      const problem = pairProblem(pair)
      if (problem !== undefined) return ParseResult.fail(new ParseResult.Type(ast, pair, problem))
      return ParseResult.succeed({ lat: (pair as Array<number>)[0]!, lon: (pair as Array<number>)[1]! })
    },
    encode: () => (coord, _, ast) => {
      const { lat, lon } = coord as { readonly lat: number; readonly lon: number }
      return typeof lat === "number" && typeof lon === "number"
        ? ParseResult.succeed([lat, lon])
        : ParseResult.fail(new ParseResult.Type(ast, coord, "expected {lat, lon}"))
    }
  }, {
    identifier: "WireCoord",
    jsonSchema: PairJsonSchema,
    ...arbitraryHint("coord")
  }) as any

const checkPairs = (input: unknown, ast: AST.AST) => {
  if (!Array.isArray(input)) {
    return ParseResult.fail(new ParseResult.Type(ast, input, "expected an array of [lat, lon] pairs"))
  }
  let out: Array<readonly [number, number]> | undefined
  for (let i = 0; i < input.length; i++) {
    const pair = input[i]
    const problem = pairProblem(pair)
    if (problem !== undefined) {
      return ParseResult.fail(new ParseResult.Pointer(i, input, new ParseResult.Type(ast, pair, problem)))
    }
    if ((pair as Array<unknown>).length !== 2) {
      out ??= input.slice(0, i)
      out.push([pair[0], pair[1]])
    } else {
      out?.push(pair)
    }
  }
  return ParseResult.succeed((out ?? input) as ReadonlyArray<readonly [number, number]>)
}

/**
 * A rapidJSON polyline: `[lat, lon]` pairs, each possibly followed by more items (ignored).
 *
 * @since 0.1.0
 * @category wire
 */
export const WirePolyline: Schema.Schema<ReadonlyArray<readonly [number, number]>> = Schema.declare([], {
  decode: () => (input, _, ast) => checkPairs(input, ast),
  encode: () => (input, _, ast) => checkPairs(input, ast)
}, {
  identifier: "WirePolyline",
  jsonSchema: { type: "array", items: PairJsonSchema },
  ...arbitraryHint("latLonPairs")
})

const WirePlaceFields = {
  id: opt(Schema.String),
  name: opt(Schema.String),
  type: opt(Schema.String)
}

/**
 * A rapidJSON `parent` (two levels are read).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireParent = Schema.Struct({
  ...WirePlaceFields,
  parent: opt(Schema.Struct(WirePlaceFields))
}).annotations({ identifier: "WireParent" })

type WireParent = typeof WireParent.Type

const placeOf = (place: { readonly id?: string; readonly name?: string; readonly type?: string }) => {
  const out: { id?: string; name: string; type?: string } = { name: place.name! }
  if (place.id !== undefined) out.id = place.id
  if (place.type !== undefined) out.type = place.type
  return out
}

const parentOf = (wire: WireParent | undefined): Point.ParentPlace | undefined => {
  if (wire === undefined || wire.name === undefined) return undefined
  const out: Mutable<Point.ParentPlace> = placeOf(wire)
  if (wire.parent !== undefined && wire.parent.name !== undefined) out.parent = placeOf(wire.parent)
  return out
}

const WireProperties = Schema.Struct({
  distance: opt(Schema.Finite),
  platform: opt(Schema.String),
  platformName: opt(Schema.String)
}).annotations({ identifier: "WireProperties" })

const put = <O extends object, K extends keyof O>(out: O, key: K, value: O[K] | undefined): void => {
  if (value !== undefined) out[key] = value
}

const SystemMessages = SystemMessage.systemMessagesField

// ---------------------------------------------------------------------------------------------
// trip
// ---------------------------------------------------------------------------------------------

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
  departureTimePlanned: Trip.Timestamp,
  departureTimeEstimated: opt(Trip.Timestamp)
}).annotations({ identifier: "WireLegOrigin" })

const WireLegDestination = Schema.Struct({
  ...WirePointFields,
  arrivalTimePlanned: Trip.Timestamp,
  arrivalTimeEstimated: opt(Trip.Timestamp)
}).annotations({ identifier: "WireLegDestination" })

const WireProduct = Schema.Struct({
  class: opt(Schema.Finite),
  name: opt(Schema.String)
}).annotations({ identifier: "WireProduct" })

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

const platformOf = (point: typeof WireLegOrigin.Type | typeof WireLegDestination.Type): string | undefined =>
  point.properties?.platformName ?? point.properties?.platform ??
    (point.type === "platform" ? point.disassembledName : undefined)

const mapClass = (context: Context, wireClass: number): number => context.productClasses?.[wireClass] ?? wireClass

const unmapClass = (context: Context, mot: number): number => {
  const table = context.productClasses
  if (table === undefined) return mot
  for (const key in table) if (table[key] === mot) return Number(key)
  return mot
}

const tripDecode = (context: Context) => (wire: typeof WireTripResponse.Type): Trip.TripResponse => {
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
      const out: Mutable<Trip.Leg> = {
        mode: {
          name: t.name ?? t.disassembledName ?? t.number ?? t.product?.name ?? "",
          mot: mapClass(context, t.product?.class ?? 11)
        },
        origin,
        destination
      }
      const status = leg.realtimeStatus
      put(out, "realtimeStatus", typeof status === "string" ? status : status?.join(","))
      put(out, "isRealtimeControlled", leg.isRealtimeControlled)
      put(out, "lineId", t.id)
      put(out, "coords", leg.coords)
      return out
    })
    const first = legs[0]
    const last = legs[legs.length - 1]
    const duration = first === undefined || last === undefined
      ? 0
      : Math.round(
        (DateTime.toEpochMillis(last.destination.arrivalTimePlanned) -
          DateTime.toEpochMillis(first.origin.departureTimePlanned)) / 1000
      ) + 0 // never -0
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

// ---------------------------------------------------------------------------------------------
// stop finder
// ---------------------------------------------------------------------------------------------

const WireAssignedStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String
}).annotations({ identifier: "WireAssignedStop" })

const WireLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: Schema.String,
  isBest: opt(Schema.Boolean),
  matchQuality: opt(Schema.Finite),
  coord: opt(WireCoord),
  assignedStops: opt(Schema.Array(WireAssignedStop)),
  parent: opt(WireParent),
  distance: opt(Schema.Finite),
  properties: opt(WireProperties)
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
      matchQuality: l.matchQuality ?? 0
    }
    put(out, "coord", l.coord)
    put(out, "assignedStops", l.assignedStops?.map((s) => ({ id: s.id, name: s.name })))
    put(out, "parent", parentOf(l.parent))
    put(out, "distance", l.properties?.distance ?? l.distance)
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
    if (l.distance !== undefined) out.properties = { distance: l.distance }
    return out
  })
  const out: Mutable<typeof WireStopFinderResponse.Type> = { locations }
  put(out, "systemMessages", response.systemMessages)
  return out
}

// ---------------------------------------------------------------------------------------------
// coordinate search
// ---------------------------------------------------------------------------------------------

const PIN_TYPES: Readonly<Record<string, string>> = {
  stop: "STOP",
  platform: "BUS_POINT",
  poi: "POI_POINT",
  gis: "GIS_POINT",
  parking: "PARKING"
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

// ---------------------------------------------------------------------------------------------
// vehicle detail
// ---------------------------------------------------------------------------------------------

const WireVehicle = Schema.Struct(
  {
    id: opt(Schema.String),
    name: opt(Schema.String),
    type: opt(Schema.String),
    coord: opt(WireCoord)
  },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
).annotations({ identifier: "WireVehicle" })

/**
 * The rapidJSON vehicle-detail answer (from the Mentz schema only: `locations` of type `sharing` with
 * `properties.coordInfoDetails`).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireVehicleDetailResponse = Schema.Struct({
  locations: opt(Schema.Array(WireVehicle)),
  ...SystemMessages
}).annotations({ identifier: "WireVehicleDetailResponse" })

const vehicleDetailDecode = (wire: typeof WireVehicleDetailResponse.Type): VehicleDetail.VehicleDetailResponse => {
  const out: Record<string, unknown> = { pins: wire.locations ?? [] }
  put(out, "systemMessages", wire.systemMessages)
  return out as VehicleDetail.VehicleDetailResponse
}

const vehicleDetailEncode = (response: VehicleDetail.VehicleDetailResponse): typeof WireVehicleDetailResponse.Type => {
  const out: Mutable<typeof WireVehicleDetailResponse.Type> = {
    locations: response.pins as NonNullable<typeof WireVehicleDetailResponse.Type["locations"]>
  }
  put(out, "systemMessages", response.systemMessages)
  return out
}

// ---------------------------------------------------------------------------------------------
// notices
// ---------------------------------------------------------------------------------------------

const WireInterval = Schema.Struct({
  from: opt(Trip.Timestamp),
  to: opt(Trip.Timestamp),
  isOpenEnd: opt(Schema.Boolean)
}).annotations({ identifier: "WireInterval" })

const WireInfoLink = Schema.Struct({
  url: opt(Schema.String),
  urlText: opt(Schema.String),
  subtitle: opt(Schema.String),
  content: opt(Schema.String)
}).annotations({ identifier: "WireInfoLink" })

const WireIdRef = Schema.Struct({ id: opt(Schema.String) })

const WireInfo = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  priority: opt(Schema.String),
  title: opt(Schema.String),
  urlText: opt(Schema.String),
  subtitle: opt(Schema.String),
  content: opt(Schema.String),
  url: opt(Schema.String),
  infoLinks: opt(Schema.Array(WireInfoLink)),
  timestamps: opt(Schema.Struct({
    validity: opt(Schema.Array(WireInterval)),
    availability: opt(WireInterval)
  })),
  affected: opt(Schema.Struct({
    lines: opt(Schema.Array(WireIdRef)),
    stops: opt(Schema.Array(WireIdRef))
  }))
}).annotations({ identifier: "WireInfo" })

/**
 * The rapidJSON notice answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireAddInfoResponse = Schema.Struct({
  infos: opt(Schema.Struct({
    current: opt(Schema.Array(WireInfo)),
    historic: opt(Schema.Array(WireInfo))
  })),
  ...SystemMessages
}).annotations({ identifier: "WireAddInfoResponse" })

const OPEN_END_YEAR = 2500

const pad = (n: number, width: number) => String(n).padStart(width, "0")

const dateIn = (instant: DateTime.Utc, zone: DateTime.TimeZone): string => {
  const parts = DateTime.toParts(DateTime.setZone(instant, zone))
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`
}

const instantOf = (date: string, hours: number, minutes: number, zone: DateTime.TimeZone): DateTime.Utc => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number]
  const zoned = DateTime.makeZoned({ year, month, day, hours, minutes }, {
    timeZone: zone,
    adjustForTimeZone: true,
    disambiguation: "compatible"
  })
  return Option.isSome(zoned) ? DateTime.toUtc(zoned.value) : DateTime.unsafeMake(`${date}T00:00:00Z`)
}

const ids = (refs: ReadonlyArray<{ readonly id?: string }> | undefined): Array<string> | undefined => {
  if (refs === undefined) return undefined
  const out: Array<string> = []
  for (const ref of refs) if (ref.id !== undefined) out.push(ref.id)
  return out
}

const addInfoDecode = (context: Context) => (wire: typeof WireAddInfoResponse.Type): AddInfo.AddInfoResponse => {
  const all = [...(wire.infos?.current ?? []), ...(wire.infos?.historic ?? [])]
  const notices = all.map((info): AddInfo.Notice => {
    const link = info.infoLinks?.[0]
    const validity = info.timestamps?.validity
    const first = validity !== undefined && validity.length > 0 ? validity[0] : info.timestamps?.availability
    const last = validity !== undefined && validity.length > 0
      ? validity[validity.length - 1]
      : info.timestamps?.availability
    const out: Mutable<AddInfo.Notice> = {
      id: info.id,
      type: info.type,
      title: info.title ?? info.urlText ?? info.subtitle ?? link?.urlText ?? link?.subtitle ?? "",
      text: info.content ?? link?.content ?? "",
      lines: ids(info.affected?.lines) ?? []
    }
    if (first?.from !== undefined) out.validFrom = dateIn(first.from, context.timeZone)
    if (last?.to !== undefined && last.isOpenEnd !== true) {
      const to = dateIn(last.to, context.timeZone)
      if (Number(to.slice(0, 4)) < OPEN_END_YEAR) out.validTo = to
    }
    put(out, "severity", info.priority)
    put(out, "url", info.url ?? link?.url)
    put(out, "affectedStops", ids(info.affected?.stops))
    return out
  })
  const out: Mutable<AddInfo.AddInfoResponse> = { infos: AddInfo.dedupe(notices) }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const addInfoEncode = (context: Context) => (response: AddInfo.AddInfoResponse): typeof WireAddInfoResponse.Type => {
  const current = response.infos.map((notice) => {
    const out: Mutable<typeof WireInfo.Type> = {
      id: notice.id,
      type: notice.type,
      title: notice.title,
      content: notice.text
    }
    if (notice.validFrom !== undefined || notice.validTo !== undefined) {
      const interval: Mutable<typeof WireInterval.Type> = {}
      if (notice.validFrom !== undefined) interval.from = instantOf(notice.validFrom, 0, 0, context.timeZone)
      if (notice.validTo !== undefined) interval.to = instantOf(notice.validTo, 23, 59, context.timeZone)
      else interval.isOpenEnd = true
      out.timestamps = { validity: [interval] }
    }
    put(out, "priority", notice.severity)
    put(out, "url", notice.url)
    const affected: Mutable<NonNullable<typeof WireInfo.Type["affected"]>> = {}
    if (notice.lines.length > 0) affected.lines = notice.lines.map((id) => ({ id }))
    if (notice.affectedStops !== undefined) affected.stops = notice.affectedStops.map((id) => ({ id }))
    if (affected.lines !== undefined || affected.stops !== undefined) out.affected = affected
    return out
  })
  const out: Mutable<typeof WireAddInfoResponse.Type> = { infos: { current, historic: [] } }
  put(out, "systemMessages", response.systemMessages)
  return out
}

// ---------------------------------------------------------------------------------------------
// serving lines
// ---------------------------------------------------------------------------------------------

const WireServingLine = Schema.Struct({
  id: opt(Schema.String),
  name: opt(Schema.String),
  number: opt(Schema.String),
  disassembledName: opt(Schema.String),
  description: opt(Schema.String),
  product: opt(WireProduct),
  destination: opt(Schema.Struct({ name: opt(Schema.String) }))
}).annotations({ identifier: "WireServingLine" })

/**
 * The rapidJSON serving-lines answer (from the Mentz schema only: `lines` of transportations).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireServingLinesResponse = Schema.Struct({
  lines: opt(Schema.Array(WireServingLine)),
  ...SystemMessages
}).annotations({ identifier: "WireServingLinesResponse" })

const servingLinesDecode =
  (context: Context) => (wire: typeof WireServingLinesResponse.Type): ServingLines.ServingLinesResponse => {
    const servingLines = (wire.lines ?? []).map((line): ServingLines.ServingLine => {
      const number = line.number ?? line.disassembledName ?? ""
      const out: Mutable<ServingLines.ServingLine> = {
        name: line.name ?? number,
        number,
        mot: Math.max(0, Math.trunc(mapClass(context, line.product?.class ?? 11))),
        direction: line.destination?.name ?? line.description ?? ""
      }
      put(out, "lineId", line.id)
      return out
    })
    const out: Mutable<ServingLines.ServingLinesResponse> = { servingLines }
    put(out, "systemMessages", wire.systemMessages)
    return out
  }

const servingLinesEncode =
  (context: Context) => (response: ServingLines.ServingLinesResponse): typeof WireServingLinesResponse.Type => {
    const lines = response.servingLines.map((line) => {
      const out: Mutable<typeof WireServingLine.Type> = {
        name: line.name,
        number: line.number,
        product: { class: unmapClass(context, line.mot) },
        destination: { name: line.direction }
      }
      put(out, "id", line.lineId)
      return out
    })
    const out: Mutable<typeof WireServingLinesResponse.Type> = { lines }
    put(out, "systemMessages", response.systemMessages)
    return out
  }

// ---------------------------------------------------------------------------------------------
// line geometry
// ---------------------------------------------------------------------------------------------

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
  const first = wire.transportations?.[0]
  const polylines = first?.coords
  const geometry = polylines === undefined || polylines.length === 0
    ? wire.allCoords ?? []
    : polylines.length === 1
    ? polylines[0]!
    : polylines.flat()
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

// ---------------------------------------------------------------------------------------------
// operating areas
// ---------------------------------------------------------------------------------------------

const IdValue = Schema.Union(Schema.String, Schema.Finite)

const WireOperatingZone = Schema.Struct({
  type: Schema.String,
  coordinates: Schema.Array(Schema.Unknown)
}).annotations({ identifier: "WireOperatingZone" })

const WireOperatingArea = Schema.Struct({
  id: IdValue,
  name: opt(Schema.String),
  product: opt(Schema.String),
  operator: Schema.Struct({ id: IdValue, name: opt(Schema.String) }),
  operatingZone: opt(WireOperatingZone)
}).annotations({ identifier: "WireOperatingArea" })

/**
 * The rapidJSON operating-area answer (from the Mentz schema only).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireOpAreaResponse = Schema.Struct({
  operatingAreas: opt(Schema.Array(WireOperatingArea)),
  ...SystemMessages
}).annotations({ identifier: "WireOpAreaResponse" })

const isLat = (value: number) => value >= -90 && value <= 90
const isLon = (value: number) => value >= -180 && value <= 180

// The outer ring of a Polygon or of a MultiPolygon's first polygon, as GeoJSON positions [lon, lat].
const outerRing = (zone: typeof WireOperatingZone.Type): unknown =>
  zone.type === "MultiPolygon"
    ? (zone.coordinates[0] as ReadonlyArray<unknown> | undefined)?.[0]
    : zone.coordinates[0]

const ringOf = (
  zone: typeof WireOperatingZone.Type,
  ast: AST.AST,
  at: ReadonlyArray<PropertyKey>
): Either.Either<ReadonlyArray<readonly [number, number]>, ParseResult.ParseIssue> => {
  const ring = outerRing(zone)
  const fail = (message: string): ParseResult.ParseIssue => {
    const issue: ParseResult.ParseIssue = new ParseResult.Type(ast, zone, message)
    return at.reduceRight<ParseResult.ParseIssue>((inner, key) => new ParseResult.Pointer(key, zone, inner), issue)
  }
  if (!Array.isArray(ring) || ring.length < 3) return Either.left(fail("expected a ring of at least three positions"))
  for (const position of ring) {
    if (
      !Array.isArray(position) || typeof position[0] !== "number" || typeof position[1] !== "number" ||
      !Number.isFinite(position[0]) || !Number.isFinite(position[1])
    ) return Either.left(fail(`expected [lon, lat] positions, got ${JSON.stringify(position)}`))
  }
  const positions = ring as ReadonlyArray<readonly [number, number]>
  // GeoJSON's order unless the ring only fits latitude first (the order is unverified: lenient here)
  const latFirst = !positions.every(([lon, lat]) => isLat(lat) && isLon(lon))
  if (latFirst && !positions.every(([lat, lon]) => isLat(lat) && isLon(lon))) {
    return Either.left(fail(`${NOT_WGS84}: the ring fits neither [lon, lat] nor [lat, lon]`))
  }
  const points: Array<readonly [number, number]> = positions.map(([a, b]) => latFirst ? [a, b] : [b, a])
  const [f, l] = [points[0]!, points[points.length - 1]!]
  if (f[0] !== l[0] || f[1] !== l[1]) points.push(f)
  return Either.right(points)
}

const opAreaDecode = (
  wire: typeof WireOpAreaResponse.Type,
  ast: AST.AST
): Either.Either<OpArea.OpAreaResponse, ParseResult.ParseIssue> => {
  const providers = new Map<string, Mutable<OpArea.Provider> & { areas: Array<OpArea.Area> }>()
  const list = wire.operatingAreas ?? []
  for (let i = 0; i < list.length; i++) {
    const area = list[i]!
    const providerId = String(area.operator.id)
    let provider = providers.get(providerId)
    if (provider === undefined) {
      provider = {
        id: providerId,
        name: area.operator.name ?? providerId,
        vehicleType: (area.product ?? "unknown").toUpperCase(),
        areas: []
      }
      providers.set(providerId, provider)
    }
    const out: Mutable<OpArea.Area> = { id: String(area.id), name: area.name ?? String(area.id) }
    if (area.operatingZone !== undefined) {
      const ring = ringOf(area.operatingZone, ast, ["operatingAreas", i, "operatingZone"])
      if (Either.isLeft(ring)) return Either.left(ring.left)
      out.polygon = ring.right
    }
    provider.areas.push(out)
  }
  const out: Mutable<OpArea.OpAreaResponse> = { providers: Array.from(providers.values()) }
  put(out, "systemMessages", wire.systemMessages)
  return Either.right(out)
}

const opAreaEncode = (response: OpArea.OpAreaResponse): typeof WireOpAreaResponse.Type => {
  const operatingAreas = response.providers.flatMap((provider) =>
    provider.areas.map((area) => {
      const out: Mutable<typeof WireOperatingArea.Type> = {
        id: area.id,
        name: area.name,
        product: provider.vehicleType.toLowerCase(),
        operator: { id: provider.id, name: provider.name }
      }
      if (area.polygon !== undefined) {
        out.operatingZone = { type: "Polygon", coordinates: [area.polygon.map(([lat, lon]) => [lon, lat])] }
      }
      return out
    })
  )
  const out: Mutable<typeof WireOpAreaResponse.Type> = { operatingAreas }
  put(out, "systemMessages", response.systemMessages)
  return out
}

// ---------------------------------------------------------------------------------------------
// the response schemas
// ---------------------------------------------------------------------------------------------

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const hasOwn = Object.prototype.hasOwnProperty

const mapping = <W, WI, M, MI>(
  wire: Schema.Schema<W, WI>,
  model: Schema.Schema<M, MI>,
  identifier: string,
  decode: (wire: W, ast: AST.AST) => Either.Either<M, ParseResult.ParseIssue>,
  encode: (model: M) => W
): Schema.Schema<M, WI> =>
  Schema.transformOrFail(wire, built(model, identifier), {
    strict: true,
    decode: (w, _, ast) => decode(w, ast),
    encode: (m) => ParseResult.succeed(encode(m))
  }).annotations({ identifier: `RapidJson${identifier}` })

const total = <W, M>(decode: (wire: W) => M) => (wire: W): Either.Either<M, ParseResult.ParseIssue> =>
  Either.right(decode(wire))

/**
 * The response schemas of every operation in the rapidJSON dialect, by method name: decode a rapidJSON
 * document into the operation's response model, encode a model as rapidJSON.
 *
 * @since 0.1.0
 * @category schemas
 */
export const responses = (context: Context) => ({
  trip: mapping(WireTripResponse, Trip.TripResponse, "TripResponse", total(tripDecode(context)), tripEncode(context)),
  stopFinder: mapping(
    WireStopFinderResponse,
    StopFinder.StopFinderResponse,
    "StopFinderResponse",
    total(stopFinderDecode),
    stopFinderEncode
  ),
  coordInfo: mapping(
    WireCoordInfoResponse,
    CoordInfo.CoordInfoResponse,
    "CoordInfoResponse",
    total(coordInfoDecode),
    coordInfoEncode
  ),
  vehicleDetail: mapping(
    WireVehicleDetailResponse,
    VehicleDetail.VehicleDetailResponse,
    "VehicleDetailResponse",
    total(vehicleDetailDecode),
    vehicleDetailEncode
  ),
  opArea: mapping(WireOpAreaResponse, OpArea.OpAreaResponse, "OpAreaResponse", opAreaDecode, opAreaEncode),
  servingLines: mapping(
    WireServingLinesResponse,
    ServingLines.ServingLinesResponse,
    "ServingLinesResponse",
    total(servingLinesDecode(context)),
    servingLinesEncode(context)
  ),
  addInfo: mapping(
    WireAddInfoResponse,
    AddInfo.AddInfoResponse,
    "AddInfoResponse",
    total(addInfoDecode(context)),
    addInfoEncode(context)
  ),
  geoObject: mapping(
    WireGeoObjectResponse,
    GeoObject.GeoObjectResponse,
    "GeoObjectResponse",
    total(geoObjectDecode),
    geoObjectEncode
  ),
  departures: mapping(
    BoardWire.WireDeparturesResponse,
    Departures.DeparturesResponse,
    "DeparturesResponse",
    BoardWire.decodeDepartures(context),
    BoardWire.encodeDepartures(context)
  ),
  tripStops: mapping(
    BoardWire.WireTripStopsResponse,
    TripStops.TripStopsResponse,
    "TripStopsResponse",
    total(BoardWire.decodeTripStops(context)),
    BoardWire.encodeTripStops(context)
  )
})

/**
 * The response schemas of {@link responses}.
 *
 * @since 0.1.0
 * @category models
 */
export type Responses = ReturnType<typeof responses>

/**
 * The top-level key that holds each operation's result in rapidJSON.
 *
 * @since 0.1.0
 * @category constants
 */
export const resultKeys: Readonly<Record<keyof Responses, string>> = {
  trip: "journeys",
  stopFinder: "locations",
  coordInfo: "locations",
  vehicleDetail: "locations",
  opArea: "operatingAreas",
  servingLines: "lines",
  addInfo: "infos",
  geoObject: "transportations",
  departures: "stopEvents",
  tripStops: "transportation"
}

const responsesByZone = new WeakMap<DateTime.TimeZone, Responses>()

/**
 * An operation in the rapidJSON dialect: the same path, query and request, with the rapidJSON response
 * schema, so that `Operation.decodeResponse(RapidJson.operation(Trip.operation, context))` decodes a
 * rapidJSON document on the fast path. Build it once: decoders are kept per operation value.
 *
 * @example
 * ```ts
 * import { Operation, RapidJson, StopFinder } from "@efa-kit/core"
 * import { DateTime, Either } from "effect"
 *
 * const decode = Operation.decodeResponse(
 *   RapidJson.operation(StopFinder.operation, { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
 * )
 * const response = decode({
 *   version: "10.2.10.139",
 *   locations: [
 *     {
 *       id: "de:08111:6118",
 *       name: "Stuttgart, Hauptbahnhof",
 *       type: "stop",
 *       matchQuality: 1000,
 *       coord: [48.784081, 9.181636]
 *     }
 *   ]
 * })
 * // rapidJSON's [lat, lon] pairs become the model's coordinates
 * assert.deepStrictEqual(
 *   Either.map(response, (r) => r.locations[0]?.coord),
 *   Either.right({ lat: 48.784081, lon: 9.181636 })
 * )
 * ```
 *
 * @since 0.1.0
 * @category operations
 */
export const operation = <Request, Response, RequestInput = Request>(
  base: Operation.Operation<Request, Response, any, RequestInput>,
  context: Context
): Operation.Operation<Request, Response, unknown, RequestInput> => {
  let schemas = context.productClasses === undefined ? responsesByZone.get(context.timeZone) : undefined
  if (schemas === undefined) {
    schemas = responses(context)
    if (context.productClasses === undefined) responsesByZone.set(context.timeZone, schemas)
  }
  const response = (schemas as Record<string, Schema.Schema<any, any>>)[base.name]
  if (response === undefined) throw new Error(`no rapidJSON response schema for ${base.name}`)
  return { ...base, response }
}
