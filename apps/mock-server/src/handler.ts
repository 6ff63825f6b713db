/**
 * The one handler every operation path uses: faults first, then decode the query with the core's
 * Schema, answer from the dataset, encode with the core's response Schema.
 *
 * @since 0.1.0
 */
import { Operation, Profile } from "@efa-kit/core"
import { Duration, Effect, Either, ParseResult, Schema } from "effect"
import type { AnswerCache, CachedAnswer } from "./answerCache.js"
import type { AnswerContext } from "./answers/types.js"
import { type OutputFormat, outputFormatOf, rapidJsonEncoder } from "./dialect.js"
import { WorkBudget } from "./engine/budget.js"
import { type AppContext, finalJson, finalResponse, JSON_TYPE, rawQuery } from "./env.js"
import {
  type Fault,
  FAULT_HEADER,
  formatFault,
  htmlPage,
  INVALID_JSON,
  isNoFault,
  parseFault,
  reasonPhrase
} from "./faults.js"
import type { Intercept, SourceAnswer } from "./interceptor.js"
import type { ResolvedOptions } from "./options.js"
import { type AnswerEntry, answers as builtInAnswers } from "./registry.js"
import type { MockState } from "./state.js"
import type { WorkQueue } from "./workQueue.js"

/**
 * What the handler needs from the app.
 *
 * @since 0.1.0
 * @category models
 */
export interface HandlerDeps {
  readonly options: ResolvedOptions
  readonly state: MockState
  /** Finished answers of the built-in answer functions; none are kept without it. */
  readonly cache?: AnswerCache | undefined
  /** Where expensive answers (trips) wait for a turn of their own; without it they are answered at once. */
  readonly work?: WorkQueue | undefined
  /** Stubs, recordings and the upstream, asked before the dataset (see `interceptor.ts`). */
  readonly intercept?: Intercept | undefined
}

/**
 * One problem with a request, named by the query parameter.
 *
 * @since 0.1.0
 * @category models
 */
export interface ParameterIssue {
  readonly parameter: string
  readonly message: string
}

/**
 * The outcome of answering a request.
 *
 * @since 0.1.0
 * @category models
 */
export type Outcome =
  | { readonly _tag: "Answered"; readonly entry: AnswerEntry; readonly response: unknown; readonly body: string }
  | { readonly _tag: "Invalid"; readonly entry: AnswerEntry; readonly issues: ReadonlyArray<ParameterIssue> }

type Decoder = (pairs: unknown) => Either.Either<unknown, ParseResult.ParseError>
type Encoder = (response: unknown) => Either.Either<unknown, ParseResult.ParseError>

const decoders = new WeakMap<Operation.Any, WeakMap<object, Decoder>>()
const encoders = new WeakMap<Operation.Any, Encoder>()

const decoderFor = (operation: Operation.Any, context: Operation.QueryContext): Decoder => {
  let byContext = decoders.get(operation)
  if (byContext === undefined) {
    byContext = new WeakMap()
    decoders.set(operation, byContext)
  }
  let decoder = byContext.get(context)
  if (decoder === undefined) {
    decoder = Schema.decodeUnknownEither(operation.query(context), { errors: "all" })
    byContext.set(context, decoder)
  }
  return decoder
}

const encoderFor = (operation: Operation.Any): Encoder => {
  let encoder = encoders.get(operation)
  if (encoder === undefined) {
    encoder = Schema.encodeEither(operation.response) as Encoder
    encoders.set(operation, encoder)
  }
  return encoder
}

/**
 * The issues of a failed decode, one per parameter and rule: the parameter is the first element of the
 * issue's path.
 *
 * @since 0.1.0
 * @category utils
 */
export const toParameterIssues = (issue: ParseResult.ParseIssue): Array<ParameterIssue> => {
  const seen = new Set<string>()
  const out: Array<ParameterIssue> = []
  for (const entry of ParseResult.ArrayFormatter.formatIssueSync(issue)) {
    const parameter = entry.path.length === 0 ? "(query)" : String(entry.path[0])
    const key = parameter + "\u0000" + entry.message
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ parameter, message: entry.message })
  }
  return out
}

/**
 * Decodes, answers and encodes one request. Throws only for a fault of the fake itself (an answer that
 * fails or does not match the response schema), which the app turns into a 500.
 *
 * @since 0.1.0
 * @category handlers
 */
