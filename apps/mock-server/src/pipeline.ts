/**
 * What every request goes through besides its answer: the CORS preflight, the request limits, the
 * journal, the CORS headers and sequence number of the answer, and the 500 of an unexpected failure.
 *
 * The operation paths call {@link journaled} from their one handler instead of going through a global
 * middleware: a request then matches a single handler, and Hono answers it in the same turn when the
 * handler does (no promise per middleware layer). The internal paths (admin API, `/`,
 * `/openapi.json`) use {@link internalMiddleware}.
 *
 * @since 0.1.0
 */
import type { MiddlewareHandler } from "hono"
import { cors } from "hono/cors"
import { HTTPException } from "hono/http-exception"
import {
  type AppContext,
  type AppEnv,
  EXPOSED_HEADERS,
  finalJson,
  jsonResponse,
  rawQuery,
  SEQUENCE_HEADER,
  setCorsHeaders
} from "./env.js"
import type { HandlerDeps } from "./handler.js"

/**
 * The prefix of the admin API.
 *
 * @since 0.1.0
 * @category constants
 */
export const ADMIN_PREFIX = "/__admin"

/**
 * Whether a path is the admin API's.
 *
 * @since 0.1.0
 * @category utils
 */
export const isAdmin = (path: string): boolean => path === ADMIN_PREFIX || path.startsWith(ADMIN_PREFIX + "/")

/**
 * Whether a path is the fake's own (admin API, `/`, `/openapi.json`): not journaled and not subject to
 * the request limits.
 *
 * @since 0.1.0
 * @category utils
 */
export const isInternal = (path: string): boolean =>
  path === ADMIN_PREFIX || path.startsWith(ADMIN_PREFIX + "/") || path === "/openapi.json" || path === "/"

// A browser app on another origin may call the fake with any headers (the preflight reflects them, the
// fault header included) and read Retry-After. Hono's middleware answers the preflight.
const preflightMiddleware = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "POST", "DELETE", "OPTIONS"],
  exposeHeaders: [...EXPOSED_HEADERS],
  maxAge: 600
})

const nothing = async () => {}

/**
 * The answer of a CORS preflight (`OPTIONS`), on any path. Preflights are not journaled.
 *
 * @since 0.1.0
 * @category handlers
 */
export const preflight = (c: AppContext): Promise<Response> => preflightMiddleware(c, nothing) as Promise<Response>

/**
 * The middleware of the internal paths: the preflight, and the CORS headers of every other answer.
 *
 * @since 0.1.0
 * @category middleware
 */
export const internalMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c)
  await next()
  if (c.get("complete") !== true) setCorsHeaders(c.res.headers)
  return undefined
}

/**
 * The answer to an unexpected failure: no stack trace and no file path reaches the client; the
 * detail goes to the server's log. An `HTTPException` below 500 (a request Hono cannot read) is a 400.
 *
 * @since 0.1.0
 * @category handlers
 */
export const errorResponse = (deps: HandlerDeps, error: unknown, c: AppContext): Response => {
  if (error instanceof HTTPException && error.status < 500) {
    const message = error.message || "the request cannot be read"
    return jsonResponse(c, { error: "bad-request", message }, error.status)
  }
  deps.options.onError(error, { method: c.req.method, path: c.req.path })
  return jsonResponse(c, {
    error: "internal-error",
    message: "the fake failed to answer this request; the server log has the details"
  }, 500)
}

const countParameters = (query: string): number => {
  if (query === "") return 0
  let count = 1
  for (let i = 0; i < query.length; i++) if (query.charCodeAt(i) === 38) count++
  return count
}

// The journal gets the status answered; an answer built without the common headers gets them now.
const finish = (c: AppContext, entry: { status: number | null; readonly seq: number }, response: Response) => {
  const dropped = c.get("dropped") === true
  entry.status = dropped ? 0 : response.status
  if (c.get("complete") !== true) {
    setCorsHeaders(response.headers)
    if (!dropped) response.headers.set(SEQUENCE_HEADER, String(entry.seq))
  }
  return response
}

/**
 * Runs `handle` for a request to a non-internal path: limits first (414 for a URL over
 * `maxUrlLength`, 400 for more than `maxParameters` parameters), then the journal entry (its
 * parameters are read only when first needed), then the answer, with its status recorded, the CORS
 * headers and the sequence number. An exception of `handle` becomes the 500 of {@link errorResponse}.
 * Returns at once when `handle` does.
 *
 * @since 0.1.0
 * @category middleware
 */
export const journaled = (
  deps: HandlerDeps,
  c: AppContext,
  handle: (c: AppContext) => Response | Promise<Response>
): Response | Promise<Response> => {
  const { limits } = deps.options
  const method = c.req.method
  // Journaled without the leading slash, as operations name their paths (`XML_STOPFINDER_REQUEST`).
  const path = c.req.path.slice(1)
  const url = c.req.url
  if (url.length > limits.maxUrlLength) {
    deps.state.record(method, path, []).status = 414
    return finalJson(c, {
      error: "uri-too-long",
      message: `the request URL has ${url.length} characters; at most ${limits.maxUrlLength} are accepted`
    }, 414)
  }
  const query = rawQuery(url)
  const count = countParameters(query)
  if (count > limits.maxParameters) {
    deps.state.record(method, path, []).status = 400
    return finalJson(c, {
      error: "too-many-parameters",
      message: `the request has ${count} query parameters; at most ${limits.maxParameters} are accepted`
    }, 400)
  }
  const entry = deps.state.record(method, path, query)
  c.set("entry", entry)
  let response: Response | Promise<Response>
  try {
    response = handle(c)
  } catch (error) {
    return finish(c, entry, errorResponse(deps, error, c))
  }
  return response instanceof Promise
    ? response.then(
      (answered) => finish(c, entry, answered),
      (error) => finish(c, entry, errorResponse(deps, error, c))
    )
    : finish(c, entry, response)
}
