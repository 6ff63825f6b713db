/**
 * The fake speaks both dialects: the contract's format for `outputFormat=JSON` (or none), and rapidJSON
 * for `outputFormat=rapidJSON`, encoded from the same answers through the core's rapidJSON
 * transformations (`RapidJson.responses`), so that the client's decode of either is the inverse of what
 * the fake wrote. The parameters real clients send with rapidJSON (`coordOutputFormat`, `version`,
 * `language`, `locationServerActive`, deployment macros) are accepted and do not change the answer,
 * except a `coordOutputFormat` other than WGS84 degrees, which is refused: the fake has no native grid.
 *
 * @since 0.1.0
 */
import { type Operation, RapidJson } from "@efa-kit/core"
import { type DateTime, type Either, type ParseResult, Schema } from "effect"
import type { ParameterIssue } from "./handler.js"

/**
 * The answer formats.
 *
 * @since 0.1.0
 * @category models
 */
export type OutputFormat = "JSON" | "rapidJSON"

const WGS84_FORMATS = new Set(["wgs84[dd.ddddd]", "wgs84[ddd.ddddd]", "epsg:4326", "wgs84"])

/**
 * The format a query asks for, or the issues with its `outputFormat` and `coordOutputFormat`.
 *
 * @since 0.1.0
 * @category utils
 */
export const outputFormatOf = (
  pairs: ReadonlyArray<readonly [string, string]>
): { readonly format: OutputFormat; readonly issues: ReadonlyArray<ParameterIssue> } => {
  let format: OutputFormat = "JSON"
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
    } else if (key === "coordOutputFormat" && !WGS84_FORMATS.has(value.trim().toLowerCase())) {
      issues.push({
        parameter: "coordOutputFormat",
        message: `this fake writes coordinates in WGS84[dd.ddddd] (or EPSG:4326) only, got "${value.slice(0, 100)}"`
      })
    }
  }
  return { format, issues }
}

type Encoder = (response: unknown) => Either.Either<unknown, ParseResult.ParseError>

const encoders = new WeakMap<DateTime.TimeZone, Map<string, Encoder>>()

/**
 * The rapidJSON encoder of an operation's answers in a time zone (notice validity dates become instants
 * in it).
 *
 * @since 0.1.0
 * @category encoding
 */
export const rapidJsonEncoder = (operation: Operation.Any, timeZone: DateTime.TimeZone): Encoder => {
  let byName = encoders.get(timeZone)
  if (byName === undefined) {
    byName = new Map()
    encoders.set(timeZone, byName)
  }
  let encoder = byName.get(operation.name)
  if (encoder === undefined) {
    const schemas = RapidJson.responses({ timeZone }) as Record<string, Schema.Schema<any, any>>
    const schema = schemas[operation.name]
    if (schema === undefined) throw new Error(`no rapidJSON encoding for ${operation.name}`)
    encoder = Schema.encodeEither(schema) as Encoder
    byName.set(operation.name, encoder)
  }
  return encoder
}
