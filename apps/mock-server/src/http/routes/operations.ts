/**
 * The operation paths: one route per path of the core's list of operations (and per path of a
 * deployment profile), each one handler for every method: the CORS preflight for `OPTIONS`, 405 for
 * methods other than `GET` and `HEAD`, else, journaled, the request's answer:
 *
 * 1. its fault (the `x-efa-fault` header, else a scripted one; see `faults.ts`);
 * 2. a stub, a recording or the upstream (see `interceptor.ts`), whose answer a fault may break;
 * 3. else the dataset (see `answer.ts`), through the answer cache, expensive answers in a turn of
 *    their own.
 *
 * The answer is returned at once unless a fault asks for latency: a synchronous answer lets the server
 * write it in the same turn.
 *
 * @since 0.1.0
 */
import { Operations } from "@efa-kit/core"
import { Either } from "effect"
import { Hono } from "hono"
import { type AnswerEntry, type AnswerRegistry, entriesOf } from "../../registry.js"
import { type AnswerDeps, answerFromDataset, isCached, queryPairs, readingOf, type Select } from "../answer.js"
import type { AppContext, AppEnv } from "../context.js"
import { preflight } from "../cors.js"
import { invalidFault, type PlainAnswer, requestedFault, respondWithFault } from "../faults.js"
import type { Intercept, SourceAnswer, TestTools } from "../interceptor.js"
import { journaled } from "../journal.js"
import type { ResolvedOptions } from "../options.js"
import { isAdmin, PATHS } from "../paths.js"
import { type Quota, withQuota } from "../quota.js"
import { outputFormatOf, systemErrorBody } from "../responses.js"
import { finalJson, finalResponse, JSON_TYPE, methodNotAllowed } from "../send.js"
import type { MockState } from "../state.js"
import type { WorkQueue } from "../workQueue.js"

/**
 * What the routers get.
 *
 * @since 0.1.0
 * @category models
 */
export interface RouteDeps extends AnswerDeps {
  readonly options: ResolvedOptions
  readonly state: MockState
  readonly answers: AnswerRegistry
  /** Where expensive answers (trips) wait for a turn of their own; without it they are answered at once. */
  readonly work?: WorkQueue | undefined
  /** Stubs, recordings and the upstream, asked before the dataset (see `interceptor.ts`). */
  readonly intercept?: Intercept | undefined
  /** Stubs, verification and recordings, whose admin endpoints join the admin API. */
  readonly tools?: TestTools | undefined
  /** A quota per API key (`--quota`), checked before anything else is answered. */
  readonly quota?: Quota | undefined
}

/**
 * The methods an operation path takes. `OPTIONS` is answered by the CORS preflight.
 *
 * @since 0.1.0
 * @category constants
 */
const OPERATION_METHODS: ReadonlyArray<string> = ["GET", "HEAD", "OPTIONS"]

/**
 * How a path picks the entry that answers a query: the entry whose mode parameter the query has, else
 * the one without a mode.
 *
 * @since 0.1.0
 * @category utils
 */
const selectorOf = (entries: ReadonlyArray<AnswerEntry>): Select => {
  const plain = entries.find((entry) => entry.operation.mode === undefined) ?? entries[0]!
  const moded = entries.flatMap((entry) => {
    const mode = entry.operation.mode
    return mode === undefined ? [] : [{ entry, parameter: mode.parameter }]
  })
  if (moded.length === 0) return () => plain
  return (pairs) => {
    for (const { entry, parameter } of moded) {
      if (pairs.some(([key]) => key === parameter)) return entry
    }
    return plain
  }
}

const sendSource = (c: AppContext, answer: SourceAnswer | Promise<SourceAnswer>): Response | Promise<Response> =>
  answer instanceof Promise
    ? answer.then((ready) => sendSource(c, ready))
    : finalResponse(c, answer.body, answer.status, { ...answer.headers, "content-type": answer.contentType })

const fromDataset = (c: AppContext, deps: RouteDeps, select: Select): SourceAnswer => {
  const { body, status } = answerFromDataset(c, deps, select)
  return { status, contentType: JSON_TYPE, body }
}

/**
 * The answer of a `GET` or `HEAD` request to an operation path (the path of the core's list, also when
 * the request came in on a profile's path).
 *
 * @since 0.1.0
 * @category handlers
 */
