// The parameter table: one row per wire parameter that maps to one field of a request model. A table
// builds the model's fields, the wire struct's fields and both directions of the mapping, so that adding
// such a parameter is one row. The composite kinds are built from rows too, each rule written once for both
// directions: an option group (`group`) is a table whose parameters take effect only with its activation
// flag, a row several groups share (`shared`) is one parameter read into each active group; a point
// (`point`) is the pair `type_<x>`/`name_<x>`, with rows of its own that take effect only with it (a via's
// dwell time); an indexed family (`indexed`) is a list of items whose fields are the parameters
// `<prefix><i>`, numbered from 0 (filter blocks), and an indexed list (`indexedList`) a list of one such
// parameter's values. Beside the tables stay only mappings with a rule no row has: a date with its time in
// the deployment's zone, a choice between forms of a request (a circle or a box, `mode=odv` or `mode=line`)
// and the mode filters keyed by MOT-ID (`internal/schema/families.ts`).
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import type * as Types from "effect/Types"
import * as Point from "../../Point.js"
import { numberedFromZero, readIndexed } from "./families.js"
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
  /** The activation flags of the option groups that share the parameter (see {@link shared}). */
  readonly sharedBy?: ReadonlyArray<string>
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
 * and a parameter of the group read without the flag is reported at the flag. A row the group shares with
 * others ({@link shared}) takes effect with any of their flags and is read into each active group.
 *
 * @internal
 */
