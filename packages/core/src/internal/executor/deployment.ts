/**
 * What building and sending a request need of the deployment: the path of each operation, the parameters the
 * deployment names otherwise, the ones it requires and the dialect asks for, the operations it offers, how the
 * API key travels, and a transport error's cause without the key. How its answers read is `dialect.ts`.
 *
 * @internal
 */
import * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Redacted from "effect/Redacted"
import type * as Operation from "../../Operation.js"
import type { Profile } from "../../Profile.js"
import { type DialectName, isOffered, type OperationName } from "../schema/operationNames.js"
import type { QueryPairs } from "../schema/query.js"
import { entryOf, renameParams } from "../schema/renames.js"

/** @internal */
const WGS84_OUTPUT = "WGS84[dd.ddddd]"

/** @internal */
export interface DeploymentSettings {
  readonly dialect: DialectName
  readonly profile: Profile | undefined
  readonly apiKey: Redacted.Redacted<string> | undefined
}

/**
 * The deployment a client talks to: its profile (or none), and the parameters its dialect asks with.
 *
 * @internal
 */
export const makeDeployment = (settings: DeploymentSettings) => {
  const { profile } = settings

  const common: QueryPairs = [
    ...(settings.dialect === "rapidJSON"
      ? [
        ["outputFormat", "rapidJSON"] as const,
        ["coordOutputFormat", profile?.coordOutputFormat ?? WGS84_OUTPUT] as const,
        ...(profile?.version !== undefined ? [["version", profile.version] as const] : [])
      ]
      : [["outputFormat", "JSON"] as const]),
    ...(profile?.language !== undefined ? [["language", profile.language] as const] : [])
  ]

  const offers = (operation: OperationName): boolean => isOffered(profile, operation)

  const path = (operation: Operation.Any): string => entryOf(profile?.paths, operation.name) ?? operation.path

  /** The request's pairs with the dialect's and the profile's parameters after them (unless already sent). */
  const query = (operation: Operation.Any, request: QueryPairs): QueryPairs => {
    const pairs = renameParams(profile, operation.name, request)
    const extra = entryOf(profile?.params, operation.name)
    if (extra === undefined || extra.length === 0) return [...pairs, ...common]
    const sent = new Set(pairs.map(([name]) => name))
    return [...pairs, ...extra.filter(([name]) => !sent.has(name)), ...common]
  }

  /** Why the deployment cannot answer an operation, if it cannot. */
  const refusal = (operation: Operation.Any): string | undefined =>
    isOffered(profile, operation.name as OperationName)
      ? undefined
      : `the deployment ${profile!.name} does not offer ${operation.name}${
        profile!.operations === undefined ? "" : ` (it offers ${profile!.operations.join(", ")})`
      }`

  const headers = (base: Readonly<Record<string, string>>): Readonly<Record<string, string>> => {
    if (settings.apiKey === undefined) return base
    const scheme = profile?.apiKey ?? { header: "Authorization" }
    return { ...base, [scheme.header.toLowerCase()]: `${scheme.prefix ?? ""}${Redacted.value(settings.apiKey)}` }
  }

  /**
   * Everything the client sends on its own besides the request (the API key's header, the headers given
   * with `headers` or a fetch `RequestInit`, the profile's extra parameters), in one order: what sets one
   * tenant of a deployment apart from another, credentials among it wherever they travel.
   */
  const credentials = (
    base: Readonly<Record<string, string>>,
    requestHeaders: Iterable<readonly [string, string]>
  ): ReadonlyArray<string> => {
    const sent: Array<string> = []
    for (const [name, value] of Object.entries(headers(base))) sent.push(`header ${name.toLowerCase()}: ${value}`)
    for (const [name, value] of requestHeaders) sent.push(`header ${name.toLowerCase()}: ${value}`)
    for (const [operation, pairs] of Object.entries(profile?.params ?? {})) {
      for (const [name, value] of pairs ?? []) sent.push(`param ${operation} ${name}=${value}`)
    }
    return sent.sort()
  }

  /**
   * The cause a `TransportError` may keep: the platform's error rebuilt around a request whose headers, but
   * `accept`, read `<redacted>`: the API key's header and every header given with `headers` (an `Authorization`,
   * a cookie) may be a credential. Effect redacts `Authorization` only when printed inside a fiber; a
   * `JSON.stringify` of the error elsewhere would show the others.
   */
  const safeCause = (error: HttpClientError.HttpClientError): unknown => {
    let request = error.request
    for (const name of Object.keys(request.headers)) {
      if (name !== "accept") request = HttpClientRequest.setHeader(request, name, "<redacted>")
    }
    if (request === error.request) return error
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

  return { path, query, offers, refusal, headers, credentials, safeCause } as const
}

/** @internal */
export type Deployment = ReturnType<typeof makeDeployment>
