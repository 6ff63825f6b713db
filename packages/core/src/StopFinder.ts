/**
 * The stop finder (`XML_STOPFINDER_REQUEST`): free-text, ID or coordinate search for stops, addresses
 * and points of interest, answered with ranked location candidates.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as Bitmask from "./Bitmask.js"
import * as Coord from "./Coord.js"
import { FlagParam, IntParam, ModelFlag, ModelText, opt, TextParam } from "./internal/params.js"
import { paths } from "./internal/paths.js"
import { definedOnly, flag, IssueCollector, queryCodec } from "./internal/query.js"
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

const Percent = Schema.Int.pipe(Schema.between(0, 100))

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
export const StopFinderRequest = Schema.Struct({
  /** What to look for: text, an ID, or a coordinate (`name_sf`, `type_sf`). */
  input: Point.Point,
  // search optimisation
  /** Maximum number of hits (`anyMaxSizeHitList`); beyond it the server drops the lowest quality. */
  maxResults: opt(Schema.Int.pipe(Schema.between(1, 10_000))),
  /** A result sorter configured on the server (`anyResSort_sf`). */
  resultSorter: opt(ModelText),
  /** Return only the perfect match when there is one (`anySigWhenPerfectNoOtherMatches=1`). */
  perfectMatchOnly: opt(ModelFlag),
  /** Resolve house numbers for verified streets (`locationInfoActive=1`). */
  houseNumberResolution: opt(ModelFlag),
  /** Return the list of possible house numbers (`useHouseNumberList_sf=1`). */
  houseNumberList: opt(ModelFlag),
  /** Map a locality to its main stop (`useLocalityMainStop=1`). */
  localityMainStop: opt(ModelFlag),
  /** After verifying a coordinate, do not look for nearby stops (`doNotSearchForStops_sf=1`). */
  skipNearbyStops: opt(ModelFlag),
  /** Minimum quality, 0..100 (`prMinQu`); lower hits are dropped. */
  minQuality: opt(Percent),
  // search criteria
  /** Only these kinds of objects (`anyObjFilter_sf`). */
  objectKinds: opt(ObjectKindSet),
  /** Only this municipality (`anyOmc_sf`). */
  municipality: opt(ModelText),
  /** Only this region (`regionID_sf`). */
  region: opt(ModelText),
  /** With no hits in the municipality, search without it (`tryFurtherAnyWithoutLoc=1`). */
  retryWithoutMunicipality: opt(ModelFlag),
  // quality and ranking
  /** Reference point for `rankingMethod: "DISTANCEFROMCENTER"` (`coord`). */
  referencePoint: opt(Coord.Coord),
  /** Object kinds always preferred (`objPrefAl`). */
  alwaysPreferKinds: opt(ObjectKindSet),
  /** Object kinds preferred among the best hits (`objPrefAm`). */
  preferKindsAmongBest: opt(ObjectKindSet),
  /** Among the best stops prefer those served by these MOT-IDs (`prefStModeAm`, bit n for MOT-ID n). */
  preferModesAmongBest: opt(Bitmask.MotSet),
  /** Region always preferred (`regPrefAl`). */
  alwaysPreferRegion: opt(ModelText),
  /** Region preferred among the best hits (`regPrefAm`). */
  preferRegionAmongBest: opt(ModelText),
  /** Weight of relevance in the quality score, 0..100 percent (`relInf`). */
  relevanceWeight: opt(Percent),
  /** Ranking method (`rMethod`). */
  rankingMethod: opt(RankingMethod)
}).pipe(
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
  type_sf: Point.PointType,
  name_sf: TextParam,
  anyMaxSizeHitList: opt(IntParam({ min: 1, max: 10_000 })),
  anyResSort_sf: opt(TextParam),
  anySigWhenPerfectNoOtherMatches: opt(FlagParam),
  locationInfoActive: opt(FlagParam),
  useHouseNumberList_sf: opt(FlagParam),
  useLocalityMainStop: opt(FlagParam),
  doNotSearchForStops_sf: opt(FlagParam),
  prMinQu: opt(IntParam({ min: 0, max: 100 })),
  anyObjFilter_sf: opt(ObjectKindMask),
  anyOmc_sf: opt(TextParam),
  regionID_sf: opt(TextParam),
  tryFurtherAnyWithoutLoc: opt(FlagParam),
  coord: opt(Coord.CoordParam),
  objPrefAl: opt(ObjectKindMask),
  objPrefAm: opt(ObjectKindMask),
  prefStModeAm: opt(Bitmask.MotBitmask),
  regPrefAl: opt(TextParam),
  regPrefAm: opt(TextParam),
  relInf: opt(IntParam({ min: 0, max: 100 })),
  rMethod: opt(RankingMethod)
}).annotations({ identifier: "StopFinderParams" })

