/**
 * Building a request: the request as written becomes the canonical model, then the query; the dialect
 * and the profile add their parameters, path and headers; the result is the URL of the call, or an
 * `InvalidRequestError` that names every field at fault.
 *
 * @internal
 */
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Either from "effect/Either"
import type * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { InvalidRequestError, type RequestIssue } from "../../EfaError.js"
import type { Operation, QueryContext } from "../../Operation.js"
import { formatIssues } from "../decode/describe.js"
import type { ModeMapping } from "../schema/productClasses.js"
import { type QueryPairs, toQueryString } from "../schema/query.js"
import type { Deployment } from "./deployment.js"

/**
 * A base URL as a message may show it: without the user and password of its authority, even where it does not
 * parse as a URL.
 *
 * @internal
 */
export const displayBaseUrl = (baseUrl: string | URL): string =>
  String(baseUrl).replace(/^([^:/?#]*:\/\/)[^/?#]*@/, "$1")

/**
 * Joins the base URL and an operation path whether or not the base ends with a slash. A base with a user or
 * a password (`https://user:pw@host/`) is refused: `fetch` refuses such URLs, and what the client keeps of its
 * base URL (keys in a shared store, errors, spans) would carry the password. Credentials go in `apiKey` or
 * `headers`, which the client keeps out of all of these. No message repeats the user or the password.
 *
 * @internal
 */
export const normalizeBaseUrl = (baseUrl: string | URL): Either.Either<string, string> => {
  let url: URL
  try {
    url = new URL(baseUrl.toString())
  } catch {
    return Either.left(`baseUrl "${displayBaseUrl(baseUrl)}" is not an absolute URL`)
  }
  if (url.username !== "" || url.password !== "") {
    return Either.left(
      "baseUrl must not carry a user or a password (user:password@): put credentials in apiKey or headers"
    )
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Either.left(`baseUrl must use http or https, got ${url.protocol}`)
  }
  if (url.search !== "" || url.hash !== "") return Either.left("baseUrl must not carry a query or fragment")
  return Either.right(url.toString().replace(/\/+$/, "") + "/")
}

/**
 * Flattens a parse issue into request issues: the field path and the rule.
 *
 * @internal
 */
const toRequestIssues = (issue: ParseResult.ParseIssue): Array<RequestIssue> => {
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

/**
 * A request with every field that is set to `undefined` left out, at any depth: in both APIs an optional
 * field set to `undefined` means the same as an absent one, while the models are exact (absent, never
 * `undefined`). Only plain objects and arrays are copied, and only when they hold such a field.
 *
 * @internal
 */
export const withoutUndefined = (value: unknown): unknown => clean(value, 0)

/**
 * How deep a request is looked into: no request of any operation nests nearly as deep, and what lies deeper
 * is left as it is (the request's schema refuses it) rather than overflowing the stack.
 *
 * @internal
 */
const MAX_REQUEST_DEPTH = 64

const clean = (value: unknown, depth: number): unknown => {
  if (value === null || typeof value !== "object" || depth >= MAX_REQUEST_DEPTH) return value
  if (Array.isArray(value)) {
    let copy: Array<unknown> | undefined
    value.forEach((item, index) => {
      const cleaned = clean(item, depth + 1)
      if (cleaned !== item) (copy ??= [...value])[index] = cleaned
    })
    return copy ?? value
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const cleaned = clean(item, depth + 1)
    if (cleaned === item && item !== undefined) continue
    copy ??= { ...value }
    if (item === undefined) delete copy[key]
    else copy[key] = cleaned
  }
  return copy ?? value
}

const EMPTY_LIST = "must not be empty: leave the field out instead"

/**
 * The paths of the empty lists in a request. One rule for every list of every operation: an empty list
 * is refused, naming the field, since leaving the field out says what an empty list could only guess
 * (no filter, or a filter that lets nothing through).
 *
 * @internal
 */
const emptyLists = (value: unknown, path: ReadonlyArray<string | number> = []): Array<string> => {
  if (value === null || typeof value !== "object" || path.length >= MAX_REQUEST_DEPTH) return []
  if (Array.isArray(value)) {
    return value.length === 0 ? [path.join(".")] : value.flatMap((item, index) => emptyLists(item, [...path, index]))
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return []
  return Object.entries(value).flatMap(([key, item]) => emptyLists(item, [...path, key]))
}

/**
 * What a request is built from: the client's resolved settings that shape it.
 *
 * @internal
 */
export interface RequestSettings extends QueryContext {
  readonly baseUrl: string
  readonly headers: Readonly<Record<string, string>>
  readonly deployment: Deployment
  /** The request's modes in the deployment's own product classes, where its profile has a table of them. */
  readonly modes?: ModeMapping | undefined
}

/**
 * Builds the requests of one client: `url` encodes a request into the URL of its call (once per request
 * object), `request` is the HTTP request to a URL, with the configured headers on the base origin only.
 *
 * @internal
 */
export const makeRequestBuilder = (settings: RequestSettings) => {
  const { baseUrl, deployment, modes } = settings
  const context: QueryContext = { timeZone: settings.timeZone }
  const encoders = new Map<
    Operation<any, any, any, any>,
    (request: unknown) => Either.Either<QueryPairs, Array<RequestIssue>>
  >()

  const encoderFor = (operation: Operation<any, any, any, any>) => {
    let encoder = encoders.get(operation)
    if (encoder === undefined) {
      // the request as written (a `Date`, sets in any order) becomes the canonical model, then the query
      const normalize = Schema.decodeUnknownEither(operation.request)
      const encode = Schema.encodeEither(operation.query(context)) as (
        request: unknown
      ) => Either.Either<QueryPairs, ParseResult.ParseError>
      encoder = (written) => {
        const request = withoutUndefined(written)
        const empty = emptyLists(request)
        return empty.length > 0
          ? Either.left(empty.map((field) => ({ field, message: EMPTY_LIST })))
          : Either.mapLeft(Either.flatMap(normalize(request), encode), (error) => toRequestIssues(error.issue))
      }
      encoders.set(operation, encoder)
    }
    return encoder
  }

  const encodeUrl = (
    operation: Operation<any, any, any, any>,
    request: unknown
  ): Either.Either<string, InvalidRequestError> => {
    const refusal = deployment.refusal(operation)
    if (refusal !== undefined) {
      return Either.left(
        new InvalidRequestError({ operation: operation.name, issues: [{ field: "(operation)", message: refusal }] })
      )
    }
    return Either.match(encoderFor(operation)(request), {
      onLeft: (issues) => Either.left(new InvalidRequestError({ operation: operation.name, issues })),
      onRight: (query) => {
        const pairs = modes?.(operation.modeFilters, query) ?? Either.right(query)
        return Either.isLeft(pairs)
          ? Either.left(new InvalidRequestError({ operation: operation.name, issues: pairs.left }))
          : Either.right(
            `${baseUrl}${deployment.path(operation)}?${toQueryString(deployment.query(operation, pairs.right))}`
          )
      }
    })
  }

  // Request models are immutable values: the URL of a request object is built once, so that a caller
  // who repeats a request (polling, paging through the same query) does not pay for the encode again.
  const urls = new Map<Operation<any, any, any, any>, WeakMap<object, Either.Either<string, InvalidRequestError>>>()

  const url = (
    operation: Operation<any, any, any, any>,
    request: unknown
  ): Either.Either<string, InvalidRequestError> => {
    if (typeof request !== "object" || request === null) return encodeUrl(operation, request)
    let built = urls.get(operation)
    if (built === undefined) {
      built = new WeakMap()
      urls.set(operation, built)
    }
    let found = built.get(request)
    if (found === undefined) {
      found = encodeUrl(operation, request)
      built.set(request, found)
    }
    return found
  }

  // The headers are the same for every request: set once, only the URL changes.
  const template = HttpClientRequest.get("", { headers: deployment.headers(settings.headers) })
  // A request to another origin starts from this bare request, never from `template`: whatever adds
  // headers (options, an API key) must add them to `template`, so that they stay with the base origin.
  const bareTemplate = HttpClientRequest.get("", { headers: { accept: "application/json" } })

  const request = (to: string, sameOrigin: boolean): HttpClientRequest.HttpClientRequest =>
    HttpClientRequest.setUrl(sameOrigin ? template : bareTemplate, to)

  return { url, request } as const
}

/** @internal */
export type RequestBuilder = ReturnType<typeof makeRequestBuilder>
