import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import { arbitraryHint } from "./arbitraryHint.js"

/**
 * The JSON Schema of one `[lat, lon]` pair.
 *
 * @internal
 */
export const latLonPairJsonSchema = {
  type: "array",
  minItems: 2,
  maxItems: 2,
  items: [
    { type: "number", minimum: -90, maximum: 90, description: "latitude" },
    { type: "number", minimum: -180, maximum: 180, description: "longitude" }
  ]
} as const

const describe = (input: unknown): string => {
  if (input === null) return "null"
  if (Array.isArray(input)) return "an array"
  return typeof input
}

const finite = (value: unknown): string => (typeof value === "number" ? String(value) : describe(value))

interface Problem {
  /** The offending pair, or `-1` when the input is not an array. */
  readonly index: number
  readonly message: string
}

// Checks a whole array of [lat, lon] pairs in one loop.
const check = (input: unknown): Problem | undefined => {
  if (!Array.isArray(input)) {
    return { index: -1, message: `expected an array of [lat, lon] pairs, got ${describe(input)}` }
  }
  for (let i = 0; i < input.length; i++) {
    const pair = input[i]
    if (!Array.isArray(pair) || pair.length !== 2) {
      const length = Array.isArray(pair) ? ` of length ${pair.length}` : ""
      return { index: i, message: `expected a [lat, lon] pair, got ${describe(pair)}${length}` }
    }
    const lat = pair[0]
    const lon = pair[1]
    if (typeof lat !== "number" || !Number.isFinite(lat)) {
      return { index: i, message: `latitude must be a finite number, got ${finite(lat)}` }
    }
    if (typeof lon !== "number" || !Number.isFinite(lon)) {
      return { index: i, message: `longitude must be a finite number, got ${finite(lon)}` }
    }
    if (lat < -90 || lat > 90) {
      return { index: i, message: `latitude ${lat} is outside -90..90 (pairs are [lat, lon])` }
    }
    if (lon < -180 || lon > 180) {
      return { index: i, message: `longitude ${lon} is outside -180..180 (pairs are [lat, lon])` }
    }
  }
  return undefined
}

const decodePairs = (input: unknown, ast: AST.Declaration) => {
  const problem = check(input)
  if (problem === undefined) return ParseResult.succeed(input as ReadonlyArray<readonly [number, number]>)
  if (problem.index === -1) return ParseResult.fail(new ParseResult.Type(ast, input, problem.message))
  const pair = (input as ReadonlyArray<unknown>)[problem.index]
  return ParseResult.fail(
    new ParseResult.Pointer(problem.index, input, new ParseResult.Type(ast, pair, problem.message))
  )
}

/**
 * An array of `[lat, lon]` pairs in WGS84 decimal degrees, as response geometries (polygons, lines)
 * carry them. The whole array is checked in a single pass, which keeps decoding large geometries close
 * to the cost of `JSON.parse`; a problem is reported at the index of the offending pair. Decoding and
 * encoding return the input array itself.
 *
 * @since 0.1.0
 * @category schemas
 * @internal
 */
export const LatLonPairs: Schema.Schema<ReadonlyArray<readonly [number, number]>> = Schema.declare(
  [],
  {
    decode: () => (input, _, ast) => decodePairs(input, ast),
    encode: () => (input, _, ast) => decodePairs(input, ast)
  },
  {
    identifier: "LatLonPairs",
    description: "An array of [latitude, longitude] pairs in WGS84 decimal degrees",
    ...arbitraryHint("latLonPairs"),
    jsonSchema: {
      type: "array",
      items: latLonPairJsonSchema
    }
  }
)
