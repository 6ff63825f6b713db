// The fault header and the scripts: reading directives into a fault, writing a fault back, the script objects
// of \`POST /__admin/faults\`, and the fault a request asks for.
import { Either, ParseResult, Schema } from "effect"
import { type AppContext, requestHeader } from "../context.js"
import { type Fault, FaultKind, type FaultKindEntry, faultKinds, isKind, kindNames } from "./kinds.js"

/**
 * The header that asks for a fault.
 *
 * @since 0.1.0
 * @category constants
 */
export const FAULT_HEADER = "x-efa-fault"

type MutableFault = { -readonly [K in keyof Fault]: Fault[K] }

// The fields of a fault that the modifiers set.
type ModifierField = "latency" | "status" | "retryAfter"

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
    /** The field of the fault that holds the value: written back as `<name>=<value>` in that order. */
    readonly field?: ModifierField
    /** Reads the directive's value into the fault; the problem with it, if any. */
    readonly parse: (value: string | undefined, fault: MutableFault, maxLatencyMs: number) => string | undefined
  }
> = {
  latency: {
    description: "wait before answering; combines with every other directive",
    value: "<ms>",
    field: "latency",
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
    field: "status",
    parse: (value, fault) => {
      if (value === undefined || !STATUS.test(value)) return `status needs a code 200..599, got "${value ?? ""}"`
      fault.status = Number(value)
      return undefined
    }
  },
  "retry-after": {
    description: "add a Retry-After header",
    value: "<seconds or HTTP date>",
    field: "retryAfter",
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

// The modifiers that set a field, with it, in the table's order.
const modifierFields: ReadonlyArray<readonly [string, ModifierField]> = Object.entries(modifiers).flatMap((
  [name, { field }]
) => field === undefined ? [] : [[name, field] as const])

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
  for (const [name, field] of modifierFields) {
    const value = fault[field]
    if (value !== undefined) parts.push(`${name}=${value}`)
  }
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
  fault.kind === undefined && modifierFields.every(([, field]) => fault[field] === undefined)

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
