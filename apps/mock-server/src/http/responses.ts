/**
 * What the fake writes for an operation: its answer encoded with the core's response Schema, the 400
 * naming each invalid parameter, and the EFA-style error with an empty result.
 *
 * The fake speaks both dialects: the contract's format for `outputFormat=JSON` (or none), and rapidJSON
 * for `outputFormat=rapidJSON` (in any case, as real servers match it), encoded from the same answers
 * through the core's rapidJSON transformations (`RapidJson.responses`), so that the client's decode of
 * either is the inverse of what the fake wrote, then completed as a real server writes it
 * (`src/rapidJson/enrich.ts`). The parameters real clients send with rapidJSON (`version`, `language`,
 * `locationServerActive`, deployment macros) are accepted and do not change the answer. Coordinates:
 * the contract's format has WGS84 degrees only (another `coordOutputFormat` is a 400); rapidJSON answers
 * are in WGS84 degrees when asked for (`WGS84[dd.ddddd]`, `WGS84[DD.DDDDD]`, `EPSG:4326`) and else in
 * the native grid, as real servers answer (see `src/rapidJson/coords.ts`).
 *
 * @since 0.1.0
 */
import { type Operation, RapidJson } from "@efa-kit/core"
import { type DateTime, Either, type ParseResult, Schema } from "effect"
import { type CoordFormat, coordFormatOf, WGS84_FORMATS } from "../rapidJson/coords.js"
import { completeAnswer, type RapidJsonSettings } from "../rapidJson/enrich.js"
import type { ParameterIssue } from "../rapidJson/issues.js"
import type { AnswerEntry, NoResult } from "../registry.js"

/**
 * The answer formats.
 *
 * @since 0.1.0
 * @category models
 */
export type OutputFormat = "JSON" | "rapidJSON"

/**
 * What a query asks for: the answer format, the coordinate format (always WGS84 in the contract's
 * format), and the problems with `outputFormat` and `coordOutputFormat`.
 *
 * @since 0.1.0
 * @category models
 */
interface AskedFormat {
  readonly format: OutputFormat
  readonly coords: CoordFormat
  readonly issues: ReadonlyArray<ParameterIssue>
}

/**
 * The format a query asks for, or the issues with its `outputFormat` and `coordOutputFormat`.
 *
 * @since 0.1.0
 * @category utils
 */
export const outputFormatOf = (
  pairs: ReadonlyArray<readonly [string, string]>,
  native: CoordFormat = "grid"
): AskedFormat => {
  let format: OutputFormat = "JSON"
  let coordOutputFormat: string | undefined
  const issues: Array<ParameterIssue> = []
  for (const [key, value] of pairs) {
    if (key === "outputFormat") {
      const asked = value.trim().toLowerCase()
      if (asked === "rapidjson") format = "rapidJSON"
      else if (asked !== "json") {
        issues.push({
          parameter: "outputFormat",
          message: `this fake serves outputFormat=JSON (the contract's format) or rapidJSON, got "${
            value.slice(0, 100)
          }"`
        })
      }
    } else if (key === "coordOutputFormat") coordOutputFormat = value
  }
  const coords = format === "JSON"
    ? (coordOutputFormat === undefined || WGS84_FORMATS.has(coordOutputFormat.trim().toLowerCase())
      ? "WGS84"
      : undefined)
    : coordFormatOf(coordOutputFormat, native)
  if (coords === undefined) {
    issues.push({
      parameter: "coordOutputFormat",
      message: format === "JSON"
        ? `the contract's format has coordinates in WGS84[dd.ddddd] (or EPSG:4326) only, got "${
          coordOutputFormat!.slice(0, 100)
        }"`
        : `expected WGS84[dd.ddddd], WGS84[DD.DDDDD], EPSG:4326, or the native grid (MDV, NBWT, EPSG:31467), got "${
          coordOutputFormat!.slice(0, 100)
        }"`
    })
  }
  return { format, coords: coords ?? "grid", issues }
}

type Encoder = (response: unknown) => Either.Either<unknown, ParseResult.ParseError>

// by the deployment's product classes (a profile's table, or none), then by time zone
const encoders = new WeakMap<object, WeakMap<DateTime.TimeZone, Map<string, Encoder>>>()
const NO_CLASSES = {}
const contractEncoders = new WeakMap<Operation.Any, Encoder>()

/**
 * The encoder of an operation's answers in the contract's format.
 *
 * @since 0.1.0
 * @category encoding
 */
