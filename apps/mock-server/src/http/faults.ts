/**
 * Fault injection: what a request may be told to suffer, per request through the `x-efa-fault` header
 * or as a scripted sequence set through `POST /__admin/faults`.
 *
 * Header syntax: directives separated by `;` (or `,` before a directive's name, as repeated headers are
 * joined), each `name` or `name=value`:
 *
 * | directive | effect |
 * |---|---|
 * | `latency=<ms>` | wait before answering; combines with every other directive |
 * | `status=<code>` | answer with this status (200..599) and a small JSON error body |
 * | `retry-after=<seconds or HTTP date>` | add a `Retry-After` header |
 * | `html` | an HTML error page (status 200 unless `status` is given) |
 * | `empty` | an empty body with a JSON content type (status 200 unless given) |
 * | `invalid-json` | a body that is not JSON, with a JSON content type |
 * | `truncated` | the real answer cut in half (a consistent `Content-Length`) |
 * | `drop` | the connection is destroyed without an answer |
 * | `system-error[=<code>]` | status 200, an empty result and an EFA `systemMessages` error |
 * | `none` | no fault (useful as a step of a sequence) |
 *
 * Examples: `status=503;retry-after=1`, `latency=200`, `status=502;html`, `system-error=-4001`.
 *
 * Each kind of broken answer is one entry of {@link faultKinds}: how its directive's value is read
 * (`parse`) and what the fake sends (`respond`). `latency`, `status` and `retry-after` combine with
 * every kind (see {@link modifiers}).
 *
 * @since 0.1.0
 */
import { Duration, Effect, Either, ParseResult, Schema } from "effect"
import { type AppContext, requestHeader } from "./context.js"
import { finalJson, finalResponse, JSON_TYPE } from "./send.js"

/**
 * The header that asks for a fault.
 *
 * @since 0.1.0
 * @category constants
 */
export const FAULT_HEADER = "x-efa-fault"

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
  /** The `Retry-After` header, when the fault asks for one. */
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

