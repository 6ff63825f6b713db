/**
 * The two dialects a client can speak, telling them apart, and asking a server what it speaks.
 *
 * - `contract`: the contract's format (`outputFormat=JSON`, top-level `trips`, `pins`, ...), which the
 *   fake speaks.
 * - `rapidJSON`: what real EFA deployments answer to `outputFormat=rapidJSON` (top-level `journeys`,
 *   `locations`, `infos.current`, ...), read into the same models (see `RapidJson`). Asked with
 *   `outputFormat=JSON`, real servers answer a third format, the legacy XML tree as JSON, which no
 *   dialect reads: {@link describeBody} recognises it and says so.
 *
 * For a deployment without a profile, {@link probe} sends `XML_SYSTEMINFO_REQUEST?outputFormat=rapidJSON`
 * and reports whether the answer is rapidJSON, with the server's interface version, which can then be
 * pinned as the `version` of a profile of your own.
 *
 * @since 0.1.0
 */
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { DecodeError, HttpStatusError, TransportError } from "./EfaError.js"
import * as internal from "./internal/executor/dialect.js"
import { excerpt } from "./internal/executor/interpret.js"
import { displayBaseUrl, normalizeBaseUrl } from "./internal/executor/request.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import type * as Profile from "./Profile.js"

/**
 * A dialect.
 *
 * @since 0.1.0
 * @category models
 */
export type Dialect = "contract" | "rapidJSON"

/**
 * The dialects, as a schema (for `EFA_DIALECT`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Dialect = Schema.Literal("contract", "rapidJSON").annotations({ identifier: "Dialect" })

/**
 * What a JSON document looks like, when it is not what a dialect expects: `"rapidJSON"`, `"legacy"`
 * (the XML tree as JSON that `outputFormat=JSON` gives on real servers), `"contract"`, or `undefined`.
 *
 * @example
 * ```ts
 * import { Dialect } from "@efa-kit/core"
 *
 * assert.strictEqual(Dialect.recognise({ version: "10.2.10.139", journeys: [] }), "rapidJSON")
 * assert.strictEqual(Dialect.recognise({ trips: [] }), "contract")
 * ```
 *
 * @since 0.1.0
 * @category diagnosis
 */
export const recognise: (json: unknown) => "rapidJSON" | "legacy" | "contract" | undefined = internal.recognise

/**
 * Explains a body that lacks the result an operation expects, for a client speaking `dialect`: what it
 * looks like and which setting fixes it.
 *
 * @since 0.1.0
 * @category diagnosis
 */
export const describeBody: (json: unknown, dialect: Dialect, resultKey: string) => string = internal.describeBody

/**
 * The path of the system-info operation, which every EFA deployment answers (interface version, valid
 * period of the timetable, server); {@link probe} asks it.
 *
 * @since 0.1.0
 * @category constants
 */
export const SYSTEM_INFO_PATH: typeof contractPaths.systemInfo = contractPaths.systemInfo

/**
 * What {@link probe} found.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProbeResult {
  /** The URL asked. */
  readonly url: string
  /** What the answer looks like. */
  readonly speaks: "rapidJSON" | "legacy" | "contract" | "unknown"
  /** The interface version the answer names (`version`), where it names one. */
  readonly version?: string | undefined
  /** The server's software version (`serverInfo.controllerVersion` or similar), where given. */
  readonly controllerVersion?: string | undefined
  /** The whole answer, for a look by hand. */
  readonly body: unknown
}

/**
 * Options of {@link probe}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProbeOptions {
  readonly baseUrl: string | URL
  /** An API key, sent as the profile's scheme says (default `Authorization: <key>`). */
  readonly apiKey?: Redacted.Redacted<string> | string | undefined
  readonly apiKeyScheme?: Profile.ApiKeyScheme | undefined
  /** The path of the system-info operation. Default `XML_SYSTEMINFO_REQUEST`. */
  readonly path?: string | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const stringAt = (json: unknown, ...path: ReadonlyArray<string>): string | undefined => {
  let at: unknown = json
  for (const key of path) {
    if (!isRecord(at)) return undefined
    at = at[key]
  }
  return typeof at === "string" ? at : typeof at === "number" ? String(at) : undefined
}

/**
 * Asks a server what it speaks: `XML_SYSTEMINFO_REQUEST?outputFormat=rapidJSON`. A deployment that
 * answers in rapidJSON works with `dialect: "rapidJSON"`; its `version` can be pinned in a profile.
 *
 * ```ts
 * import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
 * import { Dialect } from "@efa-kit/core"
 * import { Effect } from "effect"
 *
 * Dialect.probe({ baseUrl: "https://efa.example/efa/" }).pipe(
 *   Effect.provide(NodeHttpClient.layerUndici),
 *   Effect.runPromise
 * ).then((found) => console.log(found.speaks, found.version))
 * ```
 *
 * @since 0.1.0
 * @category probing
 */
export const probe = (
  options: ProbeOptions
): Effect.Effect<ProbeResult, TransportError | HttpStatusError | DecodeError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const path = options.path ?? SYSTEM_INFO_PATH
    const base = normalizeBaseUrl(options.baseUrl)
    if (Either.isLeft(base)) {
      return yield* new TransportError({
        operation: "probe",
        reason: "network",
        url: displayBaseUrl(options.baseUrl),
        detail: base.left
      })
    }
    const url = `${base.right}${path}?outputFormat=rapidJSON`
    const headers: Record<string, string> = { accept: "application/json" }
    if (options.apiKey !== undefined) {
      const key = Redacted.isRedacted(options.apiKey) ? Redacted.value(options.apiKey) : options.apiKey
      const scheme = options.apiKeyScheme ?? { header: "Authorization" }
      headers[scheme.header] = `${scheme.prefix ?? ""}${key}`
    }
    // the platform's error holds the request and its headers: not kept when they carry a key
    const transportError = (error: HttpClientError.HttpClientError) =>
      new TransportError({
        operation: "probe",
        reason: "network",
        url,
        detail: error.message,
        ...(options.apiKey === undefined ? { cause: error } : {})
      })
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(HttpClientRequest.get(url, { headers })).pipe(
      Effect.mapError(transportError),
      Effect.scoped
    )
    const body = yield* Effect.mapError(response.text, transportError)
    if (response.status < 200 || response.status >= 300) {
      return yield* new HttpStatusError({
        operation: "probe",
        url,
        status: response.status,
        bodyExcerpt: excerpt(body)
      })
    }
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch (error) {
      return yield* new DecodeError({
        operation: "probe",
        url,
        reason: body.trim() === "" ? "empty" : "not-json",
        path: "$",
        detail: String((error as Error).message),
        bodyExcerpt: excerpt(body)
      })
    }
    return {
      url,
      speaks: recognise(json) ?? "unknown",
      version: stringAt(json, "version"),
      controllerVersion: stringAt(json, "serverInfo", "controllerVersion") ??
        stringAt(json, "controllerVersion"),
      body: json
    }
  })
