/**
 * Forwarding an operation request to a real deployment and reading its answer.
 *
 * @since 0.1.0
 */
import { FAULT_HEADER } from "../faults.js"

/**
 * Where and how to forward.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProxyOptions {
  /** The deployment's base URL (`https://efa.example/mngvvs/`); operation paths are resolved against it. */
  readonly baseUrl: string
  /** Headers sent upstream with every request (an API key, say); never recorded. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Query parameters added to every upstream request (an API key sent as a parameter); never recorded. */
  readonly query?: ReadonlyArray<readonly [string, string]> | undefined
  /** The upstream path of an operation, where the deployment does not serve it at the operation's name. */
  readonly paths?: Readonly<Record<string, string>> | undefined
  /** Milliseconds to wait for the upstream's answer. Default 30,000. */
  readonly timeoutMs?: number | undefined
  /** The `fetch` to use; default the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined
}

/**
 * The upstream's answer, or why there is none.
 *
 * @since 0.1.0
 * @category models
 */
export type UpstreamAnswer =
  | {
    readonly _tag: "Answered"
    readonly status: number
    readonly contentType: string
    readonly body: string
    readonly headers: Record<string, string>
  }
  | { readonly _tag: "Failed"; readonly status: 502 | 504; readonly error: string; readonly message: string }

// Request headers that belong to one connection, or to the fake, or that would make the body compressed.
const NOT_FORWARDED = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
  "accept-encoding",
  FAULT_HEADER
])

// Answer headers passed on to the client besides the content type.
const PASSED_BACK = ["retry-after", "cache-control", "expires", "last-modified", "etag"]

/**
 * The upstream URL of an operation request, without the added secret parameters (for messages).
 *
 * @since 0.1.0
 * @category utils
 */
export const upstreamUrl = (options: ProxyOptions, operationPath: string, rawQuery: string): URL => {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : options.baseUrl + "/"
  const mapped = options.paths?.[operationPath] ?? operationPath
  const url = new URL(mapped.replace(/^\/+/, ""), base)
  if (mapped.startsWith("/")) url.pathname = mapped
  url.search = rawQuery
  return url
}

/**
 * Forwards one request: the query as received (byte for byte), the end-to-end request headers, then the
 * configured headers and parameters. The answer's body is read whole.
 *
 * @since 0.1.0
 * @category forwarding
 */
export const forward = async (
  options: ProxyOptions,
  operationPath: string,
  rawQuery: string,
  requestHeaders: Iterable<readonly [string, string]>
): Promise<UpstreamAnswer> => {
  const url = upstreamUrl(options, operationPath, rawQuery)
  const shown = `${url.origin}${url.pathname}`
  for (const [name, value] of options.query ?? []) url.searchParams.append(name, value)
  const headers = new Headers()
  for (const [name, value] of requestHeaders) {
    if (!NOT_FORWARDED.has(name.toLowerCase())) headers.set(name, value)
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
  const timeoutMs = options.timeoutMs ?? 30_000
  const doFetch = options.fetch ?? globalThis.fetch
  try {
    const response = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "follow" })
    const body = await response.text()
    const passed: Record<string, string> = {}
    for (const name of PASSED_BACK) {
      const value = response.headers.get(name)
      if (value !== null) passed[name] = value
    }
    return {
      _tag: "Answered",
      status: response.status,
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      body,
      headers: passed
    }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError"
    return timedOut
      ? {
        _tag: "Failed",
        status: 504,
        error: "upstream-timeout",
        message: `the upstream ${shown} did not answer within ${timeoutMs} ms`
      }
      : {
        _tag: "Failed",
        status: 502,
        error: "upstream-unreachable",
        message: `the upstream ${shown} could not be reached: ${causeOf(error)}`
      }
  }
}

const causeOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
}
