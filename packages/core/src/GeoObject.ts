/**
 * Line geometry (`XML_GEOOBJECT_REQUEST`): the coordinates and stops of a line or line variant, for
 * map display. The endpoint returns the complete line.
 *
 * The geometry is a list of `[lat, lon]` pairs, latitude first, checked in one pass however long it is.
 * Map libraries expect longitude first: turn it into GeoJSON with the `GeoJson` module.
 *
 * Decisions where the contract is silent:
 * - The line is a line identifier (`LineId.Checked`): 4 parts, or a server's own identifier with its timetable
 *   period, sent verbatim; the supplement may be empty or blank, the subnetwork, line number and direction may not.
 * - `lineTypes` is sent only when given. The client refuses `[]`, as every empty list (leave the field
 *   out); a query with `lineReqType=0` (all line types) reads back as `[]`.
 * - The bare `boundingBox` flag is sent exactly when the box is given; reading a query refuses the flag
 *   without both corners and corners without the flag. The upper-left corner may not lie south or east of
 *   the lower-right one, which catches swapped corners and swapped latitude and longitude.
 * - A stop's position is not in the contract; `coord` is read when present ({@link GeoStop}). A missing
 *   `geometry` or `stops` reads as an empty list.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { LatLonPairs } from "./internal/schema/latLonPairs.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { ModelText, opt, ParamString } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { BareFlagParam, repeated, TrimmedTextParam } from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type { Operation } from "./Operation.js"
import * as Point from "./Point.js"
import * as ServingLines from "./ServingLines.js"
import * as SystemMessage from "./SystemMessage.js"

// `line=`: the identifier as sent, 4 parts (`vvs:10001: :H`) or a server's own with its period, verbatim.
const LineParam = Schema.compose(ParamString, LineId.Checked).annotations({
  identifier: "LineIdParam",
  jsonSchema: {
    type: "string",
    description: "<subnetwork>:<line number>:<supplement>:<direction>, or a server's own line identifier " +
      "(vvs:20003: :H:j26) verbatim"
  }
})

/**
 * A bounding box by its upper-left (north-west) and lower-right (south-east) corners.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoundingBox = Schema.Struct({
  upperLeft: Coord.Coord,
  lowerRight: Coord.Coord
}).pipe(
  Schema.filter((box) =>
    box.upperLeft.lat < box.lowerRight.lat
      ? { path: ["lowerRight"], message: "the lower-right corner must not lie north of the upper-left corner" }
      : box.upperLeft.lon > box.lowerRight.lon
      ? { path: ["lowerRight"], message: "the lower-right corner must not lie west of the upper-left corner" }
      : undefined
  ),
  Schema.annotations({ identifier: "BoundingBox", ...arbitraryHint("northWestFirst") })
)

/**
 * @since 0.1.0
 * @category models
 */
export type BoundingBox = typeof BoundingBox.Type

/**
 * A bounding box by any two opposite corners, in either order, read as its north-west and south-east
 * corners, as the coordinate search reads its boxes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoundingBoxFromCorners: Schema.Schema<BoundingBox, Coord.Corners> = Schema.transform(
  Schema.Struct({ upperLeft: Coord.Coord, lowerRight: Coord.Coord }),
  BoundingBox,
  { strict: true, decode: Coord.orderCorners, encode: (box) => box }
)

// The line-geometry parameters that map to one field each, in wire order.
const table = ParamTable.make({
  /**
   * The line (`line`): `<subnetwork>:<line number>:<supplement>:<direction>` (`LineId.format`), or a line's
   * `lineId` from another answer, sent verbatim.
   */
  line: ParamTable.required(ParamTable.param("line", LineId.Checked, LineParam)),
  /** The date that selects the line variant (`filterDate`, `YYYYMMDD`). */
  date: ParamTable.param("filterDate", LocalDateTime.CalendarDate, LocalDateTime.CompactDateParam),
  /** Only sections passing these stops (`filterStopID`, repeated); not empty when given. */
  stopIds: repeated("filterStopID", ModelText, TrimmedTextParam),
  /** Line types (`lineReqType`); `[]` is sent as `0`, all line types. */
  lineTypes: ParamTable.param("lineReqType", ServingLines.LineTypeList, ServingLines.LineTypeMask),
  /** Also return the serving lines of each stop (`vSL=1`). */
  servingLines: ParamTable.flag("vSL")
})

