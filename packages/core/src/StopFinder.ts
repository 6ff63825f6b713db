/**
 * The stop finder (`XML_STOPFINDER_REQUEST`): free-text, ID or coordinate search for stops, addresses
 * and points of interest, answered with ranked location candidates.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Bitmask from "./Bitmask.js"
import * as Coord from "./Coord.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { defineQuery } from "./internal/schema/query.js"
import type { Operation } from "./Operation.js"
import * as Point from "./Point.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The object kinds of `anyObjFilter_sf`, `objPrefAl` and `objPrefAm`, with their bits.
 *
 * @since 0.1.0
 * @category constants
 */
export const ObjectKinds = {
  locality: 1,
  stop: 2,
  street: 4,
  address: 8,
  crossing: 16,
  poi: 32,
  postcode: 64
} as const

/**
 * @since 0.1.0
 * @category models
 */
export type ObjectKind = keyof typeof ObjectKinds

/**
 * A list of object kinds as the bitmask EFA takes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ObjectKindMask = Bitmask.fromFlags(ObjectKinds, { identifier: "ObjectKindMask" })

/**
 * A list of object kinds in a request: any order, repeats allowed.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ObjectKindSet = Bitmask.setOf(ObjectKinds)

/**
 * The ranking methods of `rMethod`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RankingMethod = Schema.Literal("DISTANCEFROMCENTER", "BESTCOVER", "PREFIXCOUNT", "PREFIXRATIO")

const percent = <const Wire extends string>(wire: Wire) => ParamTable.int(wire, { min: 0, max: 100 })

// The stop finder's parameters that map to one field each, in wire order.
const inputPoint = ParamTable.point("sf")

const table = ParamTable.make({
  // search optimisation
  /** Maximum number of hits (`anyMaxSizeHitList`); beyond it the server drops the lowest quality. */
  maxResults: ParamTable.int("anyMaxSizeHitList", { min: 1, max: 10_000 }),
  /** A result sorter configured on the server (`anyResSort_sf`). */
  resultSorter: ParamTable.text("anyResSort_sf"),
  /** Return only the perfect match when there is one (`anySigWhenPerfectNoOtherMatches=1`). */
  perfectMatchOnly: ParamTable.flag("anySigWhenPerfectNoOtherMatches"),
  /** Resolve house numbers for verified streets (`locationInfoActive=1`). */
  houseNumberResolution: ParamTable.flag("locationInfoActive"),
  /** Return the list of possible house numbers (`useHouseNumberList_sf=1`). */
  houseNumberList: ParamTable.flag("useHouseNumberList_sf"),
  /** Map a locality to its main stop (`useLocalityMainStop=1`). */
  localityMainStop: ParamTable.flag("useLocalityMainStop"),
  /** After verifying a coordinate, do not look for nearby stops (`doNotSearchForStops_sf=1`). */
  skipNearbyStops: ParamTable.flag("doNotSearchForStops_sf"),
  /** Minimum quality, 0..100 (`prMinQu`); lower hits are dropped. */
  minQuality: percent("prMinQu"),
  // search criteria
  /** Only these kinds of objects (`anyObjFilter_sf`). */
  objectKinds: ParamTable.param("anyObjFilter_sf", ObjectKindSet, ObjectKindMask),
  /** Only this municipality (`anyOmc_sf`). */
  municipality: ParamTable.text("anyOmc_sf"),
  /** Only this region (`regionID_sf`). */
  region: ParamTable.text("regionID_sf"),
  /** With no hits in the municipality, search without it (`tryFurtherAnyWithoutLoc=1`). */
  retryWithoutMunicipality: ParamTable.flag("tryFurtherAnyWithoutLoc"),
  // quality and ranking
  /** Reference point for `rankingMethod: "DISTANCEFROMCENTER"` (`coord`). */
  referencePoint: ParamTable.param("coord", Coord.Coord, Coord.CoordParam),
  /** Object kinds always preferred (`objPrefAl`). */
  alwaysPreferKinds: ParamTable.param("objPrefAl", ObjectKindSet, ObjectKindMask),
  /** Object kinds preferred among the best hits (`objPrefAm`). */
  preferKindsAmongBest: ParamTable.param("objPrefAm", ObjectKindSet, ObjectKindMask),
  /** Among the best stops prefer those served by these MOT-IDs (`prefStModeAm`, bit n for MOT-ID n). */
  preferModesAmongBest: ParamTable.param("prefStModeAm", Bitmask.MotSet, Bitmask.MotBitmask),
  /** Region always preferred (`regPrefAl`). */
  alwaysPreferRegion: ParamTable.text("regPrefAl"),
  /** Region preferred among the best hits (`regPrefAm`). */
  preferRegionAmongBest: ParamTable.text("regPrefAm"),
  /** Weight of relevance in the quality score, 0..100 percent (`relInf`). */
  relevanceWeight: percent("relInf"),
  /** Ranking method (`rMethod`). */
  rankingMethod: ParamTable.param("rMethod", RankingMethod, RankingMethod)
})