const contractEncoder = (operation: Operation.Any): Encoder => {
  let encoder = contractEncoders.get(operation)
  if (encoder === undefined) {
    encoder = Schema.encodeEither(operation.response) as Encoder
    contractEncoders.set(operation, encoder)
  }
  return encoder
}

/**
 * The rapidJSON encoder of an operation's answers in a time zone (notice validity dates become instants
 * in it), with a deployment's product classes where it serves a profile that has its own.
 *
 * @since 0.1.0
 * @category encoding
 */
const rapidJsonEncoder = (
  operation: Operation.Any,
  timeZone: DateTime.TimeZone,
  productClasses?: Readonly<Record<number, number>> | undefined
): Encoder => {
  const classes = productClasses ?? NO_CLASSES
  let byZone = encoders.get(classes)
  if (byZone === undefined) {
    byZone = new WeakMap()
    encoders.set(classes, byZone)
  }
  let byName = byZone.get(timeZone)
  if (byName === undefined) {
    byName = new Map()
    byZone.set(timeZone, byName)
  }
  let encoder = byName.get(operation.name)
  if (encoder === undefined) {
    const schema: Schema.Schema<unknown, unknown> =
      RapidJson.operation(operation, { timeZone, productClasses }).response
    encoder = Schema.encodeEither(schema) as Encoder
    byName.set(operation.name, encoder)
  }
  return encoder
}

/**
 * The encoder of an operation's answers in a format.
 *
 * @since 0.1.0
 * @category encoding
 */
export const encoderOf = (
  operation: Operation.Any,
  format: OutputFormat,
  timeZone: DateTime.TimeZone,
  productClasses?: Readonly<Record<number, number>> | undefined
): Encoder =>
  format === "rapidJSON" ? rapidJsonEncoder(operation, timeZone, productClasses) : contractEncoder(operation)

/**
 * The body of a 400 answer.
 *
 * @since 0.1.0
 * @category bodies
 */
export const invalidBody = (operation: Operation.Any, issues: ReadonlyArray<ParameterIssue>) => ({
  error: "invalid-parameters",
  operation: operation.name,
  path: operation.path,
  message: `${issues.length} invalid parameter${issues.length === 1 ? "" : "s"}: ` +
    issues.map((issue) => `${issue.parameter}: ${issue.message}`).join("; "),
  issues
})

// An operation's empty result: its result keys, each an empty list.
// The result keys as empty lists; none for a result that is no list (the system information's validity).
const emptyResult = (operation: Operation.Any): Record<string, ReadonlyArray<never>> => {
  const empty = Object.fromEntries(operation.resultKeys.contract.map((key) => [key, []]))
  const reads = (body: object) => Either.isRight(Schema.decodeUnknownEither(operation.response)(body))
  return !reads(empty) && reads({}) ? {} : empty
}

/**
 * The body of an EFA error: the operation's empty result with a `systemMessages` error (`code`
 * replacing the operation's usual one), encoded through the response schema in the asked format when
 * it fits, so that the body has the dialect's shape.
 *
 * @since 0.1.0
 * @category bodies
 */
export const systemErrorBody = (
  entry: Pick<AnswerEntry, "operation" | "noResult" | "rapidJson">,
  code: number | undefined,
  format: OutputFormat,
  timeZone: DateTime.TimeZone,
  rapidJson?: RapidJsonSettings
): string => {
  const { noResult, operation } = entry
  const message = { type: "error", module: noResult.module, code: code ?? noResult.code, text: noResult.text }
  const candidate = { ...emptyResult(operation), systemMessages: [message] }
  const decoded = Schema.decodeUnknownEither(operation.response)(candidate)
  if (Either.isRight(decoded)) {
    const encoded = encoderOf(operation, format, timeZone)(decoded.right)
    if (Either.isRight(encoded)) {
      return JSON.stringify(
        format === "rapidJSON" && rapidJson !== undefined
          ? completeAnswer(entry.rapidJson.complete, encoded.right as Record<string, unknown>, rapidJson)
          : encoded.right
      )
    }
  }
  return JSON.stringify(candidate)
}

/**
 * The model of an operation's EFA error: its empty result with one `systemMessages` error.
 *
 * @since 0.1.0
 * @category bodies
 */
export const noResultResponse = (operation: Operation.Any, noResult: NoResult, text: string): unknown => {
  const message = { type: "error", module: noResult.module, code: noResult.code, text }
  return Schema.decodeUnknownSync(operation.response)({ ...emptyResult(operation), systemMessages: [message] })
}
