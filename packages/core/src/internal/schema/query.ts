import type * as DateTime from "effect/DateTime"
import type * as Effect from "effect/Effect"
import type * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import { perTimeZone } from "./perTimeZone.js"

/** @internal */
export type QueryPairs = ReadonlyArray<readonly [string, string]>

/** @internal */
export const QueryPairs: Schema.Schema<QueryPairs> = Schema.Array(Schema.Tuple(Schema.String, Schema.String))

/** @internal */
export type QueryValue = string | ReadonlyArray<string>

/** @internal */
export type QueryRecord = { readonly [key: string]: QueryValue }

const groupPairs = (pairs: QueryPairs): Record<string, QueryValue> => {
  const record: Record<string, QueryValue> = Object.create(null)
  for (const [key, value] of pairs) {
    const previous = record[key]
    if (previous === undefined) {
      record[key] = value
    } else if (typeof previous === "string") {
      record[key] = [previous, value]
    } else {
      record[key] = [...previous, value]
    }
  }
  return record
}

const ungroupRecord = (record: QueryRecord): Array<readonly [string, string]> => {
  const pairs: Array<readonly [string, string]> = []
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (typeof value === "string") {
      pairs.push([key, value])
    } else if (value !== undefined) {
      for (const item of value) pairs.push([key, item])
    }
  }
  return pairs
}

/**
 * Ordered query pairs grouped by name: a name sent once maps to its string, a repeated name to the list
 * of its values in order. Parameter schemas read the grouped form, so a problem is reported at the
 * parameter's name.
 *
 * @internal
 */
const QueryRecordFromPairs: Schema.Schema<QueryRecord, QueryPairs> = Schema.transform(
  QueryPairs,
  Schema.Record({ key: Schema.String, value: Schema.Union(Schema.String, Schema.Array(Schema.String)) }),
  { strict: true, decode: groupPairs, encode: ungroupRecord }
)

// Characters URLSearchParams leaves alone (application/x-www-form-urlencoded), plus ":" and "," which
// EFA servers expect literally in coordinates and lists and which are legal in a query.
const formEncode = (value: string): string =>
  encodeURIComponent(value)
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%3A/g, ":")
    .replace(/%2C/g, ",")

/**
 * Serialises query pairs the way browsers encode forms (UTF-8, `+` for space), except that a pair with
 * an empty value is sent as a bare flag (`boundingBox`, not `boundingBox=`).
 *
 * @internal
 */
export const toQueryString = (pairs: QueryPairs): string => {
  let out = ""
  for (const [key, value] of pairs) {
    if (out.length > 0) out += "&"
    out += formEncode(key)
    if (value !== "") out += "=" + formEncode(value)
  }
  return out
}

/**
 * Reads a query string (with or without the leading `?`) into ordered pairs. Bare flags read as empty
 * values.
 *
 * @internal
 */
export const fromQueryString = (query: string): Array<readonly [string, string]> =>
  Array.from(new URLSearchParams(query), ([key, value]) => [key, value] as const)

/**
 * Builds a failure located at a query parameter, so that the message names it.
 *
 * @internal
 */
const parameterIssue = (
  parameter: string | ReadonlyArray<PropertyKey>,
  ast: AST.AST,
  actual: unknown,
  message: string
): ParseResult.ParseIssue =>
  new ParseResult.Pointer(
    typeof parameter === "string" ? parameter : (parameter as unknown as ParseResult.Path),
    actual,
    new ParseResult.Type(ast, actual, message)
  )

/**
 * Collects issues found while mapping between parameters and a request model; fails with all of them
 * at once so that a caller sees every offending parameter.
 *
 * @internal
 */
export class IssueCollector {
  readonly issues: Array<ParseResult.ParseIssue> = []
  constructor(readonly ast: AST.AST, readonly actual: unknown) {}

  add(parameter: string | ReadonlyArray<PropertyKey>, value: unknown, message: string): void {
    this.issues.push(parameterIssue(parameter, this.ast, value, message))
  }

  /** The value when no issue was found, else `undefined` (the issues say why). */
  when<A>(value: () => A): A | undefined {
    return this.issues.length === 0 ? value() : undefined
  }

