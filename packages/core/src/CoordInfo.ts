/**
 * The coordinate search (`XML_COORD_REQUEST`): stops, points of interest, parking objects and other
 * objects around a centre or inside a bounding box.
 *
 * The search space is either a circle (`coord`) or a bounding box (the bare `boundingBox` flag with
 * `boundingBoxLU` and `boundingBoxRL`); the model's `searchSpace` is one or the other. Object-type
 * filter blocks are a non-empty list; the encoder numbers them from 0 (`type_0`, `radius_0`,
 * `inclMOT_0`, ...) and adds `inclFilter=1`. Decoding a query refuses gaps in that numbering and
 * parameters of a block whose `type_<i>` is missing, naming the parameter.
 *
 * Decisions where the contract is silent:
 * - A radius belongs to a circular search; a filter block with a radius on a bounding-box search is
 *   refused before sending (at `filters.<i>.radius`), and `radius_<i>` next to `boundingBox` is refused
 *   when a query is decoded.
 * - `parkObjInfoRealtime` requires `parkObjInfo`. The model has one field, `parkingDetails`: `"static"`
 *   sends `parkObjInfo=1`, `"realtime"` sends `parkObjInfo=1&parkObjInfoRealtime=1`, so the
 *   combination without `parkObjInfo` cannot be built; a query that has it is refused when decoded.
 * - The parking box is all four parameters (`parkingSearchMethod=BB`, `parkingBB=1`, `parkingBBLU`,
 *   `parkingBBRL`) or none.
 * - Pin `type` is the filter kinds of {@link ObjectTypes}, but other kinds are kept as they come; use
 *   {@link isKnownObjectType} to narrow. `motTypes` stays the server's text; {@link motIds} parses it.
 * - Pins are checked in one pass ({@link Pins}) rather than by a schema per element, as a search can
 *   return thousands; fields beyond the listed ones are dropped.
 *
 * @since 0.1.0
 */
import * as Arr from "effect/Array"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { FlagParam, IntParam, ModelText, opt, ParamString, SetFromList } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineQuery, type IssueCollector } from "./internal/schema/query.js"
import { BareFlagParam, ModelToken, oneOf, Radius } from "./internal/schema/wireValues.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as Mot from "./Mot.js"
import type { Operation } from "./Operation.js"
import * as Point from "./Point.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The object types of a filter block (`type_<i>`), in the contract's order.
 *
 * @since 0.1.0
 * @category constants
 */
export const ObjectTypes = [
  "ANY",
  "BUS_POINT",
  "ENTRANCE",
  "GIS_AREA",
  "GIS_POINT",
  "INFRASTRUCTURE",
  "LINE",
  "POI_AREA",
  "POI_POINT",
  "STOP",
  "STREET"
] as const

/**
 * The object type of a filter block (`type_<i>`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ObjectType = oneOf("ObjectType", ObjectTypes)

/**
 * @since 0.1.0
 * @category models
 */
export type ObjectType = typeof ObjectType.Type

/**
 * Whether a pin's type is one of the listed {@link ObjectTypes}.
 *
 * @since 0.1.0
 * @category utils
 */
export const isKnownObjectType = (type: string): type is ObjectType =>
  (ObjectTypes as ReadonlyArray<string>).includes(type)

const cornerFields = {
  /** The upper-left (north-west) corner. */
  upperLeft: Coord.Coord,
  /** The lower-right (south-east) corner. */
  lowerRight: Coord.Coord
}

const northWestFirst = <A extends Coord.Corners, I>(schema: Schema.Schema<A, I>) =>
  schema.pipe(
    Schema.filter((box) =>
      Coord.isNorthWestFirst(box) ||
      { path: ["lowerRight"], message: "the lower-right corner must lie south-east of the upper-left corner" }
    )
  )

/**
 * Two corners of a box: upper left (north-west) and lower right (south-east).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Box = northWestFirst(Schema.Struct(cornerFields)).annotations({
  identifier: "Box",
  ...arbitraryHint("northWestFirst")
})

/**
 * @since 0.1.0
 * @category models
 */
export interface Box extends Schema.Schema.Type<typeof Box> {}

/**
 * A box by any two opposite corners, in either order, read as its north-west and south-east corners.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoxFromCorners: Schema.Schema<Box, Coord.Corners> = Schema.transform(Schema.Struct(cornerFields), Box, {
  strict: true,
  decode: Coord.orderCorners,
  encode: (box) => box
})

/**
 * A circular search around a centre (`coord`); each filter block may set its radius.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Circle = Schema.TaggedStruct("Circle", {
  /** The centre (`coord`). */
  centre: Coord.Coord
}).annotations({ identifier: "Circle" })