/**
 * A line-geometry request.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GeoObjectRequest = Schema.Struct(ParamTable.fieldsOf(table.fields, {
  /**
   * Spatial restriction, corners in either order (`boundingBox` without a value, `boundingBoxLU`,
   * `boundingBoxRL`).
   */
  boundingBox: opt(BoundingBoxFromCorners)
})).annotations({ identifier: "GeoObjectRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export interface GeoObjectRequest extends Schema.Schema.Type<typeof GeoObjectRequest> {}

/**
 * A {@link GeoObjectRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type GeoObjectRequestInput = typeof GeoObjectRequest.Encoded

/**
 * The query parameters of the line-geometry operation, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GeoObjectParams = Schema.Struct({
  ...table.params,
  boundingBox: opt(BareFlagParam),
  boundingBoxLU: opt(Coord.CoordParam),
  boundingBoxRL: opt(Coord.CoordParam)
}).annotations({ identifier: "GeoObjectParams" })

/**
 * The line-geometry request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GeoObjectQuery: Schema.Schema<GeoObjectRequest, ReadonlyArray<readonly [string, string]>> = defineQuery(
  "GeoObjectQuery",
  GeoObjectParams,
  GeoObjectRequest,
  {
    decode: (p, issues) => {
      let boundingBox: BoundingBox | undefined
      if (p.boundingBox === true) {
        if (p.boundingBoxLU === undefined) issues.add("boundingBoxLU", undefined, "is required with boundingBox")
        if (p.boundingBoxRL === undefined) issues.add("boundingBoxRL", undefined, "is required with boundingBox")
        if (p.boundingBoxLU !== undefined && p.boundingBoxRL !== undefined) {
          // either corner order, as the client and the coordinate search take it
          boundingBox = Coord.orderCorners({ upperLeft: p.boundingBoxLU, lowerRight: p.boundingBoxRL })
        }
      } else {
        if (p.boundingBoxLU !== undefined) issues.add("boundingBoxLU", p.boundingBoxLU, "needs the boundingBox flag")
        if (p.boundingBoxRL !== undefined) issues.add("boundingBoxRL", p.boundingBoxRL, "needs the boundingBox flag")
      }
      const request = table.decode(p, issues, definedOnly({ boundingBox }))
      return issues.when(() => request)
    },
    encode: (request) => {
      const box = request.boundingBox
      return table.encode(
        request,
        definedOnly({
          boundingBox: box && true as const,
          boundingBoxLU: box?.upperLeft,
          boundingBoxRL: box?.lowerRight
        })
      )
    }
  }
)

/**
 * A serving line of a stop (`stops[].servingLines`, present with `vSL=1`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopServingLine = Schema.Struct({ name: Schema.String }).annotations({ identifier: "StopServingLine" })

const CoordFromPair = Schema.transform(Schema.Tuple(Coord.Latitude, Coord.Longitude), Schema.typeSchema(Coord.Coord), {
  strict: true,
  decode: ([lat, lon]) => ({ lat, lon }),
  encode: ({ lat, lon }) => [lat, lon] as const
})

/**
 * A stop of the line. The contract lists `id`, `name` and `servingLines`; a stop position in `coord`
 * is not listed but is read when present, as `{ lat, lon }` (the form of the other responses) or as a
 * `[lat, lon]` pair, so that stops can be drawn.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GeoStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  coord: opt(Schema.Union(Coord.Coord, CoordFromPair)),
  servingLines: opt(Schema.Array(StopServingLine))
}).annotations({ identifier: "GeoStop" })

/**
 * @since 0.1.0
 * @category models
 */
export interface GeoStop extends Schema.Schema.Type<typeof GeoStop> {}

/**
 * The line-geometry response: `geometry` as `[lat, lon]` pairs (latitude first) and the stops. A
 * missing field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const GeoObjectResponse = Schema.Struct({
  geometry: Schema.optionalWith(LatLonPairs, { default: () => [] }),
  stops: Schema.optionalWith(Schema.Array(GeoStop), { default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "GeoObjectResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface GeoObjectResponse extends Schema.Schema.Type<typeof GeoObjectResponse> {}

// operation list entry (pnpm gen:operations)
// order: 8
// path: XML_GEOOBJECT_REQUEST
// method: The coordinate geometry and stops of a line, for map display.
/**
 * The line-geometry operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "geoObject",
  GeoObjectRequest,
  GeoObjectResponse,
  typeof GeoObjectResponse.Encoded,
  GeoObjectRequestInput
> = {
  name: "geoObject",
  errors: {},
  path: contractPaths.geoObject,
  summary: "Coordinate geometry and stops of a line or line variant, for map display",
  params: GeoObjectParams,
  request: GeoObjectRequest,
  query: () => GeoObjectQuery,
  response: GeoObjectResponse,
  hasResult: (response) => response.geometry.length > 0 || response.stops.length > 0,
  resultKeys: { contract: ["geometry", "stops"], rapidJSON: ["transportations"] },
  // line geometry changes with the timetable
  timeToLive: "24 hours",
  rapidJson: () => import("./internal/rapidjson/GeoObject.js").then((module) => module.codec(GeoObjectResponse))
}
