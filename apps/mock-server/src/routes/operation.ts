/**
 * The router of one operation path: `GET` (and `HEAD`) answer, other methods get 405.
 *
 * @since 0.1.0
 */
import { Hono } from "hono"
import { type AppContext, type AppEnv, jsonResponse } from "../env.js"
import { type HandlerDeps, operationHandler } from "../handler.js"
import type { AnswerEntry, AnswerRegistry } from "../registry.js"

/**
 * What every router gets.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteDeps extends HandlerDeps {
  readonly answers: AnswerRegistry
}

/**
 * A 405 answer naming the allowed methods.
 *
 * @since 0.1.0
 * @category handlers
 */
export const methodNotAllowed = (allowed: ReadonlyArray<string>) => (c: AppContext): Response =>
  jsonResponse(c, {
    error: "method-not-allowed",
    method: c.req.method,
    path: c.req.path,
    allowed,
    message: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(", ")}`
  }, 405, { allow: allowed.join(", ") })

/**
 * The methods an operation path takes. `OPTIONS` is answered by the CORS preflight.
 *
 * @since 0.1.0
 * @category constants
 */
export const OPERATION_METHODS: ReadonlyArray<string> = ["GET", "HEAD", "OPTIONS"]

/**
 * Builds the router of an operation path.
 *
 * @since 0.1.0
 * @category constructors
 */
export const operationRouter = (
  deps: RouteDeps,
  path: string,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry
): Hono<AppEnv> =>
  new Hono<AppEnv>()
    .get("/", operationHandler(deps, path, select))
    .all("/", methodNotAllowed(OPERATION_METHODS))
