/**
 * The fake EFA server as a Hono app, built without binding a port: serve it with `@hono/node-server`,
 * call its `fetch` in process, or use {@link layerInProcess} from the package's index.
 *
 * @since 0.1.0
 */
import { fromQueryString } from "@efa-kit/core/internal/query"
import { Hono } from "hono"
import { cors } from "hono/cors"
import { HTTPException } from "hono/http-exception"
import { type AppEnv, jsonResponse, rawQuery } from "./env.js"
import { type AppOptions, resolveOptions } from "./options.js"
import { answers } from "./registry.js"
import { addInfoRoutes } from "./routes/addInfo.js"
import { ADMIN_PREFIX, adminRoutes } from "./routes/admin.js"
import { coordInfoRoutes } from "./routes/coordInfo.js"
import { discoveryRoutes, notFound } from "./routes/discovery.js"
import { geoObjectRoutes } from "./routes/geoObject.js"
import type { RouteDeps } from "./routes/operation.js"
import { openApiRoutes } from "./routes/openapi.js"
import { opAreaRoutes } from "./routes/opArea.js"
import { servingLinesRoutes } from "./routes/servingLines.js"
import { stopFinderRoutes } from "./routes/stopFinder.js"
import { tripRoutes } from "./routes/trip.js"
import { MockState } from "./state.js"

/**
 * A fake: the app and the state behind it (journal, scripted faults, clock), for callers that want to
 * look at or change the state without going through the admin API.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockServer {
  readonly app: Hono<AppEnv>
  readonly state: MockState
}

/**
 * The response header that carries the journal sequence number of a request.
 *
 * @since 0.1.0
 * @category constants
 */
export const SEQUENCE_HEADER = "x-efa-mock-seq"

// Requests that are not journaled and not subject to the request limits.
const isInternal = (path: string): boolean =>
  path === ADMIN_PREFIX || path.startsWith(ADMIN_PREFIX + "/") || path === "/openapi.json" || path === "/"

const countParameters = (query: string): number => {
  if (query === "") return 0
  let count = 1
  for (let i = 0; i < query.length; i++) if (query.charCodeAt(i) === 38) count++
  return count
}

/**
 * Builds a fake and its state.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeMockServer = (options: AppOptions): MockServer => {
  const resolved = resolveOptions(options)
  const { limits } = resolved
  const state = new MockState(resolved.now, limits.maxJournalEntries, limits.maxScriptedFaults)
  const deps: RouteDeps = { options: resolved, state, answers: { ...answers, ...options.answers } }
  const app = new Hono<AppEnv>()

  // A browser app on another origin may call the fake with any headers (the preflight reflects them, the
  // fault header included) and read Retry-After.
  app.use("*", cors({
    origin: "*",
    allowMethods: ["GET", "HEAD", "POST", "DELETE", "OPTIONS"],
    exposeHeaders: ["retry-after", "content-length", SEQUENCE_HEADER],
    maxAge: 600
  }))

  // Limits first, then the journal: every request to a non-internal path is recorded with its status.
  app.use("*", async (c, next) => {
    if (isInternal(c.req.path)) return next()
    // Journaled without the leading slash, as operations name their paths (`XML_STOPFINDER_REQUEST`).
    const path = c.req.path.slice(1)
    const method = c.req.method
    const url = c.req.url
    if (url.length > limits.maxUrlLength) {
      state.record(method, path, []).status = 414
      return jsonResponse(c, {
        error: "uri-too-long",
        message: `the request URL has ${url.length} characters; at most ${limits.maxUrlLength} are accepted`
      }, 414)
    }
    const query = rawQuery(url)
    const count = countParameters(query)
    if (count > limits.maxParameters) {
      state.record(method, path, []).status = 400
      return jsonResponse(c, {
        error: "too-many-parameters",
        message: `the request has ${count} query parameters; at most ${limits.maxParameters} are accepted`
      }, 400)
    }
    const pairs = fromQueryString(query)
    const entry = state.record(method, path, pairs)
    c.set("pairs", pairs)
    c.set("entry", entry)
    await next()
    const dropped = c.get("dropped") === true
    entry.status = dropped ? 0 : c.res.status
    if (!dropped) c.res.headers.set(SEQUENCE_HEADER, String(entry.seq))
  })

  app.route("/", discoveryRoutes(deps))
  app.route("/", openApiRoutes(deps))
  app.route(ADMIN_PREFIX, adminRoutes(deps))
  app.route("/XML_TRIP_REQUEST2", tripRoutes(deps))
  app.route("/XML_COORD_REQUEST", coordInfoRoutes(deps))
  app.route("/XML_STOPFINDER_REQUEST", stopFinderRoutes(deps))
  app.route("/XML_SERVINGLINES_REQUEST", servingLinesRoutes(deps))
  app.route("/XML_ADDINFO_REQUEST", addInfoRoutes(deps))
  app.route("/XML_OPAREA_REQUEST", opAreaRoutes(deps))
  app.route("/XML_GEOOBJECT_REQUEST", geoObjectRoutes(deps))

  app.notFound(notFound(deps))
  // No stack trace and no file path reaches the client; the detail goes to the server's log.
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || "the request cannot be read"
      return jsonResponse(c, { error: "bad-request", message }, error.status)
    }
    resolved.onError(error, { method: c.req.method, path: c.req.path })
    return jsonResponse(c, {
      error: "internal-error",
      message: "the fake failed to answer this request; the server log has the details"
    }, 500)
  })
  return { app, state }
}

/**
 * Builds the fake as a Hono app, without binding a port.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeApp = (options: AppOptions): Hono<AppEnv> => makeMockServer(options).app
