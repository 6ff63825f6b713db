import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { DateTime, Duration, Effect, Either, Option, ParseResult, Random, type RateLimiter, Schema } from "effect"
import {
  DecodeError,
  type EfaError,
  HttpStatusError,
  InvalidRequestError,
  type RequestIssue,
  ServerMessageError,
  TransportError
} from "../EfaError.js"
import type { Operation, QueryContext } from "../Operation.js"
import * as SystemMessage from "../SystemMessage.js"
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
  ParseResult.ArrayFormatter.formatIssueSync(issue).map((entry) => ({
    field: entry.path.length === 0 ? "(request)" : entry.path.map(String).join("."),
    message: entry.message
  }))

const firstIssue = (issue: ParseResult.ParseIssue): { readonly path: string; readonly message: string } => {
  const [first] = ParseResult.ArrayFormatter.formatIssueSync(issue)
  return first === undefined
    ? { path: "$", message: "does not match" }
    : { path: ["$", ...first.path.map(String)].join("."), message: first.message }
}

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
  const encoders = new Map<Operation<any, any, any>, (request: unknown) => Either.Either<QueryPairs, ParseResult.ParseError>>()
  const decoders = new Map<
    Operation<any, any, any>,
    (json: unknown, body: string) => Either.Either<any, ParseResult.ParseError>
  >()
  const client = httpClient.pipe(HttpClient.withTracerPropagation(false))

  const encoderFor = (operation: Operation<any, any, any>) => {
    let encoder = encoders.get(operation)
    if (encoder === undefined) {
      encoder = Schema.encodeEither(operation.query(context)) as (request: unknown) => Either.Either<QueryPairs, ParseResult.ParseError>
      encoders.set(operation, encoder)
    }
    return encoder
  }

  const decoderFor = (operation: Operation<any, any, any>) => {
    let decoder = decoders.get(operation)
    if (decoder === undefined) {
      // the fast path, in place on the JSON parsed here; Effect's decode (errors: "first") on a failure
      decoder = makeJsonDecoder(operation.response)
      decoders.set(operation, decoder)
    }
    return decoder
  }

  const buildUrl = (operation: Operation<any, any, any>, request: unknown): Either.Either<string, InvalidRequestError> =>
    Either.match(encoderFor(operation)(request), {
      onLeft: (error) =>
        Either.left(new InvalidRequestError({ operation: operation.name, issues: toRequestIssues(error.issue) })),
      onRight: (pairs) =>
        Either.right(`${settings.baseUrl}${operation.path}?${toQueryString([...pairs, OUTPUT_FORMAT])}`)
    })

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

  const execute = <Request, Response>(
    operation: Operation<Request, Response, any>,
    request: Request
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

  const attempt = <Response>(
    operation: Operation<any, Response, any>,
    url: string
  ): Effect.Effect<Response, EfaError> =>
    client.execute(HttpClientRequest.get(url, { headers: settings.headers })).pipe(
      Effect.flatMap((response) =>
        Effect.map(response.text, (body) => ({
          status: response.status,
          contentType: response.headers["content-type"],
          retryAfter: response.headers["retry-after"],
          body
        }))
      ),
      Effect.mapError((error) =>
        new TransportError({
          operation: operation.name,
          reason: "network",
          url,
          detail: error.message,
          cause: error
        })
      ),
      Effect.timeoutFail({
        duration: settings.timeout,
        onTimeout: () =>
          new TransportError({
            operation: operation.name,
            reason: "timeout",
            url,
            detail: `timeout ${Duration.format(settings.timeout)}`
          })
      }),
      Effect.flatMap(({ body, contentType, retryAfter, status }) =>
        interpret(operation, url, status, contentType, retryAfter, body)
      )
    )

  const interpret = <Response>(
    operation: Operation<any, Response, any>,
    url: string,
    status: number,
    contentType: string | undefined,
    retryAfter: string | undefined,
    body: string
  ): Effect.Effect<Response, EfaError> => {
    if (status < 200 || status >= 300) {
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
        looksLikeHtml ? `an HTML or XML page${contentType ? ` (${contentType})` : ""}` : String((error as Error).message)
      )
    }
    const decoded = decoderFor(operation)(json, body)
    if (Either.isLeft(decoded)) {
      const issue = firstIssue(decoded.left.issue)
      return decodeError("schema", issue.path, issue.message)
    }
    const value = decoded.right as Response
    const errors = SystemMessage.errors((value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages)
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
