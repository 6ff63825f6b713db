// Schemas whose decoding is a function written by hand: a wire parameter read from its text, a value checked
// by a function. The operation modules write the function with a message (or another schema's failure) and
// these turn it into the parser's issues, so that no operation module handles Effect's parser types.
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import { ParamString } from "./params.js"

/**
 * Why a value does not read: a message (reported at the value), or the failure of another schema
 * (`Schema.decodeUnknownEither(...)`), kept as it is.
 *
 * @internal
 */
export type Failure = string | { readonly issue: ParseResult.ParseIssue }

/** @internal */
export type Parsed<A> = Either.Either<A, Failure>

const toIssue = (ast: AST.AST, actual: unknown) => (failure: Failure): ParseResult.ParseIssue =>
  typeof failure === "string" ? new ParseResult.Type(ast, actual, failure) : failure.issue

/**
 * A wire parameter read from its text by `decode` and written by `encode`; a failure is reported at the
 * parameter.
 *
 * @internal
 */
export const parsedParam = <A, I, R>(
  to: Schema.Schema<A, I, R>,
  codec: {
    readonly decode: (text: string, options: AST.ParseOptions) => Parsed<NoInfer<I>>
    readonly encode: (value: NoInfer<I>, options: AST.ParseOptions) => string | Parsed<string>
  }
): Schema.Schema<A, string, R> =>
  Schema.transformOrFail(ParamString, to, {
    strict: true,
    decode: (text, options, ast) => Either.mapLeft(codec.decode(text, options), toIssue(ast, text)),
    encode: (value, options, ast) => {
      const written = codec.encode(value, options)
      return typeof written === "string"
        ? ParseResult.succeed(written)
        : Either.mapLeft(written, toIssue(ast, value))
    }
  })

/**
 * A schema of values checked (and possibly completed) by a function in each direction.
 *
 * @internal
 */
export const checked = <A>(
  codec: {
    readonly decode: (input: unknown, options: AST.ParseOptions) => Parsed<A>
    readonly encode: (input: unknown, options: AST.ParseOptions) => Parsed<A>
  },
  annotations: Schema.Annotations.Schema<A>
): Schema.Schema<A> =>
  Schema.declare([], {
    decode: () => (input, options, ast) => Either.mapLeft(codec.decode(input, options), toIssue(ast, input)),
    encode: () => (input, options, ast) => Either.mapLeft(codec.encode(input, options), toIssue(ast, input))
  }, annotations)
