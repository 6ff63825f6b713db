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
 * @since 0.1.0
 */
import { Either, ParseResult, Schema } from "effect"

/**
 * The header that asks for a fault.
 *
 * @since 0.1.0
 * @category constants
 */
export const FAULT_HEADER = "x-efa-fault"

/**
 * The kinds of broken answer.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FaultKind = Schema.Literal("html", "empty", "invalid-json", "truncated", "drop", "system-error")

/**
 * @since 0.1.0
 * @category models
 */
export type FaultKind = typeof FaultKind.Type

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
  /** The `systemMessages` code of a `system-error`. */
  readonly code?: number
}

const STATUS = /^[2-5]\d\d$/

// `;`, or `,` before a directive name (repeated headers are joined with ", "; HTTP dates have commas).
const DIRECTIVE_SEPARATOR =
  /;|,(?=\s*(?:latency|status|retry-after|html|empty|invalid-json|truncated|drop|system-error|none)\b)/i
const INTEGER = /^-?\d{1,9}$/

/**
 * Reads the fault header.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseFault = (text: string, maxLatencyMs: number): Either.Either<Fault, string> => {
  const fault: { -readonly [K in keyof Fault]: Fault[K] } = {}
  const setKind = (kind: FaultKind): string | undefined => {
    if (fault.kind !== undefined && fault.kind !== kind) return `"${fault.kind}" and "${kind}" cannot be combined`
    fault.kind = kind
    return undefined
  }
  for (const raw of text.split(DIRECTIVE_SEPARATOR)) {
    const part = raw.trim()
    if (part === "") continue
    const eq = part.indexOf("=")
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase()
    const value = eq < 0 ? undefined : part.slice(eq + 1).trim()
    let problem: string | undefined
    switch (name) {
      case "none":
        break
      case "latency": {
        const ms = value?.replace(/ms$/, "")
        if (ms === undefined || !/^\d{1,9}$/.test(ms)) problem = `latency needs milliseconds, got "${value ?? ""}"`
        else if (Number(ms) > maxLatencyMs) problem = `latency ${ms} exceeds the limit of ${maxLatencyMs} ms`
        else fault.latency = Number(ms)
        break
      }
      case "status":
        if (value === undefined || !STATUS.test(value)) problem = `status needs a code 200..599, got "${value ?? ""}"`
        else fault.status = Number(value)
        break
      case "retry-after":
        if (value === undefined || value === "" || value.length > 100 || !/^[\x20-\x7e]+$/.test(value)) {
          problem = `retry-after needs seconds or an HTTP date`
        } else fault.retryAfter = value
        break
      case "system-error":
        if (value !== undefined && !INTEGER.test(value)) problem = `system-error takes an integer code, got "${value}"`
        else {
          problem = setKind("system-error")
          if (value !== undefined) fault.code = Number(value)
        }
        break
      case "html":
      case "empty":
      case "invalid-json":
      case "truncated":
      case "drop":
        if (value !== undefined) problem = `${name} takes no value`
        else problem = setKind(name)
        break
      default:
        problem = `unknown directive "${name}"; known: latency, status, retry-after, html, empty, invalid-json, ` +
          `truncated, drop, system-error, none`
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
        if (object.code !== undefined && object.kind !== "system-error") {
          return ParseResult.fail(new ParseResult.Type(ast, object, `code is only used with kind "system-error"`))
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
