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
 * A flag parameter: EFA reads its presence, so any value (also none) decodes to `true`; it is sent as
 * `1`.
 *
 * @internal
 */
export const FlagParam: Schema.Schema<true, string> = Schema.transform(ParamString, Schema.Literal(true), {
  strict: true,
  decode: () => true as const,
  encode: () => "1"
}).annotations({ identifier: "FlagParam", jsonSchema: { type: "string", enum: ["1", ""] } })

/**
 * A flag sent without a value (`boundingBox`).
 *
 * @internal
 */
export const BareFlagParam: Schema.Schema<true, string> = Schema.transform(ParamString, Schema.Literal(true), {
  strict: true,
  decode: () => true as const,
  encode: () => ""
}).annotations({ identifier: "BareFlagParam", jsonSchema: { type: "string", enum: [""] } })

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
 * A decimal query value, optionally bounded.
 *
 * @internal
 */
export const DecimalParam = (
  options?: { readonly min?: number; readonly max?: number }
): Schema.Schema<number, string> => {
  const min = options?.min ?? -Number.MAX_VALUE
  const max = options?.max ?? Number.MAX_VALUE
  return Schema.transformOrFail(ParamString, Schema.Number.pipe(Schema.between(min, max)), {
    strict: true,
    decode: (text, _, ast) => {
      if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(text)) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `expected a decimal number, got "${text}"`))
      }
      const value = Number(text)
      if (value < min || value > max) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `${value} is outside ${min}..${max}`))
      }
      return ParseResult.succeed(value)
    },
    encode: (value) => ParseResult.succeed(String(value))
  }).annotations({ jsonSchema: { type: "string", pattern: "^-?\\d+(\\.\\d+)?$" } })
}

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
 * A repeatable parameter: one value or several under the same name, read as a non-empty list.
 *
 * @internal
 */
export const Repeated = <A>(
  item: Schema.Schema<A, string>
): Schema.Schema<ReadonlyArray<A>, string | ReadonlyArray<string>> =>
  Schema.transform(
    Schema.Union(Schema.String, Schema.Array(Schema.String)),
    Schema.Array(Schema.String),
    {
      strict: true,
      decode: (value) => (typeof value === "string" ? [value] : value),
      encode: (values) => values
    }
  ).pipe(Schema.compose(Schema.Array(item)))

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
 * An identifier in a request model that travels inside a `:`-separated value, so it may not contain `:`.
 *
 * @internal
 */
export const ModelToken = Schema.String.pipe(
  Schema.pattern(/^[^:\s]+$/, { message: () => "must be non-empty without spaces or \":\"" }),
  Schema.maxLength(200),
  Schema.annotations(arbitraryHint("modelToken"))
)

/**
 * The names of a table of named wire values, as a literal schema: the table is the one copy of the names.
 *
 * @internal
 */
export const namesOf = <const Table extends Record<string, unknown>>(
  table: Table
): Schema.Literal<[Extract<keyof Table, string>, ...Array<Extract<keyof Table, string>>]> =>
  Schema.Literal(...(Object.keys(table) as [Extract<keyof Table, string>, ...Array<Extract<keyof Table, string>>]))

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

/**
 * A closed set of words with one message that lists them, rather than one message per word.
 *
 * @internal
 */
export const oneOf = <const Values extends readonly [string, ...Array<string>]>(identifier: string, values: Values) =>
  Schema.Literal(...values).annotations({
    identifier,
    message: (issue) => ({
      message: `expected one of ${values.join(", ")}, got ${JSON.stringify(issue.actual)}`,
      override: true
    })
  })

/**
 * A literal (or closed set of literals) as a query value.
 *
 * @internal
 */
export const LiteralParam = <A extends string>(literal: Schema.Schema<A>): Schema.Schema<A, string> =>
  Schema.compose(ParamString, literal, { strict: false })

/**
 * A non-empty text query value without white space around it.
 *
 * @internal
 */
export const TrimmedTextParam = TextParam.pipe(
  Schema.trimmed({ message: () => "must not start or end with white space" })
)

/**
 * A list in a request model that is absent rather than empty.
 *
 * @internal
 */
export const NonEmptyList = <A, I>(item: Schema.Schema<A, I>) => Schema.Array(item).pipe(Schema.minItems(1))

/**
 * A search radius in whole metres.
 *
 * @internal
 */
export const Radius = Schema.Int.pipe(Schema.between(1, 1_000_000))

/**
 * A name of a table of wire values, sent as its value (`fastest` ↔ `lasttime`); a message lists the
 * values.
 *
 * @internal
 */
export const NamedParam = <const Table extends Record<string, string>>(
  table: Table,
  identifier: string
): Schema.Schema<Extract<keyof Table, string>, string> => {
  const model = namesOf(table)
  const names = model.literals
  const byWire = new Map<string, Extract<keyof Table, string>>(names.map((name) => [table[name], name]))
  const wire: Array<string> = names.map((name) => table[name])
  return Schema.transformOrFail(ParamString, model, {
    strict: true,
    decode: (text, _, ast) => {
      const name = byWire.get(text)
      return name === undefined
        ? ParseResult.fail(new ParseResult.Type(ast, text, `expected one of ${wire.join(", ")}, got "${text}"`))
        : ParseResult.succeed(name)
    },
    encode: (name) => ParseResult.succeed(table[name])
  }).annotations({ identifier, jsonSchema: { type: "string", enum: wire } })
}

/**
 * A switch with one accepted value (`calcBicycleMacro=on`, `brRoutingMacro=true`).
 *
 * @internal
 */
export const FixedParam = (value: string, identifier: string): Schema.Schema<true, string> =>
  Schema.transformOrFail(ParamString, Schema.Literal(true), {
    strict: true,
    decode: (text, _, ast) =>
      text === value
        ? ParseResult.succeed(true as const)
        : ParseResult.fail(new ParseResult.Type(ast, text, `expected "${value}", got "${text}"`)),
    encode: () => ParseResult.succeed(value)
  }).annotations({ identifier, jsonSchema: { type: "string", enum: [value] } })

/**
 * Numbers sorted ascending without repeats (MOT-IDs of a mode filter).
 *
 * @internal
 */
export const sortedDistinct = (values: Iterable<number>): Array<number> =>
  Array.from(new Set(values)).sort((a, b) => a - b)

/**
 * Whether numbers are ascending without repeats, the order {@link sortedDistinct} gives.
 *
 * @internal
 */
export const isAscendingDistinct = (values: ReadonlyArray<number>): boolean =>
  values.every((value, i) => i === 0 || values[i - 1]! < value)
