// A trial compile of @efa-kit/core's sources against Effect 4, to measure the size of a move.
//
// `packages/core` (sources and configuration) is copied to a temporary directory, `effect` 4 is installed
// there with npm (without `@effect/platform`, whose HTTP modules Effect 4 carries as `effect/http`), and
// `tsc` type-checks the copy twice:
//
//   1. unchanged: the sources as they are;
//   2. after the mechanical renames listed in RENAMES below (import paths, renamed functions and types,
//      array arguments, `Context.Tag` → `Context.Service`, filters as `Schema.check(...)`, `Either` tags).
//
// It prints both error counts and sorts what remains into categories. The committed lockfile, this
// checkout's node_modules and its sources are never touched. A type-check only: the copy is never run,
// so the script works on Node 20 although Effect 4 asks for Node >= 22.19 at run time. Not part of
// `pnpm test`.
//
//   pnpm trial:effect4
//   pnpm trial:effect4 --list               # also every remaining error, by category
//   pnpm trial:effect4 --keep               # keep the temporary copy (its path is printed)
//   EFFECT4_VERSION=4.1.0 pnpm trial:effect4
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = fileURLToPath(new URL("..", import.meta.url))
const coreDir = join(root, "packages/core")
const effectVersion = process.env.EFFECT4_VERSION ?? "4.1.0"
const list = process.argv.includes("--list")
const keep = process.argv.includes("--keep")
const log = (message) => console.log(`trial:effect4: ${message}`)

// ---------------------------------------------------------------------------------------------------
// the mechanical renames (each checked against effect 4.1.0's `src/`)
// ---------------------------------------------------------------------------------------------------

/** Import paths: v3 module → v4 module. */
const MODULES = {
  "effect/Either": "effect/Result",
  "effect/JSONSchema": "effect/JsonSchema",
  "effect/ConfigError": "effect/Config",
  // the issue classes moved; their constructors differ, so what uses them stays for the hand work
  "effect/ParseResult": "effect/SchemaIssue",
  "@effect/platform": "effect/http",
  "@effect/platform/HttpClient": "effect/http/HttpClient",
  "@effect/platform/HttpClientError": "effect/http/HttpClientError",
  "@effect/platform/HttpClientRequest": "effect/http/HttpClientRequest",
  "@effect/platform/HttpClientResponse": "effect/http/HttpClientResponse",
  "@effect/platform/FetchHttpClient": "effect/http/FetchHttpClient"
}

/** Members of a namespace import, by the v3 module it was imported from: v3 name → v4 name. */
const MEMBERS = {
  "effect/Either": {
    Either: "Result",
    Left: "Failure",
    Right: "Success",
    right: "succeed",
    left: "fail",
    isLeft: "isFailure",
    isRight: "isSuccess",
    isEither: "isResult",
    mapLeft: "mapError"
  },
  "effect/Effect": {
    catchAll: "catch",
    catchAllCause: "catchCause",
    either: "result",
    zipRight: "andThen",
    zipLeft: "tap",
    async: "callback"
  },
  "effect/Layer": { scoped: "effect", scopedDiscard: "effectDiscard", unwrapEffect: "unwrap", unwrapScoped: "unwrap" },
  "effect/DateTime": { unsafeMake: "makeUnsafe", unsafeNow: "nowUnsafe", zoneUnsafeMakeNamed: "zoneMakeNamedUnsafe" },
  "effect/Duration": { DurationInput: "Input" },
  "effect/Array": { isNonEmptyReadonlyArray: "isReadonlyArrayNonEmpty", isNonEmptyArray: "isArrayNonEmpty" },
  "effect/Config": {
    string: "String",
    number: "Number",
    integer: "Int",
    boolean: "Boolean",
    redacted: "Redacted",
    duration: "Duration"
  },
  "effect/Schema": {
    annotations: "annotate",
    typeSchema: "toType",
    encodedSchema: "toEncoded",
    decodeUnknownEither: "decodeUnknownResult",
    decodeEither: "decodeResult",
    encodeEither: "encodeResult",
    encodeUnknownEither: "encodeUnknownResult",
    DateTimeUtcFromSelf: "DateTimeUtc",
    equivalence: "toEquivalence",
    parseJson: "fromJsonString"
  },
  "effect/SchemaAST": { typeAST: "toType", encodedAST: "toEncoded" }
}

