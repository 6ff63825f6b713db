/**
 * The executor of one client: build the request (`request.ts`), send each attempt with its timeout,
 * redirects and body limit (`send.ts`), interpret the answer (`interpret.ts`), and around the attempts the
 * rate limits (`limiter.ts`), the retries (`retry.ts`), the deadline and the span of the call.
 *
 * @internal
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import { type EfaError, QueueFullError, TransportError } from "../../EfaError.js"
import type { Operation } from "../../Operation.js"
import type { RateLimitStoreError } from "../../SharedStore.js"
import { type CallSpanOptions, callSpanOptions, withCallSpan } from "../effect/callSpan.js"
import type { ModeMapping } from "../schema/productClasses.js"
import type { Deployment } from "./deployment.js"
import type { Dialect } from "./dialect.js"
import { makeInterpreter } from "./interpret.js"
import type { ResolvedRedirects } from "./redirect.js"
import { makeRequestBuilder } from "./request.js"
import { type ResolvedRetry, retrying } from "./retry.js"
import { type CallTrace, makeSender } from "./send.js"

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

/**
 * What holds calls back: the in-process queue (`limiter.ts`, a `Gate`) or a shared quota
 * (`sharedLimiter.ts`).
 *
 * @internal
 */
export interface Limiter {
  readonly maxQueue: number
  readonly run: <A, E, E2>(
    effect: Effect.Effect<A, E>,
    onFull: () => E2
  ) => Effect.Effect<A, E | E2 | RateLimitStoreError>
}

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
  readonly gate: Option.Option<Limiter>
  readonly transformClient: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
  readonly spans: boolean
  /** The deployment: paths, parameters, offered operations, the API key. */
  readonly deployment: Deployment
  /** How answers read: response schemas (rapidJSON codecs loaded per operation), result keys, diagnosis. */
  readonly dialect: Dialect
  /** The request's modes in the deployment's own product classes, where its profile has a table of them. */
  readonly modes?: ModeMapping | undefined
}

/**
 * Builds the function that runs an operation: build the request, send it, interpret the answer, retry
 * what is transient, every failure one of the tagged errors.
 *
 * @internal
 */
export const makeExecutor = (
  settings: ResolvedSettings,
  httpClient: HttpClient.HttpClient,
  baseRequestInit?: RequestInit | undefined
) => {
  const requests = makeRequestBuilder(settings)
  const send = makeSender(settings, httpClient, requests, baseRequestInit)
  const interpret = makeInterpreter(settings.dialect)

  const attempt = <Response>(
    operation: Operation<any, any, Response, any>,
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Response, EfaError> =>
    Effect.flatMap(send(operation, url, trace), (received) => interpret(operation, received))

  const limited = <A>(operation: Operation<any, any, any, any>, effect: Effect.Effect<A, EfaError>) => {
    if (settings.gate._tag === "None") return effect
    const gate = settings.gate.value
    return gate.run(effect, () => new QueueFullError({ operation: operation.name, maxQueue: gate.maxQueue }))
  }

  const withRetries = <A>(run: Effect.Effect<A, EfaError>): Effect.Effect<A, EfaError> =>
    settings.retry._tag === "None" ? run : retrying(settings.retry.value, run)

  // What a call may take in all: the client's deadline, failing as a call past it does.
  const boundedByDeadline = <A>(
    operation: Operation<any, any, any, any>,
    url: string,
    calls: Effect.Effect<A, EfaError>
  ): Effect.Effect<A, EfaError> => {
    if (settings.deadline._tag === "None") return calls
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

  const withDeadline = <Response>(
    operation: Operation<any, any, Response, any>,
    url: string,
    trace: CallTrace | undefined
  ): Effect.Effect<Response, EfaError> =>
    boundedByDeadline(operation, url, withRetries(limited(operation, attempt(operation, url, trace))))

  const spanOptionsOf = new Map<Operation<any, any, any, any>, CallSpanOptions>()
  const spanOptions = (operation: Operation<any, any, any, any>): CallSpanOptions => {
    let options = spanOptionsOf.get(operation)
    if (options === undefined) {
      options = callSpanOptions(`EfaClient.${operation.name}`, "client", {
        "efa.operation": operation.name,
        "url.path": operation.path
      })
      spanOptionsOf.set(operation, options)
    }
    return options
  }

  // Called once per run of a call (`execute` suspends).
  const traced = <Response>(
    operation: Operation<any, any, Response, any>,
    url: string
  ): Effect.Effect<Response, EfaError> => {
    if (!settings.spans) return withDeadline(operation, url, undefined)
    // The span ends with the call's exit without its value: a span holding the decoded response kept it
    // from dying young, which doubled the garbage collector's work per call. The span is the parent of
    // what runs inside the HTTP requests (`send.ts` sets it with the rest of a request's context), and
    // gets the attempts and the last status as they happen. No stack trace: capturing one costs more than
    // the rest of the span.
    let response: Response | undefined
    return Effect.map(
      withCallSpan(
        spanOptions(operation),
        (span) =>
          Effect.map(withDeadline(operation, url, span === undefined ? undefined : { span, attempts: 0 }), (value) => {
            response = value
          })
      ),
      () => response as Response
    )
  }

  const execute = <RequestInput, Response>(
    operation: Operation<any, any, Response, any, RequestInput>,
    request: RequestInput
  ): Effect.Effect<Response, EfaError> =>
    Effect.suspend(() => {
      const url = requests.url(operation, request)
      if (url._tag === "Left") return Effect.fail(url.left)
      // the operation's rapidJSON codec, on its first call
      const loading = settings.dialect.load(operation)
      const call = loading === undefined
        ? traced(operation, url.right)
        : Effect.zipRight(loading, Effect.suspend(() => traced(operation, url.right)))
      // what the deployment answered beyond the request's filters is left out
      const narrow = operation.narrow
      return narrow === undefined ? call : Effect.map(call, (response) => narrow(request, response))
    })

  return { execute, buildUrl: requests.url, boundedByDeadline } as const
}
