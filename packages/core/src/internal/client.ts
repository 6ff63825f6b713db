import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import type * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import { constTrue } from "effect/Function"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Random from "effect/Random"
import type * as RateLimiter from "effect/RateLimiter"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import {
  DecodeError,
  type EfaError,
  HttpStatusError,
  InterfaceVersionError,
  InvalidRequestError,
  type RequestIssue,
  ServerMessageError,
  TransportError
} from "../EfaError.js"
import type { Operation, QueryContext } from "../Operation.js"
import * as SystemMessage from "../SystemMessage.js"
import type { DialectAdapter } from "./dialect.js"
import { makeJsonDecoder } from "./fastDecode.js"
import { type QueryPairs, toQueryString } from "./query.js"

/** @internal */
export interface ResolvedSettings {
  readonly baseUrl: string
  readonly timeZone: DateTime.TimeZone
  readonly headers: Readonly<Record<string, string>>
  readonly timeout: Duration.Duration
  readonly deadline: Option.Option<Duration.Duration>
  readonly retry: Option.Option<ResolvedRetry>
  readonly rateLimiter: Option.Option<RateLimiter.RateLimiter>
  readonly concurrency: Option.Option<Effect.Semaphore>
  /** The dialect and deployment profile: paths, extra parameters, headers, response schemas. */
  readonly dialect: DialectAdapter
}

/** @internal */
export interface ResolvedRetry {
  readonly maxAttempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
  readonly maxRetryAfter: Duration.Duration
}

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/**
 * Whether another attempt may succeed: network failures and timeouts, the transient statuses, and the
 * empty or non-JSON 200 answers that gateways give while a deployment restarts. A body of the wrong
 * shape, a server message and an invalid request will not change on a retry.
 *
 * @internal
 */
export const isTransient = (error: EfaError): boolean => {
  switch (error._tag) {
    case "TransportError":
      return true
    case "HttpStatusError":
      return TRANSIENT_STATUSES.has(error.status)
    case "DecodeError":
      return error.reason !== "schema"
    default:
      return false
  }
}

/**
 * Reads `Retry-After` as seconds or an HTTP date, relative to `now`.
 *
 * @internal
 */
export const parseRetryAfter = (value: string | undefined, nowMillis: number): Option.Option<Duration.Duration> => {
  if (value === undefined) return Option.none()
  const text = value.trim()
  if (/^\d+$/.test(text)) return Option.some(Duration.seconds(Number(text)))
  const date = Date.parse(text)
  if (Number.isNaN(date)) return Option.none()
  return Option.some(Duration.millis(Math.max(0, date - nowMillis)))
}

/**
 * The pause before attempt `attempt + 1`: the server's `Retry-After` when it gave one (capped), else
 * exponential backoff with full jitter between half and all of the step.
 *
 * @internal
 */
export const retryDelay = (
  retry: ResolvedRetry,
  error: EfaError,
  attempt: number
): Effect.Effect<Duration.Duration> =>
  Effect.gen(function*() {
    if (error._tag === "HttpStatusError") {
      const now = yield* DateTime.now
      const retryAfter = parseRetryAfter(error.retryAfter, DateTime.toEpochMillis(now))
      if (Option.isSome(retryAfter)) return Duration.min(retryAfter.value, retry.maxRetryAfter)
    }
    const step = Duration.min(Duration.times(retry.baseDelay, 2 ** (attempt - 1)), retry.maxDelay)
    const factor = yield* Random.nextRange(0.5, 1)
    return Duration.millis(Math.round(Duration.toMillis(step) * factor))
  })

/**
 * Joins the base URL and an operation path whether or not the base ends with a slash.
 *
 * @internal
 */