export const answerQuery = (
  entry: AnswerEntry,
  pairs: ReadonlyArray<readonly [string, string]>,
  context: AnswerContext
): Outcome => {
  const { operation } = entry
  const { format, issues: formatIssues } = outputFormatOf(pairs)
  const decoded = decoderFor(operation, queryContextOf(context))(pairs)
  if (Either.isLeft(decoded) || formatIssues.length > 0) {
    const issues = [...formatIssues, ...(Either.isLeft(decoded) ? toParameterIssues(decoded.left.issue) : [])]
    return { _tag: "Invalid", entry, issues }
  }
  const response = entry.answer(decoded.right, context)
  const encoded = format === "rapidJSON"
    ? rapidJsonEncoder(operation, context.timeZone)(response)
    : encoderFor(operation)(response)
  if (Either.isLeft(encoded)) {
    throw new Error(
      `the answer of ${operation.name} does not match its response schema: ` +
        ParseResult.TreeFormatter.formatIssueSync(encoded.left.issue).slice(0, 2000)
    )
  }
  return { _tag: "Answered", entry, response, body: JSON.stringify(encoded.right) }
}

const queryContexts = new WeakMap<AnswerContext["timeZone"], Operation.QueryContext>()

// One query context per zone, so that the decoder cache hits.
const queryContextOf = (context: AnswerContext): Operation.QueryContext => {
  let found = queryContexts.get(context.timeZone)
  if (found === undefined) {
    found = { timeZone: context.timeZone }
    queryContexts.set(context.timeZone, found)
  }
  return found
}

/**
 * The body of a 400 answer.
 *
 * @since 0.1.0
 * @category handlers
 */
export const invalidBody = (operation: Operation.Any, issues: ReadonlyArray<ParameterIssue>) => ({
  error: "invalid-parameters",
  operation: operation.name,
  path: operation.path,
  message: `${issues.length} invalid parameter${issues.length === 1 ? "" : "s"}: ` +
    issues.map((issue) => `${issue.parameter}: ${issue.message}`).join("; "),
  issues
})

/**
 * Waits with an Effect timer; resolves `false` when the client went away first.
 *
 * @since 0.1.0
 * @category utils
 */
export const sleep = (ms: number, signal?: AbortSignal): Promise<boolean> =>
  Effect.runPromise(Effect.as(Effect.sleep(Duration.millis(ms)), true), signal !== undefined ? { signal } : undefined)
    .catch(() => false)

/**
 * Destroys the connection. Over a real socket the socket is destroyed; in process the client's `fetch`
 * is told to reject; called through a bare `app.fetch`, the answer's body fails when read.
 *
 * @since 0.1.0
 * @category handlers
 */
export const dropConnection = (c: AppContext): Response => {
  c.set("dropped", true)
  const inProcess = c.env?.inProcess
  if (inProcess !== undefined) {
    inProcess.dropped = true
    return c.body(null, 500)
  }
  const socket = c.env?.incoming?.socket
  if (socket !== undefined) {
    socket.destroy()
    return c.body(null, 500)
  }
  const body = new ReadableStream({
    start: (controller) => controller.error(new Error("connection dropped (injected fault)"))
  })
  return new Response(body, { status: 200, headers: { "content-type": JSON_TYPE } })
}

// Node's parsed headers when served over a port: `c.req.header` would build a web `Headers` of every
// request header just to learn that the fault header is absent.
const requestHeader = (c: AppContext, name: string): string | undefined => {
  const incoming = c.env?.incoming
  if (incoming === undefined) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(", ") : value
}

const faultOf = (c: AppContext, deps: HandlerDeps, path: string): Either.Either<Fault | undefined, string> => {
  const header = requestHeader(c, FAULT_HEADER)
  if (header !== undefined) return parseFault(header, deps.options.limits.maxLatencyMs)
  return Either.right(deps.state.takeFault(path))
}

