/**
 * Coordinate search (XML_COORD_REQUEST): objects around a coordinate or in a box, and, with
 * `coordReqType=VEHICLEDETAIL`, the detail of one sharing vehicle.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_COORD_REQUEST`. A query with a `coordReqType` parameter is the vehicle-detail
 * mode (an unknown `coordReqType` value is then reported by that mode's decoder); any other query is the
 * coordinate search.
 *
 * @since 0.1.0
 * @category routes
 */
export const coordInfoRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(
    deps,
    "XML_COORD_REQUEST",
    (pairs) => (pairs.some(([key]) => key === "coordReqType") ? deps.answers.vehicleDetail : deps.answers.coordInfo)
  )
