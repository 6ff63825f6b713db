/**
 * How an operation request is answered from the dataset: the query decoded with the core's Schema
 * (a 400 naming each invalid parameter), the registry's answer function, the answer encoded in the
 * asked format; finished answers kept in the answer cache.
 *
 * @since 0.1.0
 */
import { Operation, Profile } from "@efa-kit/core"
import { Either, ParseResult, Schema } from "effect"
import type { AnswerContext } from "../answers/types.js"
import { WorkBudget } from "../engine/budget.js"
import type { ResolvedOptions } from "../options.js"
import { type AnswerEntry, answers as builtInAnswers } from "../registry.js"
import type { AnswerCache, CachedAnswer } from "./answerCache.js"
import { type AppContext, rawQuery } from "./context.js"
import { encoderOf, invalidBody, outputFormatOf, type ParameterIssue, toParameterIssues } from "./responses.js"
import type { MockState } from "./state.js"

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

const decoders = new WeakMap<Operation.Any, WeakMap<object, Decoder>>()

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
 * Decodes, answers and encodes one request. Throws only for a fault of the fake itself (an answer that
 * fails or does not match the response schema), which the app turns into a 500.
 *
 * @since 0.1.0
 * @category handlers
 */
export const answerQuery = (
  entry: AnswerEntry,
  pairs: ReadonlyArray<readonly [string, string]>,
  context: AnswerContext,
  productClasses?: Readonly<Record<number, number>> | undefined
): Outcome => {
  const { operation } = entry
  const { format, issues: formatIssues } = outputFormatOf(pairs)
  const decoded = decoderFor(operation, queryContextOf(context))(pairs)
  if (Either.isLeft(decoded) || formatIssues.length > 0) {
    const issues = [...formatIssues, ...(Either.isLeft(decoded) ? toParameterIssues(decoded.left.issue) : [])]
    return { _tag: "Invalid", entry, issues }
  }
  const response = entry.answer(decoded.right, context)
  const encoded = encoderOf(operation, format, context.timeZone, productClasses)(response)
  if (Either.isLeft(encoded)) {
    throw new Error(
      `the answer of ${operation.name} does not match its response schema: ` +
        ParseResult.TreeFormatter.formatIssueSync(encoded.left.issue).slice(0, 2000)
    )
  }
  return { _tag: "Answered", entry, response, body: JSON.stringify(encoded.right) }
}

/**
 * What answering from the dataset needs.
 *
 * @since 0.1.0
 * @category models
 */
export interface AnswerDeps {
  readonly options: ResolvedOptions
  readonly state: MockState
  /** Finished answers of the built-in answer functions; none are kept without it. */
  readonly cache?: AnswerCache | undefined
}

/**
 * Picks the registry entry that answers a query (a path may serve several operations, one per mode).
 *
 * @since 0.1.0
 * @category models
 */
export type Select = (pairs: ReadonlyArray<readonly [string, string]>) => AnswerEntry

/**
 * The query pairs of a request: the journal's, when it has read them already.
 *
 * @since 0.1.0
 * @category utils
 */
export const queryPairs = (c: AppContext): ReadonlyArray<readonly [string, string]> =>
  c.get("entry")?.params ?? Operation.fromQueryString(rawQuery(c.req.url))

// The built-in answers are pure; answers supplied through `makeApp({ answers })` may not be, and are
// run every time.
const pureAnswers = new Set<unknown>(Object.values(builtInAnswers).map((entry: AnswerEntry) => entry.answer))

const settle = (
  entry: AnswerEntry,
  pairs: ReadonlyArray<readonly [string, string]>,
  context: AnswerContext,
  productClasses: Readonly<Record<number, number>> | undefined
) => {
  const outcome = answerQuery(entry, pairs, context, productClasses)
  return outcome._tag === "Invalid"
    ? { entry, status: 400, body: JSON.stringify(invalidBody(outcome.entry.operation, outcome.issues)) } as const
    : { entry, status: 200, body: outcome.body } as const
}

/**
 * The finished answer of a request from the dataset: from the cache when the same URL was answered at
 * the same "now" (the URL is the key as it is: the path and the query decide the operation and its
 * answer, and building a shorter key would cost more than hashing this one).
 *
 * @since 0.1.0
 * @category handlers
 */
export const answerFromDataset = (c: AppContext, deps: AnswerDeps, select: Select): CachedAnswer => {
  const now = deps.state.now
  const cache = deps.cache
  const url = c.req.url
  const cached = cache?.get(now.epochMillis, url)
  if (cached !== undefined) return cached
  const pairs = queryPairs(c)
  const entry = select(pairs)
  // a profile's own parameter names (TfNSW's `depArrMacro`) and product classes read as the contract's
  const profile = deps.options.profile
  const read = profile === undefined
    ? pairs
    : Profile.contractModes(
      profile,
      entry.operation,
      Profile.contractParams(profile, entry.operation.name as Profile.OperationName, pairs)
    )
  const { limits } = deps.options
  const budget = new WorkBudget({
    maxSearches: limits.maxTripSearches,
    maxRounds: limits.maxTripRounds,
    maxMillis: limits.maxTripMillis
  })
  const fresh = settle(
    entry,
    read,
    { dataset: deps.options.dataset, now, timeZone: deps.options.timeZone, budget },
    profile?.productClasses
  )
  // An answer cut short by the clock depends on the machine's load: it is not kept.
  if (cache !== undefined && pureAnswers.has(entry.answer) && budget.exceeded !== "time") {
    cache.set(now.epochMillis, url, fresh)
  }
  return fresh
}

/**
 * Whether the answer of a request is in the cache.
 *
 * @since 0.1.0
 * @category utils
 */
export const isCached = (c: AppContext, deps: AnswerDeps): boolean =>
  deps.cache?.get(deps.state.now.epochMillis, c.req.url) !== undefined
