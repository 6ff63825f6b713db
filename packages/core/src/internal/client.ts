import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import {
  type Clock,
  Context,
  DateTime,
  Duration,
  Effect,
  Either,
  Exit,
  Option,
  type ParseResult,
  Random,
  type Schedule,
  ScheduleDecision,
  ScheduleIntervals,
  Schema,
  Scope
} from "effect"
import { constTrue } from "effect/Function"
import {
  DecodeError,
  type EfaError,
  HttpStatusError,
  InvalidRequestError,
  QueueFullError,
  RedirectError,
  type RequestIssue,
  ResponseTooLargeError,
  ServerMessageError,
  TransportError
} from "../EfaError.js"
import type { Operation, QueryContext } from "../Operation.js"
import * as SystemMessage from "../SystemMessage.js"
import { type BodyFailure, readBody } from "./body.js"
import { describeIssue, formatIssues } from "./describe.js"
import { makeJsonDecoder } from "./fastDecode.js"
import type { Gate } from "./limiter.js"
import { type QueryPairs, toQueryString } from "./query.js"

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
}

// What a call's span reports: attempts made, the status of the last response.
interface CallTrace {
  attempts: number
  status: number | undefined
}

/** @internal */
export interface ResolvedRedirects {
  readonly crossOrigin: "fail" | "follow"
  readonly max: number
}

/** @internal */
export interface ResolvedRetry {
  readonly maxAttempts: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
  readonly maxRetryAfter: Duration.Duration
  readonly schedule: Schedule.Schedule<unknown, EfaError> | undefined
}

/**
 * The server's `Retry-After`, capped, when the error carries one.
 *
 * @internal
 */
export const retryAfterOf = (
  retry: ResolvedRetry,
  error: EfaError,
  nowMillis: number
): Option.Option<Duration.Duration> =>
  error._tag === "HttpStatusError"
    ? Option.map(parseRetryAfter(error.retryAfter, nowMillis), (after) => Duration.min(after, retry.maxRetryAfter))
    : Option.none()

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
 * The pause before attempt `attempt + 1`: the server's `Retry-After` when it gave one (capped, and at
 * least the base delay, so that `Retry-After: 0` or a date in the past cannot make the client hammer a
 * struggling server), else exponential backoff with full jitter between half and all of the step.
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
      if (Option.isSome(retryAfter)) {
        return Duration.max(Duration.min(retryAfter.value, retry.maxRetryAfter), retry.baseDelay)
      }
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
  // Only the start is looked at: a body may be megabytes long.
  const flat = body.slice(0, EXCERPT_LENGTH * 4).replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT_LENGTH ? flat.slice(0, EXCERPT_LENGTH) + "…" : flat
}

/**
 * Flattens a parse issue into request issues: the field path and the rule.
 *
 * @internal
 */
export const toRequestIssues = (issue: ParseResult.ParseIssue): Array<RequestIssue> =>
  formatIssues(issue).map((entry) => ({
    field: entry.path.length === 0 ? "(request)" : entry.path.map(String).join("."),
    message: entry.message
  }))

// What an attempt received: the final response, its whole body, and its URL (after redirects).
interface Received {
  readonly response: HttpClientResponse.HttpClientResponse
  readonly body: string
  readonly url: string
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

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
  const template = HttpClientRequest.get("", { headers: settings.headers })

