import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import { constTrue } from "effect/Function"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import {
  DecodeError,
  type EfaError,
  HttpStatusError,
  InterfaceVersionError,
  InvalidRequestError,
  QueueFullError,
  type RedirectError,
  type RequestIssue,
  ResponseTooLargeError,
  ServerMessageError,
  TransportError
} from "../EfaError.js"
import type { Operation, QueryContext } from "../Operation.js"
import * as SystemMessage from "../SystemMessage.js"
import { type BodyFailure, readBody } from "./body.js"
import { describeIssue, formatIssues } from "./describe.js"
import type { DialectAdapter } from "./dialect.js"
import { makeJsonDecoder } from "./fastDecode.js"
import type { Gate } from "./limiter.js"
import { type QueryPairs, toQueryString } from "./query.js"
import { nextHop, REDIRECT_STATUSES, type ResolvedRedirects } from "./redirect.js"
import { type ResolvedRetry, retrying } from "./retry.js"
import { withAttemptTimeout } from "./timeout.js"

export {
  /** @internal */
  type ResolvedRedirects
} from "./redirect.js"
export {
  /** @internal */
  isTransient,
  /** @internal */
  parseRetryAfter,
  /** @internal */
  type ResolvedRetry,
  /** @internal */
  retryDelay
} from "./retry.js"

/** @internal */
export interface ResolvedSettings {
  readonly baseUrl: string
  readonly timeZone: DateTime.TimeZone
  readonly headers: Readonly<Record<string, string>>
  readonly timeout: Duration.Duration
  readonly deadline: Option.Option<Duration.Duration>
  readonly retry: Option.Option<ResolvedRetry>
  readonly maxResponseBytes: number
  readonly redirects: ResolvedRedirects | false
  readonly gate: Option.Option<Gate>
  readonly transformClient: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
  readonly spans: boolean
  /** The dialect and deployment profile: paths, extra parameters, headers, response schemas. */
  readonly dialect: DialectAdapter
}

// What a call's span reports: attempts made, the status of the last response.
interface CallTrace {
  attempts: number
  status: number | undefined
}

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
  // Only the start is looked at: a body may be megabytes long.
  const flat = body.slice(0, EXCERPT_LENGTH * 4).replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT_LENGTH ? flat.slice(0, EXCERPT_LENGTH) + "…" : flat
}

/**
 * Flattens a parse issue into request issues: the field path and the rule.
 *
 * @internal
 */
export const toRequestIssues = (issue: ParseResult.ParseIssue): Array<RequestIssue> => {
  // a request that is not an object at all: Effect would spell out the whole model
  const root = typeIssueOf(issue)
  return root !== undefined && (root.actual === null || typeof root.actual !== "object")
    ? [{
      field: "(request)",
      message: `expected an object, got ${String(JSON.stringify(root.actual) ?? typeof root.actual)}`
    }]
    : mergeAlternatives(
      formatIssues(issue).map((entry) => ({
        field: entry.path.length === 0 ? "(request)" : entry.path.map(String).join("."),
        message: entry.message
      }))
    )
}

// The type mismatch at the root of an issue, through the transformations and refinements around it.
const typeIssueOf = (issue: ParseResult.ParseIssue): ParseResult.Type | undefined => {
  if (issue._tag === "Type") return issue
  if (issue._tag === "Transformation" || issue._tag === "Refinement") return typeIssueOf(issue.issue)
  return undefined
}

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

// What an attempt received: the final response, its whole body, and its URL (after redirects).
interface Received {
  readonly response: HttpClientResponse.HttpClientResponse
  readonly body: string
  readonly url: string
}

// Bytes of a redirect's body read before the next hop; the rest is dropped with the connection.
const REDIRECT_BODY_BYTES = 64 * 1024

const describeThrown = (error: unknown): string => {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return text.length > 200 ? text.slice(0, 200) + "…" : text
  } catch {
    return "an unprintable value was thrown"
  }
}

const htmlDetail = (contentType: string | undefined): string =>
  `an HTML or XML page${contentType ? ` (${contentType})` : ""}`

/** @internal */
export const OUTPUT_FORMAT: readonly [string, string] = ["outputFormat", "JSON"]

