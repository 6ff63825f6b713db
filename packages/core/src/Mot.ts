/**
 * Means of transport (MOT-IDs). EFA numbers modes of transport; deployments renumber them, so a
 * MOT-ID is any non-negative integer, and this module names the usual German values.
 *
 * @since 0.1.0
 */
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { opt, ParamString } from "./internal/schema/params.js"

/**
 * A MOT-ID: a non-negative integer.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotId = Schema.Int.pipe(
  Schema.nonNegative(),
  Schema.annotations({
    identifier: "MotId",
    description: "A transport-mode ID (MOT-ID); deployments may use their own numbering",
    message: (issue) => `expected a MOT-ID (a whole number from 0), got ${JSON.stringify(issue.actual)}`,
    ...arbitraryHint("motId")
  })
)

/**
 * @since 0.1.0
 * @category models
 */
export type MotId = number

/**
 * The usual German MOT-IDs, including the pseudo modes trip legs carry.
 *
 * @since 0.1.0
 * @category constants
 */
export const Mot = {
  Train: 0,
  SBahn: 1,
  UBahn: 2,
  Stadtbahn: 3,
  Tram: 4,
  CityBus: 5,
  RegionalBus: 6,
  ExpressBus: 7,
  CableCar: 8,
  Ferry: 9,
  OnDemandTaxi: 10,
  Other: 11,
  Aeroplane: 12,
  RegionalTrain: 13,
  NationalTrain: 14,
  InterCity: 15,
  HighSpeedTrain: 16,
  RailReplacementBus: 17,
  ShuttleTrain: 18,
  CommunityBus: 19,
  OnDemandBus: 20,
  LongDistanceCoach: 21,
  StaySeated: 97,
  GuaranteedConnection: 98,
  WalkInsideStop: 99,
  Walk: 100,
  Transfer: 105,
  Bicycle: 107
} as const

/**
 * A name of the usual table.
 *
 * @since 0.1.0
 * @category models
 */
export type MotName = keyof typeof Mot

const names: ReadonlyMap<number, MotName> = new Map(
  (Object.entries(Mot) as Array<[MotName, number]>).map(([name, id]) => [id, name])
)

/**
 * The usual name of a MOT-ID, if it has one.
 *
 * @example
 * ```ts
 * import { Mot } from "@efa-kit/core"
 *
 * assert.strictEqual(Mot.nameOf(Mot.Mot.SBahn), "SBahn")
 * assert.strictEqual(Mot.nameOf(1), "SBahn")
 * assert.deepStrictEqual(Mot.parseList("1,3,x"), [1, 3])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const nameOf = (id: MotId): MotName | undefined => names.get(id)

/**
 * True for the pseudo modes of trip legs (walking, staying seated, transfers, cycling).
 *
 * @since 0.1.0
 * @category utils
 */
export const isPseudo = (id: MotId): boolean => id >= 97

/**
 * A MOT-ID as a query value.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotIdParam: Schema.Schema<MotId, string> = Schema.compose(
  ParamString.pipe(Schema.pattern(/^\d{1,4}$/, { message: () => "a MOT-ID is a non-negative integer" })),
  Schema.NumberFromString
).pipe(Schema.compose(MotId)).annotations({ identifier: "MotIdParam" })

/**
 * A `:`-separated list of MOT-IDs (`1:2:4`), as the coordinate search's filter blocks take them.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotListParam: Schema.Schema<ReadonlyArray<MotId>, string> = Schema.transformOrFail(
  ParamString,
  Schema.Array(MotId).pipe(Schema.minItems(1)),
  {
    strict: true,
    decode: (text, _, ast) => {
      const parts = text.split(":")
      if (parts.some((part) => !/^\d{1,4}$/.test(part))) {
        return ParseResult.fail(new ParseResult.Type(ast, text, `expected MOT-IDs separated by ":", got "${text}"`))
      }
      return ParseResult.succeed(parts.map(Number))
    },
    encode: (ids) => ParseResult.succeed(ids.join(":"))
  }
).annotations({ identifier: "MotListParam", jsonSchema: { type: "string", pattern: "^\\d+(:\\d+)*$" } })

/**
 * Parses the comma-separated `motTypes` of a coordinate-search pin into MOT-IDs; parts that are not
 * integers are skipped.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseList = (text: string): Array<MotId> => {
  const ids: Array<MotId> = []
  for (const part of text.split(/[,:]/)) {
    const trimmed = part.trim()
    if (/^\d+$/.test(trimmed)) ids.push(Number(trimmed))
  }
  return ids
}

/**
 * The mode of a leg: its name and MOT-ID (see {@link Mot.Mot}; legs also carry the pseudo modes 97
 * and up).
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegMode = Schema.Struct({
  name: Schema.String,
  mot: Schema.Finite,
  /**
   * The line's short name as people read it ("T8", "U7", "42"), where `name` is the long one ("Sydney Trains
   * Network T8 Airport & South Line"): rapidJSON `transportation.disassembledName`, else `number`.
   */
  number: opt(Schema.String)
}).annotations({ identifier: "LegMode" })
