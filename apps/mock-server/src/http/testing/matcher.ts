/**
 * Request matchers, shared by stubs and verification: a path, parameter values (exact, a pattern,
 * present or absent) and headers, all of which must hold.
 *
 * ```json
 * {
 *   "path": "<an operation path, e.g. the trip's>",
 *   "params": { "exclMOT_5": { "present": true }, "name_origin": "de:08111:6118", "name_sf": { "matches": "^Stutt" } },
 *   "headers": { "authorization": { "matches": "^apikey " } }
 * }
 * ```
 *
 * A parameter sent several times matches `equals` and `matches` when one of its values does.
 *
 * Patterns (`matches`) are run by RE2's engine (`re2js`), whose time grows linearly with the value
 * matched, whatever the pattern: no pattern can make a request or a verification backtrack for
 * seconds. Its syntax is RE2's, JavaScript's without lookaround and backreferences (refused with a 400
 * that says so). The work is bounded by the pattern's size (at most 1,000 characters, repeat counts at
 * most 1,000) times the value's length (at most the URL's, `maxUrlLength`, or a header's).
 *
 * @since 0.1.0
 */
import { Either, ParseResult, Schema } from "effect"
import { createRequire } from "node:module"
import type { RE2JS } from "re2js"

let engine: typeof RE2JS | undefined

// Loaded with the first pattern, not with the fake: most runs have none, and it takes tens of
// milliseconds to load.
const re2 = (): typeof RE2JS => {
  engine ??= (createRequire(import.meta.url)("re2js") as typeof import("re2js")).RE2JS
  return engine
}

/**
 * A pattern compiled for linear-time matching; throws for a pattern RE2 does not take.
 *
 * @since 0.1.0
 * @category utils
 */
const compilePattern = (source: string): { readonly test: (value: string) => boolean } => {
  const compiled = re2().compile(source)
  return { test: (value) => compiled.test(value) }
}

const Pattern = Schema.String.pipe(
  Schema.maxLength(1000),
  Schema.filter((source) => {
    try {
      compilePattern(source)
      return true
    } catch (error) {
      return `not a pattern RE2 takes (no lookaround, no backreferences): ${(error as Error).message}`
    }
  })
)

/**
 * What one parameter or header must be: a string (exactly this value), `{ equals }`, `{ matches }` (a
 * pattern in RE2's syntax, matched in linear time, unanchored unless it says `^...$`), `{ present: true | false }` or
 * `{ absent: true }`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ValueMatcher = Schema.Union(
  Schema.String,
  Schema.Struct({ equals: Schema.String }),
  Schema.Struct({ matches: Pattern }),
  Schema.Struct({ present: Schema.Boolean }),
  Schema.Struct({ absent: Schema.Literal(true) })
)

/**
 * @since 0.1.0
 * @category models
 */
export type ValueMatcher = typeof ValueMatcher.Type

/**
 * A request matcher. `path` is an operation path (an `operation.path` of the core, with or without the leading
 * slash); without it every operation matches. Header names are case-insensitive.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RequestMatcher = Schema.Struct({
  method: Schema.optionalWith(Schema.String, { exact: true }),
  path: Schema.optionalWith(Schema.String, { exact: true }),
  params: Schema.optionalWith(Schema.Record({ key: Schema.String, value: ValueMatcher }), { exact: true }),
  headers: Schema.optionalWith(Schema.Record({ key: Schema.String, value: ValueMatcher }), { exact: true })
})

/**
 * @since 0.1.0
 * @category models
 */
export type RequestMatcher = typeof RequestMatcher.Type

/**
 * What a matcher looks at.
 *
 * @since 0.1.0
 * @category models
 */
export interface MatchableRequest {
  readonly method: string
  /** Without the leading slash. */
  readonly path: string
  readonly params: ReadonlyArray<readonly [string, string]>
  /** A header's value, by lower-case name; `undefined` when absent. */
  readonly header: (name: string) => string | undefined
}

/**
 * A matcher ready to run: the patterns compiled once.
 *
 * @since 0.1.0
 * @category models
 */
export interface CompiledMatcher {
  readonly source: RequestMatcher
  /** The conditions that do not hold, in words; empty when the request matches. */
  readonly differences: (request: MatchableRequest) => Array<string>
  readonly test: (request: MatchableRequest) => boolean
}

type Check = (values: ReadonlyArray<string>) => boolean

const checkOf = (matcher: ValueMatcher): Check => {
  if (typeof matcher === "string") return (values) => values.includes(matcher)
  if ("equals" in matcher) return (values) => values.includes(matcher.equals)
  if ("matches" in matcher) {
    const pattern = compilePattern(matcher.matches)
    return (values) => values.some((value) => pattern.test(value))
  }
  if ("present" in matcher) return (values) => (values.length > 0) === matcher.present
  return (values) => values.length === 0
}