/**
 * A stop-finder request.
 *
 * @example
 * ```ts
 * import { Operation, Point, StopFinder } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const request: StopFinder.StopFinderRequest = {
 *   input: Point.any("Stuttgart Hbf"),
 *   objectKinds: ["stop", "poi"],
 *   maxResults: 10
 * }
 * // the query the client sends (before `outputFormat=JSON`)
 * const query = Operation.toQueryString(Schema.encodeSync(StopFinder.StopFinderQuery)(request))
 * assert.strictEqual(query, "type_sf=any&name_sf=Stuttgart+Hbf&anyMaxSizeHitList=10&anyObjFilter_sf=34")
 * ```
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopFinderRequest = Schema.Struct(ParamTable.fieldsOf({
  /** What to look for: text, an ID, or a coordinate (`name_sf`, `type_sf`). */
  input: Point.Point
}, table.fields)).pipe(
  Schema.filter((request) =>
    request.rankingMethod === "DISTANCEFROMCENTER" && request.referencePoint === undefined
      ? { path: ["referencePoint"], message: "rankingMethod DISTANCEFROMCENTER needs a referencePoint" }
      : undefined
  ),
  Schema.annotations({ identifier: "StopFinderRequest" })
)

/**
 * @since 0.1.0
 * @category models
 */
export interface StopFinderRequest extends Schema.Schema.Type<typeof StopFinderRequest> {}

/**
 * A {@link StopFinderRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type StopFinderRequestInput = typeof StopFinderRequest.Encoded

/**
 * The query parameters of the stop finder, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopFinderParams = Schema.Struct({
  ...inputPoint.params,
  ...table.params
}).annotations({ identifier: "StopFinderParams" })

/**
 * The stop-finder request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopFinderQuery: Schema.Schema<StopFinderRequest, ReadonlyArray<readonly [string, string]>> = defineQuery(
  "StopFinderQuery",
  StopFinderParams,
  StopFinderRequest,
  {
    decode: (p, issues) => {
      const input = inputPoint.decode(p, issues)
      if (p.rMethod === "DISTANCEFROMCENTER" && p.coord === undefined) {
        issues.add("coord", undefined, "rMethod=DISTANCEFROMCENTER needs the reference point in coord")
      }
      const fields = table.decode(p, issues)
      return issues.when(() => Object.assign({ input: input! }, fields))
    },
    encode: (request) => table.encode(request, inputPoint.encode(request.input, {}))
  }
)

/**
 * A stop near a location (`assignedStops`), with the product classes that serve it where the server names them
 * (the deployment's own class numbers, as sent).
 *
 * @since 0.1.0
 * @category schemas
 */
export const AssignedStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  /** The product classes serving the stop (rapidJSON `productClasses`), as the server numbers them. */
  productClasses: opt(Schema.Array(Schema.Int)),
  /** How far the stop is from the location, in metres, where the server says (rapidJSON `distance`). */
  distance: opt(Schema.Finite),
  /** How long the walk to the stop takes, in minutes, where the server says (rapidJSON `duration`). */
  duration: opt(Schema.Finite)
}).annotations({ identifier: "AssignedStop" })

/**
 * @since 0.1.0
 * @category models
 */
export interface AssignedStop extends Schema.Schema.Type<typeof AssignedStop> {}