/** Members that moved to another module: v3 module → member → [v4 module, v4 name]. */
const MOVED = {
  "effect/ParseResult": {
    // the result of a transformation's decode/encode function is an Effect in v4
    succeed: ["effect/Effect", "succeed"],
    fail: ["effect/Effect", "fail"],
    ParseError: ["effect/Schema", "SchemaError"],
    ParseIssue: ["effect/ParseResult", "Issue"]
  }
}

/** `Schema.Schema.X` namespace types: X → its v4 spelling after the `Schema` namespace import. */
const SCHEMA_TYPES = {
  All: "Top",
  Any: "Top",
  AnyNoContext: "Top",
  Encoded: "Codec.Encoded",
  Context: "Codec.DecodingServices"
}

/** v3 filters → v4 `Schema.check(Schema.isX(...))`: the v4 filter, its first argument, where the options are. */
const FILTERS = {
  between: (a) => ["isBetween", `{ minimum: ${a[0]}, maximum: ${a[1]} }`, 2],
  lessThanOrEqualTo: (a) => ["isLessThanOrEqualTo", a[0], 1],
  greaterThanOrEqualTo: (a) => ["isGreaterThanOrEqualTo", a[0], 1],
  nonNegative: () => ["isGreaterThanOrEqualTo", "0", 0],
  minItems: (a) => ["isMinLength", a[0], 1],
  maxItems: (a) => ["isMaxLength", a[0], 1],
  minLength: (a) => ["isMinLength", a[0], 1],
  maxLength: (a) => ["isMaxLength", a[0], 1],
  pattern: (a) => ["isPattern", a[0], 1],
  trimmed: () => ["isTrimmed", undefined, 0],
  nonEmptyString: () => ["isNonEmpty", undefined, 0],
  int: () => ["isInt", undefined, 0]
}

/** Methods renamed on any value. */
const METHODS = { annotations: "annotate", unsafeCurrentTimeMillis: "currentTimeMillisUnsafe" }

/** Option names renamed in any object literal. */
const OPTIONS = { disableValidation: "disableChecks" }

