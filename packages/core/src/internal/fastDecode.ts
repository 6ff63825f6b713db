/**
 * A fast path for decoding with a Schema. The schema's AST is compiled once into functions that check
 * and build the value in one pass, without the `Either` and issue bookkeeping of Effect's general
 * parser. A fast decoder answers with the value or with {@link NoMatch}: on any failure, and on
 * anything it does not handle itself, it gives up, and the caller runs the ordinary Schema decode,
 * which produces the value or the precise `ParseIssue`. Error messages therefore always come from
 * Effect; the fast path only has to agree with Effect on success.
 *
 * What is compiled: structs (property signatures, optional ones, index signatures), arrays and tuples,
 * literals and unions of them, discriminated and plain unions (in the candidate order of Effect's
 * search tree), keywords, refinements (calling the AST's `filter`), declarations and transformations
 * (calling their own `decode`; `optionalWith` defaults are property-signature transformations),
 * `Suspend`. Nodes with `parseOptions` or `decodingFallback` annotations, template literals and
 * effectful decodes are left to Effect, node by node. The rules stay where they are written, in the
 * schemas: nothing here knows a response shape.
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
 *   `optionalWith(..., { default })`); a declared schema is taken to accept its own output.
 * - With `inPlace`, the arrays of the input become the result, decoded elements written into them, and
 *   so do objects whose index signatures keep every key (`Record(String, Unknown)`); other objects are
 *   built anew, which costs no more than counting their keys would. Only for input the caller owns
 *   (freshly parsed JSON): after a failure the input may be partly overwritten, so the fallback must
 *   decode a fresh parse. Values made by schemas (transformations, defaults, declarations) are never
 *   written into.
 * - Where the platform allows `new Function`, structs, arrays, unions, refinements and
 *   transformations are generated as source text per node, so that every property access and call
 *   site sees one shape and the engine inlines the checks (shared closures stay megamorphic and cost
 *   several times more). Property names enter the source only as JSON string literals, everything
 *   else is passed in. Without `new Function` (a Content Security Policy without `unsafe-eval`) the
 *   same algorithms run as closures.
 *
 * @internal
 */
import { DateTime, Either, Option, ParseResult, Schema } from "effect"
import * as AST from "effect/SchemaAST"

/**
 * An annotation on a refinement: a plain predicate that accepts exactly what the refinement's filter
 * accepts. The fast path calls it instead of the filter, skipping the issue machinery on the way.
 *
 * @internal
 */
export const FastPredicateId: unique symbol = Symbol.for("@efa-kit/core/fastDecode/FastPredicate")

const fastPredicateOf = (ast: AST.Refinement): ((value: unknown) => boolean) | undefined => {
  const predicate = ast.annotations[FastPredicateId]
  return typeof predicate === "function" ? (predicate as (value: unknown) => boolean) : undefined
}

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
  /** Decode into the input's own objects and arrays (only for input the caller owns). */
  readonly inPlace: boolean
  /**
   * Generate specialised functions with `new Function` (the default where the platform allows it),
   * or only combine closures.
   */
  readonly generate?: boolean | undefined
}

