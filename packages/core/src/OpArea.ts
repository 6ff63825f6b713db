/**
 * Sharing operating areas (`XML_OPAREA_REQUEST`): sharing providers, their offers and the polygons of
 * their operating areas, for all providers or around a centre.
 *
 * The request is a tagged union: `All` (`opareaSM=ALL`) or `Radial` (`opareaSM=RADIAL` with
 * `coordRadius` and `opASR=1`, which the encoder adds). Provider selections are a list, numbered from 0
 * on the wire as `vehPId<i>` with the matching `opAreaId<i>`.
 *
 * Decisions where the contract is silent:
 * - A radial search without `radius` sends `coordRadius` without the `:<radius>` suffix, so the server's
 *   default of {@link DEFAULT_RADIUS} metres applies; a query without the suffix decodes to a request
 *   without `radius`, one with it to that radius, so the round trip is exact.
 * - `vehSF` is a single vehicle kind here: the contract marks it repeatable only for the vehicle detail.
 * - Decoding a query refuses `coordRadius` or `opASR` with `opareaSM=ALL`, a radial search without
 *   either, gaps in the `vehPId<i>` numbering, and an `opAreaId<i>` without its `vehPId<i>`, each at the
 *   parameter's name.
 * - Polygons are `[lat, lon]` rings. The contract says they are closed; an unclosed ring is closed by
 *   the decoder (the first point is appended), so every decoded polygon has its first and last point
 *   identical. A ring with fewer than three corners is refused. An area without `polygon` is kept
 *   without one.
 *
 * @since 0.1.0
 */
import * as Arr from "effect/Array"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { latLonPairJsonSchema, LatLonPairs } from "./internal/schema/latLonPairs.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { FlagParam, ModelText, opt, ParamString } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { checked, type Parsed, parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { LiteralParam, oneOf, Radius } from "./internal/schema/wireValues.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The server's radius for a radial search without one, in metres.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_RADIUS = 500

/**
 * Vehicle kinds of `vehSF` in this operation.
 *
 * @since 0.1.0
 * @category schemas
 */
export const VehicleKind = oneOf("VehicleKind", ["BIKE", "CAR", "MOTORCYCLE"])

/**
 * @since 0.1.0
 * @category models
 */
export type VehicleKind = typeof VehicleKind.Type

const IdParam = Schema.compose(ParamString, ModelText)

// The provider selections' parameters: `vehPId<i>` and `opAreaId<i>` for selection `i`.
const providerFamilies = ParamTable.indexed({
  /** The provider ID (`vehPId<i>`). */
  providerId: ParamTable.required(ParamTable.param("vehPId", ModelText, IdParam)),
  /** An operating area of that provider (`opAreaId<i>`). */
  areaId: ParamTable.param("opAreaId", ModelText, IdParam)
}, {
  orphan: (key) => `an operating area needs its provider with the same index (${key})`
})

/**
 * One provider selection: a provider (`vehPId<i>`) and optionally one of its operating areas
 * (`opAreaId<i>`, same index).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ProviderSelection = Schema.Struct(providerFamilies.fields).annotations({
  identifier: "ProviderSelection"
})

/**
 * @since 0.1.0
 * @category models
 */
export interface ProviderSelection extends Schema.Schema.Type<typeof ProviderSelection> {}

// The parameters of both request forms that map to one field each, in wire order.
const table = ParamTable.make({
  /** Only this vehicle kind (`vehSF`). */
  vehicleKind: ParamTable.param("vehSF", VehicleKind, LiteralParam(VehicleKind)),
  /** Also return the operating-zone geometry (`operatingZoneGeometry=1`). */
  zoneGeometry: ParamTable.flag("operatingZoneGeometry")
})

const commonFields = ParamTable.fieldsOf({
  /** Only these providers and areas (`vehPId<i>`, `opAreaId<i>`, numbered from 0). */
  providers: opt(Schema.NonEmptyArray(ProviderSelection))
}, table.fields)

/**
 * All providers (`opareaSM=ALL`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const AllProviders = Schema.TaggedStruct("All", commonFields).annotations({ identifier: "AllProviders" })

/**
 * Providers around a centre (`opareaSM=RADIAL`, `coordRadius`, `opASR=1`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Radial = Schema.TaggedStruct(
  "Radial",
  ParamTable.fieldsOf({
    /** The centre (`coordRadius`, `<lon>:<lat>:WGS84[dd.ddddd]`). */
    centre: Coord.Coord,
    /** The radius in metres (the `:<radius>` suffix of `coordRadius`); the server uses 500 when absent. */
    radius: opt(Radius)
  }, commonFields)
).annotations({ identifier: "Radial" })