export interface Group<A extends string, T extends Rows> extends Table<T> {
  readonly activation: A
  /** The activation flag's wire field: in the wire struct before the group's `params`. */
  readonly activationParam: ActivationField<A>
  /** Whether the parameters turn the group on. */
  readonly isActive: (params: object) => boolean
  /**
   * Reports the group's parameters present without the activation flag, at the flag; a shared parameter
   * present without any of its groups' flags at the parameter (by the first of its groups).
   */
  readonly checkActivation: (params: object, issues: IssueCollector) => void
  /**
   * Wire to model: the group (with the hand-written fields of `into`), or `undefined` when it is not active
   * or has no field.
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
  const own: Array<string> = []
  const sharedRows: Array<AnyRow & { readonly sharedBy: ReadonlyArray<string> }> = []
  for (const row of Object.values(rows)) {
    if (row.sharedBy === undefined) {
      own.push(row.wire)
      continue
    }
    // a shared row names its groups: a group it does not name would read it without the rule
    if (!row.sharedBy.includes(activation)) {
      throw new Error(`parameter table: "${row.wire}" is not shared with the group of ${activation}`)
    }
    // the first of its groups reports it, so that it is reported once
    if (row.sharedBy[0] === activation) sharedRows.push({ ...row, sharedBy: row.sharedBy })
  }
  return {
    ...table,
    activation,
    // a computed key is typed as a string index: the one field is the activation flag
    activationParam: { [activation]: opt(FlagParam) } as ActivationField<A>,
    isActive,
    checkActivation: (params, issues) => {
      if (!isActive(params)) {
        const names = own.filter((name) => Reflect.get(params, name) !== undefined)
        if (names.length > 0) {
          issues.add(activation, undefined, `${names.join(", ")} take effect only with ${activation}=1`)
        }
      }
      for (const { sharedBy, wire } of sharedRows) {
        const value: unknown = Reflect.get(params, wire)
        if (value === undefined || sharedBy.some((flag) => Reflect.get(params, flag) === true)) continue
        issues.add(wire, value, `${wire} takes effect only with ${sharedBy.map((flag) => `${flag}=1`).join(" or ")}`)
      }
    },
    decodeGroup: (params, issues, into) => {
      if (params === null || typeof params !== "object" || !isActive(params)) return undefined
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

/**
 * A row several option groups share: one wire parameter, a field in each group's model (`changeSpeed`, the
 * change time of public transport and the speed of individual transport). It takes effect with any of the
 * groups' flags, is read into each active group, and goes out from any group that sends it; that the groups
 * agree is a rule of the request model. `sharedBy` lists the groups' activation flags, and each group must
 * have the row.
 *
 * @internal
 */
export const shared = <const Wire extends string, M extends Schema.Schema.All, P extends Schema.Schema.All>(
  sharedBy: readonly [string, string, ...Array<string>],
  row: Row<Wire, M, P>
): Row<Wire, M, P> => ({ ...row, sharedBy })

type PointFields<N extends string> =
  & { readonly [K in `type_${N}`]: typeof Point.PointType }
  & { readonly [K in `name_${N}`]: typeof TextParam }

type OptionalPointFields<N extends string> =
  & { readonly [K in `type_${N}`]: Schema.optionalWith<typeof Point.PointType, { exact: true }> }
  & { readonly [K in `name_${N}`]: Schema.optionalWith<typeof TextParam, { exact: true }> }

type PointValues<N extends string> = Schema.Struct.Type<PointFields<N>>

/**
 * A point with the values of its own rows, as a request model holds it (a via and its dwell time).
 *
 * @internal
 */
export type PointWith<T extends Rows> = { readonly point: Point.Point } & ModelOf<T>

/**
 * A point parameter: `type_<x>` (`any` or `coord`) and `name_<x>`, one `Point` in the model. A problem with
 * the point is reported at `name_<x>`. Rows of its own (`options`, a via's dwell time) take effect only with
 * the point: in the model they sit beside it (`{ point, ...options }`), a parameter of theirs read without
 * the point is reported at the parameter.
 *
 * @internal
 */
export interface PointParam<N extends string, T extends Rows = {}> {
  readonly typeName: `type_${N}`
  readonly nameName: `name_${N}`
  /** The point's own rows. */
  readonly options: Table<T>
  /** The wire fields (the point's two, then its rows'), for a point every request has. */
  readonly params: PointFields<N> & ParamFields<T>
  /** The wire fields (the point's two, then its rows'), for a point a request may leave out. */
  readonly optionalParams: OptionalPointFields<N> & ParamFields<T>
  /**
   * Wire to model: the point, or `undefined` when it is absent or does not read (then with an issue). A
   * point every request has is missing by the wire struct's rule; a point some requests need passes the
   * `required` message, reported at each missing half when both are.
   */
  readonly decode: (params: object, issues: IssueCollector, required?: string) => Point.Point | undefined
  /** Wire to model: the point and its rows' values, or `undefined` as for `decode`. */
  readonly decodeWith: (params: object, issues: IssueCollector) => PointWith<T> | undefined
  /** Reports each of the point's parameters present (its rows' too), with the message: where no point belongs. */
  readonly refuse: (params: object, issues: IssueCollector, message: string) => void
  /** Model to wire: both parameters, added to `into`. */
  readonly encode: <Into extends object>(point: Point.Point, into: Into) => Into & PointValues<N>
  /** Model to wire: the point's parameters and its rows', added to `into`. */
  readonly encodeWith: (value: PointWith<T>, into: object) => void
}

/**
 * Builds the point parameter `type_<name>`/`name_<name>`, with the rows that go with the point.
 *
 * @internal
 */
export const point = <const N extends string, const T extends Rows = {}>(
  name: N,
  rows: T = {} as T
): PointParam<N, T> => {
  const typeName = `type_${name}` as const
  const nameName = `name_${name}` as const
  const options = make(rows)
  // computed keys are typed as a string index: the two fields are the point's
  const params = { [typeName]: Point.PointType, [nameName]: TextParam, ...options.params } as
    & PointFields<N>
    & ParamFields<T>
  const optionalParams = {
    [typeName]: opt(Point.PointType),
    [nameName]: opt(TextParam),
    ...options.params
  } as OptionalPointFields<N> & ParamFields<T>
  const decode = (params: object, issues: IssueCollector, required?: string): Point.Point | undefined => {
    const type: typeof Point.PointType.Type | undefined = Reflect.get(params, typeName)
    const text: string | undefined = Reflect.get(params, nameName)
    if (type === undefined || text === undefined) {
      if (type !== undefined) issues.add(nameName, undefined, `${typeName} needs ${nameName}`)
      else if (text !== undefined) issues.add(typeName, undefined, `${nameName} needs ${typeName}`)
      else if (required !== undefined) {
        issues.add(typeName, undefined, required)
        issues.add(nameName, undefined, required)
      }
      return undefined
    }
    const read = Point.fromParams(type, text)
    if (Either.isRight(read)) return read.right
    issues.add(nameName, text, read.left)
    return undefined
  }
  const encode = <Into extends object>(point: Point.Point, into: Into) => {
    const { name: text, type } = Point.toParams(point)
    Reflect.set(into, typeName, type)
    Reflect.set(into, nameName, text)
    // the two fields were set just above
    return into as Into & PointValues<N>
  }
  return {
    typeName,
    nameName,
    options,
    params,
    optionalParams,
    decode,
    decodeWith: (params, issues) => {
      const at = decode(params, issues)
      if (at !== undefined) return options.decode(params as ParamsOf<T>, issues, { point: at })
      // without its point, a row's parameter is reported (one half of the point is, by `decode`)
      if (Reflect.get(params, typeName) === undefined && Reflect.get(params, nameName) === undefined) {
        for (const wire of options.wireNames) {
          const value: unknown = Reflect.get(params, wire)
          if (value !== undefined) issues.add(wire, value, `${wire} needs the point (${typeName}, ${nameName})`)
        }
      }
      return undefined
    },
    refuse: (params, issues, message) => {
      for (const wire of [typeName, nameName, ...options.wireNames]) {
        const value: unknown = Reflect.get(params, wire)
        if (value !== undefined) issues.add(wire, value, message)
      }
    },
    encode,
    encodeWith: (value, into) => {
      encode(value.point, into)
      options.encode(value, into)
    }
  }
}

// The rows' keys as a tuple, in some order. The wire struct takes its index signatures as a tuple; its type
// is the intersection of theirs, the same in any order.
type LastOf<U> = Types.UnionToIntersection<U extends unknown ? (last: U) => void : never> extends
  (last: infer Last) => void ? Last
  : never
type TupleOf<U, Last = LastOf<U>> = [U] extends [never] ? [] : [...TupleOf<Exclude<U, Last>>, Last]

/**
 * The index signature of one family: `<prefix><i>` to the row's wire schema.
 *
 * @internal
 */
export type FamilyRecord<R extends AnyRow> = Schema.Record$<Schema.TemplateLiteral<`${R["wire"]}${number}`>, R["param"]>

/**
 * The index signatures of a table of families, for `Schema.Struct(fields, ...records)`.
 *
 * @internal
 */
export type FamilyRecords<T extends Rows, Keys extends ReadonlyArray<unknown> = TupleOf<keyof T>> = {
  readonly [I in keyof Keys]: FamilyRecord<T[Keys[I] & keyof T]>
}

/**
 * What the decoder says of an indexed family's problems; each has a default that names the key family
 * (`<key>` is the required row's prefix).
 *
 * @internal
 */
export interface IndexedMessages {
  /** What an index is called, in "the <index> must be 0, 1, 2, ...": `index` by default. */
  readonly index?: string
  /** At each missing `<key><i>` below the highest: "missing: <key><i> are numbered from 0 without gaps". */
  readonly gap?: string
  /** At a member whose item has no `<key><i>`: "belongs to item <i>, but <key><i> is missing". */
  readonly orphan?: (key: string, index: number) => string
  /** When given, the list may not be empty: the message at `<key>0`. */
  readonly required?: string
}

/**
 * An indexed family: a list in the model whose items are tables, each row a family of parameters
 * `<prefix><i>` (`type_0`, `radius_0`, `type_1`, ...), `i` the item's position. The one required row is the
 * key: its parameters number the items from 0 without gaps, and another row's parameter belongs to the item
 * of its index, which must have the key. Every problem is reported at the parameter that has it.
 *
 * @internal
 */
export interface Indexed<T extends Rows> {
  readonly rows: T
  /** The fields of one item, for `Schema.Struct(family.fields)`. */
  readonly fields: ModelFields<T>
  /** Each row's prefix, by field. */
  readonly prefixes: { readonly [K in keyof T]: T[K]["wire"] }
  /** The wire struct's index signatures, one per row, in row order: `Schema.Struct(fields, ...records)`. */
  readonly records: FamilyRecords<T>
  /** Wire to model: the items, in index order (an empty list when there is none). */
  readonly decode: (params: object, issues: IssueCollector) => Array<ModelOf<T>>
  /** Model to wire: `<prefix><i>` for each item's defined fields, row by row, added to `into`. */
  readonly encode: (items: ReadonlyArray<ModelOf<T>>, into: object) => void
}

/**
 * Builds an indexed family from its rows (one of them `required`: the key) and what to say of its problems.
 *
 * @internal
 */
export const indexed = <const T extends Rows>(rows: T, messages: IndexedMessages = {}): Indexed<T> => {
  const table = make(rows)
  const entries = Object.entries(rows)
  const keys = entries.filter(([, row]) => row.required)
  // the items are numbered by the key's parameters
  if (keys.length !== 1) throw new Error(`indexed family: one row must be required (the key), not ${keys.length}`)
  const key = keys[0]![1].wire
  const prefixes = entries.map(([, row]) => row.wire)
  // a parameter is told to its family by its prefix: one prefix may not begin another
  for (const prefix of prefixes) {
    const longer = prefixes.find((other) => other !== prefix && other.startsWith(prefix))
    if (longer !== undefined) throw new Error(`indexed family: the prefix "${prefix}" begins "${longer}"`)
  }
  const plan = entries.map(([field, row]) => ({
    field,
    wire: row.wire,
    fromWire: row.fromWire === same ? undefined : row.fromWire
  }))
  const gap = messages.gap ?? `missing: ${key}<i> are numbered from 0 without gaps`
  const orphan = messages.orphan ?? ((keyName, index) => `belongs to item ${index}, but ${keyName} is missing`)
  return {
    rows,
    fields: table.fields,
    prefixes: Object.fromEntries(entries.map(([field, row]) => [field, row.wire])) as Indexed<T>["prefixes"],
    // one index signature per row, in row order, as the type lists them (in another order)
    records: entries.map(([, row]) =>
      Schema.Record({ key: Schema.TemplateLiteral(row.wire, Schema.Number), value: row.param })
    ) as unknown as FamilyRecords<T>,
    decode: (params, issues) => {
      const found = readIndexed(params, prefixes, issues, messages.index)
      const present = new Set(found.filter(({ prefix }) => prefix === key).map(({ index }) => index))
      if (present.size === 0 && messages.required !== undefined) issues.add(`${key}0`, undefined, messages.required)
      const length = numberedFromZero(present, (index) => `${key}${index}`, gap, issues)
      for (const { index, key: name, prefix, value } of found) {
        if (prefix !== key && !present.has(index)) issues.add(name, value, orphan(`${key}${index}`, index))
      }
      // each item from its own parameters, as a table reads them (a row whose value passes unchanged skips
      // its reading), a problem reported at the item's parameter
      const items: Array<Record<string, unknown>> = []
      for (let i = 0; i < length; i++) {
        const item: Record<string, unknown> = {}
        for (const { field, fromWire, wire } of plan) {
          const name = `${wire}${i}`
          const value: unknown = Reflect.get(params, name)
          if (value === undefined) continue
          if (fromWire === undefined) {
            item[field] = value
            continue
          }
          const read = fromWire(value)
          if (Either.isLeft(read)) issues.add(name, value, read.left)
          else item[field] = read.right
        }
        items.push(item)
      }
      // each item is filled row by row from the rows the type is mapped from
      return items as Array<ModelOf<T>>
    },
    encode: (items, into) => {
      for (const [field, row] of entries) {
        for (let i = 0; i < items.length; i++) {
          const value: unknown = Reflect.get(items[i]!, field)
          if (value === undefined) continue
          const sent = row.toWire(value)
          if (sent !== undefined) Reflect.set(into, `${row.wire}${i}`, sent)
        }
      }
    }
  }
}

/**
 * An indexed list: a list of values in the model, one row's parameters `<prefix><i>` on the wire
 * (`vehLocType0`, `vehLocType1`, ...), numbered from 0 without gaps; the {@link indexed} family of one key.
 *
 * @internal
 */
export interface IndexedList<Wire extends string, Model extends Schema.Schema.All, Param extends Schema.Schema.All> {
  readonly prefix: Wire
  /** The wire struct's index signature: `Schema.Struct(fields, ...records)`. */
  readonly records: readonly [FamilyRecord<Row<Wire, Model, Param>>]
  /** Wire to model: the values, in index order (an empty list when there is none). */
  readonly decode: (params: object, issues: IssueCollector) => Array<Schema.Schema.Type<Model>>
  /** Model to wire: `<prefix><i>` for each value, added to `into`. */
  readonly encode: (values: ReadonlyArray<Schema.Schema.Type<Model>>, into: object) => void
}

/**
 * Builds an indexed list from the row of its values.
 *
 * @internal
 */
export const indexedList = <
  const Wire extends string,
  Model extends Schema.Schema.All,
  Param extends Schema.Schema.All
>(
  row: Row<Wire, Model, Param>,
  messages: IndexedMessages = {}
): IndexedList<Wire, Model, Param> => {
  const prefix = row.wire
  const family = indexed({ value: required(row) }, messages)
  return {
    prefix,
    records: family.records,
    // the family's items are `{ value }`: read and written as the row's values
    decode: (params, issues) =>
      family.decode(params, issues).map((item): Schema.Schema.Type<Model> => Reflect.get(item as object, "value")),
    encode: (values, into) => {
      for (let i = 0; i < values.length; i++) {
        const sent = row.toWire(values[i]!)
        if (sent !== undefined) Reflect.set(into, `${prefix}${i}`, sent)
      }
    }
  }
}
