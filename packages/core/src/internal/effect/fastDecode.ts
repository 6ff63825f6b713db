/**
 * A fast path for decoding with a Schema. The schema's AST is compiled once into functions that check
 * and build the value in one pass, without the `Either` and issue bookkeeping of Effect's general
 * parser. A fast decoder answers with the value or with {@link NoMatch}: on any failure, and on
 * anything it does not handle itself, it gives up, and the caller runs the ordinary Schema decode,
 * which produces the value or the precise `ParseIssue`. Error messages therefore always come from
 * Effect; the fast path only has to agree with Effect on success.
 *
 * Every node becomes a function generated from source text (`new Function`), so that every property
 * access and call site sees one shape and the engine inlines the checks: keywords, literals, enums,
 * refinements, declarations and transformations that bring their own plain decoder ({@link FastDecodeId})
 * are written inline into their parent; structs (property and index signatures), arrays and tuples,
 * unions (literal sets, Effect's search tree by literal-valued keys, plain candidate lists) and the other
 * transformations (their own `decode`; `optionalWith` defaults and renamed keys are struct
 * transformations) each get a function; `Suspend` is resolved on first use. Property
 * names enter the source only as JSON string literals, everything else is passed in. Nodes with
 * `parseOptions` or `decodingFallback` annotations, template literals, effectful decodes and objects
 * that `JSON.parse` never makes (class instances, null prototypes) are left to Effect, node by node.
 * The rules stay where they are written, in the schemas: nothing here knows a response shape.
 *
 * Where the platform forbids `new Function` (a Content Security Policy without `unsafe-eval`), there
 * is no fast path at all: {@link makeDecoder} and {@link makeJsonDecoder} then run
 * `Schema.decodeUnknownEither` alone, which gives the same results, more slowly. The same algorithms
 * as shared closures would stay megamorphic and cost several times the generated code, and they would
 * double what must be kept in step with Effect's decoder.
 *
 * Semantics kept from Effect's decoder (`errors: "first"`, `onExcessProperty: "ignore"`, not exact):
 * unknown keys are dropped, a missing required property is decoded from `undefined`, index
 * signatures keep the keys they match. Key order may differ (Effect's `propertyOrder` is not part of
 * a value's meaning). Where Effect's result would take the value of a `"__proto__"` key as its
 * prototype, the fast path gives up and Effect decides.
 *
 * Decisions, checked by the property tests of every response schema:
 * - A value that went through a struct's encoded side is not checked again against its type side when
 *   that is structurally the type side of what was decoded (Effect builds such pairs for
 *   `optionalWith(..., { default })`); a declared schema is taken to accept its own output. Likewise a
 *   transformation whose decode gives back the very value its encoded side made (a list with nothing to merge),
 *   where its type side is the encoded side's type.
 * - With `inPlace`, the arrays of the input become the result, decoded elements written into them, and
 *   so do objects whose index signatures keep every key (`Record(String, Unknown)`); other objects are
 *   built anew, which costs no more than counting their keys would. Only for input the caller owns
 *   (freshly parsed JSON): after a failure the input may be partly overwritten, so the fallback must
 *   decode a fresh parse. Values made by schemas (transformations, defaults, declarations) are never
 *   written into. JSON has no `undefined`: in place, a property that reads as `undefined` is absent, with no
 *   second look (unless `Object.prototype` has a property of that name); and `JSON.parse` makes plain objects
 *   alone: in place, an object's prototype is not looked at.
 *
 * Effect internals mirrored here (effect 3.22.4, `effect/src/ParseResult.ts` unless said otherwise);
 * after an upgrade, compare them first:
 * - `literalsOf` and `searchTree`: `getLiterals` and `getSearchTree` (the candidate order of unions);
 * - `typeLiteral`: the `"TypeLiteral"` case of `go` (missing keys read as `undefined`, index signatures
 *   after the properties, keys from `getKeysForIndexSignature` in `internal/schema/util.ts`);
 * - `tuple`: the `"TupleType"` case of `go` (required length, optional elements, rest and its tail);
 * - `typeLiteralTransformation`: `getFinalTransformation` for `TypeLiteralTransformation` (defaults,
 *   renamed keys), and `Schema.optionalWith`'s `default` building `x | undefined` to `x` pairs;
 * - the `Either` prototype (`fromEither`, `RightProto`), `Predicate.isRecord`, `Predicate.isObject`.
 *
 * @internal
 */
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

/**
 * An annotation on a refinement: a plain predicate that accepts exactly what the refinement's filter
 * accepts. The fast path calls it instead of the filter, skipping the issue machinery on the way.
 *
 * @internal
 */
export const FastPredicateId: unique symbol = Symbol.for("@efa-kit/core/fastDecode/FastPredicate")

/**
 * An annotation on a transformation: a plain function from the encoded value, as it comes and unchecked, to
 * exactly what the whole transformation decodes it to (its encoded side, its decode and its type side), or
 * {@link NoMatch} where that fails. The fast path calls it instead of the three steps, skipping the `Either`
 * on the way.
 *
 * @internal
 */