// The answer without the fault, its body changed by `alter`, with the fault's status when it has one.
const alterAnswer = (request: FaultRequest, alter: (answer: PlainAnswer) => string): Response | Promise<Response> => {
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

const kindNames = Object.keys(faultKinds) as Array<FaultKind>

const isKind = (name: string): name is FaultKind => Object.hasOwn(faultKinds, name)

/**
 * The kinds of broken answer.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FaultKind: Schema.Schema<FaultKind> = Schema.Literal(...kindNames)

/**
 * One fault. An empty object is no fault: the request is answered normally.
 *
 * @since 0.1.0
 * @category models
 */
export interface Fault {
  /** Milliseconds to wait before answering. */
  readonly latency?: number
  /** The status to answer with. */
  readonly status?: number
  /** The `Retry-After` header value. */
  readonly retryAfter?: string
  /** The kind of broken answer. */
  readonly kind?: FaultKind
  /** The value of the kind's directive: the `systemMessages` code of a `system-error`. */
  readonly code?: number
}

type MutableFault = { -readonly [K in keyof Fault]: Fault[K] }

const STATUS = /^[2-5]\d\d$/

/**
 * The directives that combine with every kind, by name: each reads its value into the fault.
 *
 * @since 0.1.0
 * @category faults
 */
export const modifiers: Record<
  string,
  {
    readonly description: string
    /** The value the directive needs. */
    readonly value?: string
    /** Reads the directive's value into the fault; the problem with it, if any. */
    readonly parse: (value: string | undefined, fault: MutableFault, maxLatencyMs: number) => string | undefined
  }
> = {
  latency: {
    description: "wait before answering; combines with every other directive",
    value: "<ms>",
    parse: (value, fault, maxLatencyMs) => {
      const ms = value?.replace(/ms$/, "")
      if (ms === undefined || !/^\d{1,9}$/.test(ms)) return `latency needs milliseconds, got "${value ?? ""}"`
      if (Number(ms) > maxLatencyMs) return `latency ${ms} exceeds the limit of ${maxLatencyMs} ms`
      fault.latency = Number(ms)
      return undefined
    }
  },
  status: {
    description: "answer with this status (200..599) and a small JSON error body",
    value: "<code>",
    parse: (value, fault) => {
      if (value === undefined || !STATUS.test(value)) return `status needs a code 200..599, got "${value ?? ""}"`
      fault.status = Number(value)
      return undefined
    }
  },
  "retry-after": {
    description: "add a Retry-After header",
    value: "<seconds or HTTP date>",
    parse: (value, fault) => {
      if (value === undefined || value === "" || value.length > 100 || !/^[\x20-\x7e]+$/.test(value)) {
        return `retry-after needs seconds or an HTTP date`
      }
      fault.retryAfter = value
      return undefined
    }
  },
  none: {
    description: "no fault (useful as a step of a sequence)",
    parse: () => undefined
  }
}

const directiveNames = [...Object.keys(modifiers).filter((name) => name !== "none"), ...kindNames, "none"]

// `;`, or `,` before a directive name (repeated headers are joined with ", "; HTTP dates have commas).
const DIRECTIVE_SEPARATOR = new RegExp(`;|,(?=\\s*(?:${directiveNames.join("|")})\\b)`, "i")

/**
 * Reads the fault header.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseFault = (text: string, maxLatencyMs: number): Either.Either<Fault, string> => {
  const fault: MutableFault = {}
  for (const raw of text.split(DIRECTIVE_SEPARATOR)) {
    const part = raw.trim()
    if (part === "") continue
    const eq = part.indexOf("=")
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase()
    const value = eq < 0 ? undefined : part.slice(eq + 1).trim()
    let problem: string | undefined
    if (isKind(name)) {
      if (fault.kind !== undefined && fault.kind !== name) {
        problem = `"${fault.kind}" and "${name}" cannot be combined`
      } else {
        const code = faultKinds[name].parse(value)
        if (Either.isLeft(code)) problem = code.left
        else {
          fault.kind = name
          if (code.right !== undefined) fault.code = code.right
        }
      }
    } else if (Object.hasOwn(modifiers, name)) {
      problem = modifiers[name]!.parse(value, fault, maxLatencyMs)
    } else {
      problem = `unknown directive "${name}"; known: ${directiveNames.join(", ")}`
    }
    if (problem !== undefined) return Either.left(problem)
  }
  return Either.right(fault)
}

/**
 * Writes a fault in header syntax (for the journal and the admin answers).
 *
 * @since 0.1.0
 * @category formatting
 */
export const formatFault = (fault: Fault): string => {
  const parts: Array<string> = []
  if (fault.latency !== undefined) parts.push(`latency=${fault.latency}`)
  if (fault.status !== undefined) parts.push(`status=${fault.status}`)
  if (fault.retryAfter !== undefined) parts.push(`retry-after=${fault.retryAfter}`)
  if (fault.kind !== undefined) parts.push(fault.code !== undefined ? `${fault.kind}=${fault.code}` : fault.kind)
  return parts.length === 0 ? "none" : parts.join(";")
}

/**
 * Whether a fault changes anything.
 *
 * @since 0.1.0
 * @category utils
 */
export const isNoFault = (fault: Fault): boolean =>
  fault.latency === undefined && fault.status === undefined && fault.retryAfter === undefined &&
  fault.kind === undefined

const FaultObject = Schema.Struct({
  latency: Schema.optionalWith(Schema.Int.pipe(Schema.nonNegative()), { exact: true }),
  status: Schema.optionalWith(Schema.Int.pipe(Schema.between(200, 599)), { exact: true }),
  retryAfter: Schema.optionalWith(
    Schema.Union(Schema.NonNegativeInt, Schema.String.pipe(Schema.pattern(/^[\x20-\x7e]{1,100}$/))),
    { exact: true }
  ),
  kind: Schema.optionalWith(FaultKind, { exact: true }),
  code: Schema.optionalWith(Schema.Int, { exact: true })
})

const kindsWithValue = kindNames.filter((name) => (faultKinds[name] as FaultKindEntry).value !== undefined)

/**
 * One step of a scripted sequence: an object (`{ "status": 503, "retryAfter": 1 }`,
 * `{ "kind": "html" }`, `{ "latency": 50 }`, `{}` for a normal answer) or a string in header syntax.
 *
 * @since 0.1.0
 * @category schemas
 */
export const faultSpec = (maxLatencyMs: number): Schema.Schema<Fault, unknown> =>
  Schema.Union(
    Schema.transformOrFail(Schema.String, Schema.Unknown, {
      strict: true,
      decode: (text, _, ast) =>
        Either.match(parseFault(text, maxLatencyMs), {
          onLeft: (message) => ParseResult.fail(new ParseResult.Type(ast, text, message)),
          onRight: ParseResult.succeed
        }),
      encode: (fault) => ParseResult.succeed(formatFault(fault as Fault))
    }),
    Schema.transformOrFail(FaultObject, Schema.Unknown, {
      strict: true,
      decode: (object, _, ast) => {
        if (object.latency !== undefined && object.latency > maxLatencyMs) {
          return ParseResult.fail(
            new ParseResult.Type(ast, object, `latency ${object.latency} exceeds the limit of ${maxLatencyMs} ms`)
          )
        }
        if (
          object.code !== undefined &&
          (object.kind === undefined || Either.isLeft(faultKinds[object.kind].parse(String(object.code))))
        ) {
          const kinds = kindsWithValue.map((name) => `"${name}"`).join(" or ")
          return ParseResult.fail(new ParseResult.Type(ast, object, `code is only used with kind ${kinds}`))
        }
        const fault: Fault = {
          ...(object.latency !== undefined ? { latency: object.latency } : {}),
          ...(object.status !== undefined ? { status: object.status } : {}),
          ...(object.retryAfter !== undefined ? { retryAfter: String(object.retryAfter) } : {}),
          ...(object.kind !== undefined ? { kind: object.kind } : {}),
          ...(object.code !== undefined ? { code: object.code } : {})
        }
        return ParseResult.succeed(fault)
      },
      encode: (fault) => ParseResult.succeed(fault as typeof FaultObject.Type)
    })
  ) as unknown as Schema.Schema<Fault, unknown>

/**
 * The fault a request asks for: its header's, else the next of a script waiting for its path; an
 * unreadable header is the message of a 400.
 *
 * @since 0.1.0
 * @category parsing
 */
export const requestedFault = (
  c: AppContext,
  maxLatencyMs: number,
  scripted: () => Fault | undefined
): Either.Either<Fault | undefined, string> => {
  const header = requestHeader(c, FAULT_HEADER)
  return header !== undefined ? parseFault(header, maxLatencyMs) : Either.right(scripted())
}

/**
 * Every directive of the fault header with what it does (the kinds' values spelled out).
 *
 * @since 0.1.0
 * @category faults
 */
export const directives: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.entries(modifiers).filter(([name]) => name !== "none").map((
    [name, { description, value }]
  ) => [value === undefined ? name : `${name}=${value}`, description]),
  ...kindNames.map((name) => {
    const entry: FaultKindEntry = faultKinds[name]
    return [entry.value === undefined ? name : `${name}[=${entry.value}]`, entry.description]
  }),
  ["none", modifiers.none!.description]
])