  result<A>(value: () => A): Either.Either<A, ParseResult.ParseIssue> {
    if (this.issues.length === 0) return ParseResult.succeed(value())
    if (this.issues.length === 1) return ParseResult.fail(this.issues[0]!)
    return ParseResult.fail(
      new ParseResult.Composite(
        this.ast,
        this.actual,
        this.issues as [ParseResult.ParseIssue, ...Array<ParseResult.ParseIssue>]
      )
    )
  }
}

/**
 * Drops the keys whose value is `undefined`, as optional properties must be absent rather than
 * undefined.
 *
 * @internal
 */
export const definedOnly = <A extends Record<string, unknown>>(record: A): DefinedOnly<A> => {
  const out: Record<string, unknown> = {}
  for (const key in record) if (record[key] !== undefined) out[key] = record[key]
  // what the loop builds: the keys whose value may be `undefined` become optional
  return out as DefinedOnly<A>
}

/**
 * A record without its `undefined` values: a key that may hold `undefined` becomes optional.
 *
 * @internal
 */
export type DefinedOnly<A> =
  & { [K in keyof A as undefined extends A[K] ? never : K]: A[K] }
  & { [K in keyof A as undefined extends A[K] ? K : never]?: Exclude<A[K], undefined> }

/**
 * The two-way mapping between an operation's query pairs and its request model: the pairs are grouped
 * by name and read by the operation's parameter struct (so each problem is reported at its parameter),
 * then mapped to the model by `decode` and back by `encode`.
 *
 * @internal
 */
export const queryCodec = <P, PI, R, RI>(
  identifier: string,
  params: Schema.Schema<P, PI>,
  request: Schema.Schema<R, RI>,
  codec: {
    readonly decode: (
      params: P,
      options: AST.ParseOptions,
      ast: AST.Transformation
    ) => Effect.Effect<R, ParseResult.ParseIssue>
    readonly encode: (
      request: R,
      options: AST.ParseOptions,
      ast: AST.Transformation
    ) => Effect.Effect<P, ParseResult.ParseIssue>
  }
): Schema.Schema<R, QueryPairs> =>
  Schema.transformOrFail(
    Schema.compose(QueryRecordFromPairs, params as Schema.Schema<P, any>, { strict: false }),
    Schema.typeSchema(request),
    { strict: true, decode: codec.decode, encode: codec.encode }
  ).annotations({ identifier })

/**
 * The request when no issue was found. A part of it that could not be read (`undefined`) has been
 * reported as an issue; should one be missing anyway, the request fails rather than a part go absent.
 *
 * @internal
 */
export const requestOf = <A>(issues: IssueCollector, request: A | undefined) => {
  if (issues.issues.length === 0 && request === undefined) {
    issues.add([], undefined, "the parameters do not make a request")
  }
  return issues.result(() => request!)
}

/**
 * An operation's mapping between its decoded wire parameters and its request model. `decode` reports every
 * problem with `issues.add(<wire name>, value, message)` and gives the request (ignored when an issue was
 * reported; `undefined` only with an issue); `encode` gives the parameters.
 *
 * @internal
 */
export interface QueryMapping<P, R> {
  readonly decode: (params: P, issues: IssueCollector) => R | undefined
  readonly encode: (request: R) => P
}

/**
 * An operation's query codec (see {@link queryCodec}) from its mapping: the issues are collected and the
 * result wrapped here, so that an operation module writes only the mapping.
 *
 * @internal
 */
export const defineQuery = <P, PI, R, RI>(
  identifier: string,
  params: Schema.Schema<P, PI>,
  request: Schema.Schema<R, RI>,
  mapping: QueryMapping<P, R>
): Schema.Schema<R, QueryPairs> =>
  queryCodec(identifier, params, request, {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      return requestOf(issues, mapping.decode(p, issues))
    },
    encode: (r) => ParseResult.succeed(mapping.encode(r))
  })

/**
 * {@link defineQuery} for an operation that writes times in the deployment's zone: one codec per zone,
 * built on first use and kept.
 *
 * @internal
 */
export const defineZonedQuery = <P, PI, R, RI>(
  identifier: string,
  params: Schema.Schema<P, PI>,
  request: Schema.Schema<R, RI>,
  mapping: (timeZone: DateTime.TimeZone) => QueryMapping<P, R>
): (context: { readonly timeZone: DateTime.TimeZone }) => Schema.Schema<R, QueryPairs> =>
  perTimeZone((timeZone) => defineQuery(identifier, params, request, mapping(timeZone)))
