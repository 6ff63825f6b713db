/**
 * Point input: the `type_<usage>` / `name_<usage>` pairs with which every operation takes a place.
 * A point is text or an ID (`any`), a stop's ID (`stop`) or a coordinate (`coord`). Reading a query, the
 * types real clients send besides are taken as real servers take them: `stopID` and `platform` (a platform's ID,
 * as TfNSW documents for boards) as `stop`, and `poi`, `address` and `street` as `any`. Real servers take a name
 * with type `stop` as well as an ID, and search it among the stops.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Coord from "./Coord.js"

/**
 * A location ID returned by the stop finder. It is usable unchanged as a point in later requests:
 * pass it to {@link fromId}.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LocationId = Schema.String.pipe(Schema.brand("@efa-kit/LocationId")).annotations({
  identifier: "LocationId"
})

/**
 * @since 0.1.0
 * @category models
 */
export type LocationId = typeof LocationId.Type

/**
 * Text or an ID, sent as `type_<usage>=any`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AnyPoint = Schema.TaggedStruct("Any", {
  value: Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.maxLength(500))
}).annotations({ identifier: "AnyPoint" })

/**
 * A stop given by its ID, sent as `type_<usage>=stop` (read from `stop`, `stopID` and `platform`): the server
 * takes the ID as a stop's (or a platform's) and does not search it among other kinds of places; a name given so
 * (`Point.stop("Stuttgart Hauptbahnhof")`, as public clients send it) is searched among the stops only.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopPoint = Schema.TaggedStruct("Stop", {
  id: Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.maxLength(500))
}).annotations({ identifier: "StopPoint" })

/**
 * A coordinate, sent as `type_<usage>=coord` with `<lon>:<lat>:WGS84[dd.ddddd]`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordPoint = Schema.TaggedStruct("Coord", { coord: Coord.Coord }).annotations({
  identifier: "CoordPoint"
})

/**
 * A point: text or an ID, a stop's ID, or a coordinate.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Point = Schema.Union(AnyPoint, StopPoint, CoordPoint).annotations({
  identifier: "Point",
  message: (issue) =>
    `expected a point made with Point.any, Point.fromId, Point.stop or Point.coord, got ${
      typeof issue.actual === "string" ? JSON.stringify(issue.actual) : typeof issue.actual
    }`
})

/**
 * @since 0.1.0
 * @category models
 */
export type Point = typeof Point.Type

/**
 * A point given as free text or an ID. Constructors do not validate: the client checks every request
 * and answers a bad one with an `InvalidRequestError`, never a thrown exception.
 *
 * @example
 * ```ts
 * import { Coord, Point } from "@efa-kit/core"
 *
 * assert.deepStrictEqual(Point.toParams(Point.any("Stuttgart Hbf")), { type: "any", name: "Stuttgart Hbf" })
 * assert.deepStrictEqual(Point.toParams(Point.coord(Coord.make(48.784081, 9.181636))), {
 *   type: "coord",
 *   name: "9.181636:48.784081:WGS84[dd.ddddd]"
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const any = (value: string): Point => ({ _tag: "Any", value })

/**
 * A point given by an ID: one the stop finder returned (`Point.fromId(location.id)`) or a plain string
 * (`Point.fromId("de:08111:6118")`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromId = (id: LocationId | string): Point => ({ _tag: "Any", value: id })

/**
 * A point given by a stop's ID, sent as `type_<usage>=stop`, as clients of TfNSW (`type_dm=stop`) and VRR
 * (`type_sf=stop`) send it: the server does not search the ID as text.
 *
 * @example
 * ```ts
 * import { Point } from "@efa-kit/core"
 *
 * assert.deepStrictEqual(Point.toParams(Point.stop("de:08111:6118")), { type: "stop", name: "de:08111:6118" })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const stop = (id: LocationId | string): Point => ({ _tag: "Stop", id })

/**
 * The point a location of the stop finder (or a coordinate search's pin) names, as the server takes it
 * back: a stop's (`type` `stop`) as {@link stop}; any other (a locality, street, address, crossing,
 * postcode, POI) by its ID as {@link fromId}, which the server reads as that place (an address's walk to its
 * assigned stops in a trip); a verified coordinate (`type` `coord` or `unknown`, with a coordinate for an ID)
 * as {@link coord}.
 *
 * @example
 * ```ts
 * import { Coord, Point } from "@efa-kit/core"
 *
 * const address = { id: "addressID:1500000001:12:8111000", type: "singlehouse" }
 * assert.deepStrictEqual(Point.toParams(Point.fromLocation(address)), { type: "any", name: address.id })
 * assert.deepStrictEqual(Point.fromLocation({ id: "de:08111:6118", type: "stop" }), Point.stop("de:08111:6118"))
 * assert.deepStrictEqual(
 *   Point.fromLocation({ id: "9.181636:48.784081:WGS84[dd.ddddd]", type: "coord" }),
 *   Point.coord(Coord.make(48.784081, 9.181636))
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromLocation = (location: { readonly id: LocationId | string; readonly type: string }): Point => {
  if (location.type === "stop") return stop(location.id)
  if (location.type === "coord" || location.type === "unknown") {
    const parsed = Coord.parseParam(location.id)
    if ("coord" in parsed && parsed.rest.length === 0) return coord(parsed.coord)
  }
  return fromId(location.id)
}

/**
 * A point given by a coordinate.
 *
 * @since 0.1.0
 * @category constructors
 */
