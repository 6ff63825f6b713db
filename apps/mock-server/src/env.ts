/**
 * The Hono environment of the fake: what the server adapter passes in, and what the middleware hands
 * to the handlers.
 *
 * @since 0.1.0
 */
import type { HttpBindings } from "@hono/node-server"
import type { Context } from "hono"
import type { JournalEntry } from "./state.js"

/**
 * Set by the in-process client: the app marks a dropped connection here, and the client's `fetch`
 * rejects instead of returning the response.
 *
 * @since 0.1.0
 * @category models
 */
export interface InProcessBinding {
  dropped: boolean
}

/**
 * @since 0.1.0
 * @category models
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings> & { readonly inProcess?: InProcessBinding }
  Variables: {
    /** The journal entry of this request (not set for admin requests). */
    entry: JournalEntry
    /** Set when the connection was destroyed on purpose. */
    dropped: boolean
    /** Set when the answer already carries the CORS headers and the sequence number. */
    complete: boolean
  }
}

/**
 * @since 0.1.0
 * @category models
 */
export type AppContext = Context<AppEnv>

/**
 * The JSON content type of every answer.
 *
 * @since 0.1.0
 * @category constants
 */
export const JSON_TYPE = "application/json; charset=utf-8"

/**
 * A JSON answer with the charset spelled out.
 *
 * @since 0.1.0
 * @category utils
 */
export const jsonResponse = (
  c: AppContext,
  body: unknown,
  status: number = 200,
  headers: Record<string, string> = {}
): Response => c.body(JSON.stringify(body), status as 200, { "content-type": JSON_TYPE, ...headers })

/**
 * The raw query string of a request URL, without the `?`.
 *
 * @since 0.1.0
 * @category utils
 */
export const rawQuery = (url: string): string => {
  const start = url.indexOf("?")
  if (start < 0) return ""
  const hash = url.indexOf("#", start)
  return hash < 0 ? url.slice(start + 1) : url.slice(start + 1, hash)
}

/**
 * The response header that carries the journal sequence number of a request.
 *
 * @since 0.1.0
 * @category constants
 */
export const SEQUENCE_HEADER = "x-efa-mock-seq"

/**
 * The response headers a browser app on another origin may read.
 *
 * @since 0.1.0
 * @category constants
 */
export const EXPOSED_HEADERS: ReadonlyArray<string> = ["retry-after", "content-length", SEQUENCE_HEADER]

const EXPOSED = EXPOSED_HEADERS.join(",")

/**
 * Adds the CORS headers of a simple request (any origin, the exposed headers) to a response's headers.
 *
 * @since 0.1.0
 * @category utils
 */
export const setCorsHeaders = (headers: Headers): void => {
  headers.set("access-control-allow-origin", "*")
  headers.set("access-control-expose-headers", EXPOSED)
}

/**
 * Adds the CORS headers and, for a journaled request, its sequence number to the headers of an answer.
 *
 * @since 0.1.0
 * @category utils
 */
export const withCommonHeaders = (c: AppContext, headers: Record<string, string>): Record<string, string> => {
  headers["access-control-allow-origin"] = "*"
  headers["access-control-expose-headers"] = EXPOSED
  const entry = c.get("entry")
  if (entry !== undefined) headers[SEQUENCE_HEADER] = String(entry.seq)
  return headers
}

/**
 * A finished answer: one `Response` with plain headers that already carry the CORS headers and the
 * sequence number, which the Node adapter writes without converting them and `journaled` leaves
 * alone. Statuses that cannot have a body (204, 205, 304) get none.
 *
 * @since 0.1.0
 * @category utils
 */
export const finalResponse = (
  c: AppContext,
  body: string,
  status: number,
  headers: Record<string, string>
): Response => {
  c.set("complete", true)
  const empty = status === 204 || status === 205 || status === 304
  return new Response(empty ? null : body, { status, headers: withCommonHeaders(c, headers) })
}

/**
 * A finished JSON answer (see {@link finalResponse}).
 *
 * @since 0.1.0
 * @category utils
 */
export const finalJson = (
  c: AppContext,
  body: unknown,
  status: number,
  headers: Record<string, string> = {}
): Response => finalResponse(c, JSON.stringify(body), status, { "content-type": JSON_TYPE, ...headers })