export const FastDecodeId: unique symbol = Symbol.for("@efa-kit/core/fastDecode/FastDecode")

/**
 * Returned by a fast decoder when it does not produce a value.
 *
 * @internal
 */
export const NoMatch: unique symbol = Symbol.for("@efa-kit/core/fastDecode/NoMatch")

/** @internal */
export type NoMatch = typeof NoMatch

/**
 * Decodes or answers {@link NoMatch}; never throws.
 *
 * @internal
 */
export type FastDecode<A> = (input: unknown) => A | NoMatch

type Node = (input: unknown) => unknown

/** @internal */
export interface CompileOptions {
  /**
   * Decode into the input's own objects and arrays: only for a value `JSON.parse` has just made, which the caller
   * owns and whose objects are plain ones.
   */
  readonly inPlace: boolean
}

/**
 * Whether functions can be generated from source text; not under a Content Security Policy without
 * `unsafe-eval`, nor on platforms that forbid it (Node's `--disallow-code-generation-from-strings`).
 *
 * @internal
 */
export const canGenerate: boolean = (() => {
  try {
    return new Function("return 1")() === 1
  } catch {
    return false
  }
})()

const parseOptions: AST.ParseOptions = { errors: "first" }
const hasOwn = Object.prototype.hasOwnProperty
const DateTimeUtcFromSelf = Schema.DateTimeUtcFromSelf.ast
const UtcProto: object | null = Object.getPrototypeOf(DateTime.unsafeMake(0))
// Every `Either.right` has this prototype; checking it is much cheaper than `Either.isEither`.
const RightProto: object | null = Object.getPrototypeOf(Either.right(undefined))

const hasParsingAnnotations = (ast: AST.AST): boolean =>
  Option.isSome(AST.getParseOptionsAnnotation(ast)) || Option.isSome(AST.getDecodingFallbackAnnotation(ast))

// Effect's own decoder for one node: the value, or `NoMatch` on a failure or an effect to run.
const effectDecoder = (ast: AST.AST): Node => {
  let decode: ((u: unknown) => Either.Either<unknown, ParseResult.ParseIssue>) | undefined
  return (u) => {
    const result = (decode ??= ParseResult.decodeUnknownEither(Schema.make(ast), parseOptions))(u)
    return Either.isRight(result) ? result.right : NoMatch
  }
}

// ---------------------------------------------------------------------------------------------------
// type equivalence: whether a decoded value needs no second check against a type side
// ---------------------------------------------------------------------------------------------------

const sameList = <A>(xs: ReadonlyArray<A>, ys: ReadonlyArray<A>, eq: (x: A, y: A) => boolean): boolean =>
  xs.length === ys.length && xs.every((x, i) => eq(x, ys[i]!))

// Conservative: `true` only when both describe the same checks; `false` just costs a second check.
const equivalent = (a: AST.AST, b: AST.AST): boolean => {
  if (a === b) return true
  if (a._tag !== b._tag || hasParsingAnnotations(a) || hasParsingAnnotations(b)) return false
  switch (a._tag) {
    case "StringKeyword":
    case "NumberKeyword":
    case "BooleanKeyword":
    case "BigIntKeyword":
    case "SymbolKeyword":
    case "ObjectKeyword":
    case "UndefinedKeyword":
    case "VoidKeyword":
    case "UnknownKeyword":
    case "AnyKeyword":
    case "NeverKeyword":
      return true
    case "Literal":
      return a.literal === (b as AST.Literal).literal
    case "UniqueSymbol":
      return a.symbol === (b as AST.UniqueSymbol).symbol
    case "Declaration": {
      const d = b as AST.Declaration
      return a.decodeUnknown === d.decodeUnknown && sameList(a.typeParameters, d.typeParameters, equivalent)
    }
    case "Refinement": {
      const r = b as AST.Refinement
      return a.filter === r.filter && equivalent(a.from, r.from)
    }
    case "TupleType": {
      const t = b as AST.TupleType
      return sameList(a.elements, t.elements, (x, y) => x.isOptional === y.isOptional && equivalent(x.type, y.type)) &&
        sameList(a.rest, t.rest, (x, y) => equivalent(x.type, y.type))
    }
    case "TypeLiteral": {
      const t = b as AST.TypeLiteral
      return sameList(
        a.propertySignatures,
        t.propertySignatures,
        (x, y) => x.name === y.name && x.isOptional === y.isOptional && equivalent(x.type, y.type)
      ) &&
        sameList(
          a.indexSignatures,
          t.indexSignatures,
          (x, y) => equivalent(x.parameter, y.parameter) && equivalent(x.type, y.type)
        )
    }
    case "Union":
      return sameList(a.types, (b as AST.Union).types, equivalent)
    default:
      return false
  }
}

// Whether a value decoded by `from` (and not `undefined`) is already accepted unchanged by `to`. Knows how
// `Schema.optionalWith` (effect 3.22.4) builds its `default` pairs.
const impliedBy = (from: AST.AST, to: AST.AST): boolean => {
  if (equivalent(AST.typeAST(from), to)) return true
  // `optionalWith(x, { default })` decodes `x | undefined`; a value other than `undefined` came from `x`.
  if (AST.isUnion(from) && !hasParsingAnnotations(from)) {
    const defined = from.types.filter((member) => !AST.isUndefinedKeyword(member))
    return defined.length > 0 && defined.every((member) => equivalent(AST.typeAST(member), to))
  }
  return false
}

