/**
 * Test data for every schema of the package (`@efa-kit/core/arbitraries`): fast-check arbitraries of
 * requests and responses that satisfy the model rules (canonical sets, whole minutes, ordered box
 * corners, groups that send something). Tests, the contract suite and the fake load this module;
 * applications do not, so neither these generators nor fast-check end up in their bundles.
 *
 * ```ts
 * import { Trip } from "@efa-kit/core"
 * import * as Arbitraries from "@efa-kit/core/arbitraries"
 * import { FastCheck } from "effect"
 *
 * const requests = FastCheck.sample(Arbitraries.make(Trip.TripRequest), 10)
 * ```
 *
 * @since 0.1.0
 */
import * as Arbitrary from "effect/Arbitrary"
import * as DateTime from "effect/DateTime"
import type * as FastCheck from "effect/FastCheck"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { NoticeType } from "./AddInfo.js"
import * as Coord from "./Coord.js"
import { ObjectTypes } from "./CoordInfo.js"
import { type ArbitraryHint, ArbitraryHintId } from "./internal/schema/arbitraryHint.js"
import { definedOnly } from "./internal/schema/query.js"
import { sendsSomething } from "./Trip.js"

type Fc = typeof FastCheck
type Generator = (fc: Fc) => FastCheck.Arbitrary<any>

// Trip mode filters use these MOT-IDs: enough to meet every rule, few enough to collide.
const ARBITRARY_MOT_IDS: ReadonlyArray<number> = Array.from({ length: 22 }, (_, id) => id)

const latitude: Generator = (fc) => fc.integer({ min: -90_000_000, max: 90_000_000 }).map((n) => n / 1_000_000)
const longitude: Generator = (fc) => fc.integer({ min: -180_000_000, max: 180_000_000 }).map((n) => n / 1_000_000)
const latLonPair = (fc: Fc) => fc.tuple(latitude(fc), longitude(fc))

const named: { readonly [Name in Extract<ArbitraryHint, string>]: (fc: Fc, self: () => Generator) => any } = {
  blankableSegment: (fc) => fc.oneof(fc.constantFrom("", " "), fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/)),
  coord: (fc) => fc.record({ lat: latitude(fc), lon: longitude(fc) }),
  calendarDate: (fc) =>
    fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  // a field kept as the server sent it: any JSON value, so that it survives a JSON round trip
  jsonValue: (fc) => fc.jsonValue(),
  latitude,
  latLonPairs: (fc) => fc.array(latLonPair(fc), { maxLength: 20 }),
  // a line identifier as a request sends it: four parts, or five as a server writes it (a period, maybe empty)
  lineId: (fc) =>
    fc.tuple(
      fc.stringMatching(/^[a-z0-9]{1,6}$/),
      fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
      fc.constantFrom(" ", "", "W", "+"),
      fc.constantFrom("H", "R"),
      fc.option(fc.stringMatching(/^[a-z0-9]{0,4}$/), { nil: undefined })
    ).map(([subnetwork, line, supplement, direction, period]) =>
      `${subnetwork}:${line}:${supplement}:${direction}${period === undefined ? "" : `:${period}`}`
    ),
  longitude,
  // whole minutes from 2000; skip 00:00-03:59 UTC, which holds every European DST change (the wire format
  // cannot tell the repeated autumn hour apart)
  minuteInstant: (fc) =>
    fc.integer({ min: 0, max: 60 * 24 * 365 * 30 })
      .filter((minutes) => minutes % (60 * 24) >= 4 * 60)
      .map((minutes) => DateTime.unsafeMake(Date.UTC(2000, 0, 1) + minutes * 60_000)),
  modeFilter: (fc) =>
    fc.record({ excluded: fc.subarray([...ARBITRARY_MOT_IDS]), included: fc.subarray([...ARBITRARY_MOT_IDS]) })
      .map(({ excluded, included }) => {
        const onlyIncluded = included.filter((id) => !excluded.includes(id))
        return definedOnly({
          excluded: excluded.length > 0 ? excluded : undefined,
          included: onlyIncluded.length > 0 ? onlyIncluded : undefined
        })
      })
      .filter(sendsSomething),
  // `false` cannot be told apart from absent on the wire
  modelFlag: (fc) => fc.constant(true),
  modelText: (fc) => fc.stringMatching(/^[A-Za-z0-9äöüÄÖÜß][A-Za-z0-9äöüÄÖÜß ,.:-]{0,30}[A-Za-z0-9]$/),
  modelToken: (fc) => fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/),
  motId: (fc) => fc.integer({ min: 0, max: 30 }),
  // two opposite corners in any order, as the north-west and south-east ones
  northWestFirst: (fc, self) => self()(fc).map(Coord.orderCorners),
  noticeType: (fc) => fc.constantFrom(...NoticeType.literals),
  objectType: (fc) => fc.oneof(fc.constantFrom(...ObjectTypes), fc.stringMatching(/^[A-Z][A-Z_]{0,15}$/)),
  polygon: (fc) => fc.array(latLonPair(fc), { minLength: 3, maxLength: 12 }).map((points) => [...points, points[0]!]),
  // groups that send nothing decode as absent, so generated groups send something
  sendsSomething: (fc, self) => self()(fc).filter(sendsSomething)
}

