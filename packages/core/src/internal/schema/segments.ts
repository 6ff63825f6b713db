import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./arbitraryHint.js"
import { ParamString } from "./params.js"
import { ModelToken } from "./wireValues.js"

/**
 * A required part of a `:`-separated identifier: non-empty, without spaces or `:`.
 *
 * @internal
 */
export const Segment = ModelToken

/**
 * A part of a `:`-separated identifier that may be empty or blank: EFA writes a missing line supplement
 * as a single space (`vvs:10001: :H`). It may not contain `:`.
 *
 * @internal
 */
export const BlankableSegment = Schema.String.pipe(
  Schema.pattern(/^[^:]{0,100}$/, { message: () => "must not contain \":\" (at most 100 characters)" }),
  Schema.annotations(arbitraryHint("blankableSegment"))
)

/**
 * A record of parts joined with `:` in one query value, in the order of the fields. A value with the
 * wrong number of parts is refused; a bad part is reported at its field name.
 *
 * @internal
 */
export const ColonJoined = <const Fields extends Record<string, Schema.Schema<string>>>(
  identifier: string,
  fields: Fields
): {
  readonly model: Schema.Struct<Fields>
  readonly param: Schema.Schema<Schema.Struct.Type<Fields>, string>
} => {
  const names = Object.keys(fields)
  const format = names.map((name) => `<${name}>`).join(":")
  const model = Schema.Struct(fields).annotations({ identifier, description: `Parts of ${format}` })
  const param = Schema.transformOrFail(ParamString, model, {
    strict: true,
    decode: (text, _, ast) => {
      const parts = text.split(":")
      if (parts.length !== names.length) {
        return ParseResult.fail(
          new ParseResult.Type(ast, text, `expected ${format} (${names.length} parts), got "${text}"`)
        )
      }
      const record: Record<string, string> = {}
      names.forEach((name, i) => (record[name] = parts[i]!))
      return ParseResult.succeed(record as Schema.Struct.Encoded<Fields>)
    },
    encode: (record) => ParseResult.succeed(names.map((name) => (record as Record<string, string>)[name]).join(":"))
  }).annotations({ identifier: `${identifier}Param`, description: format, jsonSchema: { type: "string" } })
  return { model, param: param as unknown as Schema.Schema<Schema.Struct.Type<Fields>, string> }
}

/**
 * A non-empty list of parts joined with `:` in one query value (`filterOMC=08111000:08115003`).
 *
 * @internal
 */
export const ColonListParam = (identifier: string): Schema.Schema<ReadonlyArray<string>, string> =>
  Schema.transform(ParamString, Schema.Array(Segment).pipe(Schema.minItems(1)), {
    strict: true,
    decode: (text) => text.split(":"),
    encode: (parts) => parts.join(":")
  }).annotations({ identifier, jsonSchema: { type: "string", pattern: "^[^:\\s]+(:[^:\\s]+)*$" } })
