/**
 * A line's identity as EFA servers write it: `<subnetwork>:<line number>:<supplement>:<direction>`, and on most
 * answers a timetable period after them (`vvs:10001: :H:j26`, or empty: `vvs:10001: :H:`). Every model carries it
 * as the text a server wrote ({@link LineId}, branded, sent back verbatim); {@link parse} reads its {@link Parts}.
 * The same line keeps its first four parts from one timetable period to the next, so two identifiers name the same
 * line when those agree ({@link equivalence}, {@link sameLine}).
 *
 * Decisions where the specification is silent:
 * - Every part is taken as written, blanks included (EFA writes a missing supplement as a single space): the
 *   identifier goes back to a server verbatim, so {@link format} of {@link parse} gives the text again.
 * - Everything after the fourth `:` is the period, `:` included, so that an identifier of more parts keeps them.
 * - Fewer than four parts is not a line identifier. Answers are read as they come ({@link LineId} takes any text,
 *   as `Point.LocationId` does: a server's odd identifier is no reason to refuse its answer); requests are
 *   checked ({@link Checked}).
 *
 * @since 0.4.0
 */
import * as Either from "effect/Either"
import * as Equivalence from "effect/Equivalence"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"

/**
 * A line identifier as a server wrote it (`vvs:10001: :H:j26`): any text, branded, usable unchanged in later
 * requests (a line's stops, its geometry, a board's line filter). Read its parts with {@link parse}.
 *
 * @since 0.4.0
 * @category schemas
 */
export const LineId = Schema.String.pipe(Schema.brand("@efa-kit/LineId")).annotations({ identifier: "LineId" })

/**
 * @since 0.4.0
 * @category models
 */
export type LineId = typeof LineId.Type

/**
 * A text taken as a line identifier, unchecked (check it with {@link parse} or {@link Checked}).
 *
 * @example
 * ```ts
 * import { LineId } from "@efa-kit/core"
 *
 * const s1: LineId.LineId = LineId.make("vvs:10001: :H:j26")
 * assert.ok(LineId.sameLine(s1, "vvs:10001: :H:j25"))
 * ```
 *
 * @since 0.4.0
 * @category constructors
 */
export const make = (text: string): LineId => text as LineId

// A part of the first four: any text without `:`, blanks included.
const Part = Schema.String.pipe(
  Schema.filter((text) => !text.includes(":") || "a part of a line identifier has no \":\""),
  Schema.annotations({ identifier: "LineIdPart" })
)

/**
 * A line identifier by its parts.
 *
 * @since 0.4.0
 * @category schemas
 */
export const Parts = Schema.Struct({
  /** The subnetwork (`vvs`), the first part. */
  subnetwork: Part,
  /** The line number in the subnetwork's numbering (`10001`). */
  lineNumber: Part,
  /** The supplement, often a single space. */
  supplement: Part,
  /** The direction (`H`, `R`). */
  direction: Part,
  /** The timetable period (`j26`), empty on some answers, absent on a four-part identifier. */
  period: Schema.optionalWith(Schema.String, { exact: true })
}).annotations({ identifier: "LineIdParts" })

/**
 * @since 0.4.0
 * @category models
 */
export interface Parts extends Schema.Schema.Type<typeof Parts> {}

/**
 * The text of an identifier: its parts joined with `:`, the period after them where it has one.
 *
 * @example
 * ```ts
 * import { LineId } from "@efa-kit/core"
 *
 * const s1 = { subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H", period: "j26" }
 * assert.strictEqual(LineId.format(s1), "vvs:10001: :H:j26")
 * ```
 *
 * @since 0.4.0
 * @category formatting
 */
export const format = (id: Parts): LineId =>
  make(
    `${id.subnetwork}:${id.lineNumber}:${id.supplement}:${id.direction}${
      id.period === undefined ? "" : `:${id.period}`
    }`
  )