/** What the report prints as the list of renames (kept next to the tables above). */
const RENAMES = [
  "import paths: effect/Either → effect/Result, effect/JSONSchema → effect/JsonSchema, effect/ConfigError → "
  + "effect/Config, effect/ParseResult → effect/SchemaIssue, @effect/platform[/X] → effect/http[/X]",
  "Either → Result: Either/Left/Right types → Result/Failure/Success, right/left → succeed/fail, isLeft/isRight → "
  + "isFailure/isSuccess, mapLeft → mapError; `_tag` \"Left\"/\"Right\" → \"Failure\"/\"Success\"; "
  + ".left/.right of an Either → .failure/.success",
  "Effect: catchAll → catch, catchAllCause → catchCause, either → result, zipRight → andThen, zipLeft → tap, "
  + "async → callback",
  "Layer: scoped → effect, scopedDiscard → effectDiscard, unwrapEffect/unwrapScoped → unwrap",
  "DateTime: unsafeMake → makeUnsafe, unsafeNow → nowUnsafe, zoneUnsafeMakeNamed → zoneMakeNamedUnsafe; "
  + "Duration.DurationInput → Duration.Input; Array.isNonEmptyReadonlyArray → isReadonlyArrayNonEmpty; "
  + "Config.string/number/integer/boolean/redacted/duration → String/Number/Int/Boolean/Redacted/Duration; "
  + "clock.unsafeCurrentTimeMillis() → currentTimeMillisUnsafe()",
  "Context.Tag(key)<Self, Shape>() → Context.Service<Self, Shape>()(key)",
  "Schema types: Schema.Schema<A, I> → Schema.Codec<A, I>, Schema.Schema<A, I, R> → Schema.Codec<A, I, R, R>, "
  + "Schema.Schema.All/Any/AnyNoContext → Schema.Top, Schema.Schema.Encoded → Schema.Codec.Encoded, "
  + "Schema.Schema.Context → Schema.Codec.DecodingServices; option disableValidation → disableChecks",
  "Schema transformations: transform(from, to, { decode, encode }) → from.pipe(Schema.decodeTo(to, "
  + "SchemaTransformation.transform({ decode, encode }))), transformOrFail → the same with transformEffect, "
  + "compose(a, b) → a.pipe(Schema.decodeTo(b)) (and their one-argument pipeable forms), filter(p, options) → "
  + "check(makeFilter(p, options)), optionalWith(x, { exact: true }) → optionalKey(x), optionalWith(x, { default }) "
  + "→ x.pipe(withDecodingDefaultType(Effect.succeed(...))), with exact: withDecodingDefaultTypeKey",
  "ParseResult: succeed/fail → Effect.succeed/Effect.fail (transformations return Effects), ParseError → "
  + "Schema.SchemaError, ParseIssue → SchemaIssue.Issue (the issue constructors are left alone)",
  "Schema: Literal(a, b, ...) → Literals([a, b, ...]), Literal(...xs) → Literals(xs), Union(a, b) → Union([a, b]), "
  + "Tuple(a, b) → Tuple([a, b]), TemplateLiteral(a, b) → TemplateLiteral([a, b]), the type Literal<[a, b]> → "
  + "Literals<[a, b]>, Struct(fields, record) → StructWithRest(Struct(fields), [record]), "
  + "Record({ key, value }) → Record(key, value), .annotations(...) → .annotate(...), typeSchema → toType, "
  + "encodedSchema → toEncoded, decode/encode(Unknown)Either → ...Result, DateTimeUtcFromSelf → DateTimeUtc, "
  + "equivalence → toEquivalence, parseJson → fromJsonString; SchemaAST typeAST/encodedAST → toType/toEncoded",
  "Schema filters: between, lessThanOrEqualTo, greaterThanOrEqualTo, nonNegative, minItems, maxItems, minLength, "
  + "maxLength, pattern, trimmed, nonEmptyString, int → Schema.check(Schema.isBetween({ minimum, maximum }) / "
  + "isLessThanOrEqualTo / isGreaterThanOrEqualTo / isMinLength / isMaxLength / isPattern / isTrimmed / isNonEmpty / "
  + "isInt), `{ message: () => text }` → `{ message: text }`"
]

// ---------------------------------------------------------------------------------------------------
// computing the renames on the v3 program (which resolves every name), applying them to the copy
// ---------------------------------------------------------------------------------------------------

const program = (() => {
  const configPath = join(coreDir, "tsconfig.json")
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {}
  })
  if (config === undefined) throw new Error(`cannot read ${configPath}`)
  return ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } })
})()
const checker = program.getTypeChecker()

// Whether the type of `node` is (a union of) effect 3's Either, Left or Right.
const isEitherType = (node) => {
  const type = checker.getTypeAtLocation(node)
  const parts = type.isUnion() ? type.types : [type]
  return parts.some((part) => {
    const symbol = part.aliasSymbol ?? part.getSymbol()
    const declaration = symbol?.declarations?.[0]
    return symbol !== undefined && ["Either", "Left", "Right"].includes(symbol.name)
      && declaration !== undefined &&
      /[\\/]effect[\\/]dist[\\/]dts[\\/]Either\.d\.ts$/.test(declaration.getSourceFile().fileName)
  })
}

// own entries only: `toString` and friends are no renames
const lookup = (table, key) => table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined

const counts = new Map()
const count = (name) => counts.set(name, (counts.get(name) ?? 0) + 1)