const generatorOf = (hint: ArbitraryHint, self: () => Generator): Generator => {
  if (typeof hint === "string") return (fc) => named[hint](fc, self)
  if ("subset" in hint) {
    return (fc) =>
      fc.subarray([...hint.subset], {
        ...(hint.minLength !== undefined ? { minLength: hint.minLength } : {}),
        ...(hint.maxLength !== undefined ? { maxLength: hint.maxLength } : {})
      })
  }
  if ("valuesOf" in hint) return (fc) => Arbitrary.makeLazy(schema(hint.valuesOf))(fc)
  if ("oneOf" in hint) return (fc) => fc.oneof(...hint.oneOf.map((one) => Arbitrary.makeLazy(schema(one))(fc)))
  if ("uniqueBy" in hint) {
    return (fc) =>
      fc.uniqueArray(self()(fc), { selector: (item: any) => item[hint.uniqueBy], maxLength: hint.maxLength })
  }
  return (fc) => fc.string().filter((name) => !hint.keyOtherThan.includes(name) && name !== "__proto__")
}

// The element generator of an array node, for `uniqueBy`.
const elementOf = (ast: AST.AST): AST.AST => {
  if (ast._tag === "TupleType" && ast.rest.length > 0) return ast.rest[0]!.type
  if (ast._tag === "Refinement") return elementOf(ast.from)
  return ast
}

const rewritten = new WeakMap<AST.AST, AST.AST>()

// A copy of the tree with the generator of each hinted node attached as its arbitrary annotation.
const withGenerators = (ast: AST.AST): AST.AST => {
  const known = rewritten.get(ast)
  if (known !== undefined) return known
  const plain = rebuild(ast)
  const hint = ast.annotations[ArbitraryHintId] as ArbitraryHint | undefined
  let out = plain
  if (hint !== undefined) {
    // what the hinted generator builds on: the elements of a list, the unrefined value of a refinement
    const target = typeof hint === "object" && "uniqueBy" in hint
      ? elementOf(plain)
      : plain._tag === "Refinement"
      ? plain.from
      : plain
    const self = (): Generator => Arbitrary.makeLazy(Schema.make(target))
    const generator = generatorOf(hint, self)
    out = AST.annotations(plain, { [AST.ArbitraryAnnotationId]: () => generator })
  }
  rewritten.set(ast, out)
  return out
}

const rebuild = (ast: AST.AST): AST.AST => {
  switch (ast._tag) {
    case "Refinement":
      return new AST.Refinement(withGenerators(ast.from), ast.filter, ast.annotations)
    case "Transformation":
      return new AST.Transformation(
        withGenerators(ast.from),
        withGenerators(ast.to),
        ast.transformation,
        ast.annotations
      )
    case "TypeLiteral":
      return new AST.TypeLiteral(
        ast.propertySignatures.map((property) =>
          new AST.PropertySignature(
            property.name,
            withGenerators(property.type),
            property.isOptional,
            property.isReadonly,
            property.annotations
          )
        ),
        ast.indexSignatures.map((index) =>
          new AST.IndexSignature(withGenerators(index.parameter), withGenerators(index.type), index.isReadonly)
        ),
        ast.annotations
      )
    case "Union":
      return AST.Union.make(ast.types.map(withGenerators), ast.annotations)
    case "TupleType":
      return new AST.TupleType(
        ast.elements.map((element) =>
          new AST.OptionalType(withGenerators(element.type), element.isOptional, element.annotations)
        ),
        ast.rest.map((rest) => new AST.Type(withGenerators(rest.type), rest.annotations)),
        ast.isReadonly,
        ast.annotations
      )
    case "Suspend":
      return new AST.Suspend(() => withGenerators(ast.f()), ast.annotations)
    case "Declaration":
      return new AST.Declaration(
        ast.typeParameters.map(withGenerators),
        ast.decodeUnknown,
        ast.encodeUnknown,
        ast.annotations
      )
    default:
      return ast
  }
}

/**
 * The schema with its test generators attached, for `it.prop` and `Arbitrary.make`; its numbers are never `-0`,
 * which JSON and query strings cannot carry.
 *
 * @since 0.1.0
 * @category constructors
 */
export const schema = <A, I, R>(self: Schema.Schema<A, I, R>): Schema.Schema<A, I, R> => {
  const generated = withGenerators(self.ast)
  const values = Arbitrary.makeLazy(Schema.make<A>(generated))
  return Schema.make(
    AST.annotations(generated, { [AST.ArbitraryAnnotationId]: () => (fc: Fc) => values(fc).map(withoutNegativeZero) })
  )
}

// JSON and query strings carry no `-0` (it comes back as `0`), so a value that is to survive the wire has none
const withoutNegativeZero = <A>(value: A): A => {
  if (typeof value === "number") return (Object.is(value, -0) ? 0 : value) as A
  if (Array.isArray(value)) return value.map(withoutNegativeZero) as A
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) out[key] = withoutNegativeZero((value as Record<string, unknown>)[key])
    return out as A
  }
  return value
}

/**
 * An arbitrary of a schema's values that satisfy its rules.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = <A, I, R>(self: Schema.Schema<A, I, R>): FastCheck.Arbitrary<A> => Arbitrary.make(schema(self))