/**
 * The stop-finder request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopFinderQuery: Schema.Schema<StopFinderRequest, ReadonlyArray<readonly [string, string]>> = queryCodec(
  "StopFinderQuery",
  StopFinderParams,
  StopFinderRequest,
  {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      const input = Point.fromParams(p.type_sf, p.name_sf)
      if (Either.isLeft(input)) issues.add("name_sf", p.name_sf, input.left)
      if (p.rMethod === "DISTANCEFROMCENTER" && p.coord === undefined) {
        issues.add("coord", undefined, "rMethod=DISTANCEFROMCENTER needs the reference point in coord")
      }
      return issues.result(() =>
        definedOnly({
          input: Either.getOrThrow(input),
          maxResults: p.anyMaxSizeHitList,
          resultSorter: p.anyResSort_sf,
          perfectMatchOnly: p.anySigWhenPerfectNoOtherMatches,
          houseNumberResolution: p.locationInfoActive,
          houseNumberList: p.useHouseNumberList_sf,
          localityMainStop: p.useLocalityMainStop,
          skipNearbyStops: p.doNotSearchForStops_sf,
          minQuality: p.prMinQu,
          objectKinds: p.anyObjFilter_sf,
          municipality: p.anyOmc_sf,
          region: p.regionID_sf,
          retryWithoutMunicipality: p.tryFurtherAnyWithoutLoc,
          referencePoint: p.coord,
          alwaysPreferKinds: p.objPrefAl,
          preferKindsAmongBest: p.objPrefAm,
          preferModesAmongBest: p.prefStModeAm,
          alwaysPreferRegion: p.regPrefAl,
          preferRegionAmongBest: p.regPrefAm,
          relevanceWeight: p.relInf,
          rankingMethod: p.rMethod
        }) as StopFinderRequest
      )
    },
    encode: (request) => {
      const input = Point.toParams(request.input)
      return ParseResult.succeed(
        definedOnly({
          type_sf: input.type,
          name_sf: input.name,
          anyMaxSizeHitList: request.maxResults,
          anyResSort_sf: request.resultSorter,
          anySigWhenPerfectNoOtherMatches: flag(request.perfectMatchOnly),
          locationInfoActive: flag(request.houseNumberResolution),
          useHouseNumberList_sf: flag(request.houseNumberList),
          useLocalityMainStop: flag(request.localityMainStop),
          doNotSearchForStops_sf: flag(request.skipNearbyStops),
          prMinQu: request.minQuality,
          anyObjFilter_sf: request.objectKinds,
          anyOmc_sf: request.municipality,
          regionID_sf: request.region,
          tryFurtherAnyWithoutLoc: flag(request.retryWithoutMunicipality),
          coord: request.referencePoint,
          objPrefAl: request.alwaysPreferKinds,
          objPrefAm: request.preferKindsAmongBest,
          prefStModeAm: request.preferModesAmongBest,
          regPrefAl: request.alwaysPreferRegion,
          regPrefAm: request.preferRegionAmongBest,
          relInf: request.relevanceWeight,
          rMethod: request.rankingMethod
        }) as typeof StopFinderParams.Type
      )
    }
  }
)

/**
 * A stop near a location (`assignedStops`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const AssignedStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String
}).annotations({ identifier: "AssignedStop" })

/**
 * One candidate. `id` is usable unchanged as a point in later requests (see `Point.fromId`);
 * `matchQuality` is higher for better matches and scaled per deployment (not a percentage).
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
  distance: opt(Schema.Finite)
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

/**
 * The stop-finder operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  StopFinderRequest,
  StopFinderResponse,
  typeof StopFinderResponse.Encoded,
  StopFinderRequestInput
> = {
  name: "stopFinder",
  path: paths.stopFinder,
  summary: "Free-text, ID or coordinate search for stops, addresses and points of interest",
  params: StopFinderParams,
  request: StopFinderRequest,
  query: () => StopFinderQuery,
  response: StopFinderResponse,
  hasResult: (response) => response.locations.length > 0
}
