// The parameter table: one row per wire parameter that maps to one field of a request model. A table
// builds the model's fields, the wire struct's fields and both directions of the mapping, so that adding
// such a parameter is one row. Parameters that map one field to several (points, option groups, indexed
// families) are written by hand beside the table.
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { FlagParam, IntParam, ModelFlag, ModelText, opt, TextParam } from "./params.js"
import type { IssueCollector } from "./query.js"

/**
 * One wire parameter and the model field it maps to: the model's schema and the parameter's schema,
 * and the two directions between their decoded values. `toWire` gives `undefined` when the value is
 * not sent (an unset flag); `fromWire` fails with a message, reported at the parameter's name.
 *
 * @internal
 */
export interface Row<
  Wire extends string,
  Model extends Schema.Schema.All,
  Param extends Schema.Schema.All,
  Required extends boolean = false
> {
  readonly wire: Wire
  readonly model: Model
  readonly param: Param
  readonly required: Required
  readonly toWire: (value: Schema.Schema.Type<Model>) => Schema.Schema.Type<Param> | undefined
  readonly fromWire: (value: Schema.Schema.Type<Param>) => Either.Either<Schema.Schema.Type<Model>, string>
}

/** @internal */
export type AnyRow = Row<string, Schema.Schema.All, Schema.Schema.All, boolean>

/** @internal */
export type Rows = { readonly [field: string]: AnyRow }

type Field<Schema_ extends Schema.Schema.All, Required extends boolean> = Required extends true ? Schema_
  : Schema.optionalWith<Schema_, { exact: true }>

/**
 * The request model's fields of a table, by model name (a homomorphic mapping, so the rows' doc
 * comments stay on the fields).
 *
 * @internal
 */
export type ModelFields<T extends Rows> = { readonly [K in keyof T]: Field<T[K]["model"], T[K]["required"]> }

/**
 * The wire struct's fields of a table, by wire name.
 *
 * @internal
 */
export type ParamFields<T extends Rows> = {
  readonly [K in keyof T as T[K]["wire"]]: Field<T[K]["param"], T[K]["required"]>
}

/** @internal */
export type ModelOf<T extends Rows> = Schema.Struct.Type<ModelFields<T>>

/** @internal */
export type ParamsOf<T extends Rows> = Schema.Struct.Type<ParamFields<T>>

/**
 * A table of rows, keyed by model field, in wire order.
 *
 * @internal
 */
export interface Table<T extends Rows> {
  readonly rows: T
  /** The request model's fields, for `Schema.Struct({ ...composite, ...table.fields })`. */
  readonly fields: ModelFields<T>
  /** The wire struct's fields, in row order. */
  readonly params: ParamFields<T>
  /** The wire names, in row order. */
  readonly wireNames: ReadonlyArray<ParamNames<T>>
  /**
   * Wire to model: the fields whose parameters are present, added to `into` (a fresh object of the
   * caller's, with the hand-written fields) when given; an issue is reported at the parameter.
   */
  readonly decode: <Into extends object = {}>(
    params: ParamsOf<T>,
    issues: IssueCollector,
    into?: Into
  ) => Into & ModelOf<T>
  /** Model to wire: the parameters to send, added to `into` when given (as for `decode`). */
  readonly encode: <Into extends object = {}>(model: ModelOf<T>, into?: Into) => Into & ParamsOf<T>
}

type ParamNames<T extends Rows> = { [K in keyof T]: T[K]["wire"] }[keyof T]

/**
 * Builds a table from its rows.
 *
 * @internal
 */
