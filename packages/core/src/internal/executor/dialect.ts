/**
 * How a deployment's answers read: the dialect's response schema of each operation (rapidJSON codecs loaded
 * on demand, per operation), its result keys, a rapidJSON version refusal, and the diagnosis of a body
 * without result or in another format. What requests need of the deployment is `deployment.ts`.
 *
 * @internal
 */
import type * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type * as Operation from "../../Operation.js"
import type { DialectName } from "../schema/operationNames.js"

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

// Top-level keys only rapidJSON answers carry.
const RAPID_JSON_KEYS = ["journeys", "serverInfo", "operatingAreas", "transportations", "locationSequence"]
// Top-level keys of the legacy XML-as-JSON format.
const LEGACY_KEYS = ["parameters", "dm", "sf", "itdRequest", "departureList", "arr", "dateRange", "odv"]
const CONTRACT_KEYS = ["trips", "pins", "servingLines", "providers", "geometry", "stops"]

/**
 * What a JSON document looks like, when it is not what a dialect expects: `"rapidJSON"`, `"legacy"`
 * (the XML tree as JSON that `outputFormat=JSON` gives on real servers), `"contract"`, or `undefined`.
 *
 * @internal
 */
export const recognise = (json: unknown): "rapidJSON" | "legacy" | "contract" | undefined => {
  if (!isRecord(json)) return undefined
  if (LEGACY_KEYS.some((key) => key in json)) return "legacy"
  // the contract's notices are a list, rapidJSON's an object of lists
  if (Array.isArray(json.infos)) return "contract"
  if (
    RAPID_JSON_KEYS.some((key) => key in json) || isRecord(json.infos) ||
    (typeof json.version === "string" && !CONTRACT_KEYS.some((key) => key in json))
  ) return "rapidJSON"
  if (CONTRACT_KEYS.some((key) => key in json)) return "contract"
  return undefined
}

/**
 * Explains a body that lacks the result an operation expects, for a client speaking `dialect`. `seen`: the
 * format the body is known to be in (it carries that format's result), else what {@link recognise} makes of it.
 *
 * @internal
 */
export const describeBody = (
  json: unknown,
  dialect: DialectName,
  resultKey: string,
  seen: ReturnType<typeof recognise> = recognise(json)
): string => {
  const keys = isRecord(json) ? Object.keys(json).slice(0, 8) : []
  const found = keys.length > 0 ? `top-level keys: ${keys.join(", ")}` : "no top-level keys"
  const prefix = `no "${resultKey}" and no system message explains it (${found})`
  if (seen === "legacy") {
    return dialect === "rapidJSON"
      ? `${prefix}: looks like the legacy JSON format (the XML tree as JSON), although outputFormat=rapidJSON ` +
        `was asked: the server may not speak rapidJSON (ask it with Dialect.probe)`
      : `${prefix}: looks like the legacy JSON format (the XML tree as JSON): set dialect "rapidJSON", ` +
        `which asks for outputFormat=rapidJSON`
  }
  if (seen === "rapidJSON" && dialect === "contract") return `${prefix}: looks like rapidJSON: set dialect "rapidJSON"`
  if (seen === "contract" && dialect === "rapidJSON") {
    return `${prefix}: looks like the contract format: set dialect "contract"`
  }
  return prefix
}

/** A top-level `error { message, versions }` of a rapidJSON server. @internal */
export interface VersionRefusal {
  readonly detail: string
  readonly versions: Record<string, string>
}

/** @internal */
export interface DialectSettings {
  readonly dialect: DialectName
  readonly timeZone: DateTime.TimeZone
  /** The deployment's own product classes (see `Profile.productClasses`). */
  readonly productClasses?: Readonly<Record<number, number>> | undefined
}

/**
 * The dialect a client reads answers in.
 *
 * @internal
 */
export const makeDialect = (settings: DialectSettings) => {
  const { dialect } = settings
  const rapid = dialect === "rapidJSON"
  const context: Operation.RapidJsonContext = { timeZone: settings.timeZone, productClasses: settings.productClasses }
  // The rapidJSON response schema of each operation called so far.
  const schemas = new Map<Operation.Any, Schema.Schema<any, any>>()

  /**
   * Loads what reading the operation's answers needs, the first time: `undefined` when there is nothing to
   * load (the contract dialect, a codec loaded before, an operation without rapidJSON codec).
   */
  const load = (operation: Operation.Any): Effect.Effect<void> | undefined => {
    const loader = operation.rapidJson
    if (!rapid || loader === undefined || schemas.has(operation)) return undefined
    return Effect.map(Effect.promise(loader), (codec) => {
      if (!schemas.has(operation)) schemas.set(operation, codec.response(context))
    })
  }

  /** The response schema of an operation in this dialect (after `load`). */
  const response = (operation: Operation.Any): Schema.Schema<any, any> => schemas.get(operation) ?? operation.response

  /** A top-level version refusal of a rapidJSON server. */
  const versionRefusal = (json: unknown): VersionRefusal | undefined => {
    if (!isRecord(json) || !isRecord(json.error)) return undefined
    const error = json.error
    const versions: Record<string, string> = {}
    if (isRecord(error.versions)) {
      for (const [name, value] of Object.entries(error.versions)) {
        if (typeof value === "string" || typeof value === "number") versions[name] = String(value)
      }
    }
    const detail = typeof error.message === "string" ? error.message : JSON.stringify(error).slice(0, 200)
    return { detail, versions }
  }

  const other: DialectName = rapid ? "contract" : "rapidJSON"

  /**
   * Why a body is in the other dialect: it carries that dialect's result, whatever its messages say (a key both
   * dialects use, the notices' `infos`, tells them apart by its shape). `undefined` when it is not.
   */
  const foreign = (operation: Operation.Any, json: unknown): string | undefined => {
    if (!isRecord(json)) return undefined
    const keys = operation.resultKeys[dialect]
    const theirs = operation.resultKeys[other]
    const carries = theirs.some((key) => key in json && !keys.includes(key)) ||
      (recognise(json) === other && theirs.some((key) => key in json))
    return carries ? describeBody(json, dialect, keys.join(`" or "`), other) : undefined
  }

  /**
   * Why a decoded body without result is not an empty result: it lacks the result key and no `error` message
   * explains that (a warning such as -10015 explains nothing). `undefined` when it is a plain empty result, or
   * one an error message explains.
   */
  const diagnose = (
    operation: Operation.Any,
    json: unknown,
    hasErrors: boolean,
    hadResultKey: boolean
  ): string | undefined => {
    const keys = operation.resultKeys[dialect]
    if (hasErrors || hadResultKey || keys.length === 0 || !isRecord(json)) return undefined
    return describeBody(json, dialect, keys.join(`" or "`))
  }

  /** Whether a body has one of the operation's result keys: asked before decoding, which may add them. */
  const hasResultKey = (operation: Operation.Any, json: unknown): boolean =>
    isRecord(json) && operation.resultKeys[dialect].some((key) => key in json)

  /** What to put before a decode error's message when the body looks like another format than the dialect's. */
  const mismatch = (json: unknown): string => {
    const seen = recognise(json)
    if (seen === undefined || seen === dialect) return ""
    return seen === "legacy"
      ? "(the body looks like the legacy JSON format) "
      : seen === "rapidJSON"
      ? `(the body looks like rapidJSON: set dialect "rapidJSON") `
      : `(the body looks like the contract format: set dialect "contract") `
  }

  return { dialect, load, response, versionRefusal, hasResultKey, foreign, diagnose, mismatch } as const
}

/** @internal */
export type Dialect = ReturnType<typeof makeDialect>
