/**
 * The errors of every operation. Each says in its message what went wrong; none is thrown: every
 * failure of a call is one of these, in the typed error channel.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import type { RateLimitStoreError } from "./SharedStore.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * One problem with a request: the request field (or query parameter) and the rule it broke.
 *
 * @since 0.1.0
 * @category models
 */
export const RequestIssue = Schema.Struct({
  field: Schema.String,
  message: Schema.String
}).annotations({ identifier: "RequestIssue" })

/**
 * @since 0.1.0
 * @category models
 */
export interface RequestIssue extends Schema.Schema.Type<typeof RequestIssue> {}

/**
 * The request was refused before anything was sent: a value out of range, a missing part, or a
 * combination the contract forbids.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, Point } from "@efa-kit/core"
 * import { Effect } from "effect"
 *
 * // refused before anything is sent: no server is needed to see it
 * const message = await Effect.gen(function*() {
 *   const efa = yield* EfaClient.EfaClient
 *   return yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf"), maxResults: 0 })
 * }).pipe(
 *   Effect.as("sent"),
 *   Effect.catchTags({
 *     InvalidRequestError: (error) => Effect.succeed(error.issues.map((issue) => issue.field).join(", ")),
 *     TransportError: (error) => Effect.succeed(error.reason),
 *     HttpStatusError: (error) => Effect.succeed(`HTTP ${error.status}`),
 *     DecodeError: (error) => Effect.succeed(error.reason),
 *     ServerMessageError: (error) => Effect.succeed(`EFA ${error.code}`),
 *     InterfaceVersionError: (error) => Effect.succeed(error.detail)
 *   }),
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/" })),
 *   Effect.provide(FetchHttpClient.layer),
 *   Effect.runPromise
 * )
 * assert.strictEqual(message, "maxResults")
 * ```
 *
 * @since 0.1.0
 * @category errors
 */
export class InvalidRequestError extends Schema.TaggedError<InvalidRequestError>("@efa-kit/InvalidRequestError")(
  "InvalidRequestError",
  {
    operation: Schema.String,
    issues: Schema.Array(RequestIssue)
  }
) {
  override get message(): string {
    return `invalid ${this.operation} request: ${this.issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`
  }
}

/**
 * The request did not get an answer: the network failed or the attempt timed out.
 *
 * @since 0.1.0
 * @category errors
 */
export class TransportError extends Schema.TaggedError<TransportError>("@efa-kit/TransportError")("TransportError", {
  operation: Schema.String,
  reason: Schema.Literal("network", "timeout"),
  url: Schema.String,
  detail: Schema.String,
  cause: Schema.optional(Schema.Defect)
}) {
  override get message(): string {
    return this.reason === "timeout"
      ? `${this.operation}: no answer from ${this.url} in time (${this.detail})`
      : `${this.operation}: request to ${this.url} failed: ${this.detail}`
  }
}

/**
 * The server answered with a status outside 2xx.
 *
 * @since 0.1.0
 * @category errors
 */
export class HttpStatusError extends Schema.TaggedError<HttpStatusError>("@efa-kit/HttpStatusError")(
  "HttpStatusError",
  {
    operation: Schema.String,
    url: Schema.String,
    status: Schema.Number,
    contentType: Schema.optional(Schema.String),
    bodyExcerpt: Schema.String,
    retryAfter: Schema.optional(Schema.String)
  }
) {
  override get message(): string {
    const type = this.contentType !== undefined ? ` (${this.contentType})` : ""
    const body = this.bodyExcerpt.length > 0 ? `: ${this.bodyExcerpt}` : ""
    return `${this.operation}: HTTP ${this.status}${type} from ${this.url}${body}`
  }
}

/**
 * The body is not the JSON document the operation returns: empty, not JSON (an HTML error page, a
 * truncated body, invalid UTF-8), or JSON that does not match the response schema (`path` says where).
 *
 * @since 0.1.0
 * @category errors
 */
