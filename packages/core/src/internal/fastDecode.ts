/**
 * A fast path for decoding with a Schema: the schema's AST is compiled once into plain closures that
 * check and build the value in one pass, without the `Either` and issue bookkeeping of the general
 * parser. It only answers "here is the value" or "no": on any failure (or anything it does not
 * handle) it gives up, and the caller runs the ordinary Schema decode, which produces the value or the
 * precise `ParseIssue`. So error messages always come from Effect, and the fast path only has to
 * agree with Effect on success.
 *
 * Semantics kept from Effect's decoder (`errors: "first"`, `onExcessProperty: "ignore"`, not exact):
 * - structs build new objects with the declared properties (unknown ones dropped) followed by the keys
 *   matched by index signatures; a missing required property is decoded from `undefined`;
 * - unions try their members in the order Effect's search tree gives (literal discriminators first);
 * - refinements call the AST's `filter`, declarations and transformations their own `decode`, so the
 *   schema stays the one place where a rule is written.
 *
 * Two deliberate shortcuts, both checked by the property tests of every response schema:
 * - When a struct's type side is structurally the type side of what was just decoded (as Effect builds
 *   it for `optionalWith(..., { default })`), the value is not validated a second time. A declared
 *   schema is taken to accept its own output unchanged.
 * - With `inPlace`, arrays of the input are reused and overwritten element by element instead of being
 *   copied. Only for input the caller owns (freshly parsed JSON): after a failure the input may be
 *   partly overwritten, so the fallback must decode a fresh copy.
 *
 * @internal
 */
import { Either, Option, ParseResult, Schema } from "effect"
import * as AST from "effect/SchemaAST"

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
  /** Reuse and overwrite the arrays of the input (only for input the caller owns). */
  readonly inPlace: boolean
}

const parseOptions: AST.ParseOptions = { errors: "first" }
const hasOwn = Object.prototype.hasOwnProperty

const isRecord = (u: unknown): u is Record<PropertyKey, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

// The result of a decode / filter / transformation function, when it is a synchronous `Either`.
const fromEither = (result: unknown): unknown => {
  if (Either.isEither(result)) return Either.isRight(result) ? result.right : NoMatch
  return NoMatch
}

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
const enum Leaf {
  Other = 0,
  String = 1,
  Number = 2,
  Boolean = 3,
  Anything = 4
}

const leafOf = (ast: AST.AST): Leaf => {
  if (hasParsingAnnotations(ast)) return Leaf.Other
  switch (ast._tag) {
    case "StringKeyword":
      return Leaf.String
    case "NumberKeyword":
      return Leaf.Number
    case "BooleanKeyword":
      return Leaf.Boolean
    case "UnknownKeyword":
    case "AnyKeyword":
      return Leaf.Anything
    default:
      return Leaf.Other
  }
}

// Decodes `u` with a leaf check or the compiled node.
const run = (leaf: Leaf, node: Node, u: unknown): unknown => {
  switch (leaf) {
    case Leaf.String:
      return typeof u === "string" ? u : NoMatch
    case Leaf.Number:
      return typeof u === "number" ? u : NoMatch
    case Leaf.Boolean:
      return typeof u === "boolean" ? u : NoMatch
    case Leaf.Anything:
      return u
    default:
      return node(u)
  }
}