/**
 * Whether functions can be generated from source text; not under a Content Security Policy without
 * `unsafe-eval`, nor on platforms that forbid it.
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
const DateTimeUtcFromSelf = Schema.DateTimeUtcFromSelf.ast
const UtcProto: object | null = Object.getPrototypeOf(DateTime.unsafeMake(0))
const hasOwn = Object.prototype.hasOwnProperty

const isRecord = (u: unknown): u is Record<PropertyKey, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

// Every `Either.right` has this prototype; checking it is much cheaper than `Either.isEither`.
const RightProto: object | null = Object.getPrototypeOf(Either.right(undefined))

// The value of a decode or transformation result when it is a synchronous success. Anything else
// (a failure, an effect to run) is left to Effect's decoder.
const fromEither = (result: unknown): unknown =>
  typeof result === "object" && result !== null && Object.getPrototypeOf(result) === RightProto
    ? (result as Either.Right<unknown, unknown>).right
    : NoMatch

const hasParsingAnnotations = (ast: AST.AST): boolean =>
  Option.isSome(AST.getParseOptionsAnnotation(ast)) || Option.isSome(AST.getDecodingFallbackAnnotation(ast))

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

// ---------------------------------------------------------------------------------------------------
// unions: the candidate order of Effect's parser
// ---------------------------------------------------------------------------------------------------

// Mirrors `getLiterals` of effect/ParseResult (decoding side).
const literalsOf = (ast: AST.AST): Array<readonly [PropertyKey, AST.Literal]> => {
  switch (ast._tag) {
    case "Declaration": {
      const surrogate = AST.getSurrogateAnnotation(ast)
      return Option.isSome(surrogate) ? literalsOf(surrogate.value) : []
    }
    case "TypeLiteral": {
      const out: Array<readonly [PropertyKey, AST.Literal]> = []
      for (const ps of ast.propertySignatures) {
        const type = AST.encodedAST(ps.type)
        if (AST.isLiteral(type) && !ps.isOptional) out.push([ps.name, type])
      }
      return out
    }
    case "TupleType": {
      const out: Array<readonly [PropertyKey, AST.Literal]> = []
      ast.elements.forEach((element, i) => {
        const type = AST.encodedAST(element.type)
        if (AST.isLiteral(type) && !element.isOptional) out.push([i, type])
      })
      return out
    }
    case "Refinement":
      return literalsOf(ast.from)
    case "Suspend":
      return literalsOf(ast.f())
    case "Transformation":
      return literalsOf(ast.from)
    default:
      return []
  }
}

interface SearchTree {
  readonly keys: ReadonlyArray<readonly [PropertyKey, Record<string, Array<number>>]>
  readonly otherwise: ReadonlyArray<number>
}

// Mirrors `getSearchTree` of effect/ParseResult, with member indexes instead of ASTs.
const searchTree = (members: ReadonlyArray<AST.AST>): SearchTree => {
  const keys = new Map<PropertyKey, Record<string, Array<number>>>()
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
      let buckets = keys.get(key)
      if (buckets === undefined) {
        buckets = {}
        keys.set(key, buckets)
      }
      if (hasOwn.call(buckets, hash)) {
        if (j < tags.length - 1) continue
        buckets[hash]!.push(index)
      } else {
        buckets[hash] = [index]
        break
      }
    }
  })
  return { keys: Array.from(keys), otherwise }
}

// ---------------------------------------------------------------------------------------------------
// the compiler
// ---------------------------------------------------------------------------------------------------

// Leaf types checked inline in struct and array loops, without a call per value.
type Leaf = "string" | "number" | "boolean" | "anything" | "other"

const leafOf = (ast: AST.AST): Leaf => {
  if (hasParsingAnnotations(ast)) return "other"
  switch (ast._tag) {
    case "StringKeyword":
      return "string"
    case "NumberKeyword":
      return "number"
    case "BooleanKeyword":
      return "boolean"
    case "UnknownKeyword":
    case "AnyKeyword":
      return "anything"
    default:
      return "other"
  }
}

// Decodes `u` with a leaf check or the compiled node.
const run = (leaf: Leaf, node: Node, u: unknown): unknown => {
  switch (leaf) {
    case "string":
      return typeof u === "string" ? u : NoMatch
    case "number":
      return typeof u === "number" ? u : NoMatch
    case "boolean":
      return typeof u === "boolean" ? u : NoMatch
    case "anything":
      return u
    default:
      return node(u)
  }
}

// An index signature that keeps every string key with its value as it is (`Record(String, Unknown)`).
const keepsEverything = (is: AST.IndexSignature): boolean =>
  AST.isStringKeyword(is.parameter) && !hasParsingAnnotations(is.parameter) && leafOf(is.type) === "anything"

// A struct whose result has every key of its input (`Struct({ ... }, Record({ key: String, value: Unknown }))`).
const keepsAll = (ast: AST.TypeLiteral): boolean =>
  ast.indexSignatures.length > 0 && ast.indexSignatures.every(keepsEverything)

class Compiler {
  private readonly memo = new Map<AST.AST, Node>()
  /** For values made by user code (transformations, defaults), which are not ours to overwrite. */
  private readonly copying: Compiler

  constructor(readonly inPlace: boolean, readonly generate: boolean, copying?: Compiler) {
    this.copying = copying ?? this
  }

  compile(ast: AST.AST): Node {
    const known = this.memo.get(ast)
    if (known !== undefined) return known
    // A forwarding slot first, so that recursive schemas (through `Suspend`) terminate.
    let target: Node | undefined
    this.memo.set(ast, (input) => target!(input))
    target = hasParsingAnnotations(ast) ? fallback(ast) : this.build(ast)
    this.memo.set(ast, target)
    return target
  }

  private build(ast: AST.AST): Node {
    switch (ast._tag) {
      case "StringKeyword":
        return (u) => (typeof u === "string" ? u : NoMatch)
      case "NumberKeyword":
        return (u) => (typeof u === "number" ? u : NoMatch)
      case "BooleanKeyword":
        return (u) => (typeof u === "boolean" ? u : NoMatch)
      case "BigIntKeyword":
        return (u) => (typeof u === "bigint" ? u : NoMatch)
      case "SymbolKeyword":
        return (u) => (typeof u === "symbol" ? u : NoMatch)
      case "ObjectKeyword":
        return (u) => ((typeof u === "object" && u !== null) || typeof u === "function" ? u : NoMatch)
      case "UndefinedKeyword":
        return (u) => (u === undefined ? u : NoMatch)
      case "NeverKeyword":
        return () => NoMatch
      case "UnknownKeyword":
      case "AnyKeyword":
      case "VoidKeyword":
        return (u) => u
      case "Literal": {
        const literal = ast.literal
        return (u) => (u === literal ? u : NoMatch)
      }
      case "UniqueSymbol": {
        const symbol = ast.symbol
        return (u) => (u === symbol ? u : NoMatch)
      }
      case "Enums": {
        const values = new Set<unknown>(ast.enums.map(([, value]) => value))
        return (u) => (values.has(u) ? u : NoMatch)
      }
      case "Declaration": {
        const parse = ast.decodeUnknown(...ast.typeParameters)
        if (ast === DateTimeUtcFromSelf) {
          // every `DateTime.Utc` has this prototype and passes the check; anything else is asked
          return (u) =>
            typeof u === "object" && u !== null && Object.getPrototypeOf(u) === UtcProto
              ? u
              : fromEither(parse(u, parseOptions, ast))
        }
        return (u) => fromEither(parse(u, parseOptions, ast))
      }
      case "Refinement":
        return (this.generate ? this.generatedRefinement(ast) : undefined) ?? this.refinement(ast)
      case "Suspend": {
        let inner: Node | undefined
        return (u) => (inner ??= this.compile(ast.f()))(u)
      }
      case "TupleType":
        return (this.generate ? this.generatedTuple(ast) : undefined) ?? this.tuple(ast)
      case "TypeLiteral":
        return (this.generate ? this.generatedTypeLiteral(ast) : undefined) ?? this.typeLiteral(ast)
      case "Union":
        return (this.generate ? this.generatedUnion(ast) : undefined) ?? this.union(ast)
      case "Transformation":
        return (this.generate ? this.generatedTransformation(ast) : undefined) ?? this.transformation(ast)
      default:
        return fallback(ast)
    }
  }

  // -------------------------------------------------------------------------------------------------
  // generated functions: the same algorithms as the closures below, written out per node, so that
  // every property access and call site sees one shape and the engine can inline the checks
  // -------------------------------------------------------------------------------------------------

  // Statements that check the value in `input` and leave the decoded value in `output`, or return
  // `NoMatch`. Leaves, literals and refinements of them are written inline, the rest is called.
  private emitValue(e: Emitter, ast: AST.AST, input: string, output: string): string {
    if (!hasParsingAnnotations(ast)) {
      switch (ast._tag) {
        case "StringKeyword":
        case "NumberKeyword":
        case "BooleanKeyword": {
          const type = ast._tag === "StringKeyword" ? "string" : ast._tag === "NumberKeyword" ? "number" : "boolean"
          return `if (typeof ${input} !== "${type}") return NoMatch;\n${output} = ${input};\n`
        }
        case "UnknownKeyword":
        case "AnyKeyword":
          return `${output} = ${input};\n`
        case "Literal": {
          const literal = sourceOfLiteral(ast.literal)
          if (literal !== undefined) return `if (${input} !== ${literal}) return NoMatch;\n${output} = ${input};\n`
          break
        }
        case "Refinement": {
          const chain = refinementChain(ast)
          let code = this.emitValue(e, chain.base, input, output)
          for (const refinement of chain.refinements) {
            const predicate = fastPredicateOf(refinement)
            code += predicate !== undefined
              ? `if (!${e.ref(predicate)}(${output})) return NoMatch;\n`
              : `if (${e.ref(refinement.filter)}(${output}, parseOptions, ${
                e.ref(refinement)
              })._tag !== "None") return NoMatch;\n`
          }
          return code
        }
      }
    }
    return `${output} = ${e.ref(this.compile(ast))}(${input});\nif (${output} === NoMatch) return NoMatch;\n`
  }

  private generatedRefinement(ast: AST.Refinement): Node | undefined {
    const e = new Emitter()
    return e.build(`let v;\n${this.emitValue(e, ast, "u", "v")}return v;\n`)
  }

  private generatedTuple(ast: AST.TupleType): Node | undefined {
    if (ast.elements.length > 0 || ast.rest.length !== 1) return undefined
    const e = new Emitter()
    const check = this.emitValue(e, ast.rest[0]!.type, "x", "v")
    return e.build(
      this.inPlace
        ? `if (!Array.isArray(u)) return NoMatch;
const n = u.length;
let x, v;
for (let i = 0; i < n; i++) {
x = u[i];
${check}if (v !== x) u[i] = v;
}
return u;
`
        : `if (!Array.isArray(u)) return NoMatch;
const n = u.length;
const out = new Array(n);
let x, v;
for (let i = 0; i < n; i++) {
x = u[i];
${check}out[i] = v;
}
return out;
`
    )
  }

  private generatedTypeLiteral(ast: AST.TypeLiteral): Node | undefined {
    const properties = ast.propertySignatures
    if (properties.length === 0 || properties.some((ps) => typeof ps.name !== "string")) return undefined
    const inPlace = this.inPlace && keepsAll(ast)
    if (ast.indexSignatures.length > 0 && !inPlace) return undefined
    const e = new Emitter()
    // Effect's algorithm, for the rare inputs the generated code leaves to it
    const slow = e.ref(this.typeLiteral(ast, true))
    const key = (ps: AST.PropertySignature) => JSON.stringify(ps.name)
    // whether the property is present, given its value in `value`
    const has = (ps: AST.PropertySignature, value: string) =>
      (ps.name as string) in Object.prototype
        ? `hasOwn.call(u, ${key(ps)})`
        : `(${value} !== undefined || hasOwn.call(u, ${key(ps)}))`
    let code = `if (typeof u !== "object" || u === null || Array.isArray(u)) return NoMatch;
if (Object.getPrototypeOf(u) !== ObjectProto) return ${slow}(u);
`
    if (!inPlace) {
      // a new object with the declared properties, built the same way every time
      code += "const out = {};\nlet x, v;\n"
      for (const ps of properties) {
        const check = `${this.emitValue(e, ps.type, "x", "v")}out[${key(ps)}] = v;\n`
        code += `x = u[${key(ps)}];\n` + (ps.isOptional ? `if (${has(ps, "x")}) {\n${check}}\n` : check)
      }
      return e.build(code + "return out;\n")
    }
    // The object keeps every key: decode the declared properties into it. Read them all first, so that
    // nothing is overwritten before the rare hand-over of a missing required property (decoded from
    // `undefined`) to the general algorithm.
    properties.forEach((ps, i) => {
      code += `const p${i} = u[${key(ps)}];\n`
      if (!ps.isOptional) code += `if (!${has(ps, `p${i}`)}) return ${slow}(u);\n`
    })
    code += "let v;\n"
    properties.forEach((ps, i) => {
      const check = `${this.emitValue(e, ps.type, `p${i}`, "v")}if (v !== p${i}) u[${key(ps)}] = v;\n`
      code += ps.isOptional ? `if (${has(ps, `p${i}`)}) {\n${check}}\n` : check
    })
    return e.build(code + `return hasOwn.call(u, "__proto__") ? NoMatch : u;\n`)
  }

  private generatedUnion(ast: AST.Union): Node | undefined {
    if (ast.types.every((member) => AST.isLiteral(member) && sourceOfLiteral(member.literal) !== undefined)) {
      if (ast.types.length > 8) return undefined
      const e = new Emitter()
      const test = ast.types.map((member) => `u === ${sourceOfLiteral((member as AST.Literal).literal)}`).join(" || ")
      return e.build(`return ${test} ? u : NoMatch;\n`)
    }
    if (searchTree(ast.types).keys.length > 0) return undefined
    const e = new Emitter()
    let code = "let v;\n"
    ast.types.forEach((member, i) => {
      const compiler = ast.types.every((other, j) => j === i || isShallow(other)) ? this : this.copying
      code += `v = ${e.ref(compiler.compile(member))}(u);\nif (v !== NoMatch) return v;\n`
    })
    return e.build(code + "return NoMatch;\n")
  }

  private generatedTransformation(ast: AST.Transformation): Node | undefined {
    const kind = ast.transformation
    const e = new Emitter()
    switch (kind._tag) {
      case "FinalTransformation":
        return e.build(`let a, v;
${this.emitValue(e, ast.from, "u", "a")}const r = ${e.ref(kind.decode)}(a, parseOptions, ${e.ref(ast)}, u);
if (typeof r !== "object" || r === null || Object.getPrototypeOf(r) !== RightProto) return NoMatch;
const b = r.right;
${this.copying.emitValue(e, ast.to, "b", "v")}return v;
`)
      case "ComposeTransformation":
        return e.build(`let a, v;
${this.emitValue(e, ast.from, "u", "a")}${this.copying.emitValue(e, ast.to, "a", "v")}return v;
`)
      case "TypeLiteralTransformation": {
        const plan = this.planTypeLiteralTransformation(ast, kind)
        if (plan === undefined || plan.transforms.some((t) => typeof t.name !== "string")) return undefined
        const key = (name: PropertyKey) => JSON.stringify(name)
        let code = `const o = ${e.ref(plan.from)}(u);\nif (o === NoMatch) return NoMatch;\n`
        plan.transforms.forEach((t, i) => {
          code += `let k${i} = false;
{
const has = hasOwn.call(o, ${key(t.name)});
const original = o[${key(t.name)}];
const r = ${e.ref(t.decode)}(has ? ${e.ref(Option.some)}(original) : ${e.ref(Option.none())});
if (r._tag === "Some") {
if (has && r.value === original && original !== undefined) k${i} = true;
else o[${key(t.name)}] = r.value;
} else if (has) delete o[${key(t.name)}];
}
`
        })
        for (const c of plan.checks) {
          const keep = c.implied ? (c.transform === -1 ? "has" : `has && k${c.transform}`) : "false"
          code += `{
const has = hasOwn.call(o, ${key(c.name)});
if (${c.optional ? "has" : "true"} && !(${keep})) {
const value = o[${key(c.name)}];
let v;
${this.copying.emitValue(e, c.type, "value", "v")}if (v !== value || !has) o[${key(c.name)}] = v;
}
}
`
        }
        return e.build(code + "return o;\n")
      }
    }
  }

  // A chain of refinements (`Int.pipe(nonNegative())`) becomes one check of the base and a loop over
  // the filters, innermost first, as Effect applies them.
  private refinement(ast: AST.Refinement): Node {
    const { base, refinements: chain } = refinementChain(ast)
    const leaf = leafOf(base)
    const from = this.compile(base)
    if (chain.length === 1) {
      const predicate = fastPredicateOf(ast)
      if (predicate !== undefined) {
        return (u) => {
          const a = run(leaf, from, u)
          return a === NoMatch || !predicate(a) ? NoMatch : a
        }
      }
      const filter = ast.filter
      return (u) => {
        const a = run(leaf, from, u)
        if (a === NoMatch) return NoMatch
        return Option.isNone(filter(a, parseOptions, ast)) ? a : NoMatch
      }
    }
    return (u) => {
      const a = run(leaf, from, u)
      if (a === NoMatch) return NoMatch
      for (let i = 0; i < chain.length; i++) {
        const refinement = chain[i]!
        if (Option.isSome(refinement.filter(a, parseOptions, refinement))) return NoMatch
      }
      return a
    }
  }

  private tuple(ast: AST.TupleType): Node {
    const elements = ast.elements.map((e) => this.compile(e.type))
    const optional = ast.elements.map((e) => e.isOptional)
    const [head, ...tail] = ast.rest.map((r) => this.compile(r.type))
    const required = optional.filter((o) => !o).length + tail.length
    const inPlace = this.inPlace
    if (elements.length === 0 && head !== undefined && tail.length === 0) {
      // `Schema.Array`: the common case, one tight loop.
      const leaf = leafOf(ast.rest[0]!.type)
      if (inPlace) {
        return (u) => {
          if (!Array.isArray(u)) return NoMatch
          for (let i = 0; i < u.length; i++) {
            const x = u[i]
            const v = run(leaf, head, x)
            if (v === NoMatch) return NoMatch
            if (v !== x) u[i] = v
          }
          return u
        }
      }
      return (u) => {
        if (!Array.isArray(u)) return NoMatch
        const length = u.length
        const out = new Array(length)
        for (let i = 0; i < length; i++) {
          const v = run(leaf, head, u[i])
          if (v === NoMatch) return NoMatch
          out[i] = v
        }
        return out
      }
    }
    return (u) => {
      if (!Array.isArray(u)) return NoMatch
      const length = u.length
      if (length < required) return NoMatch
      if (head === undefined && length > elements.length) return NoMatch
      const out: Array<unknown> = []
      let i = 0
      for (; i < elements.length; i++) {
        if (length < i + 1 && optional[i]) continue
        const v = elements[i]!(u[i])
        if (v === NoMatch) return NoMatch
        out.push(v)
      }
      if (head !== undefined) {
        for (; i < length - tail.length; i++) {
          const v = head(u[i])
          if (v === NoMatch) return NoMatch
          out.push(v)
        }
        for (let j = 0; j < tail.length; j++) {
          const index = i + j
          if (length < index + 1) continue
          const v = tail[j]!(u[index])
          if (v === NoMatch) return NoMatch
          out.push(v)
        }
      }
      if (inPlace) {
        for (let k = 0; k < out.length; k++) u[k] = out[k]
        return u
      }
      return out
    }
  }

  private typeLiteral(ast: AST.TypeLiteral, copyOnly = false): Node {
    if (ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0) {
      return (u) => (u === null || u === undefined ? NoMatch : u)
    }
    const names = ast.propertySignatures.map((ps) => ps.name)
    const nodes = ast.propertySignatures.map((ps) => this.compile(ps.type))
    const leaves = ast.propertySignatures.map((ps) => leafOf(ps.type))
    const optional = ast.propertySignatures.map((ps) => ps.isOptional)
    // Reading a name that `Object.prototype` also has needs an own-property check first.
    const inherited = names.map((name) => name in Object.prototype)
    const count = names.length
    const expected = new Set<PropertyKey>(names)
    const indexes = ast.indexSignatures.map((is) => ({
      symbols: isSymbolParameter(is.parameter),
      key: this.compile(is.parameter),
      value: this.compile(is.type)
    }))

    // Effect's algorithm: a new object with the declared properties, then the index-signature keys.
    const copy = (u: Record<PropertyKey, unknown>, plain: boolean): unknown => {
      const out: Record<PropertyKey, unknown> = {}
      for (let i = 0; i < count; i++) {
        const name = names[i]!
        const raw = u[name]
        // on a plain object only an own property reads as something other than `undefined`
        if ((raw === undefined || !plain || inherited[i]) && optional[i] && !hasOwn.call(u, name)) continue
        const v = run(leaves[i]!, nodes[i]!, raw)
        if (v === NoMatch) return NoMatch
        out[name] = v
      }
      for (let s = 0; s < indexes.length; s++) {
        const { key, symbols, value } = indexes[s]!
        const keys: ReadonlyArray<PropertyKey> = symbols ? Object.getOwnPropertySymbols(u) : Object.keys(u)
        for (let k = 0; k < keys.length; k++) {
          const name = keys[k]!
          if (key(name) === NoMatch) continue
          const v = value(u[name])
          if (v === NoMatch) return NoMatch
          if (expected.has(name)) continue
          // Effect's result would take this value as its prototype: left to Effect
          if (name === "__proto__") return NoMatch
          out[name] = v
        }
      }
      return out
    }

    if (copyOnly || !this.inPlace || !keepsAll(ast)) {
      return (u) => (isRecord(u) ? copy(u, Object.getPrototypeOf(u) === Object.prototype) : NoMatch)
    }

    // In place, on parsed JSON, when an index signature keeps every key anyway: decode the declared
    // properties into the object itself.
    return (u) => {
      if (!isRecord(u)) return NoMatch
      if (Object.getPrototypeOf(u) !== Object.prototype) return copy(u, false)
      let written = false
      for (let i = 0; i < count; i++) {
        const name = names[i]!
        const raw = u[name]
        if ((raw === undefined || inherited[i]) && !hasOwn.call(u, name)) {
          if (optional[i]) continue
          // A missing required property that may decode from `undefined` (`Unknown`, ...): Effect's
          // algorithm, unless values were overwritten already (then the fallback decides).
          return written ? NoMatch : copy(u, true)
        }
        const v = run(leaves[i]!, nodes[i]!, raw)
        if (v === NoMatch) return NoMatch
        if (v !== raw) {
          u[name] = v
          written = true
        }
      }
      // Effect's result would take the value of a "__proto__" key as its prototype: left to Effect
      return hasOwn.call(u, "__proto__") ? NoMatch : u
    }
  }

  private union(ast: AST.Union): Node {
    if (ast.types.every(AST.isLiteral)) {
      const literals = new Set<unknown>((ast.types as ReadonlyArray<AST.Literal>).map((member) => member.literal))
      return (u) => (literals.has(u) ? u : NoMatch)
    }
    // A member that fails halfway may have overwritten parts of the input; that is harmless only if
    // the other members do not look inside it.
    const members = ast.types.map((member, i) =>
      (ast.types.every((other, j) => j === i || isShallow(other)) ? this : this.copying).compile(member)
    )
    const tree = searchTree(ast.types)
    if (tree.keys.length === 0) {
      const count = members.length
      return (u) => {
        for (let i = 0; i < count; i++) {
          const v = members[i]!(u)
          if (v !== NoMatch) return v
        }
        return NoMatch
      }
    }
    return (u) => {
      if (typeof u === "object" && u !== null) {
        const record = u as Record<PropertyKey, unknown>
        for (const [key, buckets] of tree.keys) {
          if (!hasOwn.call(record, key)) continue
          const literal = String(record[key])
          if (!hasOwn.call(buckets, literal)) continue
          for (const index of buckets[literal]!) {
            const v = members[index]!(u)
            if (v !== NoMatch) return v
          }
        }
      }
      for (const index of tree.otherwise) {
        const v = members[index]!(u)
        if (v !== NoMatch) return v
      }
      return NoMatch
    }
  }

  private transformation(ast: AST.Transformation): Node {
    const kind = ast.transformation
    switch (kind._tag) {
      case "FinalTransformation": {
        const from = this.compile(ast.from)
        const to = this.copying.compile(ast.to)
        const decode = kind.decode
        return (u) => {
          const a = from(u)
          if (a === NoMatch) return NoMatch
          const b = fromEither(decode(a, parseOptions, ast, u))
          return b === NoMatch ? NoMatch : to(b)
        }
      }
      case "ComposeTransformation": {
        const from = this.compile(ast.from)
        const to = this.copying.compile(ast.to)
        return (u) => {
          const a = from(u)
          return a === NoMatch ? NoMatch : to(a)
        }
      }
      case "TypeLiteralTransformation":
        return this.typeLiteralTransformation(ast, kind)
    }
  }

  // `Struct` with `optionalWith(..., { default })` and friends: the encoded-side struct, then the
  // property transformations, then the type side, checking again only what could have changed.
  private planTypeLiteralTransformation(ast: AST.Transformation, kind: AST.TypeLiteralTransformation) {
    const fromAst = ast.from
    const toAst = ast.to
    const psts = kind.propertySignatureTransformations
    if (
      !AST.isTypeLiteral(fromAst) || !AST.isTypeLiteral(toAst) || hasParsingAnnotations(fromAst) ||
      hasParsingAnnotations(toAst) || fromAst.propertySignatures.length === 0 || psts.length > 30 ||
      psts.some((pst) => pst.from !== pst.to)
    ) return undefined
    // The object the encoded side builds becomes the result. That is what Effect's type side would
    // build when it declares every key the object can hold and checks nothing more about the others.
    const toNames = new Set<PropertyKey>(toAst.propertySignatures.map((ps) => ps.name))
    const keys = [...fromAst.propertySignatures.map((ps) => ps.name), ...psts.map((pst) => pst.to)]
    const sameIndexes = fromAst.indexSignatures.length === toAst.indexSignatures.length &&
      fromAst.indexSignatures.every(keepsEverything) && toAst.indexSignatures.every(keepsEverything)
    if (keys.some((name) => !toNames.has(name)) || !sameIndexes) return undefined
    const checks = toAst.propertySignatures.flatMap((ps) => {
      const source = fromAst.propertySignatures.find((f) => f.name === ps.name)
      // A value that came through unchanged needs no second check when the type sides agree; a
      // transformed property (a default) counts as unchanged only if it was present and kept.
      const implied = source !== undefined && impliedBy(source.type, ps.type)
      const transform = psts.findIndex((pst) => pst.to === ps.name)
      // untransformed, and present whenever the type side needs it: nothing to check
      if (implied && transform === -1 && (ps.isOptional || !source!.isOptional)) return []
      return [{ name: ps.name, type: ps.type, optional: ps.isOptional, implied, transform }]
    })
    return {
      from: this.compile(fromAst),
      transforms: psts.map((pst) => ({ name: pst.from, decode: pst.decode })),
      checks
    }
  }

  private typeLiteralTransformation(ast: AST.Transformation, kind: AST.TypeLiteralTransformation): Node {
    const plan = this.planTypeLiteralTransformation(ast, kind)
    if (plan === undefined) return this.generalTypeLiteralTransformation(ast, kind)
    const { from, transforms } = plan
    const checks = plan.checks.map((c) => ({ ...c, check: this.copying.compile(c.type) }))
    return (u) => {
      const o = from(u) as Record<PropertyKey, unknown> | NoMatch
      if (o === NoMatch) return NoMatch
      // bit t: transformation t kept the decoded value it was given
      let kept = 0
      for (let t = 0; t < transforms.length; t++) {
        const { decode, name } = transforms[t]!
        const has = hasOwn.call(o, name)
        const original = o[name]
        const result = decode(has ? Option.some(original) : Option.none())
        if (Option.isSome(result)) {
          if (has && result.value === original && original !== undefined) kept |= 1 << t
          else o[name] = result.value
        } else if (has) {
          delete o[name]
        }
      }
      for (let c = 0; c < checks.length; c++) {
        const { check, implied, name, optional, transform } = checks[c]!
        const has = hasOwn.call(o, name)
        if (!has && optional) continue
        if (implied && has && (transform === -1 || (kept & (1 << transform)) !== 0)) continue
        const value = o[name]
        const v = check(value)
        if (v === NoMatch) return NoMatch
        if (v !== value || !has) o[name] = v
      }
      return o
    }
  }

  private generalTypeLiteralTransformation(ast: AST.Transformation, kind: AST.TypeLiteralTransformation): Node {
    const from = this.compile(ast.from)
    const to = this.copying.compile(ast.to)
    const psts = kind.propertySignatureTransformations
    return (u) => {
      const a = from(u)
      if (a === NoMatch || !isRecord(a)) return NoMatch
      const o: Record<PropertyKey, unknown> = { ...a }
      for (const pst of psts) {
        const result = pst.decode(hasOwn.call(o, pst.from) ? Option.some(o[pst.from]) : Option.none())
        delete o[pst.from]
        if (Option.isSome(result)) o[pst.to] = result.value
      }
      return to(o)
    }
  }
}