/**
 * The 400 of an unreadable fault header, with the directives it may hold.
 *
 * @since 0.1.0
 * @category responses
 */
export const invalidFault = (c: AppContext, message: string): Response =>
  finalJson(c, { error: "invalid-fault", header: FAULT_HEADER, message, directives }, 400)

/**
 * Waits with an Effect timer; resolves `false` when the client went away first.
 *
 * @since 0.1.0
 * @category utils
 */
export const sleep = (ms: number, signal?: AbortSignal): Promise<boolean> =>
  Effect.runPromise(Effect.as(Effect.sleep(Duration.millis(ms)), true), signal !== undefined ? { signal } : undefined)
    .catch(() => false)

// A status without a kind: a small JSON error body (none for the statuses that cannot have one), or,
// for 200, the answer as it is with the fault's headers.
const respondWithoutKind = (request: FaultRequest): Response | Promise<Response> => {
  const { c, fault, headers } = request
  const status = fault.status
  if (status === undefined || status === 200) return alterAnswer(request, (answer) => answer.body)
  if (status === 204 || status === 205 || status === 304) return finalResponse(c, "", status, headers)
  return finalJson(
    c,
    {
      error: "injected-fault",
      status,
      message: `${reasonPhrase(status)} (injected by fault)`
    },
    status,
    headers
  )
}

