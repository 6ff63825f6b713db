/**
 * Stubs: a fixed answer (or a fault) for the requests a matcher selects. Stubs take precedence over
 * recordings, the upstream and the dataset; a fault from the `x-efa-fault` header or a script wins over
 * a stub. Among the stubs that match, the lowest `priority` number wins (1 before 5, the default), and
 * among equals the one added last. A stub with `times` answers that many requests and then stays listed
 * with nothing remaining.
 *
 * ```json
 * {
 *   "request": { "path": "<the stop finder's path>", "params": { "name_sf": { "matches": "^Flughafen" } } },
 *   "response": { "json": { "locations": [] } },
 *   "priority": 1,
 *   "times": 2
 * }
 * ```
 *
 * @since 0.1.0
 */
import type { Operation } from "@efa-kit/core"
import { Either, ParseResult, Schema } from "effect"
import { type Fault, faultSpec, formatFault } from "../faults.js"
import { AnswerHeaders, ContentType } from "./headerValues.js"
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./jsonDepth.js"
import {
  type CompiledMatcher,
  compileMatcher,
  issuesText,
  type MatchableRequest,
  normalisePath,
  RequestMatcher
} from "./matcher.js"

/**
 * A stub's answer: `status` (default 200), `headers`, and the body as `json` (any JSON value, sent as
 * compact JSON) or `body` (text); `contentType` defaults to JSON. Header names and values (the content
 * type's too) must be ones HTTP can carry, and the headers that frame an answer (`content-length`,
 * `transfer-encoding`, `connection`, ...) are the server's: a stub that has either is refused.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StubResponse = Schema.Struct({
  status: Schema.optionalWith(Schema.Int.pipe(Schema.between(200, 599)), { exact: true }),
  headers: Schema.optionalWith(AnswerHeaders, { exact: true }),
  contentType: Schema.optionalWith(ContentType, { exact: true }),
  json: Schema.optionalWith(Schema.Unknown, { exact: true }),
  body: Schema.optionalWith(Schema.String, { exact: true })
})

/**
 * @since 0.1.0
 * @category models
 */
export type StubResponse = typeof StubResponse.Type

/**
 * A stub as listed by `GET /__admin/stubs`.
 *
 * @since 0.1.0
 * @category models
 */
export interface StubView {
  readonly id: string
  readonly priority: number
  readonly request: RequestMatcher
  readonly response?: StubResponse
  readonly fault?: string
  /** `null` when the stub answers without limit. */
  readonly remaining: number | null
  /** How many requests it answered. */
  readonly matched: number
}

/**
 * The answer of a matching stub.
 *
 * @since 0.1.0
 * @category models
 */
interface StubAnswer {
  readonly id: string
  /** The answer, when the stub gives one; without it the request is answered as without the stub. */
  readonly answer?: {
    readonly status: number
    readonly contentType: string
    readonly body: string
    readonly headers: Record<string, string>
  }
  /** A fault, on top of the stub's answer when it has one. */
  readonly fault?: Fault
}

interface Stub {
  readonly id: string
  readonly order: number
  readonly priority: number
  readonly matcher: CompiledMatcher
  readonly answer: StubAnswer
  readonly response: StubResponse | undefined
  remaining: number | null
  matched: number
}

const definitionSchema = (maxLatencyMs: number) =>
  Schema.Struct({
    id: Schema.optionalWith(Schema.String.pipe(Schema.pattern(/^[\w.:-]{1,100}$/)), { exact: true }),
    request: RequestMatcher,
    response: Schema.optionalWith(StubResponse, { exact: true }),
    fault: Schema.optionalWith(faultSpec(maxLatencyMs), { exact: true }),
    priority: Schema.optionalWith(Schema.Int.pipe(Schema.between(1, 1000)), { exact: true }),
    times: Schema.optionalWith(Schema.Int.pipe(Schema.positive()), { exact: true }),
    validate: Schema.optionalWith(Schema.Boolean, { exact: true })
  })

type Definition = Schema.Schema.Type<ReturnType<typeof definitionSchema>>

/**
 * The default priority of a stub.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_PRIORITY = 5

const JSON_TYPE = "application/json; charset=utf-8"

/**
 * The stubs of one fake.
 *
 * @since 0.1.0
 * @category models
 */
export class StubStore {
  #stubs: Array<Stub> = []
  #order = 0
  #nextId = 1
  readonly #decode: (input: unknown) => Either.Either<Definition, ParseResult.ParseError>