/**
 * A search inside a box (the bare flag `boundingBox`, corners `boundingBoxLU` and `boundingBoxRL`),
 * north-west corner first.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoundingBox = northWestFirst(Schema.TaggedStruct("BoundingBox", cornerFields)).annotations({
  identifier: "BoundingBox",
  ...arbitraryHint("northWestFirst")
})

/**
 * The search space: a circle or a bounding box, never both.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SearchSpace = Schema.Union(Circle, BoundingBox).annotations({ identifier: "SearchSpace" })

/**
 * @since 0.1.0
 * @category models
 */
export type SearchSpace = typeof SearchSpace.Type

/**
 * The search space as written: a bounding box may give its corners in either order.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SearchSpaceInput: Schema.Schema<SearchSpace, SearchSpace> = Schema.Union(
  Circle,
  Schema.transform(Schema.TaggedStruct("BoundingBox", cornerFields), BoundingBox, {
    strict: true,
    decode: Coord.orderCorners,
    encode: (box) => box
  })
).annotations({
  message: (issue) =>
    `expected a search space made with CoordInfo.circle or CoordInfo.boundingBox, got ${
      typeof issue.actual === "string" ? JSON.stringify(issue.actual) : typeof issue.actual
    }`
})

/**
 * A circular search space.
 *
 * @example
 * ```ts
 * import { Coord, CoordInfo, Operation } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const request: CoordInfo.CoordInfoRequest = {
 *   searchSpace: CoordInfo.circle(Coord.make(48.784081, 9.181636)),
 *   filters: [{ type: "STOP", radius: 500 }]
 * }
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(CoordInfo.CoordInfoQuery)(request)),
 *   "coord=9.181636:48.784081:WGS84%5Bdd.ddddd%5D&inclFilter=1&type_0=STOP&radius_0=500"
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const circle = (centre: Coord.Coord): SearchSpace => Circle.make({ centre }, { disableValidation: true })

/**
 * A bounding-box search space, from two opposite corners in either order.
 *
 * @since 0.1.0
 * @category constructors
 */
export const boundingBox = (upperLeft: Coord.Coord, lowerRight: Coord.Coord): SearchSpace =>
  Coord.orderCorners({ _tag: "BoundingBox" as const, upperLeft, lowerRight })

const MotList = Schema.Array(Mot.MotId).pipe(Schema.minItems(1))

const TokenList = Schema.Array(ModelToken).pipe(Schema.minItems(1))

const TokenListParam: Schema.Schema<ReadonlyArray<string>, string> = parsedParam(TokenList, {
  decode: (text) =>
    text.split(":").some((part) => part.length === 0)
      ? Either.left(`expected values separated by ":", got "${text}"`)
      : Either.right(text.split(":")),
  encode: (values) => values.join(":")
}).annotations({ identifier: "TokenListParam", jsonSchema: { type: "string", pattern: "^[^:\\s]+(:[^:\\s]+)*$" } })

// The filter blocks' parameters, one family per field of a block: `<prefix><i>` for block `i`.
const filterBlocks = ParamTable.indexed({
  /** The object type (`type_<i>`). */
  type: ParamTable.required(ParamTable.param("type_", ObjectType, ObjectType)),
  /** The radius in metres (`radius_<i>`); circular searches only. */
  radius: ParamTable.param("radius_", Radius, IntParam({ min: 1, max: 1_000_000 })),
  /** Only stops served by these MOT-IDs (`inclMOT_<i>`, joined with `:`). */
  includeMots: ParamTable.param("inclMOT_", MotList, Mot.MotListParam),
  /** Leave out stops served by these MOT-IDs (`exclMOT_<i>`, joined with `:`). */
  excludeMots: ParamTable.param("exclMOT_", MotList, Mot.MotListParam),
  /** GIS layers to leave out (`exclLayers_<i>`, joined with `:`). */
  excludeLayers: ParamTable.param("exclLayers_", TokenList, TokenListParam),
  /** Only these draw classes (`inclDrawClasses_<i>`, joined with `:`). */
  includeDrawClasses: ParamTable.param("inclDrawClasses_", TokenList, TokenListParam),
  /** POI hierarchies to include (`inclPOIH_<i>`, joined with `:`). */
  includePoiHierarchies: ParamTable.param("inclPOIH_", TokenList, TokenListParam)
}, {
  index: "filter index",
  gap: "missing: filter blocks are numbered from 0 without gaps",
  orphan: (key, index) => `belongs to filter block ${index}, but ${key} is missing`,
  required: "at least one filter block is required (type_0)"
})

