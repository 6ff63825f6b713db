import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { DateTime, Duration, Effect, Either, ParseResult, Schema } from "effect"
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
import { type QueryPairs, toQueryString } from "./query.js"

/** @internal */
export interface ResolvedSettings {
  readonly baseUrl: string
  readonly timeZone: DateTime.TimeZone
  readonly headers: Readonly<Record<string, string>>
  readonly timeout: Duration.Duration
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
  const decoders = new Map<Operation<any, any, any>, (body: unknown) => Either.Either<any, ParseResult.ParseError>>()
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
      decoder = Schema.decodeUnknownEither(operation.response, { errors: "first" })
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

  const execute = <Request, Response>(
    operation: Operation<Request, Response, any>,
    request: Request
  ): Effect.Effect<Response, EfaError> =>
    Effect.suspend(() => {
      const url = buildUrl(operation, request)
      if (Either.isLeft(url)) return Effect.fail(url.left)
      return attempt(operation, url.right)
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
    const decoded = decoderFor(operation)(json)
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