const systemErrorBody = (
  entry: AnswerEntry,
  fault: Fault,
  format: OutputFormat,
  timeZone: AnswerContext["timeZone"]
): string => {
  const { noResult } = entry
  const message = {
    type: "error",
    module: noResult.module,
    code: fault.code ?? noResult.code,
    text: noResult.text
  }
  const candidate = { ...noResult.result, systemMessages: [message] }
  // Encoded through the response schema when it fits, so the body has the contract's shape.
  const decoded = Schema.decodeUnknownEither(entry.operation.response)(candidate)
  if (Either.isRight(decoded)) {
    const encoded = format === "rapidJSON"
      ? rapidJsonEncoder(entry.operation, timeZone)(decoded.right)
      : encoderFor(entry.operation)(decoded.right)
    if (Either.isRight(encoded)) return JSON.stringify(encoded.right)
  }
  return JSON.stringify(candidate)
}

// The built-in answers are pure; answers supplied through `makeApp({ answers })` may not be, and are
// run every time.
const pureAnswers = new Set<unknown>(Object.values(builtInAnswers).map((entry: AnswerEntry) => entry.answer))

const answer = (entry: AnswerEntry, pairs: ReadonlyArray<readonly [string, string]>, context: AnswerContext) => {
  const outcome = answerQuery(entry, pairs, context)
  return outcome._tag === "Invalid"
    ? { entry, status: 400, body: JSON.stringify(invalidBody(outcome.entry.operation, outcome.issues)) } as const
    : { entry, status: 200, body: outcome.body } as const
}

// The finished answer of a query: from the cache when the same URL was answered at the same "now" (the
// URL is the key as it is: the path and the query decide the operation and its answer, and building a
// shorter key would cost more than hashing this one).
const finished = (
  c: AppContext,
  deps: HandlerDeps,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry
): CachedAnswer => {
  const now = deps.state.now
  const cache = deps.cache
  const url = c.req.url
  const cached = cache?.get(now.epochMillis, url)
  if (cached !== undefined) return cached
  const pairs = c.get("entry")?.params ?? Operation.fromQueryString(rawQuery(url))
  const entry = select(pairs)
  // a profile's own parameter names (TfNSW's `depArrMacro`) read as the contract's
  const read = deps.options.profile === undefined
    ? pairs
    : Profile.contractParams(deps.options.profile, entry.operation.name as Profile.OperationName, pairs)
  const { limits } = deps.options
  const budget = new WorkBudget({
    maxSearches: limits.maxTripSearches,
    maxRounds: limits.maxTripRounds,
    maxMillis: limits.maxTripMillis
  })
  const fresh = answer(entry, read, { dataset: deps.options.dataset, now, timeZone: deps.options.timeZone, budget })
  // An answer cut short by the clock depends on the machine's load: it is not kept.
  if (cache !== undefined && pureAnswers.has(entry.answer) && budget.exceeded !== "time") {
    cache.set(now.epochMillis, url, fresh)
  }
  return fresh
}

const isCached = (c: AppContext, deps: HandlerDeps): boolean =>
  deps.cache?.get(deps.state.now.epochMillis, c.req.url) !== undefined

/**
 * Builds the handler of an operation path. `select` picks the operation from the query, for the path
 * that serves two (`XML_COORD_REQUEST` and its vehicle-detail mode). The answer is returned at once
 * unless a fault asks for latency: a synchronous answer lets the server write it in the same turn.
 * With `expensive` (trips), an answer not in the cache is computed in the work queue's next free turn.
 *
 * @since 0.1.0
 * @category handlers
 */
export const operationHandler = (
  deps: HandlerDeps,
  path: string,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry,
  expensive = false
) =>
(c: AppContext): Response | Promise<Response> => {
  const faultOrError = faultOf(c, deps, path)
  if (Either.isLeft(faultOrError)) {
    return sendJson(c, {
      error: "invalid-fault",
      header: FAULT_HEADER,
      message: faultOrError.left
    }, 400)
  }
  const intercepted = deps.intercept?.(c, path, () => fromDataset(c, deps, select))
  // A fault of the header or of a script wins over a stub's fault.
  const fault = faultOrError.right ?? intercepted?.fault
  const base = intercepted?.answer
  if (fault === undefined) {
    if (base !== undefined) return sendAnswer(c, base())
    const work = deps.work
    if (expensive && work !== undefined && !isCached(c, deps)) {
      // An answer to compute that may be expensive: in a turn of its own, unless the client left meanwhile.
      return work.run(() => {
        if (c.req.raw.signal.aborted) return sendJson(c, { error: "client-closed-request" }, 499)
        const { body, status } = finished(c, deps, select)
        return send(c, body, status, { "content-type": JSON_TYPE })
      })
    }
    // The common case: no fault, one finished answer.
    const { body, status } = finished(c, deps, select)
    return send(c, body, status, { "content-type": JSON_TYPE })
  }
  const journal = c.get("entry")
  if (!isNoFault(fault) && journal !== undefined) journal.fault = formatFault(fault)
  if (fault.latency !== undefined && fault.latency > 0) {
    return sleep(fault.latency, c.req.raw.signal).then((completed) =>
      completed
        ? faulty(c, deps, select, fault, base)
        // 499: the client closed the request while the fake was waiting (nobody reads this answer).
        : sendJson(c, { error: "client-closed-request" }, 499)
    )
  }
  return faulty(c, deps, select, fault, base)
}