/**
 * One object-type filter block. Its fields become the parameters with the block's index:
 * `type_<i>`, `radius_<i>`, `inclMOT_<i>`, `exclMOT_<i>`, `exclLayers_<i>`, `inclDrawClasses_<i>`,
 * `inclPOIH_<i>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FilterBlock = Schema.Struct(filterBlocks.fields).annotations({ identifier: "FilterBlock" })

/**
 * @since 0.1.0
 * @category models
 */
export interface FilterBlock extends Schema.Schema.Type<typeof FilterBlock> {}

/**
 * The parking object kinds of `parkingObjectType`, with their bits.
 *
 * @since 0.1.0
 * @category constants
 */
export const ParkingObjectKinds = {
  carPark: 1,
  parkingLot: 2,
  singleSpace: 4,
  zone: 8,
  chargingPoint: 32
} as const

/**
 * @since 0.1.0
 * @category models
 */
export type ParkingObjectKind = keyof typeof ParkingObjectKinds

const parkingKindNames = Object.keys(ParkingObjectKinds) as Array<ParkingObjectKind>
const parkingKindBits = Object.values(ParkingObjectKinds).reduce((acc, bit) => acc | bit, 0)
const order = (name: ParkingObjectKind): number => parkingKindNames.indexOf(name)
const parkingKindTable = parkingKindNames.map((name) => `${name}=${ParkingObjectKinds[name]}`).join(", ")

const ParkingKindList = Schema.Array(Schema.Literal(...parkingKindNames)).pipe(
  Schema.minItems(1),
  Schema.filter(
    (list) => list.every((name, i) => i === 0 || order(list[i - 1]!) < order(name)),
    { message: () => `kinds must be distinct and in the order ${parkingKindNames.join(", ")}` }
  ),
  Schema.annotations(arbitraryHint({ subset: parkingKindNames, minLength: 1 }))
)

/**
 * The parking object kinds: `"all"` (sent as `-1`) or a non-empty list of named kinds in the order of
 * {@link ParkingObjectKinds}, without repeats (sent as the sum of their bits).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkingObjectTypes = Schema.Union(Schema.Literal("all"), ParkingKindList).annotations({
  identifier: "ParkingObjectTypes"
})

/**
 * The parking object kinds in a request: `"all"`, or named kinds in any order, repeats allowed.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkingObjectTypesInput: Schema.Schema<ParkingObjectTypes, ParkingObjectTypes> = Schema.Union(
  Schema.Literal("all"),
  SetFromList(
    Schema.Literal(...parkingKindNames),
    ParkingKindList,
    (list) => parkingKindNames.filter((name) => list.includes(name))
  )
)

/**
 * @since 0.1.0
 * @category models
 */
export type ParkingObjectTypes = typeof ParkingObjectTypes.Type

/**
 * `parkingObjectType` as a query value: `-1` for all kinds, else a bitmask of
 * {@link ParkingObjectKinds}.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkingObjectTypeParam: Schema.Schema<ParkingObjectTypes, string> = parsedParam(
  ParkingObjectTypes,
  {
    decode: (text) => {
      if (text === "-1") return Either.right("all" as const)
      if (!/^\d{1,10}$/.test(text)) return Either.left(`expected -1 or a bitmask, got "${text}"`)
      const value = Number(text)
      if (value === 0 || (value & ~parkingKindBits) !== 0 || value > parkingKindBits) {
        return Either.left(`bitmask ${value} is not -1 or a non-empty sum of ${parkingKindTable}`)
      }
      return Either.right(parkingKindNames.filter((name) => (value & ParkingObjectKinds[name]) !== 0))
    },
    encode: (kinds) => kinds === "all" ? "-1" : String(kinds.reduce((acc, name) => acc | ParkingObjectKinds[name], 0))
  }
).annotations({ identifier: "ParkingObjectTypeParam", jsonSchema: { type: "string", pattern: "^(-1|\\d+)$" } })

/**
 * The cost filter of `parkingCharge`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkingCharge = oneOf("ParkingCharge", ["free", "pay"])

/**
 * How bike-and-ride or park-and-ride objects are treated (`parkingBikeRideInclusion`,
 * `parkingParkRideInclusion`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Inclusion = oneOf("Inclusion", ["INCLUDE", "EXCLUDE", "EXCLUSIVE"])

/**
 * Parking object details: `"static"` (`parkObjInfo=1`) or with real-time occupancy as well
 * (`parkObjInfo=1&parkObjInfoRealtime=1`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkingDetails = oneOf("ParkingDetails", ["static", "realtime"])

const RADIUS_ON_BOX = "a radius applies to a circular search, not to a bounding box"

// The parameters that map to one field each, in wire order: the search options, then (after the
// parking box) the parking options.
const searchTable = ParamTable.make({
  /** Maximum number of hits (`max`); unlimited when absent. */
  maxResults: ParamTable.int("max", { min: 1, max: 1_000_000 }),
  /** Reference date for object validity (`deadline`, `YYYYMMDD`); today when absent. */
  deadline: ParamTable.param("deadline", LocalDateTime.CalendarDate, LocalDateTime.CompactDateParam),
  /** Output coordinate system (`mapNameOutput`), usually `WGS84[dd.ddddd]`. */
  outputCoordinateSystem: ParamTable.text("mapNameOutput", Schema.compose(ParamString, ModelText)),
  /** Filter points of interest by purpose (`purpose`). */
  purpose: ParamTable.int("purpose", { min: 0, max: 2_147_483_647 }),
  /** Only stops inside marked parking zones (`fltrParkObj=1`). */
  parkingZoneStopsOnly: ParamTable.flag("fltrParkObj")
})

