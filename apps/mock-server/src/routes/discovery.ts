/**
 * What a caller who is lost gets: `GET /` (a browser gets the page of `page.ts`) lists the operations, the admin API and the OpenAPI
 * document; an unknown path gets a 404 with the same list and, where the path is a known mistake
 * (`XML_TRIP_REQUEST` for `XML_TRIP_REQUEST2`, `XML_COORDINFO_REQUEST` for `XML_COORD_REQUEST`), a
 * pointer to the right one.
 *
 * @since 0.1.0
 */
import { Hono } from "hono"
import { type AppContext, type AppEnv, jsonResponse } from "../env.js"
import { operationsOf, PATHS } from "../registry.js"
import { nearest } from "../search/text.js"
import { methodNotAllowed, type RouteDeps } from "./operation.js"
import { pageResponse, wantsHtml } from "./page.js"

// Names people use for the operations that are not the operations' paths.
const ALIASES: Record<string, string> = {
  XML_TRIP_REQUEST: "XML_TRIP_REQUEST2",
  XML_TRIP: "XML_TRIP_REQUEST2",
  XML_COORDINFO_REQUEST: "XML_COORD_REQUEST",
  XML_COORD_INFO_REQUEST: "XML_COORD_REQUEST",
  XML_COORDINATE_REQUEST: "XML_COORD_REQUEST",
  XML_STOP_FINDER_REQUEST: "XML_STOPFINDER_REQUEST",
  XML_SERVING_LINES_REQUEST: "XML_SERVINGLINES_REQUEST",
  XML_SERVINGLINE_REQUEST: "XML_SERVINGLINES_REQUEST",
  XML_ADD_INFO_REQUEST: "XML_ADDINFO_REQUEST",
  XML_OP_AREA_REQUEST: "XML_OPAREA_REQUEST",
  XML_GEO_OBJECT_REQUEST: "XML_GEOOBJECT_REQUEST",
  XML_GEOOBJECTS_REQUEST: "XML_GEOOBJECT_REQUEST"
}

/**
 * The operation a mistaken path most likely meant, and why; `undefined` when nothing is close.
 *
 * @since 0.1.0
 * @category utils
 */
export const suggestPath = (path: string): { readonly path: string; readonly reason: string } | undefined => {
  const segments = path.split("/").filter((s) => s.length > 0)
  const last = segments[segments.length - 1]
  if (last === undefined) return undefined
  const upper = last.toUpperCase()
  if ((PATHS as ReadonlyArray<string>).includes(last)) {
    return segments.length > 1
      ? { path: `/${last}`, reason: `this fake serves the operations at its root: use /${last}` }
      : { path: `/${last}`, reason: `use /${last} without the trailing slash` }
  }
  if ((PATHS as ReadonlyArray<string>).includes(upper)) {
    return { path: `/${upper}`, reason: `paths are case-sensitive: use /${upper}` }
  }
  const alias = ALIASES[upper]
  if (alias === "XML_TRIP_REQUEST2") {
    return {
      path: "/XML_TRIP_REQUEST2",
      reason: "the trip operation is XML_TRIP_REQUEST2 (with the trailing 2); " +
        "XML_TRIP_REQUEST is a different, older name"
    }
  }
  if (alias !== undefined) return { path: `/${alias}`, reason: `${last} is not an EFA path; the operation is ${alias}` }
  const close = nearest(upper, PATHS)
  return close !== undefined ? { path: `/${close}`, reason: `did you mean ${close}?` } : undefined
}

const listing = (deps: RouteDeps) =>
  operationsOf(deps.answers).map((operation) => ({
    name: operation.name,
    path: `/${operation.path}`,
    summary: operation.summary,
    ...(operation.name === "vehicleDetail" ? { mode: "coordReqType=VEHICLEDETAIL" } : {})
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
    openapi: "/openapi.json",
    admin: "/__admin/health"
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
      wantsHtml(c) ? pageResponse(c) : jsonResponse(c, {
        service: "efa-kit mock server",
        now: deps.state.nowIso(),
        timeZone: deps.options.timeZoneName,
        operations: listing(deps),
        openapi: "/openapi.json",
        admin: "/__admin/health",
        sample: "/XML_STOPFINDER_REQUEST?outputFormat=JSON&type_sf=any&name_sf=Hauptbahnhof"
      }))
    .all("/", methodNotAllowed(["GET", "HEAD"]))