const operationAnswer = (deps: RouteDeps, path: string) => {
  const entries = entriesOf(deps.answers).filter((entry) => entry.operation.path === path)
  const select = selectorOf(entries)
  const expensive = entries.some((entry) => entry.expensive === true)
  const { limits, timeZone } = deps.options
  const takeScripted = () => deps.state.takeFault(path)
  const systemError = (c: AppContext) => (code: number | undefined): string => {
    const pairs = queryPairs(c)
    const entry = select(pairs)
    const asked = outputFormatOf(pairs, deps.options.dataset.meta.nativeCoordinates ?? "grid")
    return systemErrorBody(entry, code, asked.format, timeZone, {
      dataset: deps.options.dataset,
      now: deps.state.now,
      timeZone,
      version: readingOf(deps.options).version,
      coords: asked.coords,
      notes: []
    })
  }
  return (c: AppContext): Response | Promise<Response> => {
    const requested = requestedFault(c, limits.maxLatencyMs, takeScripted)
    if (Either.isLeft(requested)) return invalidFault(c, requested.left)
    const intercepted = deps.intercept?.(c, path, () => fromDataset(c, deps, select))
    // A fault of the header or of a script wins over a stub's fault.
    const fault = requested.right ?? intercepted?.fault
    const source = intercepted?.answer
    if (fault !== undefined) {
      const answer: () => PlainAnswer | Promise<PlainAnswer> = source ?? (() => fromDataset(c, deps, select))
      return respondWithFault({ c, fault, answer, systemError: systemError(c) })
    }
    if (source !== undefined) return sendSource(c, source())
    const work = deps.work
    if (expensive && work !== undefined && !isCached(c, deps)) {
      // An answer to compute that may be expensive: in a turn of its own, unless the client left meanwhile.
      return work.run(() => {
        if (c.req.raw.signal.aborted) return finalJson(c, { error: "client-closed-request" }, 499)
        const { body, status } = answerFromDataset(c, deps, select)
        return finalResponse(c, body, status, { "content-type": JSON_TYPE })
      })
    }
    // The common case: no fault, one finished answer.
    const { body, status } = answerFromDataset(c, deps, select)
    return finalResponse(c, body, status, { "content-type": JSON_TYPE })
  }
}

/**
 * The one handler of an operation path for every method, journaled, so that a request matches exactly
 * one handler.
 *
 * @since 0.1.0
 * @category handlers
 */
const operationHandler = (deps: RouteDeps, path: string) => {
  const plain = operationAnswer(deps, path)
  const answer = deps.quota === undefined ? plain : withQuota(deps.quota, deps.options.profile?.apiKey?.header, plain)
  const notAllowed = methodNotAllowed(OPERATION_METHODS)
  return (c: AppContext): Response | Promise<Response> => {
    const method = c.req.method
    if (method === "OPTIONS") return preflight(c)
    return journaled(deps, c, method === "GET" || method === "HEAD" ? answer : notAllowed)
  }
}

/**
 * The one handler of each path an operation answers on: every path of the core's list of operations,
 * and the paths of the app's deployment profile (TfNSW's `trip`, `stop_finder`, ...), which answer as
 * the contract's path of their operation does.
 *
 * @since 0.1.0
 * @category handlers
 */
export const operationHandlers = (
  deps: RouteDeps
): ReadonlyMap<string, (c: AppContext) => Response | Promise<Response>> => {
  const handlers = new Map(PATHS.map((path) => [path as string, operationHandler(deps, path)]))
  const profile = deps.options.profile
  for (const operation of Object.values(Operations.all)) {
    const path = profile?.paths?.[operation.name]
    if (path === undefined || handlers.has(path)) continue
    const handler = handlers.get(operation.path)
    if (handler !== undefined) handlers.set(path, handler)
  }
  return handlers
}

/**
 * The router of every operation path (see {@link operationHandlers}). Below a virtual directory
 * (`/mngvvs/XML_DM_REQUEST`) an operation answers through {@link belowVirtualDirectory}: a route per
 * path with a pattern in front would turn Hono from its `RegExpRouter` to its slower `TrieRouter` for
 * every request.
 *
 * @since 0.1.0
 * @category routes
 */
export const operationRoutes = (
  deps: RouteDeps,
  handlers: ReadonlyMap<string, (c: AppContext) => Response | Promise<Response>> = operationHandlers(deps)
): Hono<AppEnv> => {
  const router = new Hono<AppEnv>()
  for (const [path, handler] of handlers) router.all(`/${path}`, handler)
  return router
}

/**
 * The handler of a path below any virtual directory (`/mngvvs/XML_DM_REQUEST`,
 * `/any/virtual/dir/XML_DM_REQUEST`), which answers as the operation's path at the root, as a deployment
 * reached through its virtual directory does, also after an empty one (`//XML_DM_REQUEST`, a base URL with a
 * trailing slash joined with another: a web server in front of EFA takes the repeated slash as one, as it does
 * below a directory); `undefined` for any other path. The admin API's prefix is no virtual directory.
 *
 * @since 0.1.0
 * @category routes
 */
export const belowVirtualDirectory = (
  handlers: ReadonlyMap<string, (c: AppContext) => Response | Promise<Response>>
) =>
(path: string): ((c: AppContext) => Response | Promise<Response>) | undefined => {
  const last = path.lastIndexOf("/")
  return last > 0 && !isAdmin(path) ? handlers.get(path.slice(last + 1)) : undefined
}
