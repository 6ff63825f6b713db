/**
 * Sending one attempt: the request through the user's `HttpClient`, the redirects the policy allows,
 * the body read up to the size limit, all within the attempt's timeout. A request that fails, times out
 * or is interrupted is aborted.
 *
 * @internal
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import * as Tracer from "effect/Tracer"
import { type RedirectError, ResponseTooLargeError, TransportError } from "../../EfaError.js"
import type { Operation } from "../../Operation.js"
import { withRequestRefs } from "../effect/requestRefs.js"
import { type BodyFailure, readBody } from "./body.js"
import type { Deployment } from "./deployment.js"
import type { Received } from "./interpret.js"
import { describeNetworkFailure } from "./networkCause.js"
import { nextHop, REDIRECT_STATUSES, type ResolvedRedirects } from "./redirect.js"
import type { RequestBuilder } from "./request.js"
import { withAttemptTimeout } from "./timeout.js"

/**
 * The span of a call, and the attempts made so far; the span reports them and the status of the last
 * response as they happen.
 *
 * @internal
 */
export interface CallTrace {
  readonly span: Tracer.Span
  attempts: number
}

/**
 * What sending needs of a client's resolved settings.
 *
 * @internal
 */
export interface SendSettings {
  readonly baseUrl: string
  readonly timeout: Duration.Duration
  readonly maxResponseBytes: number
  readonly redirects: ResolvedRedirects | false
  readonly transformClient: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
  readonly deployment: Deployment
}

/**
 * The failures of one attempt before its answer is interpreted.
 *
 * @internal
 */
export type SendError = TransportError | RedirectError | ResponseTooLargeError

// Bytes of a redirect's body read before the next hop; the rest is dropped with the connection.
const REDIRECT_BODY_BYTES = 64 * 1024

/**
 * Builds the function that sends one attempt of a call to its URL and reads the answer.
 *
 * @internal
 */
export const makeSender = (
  settings: SendSettings,
  httpClient: HttpClient.HttpClient,
  requests: RequestBuilder,
  baseRequestInit?: RequestInit | undefined
) => {
  // A `transformClient` middleware sees the requests before the settings of `sendOne`. The request lives in
  // a scope of its own (`withScope`), so that the client can abort it itself, without the fibers an
  // interrupting timeout forks.
  const client = HttpClient.withScope(
    settings.transformClient === undefined ? httpClient : settings.transformClient(httpClient)
  )

  const timeoutError = (operation: Operation<any, any, any, any>, url: string) =>
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
  const fetchInit = (given: Option.Option<RequestInit>, sameOrigin: boolean): RequestInit => {
    const init: RequestInit = { ...baseRequestInit, ...(given._tag === "Some" ? given.value : undefined) }
    init.redirect = "manual"
    if (!sameOrigin) delete init.headers
    return init
  }
  // without a `RequestInit` where the call runs (the usual case), the same two for every request
  const sameOriginInit = fetchInit(Option.none(), true)
  const otherOriginInit = fetchInit(Option.none(), false)

  // The cause keeps the request, its API key header redacted.
  const transportError = (
    operation: Operation<any, any, any, any>,
    url: string,
    error: HttpClientError.HttpClientError
  ) =>
    new TransportError({
      operation: operation.name,
      reason: "network",
      url,
      detail: describeNetworkFailure(error),
      cause: settings.deployment.safeCause(error)
    })

  const bodyError = (operation: Operation<any, any, any, any>, url: string, failure: BodyFailure) =>
    failure._tag === "Transport"
      ? transportError(operation, url, failure.error)
      : new ResponseTooLargeError({
        operation: operation.name,
        url,
        limit: settings.maxResponseBytes,
        received: failure.received,
        declared: failure.declared
      })

  // One request of an attempt: to the call's URL, or to where a redirect pointed. It runs with the attempt's
  // scope, the fetch `RequestInit`, the call's span as parent (for the spans of a middleware or of the
  // user's `HttpClient`), and the platform's own span and trace headers off: one call is one span, not
  // one per HTTP request. All of it is set in one step and restored after: `Effect.provideService` and
  // `Effect.locally` cost several microseconds each, per request.
  const sendOne = (
    url: string,
    sameOrigin: boolean,
    scope: Scope.CloseableScope,
    trace: CallTrace | undefined
  ): Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError> =>
    withRequestRefs(client.execute(requests.request(url, sameOrigin)), (context, services) => {
      const given = Context.getOption(context, FetchHttpClient.RequestInit)
      services.set(Scope.Scope.key, scope)
      services.set(
        FetchHttpClient.RequestInit.key,
        given._tag === "Some" ? fetchInit(given, sameOrigin) : sameOrigin ? sameOriginInit : otherOriginInit
      )
      if (trace !== undefined) services.set(Tracer.ParentSpan.key, trace.span)
    })

  type Exchange = Effect.Effect<Received, SendError>

  // Sends the request, follows the redirects the policy allows, and reads the final body.
  const exchange = (
    operation: Operation<any, any, any, any>,
    url: string,
    scope: Scope.CloseableScope,
    trace: CallTrace | undefined
  ): Exchange => {
    const hop = (current: string, chain: Array<string>): Exchange =>
      Effect.flatMap(
        Effect.mapError(
          sendOne(current, chain.length === 1 || new URL(current).origin === baseOrigin, scope, trace),
          (error) => transportError(operation, current, error)
        ),
        (response): Exchange => {
          if (trace !== undefined) trace.span.attribute("http.response.status_code", response.status)
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
            typeof next === "string" ? hop(next, [...chain, next]) : Effect.fail(next)
          )
        }
      )
    return hop(url, [url])
  }

  /** One attempt: what the server answered, within the attempt's timeout. */
  const send = (
    operation: Operation<any, any, any, any>,
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Received, SendError> =>
    Effect.flatMap(Scope.make(), (scope) => {
      if (trace !== undefined) trace.span.attribute("efa.attempts", ++trace.attempts)
      return withAttemptTimeout(
        exchange(operation, url, scope, trace),
        scope,
        settings.timeout,
        () => timeoutError(operation, url)
      ).pipe(
        // A request that failed, timed out or was interrupted is aborted; one that was read to the end is
        // left alone (its scope is dropped, not closed).
        Effect.onExit((exit) => exit._tag === "Success" ? Effect.void : Scope.close(scope, exit))
      )
    })

  return send
}
