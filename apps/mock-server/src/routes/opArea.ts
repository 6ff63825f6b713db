/**
 * Operating areas (XML_OPAREA_REQUEST): sharing providers and their areas.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_OPAREA_REQUEST`.
 *
 * @since 0.1.0
 * @category routes
 */
export const opAreaRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_OPAREA_REQUEST", () => deps.answers.opArea)
