/**
 * How full a vehicle is: one scale for trip legs, their stops and board events, read from EFA's
 * `occupancy` values (rapidJSON `properties.occupancy` of a stop, a leg's origin or a board event's location).
 *
 * EFA's values map to the five levels: `EMPTY` → `empty`, `MANY_SEATS` → `manySeats`, `FEW_SEATS` → `fewSeats`,
 * `STANDING_ONLY` → `standingOnly`, `FULL` → `full`. The others are kept as sent in `occupancyRaw`:
 * `CRUSHED_STANDING` and `NOT_ACCEPTING_PASSENGERS` with the level `full`, `UNKNOWN` and values of newer releases
 * without a level. An unknown value never fails a decode.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { opt } from "./internal/schema/params.js"

/**
 * The levels of occupancy, by their EFA names.
 *
 * @since 0.1.0
 * @category constants
 */
export const Levels = {
  EMPTY: "empty",
  MANY_SEATS: "manySeats",
  FEW_SEATS: "fewSeats",
  STANDING_ONLY: "standingOnly",
  FULL: "full"
} as const

/**
 * How full a vehicle is: `empty`, `manySeats`, `fewSeats`, `standingOnly` or `full`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Occupancy = Schema.Literal("empty", "manySeats", "fewSeats", "standingOnly", "full").annotations({
  identifier: "Occupancy"
})

/**
 * @since 0.1.0
 * @category models
 */
export type Occupancy = typeof Occupancy.Type

/**
 * The occupancy fields of a leg, a stop or a board event.
 *
 * @since 0.1.0
 * @category schemas
 */
export const fields = {
  /** How full the vehicle is (rapidJSON `properties.occupancy`), where the server says. */
  occupancy: opt(Occupancy),
  /**
   * EFA's value where it is not one of the five levels (`CRUSHED_STANDING`, `NOT_ACCEPTING_PASSENGERS`, `UNKNOWN`,
   * a value of a newer release), as sent.
   */
  occupancyRaw: opt(Schema.String)
}

/**
 * The occupancy fields of a value.
 *
 * @since 0.1.0
 * @category models
 */
export interface Fields {
  readonly occupancy?: Occupancy
  readonly occupancyRaw?: string
}

const beyondFull: ReadonlySet<string> = new Set(["CRUSHED_STANDING", "NOT_ACCEPTING_PASSENGERS"])

/**
 * The fields an EFA `occupancy` value reads as (none for `undefined`).
 *
 * @example
 * ```ts
 * import { Occupancy } from "@efa-kit/core"
 *
 * assert.deepStrictEqual(Occupancy.fromWire("FEW_SEATS"), { occupancy: "fewSeats" })
 * assert.deepStrictEqual(Occupancy.fromWire("CRUSHED_STANDING"), { occupancy: "full", occupancyRaw: "CRUSHED_STANDING" })
 * assert.deepStrictEqual(Occupancy.fromWire("UNKNOWN"), { occupancyRaw: "UNKNOWN" })
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const fromWire = (raw: string | undefined): Fields => {
  const out: { occupancy?: Occupancy; occupancyRaw?: string } = {}
  assign(out, raw)
  return out
}

const wireNames: Record<Occupancy, string> = {
  empty: "EMPTY",
  manySeats: "MANY_SEATS",
  fewSeats: "FEW_SEATS",
  standingOnly: "STANDING_ONLY",
  full: "FULL"
}

/**
 * The EFA `occupancy` value of a value's fields: the raw value where there is one, else the level's name.
 *
 * @since 0.1.0
 * @category utils
 */
export const toWire = (value: Fields): string | undefined =>
  value.occupancyRaw ?? (value.occupancy === undefined ? undefined : wireNames[value.occupancy])

/**
 * Copies the occupancy fields an EFA value reads as into `out`.
 *
 * @since 0.1.0
 * @category utils
 */
export const assign = (out: { occupancy?: Occupancy; occupancyRaw?: string }, raw: string | undefined): void => {
  if (raw === undefined) return
  if (Object.hasOwn(Levels, raw)) {
    out.occupancy = Levels[raw as keyof typeof Levels]
    return
  }
  if (beyondFull.has(raw)) out.occupancy = "full"
  out.occupancyRaw = raw
}