/**
 * A matcher in words: `exclMOT_5 present`, `name_sf = "Hbf"`, `name_sf ~ /^Stutt/`.
 *
 * @since 0.1.0
 * @category formatting
 */
const describeValue = (name: string, matcher: ValueMatcher): string => {
  if (typeof matcher === "string") return `${name} = ${JSON.stringify(matcher)}`
  if ("equals" in matcher) return `${name} = ${JSON.stringify(matcher.equals)}`
  if ("matches" in matcher) return `${name} ~ /${matcher.matches}/`
  if ("present" in matcher) return `${name} ${matcher.present ? "present" : "absent"}`
  return `${name} absent`
}

/**
 * The whole matcher in words.
 *
 * @since 0.1.0
 * @category formatting
 */
export const describeMatcher = (matcher: RequestMatcher): string => {
  const parts = [
    ...Object.entries(matcher.params ?? {}).map(([name, value]) => describeValue(name, value)),
    ...Object.entries(matcher.headers ?? {}).map(([name, value]) => describeValue(`header ${name}`, value))
  ]
  const target = `${matcher.method !== undefined ? matcher.method.toUpperCase() + " " : ""}${
    matcher.path !== undefined ? normalisePath(matcher.path) : "any operation"
  }`
  return parts.length === 0 ? target : `${target} with ${parts.join(", ")}`
}

const shown = (values: ReadonlyArray<string>): string =>
  values.length === 0
    ? "not sent"
    : values.length === 1
    ? `sent ${JSON.stringify(values[0])}`
    : `sent ${values.map((value) => JSON.stringify(value)).join(", ")}`

/**
 * An operation path as the journal writes it: without the leading slash.
 *
 * @since 0.1.0
 * @category utils
 */
export const normalisePath = (path: string): string => path.replace(/^\/+/, "")

/**
 * Compiles a matcher (already decoded with {@link RequestMatcher}).
 *
 * @since 0.1.0
 * @category constructors
 */
export const compileMatcher = (matcher: RequestMatcher): CompiledMatcher => {
  const path = matcher.path === undefined ? undefined : normalisePath(matcher.path)
  const method = matcher.method?.toUpperCase()
  const params = Object.entries(matcher.params ?? {}).map(([name, value]) => ({
    name,
    check: checkOf(value),
    words: describeValue(name, value)
  }))
  const headers = Object.entries(matcher.headers ?? {}).map(([name, value]) => ({
    name: name.toLowerCase(),
    check: checkOf(value),
    words: describeValue(`header ${name.toLowerCase()}`, value)
  }))
  const valuesOf = (request: MatchableRequest, name: string): Array<string> => {
    const values: Array<string> = []
    for (const [key, value] of request.params) if (key === name) values.push(value)
    return values
  }
  const headerValues = (request: MatchableRequest, name: string): Array<string> => {
    const value = request.header(name)
    return value === undefined ? [] : [value]
  }
  const differences = (request: MatchableRequest): Array<string> => {
    const out: Array<string> = []
    if (method !== undefined && request.method.toUpperCase() !== method) {
      out.push(`method ${method} expected, got ${request.method}`)
    }
    if (path !== undefined && request.path !== path) out.push(`path ${path} expected, got ${request.path}`)
    for (const param of params) {
      const values = valuesOf(request, param.name)
      if (!param.check(values)) out.push(`${param.words} expected, ${shown(values)}`)
    }
    for (const header of headers) {
      const values = headerValues(request, header.name)
      // Header values are not repeated in messages: they may carry credentials.
      if (!header.check(values)) out.push(`${header.words} expected, ${values.length === 0 ? "not sent" : "differs"}`)
    }
    return out
  }
  const test = (request: MatchableRequest): boolean => {
    if (path !== undefined && request.path !== path) return false
    if (method !== undefined && request.method.toUpperCase() !== method) return false
    for (const param of params) if (!param.check(valuesOf(request, param.name))) return false
    for (const header of headers) if (!header.check(headerValues(request, header.name))) return false
    return true
  }
  return { source: matcher, differences, test }
}

/**
 * Decodes and compiles a matcher from JSON, or says what is wrong with it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const decodeMatcher = (input: unknown): Either.Either<CompiledMatcher, string> =>
  Either.mapBoth(Schema.decodeUnknownEither(RequestMatcher, { errors: "all" })(input), {
    onLeft: (error) => issuesText(error),
    onRight: compileMatcher
  })

/**
 * A decode error as one line per problem, each with its path.
 *
 * @since 0.1.0
 * @category formatting
 */
export const issuesText = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")
