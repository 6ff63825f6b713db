/**
 * CORS: a browser app on another origin may call the fake with any headers (the preflight reflects
 * them, the fault header included) and read `Retry-After` and the sequence number. Hono's `cors`
 * middleware answers the preflight; preflights are not journaled.
 *
 * @since 0.1.0
 */
import { cors } from "hono/cors"
import { createMiddleware } from "hono/factory"
import type { AppContext, AppEnv } from "./context.js"
import { EXPOSED_HEADERS, setCorsHeaders } from "./send.js"

const preflightMiddleware = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "POST", "DELETE", "OPTIONS"],
  exposeHeaders: [...EXPOSED_HEADERS],
  maxAge: 600
})

const nothing = async () => {}

/**
 * The answer of a CORS preflight (`OPTIONS`), on any path.
 *
 * @since 0.1.0
 * @category handlers
 */
export const preflight = (c: AppContext): Promise<Response> => preflightMiddleware(c, nothing) as Promise<Response>

/**
 * The middleware of the fake's own paths: the preflight, and the CORS headers of every other answer.
 * (The operation paths do both in their one handler, see `routes/operations.ts`.)
 *
 * @since 0.1.0
 * @category middleware
 */
export const corsMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c)
  await next()
  if (c.get("complete") !== true) setCorsHeaders(c.res.headers)
  return undefined
})