// ---------------------------------------------------------------------------------------------------
// unions: the candidate order of Effect's parser
// ---------------------------------------------------------------------------------------------------

// Mirrors `getLiterals` of effect/ParseResult 3.22.4 (decoding side).
const literalsOf = (ast: AST.AST): Array<readonly [PropertyKey, AST.Literal]> => {
  switch (ast._tag) {
    case "Declaration": {
      const surrogate = AST.getSurrogateAnnotation(ast)
      return Option.isSome(surrogate) ? literalsOf(surrogate.value) : []
    }
    case "TypeLiteral":
      return ast.propertySignatures.flatMap((ps) => {
        const type = AST.encodedAST(ps.type)
        return AST.isLiteral(type) && !ps.isOptional ? [[ps.name, type] as const] : []
      })
    case "TupleType":
      return ast.elements.flatMap((element, i) => {
        const type = AST.encodedAST(element.type)
        return AST.isLiteral(type) && !element.isOptional ? [[i, type] as const] : []
      })
    case "Refinement":
    case "Transformation":
      return literalsOf(ast.from)
    case "Suspend":
      return literalsOf(ast.f())
    default:
      return []
  }
}

interface SearchTree {
  /** By key, in the order Effect tries them: the member indexes for each literal (as a string). */
  readonly keys: ReadonlyArray<readonly [PropertyKey, Record<string, Array<number>>]>
  /** Members without a literal-valued key, tried last. */
  readonly otherwise: ReadonlyArray<number>
}

// Mirrors `getSearchTree` of effect/ParseResult 3.22.4, with member indexes instead of ASTs. The keys
// are an object's own keys as Effect reads them (`Reflect.ownKeys`: integer-like keys first).
const searchTree = (members: ReadonlyArray<AST.AST>): SearchTree => {
  const keys: Record<PropertyKey, Record<string, Array<number>>> = Object.create(null)
  const otherwise: Array<number> = []
  members.forEach((member, index) => {
    const tags = literalsOf(member)
    if (tags.length === 0) {
      otherwise.push(index)
      return
    }
    for (let j = 0; j < tags.length; j++) {
      const [key, literal] = tags[j]!
      const hash = String(literal.literal)
      const buckets = keys[key] ??= Object.create(null) as Record<string, Array<number>>
      if (hash in buckets) {
        if (j < tags.length - 1) continue
        buckets[hash]!.push(index)
      } else {
        buckets[hash] = [index]
        break
      }
    }
  })
  return { keys: Reflect.ownKeys(keys).map((key) => [key, keys[key]!] as const), otherwise }
}

// ---------------------------------------------------------------------------------------------------
// the compiler
// ---------------------------------------------------------------------------------------------------

/** Collects the values one generated function refers to and turns its source text into a function. */
class Emitter {
  private readonly values: Array<unknown> = []

  /** The name under which the generated code sees `value`. */
  ref(value: unknown): string {
    let index = this.values.indexOf(value)
    if (index === -1) {
      index = this.values.length
      this.values.push(value)
    }
    return `r${index}`
  }

  build(body: string): Node {
    const factory = new Function(
      "NoMatch",
      "hasOwn",
      "ObjectProto",
      "RightProto",
      "parseOptions",
      ...this.values.map((_, i) => `r${i}`),
      `"use strict";\nreturn function decode(u) {\n${body}};`
    )
    return factory(NoMatch, hasOwn, Object.prototype, RightProto, parseOptions, ...this.values) as Node
  }
}

// A literal as source text, for the kinds that have an exact one.
const sourceOfLiteral = (literal: AST.LiteralValue): string | undefined =>
  typeof literal === "string" || typeof literal === "boolean" || literal === null ||
    (typeof literal === "number" && Number.isFinite(literal))
    ? JSON.stringify(literal)
    : undefined

// Leaf kinds checked by `typeof`.
const typeofLeaves: Partial<Record<AST.AST["_tag"], string>> = {
  StringKeyword: "string",
  NumberKeyword: "number",
  BooleanKeyword: "boolean",
  BigIntKeyword: "bigint",
  SymbolKeyword: "symbol",
  UndefinedKeyword: "undefined"
}

// `Int.pipe(nonNegative())`: the base schema and the refinements on it, innermost first, as Effect
// applies them.
const refinementChain = (ast: AST.Refinement): { base: AST.AST; refinements: Array<AST.Refinement> } => {
  const refinements: Array<AST.Refinement> = [ast]
  let base = ast.from
  while (AST.isRefinement(base) && !hasParsingAnnotations(base)) {
    refinements.unshift(base)
    base = base.from
  }
  return { base, refinements }
}

