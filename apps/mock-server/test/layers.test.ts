import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

// The fake's layers, lowest first (CONTRIBUTING.md, "The fake's layers"): a folder of `src` or a module of its own,
// and the layers it may import besides itself. The modules directly in `src` that are no layer of their own
// (`index.ts`, `main.ts`, `server.ts`, ...) are the entry points, above all of them.
const LAYERS: ReadonlyArray<readonly [layer: string, mayImport: ReadonlyArray<string>]> = [
  ["dataset/", []],
  ["search/", ["dataset/"]],
  ["engine/", ["dataset/", "search/"]],
  ["answers/", ["dataset/", "search/", "engine/"]],
  ["rapidJson/", ["dataset/", "search/", "engine/", "answers/"]],
  ["registry.ts", ["dataset/", "search/", "engine/", "answers/", "rapidJson/"]],
  ["http/", ["dataset/", "search/", "engine/", "answers/", "rapidJson/", "registry.ts"]]
]

const RULE = "the fake's layers import only downwards: dataset <- search <- engine <- answers <- rapidJson <- " +
  "registry.ts <- http <- the entry points"

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src")

interface Import {
  readonly specifier: string
  /** An `import()` on demand: it counts for the layers, not for the loops (it runs after both modules loaded). */
  readonly dynamic: boolean
}

// Every import and re-export of a module, type-only ones included (a type ties the modules' declarations
// together as a value does), and every `import()`.
const parsed = new Map<string, { readonly source: string; readonly imports: Array<Import> }>()
const importsOf = (file: string, source: string): Array<Import> => {
  const known = parsed.get(file)
  if (known?.source === source) return known.imports
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const out: Array<Import> = []
  // `import(` in the text: only then is every node visited
  const lazy = /\bimport\s*\(/.test(source)
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push({ specifier: node.moduleSpecifier.text, dynamic: false })
    } else if (
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, dynamic: true })
    }
    if (lazy) ts.forEachChild(node, visit)
  }
  ts.forEachChild(sourceFile, visit)
  parsed.set(file, { source, imports: out })
  return out
}

// A module's path relative to `src` (`http/app.ts`), from an import's specifier; undefined for a package.
const targetOf = (file: string, specifier: string): string | undefined =>
  specifier.startsWith(".")
    ? path.relative(src, path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts"))).split(path.sep).join("/")
    : undefined

// The layer of a module of `src` (relative path): its folder's, its own, or undefined for an entry point;
// "outside" for a path out of `src`, and the folder for a folder that is no layer.
const layerOf = (module: string): string | undefined => {
  if (module.startsWith("../")) return "outside"
  const slash = module.indexOf("/")
  const name = slash < 0 ? module : module.slice(0, slash + 1)
  if (LAYERS.some(([layer]) => layer === name)) return name
  return slash < 0 ? undefined : name
}

const allowedOf = (layer: string | undefined): ReadonlyArray<string> | undefined =>
  layer === undefined ? undefined : LAYERS.find(([name]) => name === layer)?.[1]

/**
 * The imports of one module (`file`, with its text `source`) that break the layers, each as a message naming
 * the module, the import and the rule it breaks.
 */
const upwardImports = (file: string, source: string): Array<string> => {
  const module = path.relative(src, file).split(path.sep).join("/")
  const layer = layerOf(module)
  if (layer === undefined) return []
  const allowed = allowedOf(layer)
  if (allowed === undefined) return [`${module} is in ${layer}, a folder of no layer (${RULE})`]
  const problems: Array<string> = []
  for (const { specifier } of importsOf(file, source)) {
    const target = targetOf(file, specifier)
    if (target === undefined) continue
    const to = layerOf(target)
    if (to === layer || (to !== undefined && allowed.includes(to))) continue
    problems.push(
      `${module} imports "${specifier}": ${layer} may import only ${
        allowed.length === 0 ? "no module of the fake" : allowed.join(", ")
      } (${RULE})`
    )
  }
  return problems
}

const modules = fs.readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".ts"))
  .map((name) => path.join(src, name))
  .sort()
const sources = new Map(modules.map((file) => [file, fs.readFileSync(file, "utf8")]))

// The loops of a graph of modules, each once: a depth-first search that reports the path back to a module on
// the stack.
const cycles = (graph: ReadonlyMap<string, ReadonlyArray<string>>): Array<Array<string>> => {
  const found = new Map<string, Array<string>>()
  const state = new Map<string, "open" | "done">()
  const stack: Array<string> = []
  const visit = (module: string) => {
    state.set(module, "open")
    stack.push(module)
    for (const target of graph.get(module) ?? []) {
      if (state.get(target) === "open") {
        const loop = stack.slice(stack.indexOf(target))
        found.set([...loop].sort().join(" "), loop)
      } else if (state.get(target) === undefined) visit(target)
    }
    stack.pop()
    state.set(module, "done")
  }
  for (const module of graph.keys()) if (state.get(module) === undefined) visit(module)
  return [...found.values()]
}

