// Schemas of request values and table rows shared by several operations, apart from params.ts and
// paramTable.ts: a program that uses only the stop finder loads those at once, and these only with the
// operations that need them.
import * as Arr from "effect/Array"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./arbitraryHint.js"
import { isOff, ParamString, TextParam } from "./params.js"
import * as ParamTable from "./paramTable.js"
import type { QueryValue } from "./query.js"

export {
  /** @internal */
  requestOf
} from "./query.js"

/**
 * A flag sent without a value (`boundingBox`); `0` reads as off, as for every flag.
 *
 * @internal
 */
export const BareFlagParam: Schema.Schema<true | undefined, string> = Schema.transform(
  ParamString,
  Schema.UndefinedOr(Schema.Literal(true)),
  {
    strict: true,
    decode: (text) => isOff(text) ? undefined : true as const,
    encode: (value) => value === true ? "" : "0"
  }
).annotations({ identifier: "BareFlagParam", jsonSchema: { type: "string", enum: ["", "0"] } })

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
export const TrimmedTextParam = /* @__PURE__ */ TextParam.pipe(
  /* @__PURE__ */ Schema.trimmed({ message: () => "must not start or end with white space" })
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
export const Radius = /* @__PURE__ */ Schema.Int.pipe(/* @__PURE__ */ Schema.between(1, 1_000_000))

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
  // the target named: TypeScript 7 does not infer it from a generic `Literal` (it would be `Schema.Any`)
  return Schema.transformOrFail<typeof model, typeof ParamString, never, never>(ParamString, model, {
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

/**
 * A list sent as a repeated parameter, in list order; absent rather than empty in the model.
 *
 * @internal
 */
export const repeated = <const Wire extends string, A, MI>(
  wire: Wire,
  modelItem: Schema.Schema<A, MI>,
  paramItem: Schema.Schema<A, string>
): ParamTable.Row<
  Wire,
  Schema.Schema<ReadonlyArray<A>, ReadonlyArray<MI>>,
  Schema.Schema<ReadonlyArray<A>, QueryValue>
> => ParamTable.param(wire, Schema.Array(modelItem).pipe(Schema.minItems(1)), Repeated(paramItem))

/**
 * A list sent as a repeated parameter, in list order; a non-empty array in the model.
 *
 * @internal
 */
export const repeatedNonEmpty = <const Wire extends string, A, MI>(
  wire: Wire,
  modelItem: Schema.Schema<A, MI>,
  paramItem: Schema.Schema<A, string>
): ParamTable.Row<
  Wire,
  Schema.Schema<Arr.NonEmptyReadonlyArray<A>, Arr.NonEmptyReadonlyArray<MI>>,
  Schema.Schema<ReadonlyArray<A>, QueryValue>
> => ({
  wire,
  model: Schema.NonEmptyArray(modelItem),
  param: Repeated(paramItem),
  required: false,
  toWire: (list) => list,
  fromWire: (list) => (Arr.isNonEmptyReadonlyArray(list) ? Either.right(list) : Either.left("must not be empty"))
})

/**
 * A wall-clock time, 24-hour, in the forms real clients send: `HHMM` (sent), `HH:MM`, `H:MM`, `HMM`,
 * `HH:MM:SS` (the seconds are dropped: times are read to the minute), and any of them with a trailing `h`
 * (`0930h`, as a public VRR app sends every trip's time). See `LocalDateTime.fromLocalParts`.
 *
 * @internal
 */
export const ClockTimeParam: Schema.Schema<string, string> = /* @__PURE__ */ ParamString.pipe(
  /* @__PURE__ */ Schema.pattern(/^([01]?\d|2[0-3]):?[0-5]\d(:[0-5]\d)?h?$/, {
    message: (issue) => `expected a time as HHMM or HH:MM (24-hour), got "${String(issue.actual)}"`
  })
).annotations({
  identifier: "ClockTimeParam",
  jsonSchema: { type: "string", pattern: "^([01]?\\d|2[0-3]):?[0-5]\\d(:[0-5]\\d)?h?$" }
})

/**
 * Whether a time is the departure or the arrival time: the model of `itdDateTimeDepArr` (boards) and
 * `itdTripDateTimeDepArr` (trips).
 *
 * @internal
 */
export const DateTimeRefersTo = /* @__PURE__ */ Schema.Literal("departure", "arrival").annotations({
  identifier: "DateTimeRefersTo"
})

/**
 * `dep` / `arr` on the wire, {@link DateTimeRefersTo} in the model.
 *
 * @internal
 */
export const DepArrParam = /* @__PURE__ */ NamedParam({ departure: "dep", arrival: "arr" }, "DepArrParam")

/**
 * `1` / `0` as a boolean; `inverted` reads `1` as false (`deleteAssignedStops_dm=1`: do not merge).
 *
 * @internal
 */
export const BinaryParam = (identifier: string, inverted: boolean): Schema.Schema<boolean, string> =>
  Schema.transformOrFail(ParamString, Schema.Boolean, {
    strict: true,
    decode: (text, _, ast) =>
      text === "1" || text === "0"
        ? ParseResult.succeed((text === "1") !== inverted)
        : ParseResult.fail(new ParseResult.Type(ast, text, `expected 1 or 0, got "${text}"`)),
    encode: (value) => ParseResult.succeed(value !== inverted ? "1" : "0")
  }).annotations({ identifier, jsonSchema: { type: "string", enum: ["0", "1"] } })

/**
 * The rows of paging in a server session: `sessionID` (`"0"` opens one), `requestID` (the session's latest
 * request) and `command` with the operation's two commands (`tripNext`/`tripPrev`, `dmNext`/`dmPrev`); see
 * `Pages`.
 *
 * @internal
 */
export const sessionRows = <const Commands extends Record<string, string>>(commands: Commands, identifier: string) => ({
  sessionID: ParamTable.text("sessionID"),
  requestID: ParamTable.text("requestID"),
  command: ParamTable.param("command", namesOf(commands), NamedParam(commands, identifier))
})
