/**
 * Line geometry (XML_GEOOBJECT_REQUEST): a line's geometry and stops.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_GEOOBJECT_REQUEST`.
 *
 * @since 0.1.0
 * @category routes
 */
export const geoObjectRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_GEOOBJECT_REQUEST", () => deps.answers.geoObject)