const renameFile = (sourceFile) => {
  const text = sourceFile.text
  const edits = []
  const src = (node) => text.slice(node.getStart(sourceFile), node.end)
  const replace = (node, replacement, name) => {
    edits.push({ start: node.getStart(sourceFile), end: node.end, text: replacement })
    count(name)
  }

  // namespace imports: local name → v3 module
  const namespaces = new Map()
  const typeOnly = new Map()
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement)) continue
    const specifier = statement.moduleSpecifier.text
    const bindings = statement.importClause?.namedBindings
    if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
      namespaces.set(bindings.name.text, specifier)
      if (statement.importClause.isTypeOnly) typeOnly.set(bindings.name.text, statement)
    }
    if (lookup(MODULES, specifier) !== undefined) {
      replace(statement.moduleSpecifier, JSON.stringify(lookup(MODULES, specifier)), `import ${specifier}`)
    }
  }
  const moduleOf = (expression) => ts.isIdentifier(expression) ? namespaces.get(expression.text) : undefined
  // the local name of a namespace import of `module`, adding the import where the file has none
  const added = new Map()
  const namespaceFor = (module, asValue) => {
    if (module === "effect/ParseResult") return undefined
    for (const [local, specifier] of namespaces) {
      if (specifier !== module) continue
      const statement = typeOnly.get(local)
      if (asValue && statement !== undefined) {
        // `import type * as X` → `import * as X`
        const start = statement.getStart(sourceFile)
        edits.push({ start, end: start + "import type".length, text: "import" })
        typeOnly.delete(local)
      }
      return local
    }
    const local = module.replace(/^effect\//, "")
    added.set(local, module)
    return local
  }
  const isSchema = (expression) => moduleOf(expression) === "effect/Schema"

  // an options argument as v4 annotations: `{ message: () => text }` → `{ message: text }`
  const annotations = (node) => {
    if (node === undefined) return undefined
    if (!ts.isObjectLiteralExpression(node)) return rewrite(node)
    return `{ ${
      node.properties.map((property) => {
        if (
          ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === "message"
          && ts.isArrowFunction(property.initializer) && property.initializer.parameters.length === 0
          && !ts.isBlock(property.initializer.body)
        ) return `message: ${rewrite(property.initializer.body)}`
        return rewrite(property)
      }).join(", ")
    } }`
  }

  const visit = (node) => {
    // Context.Tag(key)<Self, Shape>() → Context.Service<Self, Shape>()(key)
    if (
      ts.isCallExpression(node) && ts.isCallExpression(node.expression) && node.typeArguments !== undefined
      && ts.isPropertyAccessExpression(node.expression.expression)
      && moduleOf(node.expression.expression.expression) === "effect/Context"
      && node.expression.expression.name.text === "Tag"
    ) {
      const [key] = node.expression.arguments
      const ns = node.expression.expression.expression.text
      replace(node, `${ns}.Service<${node.typeArguments.map(src).join(", ")}>()(${src(key)})`, "Context.Tag")
      return
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression
      const name = callee.name.text
      const args = node.arguments
      if (isSchema(callee.expression)) {
        const ns = callee.expression.text
        const inner = () => args.map((arg) => rewrite(arg)).join(", ")
        // Struct(fields, record, ...) → StructWithRest(Struct(fields), [record, ...])
        if (name === "Struct" && args.length > 1) {
          const [fields, ...records] = args.map((arg) => rewrite(arg))
          return replace(
            node,
            `${ns}.StructWithRest(${ns}.Struct(${fields}), [${records.join(", ")}])`,
            "Schema.Struct(fields, record)"
          )
        }
        if (name === "Literal" && args.length === 1 && ts.isSpreadElement(args[0])) {
          return replace(node, `${ns}.Literals(${rewrite(args[0].expression)})`, "Schema.Literal(...a)")
        }
        if (name === "Literal" && args.length > 1) {
          return replace(node, `${ns}.Literals([${inner()}])`, "Schema.Literal(a, b)")
        }
        if (
          (name === "Union" || name === "Tuple" || name === "TemplateLiteral")
          && !(args.length === 1 && ts.isArrayLiteralExpression(args[0]))
        ) {
          return replace(node, `${ns}.${name}([${inner()}])`, `Schema.${name}(a, b)`)
        }
        if (name === "Record" && args.length === 1 && ts.isObjectLiteralExpression(args[0])) {
          const get = (key) => args[0].properties.find((p) => p.name?.getText(sourceFile) === key)
          const key = get("key")
          const value = get("value")
          const initializer = (p) =>
            ts.isPropertyAssignment(p)
              ? rewrite(p.initializer)
              : ts.isShorthandPropertyAssignment(p)
              ? p.name.text
              : undefined
          const [keySchema, valueSchema] = [key, value].map((p) => p === undefined ? undefined : initializer(p))
          if (keySchema !== undefined && valueSchema !== undefined) {
            return replace(node, `${ns}.Record(${keySchema}, ${valueSchema})`, "Schema.Record")
          }
        }
        // an options object, rewritten, without the properties v4 does not take
        const options = (node, dropped) =>
          ts.isObjectLiteralExpression(node)
            ? `{ ${
              node.properties.filter((p) => !dropped.includes(p.name?.getText(sourceFile))).map((p) => rewrite(p))
                .join(", ")
            } }`
            : rewrite(node)
        // transform(from, to, { decode, encode }) → from.pipe(decodeTo(to, SchemaTransformation.transform({ ... })))
        if ((name === "transform" || name === "transformOrFail") && (args.length === 3 || args.length === 2)) {
          const transformations = namespaceFor("effect/SchemaTransformation", true)
          const kind = name === "transform" ? "transform" : "transformEffect"
          const [from, to, opts] = args.length === 3 ? args : [undefined, ...args]
          const decodeTo = `${ns}.decodeTo(${rewrite(to)}, ${transformations}.${kind}(${options(opts, ["strict"])}))`
          return replace(node, from === undefined ? decodeTo : `${rewrite(from)}.pipe(${decodeTo})`, `Schema.${name}`)
        }
        // compose(a, b) → a.pipe(decodeTo(b))
        if (name === "compose" && (args.length === 2 || args.length === 1)) {
          const [from, to] = args.length === 2 ? args : [undefined, args[0]]
          const decodeTo = `${ns}.decodeTo(${rewrite(to)})`
          return replace(node, from === undefined ? decodeTo : `${rewrite(from)}.pipe(${decodeTo})`, "Schema.compose")
        }
        // filter(predicate, { message }) → check(makeFilter(predicate, { message }))
        if (name === "filter" && args.length >= 1 && args.length <= 2) {
          const call = [rewrite(args[0]), annotations(args[1])].filter((arg) => arg !== undefined).join(", ")
          return replace(node, `${ns}.check(${ns}.makeFilter(${call}))`, "Schema.filter")
        }
        // optionalWith(x, { exact: true }) → optionalKey(x); with a default → x.pipe(withDecodingDefaultType(Key)(...))
        if (name === "optionalWith" && args.length === 2 && ts.isObjectLiteralExpression(args[1])) {
          const props = new Map(
            args[1].properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(sourceFile), p.initializer])
          )
          const exact = props.get("exact")?.kind === ts.SyntaxKind.TrueKeyword
          const fallback = props.get("default")
          if (
            args[1].properties.length === props.size &&
            [...props.keys()].every((key) => ["exact", "default"].includes(key))
          ) {
            if (fallback === undefined && exact) {
              return replace(node, `${ns}.optionalKey(${rewrite(args[0])})`, "Schema.optionalWith")
            }
            if (fallback !== undefined && ts.isArrowFunction(fallback) && !ts.isBlock(fallback.body)) {
              const effect = namespaceFor("effect/Effect", true)
              const withDefault = exact ? "withDecodingDefaultTypeKey" : "withDecodingDefaultType"
              return replace(
                node,
                `${rewrite(args[0])}.pipe(${ns}.${withDefault}(${effect}.succeed(${rewrite(fallback.body)})))`,
                "Schema.optionalWith"
              )
            }
          }
        }
        if (lookup(FILTERS, name) !== undefined) {
          const [filter, first, optionsAt] = lookup(FILTERS, name)(args.map((arg) => rewrite(arg)))
          const call = [first, annotations(args[optionsAt])].filter((arg) => arg !== undefined).join(", ")
          return replace(node, `${ns}.check(${ns}.${filter}(${call}))`, `Schema.${name} filter`)
        }
      }
      if (lookup(METHODS, name) !== undefined && moduleOf(callee.expression) === undefined) {
        edits.push({ start: callee.name.getStart(sourceFile), end: callee.name.end, text: lookup(METHODS, name) })
        count(`.${name}()`)
      }
    }
    // Schema.Schema<A, I(, R)> → Schema.Codec<A, I(, R, R)>
    if (
      ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName) && isSchema(node.typeName.left)
      && node.typeName.right.text === "Schema" && (node.typeArguments?.length ?? 0) >= 2
    ) {
      const args = node.typeArguments.map((arg) => rewrite(arg))
      if (args.length === 3) args.push(args[2])
      replace(node, `${node.typeName.left.text}.Codec<${args.join(", ")}>`, "Schema.Schema<A, I, R>")
      return
    }
    // Schema.Literal<[a, ...]> (the type of a several-literal schema) → Schema.Literals<[a, ...]>
    if (
      ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName) && isSchema(node.typeName.left)
      && node.typeName.right.text === "Literal" && node.typeArguments?.length === 1 &&
      ts.isTupleTypeNode(node.typeArguments[0])
    ) {
      replace(node, `${node.typeName.left.text}.Literals<${rewrite(node.typeArguments[0])}>`, "Schema.Literal<[a, b]>")
      return
    }
    // Schema.Schema.All → Schema.Top, ...
    if (
      ts.isQualifiedName(node) && ts.isQualifiedName(node.left) && isSchema(node.left.left)
      && node.left.right.text === "Schema" && lookup(SCHEMA_TYPES, node.right.text) !== undefined
    ) {
      replace(
        node,
        `${node.left.left.text}.${lookup(SCHEMA_TYPES, node.right.text)}`,
        `Schema.Schema.${node.right.text}`
      )
      return
    }
    // options renamed in object literals
    if (
      ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)
      && lookup(OPTIONS, node.name.getText(sourceFile)) !== undefined
    ) {
      edits.push({
        start: node.name.getStart(sourceFile),
        end: node.name.end,
        text: lookup(OPTIONS, node.name.getText(sourceFile))
      })
      count(`option ${node.name.getText(sourceFile)}`)
    }
    // members moved to another module
    if (ts.isPropertyAccessExpression(node) || ts.isQualifiedName(node)) {
      const [left, right] = ts.isPropertyAccessExpression(node) ? [node.expression, node.name] : [node.left, node.right]
      const module = moduleOf(left)
      const moved = module === undefined ? undefined : lookup(MOVED[module], right.text)
      if (moved !== undefined) {
        const local = namespaceFor(moved[0], ts.isPropertyAccessExpression(node)) ?? left.text
        replace(node, `${local}.${moved[1]}`, `${module.replace(/^effect\//, "")}.${right.text}`)
        return
      }
    }
    // namespace members, in values and in types
    const member = ts.isPropertyAccessExpression(node)
      ? [node.expression, node.name]
      : ts.isQualifiedName(node)
      ? [node.left, node.right]
      : undefined
    if (member !== undefined) {
      const module = moduleOf(member[0])
      const renamed = module === undefined ? undefined : lookup(MEMBERS[module], member[1].text)
      if (renamed !== undefined) {
        edits.push({ start: member[1].getStart(sourceFile), end: member[1].end, text: renamed })
        count(`${module.replace(/^effect\//, "")}.${member[1].text}`)
      }
    }
    // .left / .right of an Either value
    if (
      ts.isPropertyAccessExpression(node) && ["left", "right"].includes(node.name.text)
      && moduleOf(node.expression) === undefined && isEitherType(node.expression)
    ) {
      edits.push({
        start: node.name.getStart(sourceFile),
        end: node.name.end,
        text: node.name.text === "left" ? "failure" : "success"
      })
      count("either.left/right")
    }
    // `either._tag === "Left"`, `case "Right":` on an Either's tag
    if (ts.isStringLiteral(node) && (node.text === "Left" || node.text === "Right")) {
      const tagged = ts.isBinaryExpression(node.parent)
        ? [node.parent.left, node.parent.right].find((side) => side !== node)
        : ts.isCaseClause(node.parent)
        ? node.parent.parent.parent.expression
        : undefined
      if (
        tagged !== undefined && ts.isPropertyAccessExpression(tagged) && tagged.name.text === "_tag"
        && isEitherType(tagged.expression)
      ) {
        replace(node, node.text === "Left" ? "\"Failure\"" : "\"Success\"", "Either _tag")
        return
      }
    }
    ts.forEachChild(node, visit)
  }

  // the text of `node` with the renames inside it applied (for arguments moved by an outer rewrite)
  const rewrite = (node) => {
    const start = node.getStart(sourceFile)
    const before = edits.length
    visit(node)
    let out = text.slice(start, node.end)
    for (const edit of edits.splice(before).sort((a, b) => b.start - a.start)) {
      out = out.slice(0, edit.start - start) + edit.text + out.slice(edit.end - start)
    }
    return out
  }

  ts.forEachChild(sourceFile, visit)
  const lastImport = sourceFile.statements.filter(ts.isImportDeclaration).at(-1)
  for (const [local, module] of added) {
    const at = lastImport === undefined ? 0 : lastImport.end
    edits.push({ start: at, end: at, text: `\nimport * as ${local} from ${JSON.stringify(module)}` })
  }
  let out = text
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// categories of what remains (first match wins: the file, then the text of the line, then the code)
// ---------------------------------------------------------------------------------------------------

