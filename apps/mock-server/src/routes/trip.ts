/**
 * Trip (XML_TRIP_REQUEST2): connections between two points.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_TRIP_REQUEST2`.
 *
 * @since 0.1.0
 * @category routes
 */
export const tripRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_TRIP_REQUEST2", () => deps.answers.trip, true)