// Members that look at nothing inside an object or array.
const isShallow = (ast: AST.AST): boolean =>
  AST.isLiteral(ast) || AST.isUniqueSymbol(ast) || AST.isEnums(ast) || AST.isNeverKeyword(ast) ||
  AST.isVoidKeyword(ast) || AST.isUnknownKeyword(ast) || AST.isAnyKeyword(ast) || AST.isObjectKeyword(ast) ||
  typeofLeaves[ast._tag] !== undefined

// An index signature that keeps every string key with its value as it is (`Record(String, Unknown)`).
const keepsEverything = (is: AST.IndexSignature): boolean =>
  AST.isStringKeyword(is.parameter) && !hasParsingAnnotations(is.parameter) && !hasParsingAnnotations(is.type) &&
  (AST.isUnknownKeyword(is.type) || AST.isAnyKeyword(is.type))

// A struct whose result has every key of its input (`Struct({ ... }, Record({ key: String, value: Unknown }))`).
const keepsAll = (ast: AST.TypeLiteral): boolean =>
  ast.indexSignatures.length > 0 && ast.indexSignatures.every(keepsEverything)

// Index signatures on symbols read the input's own symbols, all others its own string keys.
const isSymbolParameter = (parameter: AST.AST): boolean =>
  AST.isSymbolKeyword(parameter) || (AST.isRefinement(parameter) && isSymbolParameter(parameter.from))

// A constructor of plain objects (no own properties, `Object.prototype` as their prototype: what `{}` makes), one
// per struct, with room for `count` properties in the object itself. The engine sizes a constructor's objects by
// the assignments to `this` in its source (reachable or not) and then by what its first objects hold, where `{}`
// has room for a few properties and keeps the others apart, in storage it grows as they come.
const plainObjects = (count: number): new() => object => {
  const make = new Function(
    `if (false) {\n${Array.from({ length: count }, (_, i) => `this.p${i} = 0;\n`).join("")}}`
  ) as new() => object
  make.prototype = Object.prototype
  return make
}

/**
 * A maker of plain objects for code that builds them property by property, as the rapidJSON mappings build their
 * models: each object has room in itself for `count` properties (see `plainObjects`), where a literal has room for
 * the properties it is written with and keeps every later one apart, in storage it reallocates as they come. The
 * engine gives back the room the first objects leave unused. Where functions cannot be generated, `{}`.
 *
 * @internal
 */
export const objectsWithRoom = <T extends object>(count: number): () => T => {
  if (!canGenerate) return () => ({}) as T
  const Make = plainObjects(count)
  return () => new Make() as T
}

// Whether a decoded value of `ast` may be `undefined`; `false` only where its type side says it never is.
const mayDecodeToUndefined = (ast: AST.AST): boolean => {
  switch (ast._tag) {
    case "StringKeyword":
    case "NumberKeyword":
    case "BooleanKeyword":
    case "BigIntKeyword":
    case "SymbolKeyword":
    case "ObjectKeyword":
    case "Literal":
    case "Enums":
    case "TemplateLiteral":
    case "TypeLiteral":
    case "TupleType":
      return false
    case "Refinement":
      return mayDecodeToUndefined(ast.from)
    case "Transformation":
      return mayDecodeToUndefined(ast.to)
    case "Union":
      return ast.types.some(mayDecodeToUndefined)
    case "Declaration":
      return ast !== DateTimeUtcFromSelf
    default:
      return true
  }
}

class Compiler {
  private readonly memo = new Map<AST.AST, Node>()
  /** For values made by user code (transformations, defaults), which are not ours to overwrite. */
  private readonly copying: Compiler

  constructor(readonly inPlace: boolean, copying?: Compiler) {
    this.copying = copying ?? this
  }

  compile(ast: AST.AST): Node {
    const known = this.memo.get(ast)
    if (known !== undefined) return known
    // A forwarding slot first, so that recursive schemas (through `Suspend`) terminate.
    let target: Node | undefined
    this.memo.set(ast, (input) => target!(input))
    target = this.build(ast)
    this.memo.set(ast, target)
    return target
  }

  private build(ast: AST.AST): Node {
    if (hasParsingAnnotations(ast)) return effectDecoder(ast)
    const e = new Emitter()
    switch (ast._tag) {
      case "Suspend": {
        let inner: Node | undefined
        return (u) => (inner ??= this.compile(ast.f()))(u)
      }
      case "TupleType":
        return e.build(this.tuple(e, ast))
      case "TypeLiteral":
        return e.build(this.typeLiteral(e, ast))
      case "Union":
        return e.build(this.union(e, ast))
      case "Transformation": {
        const inline = this.emitInline(e, ast, "u", "v")
        return e.build(inline === undefined ? this.transformation(e, ast) : `let v;\n${inline}return v;\n`)
      }
      default: {
        const inline = this.emitInline(e, ast, "u", "v")
        return inline === undefined ? effectDecoder(ast) : e.build(`let v;\n${inline}return v;\n`)
      }
    }
  }

  // Statements that check the value in the variable `input` and leave the decoded value in `output`,
  // or return `NoMatch`: written inline where they are small, a call of the compiled node otherwise.
  private emitValue(e: Emitter, ast: AST.AST, input: string, output: string): string {
    return (hasParsingAnnotations(ast) ? undefined : this.emitInline(e, ast, input, output)) ??
      `${output} = ${e.ref(this.compile(ast))}(${input});\nif (${output} === NoMatch) return NoMatch;\n`
  }

