/**
 * What a caller who is lost gets: `GET /` (a browser gets the page of `page.ts`) lists the operations, the admin API and the OpenAPI
 * document; an unknown path gets a 404 with the same list and, where the path is a known mistake
 * (the trip's older name, a path spelled with extra underscores), a pointer to the right one.
 *
 * @since 0.1.0
 */
import { Operations } from "@efa-kit/core"
import { Hono } from "hono"
import { sampleStops } from "../../dataset/lookup.js"
import { entriesOf, type OperationName } from "../../registry.js"
import { nearest } from "../../search/text.js"
import type { AppContext, AppEnv } from "../context.js"
import { pageResponse, sampleRequest, wantsHtml } from "../page.js"
import { ADMIN_PREFIX, isOperationPath, OPENAPI_PATH, PATHS } from "../paths.js"
import { jsonResponse, methodNotAllowed } from "../send.js"
import type { RouteDeps } from "./operations.js"

// Names people use for the operations that are not the operations' paths, with the operation meant.
const ALIASES: Record<string, OperationName> = {
  XML_TRIP_REQUEST: "trip",
  XML_TRIP: "trip",
  XML_COORDINFO_REQUEST: "coordInfo",
  XML_COORD_INFO_REQUEST: "coordInfo",
  XML_COORDINATE_REQUEST: "coordInfo",
  XML_STOP_FINDER_REQUEST: "stopFinder",
  XML_SERVING_LINES_REQUEST: "servingLines",
  XML_SERVINGLINE_REQUEST: "servingLines",
  XML_ADD_INFO_REQUEST: "addInfo",
  XML_OP_AREA_REQUEST: "opArea",
  XML_GEO_OBJECT_REQUEST: "geoObject",
  XML_GEOOBJECTS_REQUEST: "geoObject"
}

/**
 * The operation a mistaken path most likely meant, and why; `undefined` when nothing is close.
 *
 * @since 0.1.0
 * @category utils
 */
const suggestPath = (path: string): { readonly path: string; readonly reason: string } | undefined => {
  const segments = path.split("/").filter((s) => s.length > 0)
  const last = segments[segments.length - 1]
  if (last === undefined) return undefined
  const upper = last.toUpperCase()
  if (isOperationPath(last)) {
    return segments.length > 1
      ? { path: `/${last}`, reason: `this fake serves the operations at its root: use /${last}` }
      : { path: `/${last}`, reason: `use /${last} without the trailing slash` }
  }
  if (isOperationPath(upper)) {
    return { path: `/${upper}`, reason: `paths are case-sensitive: use /${upper}` }
  }
  const meant = ALIASES[upper]
  if (meant !== undefined) {
    const alias = Operations.all[meant].path
    // The trip's path without its trailing 2 is a real EFA path, of an older operation.
    return meant === "trip"
      ? {
        path: `/${alias}`,
        reason: `the trip operation is ${alias} (with the trailing 2); ${alias.slice(0, -1)} is a different, older name`
      }
      : { path: `/${alias}`, reason: `${last} is not an EFA path; the operation is ${alias}` }
  }
  const close = nearest(upper, PATHS)
  return close !== undefined ? { path: `/${close}`, reason: `did you mean ${close}?` } : undefined
}

const listing = (deps: RouteDeps) =>
  entriesOf(deps.answers).map(({ operation }) => ({
    name: operation.name,
    path: `/${operation.path}`,
    summary: operation.summary,
    ...(operation.mode !== undefined ? { mode: `${operation.mode.parameter}=${operation.mode.value}` } : {})
  }))

/**
 * The 404 answer.
 *
 * @since 0.1.0
 * @category handlers
 */
export const notFound = (deps: RouteDeps) => (c: AppContext): Response => {
  const path = c.req.path
  const suggestion = suggestPath(path)
  return jsonResponse(c, {
    error: "not-found",
    path,
    message: suggestion !== undefined
      ? `${path} is not an operation of this API: ${suggestion.reason}`
      : `${path} is not an operation of this API; the operations are listed below`,
    ...(suggestion !== undefined ? { didYouMean: suggestion.path } : {}),
    operations: listing(deps),
    openapi: OPENAPI_PATH,
    admin: `${ADMIN_PREFIX}/health`
  }, 404)
}

/**
 * The router of `GET /`.
 *
 * @since 0.1.0
 * @category routes
 */
export const discoveryRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  new Hono<AppEnv>()
    .get("/", (c) =>
      wantsHtml(c) ? pageResponse(c, sampleStops(deps.options.dataset, 3)) : jsonResponse(c, {
        service: "efa-kit mock server",
        now: deps.state.nowIso(),
        timeZone: deps.options.timeZoneName,
        operations: listing(deps),
        openapi: OPENAPI_PATH,
        admin: `${ADMIN_PREFIX}/health`,
        sample: sampleRequest(deps.options.dataset)
      }))
    .all("/", methodNotAllowed(["GET", "HEAD"]))
