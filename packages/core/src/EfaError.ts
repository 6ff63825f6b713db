/**
 * The errors of every operation. Each says in its message what went wrong; none is thrown: every
 * failure of a call is one of these, in the typed error channel.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
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
  | InterfaceVersionError