/**
 * One candidate. `id` is usable unchanged as a point in later requests (see `Point.fromId` and
 * `Point.fromLocation`); `matchQuality` is higher for better matches and scaled per deployment (not a
 * percentage).
 *
 * `type` is the server's: `stop`, `poi`, `locality`, `suburb`, `street`, an address (`singlehouse` in the
 * contract's dialect and TfNSW's, `address` in the Mentz schema's), `crossing`, `postcode` (rapidJSON has no
 * such type: `unknown` with a `postcode`), `platform`, ... (see {@link kindOf}). A street, an address or a
 * crossing names its street and postcode, an address its house number; `parent` is the place it lies in.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Location = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  type: Schema.String,
  isBest: Schema.optionalWith(Schema.Boolean, { exact: true, default: () => false }),
  matchQuality: Schema.Finite,
  coord: opt(Coord.Coord),
  assignedStops: opt(Schema.Array(AssignedStop)),
  /** The place it belongs to (rapidJSON `parent`): a stop's locality, a platform's stop. */
  parent: opt(Point.ParentPlace),
  /** The distance in metres from a reference point, where the server gives one (rapidJSON). */
  distance: opt(Schema.Finite),
  /** The street of a street, an address or a crossing (the first street of a crossing; rapidJSON `streetName`). */
  streetName: opt(Schema.String),
  /** The house number of an address (rapidJSON `buildingNumber`). */
  houseNumber: opt(Schema.String),
  /** The postcode of a street, an address, a crossing or a postcode (rapidJSON `postCode`, read trimmed). */
  postcode: opt(Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString())),
  /**
   * An address whose house number the street does not have, placed where the number would be: not the
   * house's own position (rapidJSON `properties.interpolated`).
   */
  interpolated: opt(Schema.Boolean)
}).annotations({ identifier: "Location" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Location extends Schema.Schema.Type<typeof Location> {}

/**
 * The stop-finder response. Locations are as the server ranked them; a missing `locations` field
 * reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopFinderResponse = Schema.Struct({
  locations: Schema.optionalWith(Schema.Array(Location), { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "StopFinderResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface StopFinderResponse extends Schema.Schema.Type<typeof StopFinderResponse> {}

/**
 * What kind of place a location is, whichever dialect and deployment named it: the object kind of
 * `anyObjFilter_sf` (`suburb` is a `locality`, `singlehouse` an `address`, rapidJSON's `unknown` with a postcode
 * and no street a `postcode`), undefined for other types (`platform`, `coord`, `gis`, ...).
 *
 * @example
 * ```ts
 * import { StopFinder } from "@efa-kit/core"
 *
 * assert.strictEqual(StopFinder.kindOf({ type: "singlehouse" }), "address")
 * assert.strictEqual(StopFinder.kindOf({ type: "unknown", postcode: "70173" }), "postcode")
 * assert.strictEqual(StopFinder.kindOf({ type: "platform" }), undefined)
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const kindOf = (
  location: Pick<Location, "type" | "postcode" | "streetName">
): ObjectKind | undefined => {
  switch (location.type) {
    case "locality":
    case "suburb":
      return "locality"
    case "singlehouse":
    case "address":
      return "address"
    case "stop":
    case "street":
    case "crossing":
    case "poi":
    case "postcode":
      return location.type
    case "unknown":
      return location.postcode !== undefined && location.streetName === undefined ? "postcode" : undefined
    default:
      return undefined
  }
}

/**
 * The best location: the one marked `isBest`, else the one with the highest `matchQuality`.
 *
 * @example
 * ```ts
 * import { Operation, StopFinder } from "@efa-kit/core"
 * import { Either } from "effect"
 *
 * const response = Operation.decodeResponse(StopFinder.operation)({
 *   locations: [
 *     { id: "de:08111:6056", name: "Stuttgart, Stadtmitte", type: "stop", matchQuality: 180 },
 *     { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof", type: "stop", matchQuality: 1000, isBest: true }
 *   ]
 * })
 * const best = Either.map(response, (r) => StopFinder.best(r)?.name)
 * assert.deepStrictEqual(best, Either.right("Stuttgart, Hauptbahnhof"))
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const best = (response: StopFinderResponse): Location | undefined => {
  const marked = response.locations.find((location) => location.isBest)
  if (marked !== undefined) return marked
  let top: Location | undefined
  for (const location of response.locations) {
    if (top === undefined || location.matchQuality > top.matchQuality) top = location
  }
  return top
}

// operation list entry (pnpm gen:operations)
// order: 4
// path: XML_STOPFINDER_REQUEST
// method: Searches stops, addresses and points of interest by text, ID or coordinate.
/**
 * The stop-finder operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "stopFinder",
  StopFinderRequest,
  StopFinderResponse,
  typeof StopFinderResponse.Encoded,
  StopFinderRequestInput
> = {
  name: "stopFinder",
  errors: {},
  path: contractPaths.stopFinder,
  summary: "Free-text, ID or coordinate search for stops, addresses and points of interest",
  params: StopFinderParams,
  request: StopFinderRequest,
  query: () => StopFinderQuery,
  response: StopFinderResponse,
  hasResult: (response) => response.locations.length > 0,
  resultKeys: { contract: ["locations"], rapidJSON: ["locations"] },
  // timetable data, changed at night
  timeToLive: "6 hours",
  rapidJson: () => import("./internal/rapidjson/StopFinder.js").then((module) => module.codec(StopFinderResponse))
}