  private emitInline(e: Emitter, ast: AST.AST, input: string, output: string): string | undefined {
    const accept = `${output} = ${input};\n`
    const typeofLeaf = typeofLeaves[ast._tag]
    if (typeofLeaf !== undefined) return `if (typeof ${input} !== "${typeofLeaf}") return NoMatch;\n${accept}`
    switch (ast._tag) {
      case "UnknownKeyword":
      case "AnyKeyword":
      case "VoidKeyword":
        return accept
      case "NeverKeyword":
        return "return NoMatch;\n"
      case "ObjectKeyword":
        return `if ((typeof ${input} !== "object" || ${input} === null) && typeof ${input} !== "function") {
return NoMatch;
}
${accept}`
      case "Literal":
        return `if (${input} !== ${sourceOfLiteral(ast.literal) ?? e.ref(ast.literal)}) return NoMatch;\n${accept}`
      case "UniqueSymbol":
        return `if (${input} !== ${e.ref(ast.symbol)}) return NoMatch;\n${accept}`
      case "Enums":
        return `if (!${e.ref(new Set(ast.enums.map(([, value]) => value)))}.has(${input})) return NoMatch;\n${accept}`
      case "Declaration": {
        const parse = e.ref(ast.decodeUnknown(...ast.typeParameters))
        const call = `{\nconst r = ${parse}(${input}, parseOptions, ${e.ref(ast)});
if (typeof r !== "object" || r === null || Object.getPrototypeOf(r) !== RightProto) return NoMatch;
${output} = r.right;\n}\n`
        // every `DateTime.Utc` has this prototype and passes the check; anything else is asked
        return ast === DateTimeUtcFromSelf
          ? `if (typeof ${input} === "object" && ${input} !== null && Object.getPrototypeOf(${input}) === ${
            e.ref(UtcProto)
          }) ${accept}else ${call}`
          : call
      }
      case "Transformation": {
        const decode = ast.annotations[FastDecodeId]
        return typeof decode === "function"
          ? `${output} = ${e.ref(decode)}(${input});\nif (${output} === NoMatch) return NoMatch;\n`
          : undefined
      }
      case "Refinement": {
        const chain = refinementChain(ast)
        let code = this.emitValue(e, chain.base, input, output)
        for (const refinement of chain.refinements) {
          const predicate = refinement.annotations[FastPredicateId]
          code += typeof predicate === "function"
            ? `if (!${e.ref(predicate)}(${output})) return NoMatch;\n`
            : `if (${e.ref(refinement.filter)}(${output}, parseOptions, ${e.ref(refinement)})._tag !== "None") ` +
              "return NoMatch;\n"
        }
        return code
      }
      default:
        return undefined
    }
  }

  // Mirrors the "TupleType" case of `go` in effect/ParseResult 3.22.4: enough elements for the required
  // ones, no more than the elements without a rest, then the elements, the rest, and the rest's tail.
  private tuple(e: Emitter, ast: AST.TupleType): string {
    const [head, ...tail] = ast.rest
    const required = ast.elements.filter((element) => !element.isOptional).length + tail.length
    // every element lands at its own index, so the result is the input's length
    const item = (type: AST.AST, index: string) =>
      `x = u[${index}];\n${this.emitValue(e, type, "x", "v")}` +
      (this.inPlace ? `if (v !== x) u[${index}] = v;\n` : `out[${index}] = v;\n`)
    let code = "if (!Array.isArray(u)) return NoMatch;\nconst n = u.length;\n"
    if (required > 0) code += `if (n < ${required}) return NoMatch;\n`
    if (head === undefined) code += `if (n > ${ast.elements.length}) return NoMatch;\n`
    code += this.inPlace ? "let x, v;\n" : "const out = new Array(n);\nlet x, v;\n"
    ast.elements.forEach((element, k) => {
      code += element.isOptional ? `if (n > ${k}) {\n${item(element.type, `${k}`)}}\n` : item(element.type, `${k}`)
    })
    if (head !== undefined) {
      const end = tail.length > 0 ? `n - ${tail.length}` : "n"
      code += `let i = ${ast.elements.length};\nfor (; i < ${end}; i++) {\n${item(head.type, "i")}}\n`
      tail.forEach((element, j) => {
        code += `if (i + ${j} < n) {\n${item(element.type, `i + ${j}`)}}\n`
      })
    }
    return code + (this.inPlace ? "return u;\n" : "return out;\n")
  }