/** Collects the functions of one generated node and turns its source text into a function. */
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
    const names = this.values.map((_, i) => `r${i}`)
    const factory = new Function(
      "NoMatch",
      "hasOwn",
      "ObjectProto",
      "RightProto",
      "parseOptions",
      ...names,
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
const isShallow = (ast: AST.AST): boolean => {
  switch (ast._tag) {
    case "Literal":
    case "UniqueSymbol":
    case "Enums":
    case "UndefinedKeyword":
    case "VoidKeyword":
    case "NeverKeyword":
    case "UnknownKeyword":
    case "AnyKeyword":
    case "StringKeyword":
    case "NumberKeyword":
    case "BooleanKeyword":
    case "BigIntKeyword":
    case "SymbolKeyword":
    case "ObjectKeyword":
      return true
    default:
      return false
  }
}

const isSymbolParameter = (parameter: AST.AST): boolean =>
  AST.isSymbolKeyword(parameter) || (AST.isRefinement(parameter) && isSymbolParameter(parameter.from))

// Whether a value decoded by `from` (and not `undefined`) is already accepted unchanged by `to`.
const impliedBy = (from: AST.AST, to: AST.AST): boolean => {
  if (equivalent(AST.typeAST(from), to)) return true
  // `optionalWith(x, { default })` decodes `x | undefined`; a value other than `undefined` came from `x`.
  if (AST.isUnion(from) && !hasParsingAnnotations(from)) {
    const defined = from.types.filter((member) => !AST.isUndefinedKeyword(member))
    return defined.length > 0 && defined.every((member) => equivalent(AST.typeAST(member), to))
  }
  return false
}

// Anything not handled above is decoded by Effect itself.
const fallback = (ast: AST.AST): Node => {
  const decode = ParseResult.decodeUnknownEither(Schema.make(ast), parseOptions)
  return (u) => fromEither(decode(u))
}

// one cache per combination of options
const compilers = new Map<string, WeakMap<AST.AST, FastDecode<unknown>>>()

/**
 * Compiles a schema into a fast decoder (once per schema and mode).
 *
 * @internal
 */
export const fastDecoder = <A, I>(schema: Schema.Schema<A, I, never>, options: CompileOptions): FastDecode<A> => {
  const generate = canGenerate && options.generate !== false
  const mode = `${options.inPlace}/${generate}`
  let cache = compilers.get(mode)
  if (cache === undefined) {
    cache = new WeakMap()
    compilers.set(mode, cache)
  }
  const known = cache.get(schema.ast)
  if (known !== undefined) return known as FastDecode<A>
  const copying = new Compiler(false, generate)
  const compiler = options.inPlace ? new Compiler(true, generate, copying) : copying
  const node = compiler.compile(schema.ast)
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
  const fast = fastDecoder(schema, { inPlace: false })
  const slow = Schema.decodeUnknownEither(schema, parseOptions)
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
  const fast = fastDecoder(schema, { inPlace: true })
  const slow = Schema.decodeUnknownEither(schema, parseOptions)
  return (json, text) => {
    const value = fast(json)
    return value === NoMatch ? slow(JSON.parse(text)) : Either.right(value)
  }
}