export class DecodeError extends Schema.TaggedError<DecodeError>("@efa-kit/DecodeError")("DecodeError", {
  operation: Schema.String,
  url: Schema.String,
  reason: Schema.Literal("empty", "not-json", "schema"),
  path: Schema.String,
  detail: Schema.String,
  bodyExcerpt: Schema.String
}) {
  override get message(): string {
    switch (this.reason) {
      case "empty":
        return `${this.operation}: empty response body from ${this.url}`
      case "not-json":
        return `${this.operation}: response from ${this.url} is not JSON (${this.detail}): ${this.bodyExcerpt}`
      case "schema":
        return `${this.operation}: response does not match the schema at ${this.path}: ${this.detail}`
    }
  }
}

/**
 * The server answered with `systemMessages` of type `error` and no result.
 *
 * @since 0.1.0
 * @category errors
 */
export class ServerMessageError extends Schema.TaggedError<ServerMessageError>("@efa-kit/ServerMessageError")(
  "ServerMessageError",
  {
    operation: Schema.String,
    messages: Schema.Array(SystemMessage.SystemMessage)
  }
) {
  /** The code of the first error message, for matching (`-4000` no connection, `-2000` invalid stop). */
  get code(): number | string | undefined {
    return SystemMessage.errors(this.messages)[0]?.code
  }
  override get message(): string {
    return `${this.operation}: the server reported ${
      SystemMessage.errors(this.messages).map(SystemMessage.describe).join("; ")
    }`
  }
}

/**
 * A rapidJSON server refused the request's interface version: it answered with a top-level
 * `error { message, versions }` instead of a result. Pin a `version` the server accepts (see
 * `versions`), or leave it unset.
 *
 * @since 0.1.0
 * @category errors
 */
export class InterfaceVersionError extends Schema.TaggedError<InterfaceVersionError>(
  "@efa-kit/InterfaceVersionError"
)("InterfaceVersionError", {
  operation: Schema.String,
  url: Schema.String,
  detail: Schema.String,
  /** What the server said it speaks: `controller`, `interfaceMin`, `interfaceMax`, as it sent them. */
  versions: Schema.Record({ key: Schema.String, value: Schema.String })
}) {
  override get message(): string {
    const versions = Object.entries(this.versions).map(([name, value]) => `${name} ${value}`).join(", ")
    return `${this.operation}: the server refused the interface version: ${this.detail}${
      versions.length > 0 ? ` (${versions})` : ""
    }`
  }
}

/**
 * The response body is larger than the client's `maxResponseBytes`: refused from its declared
 * `Content-Length`, or stopped while it streamed in, so that the memory a call holds stays bounded.
 *
 * @since 0.1.0
 * @category errors
 */
export class ResponseTooLargeError extends Schema.TaggedError<ResponseTooLargeError>(
  "@efa-kit/ResponseTooLargeError"
)("ResponseTooLargeError", {
  operation: Schema.String,
  url: Schema.String,
  /** The limit in bytes (`maxResponseBytes`). */
  limit: Schema.Number,
  /** The declared `Content-Length` when it was over the limit, else the bytes read when reading stopped. */
  received: Schema.Number,
  declared: Schema.Boolean
}) {
  override get message(): string {
    return this.declared
      ? `${this.operation}: the response from ${this.url} declares ${this.received} bytes, over the limit of ${this.limit} bytes (maxResponseBytes)`
      : `${this.operation}: the response from ${this.url} passed the limit of ${this.limit} bytes (maxResponseBytes) while streaming in`
  }
}

/**
 * A redirect the client did not follow: to another origin (refused by default, where configured
 * headers would leak), a loop, more hops than allowed, a redirect without a usable `Location`, or any
 * redirect when following them is turned off. `locations` lists the URLs of the chain, the request's
 * own first.
 *
 * @since 0.1.0
 * @category errors
 */
