/**
 * How an operation request is answered from the dataset: the query decoded with the core's Schema
 * (a 400 naming each invalid parameter), the registry's answer function, the answer encoded in the
 * asked format; finished answers kept in the answer cache.
 *
 * @since 0.1.0
 */
import { Operation, Profile, type SystemMessage } from "@efa-kit/core"
import { Either, ParseResult, Schema } from "effect"
import type { AnswerContext } from "../answers/types.js"
import { WorkBudget } from "../engine/budget.js"
import type { CoordFormat } from "../rapidJson/coords.js"
import { completeAnswer, type RapidJsonSettings } from "../rapidJson/enrich.js"
import { type ParameterIssue, toParameterIssues } from "../rapidJson/issues.js"
import { IGNORED_PARAMETER_CODE, readLeniently } from "../rapidJson/lenient.js"
import { type AnswerEntry, answers as builtInAnswers } from "../registry.js"
import type { AnswerCache, CachedAnswer } from "./answerCache.js"
import { type AppContext, rawQuery } from "./context.js"
import type { ResolvedOptions } from "./options.js"
import { encoderOf, invalidBody, noResultResponse, type OutputFormat, outputFormatOf } from "./responses.js"
import { hasSession, pagesInSessions } from "./sessions.js"
import type { MockState } from "./state.js"

/**
 * The outcome of answering a request.
 *
 * @since 0.1.0
 * @category models
 */
type Outcome =
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
 * How rapidJSON requests are read and answered.
 *
 * @since 0.1.0
 * @category models
 */
interface RapidJsonReading {
  /** Read rapidJSON requests as strictly as contract requests (a 400 for each refused parameter). */
  readonly strict: boolean
  /** The interface version rapidJSON answers name. */
  readonly version: string
  /** The product classes rapidJSON answers write modes in: a profile's own, where it has them. */
  readonly productClasses?: Readonly<Record<number, number>> | undefined
}

/**
 * The interface version a fake names in rapidJSON answers unless its profile pins one: the version of
 * the VVS recordings (`10.2.10.139`), the deployment the embedded dataset models.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_INTERFACE_VERSION = "10.2.10.139"

const defaultReading: RapidJsonReading = { strict: false, version: DEFAULT_INTERFACE_VERSION }

const encodeOrThrow = (
  operation: Operation.Any,
  format: OutputFormat,
  context: AnswerContext,
  reading: RapidJsonReading,
  response: unknown
) => {
  const encoded = encoderOf(operation, format, context.timeZone, reading.productClasses)(response)
  if (Either.isLeft(encoded)) {
    throw new Error(
      `the answer of ${operation.name} does not match its response schema: ` +
        ParseResult.TreeFormatter.formatIssueSync(encoded.left.issue).slice(0, 2000)
    )
  }
  return encoded.right
}

/**
 * Decodes, answers and encodes one request. Throws only for a fault of the fake itself (an answer that
 * fails or does not match the response schema), which the app turns into a 500. A rapidJSON request is
 * read as real servers read it unless `reading.strict` (see `rapidJson/lenient.ts`).
 *
 * @since 0.1.0
 * @category handlers
 */
