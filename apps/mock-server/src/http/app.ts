/**
 * The fake EFA server as a Hono app, built without binding a port: serve it with `@hono/node-server`,
 * call its `fetch` in process, or use {@link layerInProcess} from the package's index.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import { Hono } from "hono"
import { localDate } from "../engine/timetable.js"
import { answers, operationsOf } from "../registry.js"
import { AnswerCache } from "./answerCache.js"
import type { AppEnv } from "./context.js"
import { corsMiddleware, preflight } from "./cors.js"
import { makeTestTools, type TestTools } from "./interceptor.js"
import { journaled } from "./journal.js"
import { type AppOptions, resolveOptions } from "./options.js"
import { ADMIN_PREFIX, isAdmin, isInternal, OPENAPI_PATH } from "./paths.js"
import { apiKeyCheck } from "./profile.js"
import { parseQuota, Quota, type QuotaLimits } from "./quota.js"
import { adminDisabledRoutes, adminRoutes } from "./routes/admin.js"
import { discoveryRoutes, notFound } from "./routes/discovery.js"
import { openApiRoutes } from "./routes/openapi.js"
import { belowVirtualDirectory, operationHandlers, operationRoutes, type RouteDeps } from "./routes/operations.js"
import { errorResponse } from "./send.js"
import { MockState } from "./state.js"
import { WorkQueue } from "./workQueue.js"

/**
 * A fake: the app and the state behind it (journal, scripted faults, clock), for callers that want to
 * look at or change the state without going through the admin API.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockServer {
  readonly app: Hono<AppEnv>
  readonly state: MockState
  /** Stubs, verification and recordings. */
  readonly tools: TestTools
  /** With the wall clock (`now: "now"`): the day the dataset was laid on, in the fake's zone. */
  readonly today?: string | undefined
}

export {
  /**
   * The response header that carries the journal sequence number of a request.
   *
   * @since 0.1.0
   * @category constants
   */
  SEQUENCE_HEADER
} from "./send.js"

const quotaOf = (quota: string | QuotaLimits | undefined): Quota | undefined => {
  if (quota === undefined) return undefined
  const limits = typeof quota === "string" ? parseQuota(quota) : Either.right(quota)
  if (Either.isLeft(limits)) throw new Error(`invalid option quota: ${limits.left}`)
  for (const [name, value] of Object.entries(limits.right)) {
    if (value !== undefined && !(typeof value === "number" && value > 0)) {
      throw new Error(`invalid option quota.${name}: must be a positive number`)
    }
  }
  return new Quota(limits.right)
}

/**
 * Builds a fake and its state.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeMockServer = (options: AppOptions): MockServer => {
  const resolved = resolveOptions(options)
  const { limits } = resolved
  const state = new MockState(
    resolved.now,
    limits.maxJournalEntries,
    limits.maxScriptedFaults,
    limits.maxJournalBytes,
    resolved.wallClock
  )
  const cache = new AnswerCache(limits.maxCachedAnswers)
  const registry = { ...answers, ...options.answers }
  const tools = makeTestTools(options, {
    maxJournalEntries: limits.maxJournalEntries,
    maxLatencyMs: limits.maxLatencyMs,
    operationsAt: (path) => operationsOf(registry).filter((operation) => operation.path === path),
    onError: (error) => resolved.onError(error, { method: "record", path: options.record ?? "" })
  })
  const deps: RouteDeps = {
    quota: quotaOf(options.quota),
    options: resolved,
    state,
    cache,
    work: new WorkQueue(),
    answers: registry,
    intercept: tools.intercept,
    tools
  }
  const app = new Hono<AppEnv>()

  // The fake's own paths get the preflight and the CORS headers from a middleware; the operation paths
  // do both in their one handler (see `routes/operations.ts`).
  app.use("/", corsMiddleware)
  app.use(OPENAPI_PATH, corsMiddleware)

  app.route("/", discoveryRoutes(deps))
  app.route("/", openApiRoutes(deps))
  app.route(ADMIN_PREFIX, resolved.admin.enabled ? adminRoutes(deps) : adminDisabledRoutes())
  const keyCheck = resolved.profile === undefined ? undefined : apiKeyCheck(resolved.profile)
  if (keyCheck !== undefined) app.use("*", (c, next) => (isInternal(c.req.path) ? next() : keyCheck(c, next)))
  const handlers = operationHandlers(deps)
  app.route("/", operationRoutes(deps, handlers))

  const unknownPath = notFound(deps)
  const below = belowVirtualDirectory(handlers)
  app.notFound((c) => {
    const operation = below(c.req.path)
    if (operation !== undefined) return operation(c)
    if (c.req.method === "OPTIONS" && !isAdmin(c.req.path)) return preflight(c)
    // An unknown path is journaled like an operation request, except below the admin prefix.
    return isInternal(c.req.path) ? unknownPath(c) : journaled(deps, c, unknownPath)
  })
  app.onError((error, c) => errorResponse(resolved.onError, error, c))
  return resolved.wallClock
    ? { app, state, tools, today: localDate(resolved.now, resolved.timeZone) }
    : { app, state, tools }
}

/**
 * Builds the fake as a Hono app, without binding a port.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeApp = (options: AppOptions): Hono<AppEnv> => makeMockServer(options).app