export class RedirectError extends Schema.TaggedError<RedirectError>("@efa-kit/RedirectError")("RedirectError", {
  operation: Schema.String,
  url: Schema.String,
  reason: Schema.Literal("cross-origin", "loop", "too-many", "invalid-location", "disabled"),
  status: Schema.Number,
  /** Where the redirect pointed (the `Location` as sent when it cannot be read as a URL). */
  target: Schema.String,
  locations: Schema.Array(Schema.String)
}) {
  override get message(): string {
    const chain = [...this.locations, this.target].join(" -> ")
    switch (this.reason) {
      case "cross-origin":
        return `${this.operation}: HTTP ${this.status} redirect to another origin, ${this.target}, not followed (redirects.crossOrigin): ${chain}`
      case "loop":
        return `${this.operation}: redirect loop: ${chain}`
      case "too-many":
        return `${this.operation}: more than ${this.locations.length - 1} redirects (redirects.max): ${chain}`
      case "invalid-location":
        return `${this.operation}: HTTP ${this.status} redirect from ${this.url} with an unusable Location "${this.target}"`
      case "disabled":
        return `${this.operation}: HTTP ${this.status} redirect to ${this.target} not followed (redirects: false)`
    }
  }
}

/**
 * The client's rate-limit queue is full (`rateLimit.maxQueue` callers already wait): the call fails
 * at once instead of joining it.
 *
 * @since 0.1.0
 * @category errors
 */
export class QueueFullError extends Schema.TaggedError<QueueFullError>("@efa-kit/QueueFullError")("QueueFullError", {
  operation: Schema.String,
  maxQueue: Schema.Number
}) {
  override get message(): string {
    return `${this.operation}: ${this.maxQueue} calls already wait for the rate limit (rateLimit.maxQueue); not queued`
  }
}

/**
 * The server could not resolve the stop of a request about one stop (a departure board): it answered
 * with candidates and no result. `ambiguous`: several candidates, none chosen; `unknown`: nothing that
 * fits (`candidates` may then hold fuzzy matches, or be empty). Ask again with one candidate's `id`.
 *
 * @since 0.1.0
 * @category errors
 */
export class StopNotResolvedError extends Schema.TaggedError<StopNotResolvedError>("@efa-kit/StopNotResolvedError")(
  "StopNotResolvedError",
  {
    operation: Schema.String,
    reason: Schema.Literal("ambiguous", "unknown"),
    candidates: Schema.Array(
      Schema.Struct({ id: Schema.String, name: Schema.String, type: Schema.optional(Schema.String) })
    )
  }
) {
  override get message(): string {
    const names = this.candidates.slice(0, 10).map((candidate) => `${candidate.name} (${candidate.id})`)
    const more = this.candidates.length > 10 ? `, and ${this.candidates.length - 10} more` : ""
    return this.reason === "ambiguous"
      ? `${this.operation}: the stop is ambiguous; candidates: ${names.join(", ")}${more}`
      : `${this.operation}: no stop matches${names.length > 0 ? `; similar: ${names.join(", ")}${more}` : ""}`
  }
}

/**
 * The one thing a request asked for does not exist on the server (a line's stops for a line it does not
 * know): `field` names the request's field and `value` what it held; `messages` are the server's.
 *
 * @since 0.2.0
 * @category errors
 */
export class NotFoundError extends Schema.TaggedError<NotFoundError>("@efa-kit/NotFoundError")("NotFoundError", {
  operation: Schema.String,
  field: Schema.String,
  value: Schema.optional(Schema.String),
  messages: Schema.Array(SystemMessage.SystemMessage)
}) {
  override get message(): string {
    return `${this.operation}: no ${this.field} ${this.value === undefined ? "" : `"${this.value}" `}on this server`
  }
}

/**
 * The errors every operation can fail with; an operation's descriptor declares what it adds
 * (`Operation.errors`, see {@link OperationError}).
 *
 * @since 0.2.0
 * @category models
 */
export type CommonError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError
  | RateLimitStoreError

/**
 * The errors an operation can add to the common ones: `StopNotResolvedError` for an operation about one
 * stop (a board, a trip's stops).
 *
 * @since 0.2.0
 * @category models
 */
export type OperationError = StopNotResolvedError | NotFoundError

/**
 * Any error of an operation.
 *
 * @since 0.1.0
 * @category models
 */
export type EfaError =
  | InvalidRequestError
  | TransportError
  | HttpStatusError
  | DecodeError
  | ServerMessageError
  | StopNotResolvedError
  | NotFoundError
  | InterfaceVersionError
  | ResponseTooLargeError
  | RedirectError
  | QueueFullError
  | RateLimitStoreError