export const normalizeBaseUrl = (baseUrl: string | URL): Either.Either<string, string> => {
  let url: URL
  try {
    url = new URL(baseUrl.toString())
  } catch {
    return Either.left(`baseUrl "${String(baseUrl)}" is not an absolute URL`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Either.left(`baseUrl must use http or https, got ${url.protocol}`)
  }
  if (url.search !== "" || url.hash !== "") return Either.left("baseUrl must not carry a query or fragment")
  return Either.right(url.toString().replace(/\/+$/, "") + "/")
}

const EXCERPT_LENGTH = 200

/** @internal */
export const excerpt = (body: string): string => {
  const flat = body.replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT_LENGTH ? flat.slice(0, EXCERPT_LENGTH) + "…" : flat
}

/**
 * Flattens a parse issue into request issues: the field path and the rule.
 *
 * @internal
 */
export const toRequestIssues = (issue: ParseResult.ParseIssue): Array<RequestIssue> =>
  mergeAlternatives(
    ParseResult.ArrayFormatter.formatIssueSync(issue).map((entry) => ({
      field: entry.path.length === 0 ? "(request)" : entry.path.map(String).join("."),
      message: entry.message
    }))
  )

const literalMismatch = /^Expected ("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null), actual (.*)$/s

const recordMismatch = /^Expected (?:[A-Z][A-Za-z0-9]*|.*\{ readonly .*|.* <-> .*), actual (.*)$/s

const literalUnionMismatch = /^Expected ("[^"]*"(?: \| "[^"]*")+), actual (.*)$/s

// A value that is none of several literals fails once per literal; the user reads one line: the choices.
const mergeAlternatives = (issues: Array<RequestIssue>): Array<RequestIssue> => {
  const merged: Array<RequestIssue> = []
  const choices = new Map<string, { readonly at: number; readonly values: Array<string>; readonly actual: string }>()
  for (const issue of issues) {
    const union = literalUnionMismatch.exec(issue.message)
    if (union !== null) {
      merged.push({
        field: issue.field,
        message: `expected one of ${union[1]!.split(" | ").join(", ")}, got ${union[2]}`
      })
      continue
    }
    // a record (or a union of records) where something else was given: Effect names the schema
    const record = recordMismatch.exec(issue.message)
    if (record !== null) {
      merged.push({ field: issue.field, message: `expected an object, got ${record[1]}` })
      continue
    }
    // the first item of a list that may not be empty
    if (/\.0$/.test(issue.field) && issue.message === "is missing") {
      merged.push({ field: issue.field.slice(0, -2), message: "must not be empty" })
      continue
    }
    if (/(^|\.)_tag$/.test(issue.field) && issue.message === "is missing") {
      merged.push({ field: issue.field, message: "is missing: make this value with its module's constructors" })
      continue
    }
    const match = literalMismatch.exec(issue.message)
    if (match === null) {
      merged.push(issue)
      continue
    }
    const seen = choices.get(issue.field)
    if (seen !== undefined && seen.actual === match[2]) {
      seen.values.push(match[1]!)
      merged[seen.at] = {
        field: issue.field,
        message: `expected one of ${seen.values.join(", ")}, got ${seen.actual}`
      }
    } else {
      choices.set(issue.field, { at: merged.length, values: [match[1]!], actual: match[2]! })
      merged.push({ field: issue.field, message: `expected ${match[1]}, got ${match[2]}` })
    }
  }
  return merged
}

const firstIssue = (issue: ParseResult.ParseIssue): { readonly path: string; readonly message: string } => {
  const [first] = ParseResult.ArrayFormatter.formatIssueSync(issue)
  return first === undefined
    ? { path: "$", message: "does not match" }
    : { path: ["$", ...first.path.map(String)].join("."), message: first.message }
}

// What an attempt received: the response and its whole body.
interface Received {
  readonly response: HttpClientResponse.HttpClientResponse
  readonly body: string
}

const htmlDetail = (contentType: string | undefined): string =>
  `an HTML or XML page${contentType ? ` (${contentType})` : ""}`

// The default (live) clock, to tell it from a test clock; read on first use.
let liveClock: Clock.Clock | undefined
const isLiveClock = (clock: Clock.Clock): boolean => clock === (liveClock ??= Effect.runSync(Effect.clock))

// Timers longer than this are not set, as Effect's clock does.
const MAX_TIMER_MILLIS = 2 ** 31 - 1

/** @internal */
export const OUTPUT_FORMAT: readonly [string, string] = ["outputFormat", "JSON"]

/**
 * Builds the function that runs an operation: encode, send, check the status, parse, decode, and turn
 * every failure into one of the tagged errors.
 *
 * @internal
 */
export const makeExecutor = (settings: ResolvedSettings, httpClient: HttpClient.HttpClient) => {
  const context: QueryContext = { timeZone: settings.timeZone }
  const encoders = new Map<
    Operation<any, any, any>,
    (request: unknown) => Either.Either<QueryPairs, ParseResult.ParseError>
  >()
  const decoders = new Map<
    Operation<any, any, any>,
    (json: unknown, body: string) => Either.Either<any, ParseResult.ParseError>
  >()
  // One call is one EFA request: no span and no trace headers per HTTP request (a caller who traces wraps
  // the call in `Effect.withSpan`). The request lives in a scope of its own (`withScope`), so that the
  // client can abort it itself, without the fibers an interrupting timeout forks.
  const client = httpClient.pipe(
    HttpClient.withTracerDisabledWhen(constTrue),
    HttpClient.withTracerPropagation(false),
    HttpClient.withScope
  )
  // The headers are the same for every request: set once, only the URL changes.
  const template = HttpClientRequest.get("", { headers: settings.dialect.headers(settings.headers) })

  const encoderFor = (operation: Operation<any, any, any>) => {
    let encoder = encoders.get(operation)
    if (encoder === undefined) {
      // the request as written (a `Date`, sets in any order) becomes the canonical model, then the query
      const normalize = Schema.decodeUnknownEither(operation.request)
      const encode = Schema.encodeEither(operation.query(context)) as (
        request: unknown
      ) => Either.Either<QueryPairs, ParseResult.ParseError>
      encoder = (request) => Either.flatMap(normalize(request), encode)
      encoders.set(operation, encoder)
    }
    return encoder
  }

  const decoderFor = (operation: Operation<any, any, any>) => {
    let decoder = decoders.get(operation)
    if (decoder === undefined) {
      // the fast path, in place on the JSON parsed here; Effect's decode (errors: "first") on a failure
      decoder = makeJsonDecoder(settings.dialect.response(operation))
      decoders.set(operation, decoder)
    }
    return decoder
  }

  // Request models are immutable values: the URL of a request object is built once, so that a caller
  // who repeats a request (polling, paging through the same query) does not pay for the encode again.
  const urls = new Map<Operation<any, any, any>, WeakMap<object, Either.Either<string, InvalidRequestError>>>()

  const encodeUrl = (
    operation: Operation<any, any, any>,
    request: unknown
  ): Either.Either<string, InvalidRequestError> => {
    const refusal = settings.dialect.refusal(operation)
    if (refusal !== undefined) {
      return Either.left(
        new InvalidRequestError({ operation: operation.name, issues: [{ field: "(operation)", message: refusal }] })
      )
    }
    return Either.match(encoderFor(operation)(request), {
      onLeft: (error) =>
        Either.left(new InvalidRequestError({ operation: operation.name, issues: toRequestIssues(error.issue) })),
      onRight: (pairs) =>
        Either.right(
          `${settings.baseUrl}${settings.dialect.path(operation)}?${
            toQueryString(settings.dialect.query(operation, pairs))
          }`
        )
    })
  }

  const buildUrl = (
    operation: Operation<any, any, any>,
    request: unknown
  ): Either.Either<string, InvalidRequestError> => {
    if (typeof request !== "object" || request === null) return encodeUrl(operation, request)
    let built = urls.get(operation)
    if (built === undefined) {
      built = new WeakMap()
      urls.set(operation, built)
    }
    let url = built.get(request)
    if (url === undefined) {
      url = encodeUrl(operation, request)
      built.set(request, url)
    }
    return url
  }

  const limited = <A>(effect: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> => {
    let out = effect
    if (Option.isSome(settings.rateLimiter)) out = settings.rateLimiter.value(out)
    if (Option.isSome(settings.concurrency)) out = settings.concurrency.value.withPermits(1)(out)
    return out
  }

  const withRetries = <A>(run: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> => {
    if (Option.isNone(settings.retry)) return run
    const retry = settings.retry.value
    const loop = (attemptNumber: number): Effect.Effect<A, EfaError> =>
      Effect.catchAll(run, (error) =>
        attemptNumber >= retry.maxAttempts || !isTransient(error)
          ? Effect.fail(error)
          : Effect.flatMap(retryDelay(retry, error, attemptNumber), (delay) =>
            Effect.zipRight(Effect.sleep(delay), loop(attemptNumber + 1))))
    return loop(1)
  }

  const execute = <RequestInput, Response>(
    operation: Operation<any, Response, any, RequestInput>,
    request: RequestInput
  ): Effect.Effect<Response, EfaError> =>
    Effect.suspend(() => {
      const url = buildUrl(operation, request)
      if (Either.isLeft(url)) return Effect.fail(url.left)
      const calls = withRetries(limited(attempt(operation, url.right)))
      if (Option.isNone(settings.deadline)) return calls
      const deadline = settings.deadline.value
      return Effect.timeoutFail(calls, {
        duration: deadline,
        onTimeout: () =>
          new TransportError({
            operation: operation.name,
            reason: "timeout",
            url: url.right,
            detail: `deadline ${Duration.format(deadline)} passed`
          })
      })
    })

  const timeoutError = (operation: Operation<any, any, any>, url: string) =>
    new TransportError({
      operation: operation.name,
      reason: "timeout",
      url,
      detail: `timeout ${Duration.format(settings.timeout)}`
    })

  // Sends the request and reads the whole body.
  const send = (operation: Operation<any, any, any>, url: string) =>
    client.execute(HttpClientRequest.setUrl(template, url)).pipe(
      Effect.flatMap((response) => Effect.map(response.text, (body): Received => ({ response, body }))),
      Effect.mapError((error) =>
        new TransportError({
          operation: operation.name,
          reason: "network",
          url,
          detail: error.message,
          cause: settings.dialect.safeCause(error)
        })
      )
    )

  // The per-attempt timeout with the live clock: a plain timer that closes the request's scope, which
  // aborts the request. `Effect.timeoutFail` races two forked fibers, several times the cost of a
  // loopback round trip; it is kept for any other clock (the `TestClock` of tests), which a timer would
  // not follow.
  const withLiveTimeout = (
    sent: Effect.Effect<Received, TransportError>,
    scope: Scope.CloseableScope,
    operation: Operation<any, any, any>,
    url: string
  ): Effect.Effect<Received, TransportError> =>
    Effect.suspend(() => {
      const millis = Duration.toMillis(settings.timeout)
      // Longer than a timer can wait: no limit, as with Effect's clock.
      if (millis > MAX_TIMER_MILLIS) return sent
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        Effect.runFork(Scope.close(scope, Exit.void))
      }, millis)
      return Effect.matchCauseEffect(sent, {
        onFailure: (cause) => {
          clearTimeout(timer)
          return timedOut ? Effect.fail(timeoutError(operation, url)) : Effect.failCause(cause)
        },
        onSuccess: (received) => {
          clearTimeout(timer)
          return Effect.succeed(received)
        }
      })
    })

  const attempt = <Response>(
    operation: Operation<any, Response, any>,
    url: string
  ): Effect.Effect<Response, EfaError> =>
    Effect.flatMap(Scope.make(), (scope) => {
      const sent = Effect.provideService(send(operation, url), Scope.Scope, scope)
      return Effect.clockWith((clock) =>
        isLiveClock(clock)
          ? withLiveTimeout(sent, scope, operation, url)
          : Effect.timeoutFail(sent, { duration: settings.timeout, onTimeout: () => timeoutError(operation, url) })
      ).pipe(
        // A request that failed, timed out or was interrupted is aborted; one that was read to the end is
        // left alone (its scope is dropped, not closed).
        Effect.onExit((exit) => Exit.isSuccess(exit) ? Effect.void : Scope.close(scope, exit)),
        Effect.flatMap(({ body, response }) => interpret(operation, url, response, body))
      )
    })

  const interpret = <Response>(
    operation: Operation<any, Response, any>,
    url: string,
    response: HttpClientResponse.HttpClientResponse,
    body: string
  ): Effect.Effect<Response, EfaError> => {
    const status = response.status
    // The headers are read only on the paths that report them: `response.headers` builds them anew.
    if (status < 200 || status >= 300) {
      const headers = response.headers
      const contentType = headers["content-type"]
      const retryAfter = headers["retry-after"]
      return Effect.fail(
        new HttpStatusError({
          operation: operation.name,
          url,
          status,
          bodyExcerpt: excerpt(body),
          ...(contentType !== undefined ? { contentType } : {}),
          ...(retryAfter !== undefined ? { retryAfter } : {})
        })
      )
    }
    const decodeError = (reason: "empty" | "not-json" | "schema", path: string, detail: string) =>
      Effect.fail(new DecodeError({ operation: operation.name, url, reason, path, detail, bodyExcerpt: excerpt(body) }))
    if (body.trim().length === 0) return decodeError("empty", "$", "the body is empty")
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch (error) {
      const looksLikeHtml = /^\s*</.test(body)
      return decodeError(
        "not-json",
        "$",
        looksLikeHtml ? htmlDetail(response.headers["content-type"]) : String((error as Error).message)
      )
    }
    if (settings.dialect.dialect === "rapidJSON") {
      const refused = settings.dialect.versionRefusal(json)
      if (refused !== undefined) {
        return Effect.fail(new InterfaceVersionError({ operation: operation.name, url, ...refused }))
      }
    }
    const decoded = decoderFor(operation)(json, body)
    if (Either.isLeft(decoded)) {
      const issue = firstIssue(decoded.left.issue)
      return decodeError("schema", issue.path, settings.dialect.mismatch(json) + issue.message)
    }
    const value = decoded.right as Response
    const messages = (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
    const errors = SystemMessage.errors(messages)
    if (errors.length === 0 && !operation.hasResult(value)) {
      // no silent empties: an answer without its result key that no message explains is not an empty result
      const diagnosis = settings.dialect.diagnose(operation, json, messages !== undefined && messages.length > 0)
      if (diagnosis !== undefined) return decodeError("schema", "$", diagnosis)
    }
    if (errors.length > 0 && !operation.hasResult(value)) {
      return Effect.fail(
        new ServerMessageError({
          operation: operation.name,
          messages: (value as { readonly systemMessages: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
        })
      )
    }
    return Effect.succeed(value)
  }

  return { execute, buildUrl } as const
}