const parkingTable = ParamTable.make({
  /** Kinds of parking objects (`parkingObjectType`). */
  parkingObjectTypes: ParamTable.param("parkingObjectType", ParkingObjectTypesInput, ParkingObjectTypeParam),
  /** Cost filter for parking objects (`parkingCharge`). */
  parkingCharge: ParamTable.param("parkingCharge", ParkingCharge, ParkingCharge),
  /** Bike-and-ride objects (`parkingBikeRideInclusion`). */
  bikeAndRide: ParamTable.param("parkingBikeRideInclusion", Inclusion, Inclusion),
  /** Park-and-ride objects (`parkingParkRideInclusion`). */
  parkAndRide: ParamTable.param("parkingParkRideInclusion", Inclusion, Inclusion)
})

/**
 * A coordinate-search request. A filter block on a bounding-box search may not carry a radius.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordInfoRequest = Schema.Struct(ParamTable.fieldsOf(
  {
    /**
     * Where to search: a circle (`coord`) or a bounding box (`boundingBox`, `boundingBoxLU`,
     * `boundingBoxRL`) whose corners may come in either order.
     */
    searchSpace: SearchSpaceInput,
    /** The object-type filter blocks, numbered from 0 on the wire (`type_<i>`, ...), with `inclFilter=1`. */
    filters: Schema.NonEmptyArray(FilterBlock)
  },
  searchTable.fields,
  {
    /**
     * Search parking objects in a box, corners in either order (`parkingSearchMethod=BB`, `parkingBB=1`,
     * `parkingBBLU`, `parkingBBRL`).
     */
    parkingBox: opt(BoxFromCorners)
  },
  parkingTable.fields,
  {
    /** Parking object details (`parkObjInfo=1`), with real-time occupancy (`parkObjInfoRealtime=1`). */
    parkingDetails: opt(ParkingDetails)
  }
)).pipe(
  Schema.filter((request) =>
    request.searchSpace._tag === "BoundingBox"
      ? request.filters.flatMap((block, i) =>
        block.radius === undefined ? [] : [{ path: ["filters", i, "radius"], message: RADIUS_ON_BOX }]
      )
      : undefined
  ),
  Schema.annotations({ identifier: "CoordInfoRequest" })
)

/**
 * @since 0.1.0
 * @category models
 */
export interface CoordInfoRequest extends Schema.Schema.Type<typeof CoordInfoRequest> {}

/**
 * A {@link CoordInfoRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type CoordInfoRequestInput = typeof CoordInfoRequest.Encoded

/**
 * The prefixes of the indexed parameters of a filter block, by model field.
 *
 * @since 0.1.0
 * @category constants
 */
export const FilterParameters = filterBlocks.prefixes