  // Mirrors the "TypeLiteral" case of `go` in effect/ParseResult 3.22.4: a new object with the declared
  // properties (a missing required one decoded from what reading it gives), then the keys the index
  // signatures match.
  private typeLiteral(e: Emitter, ast: AST.TypeLiteral): string {
    const properties = ast.propertySignatures
    if (properties.length === 0 && ast.indexSignatures.length === 0) {
      return "return u === null || u === undefined ? NoMatch : u;\n"
    }
    const key = (name: PropertyKey) => (typeof name === "string" ? JSON.stringify(name) : e.ref(name))
    // Whether the property is present, given its value in `value`. On an object whose prototype is
    // `Object.prototype`, only an own property reads as something other than `undefined`; and JSON has no
    // `undefined`, so on parsed JSON (in place) a property that reads as `undefined` is absent.
    const has = (ps: AST.PropertySignature, value: string) =>
      typeof ps.name === "string" && !(ps.name in Object.prototype)
        ? this.inPlace ? `(${value} !== undefined)` : `(${value} !== undefined || hasOwn.call(u, ${key(ps.name)}))`
        : `hasOwn.call(u, ${key(ps.name)})`
    const effect = e.ref(effectDecoder(ast))
    let code = `if (typeof u !== "object" || u === null || Array.isArray(u)) return NoMatch;\n`
    // in place, the input is what `JSON.parse` made: its objects are plain ones
    if (!this.inPlace) code += `if (Object.getPrototypeOf(u) !== ObjectProto) return ${effect}(u);\n`
    if (this.inPlace && keepsAll(ast)) {
      // The result keeps every key anyway: decode the declared properties into the input. Read them all
      // first, so that nothing is overwritten before a missing required one is handed to Effect.
      properties.forEach((ps, i) => {
        code += `const p${i} = u[${key(ps.name)}];\n`
        if (!ps.isOptional) code += `if (!${has(ps, `p${i}`)}) return ${effect}(u);\n`
      })
      code += "let v;\n"
      properties.forEach((ps, i) => {
        const check = `${this.emitValue(e, ps.type, `p${i}`, "v")}if (v !== p${i}) u[${key(ps.name)}] = v;\n`
        code += ps.isOptional ? `if (${has(ps, `p${i}`)}) {\n${check}}\n` : check
      })
      // Effect's result would take the value of a "__proto__" key as its prototype: left to Effect
      return code + `return hasOwn.call(u, "__proto__") ? NoMatch : u;\n`
    }
    code += `const out = new ${e.ref(plainObjects(properties.length))}();\nlet x, v;\n`
    for (const ps of properties) {
      const check = `${this.emitValue(e, ps.type, "x", "v")}out[${key(ps.name)}] = v;\n`
      code += `x = u[${key(ps.name)}];\n` + (ps.isOptional ? `if (${has(ps, "x")}) {\n${check}}\n` : check)
    }
    // a declared key keeps its property's value, though its value is checked against the index too
    const skipDeclared = properties.length > 0
      ? `if (hasOwn.call(${e.ref(Object.fromEntries(properties.map((ps) => [ps.name, true])))}, name)) continue;\n`
      : ""
    for (const is of ast.indexSignatures) {
      const symbols = isSymbolParameter(is.parameter)
      // the keys Effect reads are strings or symbols already; only a narrower parameter is checked
      const parameter = AST.isStringKeyword(is.parameter) || AST.isSymbolKeyword(is.parameter)
        ? ""
        : `if (${e.ref(this.compile(is.parameter))}(name) === NoMatch) continue;\n`
      // Effect's result would take the value of a "__proto__" key as its prototype: left to Effect
      const proto = symbols ? "" : `if (name === "__proto__") return NoMatch;\n`
      code += `for (const name of ${symbols ? "Object.getOwnPropertySymbols(u)" : "Object.keys(u)"}) {
${parameter}x = u[name];
${this.emitValue(e, is.type, "x", "v")}${skipDeclared}${proto}out[name] = v;
}
`
    }
    return code + "return out;\n"
  }

  // Mirrors the "Union" case of `go` in effect/ParseResult 3.22.4: the members whose literal-valued keys
  // match, in search-tree order, then the others in order; the first that decodes wins.
  private union(e: Emitter, ast: AST.Union): string {
    const literals = ast.types.every((member) => AST.isLiteral(member) && !hasParsingAnnotations(member))
      ? (ast.types as ReadonlyArray<AST.Literal>).map((member) => member.literal)
      : undefined
    if (literals !== undefined) {
      const sources = literals.map(sourceOfLiteral)
      return sources.length <= 8 && sources.every((source) => source !== undefined)
        ? `return ${sources.map((source) => `u === ${source}`).join(" || ")} ? u : NoMatch;\n`
        : `return ${e.ref(new Set(literals))}.has(u) ? u : NoMatch;\n`
    }
    // A member that fails halfway may have overwritten parts of the input; that is harmless only if
    // the other members do not look inside it.
    const attempt = (i: number) => {
      const shallowOthers = ast.types.every((other, j) => j === i || isShallow(other))
      const member = (shallowOthers ? this : this.copying).compile(ast.types[i]!)
      return `v = ${e.ref(member)}(u);\nif (v !== NoMatch) return v;\n`
    }
    const tree = searchTree(ast.types)
    let code = "let v;\n"
    if (tree.keys.length > 0) {
      code += `if (typeof u === "object" && u !== null) {\n`
      for (const [name, buckets] of tree.keys) {
        const key = typeof name === "symbol" ? e.ref(name) : JSON.stringify(name)
        code += `if (hasOwn.call(u, ${key})) {\nswitch (String(u[${key}])) {\n`
        for (const [literal, members] of Object.entries(buckets)) {
          code += `case ${JSON.stringify(literal)}:\n${members.map(attempt).join("")}break;\n`
        }
        code += "}\n}\n"
      }
      code += "}\n"
    }
    return code + tree.otherwise.map(attempt).join("") + "return NoMatch;\n"
  }

