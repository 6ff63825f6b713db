import type * as Schema from "effect/Schema"

/**
 * How test generators build the values of a schema node that their defaults cannot, given as data. The
 * generators themselves live in the `Arbitraries` module, which tests, the contract suite and the fake
 * load and applications do not: production code carries no generator and no fast-check.
 *
 * @internal
 */
export const ArbitraryHintId: unique symbol = Symbol.for("@efa-kit/core/ArbitraryHint")

/**
 * A named generator (see `Arbitraries`), or a parameterised one:
 * - `subset`: sublists of `values` in their order (canonical sets), of `minLength`..`maxLength` items;
 * - `uniqueBy`: lists of at most `maxLength` items with distinct `key` fields;
 * - `keyOtherThan`: record keys other than the names of typed fields;
 * - `valuesOf`: the values of another schema (for a declaration that stands for it);
 * - `oneOf`: the values of any of several schemas.
 *
 * @internal
 */
export type ArbitraryHint =
  | "blankableSegment"
  | "calendarDate"
  | "coord"
  | "jsonValue"
  | "latitude"
  | "latLonPairs"
  | "lineId"
  | "longitude"
  | "minuteInstant"
  | "modeFilter"
  | "modelFlag"
  | "modelText"
  | "modelToken"
  | "motId"
  | "northWestFirst"
  | "noticeType"
  | "objectType"
  | "polygon"
  | "sendsSomething"
  | {
    readonly subset: ReadonlyArray<string | number>
    readonly minLength?: number
    readonly maxLength?: number
  }
  | { readonly uniqueBy: string; readonly maxLength: number }
  | { readonly keyOtherThan: ReadonlyArray<string> }
  | { readonly valuesOf: Schema.Schema.Any }
  | { readonly oneOf: ReadonlyArray<Schema.Schema.Any> }

/**
 * The annotation that carries a hint.
 *
 * @internal
 */
export const arbitraryHint = (hint: ArbitraryHint): { readonly [ArbitraryHintId]: ArbitraryHint } => ({
  [ArbitraryHintId]: hint
})
