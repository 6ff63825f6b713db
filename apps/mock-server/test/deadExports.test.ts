import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

// An export of the fake's `src` is there for another module: one that no module, test or benchmark of the fake
// imports is dead code behind an `export` (a value or type only its own module uses stays unexported). The
// modules the package exports (package.json `exports`: `index.ts`, `vitest.ts`) are its public API: what they
// export needs no importer, and what they re-export counts as imported.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

const sources = (folder: string): Array<string> =>
  fs.readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(folder, name).split(path.sep).join("/"))

// The public modules (`src/index.ts`), from the package's `exports` (`./dist/index.js`).
const publicModules = (): Array<string> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    readonly exports: Record<string, { readonly default: string }>
  }
  return Object.values(manifest.exports).map((entry) => entry.default.replace(/^\.\/dist\/(.*)\.js$/, "src/$1.ts"))
}

interface Module {
  /** The names the module declares and exports, or exports from its own scope (`export { x }`). */
  readonly own: Set<string>
  /** The modules it re-exports whole (`export * from`). */
  readonly stars: Array<string>
  /** Each import of a module of `src` and the names read from it. */
  readonly uses: Array<{ readonly target: string; readonly names: ReadonlyArray<string> }>
}

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

// The module of `src` (`src/http/app.ts`) a relative specifier of `file` names; undefined for a package.
const targetOf = (file: string, specifier: string): string | undefined =>
  specifier.startsWith(".")
    ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, ".ts")))
    : undefined

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** One module's exports and imports, read from its text (`file` relative to the package: `src/http/app.ts`). */
const parse = (file: string, text: string): Module => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const own = new Set<string>()
  const stars: Array<string> = []
  const uses: Array<Module["uses"][number]> = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = targetOf(file, statement.moduleSpecifier.text)
      const clause = statement.importClause
      if (target === undefined || clause === undefined) continue
      const names: Array<string> = clause.name === undefined ? [] : ["default"]
      const bindings = clause.namedBindings
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text)
      }
      // a namespace: the members it reads (`Raptor.search`)
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
        const member = new RegExp(`\\b${escape(bindings.name.text)}\\.(\\w+)`, "g")
        for (const [, name] of text.matchAll(member)) names.push(name!)
      }
      uses.push({ target, names })
    } else if (ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier
      const target = specifier !== undefined && ts.isStringLiteral(specifier)
        ? targetOf(file, specifier.text)
        : undefined
      const clause = statement.exportClause
      if (clause === undefined) {
        if (target !== undefined) stars.push(target)
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) own.add(element.name.text)
        if (target !== undefined) {
          uses.push({ target, names: clause.elements.map((element) => (element.propertyName ?? element.name).text) })
        }
      }
    } else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) own.add(declaration.name.text)
        }
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) && statement.name !== undefined
      ) {
        own.add(
          (statement.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
            ? "default"
            : statement.name.text
        )
      }
    }
  }
  // `await import("./x.js")` and `typeof import("./x.js")`: every name of that module the text mentions
  if (/\bimport\s*\(/.test(text)) {
    const visit = (node: ts.Node): void => {
      const argument = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
        ? node.arguments[0]
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
        ? node.argument.literal
        : undefined
      const target = argument !== undefined && ts.isStringLiteral(argument)
        ? targetOf(file, argument.text)
        : undefined
      if (target !== undefined) uses.push({ target, names: [...new Set(text.match(/\b\w+\b/g))] })
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { own, stars, uses }
}

/**
 * The exports of the modules of `src` (each `module: name`) that no other module imports, the public modules'
 * own exports apart. `texts`: each module of the package (`src/...`, `test/...`) and its text.
 */
const unimported = (texts: ReadonlyMap<string, string>, publics: ReadonlyArray<string>): Array<string> => {
  const modules = new Map([...texts].map(([file, text]) => [file, parse(file, text)]))
  const used = new Set<string>()
  // a name read from a module: its own, or the one of a module it re-exports whole
  const mark = (target: string, name: string, seen: Set<string>): void => {
    const module = modules.get(target)
    if (module === undefined || seen.has(target)) return
    seen.add(target)
    if (module.own.has(name)) used.add(`${target}: ${name}`)
    else for (const star of module.stars) mark(star, name, seen)
  }
  const namesOf = (target: string, seen: Set<string>): Array<string> => {
    const module = modules.get(target)
    if (module === undefined || seen.has(target)) return []
    seen.add(target)
    return [...module.own, ...module.stars.flatMap((star) => namesOf(star, seen))]
  }
  for (const [file, module] of modules) {
    for (const { names, target } of module.uses) {
      if (target !== file) { for (const name of names) mark(target, name, new Set()) }
    }
    // a public module's `export *` exports every name; another module's only forwards what is read from it
    if (publics.includes(file)) {
      for (const star of module.stars) for (const name of namesOf(star, new Set())) mark(star, name, new Set())
    }
  }
  return [...modules]
    .filter(([file]) => file.startsWith("src/") && !publics.includes(file))
    .flatMap(([file, module]) => [...module.own].map((name) => `${file}: ${name}`))
    .filter((entry) => !used.has(entry))
}

// read once, while the file loads
const texts = new Map(
  ["src", "test", "bench"].flatMap(sources).map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")])
)

describe("dead exports", () => {
  it("every export of src has an importer: a module, a test or a benchmark, or a public module re-exporting it", () => {
    expect(publicModules()).toEqual(["src/index.ts", "src/vitest.ts"])
    expect(texts.size).toBeGreaterThan(150)
    const dead = unimported(texts, publicModules())
    expect(dead, dead.join("\n")).toEqual([])
  })

  it("finds an export nothing imports, and follows re-exports, namespaces and import()", () => {
    const texts = new Map([
      ["src/index.ts", `export { a } from "./x/a.js"\nexport const entry = 1`],
      ["src/x/a.ts", `export const a = 1\nexport const lone = 2\nexport interface Shape {}\nconst local = 3`],
      ["src/x/b.ts", `export * from "./c.js"\nexport { forwarded } from "./d.js"\nexport type Kind = "k"`],
      ["src/x/c.ts", `export function viaStar() {}\nexport class Unread {}`],
      ["src/x/d.ts", `export const forwarded = 1\nexport enum Read { A }`],
      ["src/x/e.ts", `export type Lazy = 1\nexport const eager = 1\nexport const spaced = 1`],
      [
        "test/t.test.ts",
        [
          `import { viaStar, type Kind } from "../src/x/b.js"`,
          `import * as D from "../src/x/d.js"`,
          `const { eager } = await import("../src/x/e.js")`,
          `type T = typeof import("../src/x/e.js").Lazy`,
          `D.Read.A`
        ].join("\n")
      ]
    ])
    expect(unimported(texts, ["src/index.ts"])).toEqual([
      "src/x/a.ts: lone",
      "src/x/a.ts: Shape",
      "src/x/b.ts: forwarded",
      "src/x/c.ts: Unread",
      "src/x/e.ts: spaced"
    ])
  })
})