// Each module of `src` (relative path) and the modules of `src` it imports statically.
const importGraph = (): Map<string, Array<string>> => {
  const graph = new Map<string, Array<string>>()
  for (const file of modules) {
    const module = path.relative(src, file).split(path.sep).join("/")
    const targets = importsOf(file, sources.get(file)!)
      .filter((entry) => !entry.dynamic)
      .flatMap(({ specifier }) => targetOf(file, specifier) ?? [])
    graph.set(module, targets)
  }
  for (const [module, targets] of graph) graph.set(module, targets.filter((target) => graph.has(target)))
  return graph
}

// read once, while the file loads: parsing every module is most of the work
const graph = importGraph()

describe("layers", () => {
  it("every module imports only its own layer and the layers below it", () => {
    expect(modules.length).toBeGreaterThan(80)
    const problems = modules.flatMap((file) => upwardImports(file, sources.get(file)!))
    expect(problems, problems.join("\n")).toEqual([])
    const names = [...graph.keys()]
    expect(LAYERS.filter(([layer]) => !names.some((name) => name === layer || name.startsWith(layer)))).toEqual([])
  })

  it("the modules of src import each other without a loop, type imports included", () => {
    expect(graph.size).toBe(modules.length)
    const loops = cycles(graph).map((loop) => [...loop, loop[0]].join(" -> "))
    expect(loops, loops.join("\n")).toEqual([])
  })

  it("CONTRIBUTING.md's table of the fake's layers is this table", () => {
    const guide = fs.readFileSync(path.join(src, "../../../CONTRIBUTING.md"), "utf8")
    const section = guide.slice(guide.indexOf("## The fake's layers"))
    const rows = section.slice(0, section.indexOf("\n## ")).split("\n").filter((line) => line.startsWith("| `"))
    const documented = rows.map((row) => {
      const cells = row.split(" | ")
      const names = (cell: string) => Array.from(cell.matchAll(/`([A-Za-z]+\/|[A-Za-z]+\.ts)`/g), (match) => match[1]!)
      return [names(cells[0]!)[0], names(cells[cells.length - 1]!)]
    })
    expect(documented).toEqual(LAYERS.map(([layer, mayImport]) => [layer, mayImport]))
  })

  it("finds a loop", () => {
    const graph = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]], ["d.ts", ["a.ts"]]])
    expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]])
    expect(cycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []], ["c.ts", ["a.ts", "b.ts"]]]))).toEqual([])
  })

  it("names the module, the import and the rule of an upward import", () => {
    const file = path.join(src, "engine", "points.ts")
    const source = [
      `import { Coord } from "@efa-kit/core"`,
      `import { lookupOf } from "../dataset/lookup.js"`,
      `import { answerStopFinder } from "../answers/stopFinder.js"`,
      `import type { AnswerContext } from "../answers/types.js"`,
      `export { handler } from "../http/handler.js"`,
      `const lazy = () => import("../app.js")`
    ].join("\n")
    const engine = `engine/ may import only dataset/, search/ (${RULE})`
    expect(upwardImports(file, source)).toEqual([
      `engine/points.ts imports "../answers/stopFinder.js": ${engine}`,
      `engine/points.ts imports "../answers/types.js": ${engine}`,
      `engine/points.ts imports "../http/handler.js": ${engine}`,
      `engine/points.ts imports "../app.js": ${engine}`
    ])
    expect(upwardImports(path.join(src, "search", "text.ts"), `import { x } from "../engine/raptor.js"`))
      .toHaveLength(1)
    expect(upwardImports(path.join(src, "dataset", "load.ts"), `import { x } from "../search/text.js"`))
      .toEqual([
        `dataset/load.ts imports "../search/text.js": dataset/ may import only no module of the fake (${RULE})`
      ])
    expect(upwardImports(path.join(src, "dataset", "load.ts"), `import { x } from "./schema.js"`)).toEqual([])
    expect(upwardImports(path.join(src, "dataset", "gtfs", "read.ts"), `import { x } from "../schema.js"`))
      .toEqual([])
    // the rapidJSON completion sits below the registry and HTTP, the registry below HTTP
    expect(upwardImports(path.join(src, "rapidJson", "lenient.ts"), `import { x } from "../http/responses.js"`))
      .toHaveLength(1)
    expect(upwardImports(path.join(src, "rapidJson", "enrich.ts"), `import type { x } from "../registry.js"`))
      .toHaveLength(1)
    expect(upwardImports(path.join(src, "registry.ts"), `import type { x } from "./http/responses.js"`))
      .toHaveLength(1)
    expect(upwardImports(path.join(src, "http", "app.ts"), `import { x } from "../registry.js"`)).toEqual([])
    expect(upwardImports(path.join(src, "http", "routes", "admin.ts"), `import { x } from "../../server.js"`))
      .toHaveLength(1)
    // the entry points import anything; a folder of no layer is named
    expect(upwardImports(path.join(src, "index.ts"), `export * from "./http/app.js"`)).toEqual([])
    expect(upwardImports(path.join(src, "extras", "x.ts"), ``)).toEqual([
      `extras/x.ts is in extras/, a folder of no layer (${RULE})`
    ])
  })
})
