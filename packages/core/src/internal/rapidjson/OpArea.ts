// The operating areas' rapidJSON codec, from the Mentz schema only (no recording); each decision beside its
// mapping.
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import type * as OpArea from "../../OpArea.js"
import type { RapidJsonCodec } from "../../Operation.js"
import { opt } from "../schema/params.js"
import { mapping, type Mutable, NOT_WGS84, put, SystemMessages } from "./wire.js"

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

// `polygon` ← the outer ring of the first polygon of `operatingZone`, closed if it is not. Its axis order is
// unverified: read as GeoJSON (longitude first), since the object is GeoJSON-shaped, unless a ring only fits
// latitude first (a longitude beyond ±90); written back longitude first.
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
    // `operatingAreas` grouped by `operator.id` into providers
    let provider = providers.get(providerId)
    if (provider === undefined) {
      provider = {
        id: providerId,
        name: area.operator.name ?? providerId,
        // `vehicleType` ← `product`, upper-cased
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

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = (
  model: Schema.Schema<OpArea.OpAreaResponse, any>
): RapidJsonCodec<OpArea.OpAreaResponse, typeof WireOpAreaResponse.Encoded> => ({
  wire: WireOpAreaResponse,
  response: (_context) => mapping(WireOpAreaResponse, model, "OpAreaResponse", opAreaDecode, opAreaEncode)
})
