/**
 * Stop finder (XML_STOPFINDER_REQUEST): text, ID or coordinate search.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_STOPFINDER_REQUEST`.
 *
 * @since 0.1.0
 * @category routes
 */
export const stopFinderRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_STOPFINDER_REQUEST", () => deps.answers.stopFinder)