/**
 * Answers a request as its fault asks: noted in its journal entry, after the fault's latency (a 499
 * when the client left meanwhile), with the `Retry-After` header, by the fault's kind.
 *
 * @since 0.1.0
 * @category responses
 */
export const respondWithFault = (request: Omit<FaultRequest, "headers">): Response | Promise<Response> => {
  const { c, fault } = request
  const journal = c.get("entry")
  if (!isNoFault(fault) && journal !== undefined) journal.fault = formatFault(fault)
  const full: FaultRequest = {
    ...request,
    headers: fault.retryAfter !== undefined ? { "retry-after": fault.retryAfter } : {}
  }
  const respond = () => (fault.kind === undefined ? respondWithoutKind(full) : faultKinds[fault.kind].respond(full))
  if (fault.latency === undefined || fault.latency <= 0) return respond()
  return sleep(fault.latency, c.req.raw.signal).then((completed) =>
    completed
      ? respond()
      // 499: the client closed the request while the fake was waiting (nobody reads this answer).
      : finalJson(c, { error: "client-closed-request" }, 499)
  )
}

/**
 * Destroys the connection. Over a real socket the socket is destroyed; in process the client's `fetch`
 * is told to reject; called through a bare `app.fetch`, the answer's body fails when read.
 *
 * @since 0.1.0
 * @category responses
 */
export const dropConnection = (c: AppContext): Response => {
  c.set("dropped", true)
  const inProcess = c.env?.inProcess
  if (inProcess !== undefined) {
    inProcess.dropped = true
    return c.body(null, 500)
  }
  const socket = c.env?.incoming?.socket
  if (socket !== undefined) {
    socket.destroy()
    return c.body(null, 500)
  }
  const body = new ReadableStream({
    start: (controller) => controller.error(new Error("connection dropped (injected fault)"))
  })
  return new Response(body, { status: 200, headers: { "content-type": JSON_TYPE } })
}

/**
 * The HTML page a gateway sends instead of JSON.
 *
 * @since 0.1.0
 * @category constants
 */
export const htmlPage = (status: number, reason: string): string =>
  `<!DOCTYPE html>\n<html><head><title>${status} ${reason}</title></head>` +
  `<body><h1>${reason}</h1><p>The journey planner is temporarily unavailable. Please try again later.</p>` +
  `<hr><address>efa-mock-server (injected fault)</address></body></html>\n`

/**
 * A body that is not JSON although it is labelled so: an unquoted key, a single-quoted string and a
 * trailing comma, as broken serialisers produce.
 *
 * @since 0.1.0
 * @category constants
 */
export const INVALID_JSON = `{"version":"10.6.14.22",outputFormat:'JSON',"systemMessages":[],}`

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout"
}

/**
 * A short reason phrase for a status.
 *
 * @since 0.1.0
 * @category utils
 */
export const reasonPhrase = (status: number): string =>
  reasons[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "Status " + status)