  private transformation(e: Emitter, ast: AST.Transformation): string {
    const kind = ast.transformation
    switch (kind._tag) {
      case "FinalTransformation": {
        // A decode that gives back what the encoded side made (a list with nothing to merge) gives a value of
        // the encoded side's type: where the type side is that type, it accepts the value as it is.
        const same = equivalent(AST.typeAST(ast.from), ast.to) ? "if (b === a) return b;\n" : ""
        return `let a, v;
${this.emitValue(e, ast.from, "u", "a")}const r = ${e.ref(kind.decode)}(a, parseOptions, ${e.ref(ast)}, u);
if (typeof r !== "object" || r === null || Object.getPrototypeOf(r) !== RightProto) return NoMatch;
const b = r.right;
${same}${this.copying.emitValue(e, ast.to, "b", "v")}return v;
`
      }
      case "ComposeTransformation":
        return `let a, v;\n${this.emitValue(e, ast.from, "u", "a")}${
          this.copying.emitValue(e, ast.to, "a", "v")
        }return v;\n`
      case "TypeLiteralTransformation":
        return this.typeLiteralTransformation(e, ast, kind)
    }
  }

  // `Struct` with `optionalWith(..., { default })`, `fromKey` and friends: the encoded-side struct,
  // then each property transformation as `getFinalTransformation` (effect/ParseResult 3.22.4) runs it,
  // then the type side.
  // When every transformation keeps its key and the type side declares every key the object can hold
  // (defaults), the object becomes the result, and only what could have changed is checked again.
  private typeLiteralTransformation(e: Emitter, ast: AST.Transformation, kind: AST.TypeLiteralTransformation): string {
    const plan = this.planTypeLiteralTransformation(ast, kind)
    const key = (name: PropertyKey) => (typeof name === "string" ? JSON.stringify(name) : e.ref(name))
    const some = e.ref(Option.some)
    const none = e.ref(Option.none())
    let code = ""
    if (plan === undefined) {
      // Effect's algorithm: it mutates what the encoded side built, so that must be a new object.
      const fresh = AST.isTypeLiteral(ast.from) &&
        (ast.from.propertySignatures.length > 0 || ast.from.indexSignatures.length > 0)
      code += `const a = ${e.ref(this.copying.compile(ast.from))}(u);
if (a === NoMatch) return NoMatch;
const o = ${fresh ? "a" : "{ ...a }"};
`
      // A key the type side neither declares nor matches by an index signature would be dropped there
      // anyway: it is left in place, as a `delete` would turn the object into a slow dictionary.
      const to = ast.to
      const dropped = (name: PropertyKey) =>
        AST.isTypeLiteral(to) && !hasParsingAnnotations(to) && to.indexSignatures.length === 0 &&
        to.propertySignatures.every((ps) => ps.name !== name)
      for (const pst of kind.propertySignatureTransformations) {
        code += `{
const r = ${e.ref(pst.decode)}(hasOwn.call(o, ${key(pst.from)}) ? ${some}(o[${key(pst.from)}]) : ${none});
${
          dropped(pst.from) ? "" : `delete o[${key(pst.from)}];
`
        }if (r._tag === "Some") o[${key(pst.to)}] = r.value;
}
`
      }
      return code + `let v;\n${this.copying.emitValue(e, ast.to, "o", "v")}return v;\n`
    }
    code += `const o = ${e.ref(this.compile(ast.from))}(u);\nif (o === NoMatch) return NoMatch;\n`
    // Whether the object holds a key, given its value in `value`: the object is a plain one the encoded side made,
    // where only an own property reads as something other than `undefined`, and only a value that may decode to
    // `undefined` needs a second look.
    const has = (name: PropertyKey, value: string) => {
      if (typeof name !== "string" || name in Object.prototype) return `hasOwn.call(o, ${key(name)})`
      const source = (ast.from as AST.TypeLiteral).propertySignatures.find((ps) => ps.name === name)
      return source !== undefined && !mayDecodeToUndefined(source.type)
        ? `(${value} !== undefined)`
        : `(${value} !== undefined || hasOwn.call(o, ${key(name)}))`
    }
    kind.propertySignatureTransformations.forEach((pst, t) => {
      // k<t>: transformation t kept the decoded value it was given; s<t>: its key is there after it
      code += `let k${t} = false, s${t} = false;
{
const original = o[${key(pst.from)}];
const has = ${has(pst.from, "original")};
const r = ${e.ref(pst.decode)}(has ? ${some}(original) : ${none});
if (r._tag === "Some") {
s${t} = true;
if (has && r.value === original && original !== undefined) k${t} = true;
else o[${key(pst.to)}] = r.value;
} else if (has) delete o[${key(pst.from)}];
}
`
    })
    for (const check of plan) {
      // a value that came through unchanged (or a default that kept what was sent) is not checked again
      const keep = check.implied ? (check.transform === -1 ? "has" : `has && k${check.transform}`) : "false"
      // the key of a transformation is there as it said (each keeps its key: `planTypeLiteralTransformation`)
      const present = check.transform === -1 ? `hasOwn.call(o, ${key(check.name)})` : `s${check.transform}`
      code += `{
const has = ${present};
if (${check.optional ? "has" : "true"} && !(${keep})) {
const value = o[${key(check.name)}];
let v;
${this.copying.emitValue(e, check.type, "value", "v")}if (v !== value || !has) o[${key(check.name)}] = v;
}
}
`
    }
    return code + "return o;\n"
  }