  constructor(
    readonly maxStubs: number,
    maxLatencyMs: number,
    readonly operationsAt: (path: string) => ReadonlyArray<Operation.Any>
  ) {
    this.#decode = Schema.decodeUnknownEither(definitionSchema(maxLatencyMs), { errors: "all" })
  }

  /** Whether any stub is set: the common case without stubs costs one comparison. */
  get size(): number {
    return this.#stubs.length
  }

  /** Adds a stub (or replaces the one with the same `id`), or says what is wrong with it. */
  add(input: unknown): Either.Either<StubView, string> {
    // Checking and writing back a deeper value would overflow the stack.
    if (nestsDeeperThan(input, MAX_JSON_DEPTH)) {
      return Either.left(`the stub nests deeper than ${MAX_JSON_DEPTH} levels`)
    }
    const decoded = this.#decode(input)
    if (Either.isLeft(decoded)) return Either.left(issuesText(decoded.left))
    const definition = decoded.right
    if (definition.response === undefined && definition.fault === undefined) {
      return Either.left("a stub needs a response, a fault, or both")
    }
    const response = definition.response
    if (response !== undefined && response.json !== undefined && response.body !== undefined) {
      return Either.left("response: give json or body, not both")
    }
    const path = definition.request.path === undefined ? undefined : normalisePath(definition.request.path)
    if (path !== undefined && this.operationsAt(path).length === 0) {
      return Either.left(`request.path: "${path}" is not an operation of this fake`)
    }
    if (response !== undefined && definition.validate !== false && response.json !== undefined) {
      const status = response.status ?? 200
      if (status < 300 && path !== undefined) {
        const problem = this.#validate(path, response.json)
        if (problem !== undefined) return Either.left(problem)
      }
    }
    const id = definition.id ?? `stub-${this.#nextId++}`
    const existing = this.#stubs.findIndex((stub) => stub.id === id)
    if (existing < 0 && this.#stubs.length >= this.maxStubs) {
      return Either.left(`at most ${this.maxStubs} stubs can be set at once`)
    }
    const answer: StubAnswer = {
      id,
      ...(response !== undefined
        ? {
          answer: {
            status: response.status ?? 200,
            contentType: response.contentType ?? JSON_TYPE,
            body: response.json !== undefined ? JSON.stringify(response.json) : response.body ?? "",
            headers: Object.fromEntries(
              Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])
            )
          }
        }
        : {}),
      ...(definition.fault !== undefined ? { fault: definition.fault } : {})
    }
    const stub: Stub = {
      id,
      order: this.#order++,
      priority: definition.priority ?? DEFAULT_PRIORITY,
      matcher: compileMatcher(definition.request),
      answer,
      response,
      remaining: definition.times ?? null,
      matched: 0
    }
    if (existing >= 0) this.#stubs.splice(existing, 1)
    this.#stubs.push(stub)
    // Highest priority (lowest number) first, then the newest.
    this.#stubs.sort((a, b) => a.priority - b.priority || b.order - a.order)
    return Either.right(view(stub))
  }

  /** The stub that answers a request, counted as used; `undefined` when none matches. */
  match(request: MatchableRequest): StubAnswer | undefined {
    for (const stub of this.#stubs) {
      if (stub.remaining === 0 || !stub.matcher.test(request)) continue
      stub.matched++
      if (stub.remaining !== null) stub.remaining--
      return stub.answer
    }
    return undefined
  }

  /** Every stub, in the order they are tried. */
  list(): Array<StubView> {
    return this.#stubs.map(view)
  }

  /** Removes one stub; `false` when there is none with that id. */
  remove(id: string): boolean {
    const index = this.#stubs.findIndex((stub) => stub.id === id)
    if (index < 0) return false
    this.#stubs.splice(index, 1)
    return true
  }

  /** Removes every stub. */
  clear(): void {
    this.#stubs = []
  }

  #validate(path: string, json: unknown): string | undefined {
    const problems: Array<string> = []
    for (const operation of this.operationsAt(path)) {
      const decoded = Schema.decodeUnknownEither(operation.response, { errors: "all" })(json)
      if (Either.isRight(decoded)) return undefined
      problems.push(`as a ${operation.name} response: ${issuesText(decoded.left)}`)
    }
    return `response.json does not match the response schema of ${path} (set "validate": false to send it anyway): ` +
      problems.join("; ").slice(0, 2000)
  }
}

const view = (stub: Stub): StubView => ({
  id: stub.id,
  priority: stub.priority,
  request: stub.matcher.source,
  ...(stub.response !== undefined ? { response: stub.response } : {}),
  ...(stub.answer.fault !== undefined ? { fault: formatFault(stub.answer.fault) } : {}),
  remaining: stub.remaining,
  matched: stub.matched
})
