// The fault header and the scripts: reading directives into a fault, writing a fault back, the script objects
// of \`POST /__admin/faults\`, and the fault a request asks for.
import { Either, ParseResult, Schema } from "effect"
import { type AppContext, requestHeader } from "../context.js"
import { type Fault, FaultKind, type FaultKindEntry, faultKinds, isKind, kindNames } from "./kinds.js"
import { type AnyModifier, modifierEntries, type ModifierField, modifierObjectFields } from "./modifiers.js"

/**
 * The header that asks for a fault.
 *
 * @since 0.1.0
 * @category constants
 */
export const FAULT_HEADER = "x-efa-fault"

type MutableFault = { -readonly [K in keyof Fault]: Fault[K] }

// Reads a modifier's value into the fault: the problem with it, if any.
const readModifier = (
  entry: AnyModifier,
  value: string | undefined,
  fault: MutableFault,
  maxLatencyMs: number
): string | undefined => {
  const read = entry.parse(value)
  if (Either.isLeft(read)) return read.left
  const problem = entry.check?.(read.right, maxLatencyMs)
  if (problem === undefined) Reflect.set(fault, entry.field, read.right)
  return problem
}

/**
 * The directives that combine with every kind, by name: each reads its value into the fault. The ones that
 * set a field are `fieldModifiers` (`faults/modifiers.ts`); `none` sets nothing.
 *
 * @since 0.1.0
 * @category faults
 */
export const modifiers: Readonly<
  Record<
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
  >
> = {
  ...Object.fromEntries(modifierEntries.map(([name, entry]) => [name, {
    description: entry.description,
    value: entry.value,
    field: entry.field,
    parse: (value: string | undefined, fault: MutableFault, maxLatencyMs: number) =>
      readModifier(entry, value, fault, maxLatencyMs)
  }])),
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
  for (const [name, { field }] of modifierEntries) {
    const value: unknown = Reflect.get(fault, field)
    if (value !== undefined) parts.push(`${name}=${String(value)}`)
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
  fault.kind === undefined && modifierEntries.every(([, { field }]) => Reflect.get(fault, field) === undefined)

const FaultObject = Schema.Struct({
  ...modifierObjectFields,
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
        const fault: MutableFault = {}
        for (const [, entry] of modifierEntries) {
          const value: unknown = Reflect.get(object, entry.field)
          if (value === undefined) continue
          const problem = entry.check?.(value, maxLatencyMs)
          if (problem !== undefined) return ParseResult.fail(new ParseResult.Type(ast, object, problem))
          Reflect.set(fault, entry.field, value)
        }
        if (
          object.code !== undefined &&
          (object.kind === undefined || Either.isLeft(faultKinds[object.kind].parse(String(object.code))))
        ) {
          const kinds = kindsWithValue.map((name) => `"${name}"`).join(" or ")
          return ParseResult.fail(new ParseResult.Type(ast, object, `code is only used with kind ${kinds}`))
        }
        if (object.kind !== undefined) fault.kind = object.kind
        if (object.code !== undefined) fault.code = object.code
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
