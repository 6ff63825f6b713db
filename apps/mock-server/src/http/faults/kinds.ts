// The fault table: each kind of broken answer, how its directive's value is read and what the fake sends; and
// the fault a request asks for.
import { Either, Schema } from "effect"
import type { AppContext } from "../context.js"
import { finalResponse, JSON_TYPE } from "../send.js"
import { dropConnection } from "./drop.js"
import type { ModifierValues } from "./modifiers.js"
import { htmlPage, INVALID_JSON, reasonPhrase } from "./pages.js"

/**
 * The answer a request would get without a fault (from the dataset, a stub, a recording or the
 * upstream).
 *
 * @since 0.1.0
 * @category models
 */
export interface PlainAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/**
 * What a kind's answer is built from.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultRequest {
  readonly c: AppContext
  readonly fault: Fault
  /** The headers of the fault's modifiers (`Retry-After`). */
  readonly headers: Record<string, string>
  /** The answer the request would get without the fault, computed only when a kind needs it. */
  readonly answer: () => PlainAnswer | Promise<PlainAnswer>
  /** The EFA error body of the request's operation (empty result, `systemMessages`), in its format. */
  readonly systemError: (code: number | undefined) => string
}

/**
 * One kind of broken answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultKindEntry {
  /** What the kind does, for the documentation of the header. */
  readonly description: string
  /** The value the directive takes (`<code>` for `system-error=<code>`); none when it takes none. */
  readonly value?: string
  /** Reads the directive's value: the kind's code, or why the value is wrong. */
  readonly parse: (value: string | undefined) => Either.Either<number | undefined, string>
  /** What the fake sends. */
  readonly respond: (request: FaultRequest) => Response | Promise<Response>
}

const noValue = (name: string) => (value: string | undefined): Either.Either<number | undefined, string> =>
  value === undefined ? Either.right(undefined) : Either.left(`${name} takes no value`)

const INTEGER = /^-?\d{1,9}$/

/**
 * The answer without the fault, its body changed by `alter`, with the fault's status when it has one.
 *
 * @since 0.1.0
 * @category responses
 */
export const alterAnswer = (
  request: FaultRequest,
  alter: (answer: PlainAnswer) => string
): Response | Promise<Response> => {
  const finish = (answer: PlainAnswer) =>
    finalResponse(request.c, alter(answer), request.fault.status ?? answer.status, {
      "content-type": answer.contentType,
      ...request.headers
    })
  const answer = request.answer()
  return answer instanceof Promise ? answer.then(finish) : finish(answer)
}

/**
 * The kinds of broken answer, by directive name.
 *
 * @since 0.1.0
 * @category faults
 */
export const faultKinds = {
  html: {
    description: "an HTML error page (status 200 unless a status is given)",
    parse: noValue("html"),
    respond: ({ c, fault, headers }) => {
      const status = fault.status ?? 200
      const shown = status === 200 ? 503 : status
      return finalResponse(c, htmlPage(shown, reasonPhrase(shown)), status, {
        "content-type": "text/html; charset=utf-8",
        ...headers
      })
    }
  },
  empty: {
    description: "an empty body with a JSON content type (status 200 unless given)",
    parse: noValue("empty"),
    respond: ({ c, fault, headers }) =>
      finalResponse(c, "", fault.status ?? 200, { "content-type": JSON_TYPE, ...headers })
  },
  "invalid-json": {
    description: "a body that is not JSON, with a JSON content type",
    parse: noValue("invalid-json"),
    respond: ({ c, fault, headers }) =>
      finalResponse(c, INVALID_JSON, fault.status ?? 200, { "content-type": JSON_TYPE, ...headers })
  },
  truncated: {
    description: "the real answer cut in half (with a consistent Content-Length)",
    parse: noValue("truncated"),
    respond: (request) => alterAnswer(request, ({ body }) => body.slice(0, Math.max(1, Math.floor(body.length / 2))))
  },
  drop: {
    description: "the connection is destroyed without an answer",
    parse: noValue("drop"),
    respond: ({ c }) => dropConnection(c)
  },
  "system-error": {
    description: "status 200, an empty result and an EFA systemMessages error",
    value: "<code>",
    parse: (value) =>
      value === undefined
        ? Either.right(undefined)
        : INTEGER.test(value)
        ? Either.right(Number(value))
        : Either.left(`system-error takes an integer code, got "${value}"`),
    respond: (request) =>
      alterAnswer(request, (answer) => answer.status === 200 ? request.systemError(request.fault.code) : answer.body)
  }
} satisfies Record<string, FaultKindEntry>

/**
 * The name of a kind of broken answer.
 *
 * @since 0.1.0
 * @category models
 */
export type FaultKind = keyof typeof faultKinds

/**
 * The kinds' directive names, in the table's order.
 *
 * @since 0.1.0
 * @category faults
 */
export const kindNames = Object.keys(faultKinds) as Array<FaultKind>

/**
 * Whether a directive name is a kind's.
 *
 * @since 0.1.0
 * @category faults
 */
export const isKind = (name: string): name is FaultKind => Object.hasOwn(faultKinds, name)

/**
 * The kinds of broken answer.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FaultKind: Schema.Schema<FaultKind> = Schema.Literal(...kindNames)

/**
 * One fault: the fields the modifiers set (`latency`, `status`, `retryAfter`: see `fieldModifiers`) and the
 * kind. An empty object is no fault: the request is answered normally.
 *
 * @since 0.1.0
 * @category models
 */
export interface Fault extends ModifierValues {
  /** The kind of broken answer. */
  readonly kind?: FaultKind
  /** The value of the kind's directive: the `systemMessages` code of a `system-error`. */
  readonly code?: number
}