/**
 * Builds the function that runs an operation: encode, send, check the status, parse, decode, and turn
 * every failure into one of the tagged errors.
 *
 * @internal
 */
export const makeExecutor = (
  settings: ResolvedSettings,
  httpClient: HttpClient.HttpClient,
  baseRequestInit?: RequestInit | undefined
) => {
  const context: QueryContext = { timeZone: settings.timeZone }
  const encoders = new Map<
    Operation<any, any, any>,
    (request: unknown) => Either.Either<QueryPairs, ParseResult.ParseError>
  >()
  const decoders = new Map<
    Operation<any, any, any>,
    (json: unknown, body: string) => Either.Either<any, ParseResult.ParseError>
  >()
  // One call is one span (`spans`), not one per HTTP request, and no trace headers go out. A
  // `transformClient` middleware sees the requests before these settings. The request lives in a scope of its own (`withScope`), so that the
  // client can abort it itself, without the fibers an interrupting timeout forks.
  const client = (settings.transformClient === undefined ? httpClient : settings.transformClient(httpClient)).pipe(
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

  const limited = <A>(operation: Operation<any, any, any>, effect: Effect.Effect<A, EfaError>) => {
    if (Option.isNone(settings.gate)) return effect
    const gate = settings.gate.value
    return gate.run(effect, () => new QueueFullError({ operation: operation.name, maxQueue: gate.maxQueue }))
  }

  const withRetries = <A>(run: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> =>
    Option.isNone(settings.retry) ? run : retrying(settings.retry.value, run)

  const execute = <RequestInput, Response>(
    operation: Operation<any, Response, any, RequestInput>,
    request: RequestInput
  ): Effect.Effect<Response, EfaError> =>
    Effect.suspend(() => {
      const url = buildUrl(operation, request)
      if (Either.isLeft(url)) return Effect.fail(url.left)
      if (!settings.spans) return withDeadline(operation, url.right, undefined)
      const trace: CallTrace = { attempts: 0, status: undefined }
      // No stack trace: capturing one costs more than the rest of the span.
      return Effect.useSpan(`EfaClient.${operation.name}`, {
        kind: "client",
        captureStackTrace: false,
        attributes: { "efa.operation": operation.name, "url.path": operation.path }
      }, (span) =>
        withDeadline(operation, url.right, trace).pipe(
          Effect.ensuring(Effect.sync(() => {
            span.attribute("efa.attempts", trace.attempts)
            if (trace.status !== undefined) span.attribute("http.response.status_code", trace.status)
          })),
          Effect.withParentSpan(span)
        ))
    })

  const withDeadline = <Response>(
    operation: Operation<any, Response, any>,
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Response, EfaError> => {
    const calls = withRetries(limited(operation, attempt(operation, url, trace)))
    if (Option.isNone(settings.deadline)) return calls
    const deadline = settings.deadline.value
    return Effect.timeoutFail(calls, {
      duration: deadline,
      onTimeout: () =>
        new TransportError({
          operation: operation.name,
          reason: "timeout",
          url,
          detail: `deadline ${Duration.format(deadline)} passed`
        })
    })
  }

  const timeoutError = (operation: Operation<any, any, any>, url: string) =>
    new TransportError({
      operation: operation.name,
      reason: "timeout",
      url,
      detail: `timeout ${Duration.format(settings.timeout)}`
    })

  const baseOrigin = new URL(settings.baseUrl).origin
  // Redirects are the client's to follow, the same way on every transport: `fetch` is told not to
  // follow them (undici's `request` and Node's `http` never do). A request to another origin carries
  // none of the configured headers, not even those of a `RequestInit` given to the fetch client.
  const fetchInit = (context: Context.Context<never>, sameOrigin: boolean): RequestInit => {
    const given = Context.getOption(context, FetchHttpClient.RequestInit)
    const init: RequestInit = { ...baseRequestInit, ...(Option.isSome(given) ? given.value : undefined) }
    init.redirect = "manual"
    if (!sameOrigin) delete init.headers
    return init
  }
  // A request to another origin starts from this bare request, never from `template`: whatever adds
  // headers (options, an API key) must add them to `template`, so that they stay with the base origin.
  const bareTemplate = HttpClientRequest.get("", { headers: { accept: "application/json" } })

  // The cause keeps the request, its API key header redacted.
  const transportError = (operation: Operation<any, any, any>, url: string, error: HttpClientError.HttpClientError) =>
    new TransportError({
      operation: operation.name,
      reason: "network",
      url,
      detail: error.message,
      cause: settings.dialect.safeCause(error)
    })

  const bodyError = (operation: Operation<any, any, any>, url: string, failure: BodyFailure) =>
    failure._tag === "Transport"
      ? transportError(operation, url, failure.error)
      : new ResponseTooLargeError({
        operation: operation.name,
        url,
        limit: settings.maxResponseBytes,
        received: failure.received,
        declared: failure.declared
      })

  // One request of an attempt: to the call's URL, or to where a redirect pointed.
  const sendOne = (url: string, sameOrigin: boolean) =>
    Effect.contextWithEffect((context: Context.Context<never>) =>
      client.execute(HttpClientRequest.setUrl(sameOrigin ? template : bareTemplate, url)).pipe(
        Effect.provideService(FetchHttpClient.RequestInit, fetchInit(context, sameOrigin))
      )
    )

  type Exchange = Effect.Effect<Received, TransportError | RedirectError | ResponseTooLargeError, Scope.Scope>

  // Sends the request, follows the redirects the policy allows, and reads the final body.
  const exchange = (operation: Operation<any, any, any>, url: string, trace: CallTrace | undefined): Exchange => {
    const hop = (current: string, chain: Array<string>): Exchange =>
      Effect.flatMap(
        Effect.mapError(sendOne(current, chain.length === 1 || new URL(current).origin === baseOrigin), (error) =>
          transportError(operation, current, error)),
        (response): Exchange => {
          if (trace !== undefined) {
            trace.status = response.status
          }
          if (!REDIRECT_STATUSES.has(response.status)) {
            return Effect.map(
              Effect.mapError(readBody(response, settings.maxResponseBytes), (failure) =>
                bodyError(operation, current, failure)),
              (body): Received => ({ response, body, url: current })
            )
          }
          const next = nextHop(settings.redirects, baseOrigin, {
            operation: operation.name,
            url,
            current,
            chain,
            status: response.status,
            location: response.headers["location"]
          })
          // The body of a redirect is read (a little of it) so that the connection can be used again.
          const drained = Effect.ignore(readBody(response, REDIRECT_BODY_BYTES))
          return Effect.zipRight(
            drained,
            Either.isLeft(next) ? Effect.fail(next.left) : hop(next.right, [...chain, next.right])
          )
        }
      )
    return hop(url, [url])
  }

  const attempt = <Response>(
    operation: Operation<any, Response, any>,
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Response, EfaError> =>
    Effect.flatMap(Scope.make(), (scope) => {
      if (trace !== undefined) trace.attempts++
      const sent = Effect.provideService(exchange(operation, url, trace), Scope.Scope, scope)
      return withAttemptTimeout(sent, scope, settings.timeout, () => timeoutError(operation, url)).pipe(
        // A request that failed, timed out or was interrupted is aborted; one that was read to the end is
        // left alone (its scope is dropped, not closed).
        Effect.onExit((exit) => Exit.isSuccess(exit) ? Effect.void : Scope.close(scope, exit)),
        Effect.flatMap((received) => interpret(operation, received))
      )
    })

  const interpret = <Response>(
    operation: Operation<any, Response, any>,
    { body, response, url }: Received
  ): Effect.Effect<Response, EfaError> => {
    // Whatever the body holds, the answer is a value or a tagged error: anything thrown on the way
    // (a schema's own code, a formatter) becomes a `DecodeError`.
    try {
      return interpretUnsafe(operation, url, response, body)
    } catch (error) {
      return Effect.fail(
        new DecodeError({
          operation: operation.name,
          url,
          reason: "schema",
          path: "$",
          detail: `the body could not be decoded: ${describeThrown(error)}`,
          bodyExcerpt: excerpt(body)
        })
      )
    }
  }

  const interpretUnsafe = <Response>(
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
        looksLikeHtml ? htmlDetail(response.headers["content-type"]) : describeThrown(error)
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
      const issue = describeIssue(decoded.left.issue)
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