  // The properties of the type side that need a check, or `undefined` when the object built by the
  // encoded side cannot become the result as it is.
  private planTypeLiteralTransformation(ast: AST.Transformation, kind: AST.TypeLiteralTransformation) {
    const fromAst = ast.from
    const toAst = ast.to
    const psts = kind.propertySignatureTransformations
    if (
      !AST.isTypeLiteral(fromAst) || !AST.isTypeLiteral(toAst) || hasParsingAnnotations(fromAst) ||
      hasParsingAnnotations(toAst) || fromAst.propertySignatures.length === 0 || psts.some((pst) => pst.from !== pst.to)
    ) return undefined
    // That is what Effect's type side would build when it declares every key the object can hold and
    // checks nothing more about the others.
    const toNames = new Set<PropertyKey>(toAst.propertySignatures.map((ps) => ps.name))
    const keys = [...fromAst.propertySignatures.map((ps) => ps.name), ...psts.map((pst) => pst.to)]
    const sameIndexes = fromAst.indexSignatures.length === toAst.indexSignatures.length &&
      fromAst.indexSignatures.every(keepsEverything) && toAst.indexSignatures.every(keepsEverything)
    if (keys.some((name) => !toNames.has(name)) || !sameIndexes) return undefined
    return toAst.propertySignatures.flatMap((ps) => {
      const source = fromAst.propertySignatures.find((f) => f.name === ps.name)
      // A value that came through unchanged needs no second check when the type sides agree; a
      // transformed property (a default) counts as unchanged only if it was present and kept.
      const implied = source !== undefined && impliedBy(source.type, ps.type)
      const transform = psts.findIndex((pst) => pst.to === ps.name)
      // untransformed, and present whenever the type side needs it: nothing to check
      if (implied && transform === -1 && (ps.isOptional || !source!.isOptional)) return []
      return [{ name: ps.name, type: ps.type, optional: ps.isOptional, implied, transform }]
    })
  }
}

const compiled = { inPlace: new WeakMap<AST.AST, FastDecode<unknown>>(), copying: new WeakMap() }

/**
 * Compiles a schema into a fast decoder (once per schema and mode), or `undefined` where the platform
 * forbids generating functions.
 *
 * @internal
 */
export const fastDecoder = <A, I>(
  schema: Schema.Schema<A, I, never>,
  options: CompileOptions
): FastDecode<A> | undefined => {
  if (!canGenerate) return undefined
  const cache = options.inPlace ? compiled.inPlace : compiled.copying
  const known = cache.get(schema.ast)
  if (known !== undefined) return known as FastDecode<A>
  const copying = new Compiler(false)
  const node = (options.inPlace ? new Compiler(true, copying) : copying).compile(schema.ast)
  const decode: FastDecode<unknown> = (input) => {
    try {
      return node(input)
    } catch {
      // a throwing filter or transformation: let Effect's decoder meet it
      return NoMatch
    }
  }
  cache.set(schema.ast, decode)
  return decode as FastDecode<A>
}

/**
 * A decoder with the fast path in front of `Schema.decodeUnknownEither(schema, { errors: "first" })`:
 * the same result, faster on valid input. The input is not modified.
 *
 * @internal
 */
export const makeDecoder = <A, I>(
  schema: Schema.Schema<A, I, never>
): (input: unknown) => Either.Either<A, ParseResult.ParseError> => {
  const slow = Schema.decodeUnknownEither(schema, parseOptions)
  const fast = fastDecoder(schema, { inPlace: false })
  if (fast === undefined) return slow
  return (input) => {
    const value = fast(input)
    return value === NoMatch ? slow(input) : Either.right(value)
  }
}

/**
 * A decoder for JSON text: parses, decodes in place on the fresh value, and on a failure decodes a
 * fresh parse with Effect to get the precise issue. `JSON.parse` errors are thrown as by `JSON.parse`.
 *
 * @internal
 */
export const makeJsonDecoder = <A, I>(
  schema: Schema.Schema<A, I, never>
): (json: unknown, text: string) => Either.Either<A, ParseResult.ParseError> => {
  const slow = Schema.decodeUnknownEither(schema, parseOptions)
  const fast = fastDecoder(schema, { inPlace: true })
  if (fast === undefined) return (json) => slow(json)
  return (json, text) => {
    const value = fast(json)
    return value === NoMatch ? slow(JSON.parse(text)) : Either.right(value)
  }
}