// An index signature that keeps every string key with its value as it is (`Record(String, Unknown)`).
const keepsEverything = (is: AST.IndexSignature): boolean =>
  AST.isStringKeyword(is.parameter) && !hasParsingAnnotations(is.parameter) && leafOf(is.type) === Leaf.Anything

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
        return (u) => fromEither(parse(u, parseOptions, ast))
      }
      case "Refinement":
        return this.refinement(ast)
      case "Suspend": {
        let inner: Node | undefined
        return (u) => (inner ??= this.compile(ast.f()))(u)
      }
      case "TupleType":
        return this.tuple(ast)
      case "TypeLiteral":
        return this.typeLiteral(ast)
      case "Union":
        return this.union(ast)
      case "Transformation":
        return this.transformation(ast)
      default:
        return fallback(ast)
    }
  }

  // A chain of refinements (`Int.pipe(nonNegative())`) becomes one check of the base and a loop over
  // the filters, innermost first, as Effect applies them.
  private refinement(ast: AST.Refinement): Node {
    const chain: Array<AST.Refinement> = [ast]
    let base = ast.from
    while (AST.isRefinement(base) && !hasParsingAnnotations(base)) {
      chain.unshift(base)
      base = base.from
    }
    const leaf = leafOf(base)
    const from = this.compile(base)
    if (chain.length === 1) {
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

  private typeLiteral(ast: AST.TypeLiteral): Node {
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
          if (!expected.has(name)) out[name] = v
        }
      }
      return out
    }

    const keepAll = indexes.length > 0 && ast.indexSignatures.every(keepsEverything)
    if (!this.inPlace || (indexes.length > 0 && !keepAll)) {
      return (u) => (isRecord(u) ? copy(u, Object.getPrototypeOf(u) === Object.prototype) : NoMatch)
    }

    // In place, on parsed JSON: decode the declared properties into the object itself. It is the
    // result when Effect's would have the same keys: when it holds no other keys (the shape of most
    // JSON objects), or when an index signature keeps every key anyway.
    return (u) => {
      if (!isRecord(u)) return NoMatch
      if (Object.getPrototypeOf(u) !== Object.prototype) return copy(u, false)
      let present = 0
      for (let i = 0; i < count; i++) {
        const name = names[i]!
        const raw = u[name]
        if ((raw === undefined || inherited[i]) && !hasOwn.call(u, name)) {
          if (optional[i]) continue
          // a missing required property that decodes from `undefined` (`Unknown`, `Undefined`, ...)
          return copy(u, true)
        }
        present++
        const v = run(leaves[i]!, nodes[i]!, raw)
        if (v === NoMatch) return NoMatch
        if (v !== raw) u[name] = v
      }
      if (keepAll) return u
      let keys = 0
      for (const _ in u) keys++
      if (keys === present) return u
      // drop the keys the schema does not declare; the values are decoded already
      const out: Record<PropertyKey, unknown> = {}
      for (let i = 0; i < count; i++) {
        const name = names[i]!
        if (hasOwn.call(u, name)) out[name] = u[name]
      }
      return out
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
  // property transformations, then the type-side struct, checking again only what could have changed.
  private typeLiteralTransformation(ast: AST.Transformation, kind: AST.TypeLiteralTransformation): Node {
    const fromAst = ast.from
    const toAst = ast.to
    const psts = kind.propertySignatureTransformations
    if (
      !AST.isTypeLiteral(fromAst) || !AST.isTypeLiteral(toAst) || hasParsingAnnotations(fromAst) ||
      hasParsingAnnotations(toAst) || fromAst.propertySignatures.length === 0 || psts.length > 30 ||
      psts.some((pst) => pst.from !== pst.to)
    ) {
      return this.generalTypeLiteralTransformation(ast, kind)
    }
    // The object the encoded side builds becomes the result. That is what Effect's type side would
    // build when it declares every key the object can hold and checks nothing more about the others.
    const toNames = new Set<PropertyKey>(toAst.propertySignatures.map((ps) => ps.name))
    const keys = [...fromAst.propertySignatures.map((ps) => ps.name), ...psts.map((pst) => pst.to)]
    const sameIndexes = fromAst.indexSignatures.length === toAst.indexSignatures.length &&
      fromAst.indexSignatures.every(keepsEverything) && toAst.indexSignatures.every(keepsEverything)
    if (keys.some((name) => !toNames.has(name)) || !sameIndexes) {
      return this.generalTypeLiteralTransformation(ast, kind)
    }
    const from = this.compile(fromAst)
    const transforms = psts.map((pst) => ({ name: pst.from, decode: pst.decode }))
    const checks = toAst.propertySignatures.map((ps) => {
      const source = fromAst.propertySignatures.find((f) => f.name === ps.name)
      return {
        name: ps.name,
        optional: ps.isOptional,
        // A value that came through unchanged needs no second check when the type sides agree; a
        // transformed property (a default) counts as unchanged only if it was present and kept.
        implied: source !== undefined && impliedBy(source.type, ps.type),
        transform: psts.findIndex((pst) => pst.to === ps.name),
        check: this.copying.compile(ps.type)
      }
    })
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

const compilers = {
  copying: new WeakMap<AST.AST, FastDecode<unknown>>(),
  inPlace: new WeakMap<AST.AST, FastDecode<unknown>>()
}

/**
 * Compiles a schema into a fast decoder (once per schema and mode).
 *
 * @internal
 */
export const fastDecoder = <A, I>(schema: Schema.Schema<A, I, never>, options: CompileOptions): FastDecode<A> => {
  const cache = options.inPlace ? compilers.inPlace : compilers.copying
  const known = cache.get(schema.ast)
  if (known !== undefined) return known as FastDecode<A>
  const copying = new Compiler(false)
  const compiler = options.inPlace ? new Compiler(true, copying) : copying
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