const fromDataset = (
  c: AppContext,
  deps: HandlerDeps,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry
): SourceAnswer => {
  const { body, status } = finished(c, deps, select)
  return { status, contentType: JSON_TYPE, body }
}

const sendAnswer = (c: AppContext, answer: SourceAnswer | Promise<SourceAnswer>): Response | Promise<Response> =>
  answer instanceof Promise
    ? answer.then((ready) => sendAnswer(c, ready))
    : send(c, answer.body, answer.status, { ...answer.headers, "content-type": answer.contentType })

const faulty = (
  c: AppContext,
  deps: HandlerDeps,
  select: (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry,
  fault: Fault,
  base: (() => SourceAnswer | Promise<SourceAnswer>) | undefined
): Response | Promise<Response> => {
  const extraHeaders: Record<string, string> = fault.retryAfter !== undefined
    ? { "retry-after": fault.retryAfter }
    : {}
  switch (fault.kind) {
    case "drop":
      return dropConnection(c)
    case "html": {
      const status = fault.status ?? 200
      const shown = status === 200 ? 503 : status
      return send(c, htmlPage(shown, reasonPhrase(shown)), status, {
        "content-type": "text/html; charset=utf-8",
        ...extraHeaders
      })
    }
    case "empty":
      return send(c, "", fault.status ?? 200, { "content-type": JSON_TYPE, ...extraHeaders })
    case "invalid-json":
      return send(c, INVALID_JSON, fault.status ?? 200, { "content-type": JSON_TYPE, ...extraHeaders })
    case undefined:
      if (fault.status !== undefined && fault.status !== 200) return statusFault(c, fault.status, extraHeaders)
  }
  if (base !== undefined) {
    // The answer a stub, a recording or the upstream gives, broken as the fault asks.
    const entry = select(c.get("entry")?.params ?? Operation.fromQueryString(rawQuery(c.req.url)))
    const answer = base()
    const finish = (ready: SourceAnswer) =>
      breakAnswer(c, deps, entry, fault, ready.status, ready.body, {
        "content-type": ready.contentType,
        ...extraHeaders
      })
    return answer instanceof Promise ? answer.then(finish) : finish(answer)
  }
  const outcome = finished(c, deps, select)
  return breakAnswer(c, deps, outcome.entry, fault, outcome.status, outcome.body, {
    "content-type": JSON_TYPE,
    ...extraHeaders
  })
}

const breakAnswer = (
  c: AppContext,
  deps: HandlerDeps,
  entry: AnswerEntry,
  fault: Fault,
  answeredStatus: number,
  answeredBody: string,
  headers: Record<string, string>
): Response => {
  let status = answeredStatus
  let body = answeredBody
  if (answeredStatus === 200 && fault.kind === "system-error") {
    const pairs = c.get("entry")?.params ?? Operation.fromQueryString(rawQuery(c.req.url))
    body = systemErrorBody(entry, fault, outputFormatOf(pairs).format, deps.options.timeZone)
  }
  if (fault.status !== undefined) status = fault.status
  if (fault.kind === "truncated") body = body.slice(0, Math.max(1, Math.floor(body.length / 2)))
  return send(c, body, status, headers)
}

// Statuses whose responses carry no body by definition.
const NO_BODY = new Set([204, 205, 304])

const send = finalResponse

const sendJson = finalJson

const statusFault = (c: AppContext, status: number, headers: Record<string, string>): Response =>
  NO_BODY.has(status) ? send(c, "", status, headers) : sendJson(
    c,
    {
      error: "injected-fault",
      status,
      message: `${reasonPhrase(status)} (injected by fault)`
    },
    status,
    headers
  )
