/**
 * Forwarding an operation request to a real deployment and reading its answer.
 *
 * @since 0.1.0
 */
import { FAULT_HEADER } from "../faults.js"
import { headerValueProblem } from "../testing/headerValues.js"

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
  /** The largest answer body read from the upstream, in bytes; a larger one is a 502. Default 32 MiB. */
  readonly maxBodyBytes?: number | undefined
  /** How many redirects within the base URL's origin are followed. Default 5. */
  readonly maxRedirects?: number | undefined
  /** The `fetch` to use; default the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined
}

/**
 * The upstream's answer, or why there is none.
 *
 * @since 0.1.0
 * @category models
 */
type UpstreamAnswer =
  | {
    readonly _tag: "Answered"
    readonly status: number
    readonly contentType: string
    readonly body: string
    readonly headers: Record<string, string>
  }
  | {
    readonly _tag: "Failed"
    /** 499: the client left before the upstream answered (the upstream request is cancelled). */
    readonly status: 499 | 502 | 504
    readonly error: string
    readonly message: string
  }

/**
 * The default of {@link ProxyOptions.maxBodyBytes}.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_MAX_UPSTREAM_BYTES = 32 * 1024 * 1024

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

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

class TooLarge extends Error {}

// `AbortSignal.any` from Node 20.3 on; by hand before.
const eitherSignal = (a: AbortSignal, b: AbortSignal): AbortSignal => {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b])
  const controller = new AbortController()
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason)
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true })
  }
  return controller.signal
}

// Reads a body up to a size, cancelling the rest of the stream beyond it.
const readLimited = async (response: Response, maxBytes: number): Promise<string> => {
  const declared = Number(response.headers.get("content-length") ?? "")
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new TooLarge()
  }
  if (response.body === null) return ""
  const chunks: Array<Uint8Array> = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new TooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString("utf8")
}

const shownUrl = (url: URL): string => `${url.origin}${url.pathname}`

/**
 * Forwards one request: the query as received (byte for byte), the end-to-end request headers, then the
 * configured headers and parameters. Redirects are followed within the base URL's origin only (with the
 * configured headers, as the client's own policy does); one to another origin is a 502 and the secrets
 * never leave. The answer's body is read up to `maxBodyBytes`; an answer header that cannot be sent on
 * is a 502. When `signal` aborts (the client left), the upstream request is cancelled.
 *
 * @since 0.1.0
 * @category forwarding
 */
export const forward = async (
  options: ProxyOptions,
  operationPath: string,
  rawQuery: string,
  requestHeaders: Iterable<readonly [string, string]>,
  signal?: AbortSignal
): Promise<UpstreamAnswer> => {
  const first = upstreamUrl(options, operationPath, rawQuery)
  const shown = shownUrl(first)
  for (const [name, value] of options.query ?? []) first.searchParams.append(name, value)
  const origin = new URL(options.baseUrl).origin
  const headers = new Headers()
  for (const [name, value] of requestHeaders) {
    if (!NOT_FORWARDED.has(name.toLowerCase())) headers.set(name, value)
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_UPSTREAM_BYTES
  const maxRedirects = options.maxRedirects ?? 5
  const doFetch = options.fetch ?? globalThis.fetch
  const timeout = AbortSignal.timeout(timeoutMs)
  const abort = signal === undefined ? timeout : eitherSignal(timeout, signal)
  const failed = (status: 499 | 502 | 504, error: string, message: string): UpstreamAnswer => ({
    _tag: "Failed",
    status,
    error,
    message
  })
  try {
    let url = first
    const chain = [url.href]
    for (;;) {
      const response = await doFetch(url, { headers, signal: abort, redirect: "manual" })
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined)
        let target: URL
        try {
          target = new URL((response.headers.get("location") ?? "").trim() || "invalid:", url)
        } catch {
          target = new URL("invalid:")
        }
        if (target.protocol !== "http:" && target.protocol !== "https:") {
          return failed(502, "upstream-redirect", `the upstream ${shown} redirected without a usable Location`)
        }
        if (target.origin !== origin) {
          return failed(
            502,
            "upstream-redirect",
            `the upstream ${shown} redirected to another origin, ${target.origin}; the fake follows redirects ` +
              `within ${origin} only, so that its configured headers never go elsewhere`
          )
        }
        if (chain.includes(target.href) || chain.length > maxRedirects) {
          return failed(502, "upstream-redirect", `the upstream ${shown} redirected too often or in a loop`)
        }
        chain.push(target.href)
        url = target
        continue
      }
      const contentType = response.headers.get("content-type") ?? "application/octet-stream"
      const passed: Record<string, string> = {}
      for (const name of PASSED_BACK) {
        const value = response.headers.get(name)
        if (value !== null) passed[name] = value
      }
      for (const [name, value] of Object.entries({ "content-type": contentType, ...passed })) {
        const problem = headerValueProblem(value)
        if (problem !== undefined) {
          await response.body?.cancel().catch(() => undefined)
          return failed(
            502,
            "upstream-invalid-answer",
            `the upstream ${shown} answered with a header ${name} ${problem}`
          )
        }
      }
      const body = await readLimited(response, maxBytes)
      return { _tag: "Answered", status: response.status, contentType, body, headers: passed }
    }
  } catch (error) {
    if (error instanceof TooLarge) {
      return failed(502, "upstream-too-large", `the upstream ${shown} answered with a body over ${maxBytes} bytes`)
    }
    if (signal?.aborted === true) {
      return failed(499, "client-closed-request", `the client left; the request to ${shown} was cancelled`)
    }
    return timeout.aborted
      ? failed(504, "upstream-timeout", `the upstream ${shown} did not answer within ${timeoutMs} ms`)
      : failed(502, "upstream-unreachable", `the upstream ${shown} could not be reached: ${causeOf(error)}`)
  }
}

const causeOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
}