export const make = <const T extends Rows>(rows: T): Table<T> => {
  const entries = Object.entries(rows)
  const fields: Record<string, Schema.Struct.Field> = {}
  const params: Record<string, Schema.Struct.Field> = {}
  for (const [field, row] of entries) {
    // two rows for one parameter would read it twice and send it twice
    if (row.wire in params) throw new Error(`parameter table: "${row.wire}" has two rows`)
    fields[field] = row.required ? row.model : opt(row.model)
    params[row.wire] = row.required ? row.param : opt(row.param)
  }
  // Rows whose values pass unchanged skip their mapping functions: a request maps many such rows.
  const plan = entries.map(([field, row]) => ({
    field,
    wire: row.wire,
    fromWire: row.fromWire === same ? undefined : row.fromWire,
    toWire: row.toWire === identity ? undefined : row.toWire
  }))
  // Filling the caller's object rather than returning one to spread: objects of many shapes spread
  // slowly, and a request maps several tables.
  const decode = (wire: Readonly<Record<string, unknown>>, issues: IssueCollector, into?: Record<string, unknown>) => {
    const model: Record<string, unknown> = into ?? {}
    for (let i = 0; i < plan.length; i++) {
      const row = plan[i]!
      const value = wire[row.wire]
      if (value === undefined) continue
      if (row.fromWire === undefined) {
        model[row.field] = value
        continue
      }
      const read = row.fromWire(value)
      if (Either.isLeft(read)) issues.add(row.wire, value, read.left)
      else model[row.field] = read.right
    }
    return model
  }
  const encode = (model: Readonly<Record<string, unknown>>, into?: Record<string, unknown>) => {
    const wire: Record<string, unknown> = into ?? {}
    for (let i = 0; i < plan.length; i++) {
      const row = plan[i]!
      const value = model[row.field]
      if (value === undefined) continue
      const sent = row.toWire === undefined ? value : row.toWire(value)
      if (sent !== undefined) wire[row.wire] = sent
    }
    return wire
  }
  // The mapped types cannot be followed through `Object.entries`: each record above is filled row by
  // row from the same rows the types are mapped from.
  return {
    rows,
    fields: fields as ModelFields<T>,
    params: params as ParamFields<T>,
    wireNames: entries.map(([, row]) => row.wire as ParamNames<T>),
    decode: decode as unknown as Table<T>["decode"],
    encode: encode as unknown as Table<T>["encode"]
  }
}

const same = <A>(value: A): Either.Either<A, string> => Either.right(value)

const identity = <A>(value: A): A => value

/**
 * A row whose model value and decoded parameter are the same value (a number, a name, a list).
 *
 * @internal
 */
export const param = <const Wire extends string, A, MI, PI>(
  wire: Wire,
  model: Schema.Schema<A, MI>,
  param: Schema.Schema<A, PI>
): Row<Wire, Schema.Schema<A, MI>, Schema.Schema<A, PI>> => ({
  wire,
  model,
  param,
  required: false,
  toWire: identity,
  fromWire: same
})

/**
 * A row that every request has.
 *
 * @internal
 */
export const required = <const Wire extends string, M extends Schema.Schema.All, P extends Schema.Schema.All>(
  row: Row<Wire, M, P>
): Row<Wire, M, P, true> => ({ ...row, required: true })

/**
 * A boolean option, sent as `<wire>=1` when set (`FlagParam`), or with the one value a switch takes
 * (`calcBicycleMacro=on`: `FixedParam("on", ...)`).
 *
 * @internal
 */
export const flag = <const Wire extends string>(
  wire: Wire,
  param: Schema.Schema<true | undefined, string> | Schema.Schema<true, string> = FlagParam
): Row<Wire, typeof ModelFlag, Schema.Schema<true | undefined, string>> => ({
  wire,
  model: ModelFlag,
  // a switch's one value is a flag that is never off
  param: param as Schema.Schema<true | undefined, string>,
  required: false,
  toWire: (value) => (value ? true : undefined),
  // a flag sent as `0` decodes to `undefined`, which the table skips: only `true` arrives here
  fromWire: same as (value: true | undefined) => Either.Either<boolean, string>
})

/**
 * A bounded integer, checked as such in the model and on the wire.
 *
 * @internal
 */
export const int = <const Wire extends string>(
  wire: Wire,
  bounds: { readonly min: number; readonly max: number }
): Row<Wire, Schema.Schema<number>, Schema.Schema<number, string>> =>
  param(wire, Schema.Int.pipe(Schema.between(bounds.min, bounds.max)), IntParam(bounds))

/**
 * A non-empty text, in the model without white space around it.
 *
 * @internal
 */
export const text = <const Wire extends string>(
  wire: Wire,
  wireSchema: Schema.Schema<string, string> = TextParam
): Row<Wire, Schema.Schema<string>, Schema.Schema<string, string>> => param(wire, ModelText, wireSchema)

/**
 * The fields of a request model from parts: tables' `fields` and hand-written fields, in order. Unlike
 * an object spread, the type keeps each table's fields as `ModelFields<...>`, so that their doc comments
 * reach the published declarations.
 *
 * @internal
 */
export function fieldsOf<A, B>(a: A, b: B): A & B
export function fieldsOf<A, B, C>(a: A, b: B, c: C): A & B & C
export function fieldsOf<A, B, C, D, E>(a: A, b: B, c: C, d: D, e: E): A & B & C & D & E
export function fieldsOf(...parts: ReadonlyArray<object>): object {
  return Object.assign({}, ...parts)
}
