/**
 * The router of one operation path: `GET` (and `HEAD`) answer, other methods get 405.
 *
 * @since 0.1.0
 */
import { Hono } from "hono"
import { type AppContext, type AppEnv, jsonResponse } from "../env.js"
import { type HandlerDeps, operationHandler } from "../handler.js"
import type { TestTools } from "../interceptor.js"
import { journaled, preflight } from "../pipeline.js"
import type { AnswerEntry, AnswerRegistry } from "../registry.js"

/**
 * What every router gets.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteDeps extends HandlerDeps {
  readonly answers: AnswerRegistry
  /** Stubs, verification and recordings, whose admin endpoints join the admin API. */
  readonly tools?: TestTools | undefined
}

/**
 * A 405 answer naming the allowed methods.
 *
 * @since 0.1.0
 * @category handlers
 */
export const methodNotAllowed = (allowed: ReadonlyArray<string>) => (c: AppContext): Response =>
  jsonResponse(
    c,
    {
      error: "method-not-allowed",
      method: c.req.method,
      path: c.req.path,
      allowed,
      message: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(", ")}`
    },
    405,
    { allow: allowed.join(", ") }
  )

/**
 * The methods an operation path takes. `OPTIONS` is answered by the CORS preflight.
 *
 * @since 0.1.0
 * @category constants
 */
export const OPERATION_METHODS: ReadonlyArray<string> = ["GET", "HEAD", "OPTIONS"]

/**
 * Builds the router of an operation path: one handler for every method (the preflight for `OPTIONS`,
 * the answer for `GET` and `HEAD`, 405 otherwise), journaled, so that a request matches exactly one
 * handler.
 *
 * @since 0.1.0
 * @category constructors
 */
export const operationRouter = (
  deps: RouteDeps,
  path: string,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry,
  expensive = false
): Hono<AppEnv> => {
  const answer = operationHandler(deps, path, select, expensive)
  const notAllowed = methodNotAllowed(OPERATION_METHODS)
  return new Hono<AppEnv>().all("/", (c) => {
    const method = c.req.method
    if (method === "OPTIONS") return preflight(c)
    return journaled(deps, c, method === "GET" || method === "HEAD" ? answer : notAllowed)
  })
}
