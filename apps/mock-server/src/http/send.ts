/**
 * How the fake writes an answer: JSON with the charset spelled out, the CORS headers of a simple
 * request, the journal's sequence number, and the common error answers (405, 500).
 *
 * @since 0.1.0
 */
import { HTTPException } from "hono/http-exception"
import type { AppContext } from "./context.js"

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
const withCommonHeaders = (c: AppContext, headers: Record<string, string>): Record<string, string> => {
  headers["access-control-allow-origin"] = "*"
  headers["access-control-expose-headers"] = EXPOSED
  const entry = c.get("entry")
  if (entry !== undefined) headers[SEQUENCE_HEADER] = String(entry.seq)
  return headers
}

// Statuses whose responses carry no body by definition.
const NO_BODY = new Set([204, 205, 304])

/**
 * A finished answer: one `Response` with plain headers that already carry the CORS headers and the
 * sequence number, which the Node adapter writes without converting them and the journal leaves
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
  return new Response(NO_BODY.has(status) ? null : body, { status, headers: withCommonHeaders(c, headers) })
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

/**
 * A 405 answer naming the allowed methods.
 *
 * @since 0.1.0
 * @category handlers
 */
export const methodNotAllowed = (allowed: ReadonlyArray<string>) => (c: AppContext): Response =>
  jsonResponse(
    c,
    {
      error: "method-not-allowed",
      method: c.req.method,
      path: c.req.path,
      allowed,
      message: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(", ")}`
    },
    405,
    { allow: allowed.join(", ") }
  )

/**
 * Where an unexpected failure is reported, with the request it happened in.
 *
 * @since 0.1.0
 * @category models
 */
export type OnError = (error: unknown, request: { readonly method: string; readonly path: string }) => void

/**
 * The answer to an unexpected failure: no stack trace and no file path reaches the client; the
 * detail goes to the server's log. An `HTTPException` below 500 (a request Hono cannot read) is a 400.
 *
 * @since 0.1.0
 * @category handlers
 */
export const errorResponse = (onError: OnError, error: unknown, c: AppContext): Response => {
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.message || "the request cannot be read"
    return jsonResponse(c, { error: "bad-request", message }, error.status)
  }
  onError(error, { method: c.req.method, path: c.req.path })
  return jsonResponse(c, {
    error: "internal-error",
    message: "the fake failed to answer this request; the server log has the details"
  }, 500)
}
