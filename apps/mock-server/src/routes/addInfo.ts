/**
 * Notices (XML_ADDINFO_REQUEST): current and historic service notices.
 *
 * @since 0.1.0
 */
import type { Hono } from "hono"
import type { AppEnv } from "../env.js"
import { operationRouter, type RouteDeps } from "./operation.js"

/**
 * The router of `/XML_ADDINFO_REQUEST`.
 *
 * @since 0.1.0
 * @category routes
 */
export const addInfoRoutes = (deps: RouteDeps): Hono<AppEnv> =>
  operationRouter(deps, "XML_ADDINFO_REQUEST", () => deps.answers.addInfo)