const CATEGORIES = [
  ["fastDecode (a compiler of v3 Schema ASTs)", (e) => e.file.endsWith("internal/effect/fastDecode.ts")],
  [
    "the rest of internal/effect/ (spans, fiber refs, schedule stepping, the clock)",
    (e) => e.file.includes("internal/effect/")
  ],
  [
    "arbitraries (FastCheck, Arbitrary)",
    (e) => /Arbitrar|FastCheck/.test(e.file) || /Arbitrary|FastCheck/.test(e.line)
  ],
  ["OpenApi and JSON Schema", (e) => e.file.endsWith("OpenApi.ts") || /JSONSchema|JsonSchema/.test(e.line)],
  [
    "filters (message functions, filter outputs)",
    (e) =>
      /message: \(|makeFilter|FilterIssue|isPattern/.test(e.line) ||
      /FilterOutput|=> string' is not assignable to type 'string'/.test(e.message)
  ],
  [
    "issue builders and formatters (ParseResult → SchemaIssue)",
    (e) =>
      /ParseResult|SchemaIssue|ParseIssue|ParseError|Formatter|\bissues?\b|Issue/.test(e.line) ||
      /\bIssue\b/.test(e.message)
      || e.file.endsWith("internal/decode/describe.ts")
  ],
  [
    "HTTP client and its error model",
    (e) =>
      /HttpClient|FetchHttpClient|RequestError|ResponseError|\.description|\.reason|[tT]ransport/.test(e.line)
      || /HttpClient|ResponseError/.test(e.message)
  ],
  [
    "Schema transformations (transform, transformOrFail, compose, declare)",
    (e) =>
      /\b(transformEffect|decodeTo|transformOrFail|transform|compose|declare|decodeUnknown|encodeUnknown)\b/.test(
        e.line
      )
      || /decodeTo</.test(e.message)
  ],
  [
    "optional fields and property signatures (optionalWith, propertySignature, fromKey)",
    (e) => /optionalWith|propertySignature|fromKey|optionalToRequired|PropertySignature/.test(e.line)
  ],
  ["walks over Schema ASTs (SchemaAST)", (e) => /\bAST\b|SchemaAST/.test(e.line)],
  ["Schedule, Clock, Scope, timeouts", (e) => /Schedule|Clock|clock|timeout|Scope/i.test(e.line)],
  ["Config", (e) => /Config/.test(e.line)],
  [
    "schema types that no longer line up (Struct, Codec, Union in signatures)",
    (e) => /'(Struct|Codec|Union|Literals?|Schema)</.test(e.message)
  ],
  [
    "knock-on (implicit any, unknown or never left by an earlier error)",
    (e) => ["TS7006", "TS7031", "TS18046", "TS7053"].includes(e.code) || /on type 'never'/.test(e.message)
  ],
  ["other API changes (DateTime parts, Cause, Stream, Duration, Random, ...)", () => true]
]

// ---------------------------------------------------------------------------------------------------
// the run
// ---------------------------------------------------------------------------------------------------

const tsc = join(root, "node_modules/typescript/bin/tsc")

const typeCheck = (core) => {
  const result = spawnSync(
    process.execPath,
    [tsc, "-p", "tsconfig.json", "--noEmit", "--pretty", "false", "--composite", "false", "--incremental", "false"],
    { cwd: core, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }
  )
  const errors = []
  for (const raw of result.stdout.split("\n")) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(raw)
    if (match === null) continue
    const [, file, line, , code, message] = match
    const lineText = readFileSync(join(core, file), "utf8").split("\n")[Number(line) - 1] ?? ""
    errors.push({ file: file.split(sep).join("/"), lineNumber: Number(line), code, message, line: lineText })
  }
  if (errors.length === 0 && result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`)
  return errors
}

const categorize = (errors) => {
  const byCategory = new Map(CATEGORIES.map(([name]) => [name, []]))
  for (const error of errors) byCategory.get(CATEGORIES.find(([, test]) => test(error))[0]).push(error)
  return byCategory
}

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

const copy = mkdtempSync(join(tmpdir(), "efa-kit-effect4-trial-"))
let status = 0
try {
  const skipped = new Set(["node_modules", "dist", "build", ".git"])
  cpSync(join(root, "tsconfig.base.json"), join(copy, "tsconfig.base.json"))
  cpSync(coreDir, join(copy, "packages/core"), {
    recursive: true,
    filter: (source) => !relative(coreDir, source).split(sep).some((part) => skipped.has(part))
  })
  const typesNode = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies["@types/node"]
  writeFileSync(
    join(copy, "package.json"),
    JSON.stringify(
      { private: true, type: "module", dependencies: { effect: effectVersion, "@types/node": typesNode } },
      null,
      2
    )
  )
  log(`installing effect@${effectVersion} in ${copy}`)
  const install = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline", "--loglevel=error"],
    { cwd: copy, encoding: "utf8" }
  )
  if (install.status !== 0) {
    process.stderr.write(install.stdout + install.stderr)
    throw new Error("npm install failed (is the registry reachable?)")
  }
  const installed = JSON.parse(readFileSync(join(copy, "node_modules/effect/package.json"), "utf8")).version
  const core = join(copy, "packages/core")

  const before = typeCheck(core)
  log(`effect ${installed}, typescript ${ts.version}, node ${process.version}`)
  log(`unchanged: ${before.length} type errors in packages/core/src`)

  for (const sourceFile of program.getSourceFiles()) {
    if (!sourceFile.fileName.startsWith(join(coreDir, "src"))) continue
    const target = join(core, relative(coreDir, sourceFile.fileName))
    const renamed = renameFile(sourceFile)
    // a syntax error would stop tsc before the type errors, and the count would mean nothing
    const parsed = ts.createSourceFile(target, renamed, ts.ScriptTarget.Latest, true)
    if (parsed.parseDiagnostics.length > 0) {
      const [first] = parsed.parseDiagnostics
      throw new Error(
        `the renames broke ${relative(coreDir, sourceFile.fileName)}: ${
          ts.flattenDiagnosticMessageText(first.messageText, " ")
        }`
      )
    }
    writeFileSync(target, renamed)
  }
  // every source file of the copy was a root of the program: nothing is left unrenamed
  const sources = walk(join(core, "src")).filter((file) => file.endsWith(".ts"))
  if (sources.length !== program.getRootFileNames().length) {
    throw new Error(`renamed ${program.getRootFileNames().length} files of ${sources.length}`)
  }

  const after = typeCheck(core)
  log(
    `after the mechanical renames (${
      [...counts.values()].reduce((a, b) => a + b, 0)
    } sites changed): ${after.length} type errors`
  )
  console.log("\nrenames applied (sites):")
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${name}`)
  console.log("\nremaining, by category:")
  const byCategory = categorize(after)
  for (const [name, errors] of byCategory) {
    if (errors.length === 0) continue
    const files = new Set(errors.map((e) => e.file.replace(/^src\//, "")))
    console.log(`  ${String(errors.length).padStart(4)}  ${name} (${files.size} files)`)
  }
  console.log("\nremaining, by file:")
  const byFile = new Map()
  for (const error of after) byFile.set(error.file, (byFile.get(error.file) ?? 0) + 1)
  for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${file}`)
  if (list) {
    for (const [name, errors] of byCategory) {
      if (errors.length === 0) continue
      console.log(`\n## ${name}`)
      for (const e of errors) console.log(`${e.file}:${e.lineNumber} ${e.code} ${e.message}\n    ${e.line.trim()}`)
    }
  }
  console.log("\nrenames:")
  for (const rename of RENAMES) console.log(`  - ${rename}`)
} catch (error) {
  log(String(error.message ?? error))
  status = 1
} finally {
  if (keep) log(`kept ${copy}`)
  else rmSync(copy, { recursive: true, force: true })
}
process.exit(status)