/**
 * An identifier's parts, or why the text is none (fewer than four parts).
 *
 * @example
 * ```ts
 * import { LineId } from "@efa-kit/core"
 * import { Either } from "effect"
 *
 * assert.deepStrictEqual(
 *   LineId.parse("vvs:10001: :H:"),
 *   Either.right({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H", period: "" })
 * )
 * assert.ok(Either.isLeft(LineId.parse("vvs:10001")))
 * ```
 *
 * @since 0.4.0
 * @category parsing
 */
export const parse = (text: string): Either.Either<Parts, string> => {
  const parts = text.split(":")
  if (parts.length < 4) {
    return Either.left(`expected a line identifier of 4 or more parts separated by ":" (vvs:10001: :H:j26)`)
  }
  const [subnetwork, lineNumber, supplement, direction, ...period] = parts as [string, string, string, string]
  const id: { -readonly [K in keyof Parts]: Parts[K] } = { subnetwork, lineNumber, supplement, direction }
  if (period.length > 0) id.period = period.join(":")
  return Either.right(id)
}

/**
 * An identifier's text and its parts, both ways ({@link parse}, {@link format}).
 *
 * @since 0.4.0
 * @category schemas
 */
export const FromString: Schema.Schema<Parts, string> = Schema.transformOrFail(
  Schema.String,
  Schema.typeSchema(Parts),
  {
    strict: true,
    decode: (text, _, ast) =>
      Either.match(parse(text), {
        onLeft: (message) => ParseResult.fail(new ParseResult.Type(ast, text, message)),
        onRight: ParseResult.succeed
      }),
    encode: (id) => ParseResult.succeed(format(id))
  }
).annotations({ identifier: "LineIdFromString" })

/**
 * The same line: the same subnetwork, line number, supplement and direction, whatever the timetable period.
 *
 * @since 0.4.0
 * @category instances
 */
export const equivalence: Equivalence.Equivalence<Parts> = Equivalence.struct({
  subnetwork: Equivalence.string,
  lineNumber: Equivalence.string,
  supplement: Equivalence.string,
  direction: Equivalence.string
})

/**
 * Whether two identifiers as servers wrote them name the same line ({@link equivalence}); a text that is no line
 * identifier is the same only as itself.
 *
 * @example
 * ```ts
 * import { LineId } from "@efa-kit/core"
 *
 * assert.ok(LineId.sameLine("vvs:10001: :H:j25", "vvs:10001: :H:j26"))
 * assert.ok(!LineId.sameLine("vvs:10001: :H:j26", "vvs:10001: :R:j26"))
 * ```
 *
 * @since 0.4.0
 * @category predicates
 */
export const sameLine = (a: string, b: string): boolean => {
  if (a === b) return true
  const left = parse(a)
  const right = parse(b)
  return Either.isRight(left) && Either.isRight(right) && equivalence(left.right, right.right)
}

// Subnetwork, line number and direction as a request sends them: non-empty, without blanks.
const token = /^[^:\s]+$/
const required = ["subnetwork", "lineNumber", "direction"] as const

const problemOf = (text: string): string | undefined => {
  if (text.length > 500) return "expected a line identifier of at most 500 characters"
  const parts = parse(text)
  if (Either.isLeft(parts)) return parts.left
  const blank = required.find((name) => !token.test(parts.right[name]))
  return blank === undefined
    ? undefined
    : `the ${blank} of a line identifier must be non-empty without spaces (vvs:10001: :H:j26)`
}

/**
 * A line identifier as a request sends it: 4 or more parts, the subnetwork, line number and direction non-empty
 * without spaces, the supplement and the period as written (`vvs:10001: :H`, or an answer's `vvs:10001: :H:j26`).
 *
 * @since 0.4.0
 * @category schemas
 */
export const Checked: Schema.Schema<LineId, string> = LineId.pipe(
  Schema.filter((text) => problemOf(text) ?? true),
  Schema.annotations({
    identifier: "CheckedLineId",
    description: "<subnetwork>:<line number>:<supplement>:<direction>, a timetable period after them where " +
      "a server wrote one (vvs:10001: :H:j26)",
    ...arbitraryHint("lineId")
  })
)