const answerQuery = (
  entry: AnswerEntry,
  pairs: ReadonlyArray<readonly [string, string]>,
  context: AnswerContext,
  reading: RapidJsonReading = defaultReading
): Outcome => {
  const { operation } = entry
  const { coords, format, issues: formatIssues } = outputFormatOf(
    pairs,
    context.dataset.meta.nativeCoordinates ?? "grid"
  )
  const decode = decoderFor(operation, queryContextOf(context))
  if (format === "JSON" || reading.strict) {
    const decoded = decode(pairs)
    if (Either.isLeft(decoded) || formatIssues.length > 0) {
      const issues = [...formatIssues, ...(Either.isLeft(decoded) ? toParameterIssues(decoded.left.issue) : [])]
      return { _tag: "Invalid", entry, issues }
    }
    const response = entry.answer(decoded.right, context)
    const encoded = encodeOrThrow(operation, format, context, reading, response)
    const body = format === "JSON"
      ? encoded
      : completeAnswer(
        entry.rapidJson.complete,
        encoded as Record<string, unknown>,
        settingsOf(context, reading, coords, []),
        decoded.right
      )
    return { _tag: "Answered", entry, response, body: JSON.stringify(body) }
  }
  // rapidJSON as real servers read it: an outputFormat problem cannot occur here, a coordinate format
  // the fake does not know gives the native grid
  const formatNotes: Array<SystemMessage.SystemMessage> = formatIssues.map((issue) => ({
    type: "warning",
    module: "BROKER",
    code: IGNORED_PARAMETER_CODE,
    text: `parameter ${issue.parameter} ignored: ${issue.message}`
  }))
  const read = readLeniently(entry.rapidJson.normalise, pairs, decode)
  const notes = [...formatNotes, ...read.notes]
  const request = read._tag === "Read" ? read.request : undefined
  const response = read._tag === "Read"
    ? entry.answer(read.request, context)
    : noResultResponse(
      operation,
      entry.noResult,
      read.issues.map((issue) => `${issue.parameter}: ${issue.message}`).join("; ")
    )
  const encoded = encodeOrThrow(operation, format, context, reading, response) as Record<string, unknown>
  const body = completeAnswer(entry.rapidJson.complete, encoded, settingsOf(context, reading, coords, notes), request)
  return { _tag: "Answered", entry, response, body: JSON.stringify(body) }
}

/**
 * What completing a rapidJSON answer needs, from an answer's context.
 *
 * @since 0.1.0
 * @category utils
 */
const settingsOf = (
  context: AnswerContext,
  reading: RapidJsonReading,
  coords: CoordFormat,
  notes: ReadonlyArray<SystemMessage.SystemMessage>
): RapidJsonSettings => ({
  dataset: context.dataset,
  now: context.now,
  timeZone: context.timeZone,
  version: reading.version,
  coords,
  notes
})

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
  reading: RapidJsonReading
) => {
  const outcome = answerQuery(entry, pairs, context, reading)
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
  // A kept answer first, before the query is read: a request in a session is never kept (below), so its
  // URL is never found here.
  const cached = cache?.get(now.epochMillis, url)
  if (cached !== undefined) return cached
  const pairs = queryPairs(c)
  // a session's answer depends on what the session gave before: never cached
  if (hasSession(pairs) && pagesInSessions(select(pairs).operation)) {
    const entry = select(pairs)
    const answered = deps.state.sessions.answer(
      entry.operation,
      pairs,
      now,
      deps.options.timeZone,
      (plain) => answerPairs(deps, entry, plain).fresh
    )
    return { entry, ...answered }
  }
  const entry = select(pairs)
  const { budget, fresh } = answerPairs(deps, entry, pairs)
  // An answer cut short by the clock depends on the machine's load: it is not kept.
  if (cache !== undefined && pureAnswers.has(entry.answer) && budget.exceeded !== "time") {
    cache.set(now.epochMillis, url, fresh)
  }
  return fresh
}

// answers query pairs from the dataset, with a fresh work budget
const answerPairs = (deps: AnswerDeps, entry: AnswerEntry, pairs: ReadonlyArray<readonly [string, string]>) => {
  const now = deps.state.now
  // a profile's own parameter names (TfNSW's `depArrMacro`) and product classes read as the contract's
  const profile = deps.options.profile
  const read = profile === undefined
    ? pairs
    : Profile.contractModes(profile, entry.operation, Profile.contractParams(profile, entry.operation.name, pairs))
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
    readingOf(deps.options)
  )
  return { budget, fresh }
}

const readings = new WeakMap<ResolvedOptions, RapidJsonReading>()

/**
 * How a fake reads and answers rapidJSON requests: its `strict` option, and the version of its profile
 * (else {@link DEFAULT_INTERFACE_VERSION}).
 *
 * @since 0.1.0
 * @category utils
 */
export const readingOf = (options: ResolvedOptions): RapidJsonReading => {
  let reading = readings.get(options)
  if (reading === undefined) {
    reading = {
      strict: options.strict,
      version: options.profile?.version ?? DEFAULT_INTERFACE_VERSION,
      productClasses: options.profile?.productClasses
    }
    readings.set(options, reading)
  }
  return reading
}

/**
 * Whether the answer of a request is in the cache.
 *
 * @since 0.1.0
 * @category utils
 */
export const isCached = (c: AppContext, deps: AnswerDeps): boolean =>
  deps.cache?.get(deps.state.now.epochMillis, c.req.url) !== undefined