/**
 * An operating-area request: all providers, or those around a centre.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpAreaRequest = Schema.Union(AllProviders, Radial).annotations({ identifier: "OpAreaRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export type OpAreaRequest = typeof OpAreaRequest.Type

/**
 * A {@link OpAreaRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type OpAreaRequestInput = typeof OpAreaRequest.Encoded

/**
 * Options shared by both request forms.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = Omit<typeof AllProviders.Type, "_tag">

/**
 * A request for all providers.
 *
 * @example
 * ```ts
 * import { OpArea } from "@efa-kit/core"
 *
 * assert.deepStrictEqual(OpArea.all({ zoneGeometry: true }), { _tag: "All", zoneGeometry: true })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const all = (options: Options = {}): OpAreaRequest => AllProviders.make(options, { disableValidation: true })

/**
 * A request for the providers around a centre, within `radius` metres (server default 500).
 *
 * @example
 * ```ts
 * import { Coord, OpArea, Operation } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const request = OpArea.radial(Coord.make(48.7784, 9.1795), { radius: 1000, vehicleKind: "BIKE" })
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(OpArea.OpAreaQuery)(request)),
 *   "opareaSM=RADIAL&coordRadius=9.1795:48.7784:WGS84%5Bdd.ddddd%5D:1000&opASR=1&vehSF=BIKE"
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const radial = (
  centre: Coord.Coord,
  options: Options & { readonly radius?: number } = {}
): OpAreaRequest => Radial.make({ centre, ...options }, { disableValidation: true })

/**
 * The centre and optional radius of a radial search.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordRadius = Schema.Struct({ centre: Coord.Coord, radius: opt(Radius) }).annotations({
  identifier: "CoordRadius"
})

/**
 * `coordRadius` as a query value: `<lon>:<lat>:WGS84[dd.ddddd]` with an optional `:<radius_m>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordRadiusParam: Schema.Schema<typeof CoordRadius.Type, string> = parsedParam(
  CoordRadius,
  {
    decode: (text) => {
      const parsed = Coord.parseParam(text)
      if ("error" in parsed) return Either.left(parsed.error)
      if (parsed.rest.length === 0) return Either.right({ centre: parsed.coord })
      const [radius] = parsed.rest
      if (parsed.rest.length > 1 || !/^[1-9]\d{0,6}$/.test(radius!)) {
        return Either.left(`expected a radius in whole metres after the coordinate, got "${parsed.rest.join(":")}"`)
      }
      return Either.right({ centre: parsed.coord, radius: Number(radius) })
    },
    encode: (value) => Coord.toParam(value.centre) + (value.radius !== undefined ? `:${value.radius}` : "")
  }
).annotations({
  identifier: "CoordRadiusParam",
  jsonSchema: { type: "string", pattern: "^-?\\d+(\\.\\d+)?:-?\\d+(\\.\\d+)?:WGS84\\[dd\\.ddddd\\](:\\d+)?$" }
})

/**
 * The query parameters of the operating-area search, by their wire names. `vehPId<i>` and
 * `opAreaId<i>` are index signatures (`OpAreaParams.records`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpAreaParams = Schema.Struct(
  {
    opareaSM: oneOf("SearchMode", ["ALL", "RADIAL"]),
    coordRadius: opt(CoordRadiusParam),
    opASR: opt(FlagParam),
    ...table.params
  },
  ...providerFamilies.records
).annotations({ identifier: "OpAreaParams" })

/**
 * The operating-area request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpAreaQuery: Schema.Schema<OpAreaRequest, ReadonlyArray<readonly [string, string]>> = defineQuery(
  "OpAreaQuery",
  OpAreaParams,
  OpAreaRequest,
  {
    decode: (p, issues) => {
      if (p.opareaSM === "ALL") {
        if (p.coordRadius !== undefined) issues.add("coordRadius", p.coordRadius, "only with opareaSM=RADIAL")
        if (p.opASR !== undefined) issues.add("opASR", p.opASR, "only with opareaSM=RADIAL")
      } else {
        if (p.coordRadius === undefined) {
          issues.add("coordRadius", undefined, "missing: required with opareaSM=RADIAL")
        }
        if (p.opASR === undefined) issues.add("opASR", undefined, "missing: opASR=1 is required with opareaSM=RADIAL")
      }
      const providers = providerFamilies.decode(p, issues)
      const common = table.decode(
        p,
        issues,
        definedOnly({ providers: Arr.isNonEmptyReadonlyArray(providers) ? providers : undefined })
      )
      return issues.when((): OpAreaRequest => {
        if (p.opareaSM === "ALL" || p.coordRadius === undefined) return Object.assign({ _tag: "All" as const }, common)
        const { centre, radius } = p.coordRadius
        return Object.assign({ _tag: "Radial" as const, centre }, definedOnly({ radius }), common)
      })
    },
    encode: (request) => {
      const radial = request._tag === "Radial" ? request : undefined
      const params = table.encode(
        request,
        definedOnly({
          opareaSM: radial === undefined ? "ALL" as const : "RADIAL" as const,
          coordRadius: radial && definedOnly({ centre: radial.centre, radius: radial.radius }),
          opASR: radial && true as const
        })
      )
      providerFamilies.encode(request.providers ?? [], params)
      return params
    }
  }
)

const decodePairs = Schema.decodeUnknownEither(LatLonPairs)

const isClosed = (ring: ReadonlyArray<readonly [number, number]>): boolean => {
  const first = ring[0]!
  const last = ring[ring.length - 1]!
  return first[0] === last[0] && first[1] === last[1]
}

const readRing = (input: unknown, close: boolean): Parsed<ReadonlyArray<readonly [number, number]>> => {
  const decoded = decodePairs(input)
  if (decoded._tag === "Left") return decoded
  const ring = decoded.right
  const closed = ring.length > 0 && isClosed(ring)
  const corners = closed ? ring.length - 1 : ring.length
  if (corners < 3) return Either.left(`a polygon needs at least three corners, got ${corners}`)
  if (closed) return Either.right(ring)
  if (!close) return Either.left("a polygon must be closed: its first and last points identical")
  return Either.right([...ring, ring[0]!])
}

/**
 * A polygon ring of `[lat, lon]` pairs, closed (first and last point identical), with at least three
 * corners. Checked in one pass (`LatLonPairs`); an unclosed ring is closed on decoding by
 * appending its first point, and encoding requires a closed ring.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Polygon: Schema.Schema<ReadonlyArray<readonly [number, number]>> = checked(
  {
    decode: (input) => readRing(input, true),
    encode: (input) => readRing(input, false)
  },
  {
    identifier: "Polygon",
    description: "A closed ring of [latitude, longitude] pairs (first and last point identical)",
    ...arbitraryHint("polygon"),
    jsonSchema: {
      type: "array",
      minItems: 4,
      description: "closed: the first and last pairs are identical",
      items: latLonPairJsonSchema
    }
  }
)

/**
 * An operating area of a provider.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Area = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  polygon: opt(Polygon)
}).annotations({ identifier: "Area" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Area extends Schema.Schema.Type<typeof Area> {}

/**
 * A sharing provider with its operating areas (an empty list when the server sends none).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Provider = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  vehicleType: Schema.String.annotations({ description: "Vehicle type, for example BIKE" }),
  areas: Schema.optionalWith(Schema.Array(Area), { exact: true, default: () => [] })
}).annotations({ identifier: "Provider" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Provider extends Schema.Schema.Type<typeof Provider> {}

/**
 * The operating-area response. A missing `providers` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpAreaResponse = Schema.Struct({
  providers: Schema.optionalWith(Schema.Array(Provider), { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "OpAreaResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface OpAreaResponse extends Schema.Schema.Type<typeof OpAreaResponse> {}

// operation list entry (pnpm gen:operations)
// order: 7
// path: XML_OPAREA_REQUEST
// method: Sharing providers and their operating areas, all or around a centre.
/**
 * The operating-area operation. Its `params` also carry index signatures for `vehPId<i>` and
 * `opAreaId<i>` (`OpAreaParams.records`).
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "opArea",
  OpAreaRequest,
  OpAreaResponse,
  typeof OpAreaResponse.Encoded,
  OpAreaRequestInput
> = {
  name: "opArea",
  errors: {},
  path: contractPaths.opArea,
  summary: "Sharing providers, their offers and operating-area polygons",
  params: OpAreaParams,
  request: OpAreaRequest,
  query: () => OpAreaQuery,
  response: OpAreaResponse,
  hasResult: (response) => response.providers.length > 0,
  resultKeys: { contract: ["providers"], rapidJSON: ["operatingAreas"] },
  // operating areas change rarely
  timeToLive: "24 hours",
  rapidJson: () => import("./internal/rapidjson/OpArea.js").then((module) => module.codec(OpAreaResponse))
}