  const encoderFor = (operation: Operation<any, any, any>) => {
    let encoder = encoders.get(operation)
    if (encoder === undefined) {
      encoder = Schema.encodeEither(operation.query(context)) as (
        request: unknown
      ) => Either.Either<QueryPairs, ParseResult.ParseError>
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

  // Request models are immutable values: the URL of a request object is built once, so that a caller
  // who repeats a request (polling, paging through the same query) does not pay for the encode again.
  const urls = new Map<Operation<any, any, any>, WeakMap<object, Either.Either<string, InvalidRequestError>>>()

  const encodeUrl = (
    operation: Operation<any, any, any>,
    request: unknown
  ): Either.Either<string, InvalidRequestError> =>
    Either.match(encoderFor(operation)(request), {
      onLeft: (error) =>
        Either.left(new InvalidRequestError({ operation: operation.name, issues: toRequestIssues(error.issue) })),
      onRight: (pairs) =>
        Either.right(`${settings.baseUrl}${operation.path}?${toQueryString([...pairs, OUTPUT_FORMAT])}`)
    })

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

  // Retries by the user's schedule: it sees each transient failure and decides whether and when; a
  // longer `Retry-After` of the server still wins.
  const withSchedule = <A>(
    run: Effect.Effect<A, EfaError>,
    retry: ResolvedRetry,
    schedule: Schedule.Schedule<unknown, EfaError>
  ): Effect.Effect<A, EfaError> =>
    Effect.suspend(() => {
      let state = schedule.initial
      const loop: Effect.Effect<A, EfaError> = Effect.catchAll(run, (error) =>
        !isTransient(error) ? Effect.fail(error) : Effect.flatMap(
          Effect.clockWith((clock) =>
            clock.currentTimeMillis
          ),
          (now) =>
            Effect.flatMap(schedule.step(now, error, state), ([next, , decision]) => {
              if (ScheduleDecision.isDone(decision)) return Effect.fail(error)
              state = next
              const scheduled = Math.max(0, ScheduleIntervals.start(decision.intervals) - now)
              const retryAfter = Option.getOrElse(
                Option.map(retryAfterOf(retry, error, now), Duration.toMillis),
                () => 0
              )
              return Effect.zipRight(Effect.sleep(Duration.millis(Math.max(scheduled, retryAfter))), loop)
            })
        ))
      return loop
    })

  const withRetries = <A>(run: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> => {
    if (Option.isNone(settings.retry)) return run
    const retry = settings.retry.value
    if (retry.schedule !== undefined) return withSchedule(run, retry, retry.schedule)
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
      if (!settings.spans) return withDeadline(operation, url.right, undefined)
      const trace: CallTrace = { attempts: 0, status: undefined }
      return withDeadline(operation, url.right, trace).pipe(
        Effect.onExit(() =>
          Effect.annotateCurrentSpan({
            "efa.attempts": trace.attempts,
            ...(trace.status !== undefined ? { "http.response.status_code": trace.status } : {})
          })
        ),
        Effect.withSpan(`EfaClient.${operation.name}`, {
          kind: "client",
          attributes: { "efa.operation": operation.name, "url.path": operation.path }
        })
      )
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

  const transportError = (operation: Operation<any, any, any>, url: string, error: { readonly message: string }) =>
    new TransportError({ operation: operation.name, reason: "network", url, detail: error.message, cause: error })

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
          const next = nextHop(operation, url, current, chain, response)
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

  const nextHop = (
    operation: Operation<any, any, any>,
    url: string,
    current: string,
    chain: ReadonlyArray<string>,
    response: HttpClientResponse.HttpClientResponse
  ): Either.Either<string, RedirectError> => {
    const status = response.status
    const location = response.headers["location"]
    const refuse = (reason: RedirectError["reason"], target: string) =>
      Either.left(new RedirectError({ operation: operation.name, url, reason, status, target, locations: chain }))
    let target: URL
    try {
      if (location === undefined || location.trim() === "") throw new Error("no Location")
      target = new URL(location.trim(), current)
    } catch {
      return refuse("invalid-location", location ?? "")
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return refuse("invalid-location", location)
    const href = target.href
    const redirects = settings.redirects
    if (redirects === false) return refuse("disabled", href)
    if (chain.includes(href)) return refuse("loop", href)
    if (chain.length > redirects.max) return refuse("too-many", href)
    if (target.origin !== baseOrigin && redirects.crossOrigin === "fail") return refuse("cross-origin", href)
    return Either.right(href)
  }

  // The per-attempt timeout with the live clock: a plain timer that closes the request's scope, which
  // aborts the request. `Effect.timeoutFail` races two forked fibers, several times the cost of a
  // loopback round trip; it is kept for any other clock (the `TestClock` of tests), which a timer would
  // not follow.
  const withLiveTimeout = <E>(
    sent: Effect.Effect<Received, E>,
    scope: Scope.CloseableScope,
    operation: Operation<any, any, any>,
    url: string
  ): Effect.Effect<Received, E | TransportError> =>
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
        onFailure: (cause): Effect.Effect<Received, E | TransportError> => {
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
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Response, EfaError> =>
    Effect.flatMap(Scope.make(), (scope) => {
      if (trace !== undefined) trace.attempts++
      const sent = Effect.provideService(exchange(operation, url, trace), Scope.Scope, scope)
      return Effect.clockWith((clock) =>
        isLiveClock(clock)
          ? withLiveTimeout(sent, scope, operation, url)
          : Effect.timeoutFail(sent, { duration: settings.timeout, onTimeout: () => timeoutError(operation, url) })
      ).pipe(
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
    const decoded = decoderFor(operation)(json, body)
    if (Either.isLeft(decoded)) {
      const issue = describeIssue(decoded.left.issue)
      return decodeError("schema", issue.path, issue.message)
    }
    const value = decoded.right as Response
    const errors = SystemMessage.errors(
      (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
    )
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
