/**
 * Serving lines (XML_SERVINGLINES_REQUEST): lines of a stop or by line name.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_SERVINGLINES_REQUEST`.
 *
 * @since 0.1.0
 * @category routes
 */
export const servingLinesRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_SERVINGLINES_REQUEST", () => deps.answers.servingLines)
