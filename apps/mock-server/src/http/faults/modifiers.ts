// The fault modifiers: the directives that combine with every kind (`latency`, `status`, `retry-after`), one
// entry each. The fault's fields, their keys in a script object, their reading back into header syntax and the
// headers they add to an answer all follow from the table.
import { Either, Schema } from "effect"

/**
 * A directive that combines with every kind and sets one field of the fault.
 *
 * @since 0.1.0
 * @category models
 */
interface Modifier<Field extends string, A, I> {
  readonly description: string
  /** The value the directive needs, as the documentation spells it (`<ms>`). */
  readonly value: string
  /** A value of the directive in header syntax, for the documentation and the tests. */
  readonly example: string
  /** The fault's field, also the key of a script object (`{ "retryAfter": 1 }`). */
  readonly field: Field
  /** Reads the directive's value in header syntax: the field's value, or why the value is wrong. */
  readonly parse: (value: string | undefined) => Either.Either<A, string>
  /** The field in a script object: the schema of the value written there. */
  readonly object: Schema.Schema<A, I>
  /** A rule on the value however it came (the latency's limit): the problem, if any. */
  readonly check?: (value: A, maxLatencyMs: number) => string | undefined
  /** The headers the value adds to the answer. */
  readonly headers?: (value: A) => Readonly<Record<string, string>>
}

/**
 * Any modifier, its value's type forgotten (what the code that walks the table sees).
 *
 * @since 0.1.0
 * @category models
 */
export type AnyModifier = Modifier<ModifierField, any, any>

// Keeps each entry's own field name and value type.
const modifier = <const Field extends string, A, I>(entry: Modifier<Field, A, I>): Modifier<Field, A, I> => entry

const STATUS = /^[2-5]\d\d$/
const HEADER_TEXT = /^[\x20-\x7e]{1,100}$/

const latencyLimit = (ms: number, maxLatencyMs: number) =>
  ms > maxLatencyMs ? `latency ${ms} exceeds the limit of ${maxLatencyMs} ms` : undefined

/**
 * The modifiers that set a field of the fault, by directive name, in the order they are written back.
 *
 * @since 0.1.0
 * @category faults
 */
export const fieldModifiers = {
  latency: modifier({
    description: "wait before answering; combines with every other directive",
    value: "<ms>",
    example: "20",
    field: "latency",
    parse: (value) => {
      const ms = value?.replace(/ms$/, "")
      return ms !== undefined && /^\d{1,9}$/.test(ms)
        ? Either.right(Number(ms))
        : Either.left(`latency needs milliseconds, got "${value ?? ""}"`)
    },
    object: Schema.Int.pipe(Schema.nonNegative()),
    check: latencyLimit
  }),
  status: modifier({
    description: "answer with this status (200..599) and a small JSON error body",
    value: "<code>",
    example: "503",
    field: "status",
    parse: (value) =>
      value !== undefined && STATUS.test(value)
        ? Either.right(Number(value))
        : Either.left(`status needs a code 200..599, got "${value ?? ""}"`),
    object: Schema.Int.pipe(Schema.between(200, 599))
  }),
  "retry-after": modifier({
    description: "add a Retry-After header",
    value: "<seconds or HTTP date>",
    example: "1",
    field: "retryAfter",
    parse: (value) =>
      value !== undefined && HEADER_TEXT.test(value)
        ? Either.right(value)
        : Either.left("retry-after needs seconds or an HTTP date"),
    // seconds may come as a number in a script object
    object: Schema.transform(
      Schema.Union(Schema.NonNegativeInt, Schema.String.pipe(Schema.pattern(HEADER_TEXT))),
      Schema.String,
      { strict: true, decode: String, encode: (text) => text }
    ),
    headers: (value) => ({ "retry-after": value })
  })
}

type FieldModifiers = typeof fieldModifiers

/**
 * The fields of a fault that the modifiers set.
 *
 * @since 0.1.0
 * @category models
 */
export type ModifierField = FieldModifiers[keyof FieldModifiers]["field"]

/**
 * The fault's fields the modifiers set, each with its value's type.
 *
 * @since 0.1.0
 * @category models
 */
export type ModifierValues = {
  readonly [Name in keyof FieldModifiers as FieldModifiers[Name]["field"]]?: Schema.Schema.Type<
    FieldModifiers[Name]["object"]
  >
}

/**
 * The script object's fields of the modifiers, keyed by field: `Schema.Struct({ ...modifierObjectFields })`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const modifierObjectFields = Object.fromEntries(
  Object.values(fieldModifiers).map((entry: AnyModifier) => [
    entry.field,
    Schema.optionalWith(entry.object, { exact: true })
  ])
  // built from the same entries the mapped type is
) as {
  readonly [Name in keyof FieldModifiers as FieldModifiers[Name]["field"]]: Schema.optionalWith<
    FieldModifiers[Name]["object"],
    { exact: true }
  >
}

/**
 * The modifiers as the code that walks the table sees them: directive name and entry, in the table's order.
 *
 * @since 0.1.0
 * @category faults
 */
export const modifierEntries: ReadonlyArray<readonly [string, AnyModifier]> = Object.entries(fieldModifiers)

/**
 * The headers a fault's modifiers add to its answer.
 *
 * @since 0.1.0
 * @category responses
 */
export const modifierHeaders = (fault: ModifierValues): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const [, entry] of modifierEntries) {
    const value: unknown = Reflect.get(fault, entry.field)
    if (value !== undefined && entry.headers !== undefined) Object.assign(headers, entry.headers(value))
  }
  return headers
}
