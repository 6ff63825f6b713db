/**
 * The command-line options of recording, replaying and forwarding.
 *
 * @since 0.1.0
 */
import { Operations, Profile } from "@efa-kit/core"
import { Either } from "effect"
import * as path from "node:path"
import type { UpstreamOptions } from "../interceptor.js"
import { isOperationPath, PATHS } from "../paths.js"

/**
 * The options, for `parseArgs`.
 *
 * @since 0.1.0
 * @category constants
 */
export const upstreamArgs = {
  proxy: { type: "string" },
  "proxy-header": { type: "string", multiple: true },
  "proxy-param": { type: "string", multiple: true },
  "proxy-path": { type: "string", multiple: true },
  "proxy-timeout": { type: "string" },
  record: { type: "string" },
  replay: { type: "string" }
} as const

const list = (value: unknown): Array<string> =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []

/**
 * Reads the options (and `EFA_MOCK_PROXY_HEADERS`, a JSON object of headers), or says what is wrong.
 * Relative folders are read from `cwd`. `--proxy <profile name>` forwards to that deployment profile's
 * base URL; with a profile (that one, or `--profile`), the upstream gets the profile's paths, and its
 * API key from `EFA_API_KEY` in the profile's header. `--proxy-path` and `--proxy-header` win over both.
 *
 * @since 0.1.0
 * @category parsing
 */
export const upstreamOptions = (
  values: Record<string, unknown>,
  env: Record<string, string | undefined>,
  cwd: string
): Either.Either<UpstreamOptions, string> => {
  let proxyUrl = values.proxy as string | undefined
  let profile = typeof values.profile === "string" ? Profile.get(values.profile) : undefined
  const named = proxyUrl === undefined ? undefined : Profile.get(proxyUrl)
  if (named !== undefined) {
    profile = named
    proxyUrl = named.baseUrl
  }
  const headers: Record<string, string> = {}
  const envHeaders = env.EFA_MOCK_PROXY_HEADERS
  if (envHeaders !== undefined && envHeaders.trim() !== "") {
    let parsed: unknown
    try {
      parsed = JSON.parse(envHeaders)
    } catch {
      parsed = undefined
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return Either.left(`EFA_MOCK_PROXY_HEADERS must be a JSON object of header names and values`)
    }
    for (const [name, value] of Object.entries(parsed)) headers[name] = String(value)
  }
  for (const header of list(values["proxy-header"])) {
    const colon = header.indexOf(":")
    if (colon <= 0) return Either.left(`--proxy-header needs "<name>: <value>", got "${header.split(":")[0]}..."`)
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim()
  }
  const query: Array<readonly [string, string]> = []
  for (const param of list(values["proxy-param"])) {
    const eq = param.indexOf("=")
    if (eq <= 0) return Either.left(`--proxy-param needs "<name>=<value>"`)
    query.push([param.slice(0, eq), param.slice(eq + 1)])
  }
  const paths: Record<string, string> = {}
  for (const mapping of list(values["proxy-path"])) {
    const eq = mapping.indexOf("=")
    const operation = eq < 0 ? "" : mapping.slice(0, eq).replace(/^\/+/, "")
    if (!isOperationPath(operation)) {
      return Either.left(`--proxy-path needs "<operation>=<path>" with one of ${PATHS.join(", ")}, got "${mapping}"`)
    }
    paths[operation] = mapping.slice(eq + 1)
  }
  const timeoutText = values["proxy-timeout"] as string | undefined
  if (timeoutText !== undefined && !/^\d{1,7}$/.test(timeoutText)) {
    return Either.left(`--proxy-timeout needs milliseconds, got "${timeoutText}"`)
  }
  const usesProxySettings = list(values["proxy-header"]).length > 0 || query.length > 0 ||
    Object.keys(paths).length > 0 || timeoutText !== undefined
  if (proxyUrl === undefined && usesProxySettings) {
    return Either.left("--proxy-header, --proxy-param, --proxy-path and --proxy-timeout need --proxy")
  }
  if (proxyUrl !== undefined) {
    let url: URL
    try {
      url = new URL(proxyUrl)
    } catch {
      return Either.left(
        `--proxy needs an http(s) URL or a profile name (${Profile.names.join(", ")}), got "${proxyUrl}"`
      )
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return Either.left(`--proxy needs an http(s) URL, got "${proxyUrl}"`)
    }
  }
  if (proxyUrl !== undefined && profile !== undefined) {
    for (const operation of Object.values(Operations.all)) {
      const upstreamPath = profile.paths?.[operation.name]
      if (upstreamPath !== undefined) paths[operation.path] ??= upstreamPath
    }
    const key = env.EFA_API_KEY
    const scheme = profile.apiKey
    if (scheme !== undefined && key !== undefined && key !== "") {
      const taken = Object.keys(headers).some((name) => name.toLowerCase() === scheme.header.toLowerCase())
      if (!taken) headers[scheme.header] = `${scheme.prefix ?? ""}${key}`
    }
  }
  const folder = (value: unknown) => typeof value === "string" && value !== "" ? path.resolve(cwd, value) : undefined
  const record = folder(values.record)
  const replay = folder(values.replay)
  return Either.right({
    ...(proxyUrl !== undefined
      ? {
        proxy: {
          baseUrl: proxyUrl,
          headers,
          query,
          paths,
          ...(timeoutText !== undefined ? { timeoutMs: Number(timeoutText) } : {})
        }
      }
      : {}),
    ...(record !== undefined ? { record } : {}),
    ...(replay !== undefined ? { replay } : {})
  })
}

/**
 * What the start-up message says about recording, replaying and forwarding (never a secret).
 *
 * @since 0.1.0
 * @category formatting
 */
export const describeUpstream = (options: UpstreamOptions): Array<string> => {
  const lines: Array<string> = []
  if (options.replay !== undefined) lines.push(`replay: answers from the recordings in ${options.replay}`)
  if (options.proxy !== undefined) {
    const url = new URL(options.proxy.baseUrl)
    const secrets = Object.keys(options.proxy.headers ?? {}).length + (options.proxy.query ?? []).length
    lines.push(
      `proxy:  forwards to ${url.origin}${url.pathname}` +
        (secrets > 0 ? ` (with ${secrets} configured header(s) or parameter(s), never recorded)` : "")
    )
  }
  if (options.record !== undefined) {
    lines.push(
      `record: writes each answer of the ${options.proxy !== undefined ? "upstream" : "dataset"} to ${options.record}`
    )
  }
  return lines
}