export const coord = (position: Coord.Coord): Point => ({ _tag: "Coord", coord: position })

/**
 * The value of `type_<usage>`: the three a client sends (`any`, `stop`, `coord`) and those real servers
 * take besides (`stopID` and `platform`, read as `stop`; `poi`, `address`, `street`, read as `any`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const PointType = Schema.Literal("any", "coord", "stop", "stopID", "platform", "poi", "address", "street")
  .annotations({
    identifier: "PointType"
  })

/**
 * @since 0.1.0
 * @category models
 */
export type PointType = typeof PointType.Type

/**
 * The pair of query values for a point.
 *
 * @since 0.1.0
 * @category encoding
 */
export const toParams = (point: Point): { readonly type: "any" | "stop" | "coord"; readonly name: string } => {
  switch (point._tag) {
    case "Any":
      return { type: "any", name: point.value }
    case "Stop":
      return { type: "stop", name: point.id }
    case "Coord":
      return { type: "coord", name: Coord.toParam(point.coord) }
  }
}

/**
 * The text a point names: its text, its stop's ID, or its coordinate in the query's format.
 *
 * @since 0.1.0
 * @category encoding
 */
export const text = (point: Point): string => toParams(point).name

/**
 * Reads a point from its pair of query values; the error says what is wrong with `name_<usage>`.
 *
 * @since 0.1.0
 * @category decoding
 */
export const fromParams = (type: PointType, name: string): Either.Either<Point, string> => {
  if (type === "coord") {
    const parsed = Coord.parseParam(name)
    if ("error" in parsed) return Either.left(parsed.error)
    if (parsed.rest.length > 0) return Either.left(`unexpected text after the coordinate format in "${name}"`)
    return Either.right(coord(parsed.coord))
  }
  const value = name.trim()
  if (value.length === 0) return Either.left("must not be empty")
  if (value.length > 500) return Either.left("must be at most 500 characters")
  return Either.right(type === "stop" || type === "stopID" || type === "platform" ? stop(value) : any(value))
}

const PlaceFields = {
  /** Its ID, where it has one (`placeID:…` for a locality). */
  id: Schema.optionalWith(Schema.String, { exact: true }),
  name: Schema.String,
  /** Its kind: `stop`, `locality`, ... */
  type: Schema.optionalWith(Schema.String, { exact: true })
}

/**
 * The place a location belongs to, as rapidJSON nests them: a platform's stop, a stop's locality, with
 * one more level (`parent.parent`: the locality of a platform's stop).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParentPlace = Schema.Struct({
  ...PlaceFields,
  parent: Schema.optionalWith(Schema.Struct(PlaceFields).annotations({ identifier: "GrandparentPlace" }), {
    exact: true
  })
}).annotations({ identifier: "ParentPlace" })

/**
 * @since 0.1.0
 * @category models
 */
export interface ParentPlace extends Schema.Schema.Type<typeof ParentPlace> {}

/**
 * The locality of a place: itself or the nearest enclosing place of type `locality`.
 *
 * @since 0.1.0
 * @category utils
 */
export const locality = (place: ParentPlace | undefined): string | undefined => {
  if (place === undefined) return undefined
  if (place.type === "locality") return place.name
  return place.parent?.type === "locality" ? place.parent.name : undefined
}
