import { Either, ParseResult, Schema } from "effect"
import { fromQueryString, type QueryPairs, toQueryString } from "../../src/internal/schema/query.js"

/** The coordinate format as it appears percent-encoded in a query string. */
export const WGS84 = "WGS84%5Bdd.ddddd%5D"

/** The path and message of every issue of a failure; a success is a test failure. */
export const issuesOf = (result: Either.Either<unknown, ParseResult.ParseError>) => {
  if (Either.isRight(result)) throw new Error(`expected a failure, got ${JSON.stringify(result.right)}`)
  return ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message
  }))
}

/** Encoding to and decoding from query strings with an operation's query codec. */
export const queryHelpers = <R>(query: Schema.Schema<R, QueryPairs>) => ({
  encode: (request: R): string => toQueryString(Schema.encodeSync(query)(request)),
  decode: (text: string): R => Schema.decodeUnknownSync(query)(fromQueryString(text)),
  decodeIssues: (text: string) => issuesOf(Schema.decodeUnknownEither(query)(fromQueryString(text), { errors: "all" })),
  encodeIssues: (request: unknown) => issuesOf(Schema.encodeUnknownEither(query)(request, { errors: "all" }))
})