/**
 * The query parameters of the coordinate search, by their wire names. The filter-block parameters are
 * index signatures (`type_<i>`, `radius_<i>`, ...), listed in `records`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordInfoParams = Schema.Struct(
  {
    coord: opt(Coord.CoordParam),
    boundingBox: opt(BareFlagParam),
    boundingBoxLU: opt(Coord.CoordParam),
    boundingBoxRL: opt(Coord.CoordParam),
    inclFilter: FlagParam,
    ...searchTable.params,
    parkingSearchMethod: opt(Schema.Literal("BB")),
    parkingBB: opt(FlagParam),
    parkingBBLU: opt(Coord.CoordParam),
    parkingBBRL: opt(Coord.CoordParam),
    ...parkingTable.params,
    parkObjInfo: opt(FlagParam),
    parkObjInfoRealtime: opt(FlagParam)
  },
  ...filterBlocks.records
).annotations({ identifier: "CoordInfoParams" })

type Params = typeof CoordInfoParams.Type

const boxKeys = ["boundingBox", "boundingBoxLU", "boundingBoxRL"] as const

const readSearchSpace = (p: Params, issues: IssueCollector): SearchSpace | undefined => {
  const hasBox = boxKeys.some((name) => p[name] !== undefined)
  if (p.coord !== undefined) {
    if (hasBox) {
      const key = boxKeys.find((name) => p[name] !== undefined)!
      issues.add(key, p[key], "a circular search (coord) cannot also have a bounding box")
      return undefined
    }
    return circle(p.coord)
  }
  if (!hasBox) {
    issues.add("coord", undefined, "missing: a search space is required, coord or boundingBox with its corners")
    return undefined
  }
  if (p.boundingBox === undefined) {
    issues.add("boundingBox", undefined, "missing: boundingBoxLU and boundingBoxRL need the boundingBox flag")
  }
  for (const corner of ["boundingBoxLU", "boundingBoxRL"] as const) {
    if (p[corner] === undefined) issues.add(corner, undefined, "missing: a bounding box needs both corners")
  }
  return p.boundingBox !== undefined && p.boundingBoxLU !== undefined && p.boundingBoxRL !== undefined
    ? boundingBox(p.boundingBoxLU, p.boundingBoxRL)
    : undefined
}

const parkingBoxKeys = ["parkingSearchMethod", "parkingBB", "parkingBBLU", "parkingBBRL"] as const

const readParkingBox = (p: Params, issues: IssueCollector): Box | undefined => {
  const missing = parkingBoxKeys.filter((key) => p[key] === undefined)
  if (missing.length === parkingBoxKeys.length) return undefined
  for (const key of missing) {
    issues.add(key, undefined, `missing: the parking box needs all of ${parkingBoxKeys.join(", ")}`)
  }
  return p.parkingBBLU !== undefined && p.parkingBBRL !== undefined
    ? Coord.orderCorners({ upperLeft: p.parkingBBLU, lowerRight: p.parkingBBRL })
    : undefined
}

/**
 * The coordinate-search request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordInfoQuery: Schema.Schema<CoordInfoRequest, ReadonlyArray<readonly [string, string]>> = defineQuery(
  "CoordInfoQuery",
  CoordInfoParams,
  CoordInfoRequest,
  {
    decode: (p, issues) => {
      const searchSpace = readSearchSpace(p, issues)
      const filters = filterBlocks.decode(p, issues)
      if (searchSpace?._tag === "BoundingBox") {
        filters.forEach((block, i) => {
          if (block.radius !== undefined) {
            issues.add(`radius_${i}`, String(block.radius), RADIUS_ON_BOX)
          }
        })
      }
      const parkingBox = readParkingBox(p, issues)
      if (p.parkObjInfoRealtime !== undefined && p.parkObjInfo === undefined) {
        issues.add("parkObjInfoRealtime", p.parkObjInfoRealtime, "requires parkObjInfo=1")
      }
      const parkingDetails: typeof ParkingDetails.Type | undefined = p.parkObjInfo === undefined
        ? undefined
        : p.parkObjInfoRealtime
        ? "realtime"
        : "static"
      const options = parkingTable.decode(
        p,
        issues,
        searchTable.decode(p, issues, definedOnly({ parkingBox, parkingDetails }))
      )
      return searchSpace !== undefined && Arr.isNonEmptyReadonlyArray(filters)
        ? Object.assign({ searchSpace, filters }, options)
        : undefined
    },
    encode: (request) => {
      const space = request.searchSpace
      const box = request.parkingBox
      const details = request.parkingDetails
      const params = definedOnly({
        coord: space._tag === "Circle" ? space.centre : undefined,
        boundingBox: space._tag === "BoundingBox" ? true as const : undefined,
        boundingBoxLU: space._tag === "BoundingBox" ? space.upperLeft : undefined,
        boundingBoxRL: space._tag === "BoundingBox" ? space.lowerRight : undefined,
        inclFilter: true as const,
        parkingSearchMethod: box !== undefined ? "BB" as const : undefined,
        parkingBB: box !== undefined ? true as const : undefined,
        parkingBBLU: box?.upperLeft,
        parkingBBRL: box?.lowerRight,
        parkObjInfo: details !== undefined ? true as const : undefined,
        parkObjInfoRealtime: details === "realtime" ? true as const : undefined
      })
      const wire = parkingTable.encode(request, searchTable.encode(request, params))
      filterBlocks.encode(request.filters, wire)
      return wire
    }
  }
)

/**
 * A pin's object type: one of {@link ObjectTypes} as a rule, but any text is kept, since servers
 * report kinds beyond the list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const PinType = Schema.String.annotations({
  identifier: "PinType",
  description: `Object type, for example ${ObjectTypes.join(", ")}; other kinds are kept as they come`,
  examples: ["STOP", "POI_POINT"],
  ...arbitraryHint("objectType")
})

/**
 * One object found. `id` is present on stops, `motTypes` is the comma-separated MOT-IDs of a stop as
 * the server sends it (see {@link motIds}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Pin = Schema.Struct({
  type: PinType,
  id: opt(Schema.String),
  name: Schema.String,
  coord: Coord.Coord,
  motTypes: opt(Schema.String),
  /** The distance in metres from the search centre (rapidJSON `properties.distance`). */
  distance: opt(Schema.Finite),
  /** The place it belongs to (rapidJSON `parent`): a platform's stop, a stop's locality. */
  parent: opt(Point.ParentPlace)
}).annotations({ identifier: "Pin" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Pin extends Schema.Schema.Type<typeof Pin> {}

/**
 * The MOT-IDs of a pin's `motTypes`, parsed (`"1,2,5"` is `[1, 2, 5]`); empty when absent. Parts that
 * are not integers are skipped.
 *
 * @example
 * ```ts
 * import { CoordInfo } from "@efa-kit/core"
 *
 * const pin = { type: "STOP", name: "Stuttgart, Hauptbahnhof", coord: { lat: 48.784, lon: 9.181 }, motTypes: "1,3,13" }
 * assert.deepStrictEqual(CoordInfo.motIds(pin), [1, 3, 13])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const motIds = (pin: Pin): Array<Mot.MotId> => (pin.motTypes === undefined ? [] : Mot.parseList(pin.motTypes))

/**
 * The objects found. A search can return thousands of pins; the client decodes them through the compiled
 * fast path, so a plain array schema stays close to the cost of `JSON.parse`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Pins: Schema.Schema<ReadonlyArray<Pin>, ReadonlyArray<typeof Pin.Encoded>> = Schema.Array(Pin).annotations(
  {
    identifier: "Pins"
  }
)

/**
 * The coordinate-search response. A missing `pins` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordInfoResponse = Schema.Struct({
  pins: Schema.optionalWith(Pins, { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "CoordInfoResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface CoordInfoResponse extends Schema.Schema.Type<typeof CoordInfoResponse> {}

// operation list entry (pnpm gen:operations)
// order: 2
// path: XML_COORD_REQUEST
// method: Searches stops, points of interest, parking objects and other objects around a centre or in a box.
/**
 * The coordinate-search operation. Its `params` also carry index signatures for the filter-block
 * parameters (`CoordInfoParams.records`).
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "coordInfo",
  CoordInfoRequest,
  CoordInfoResponse,
  typeof CoordInfoResponse.Encoded,
  CoordInfoRequestInput
> = {
  name: "coordInfo",
  errors: {},
  path: contractPaths.coordInfo,
  summary: "Spatial search for stops, points of interest, parking objects and other objects in a circle or box",
  params: CoordInfoParams,
  request: CoordInfoRequest,
  query: () => CoordInfoQuery,
  response: CoordInfoResponse,
  hasResult: (response) => response.pins.length > 0,
  resultKeys: { contract: ["pins"], rapidJSON: ["locations"] },
  // timetable data, changed at night
  timeToLive: "6 hours",
  rapidJson: () => import("./internal/rapidjson/CoordInfo.js").then((module) => module.codec(CoordInfoResponse)),
  modeFilters: [
    { in: "list", prefix: FilterParameters.includeMots, separator: ":", keeps: "filters.includeMots" },
    { in: "list", prefix: FilterParameters.excludeMots, separator: ":" }
  ]
}
