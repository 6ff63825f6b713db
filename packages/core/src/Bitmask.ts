/**
 * Bitmask parameters built from named flags. EFA packs several options into one integer
 * (`lineReqType`, `anyObjFilter_<usage>`, `prefStModeAm`, `parkingObjectType`); here they are lists of
 * names, encoded to the integer and decoded back in a fixed order.
 *
 * @since 0.1.0
 */
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { ParamString, SetFromList } from "./internal/schema/params.js"

/**
 * A schema for a list of named flags, encoded as their bitwise sum in a query value.
 *
 * The decoded list is in the order of the table, without repeats; bits the table does not name are
 * refused.
 *
 * @example
 * ```ts
 * import { Bitmask } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const Kinds = Bitmask.fromFlags({ stop: 2, poi: 32 }, { identifier: "Kinds" })
 *
 * assert.strictEqual(Schema.encodeSync(Kinds)(["stop", "poi"]), "34")
 * assert.deepStrictEqual(Schema.decodeSync(Kinds)("34"), ["stop", "poi"])
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromFlags = <const Flags extends Record<string, number>>(
  flags: Flags,
  options: { readonly identifier: string; readonly description?: string }
): Schema.Schema<ReadonlyArray<keyof Flags & string>, string> => {
  const entries = Object.entries(flags) as Array<[keyof Flags & string, number]>
  const known = entries.reduce((acc, [, bit]) => acc | bit, 0)
  const Names = canonicalNames(flags)
  return Schema.transformOrFail(ParamString, Names, {
    strict: true,
    decode: (text, _, ast) => {
      if (!/^\d{1,10}$/.test(text)) {
        return ParseResult.fail(
          new ParseResult.Type(ast, text, `expected a non-negative integer bitmask, got "${text}"`)
        )
      }
      const value = Number(text)
      if ((value & ~known) !== 0 || value > 0x7fffffff) {
        return ParseResult.fail(
          new ParseResult.Type(
            ast,
            text,
            `bitmask ${value} has bits outside ${entries.map(([n, b]) => `${n}=${b}`).join(", ")}`
          )
        )
      }
      return ParseResult.succeed(entries.filter(([, bit]) => (value & bit) !== 0).map(([name]) => name))
    },
    encode: (list) => ParseResult.succeed(String(toInt(flags, list)))
  }).annotations({
    identifier: options.identifier,
    description: options.description ?? `Bitmask: ${entries.map(([n, b]) => `${b} ${n}`).join(", ")}`,
    jsonSchema: { type: "string", pattern: "^\\d+$" }
  })
}

const canonicalNames = <const Flags extends Record<string, number>>(
  flags: Flags
): Schema.Schema<ReadonlyArray<keyof Flags & string>> => {
  const names = Object.keys(flags)
  return Schema.Array(Schema.Literal(...(names as [string, ...Array<string>])))
    .pipe(
      Schema.filter((list) => isCanonical(list, names), {
        message: () => `flags must be distinct and in the order ${names.join(", ")}`
      })
    )
    .annotations(arbitraryHint({ subset: names })) as unknown as Schema.Schema<ReadonlyArray<keyof Flags & string>>
}

/**
 * A list of named flags in a request model: any order, repeats allowed, read as the canonical list
 * (the order of the table, without repeats) that {@link fromFlags} encodes.
 *
 * @since 0.1.0
 * @category constructors
 */
export const setOf = <const Flags extends Record<string, number>>(
  flags: Flags
): Schema.Schema<ReadonlyArray<keyof Flags & string>, ReadonlyArray<keyof Flags & string>> =>
  SetFromList(
    Schema.Literal(...(Object.keys(flags) as [keyof Flags & string, ...Array<keyof Flags & string>])),
    canonicalNames(flags),
    (list) => normalize(flags, list)
  )

const isCanonical = (list: ReadonlyArray<string>, order: ReadonlyArray<string>): boolean => {
  let last = -1
  for (const item of list) {
    const index = order.indexOf(item)
    if (index <= last) return false
    last = index
  }
  return true
}

/**
 * The integer for a list of named flags.
 *
 * @since 0.1.0
 * @category utils
 */
export const toInt = <Flags extends Record<string, number>>(
  flags: Flags,
  list: Iterable<keyof Flags>
): number => {
  let value = 0
  for (const name of list) value |= flags[name]!
  return value
}

/**
 * Sorts and de-duplicates a list of flags into the canonical order of its table, the order the
 * schemas expect.
 *
 * @since 0.1.0
 * @category utils
 */
export const normalize = <Flags extends Record<string, number>>(
  flags: Flags,
  list: Iterable<keyof Flags & string>
): Array<keyof Flags & string> => {
  const wanted = new Set(list)
  return (Object.keys(flags) as Array<keyof Flags & string>).filter((name) => wanted.has(name))
}

/**
 * A bitmask over MOT-IDs, where MOT-ID n is bit 2^n (`[1, 2, 3, 4]` is 30): the decoded list is sorted
 * ascending, without repeats.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotBitmask: Schema.Schema<ReadonlyArray<number>, string> = Schema.transformOrFail(
  ParamString,
  Schema.Array(Schema.Int.pipe(Schema.between(0, 30))).pipe(
    Schema.filter((ids) => ids.every((id, i) => i === 0 || ids[i - 1]! < id), {
      message: () => "MOT-IDs must be ascending and distinct"
    }),
    Schema.annotations(arbitraryHint({ subset: Array.from({ length: 31 }, (_, i) => i) }))
  ),
  {
    strict: true,
    decode: (text, _, ast) => {
      if (!/^\d{1,10}$/.test(text) || Number(text) > 0x7fffffff) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `expected a MOT-ID bitmask (0..2^31-1), got "${text}"`))
      }
      const value = Number(text)
      const ids: Array<number> = []
      for (let id = 0; id <= 30; id++) if ((value & (1 << id)) !== 0) ids.push(id)
      return ParseResult.succeed(ids)
    },
    encode: (ids) => ParseResult.succeed(String(ids.reduce((acc, id) => acc | (1 << id), 0)))
  }
).annotations({
  identifier: "MotBitmask",
  description: "Bitmask over MOT-IDs: MOT-ID n is bit 2^n",
  jsonSchema: { type: "string", pattern: "^\\d+$" }
})

/**
 * MOT-IDs for {@link MotBitmask} in a request model: any order, repeats allowed, read as the ascending
 * list without repeats.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotSet: Schema.Schema<ReadonlyArray<number>, ReadonlyArray<number>> = SetFromList(
  Schema.Int.pipe(Schema.between(0, 30)),
  Schema.typeSchema(MotBitmask),
  (ids) => Array.from(new Set(ids)).sort((a, b) => a - b)
)
