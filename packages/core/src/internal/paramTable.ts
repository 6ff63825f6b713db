// The parameter table: one row per wire parameter that maps to one field of a request model. A table
// builds the model's fields, the wire struct's fields and both directions of the mapping, so that adding
// such a parameter is one row. An option group (`group`) is a table whose parameters take effect only with
// its activation flag, the rule written once for both directions; a point (`point`) is the pair
// `type_<x>`/`name_<x>`. Parameters that map one field to several otherwise (indexed families, a via's dwell
// time) are written by hand beside the table.
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Point from "../Point.js"
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

/**
 * Whether a group of options sends anything: some field is set, other than `false` or an empty list.
 *
 * @internal
 */
export const sendsSomething = (group: unknown): boolean => {
  if (typeof group !== "object" || group === null) return false
  for (const value of Object.values(group)) {
    if (value === undefined || value === false) continue
    if (Array.isArray(value) && value.length === 0) continue
    return true
  }
  return false
}

type ActivationField<A extends string> = { readonly [K in A]: Schema.optionalWith<typeof FlagParam, { exact: true }> }

/**
 * An option group: a table whose parameters take effect only with the group's activation flag
 * (`ptOptionsActive=1`). The rule is one, both ways: the flag goes out with a group that sends something,
 * and a parameter of the group read without the flag is reported at the flag.
 *
 * @internal
 */
export interface Group<A extends string, T extends Rows> extends Table<T> {
  readonly activation: A
  /** The activation flag's wire field: in the wire struct before the group's `params`. */
  readonly activationParam: ActivationField<A>
  /** Whether the parameters turn the group on. */
  readonly isActive: (params: object) => boolean
  /** Reports the group's parameters present without the activation flag, at the flag. */
  readonly checkActivation: (params: object, issues: IssueCollector) => void
  /**
   * Wire to model: the group (with the hand-written fields of `into`), or `undefined` when it has no field.
   */
  readonly decodeGroup: <Into extends object = {}>(
    params: ParamsOf<T>,
    issues: IssueCollector,
    into?: Into
  ) => (Into & ModelOf<T>) | undefined
  /** The group of a model as it goes out: `undefined` when it sends nothing (then no flag goes out either). */
  readonly sent: <M extends ModelOf<T>>(model: M | undefined) => M | undefined
  /** Model to wire: the activation flag and the group's parameters, added to `into`. */
  readonly encodeGroup: (model: ModelOf<T>, into: object) => void
}

/**
 * Builds an option group from its activation flag's wire name and its rows.
 *
 * @internal
 */
export const group = <const A extends string, const T extends Rows>(activation: A, rows: T): Group<A, T> => {
  const table = make(rows)
  const isActive = (params: object): boolean => Reflect.get(params, activation) === true
  return {
    ...table,
    activation,
    // a computed key is typed as a string index: the one field is the activation flag
    activationParam: { [activation]: opt(FlagParam) } as ActivationField<A>,
    isActive,
    checkActivation: (params, issues) => {
      if (isActive(params)) return
      const names = table.wireNames.filter((name) => Reflect.get(params, name) !== undefined)
      if (names.length > 0) {
        issues.add(activation, undefined, `${names.join(", ")} take effect only with ${activation}=1`)
      }
    },
    decodeGroup: (params, issues, into) => {
      const model = table.decode(params, issues, into)
      return Object.keys(model).length > 0 ? model : undefined
    },
    sent: (model) => (sendsSomething(model) ? model : undefined),
    encodeGroup: (model, into) => {
      Reflect.set(into, activation, true)
      table.encode(model, into)
    }
  }
}

type PointFields<N extends string> =
  & { readonly [K in `type_${N}`]: typeof Point.PointType }
  & { readonly [K in `name_${N}`]: typeof TextParam }

type OptionalPointFields<N extends string> =
  & { readonly [K in `type_${N}`]: Schema.optionalWith<typeof Point.PointType, { exact: true }> }
  & { readonly [K in `name_${N}`]: Schema.optionalWith<typeof TextParam, { exact: true }> }

type PointValues<N extends string> = Schema.Struct.Type<PointFields<N>>

/**
 * A point parameter: `type_<x>` (`any` or `coord`) and `name_<x>`, one `Point` in the model. A problem with
 * the point is reported at `name_<x>`.
 *
 * @internal
 */
export interface PointParam<N extends string> {
  readonly typeName: `type_${N}`
  readonly nameName: `name_${N}`
  /** The wire fields, for a point every request has. */
  readonly params: PointFields<N>
  /** The wire fields, for a point a request may leave out. */
  readonly optionalParams: OptionalPointFields<N>
  /**
   * Wire to model: the point, or `undefined` when it is absent or does not read (then with an issue; for a
   * point every request has, its absence is the wire struct's issue).
   */
  readonly decode: (params: object, issues: IssueCollector) => Point.Point | undefined
  /** Model to wire: both parameters, added to `into`. */
  readonly encode: <Into extends object>(point: Point.Point, into: Into) => Into & PointValues<N>
}

/**
 * Builds the point parameter `type_<name>`/`name_<name>`.
 *
 * @internal
 */
export const point = <const N extends string>(name: N): PointParam<N> => {
  const typeName = `type_${name}` as const
  const nameName = `name_${name}` as const
  // computed keys are typed as a string index: the two fields are the point's
  const params = { [typeName]: Point.PointType, [nameName]: TextParam } as PointFields<N>
  const optionalParams = { [typeName]: opt(Point.PointType), [nameName]: opt(TextParam) } as OptionalPointFields<N>
  return {
    typeName,
    nameName,
    params,
    optionalParams,
    decode: (params, issues) => {
      const type: typeof Point.PointType.Type | undefined = Reflect.get(params, typeName)
      const text: string | undefined = Reflect.get(params, nameName)
      if (type === undefined || text === undefined) {
        if (type !== undefined) issues.add(nameName, undefined, `${typeName} needs ${nameName}`)
        else if (text !== undefined) issues.add(typeName, undefined, `${nameName} needs ${typeName}`)
        return undefined
      }
      const read = Point.fromParams(type, text)
      if (Either.isRight(read)) return read.right
      issues.add(nameName, text, read.left)
      return undefined
    },
    encode: <Into extends object>(point: Point.Point, into: Into) => {
      const { name: text, type } = Point.toParams(point)
      Reflect.set(into, typeName, type)
      Reflect.set(into, nameName, text)
      // the two fields were set just above
      return into as Into & PointValues<N>
    }
  }
}
