/**
 * Interpreting an answer: the status, the body parsed and decoded with the dialect's response schema, a
 * rapidJSON version refusal, the `systemMessages` that fail a call without result, and a body that lacks
 * its result for no stated reason. Every outcome is the response or one of the tagged errors.
 *
 * @internal
 */
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Effect from "effect/Effect"
import type * as Either from "effect/Either"
import type * as ParseResult from "effect/ParseResult"
import {
  DecodeError,
  type EfaError,
  HttpStatusError,
  InterfaceVersionError,
  NotFoundError,
  ServerMessageError,
  StopNotResolvedError
} from "../../EfaError.js"
import type { Operation } from "../../Operation.js"
import * as SystemMessage from "../../SystemMessage.js"
import { describeIssue } from "../decode/describe.js"
import { makeJsonDecoder } from "../effect/fastDecode.js"
import type { Dialect } from "./dialect.js"

/**
 * What an attempt received: the final response, its whole body, and its URL (after redirects).
 *
 * @internal
 */
export interface Received {
  readonly response: HttpClientResponse.HttpClientResponse
  readonly body: string
  readonly url: string
}

const EXCERPT_LENGTH = 200

/** @internal */
export const excerpt = (body: string): string => {
  // Only the start is looked at: a body may be megabytes long.
  const flat = body.slice(0, EXCERPT_LENGTH * 4).replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT_LENGTH ? flat.slice(0, EXCERPT_LENGTH) + "…" : flat
}

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

/**
 * Builds the interpreter of one client's answers, speaking its dialect.
 *
 * @internal
 */
export const makeInterpreter = (dialect: Dialect) => {
  const decoders = new Map<
    Operation<any, any, any, any>,
    (json: unknown, body: string) => Either.Either<any, ParseResult.ParseError>
  >()

  const decoderFor = (operation: Operation<any, any, any, any>) => {
    let decoder = decoders.get(operation)
    if (decoder === undefined) {
      // the fast path, in place on the JSON parsed here; Effect's decode (errors: "first") on a failure
      decoder = makeJsonDecoder(dialect.response(operation))
      decoders.set(operation, decoder)
    }
    return decoder
  }

  const interpretUnsafe = <Response>(
    operation: Operation<any, any, Response, any>,
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
    if (dialect.dialect === "rapidJSON") {
      const refused = dialect.versionRefusal(json)
      if (refused !== undefined) {
        return Effect.fail(new InterfaceVersionError({ operation: operation.name, url, ...refused }))
      }
    }
    // the fast decoder works in place and may add the result key
    const hadResultKey = dialect.hasResultKey(operation, json)
    const decoded = decoderFor(operation)(json, body)
    if (decoded._tag === "Left") {
      const issue = describeIssue(decoded.left.issue)
      return decodeError("schema", issue.path, dialect.mismatch(json) + issue.message)
    }
    const value = decoded.right as Response
    const messages = (value as { readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> }).systemMessages
    const hasResult = operation.hasResult(value)
    // no silent empties: an answer in the other dialect is not a result, whatever its messages say (a lenient
    // schema may take its fields for one), and an answer without its result key is not an empty result unless
    // an error message explains it
    if (!hadResultKey || !hasResult) {
      const foreign = dialect.foreign(operation, json)
      if (foreign !== undefined) return decodeError("schema", "$", foreign)
    }
    if (!hasResult) {
      const unresolved = operation.unresolved?.(value)
      if (unresolved !== undefined) {
        return Effect.fail(
          new StopNotResolvedError({
            operation: operation.name,
            reason: unresolved.reason,
            candidates: unresolved.candidates.map((candidate) => ({
              id: candidate.id,
              name: candidate.name,
              ...(candidate.type !== undefined ? { type: candidate.type } : {})
            }))
          })
        )
      }
      const errors = SystemMessage.errors(messages)
      const hasErrors = errors.length > 0
      const diagnosis = dialect.diagnose(operation, json, hasErrors, hadResultKey)
      if (diagnosis !== undefined) return decodeError("schema", "$", diagnosis)
      // the server says nothing matched: an empty answer (its messages kept), or the one thing asked is not there
      const nothing = operation.nothing
      if (
        hasErrors && nothing !== undefined &&
        errors.every((message) => nothing.codes.includes(Number(message.code)))
      ) {
        if (nothing.means === "empty") return Effect.succeed(value)
        const asked = new URL(url, "http://x/").searchParams.get(nothing.means.parameter) ?? undefined
        return Effect.fail(
          new NotFoundError({
            operation: operation.name,
            field: nothing.means.field,
            ...(asked === undefined ? {} : { value: asked }),
            messages: messages!
          })
        )
      }
      if (hasErrors) return Effect.fail(new ServerMessageError({ operation: operation.name, messages: messages! }))
    }
    return Effect.succeed(value)
  }

  /** The response of an answer, or the tagged error that says why there is none. */
  const interpret = <Response>(
    operation: Operation<any, any, Response, any>,
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

  return interpret
}
