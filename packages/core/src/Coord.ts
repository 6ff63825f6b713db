/**
 * Coordinates: `{ lat, lon }` in WGS84 decimal degrees, as responses carry them, and the request format
 * `<x>:<y>:WGS84[dd.ddddd]`, which puts the longitude first.
 *
 * @since 0.1.0
 */
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { ParamString } from "./internal/schema/params.js"

/**
 * A latitude in decimal degrees, -90..90.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Latitude = Schema.Number.pipe(
  Schema.between(-90, 90),
  Schema.annotations({
    identifier: "Latitude",
    ...arbitraryHint("latitude")
  })
)

/**
 * A longitude in decimal degrees, -180..180.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Longitude = Schema.Number.pipe(
  Schema.between(-180, 180),
  Schema.annotations({
    identifier: "Longitude",
    ...arbitraryHint("longitude")
  })
)

/**
 * A WGS84 position. Responses give it latitude first; this record names both fields so that order
 * cannot be confused.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Coord = Schema.Struct({ lat: Latitude, lon: Longitude }).annotations({ identifier: "Coord" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Coord extends Schema.Schema.Type<typeof Coord> {}

/**
 * Creates a coordinate from latitude and longitude.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (lat: number, lon: number): Coord => ({ lat, lon })

/**
 * Two opposite corners of a box, by the names requests give them.
 *
 * @since 0.1.0
 * @category models
 */
export interface Corners {
  /** The upper-left (north-west) corner. */
  readonly upperLeft: Coord
  /** The lower-right (south-east) corner. */
  readonly lowerRight: Coord
}

/**
 * Whether `upperLeft` is the north-west corner and `lowerRight` the south-east one.
 *
 * @since 0.1.0
 * @category predicates
 */
export const isNorthWestFirst = (box: Corners): boolean =>
  box.upperLeft.lat >= box.lowerRight.lat && box.upperLeft.lon <= box.lowerRight.lon

/**
 * Any two opposite corners of a box as its north-west (`upperLeft`) and south-east (`lowerRight`)
 * corners: swapped corners, or the north-east and south-west ones, give the same box. Other fields are
 * kept.
 *
 * @since 0.1.0
 * @category utils
 */
export const orderCorners = <Box extends Corners>(box: Box): Box => {
  if (isNorthWestFirst(box)) return box
  const { lowerRight: b, upperLeft: a } = box
  return {
    ...box,
    upperLeft: { lat: Math.max(a.lat, b.lat), lon: Math.min(a.lon, b.lon) },
    lowerRight: { lat: Math.min(a.lat, b.lat), lon: Math.max(a.lon, b.lon) }
  }
}

/**
 * The coordinate format every request uses.
 *
 * @since 0.1.0
 * @category constants
 */
export const WGS84_DECIMAL = "WGS84[dd.ddddd]"

// Six decimals are about 0.1 m: finer than any stop, and they survive a text round trip exactly.
const formatDegrees = (value: number): string => {
  const fixed = value.toFixed(6)
  const trimmed = fixed.replace(/\.?0+$/, "")
  return trimmed === "-0" ? "0" : trimmed
}

/**
 * Formats a coordinate for a request: `<lon>:<lat>:WGS84[dd.ddddd]`.
 *
 * @example
 * ```ts
 * import { Coord } from "@efa-kit/core"
 *
 * // latitude first in the model, longitude first on the wire
 * assert.strictEqual(Coord.toParam(Coord.make(48.784081, 9.181636)), "9.181636:48.784081:WGS84[dd.ddddd]")
 * ```
 *
 * @since 0.1.0
 * @category formatting
 */
export const toParam = (coord: Coord): string =>
  `${formatDegrees(coord.lon)}:${formatDegrees(coord.lat)}:${WGS84_DECIMAL}`

const decimal = /^-?\d+(\.\d+)?$/

/**
 * Parses the request format. Returns the coordinate and any text that follows the format (the
 * operating-area search appends `:<radius>`), or a message saying what is wrong.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseParam = (
  text: string
): { readonly coord: Coord; readonly rest: ReadonlyArray<string> } | { readonly error: string } => {
  const parts = text.split(":")
  if (parts.length < 3) return { error: `expected <lon>:<lat>:${WGS84_DECIMAL}, got "${text}"` }
  const [x, y, format, ...rest] = parts as [string, string, string, ...Array<string>]
  if (format !== WGS84_DECIMAL) return { error: `unsupported coordinate format "${format}", expected ${WGS84_DECIMAL}` }
  if (!decimal.test(x) || !decimal.test(y)) return { error: `coordinates must be decimal degrees, got "${x}:${y}"` }
  const lon = Number(x)
  const lat = Number(y)
  if (lon < -180 || lon > 180) return { error: `longitude ${lon} is outside -180..180 (the longitude comes first)` }
  if (lat < -90 || lat > 90) return { error: `latitude ${lat} is outside -90..90 (the longitude comes first)` }
  return { coord: { lat, lon }, rest }
}

/**
 * The request format as a schema: decodes `<lon>:<lat>:WGS84[dd.ddddd]` into a `Coord` and encodes it
 * back, longitude first.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CoordParam: Schema.Schema<Coord, string> = Schema.transformOrFail(ParamString, Coord, {
  strict: true,
  decode: (text, _, ast) => {
    const parsed = parseParam(text)
    if ("error" in parsed) return ParseResult.fail(new ParseResult.Type(ast, text, parsed.error))
    if (parsed.rest.length > 0) {
      return ParseResult.fail(new ParseResult.Type(ast, text, `unexpected text after the coordinate format`))
    }
    return ParseResult.succeed(parsed.coord)
  },
  encode: (coord) => ParseResult.succeed(toParam(coord))
}).annotations({
  identifier: "CoordParam",
  description: `A WGS84 coordinate, longitude first: <lon>:<lat>:${WGS84_DECIMAL}`,
  jsonSchema: { type: "string", pattern: "^-?\\d+(\\.\\d+)?:-?\\d+(\\.\\d+)?:WGS84\\[dd\\.ddddd\\]$" }
})
