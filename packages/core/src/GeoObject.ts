/**
 * Line geometry (`XML_GEOOBJECT_REQUEST`): the coordinates and stops of a line or line variant, for
 * map display. The endpoint returns the complete line.
 *
 * The geometry is a list of `[lat, lon]` pairs, latitude first, checked in one pass however long it is.
 * Map libraries expect longitude first: turn it into GeoJSON with the `GeoJson` module.
 *
 * Decisions where the contract is silent:
 * - The line identifier is built from its parts ({@link LineId}); the supplement may be empty or blank,
 *   the other parts may not, and no part may contain `:`.
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
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { LatLonPairs } from "./internal/schema/latLonPairs.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { ModelText, opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { checked, formatFailure, parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { BlankableSegment, ColonJoined, Segment } from "./internal/schema/segments.js"
import { BareFlagParam, repeated, TrimmedTextParam } from "./internal/schema/wireValues.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type { Operation } from "./Operation.js"
import * as Point from "./Point.js"
import * as ServingLines from "./ServingLines.js"
import * as SystemMessage from "./SystemMessage.js"

const lineId = ColonJoined("LineId", {
  subnetwork: Segment,
  lineNumber: Segment,
  supplement: BlankableSegment,
  direction: Segment
})

/**
 * A line identifier by its parts, sent as `<subnetwork>:<line number>:<supplement>:<direction>`.
 * Subnetwork, line number and direction are non-empty without spaces; the supplement may be empty or
 * blank (EFA writes a missing supplement as a single space). No part may contain `:`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineId = lineId.model

/**
 * @since 0.1.0
 * @category models
 */
export interface LineId extends Schema.Schema.Type<typeof LineId> {}

/**
 * The line identifier as the text `<subnetwork>:<line number>:<supplement>:<direction>` and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineIdFromString: Schema.Schema<LineId, string> = lineId.param

/**
 * Builds a line identifier from its parts. It does not validate: a request carrying an invalid part is
 * refused by the client with an `InvalidRequestError` naming the part (use `parseLineId` to check text).
 *
 * @example
 * ```ts
 * import { GeoObject } from "@efa-kit/core"
 *
 * const line = GeoObject.makeLineId({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H" })
 * assert.strictEqual(GeoObject.formatLineId(line), "vvs:10001: :H")
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeLineId = (parts: LineId): LineId => LineId.make(parts, { disableValidation: true })

/**
 * Formats a line identifier: `<subnetwork>:<line number>:<supplement>:<direction>`.
 *
 * @since 0.1.0
 * @category formatting
 */
export const formatLineId = (id: LineId): string => `${id.subnetwork}:${id.lineNumber}:${id.supplement}:${id.direction}`

/**
 * A line identifier as a server returned it (rapidJSON's `transportation.id`, `lineId` of legs and serving
 * lines): 5 or more parts with a blank supplement (`vvs:20003: :H:j26`), opaque. Sent unchanged as
 * `line`, which is what a rapidJSON server needs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServerLineId = Schema.String.pipe(
  Schema.filter((text) =>
    text.length > 0 && text.trim() === text && text.split(":").length >= 5 ||
    "expected a line identifier of 5 or more parts as the server returned it (vvs:20003: :H:j26)"
  ),
  Schema.annotations({
    identifier: "ServerLineId",
    ...arbitraryHint("serverLineId")
  })
)

/**
 * The line of a line-geometry request: its parts, or the identifier a server returned, sent verbatim.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineRef: Schema.Schema<LineId | string> = checked<LineId | string>({
  // by the kind of value, so that a problem is reported once, at the part that has it
  decode: (input, options) =>
    typeof input === "string"
      ? Schema.decodeUnknownEither(ServerLineId)(input, options)
      : Schema.decodeUnknownEither(LineId)(input, options),
  encode: (input, options) =>
    typeof input === "string"
      ? Schema.encodeUnknownEither(ServerLineId)(input, options)
      : Schema.encodeUnknownEither(LineId)(input, options)
}, {
  identifier: "LineRef",
  ...arbitraryHint({ oneOf: [LineId, ServerLineId] }),
  jsonSchema: {
    description: "A line by its parts, or the identifier a server returned (5 or more parts), verbatim"
  }
})

/**
 * @since 0.1.0
 * @category models
 */
export type LineRef = LineId | string

// `line=` as sent: 5 or more parts are a server's own identifier, kept verbatim; otherwise the 4 parts.
const LineRefParam: Schema.Schema<LineRef, string> = parsedParam(LineRef, {
  decode: (text, options) =>
    text.split(":").length >= 5
      ? Either.right(text)
      : Schema.decodeUnknownEither(LineIdFromString)(text, options),
  encode: (ref, options) => typeof ref === "string" ? ref : Schema.encodeUnknownEither(LineIdFromString)(ref, options)
}).annotations({
  identifier: "LineRefParam",
  jsonSchema: {
    type: "string",
    description: "<subnetwork>:<line number>:<supplement>:<direction>, or a server's own line identifier " +
      "(vvs:20003: :H:j26) verbatim"
  }
})

const decodeLineId = Schema.decodeEither(LineIdFromString)

/**
 * Parses a line identifier; the error says which part is wrong.
 *
 * @example
 * ```ts
 * import { GeoObject } from "@efa-kit/core"
 * import { Either } from "effect"
 *
 * // EFA writes a missing supplement as a single space
 * assert.deepStrictEqual(
 *   GeoObject.parseLineId("vvs:10001: :H"),
 *   Either.right({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H" })
 * )
 * assert.ok(Either.isLeft(GeoObject.parseLineId("vvs:10001")))
 * ```
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseLineId = (text: string): Either.Either<LineId, string> =>
  Either.mapLeft(decodeLineId(text), formatFailure)

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
  /** The line (`line`, `<subnetwork>:<line number>:<supplement>:<direction>`). */
  line: ParamTable.required(ParamTable.param("line", LineRef, LineRefParam)),
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
