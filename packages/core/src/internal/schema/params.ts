import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./arbitraryHint.js"

/**
 * A single query value. A repeated parameter arrives as a list; the message says so.
 *
 * @internal
 */
export const ParamString = Schema.String.annotations({
  message: (issue) =>
    Array.isArray(issue.actual)
      ? `given ${issue.actual.length} times; this parameter may appear only once`
      : "expected a text value"
})

/**
 * An optional field that is absent or set, never `undefined`.
 *
 * @internal
 */
export const opt = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true })

/**
 * A boolean option in a request model. `false` and absent mean the same: the flag is not sent.
 * Arbitraries produce only `true`, since `false` cannot be told apart from absent on the wire.
 *
 * @internal
 */
export const ModelFlag = Schema.Boolean.annotations(arbitraryHint("modelFlag"))

/**
 * A flag parameter: EFA reads `0` as off and any other value (also none) as on, so `0` decodes to
 * `undefined` (as if it was not sent) and anything else to `true`; it is sent as `1`.
 *
 * @internal
 */
export const FlagParam: Schema.Schema<true | undefined, string> = Schema.transform(
  ParamString,
  Schema.UndefinedOr(Schema.Literal(true)),
  {
    strict: true,
    decode: (text) => isOff(text) ? undefined : true as const,
    encode: (value) => value === true ? "1" : "0"
  }
).annotations({ identifier: "FlagParam", jsonSchema: { type: "string", enum: ["1", "0", ""] } })

/**
 * A member of a mode family (`exclMOT_<ID>`, `inclMOT_<ID>`): only its presence counts, so any value (`0`,
 * `false`, none) decodes to `true`; it is sent as `1`. Unlike a single flag, `0` does not turn it off: to
 * leave a mode out of the filter, the parameter is left out.
 *
 * @internal
 */
export const PresenceParam: Schema.Schema<true, string> = Schema.transform(ParamString, Schema.Literal(true), {
  strict: true,
  decode: () => true as const,
  encode: () => "1"
}).annotations({ identifier: "PresenceParam", jsonSchema: { type: "string" } })

/**
 * Whether a flag's value turns it off (`0`).
 *
 * @internal
 */
export const isOff = (text: string): boolean => text.trim() === "0"

/**
 * An integer query value, optionally bounded.
 *
 * @internal
 */
export const IntParam = (options?: { readonly min?: number; readonly max?: number }): Schema.Schema<number, string> => {
  const min = options?.min ?? Number.MIN_SAFE_INTEGER
  const max = options?.max ?? Number.MAX_SAFE_INTEGER
  return Schema.transformOrFail(ParamString, Schema.Int.pipe(Schema.between(min, max)), {
    strict: true,
    decode: (text, _, ast) => {
      if (!/^-?\d{1,15}$/.test(text)) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `expected an integer, got "${text}"`))
      }
      const value = Number(text)
      if (value < min || value > max) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `${value} is outside ${describeRange(min, max)}`))
      }
      return ParseResult.succeed(value)
    },
    encode: (value) => ParseResult.succeed(String(value))
  }).annotations({
    jsonSchema: { type: "string", pattern: "^-?\\d+$", description: `integer ${describeRange(min, max)}` }
  })
}

const describeRange = (min: number, max: number): string =>
  min === Number.MIN_SAFE_INTEGER
    ? max === Number.MAX_SAFE_INTEGER ? "any integer" : `..${max}`
    : max === Number.MAX_SAFE_INTEGER
    ? `${min}..`
    : `${min}..${max}`

/**
 * A non-empty text query value.
 *
 * @internal
 */
export const TextParam = ParamString.pipe(
  Schema.nonEmptyString({ message: () => "must not be empty" }),
  Schema.maxLength(1000)
)

/**
 * A non-empty string in a request model.
 *
 * @internal
 */
export const ModelText = Schema.String.pipe(
  Schema.trimmed(),
  Schema.nonEmptyString(),
  Schema.maxLength(1000),
  Schema.annotations(arbitraryHint("modelText"))
)

/**
 * A set as people write it: a list in any order, with repeats, read as the canonical list (`normalize`
 * sorts it and drops repeats); encoding gives the canonical list back.
 *
 * @internal
 */
export const SetFromList = <A>(
  item: Schema.Schema<A>,
  canonical: Schema.Schema<ReadonlyArray<A>>,
  normalize: (list: ReadonlyArray<A>) => ReadonlyArray<A>
): Schema.Schema<ReadonlyArray<A>, ReadonlyArray<A>> =>
  Schema.transform(Schema.Array(item), canonical, {
    strict: true,
    decode: (list) => normalize(list),
    encode: (list) => list
  })
