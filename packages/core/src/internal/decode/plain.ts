/**
 * Answers as plain JavaScript values, for the Promise client: every `DateTime` becomes a `Date`, whatever
 * the operation and wherever it sits in the answer, so an operation added later needs nothing here.
 *
 * @internal
 */
import * as Data from "effect/Data"
import * as DateTime from "effect/DateTime"

/**
 * The epoch milliseconds of an instant of either client: a `DateTime` (Effect) or a `Date` (Promise), so that a
 * helper reading a model's times takes both models.
 *
 * @internal
 */
export const millisOf = (instant: DateTime.DateTime | Date): number =>
  instant instanceof Date ? instant.getTime() : DateTime.toEpochMillis(instant)

/**
 * The type of {@link toPlain}'s result: `Date` where the answer holds a `DateTime`, the rest unchanged
 * (optional and readonly fields, and the brands of strings, are kept).
 *
 * @internal
 */
export type Plain<A> = A extends string | number | boolean | bigint | symbol | null | undefined ? A
  : A extends DateTime.DateTime ? Date
  : A extends ReadonlyArray<unknown> ? { readonly [K in keyof A]: Plain<A[K]> }
  : A extends object ? { [K in keyof A]: Plain<A[K]> }
  : A

// The prototype of `Data.struct` and `Data.taggedEnum` values (the changes of a refresh or a watch): plain data
// with Effect's structural equality.
const dataPrototype: unknown = Object.getPrototypeOf(Data.struct({}))

/**
 * Copies a decoded answer with every `DateTime` turned into a `Date`. Answers are trees of plain objects
 * and arrays (decoded from JSON), and the changes of a refresh or a watch (`Data` values, copied as plain
 * objects), so the copy is a walk of them; any other object (an error) is kept as it is.
 *
 * @internal
 */
export const toPlain = <A>(value: A): Plain<A> => plain(value) as Plain<A>

const plain = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return value
  if (Array.isArray(value)) return value.map(plain)
  if (DateTime.isDateTime(value)) return DateTime.toDate(value)
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null && prototype !== dataPrototype) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = plain((value as Record<string, unknown>)[key])
  return copy
}

/**
 * An input of the Promise client's derived calls, as the Effect client takes it or as the Promise client answers
 * it: every `Date` becomes a UTC `DateTime`, the rest is kept.
 *
 * @internal
 */
export const fromInput = <A>(value: A | Plain<A>): A => unplain(value) as A

const unplain = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return value
  if (value instanceof Date) return DateTime.unsafeMake(value)
  if (Array.isArray(value)) return value.map(unplain)
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = unplain((value as Record<string, unknown>)[key])
  return copy
}
