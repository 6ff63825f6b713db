import * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as DateTime from "effect/DateTime"
import * as Redacted from "effect/Redacted"
import type * as Schema from "effect/Schema"
import type { OperationName } from "../EfaClient.js"
import type { Operation } from "../Operation.js"
import type * as Profile from "../Profile.js"
import type * as RapidJson from "../RapidJson.js"
import { renameParams } from "./paths.js"
import type { QueryPairs } from "./query.js"

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
  if (
    RAPID_JSON_KEYS.some((key) => key in json) || isRecord(json.infos) ||
    (typeof json.version === "string" && !CONTRACT_KEYS.some((key) => key in json))
  ) return "rapidJSON"
  if (CONTRACT_KEYS.some((key) => key in json)) return "contract"
  return undefined
}

/**
 * Explains a body that lacks the result an operation expects, for a client speaking `dialect`.
 *
 * @internal
 */
export const describeBody = (json: unknown, dialect: "contract" | "rapidJSON", resultKey: string): string => {
  const keys = isRecord(json) ? Object.keys(json).slice(0, 8) : []
  const found = keys.length > 0 ? `top-level keys: ${keys.join(", ")}` : "no top-level keys"
  const seen = recognise(json)
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

/** @internal */
export const WGS84_OUTPUT = "WGS84[dd.ddddd]"

/** @internal */
export interface DialectSettings {
  readonly dialect: "contract" | "rapidJSON"
  readonly profile: Profile.Profile | undefined
  readonly timeZone: DateTime.TimeZone
  readonly apiKey: Redacted.Redacted<string> | undefined
  /** The rapidJSON codecs, loaded by the client when it speaks that dialect. */
  readonly rapidJson?: typeof RapidJson | undefined
}

// The top-level keys that hold each operation's result in the contract's format: one entry per operation of
// the client, which the compiler holds to the list of operations.
const CONTRACT_RESULT_KEYS: Readonly<Record<string, ReadonlyArray<string>>> = {
  trip: ["trips"],
  coordInfo: ["pins"],
  vehicleDetail: ["pins"],
  stopFinder: ["locations"],
  servingLines: ["servingLines"],
  addInfo: ["infos"],
  opArea: ["providers"],
  geoObject: ["geometry", "stops"]
} satisfies Record<OperationName, ReadonlyArray<string>>

/** A top-level `error { message, versions }` of a rapidJSON server. @internal */
export interface VersionRefusal {
  readonly detail: string
  readonly versions: Record<string, string>
}

/**
 * What the executor asks of a dialect and a profile: the path of an operation, the parameters added to
 * every request, the request headers (the API key included), the response schema, and the diagnosis of a
 * body without result.
 *
 * @internal
 */
export const makeDialect = (settings: DialectSettings) => {
  const { dialect, profile } = settings
  const rapid = dialect === "rapidJSON"
  const rapidJson = settings.rapidJson
  if (rapid && rapidJson === undefined) throw new Error("the rapidJSON dialect needs its codecs")
  const schemas = rapid
    ? rapidJson!.responses({ timeZone: settings.timeZone, productClasses: profile?.productClasses })
    : undefined

  const common: QueryPairs = [
    ...(rapid
      ? [
        ["outputFormat", "rapidJSON"] as const,
        ["coordOutputFormat", profile?.coordOutputFormat ?? WGS84_OUTPUT] as const,
        ...(profile?.version !== undefined ? [["version", profile.version] as const] : [])
      ]
      : [["outputFormat", "JSON"] as const]),
    ...(profile?.language !== undefined ? [["language", profile.language] as const] : [])
  ]

  const path = (operation: Operation<any, any, any>): string =>
    profile?.paths?.[operation.name as Profile.OperationName] ?? operation.path

  /** The request's pairs with the dialect's and the profile's parameters after them (unless already sent). */
  const query = (operation: Operation<any, any, any>, request: QueryPairs): QueryPairs => {
    const name = operation.name as Profile.OperationName
    const pairs = renameParams(profile, name, request)
    const extra = profile?.params?.[name]
    if (extra === undefined || extra.length === 0) return [...pairs, ...common]
    const sent = new Set(pairs.map(([name]) => name))
    return [...pairs, ...extra.filter(([name]) => !sent.has(name)), ...common]
  }

  /** Why the deployment cannot answer an operation, if it cannot. */
  const refusal = (operation: Operation<any, any, any>): string | undefined =>
    profile?.operations === undefined || profile.operations.includes(operation.name as Profile.OperationName)
      ? undefined
      : `the deployment ${profile.name} does not offer ${operation.name} (it offers ${profile.operations.join(", ")})`

  const headers = (base: Readonly<Record<string, string>>): Readonly<Record<string, string>> => {
    if (settings.apiKey === undefined) return base
    const scheme = profile?.apiKey ?? { header: "Authorization" }
    return { ...base, [scheme.header.toLowerCase()]: `${scheme.prefix ?? ""}${Redacted.value(settings.apiKey)}` }
  }

  const response = (operation: Operation<any, any, any>): Schema.Schema<any, any> =>
    schemas !== undefined && operation.name in schemas
      ? schemas[operation.name as keyof RapidJson.Responses]
      : operation.response

  const resultKeys = (operation: Operation<any, any, any>): ReadonlyArray<string> =>
    rapid
      ? [rapidJson!.resultKeys[operation.name as keyof RapidJson.Responses] ?? ""]
      : CONTRACT_RESULT_KEYS[operation.name] ?? []

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

  /**
   * Why a decoded body without result is not an empty result: it lacks the result key and no system
   * message explains that. `undefined` when it is a plain empty result.
   */
  const diagnose = (
    operation: Operation<any, any, any>,
    json: unknown,
    hasSystemMessages: boolean
  ): string | undefined => {
    if (hasSystemMessages || !isRecord(json)) return undefined
    const keys = resultKeys(operation)
    if (keys.length === 0 || keys.some((key) => key in json)) return undefined
    return describeBody(json, dialect, keys.join(`" or "`))
  }

  /**
   * The cause a `TransportError` may keep: with an API key, the platform's error rebuilt around a request whose
   * key header reads `<redacted>`. Effect redacts `Authorization` only when printed inside a fiber; a
   * `JSON.stringify` of the error elsewhere would show the key.
   */
  const safeCause = (error: HttpClientError.HttpClientError): unknown => {
    if (settings.apiKey === undefined) return error
    const header = (profile?.apiKey?.header ?? "Authorization").toLowerCase()
    const request = HttpClientRequest.setHeader(error.request, header, "<redacted>")
    const fields = {
      request,
      ...(error.cause !== undefined ? { cause: error.cause } : {}),
      ...(error.description !== undefined ? { description: error.description } : {})
    }
    // a response error's response holds the original request: only its status is kept
    return error._tag === "RequestError"
      ? new HttpClientError.RequestError({ ...fields, reason: error.reason })
      : new HttpClientError.RequestError({
        ...fields,
        reason: "Transport",
        description: `${error.reason} (status ${error.response.status})${
          error.description !== undefined ? `: ${error.description}` : ""
        }`
      })
  }

  /** What to put before a decode error's message when the body looks like another format than the dialect's. */
  const mismatch = (json: unknown): string => {
    const seen = recognise(json)
    if (seen === undefined || seen === (rapid ? "rapidJSON" : "contract")) return ""
    return seen === "legacy"
      ? "(the body looks like the legacy JSON format) "
      : seen === "rapidJSON"
      ? `(the body looks like rapidJSON: set dialect "rapidJSON") `
      : `(the body looks like the contract format: set dialect "contract") `
  }

  return {
    dialect,
    path,
    query,
    refusal,
    headers,
    response,
    versionRefusal,
    diagnose,
    mismatch,
    safeCause
  } as const
}

/** @internal */
export type DialectAdapter = ReturnType<typeof makeDialect>
