import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const src = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "../src")

// Every static import and re-export of a module of `src`, type-only ones included: a loop of types still ties
// the modules' declarations together. A dynamic `import()` is left out: it is how a module loads another on
// demand, and it runs after both have loaded.
const importsOf = (file: string): Array<string> => {
  const text = Fs.readFileSync(file, "utf8")
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const out: Array<string> = []
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
      ? statement.moduleSpecifier
      : undefined
    if (specifier === undefined || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue
    out.push(Path.resolve(Path.dirname(file), specifier.text.replace(/\.js$/, ".ts")))
  }
  return out
}

const graph = new Map<string, Array<string>>()
for (const file of Fs.readdirSync(src, { recursive: true }) as Array<string>) {
  if (file.endsWith(".ts")) graph.set(Path.join(src, file), [])
}
for (const file of graph.keys()) graph.set(file, importsOf(file).filter((target) => graph.has(target)))

// The loops of the graph, each once: a depth-first search that reports the path back to a module on the stack.
const cycles = (): Array<Array<string>> => {
  const found = new Map<string, Array<string>>()
  const state = new Map<string, "open" | "done">()
  const stack: Array<string> = []
  const visit = (file: string) => {
    state.set(file, "open")
    stack.push(file)
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === "open") {
        const loop = stack.slice(stack.indexOf(target)).map((path) => Path.relative(src, path))
        found.set([...loop].sort().join(" "), loop)
      } else if (state.get(target) === undefined) visit(target)
    }
    stack.pop()
    state.set(file, "done")
  }
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file)
  return [...found.values()]
}

// The static imports of a module that bring in values (not `import type`, not `export type`).
const valueImportsOf = (file: string): Array<string> => {
  const source = ts.createSourceFile(
    file,
    Fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS
  )
  const out: Array<string> = []
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue
    const specifier = statement.moduleSpecifier
    if (!ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue
    out.push(Path.resolve(Path.dirname(file), specifier.text.replace(/\.js$/, ".ts")))
  }
  return out
}

const isOperationModule = (file: string): boolean => /^export const operation\b/m.test(Fs.readFileSync(file, "utf8"))

// Every module a file names in an import or re-export, type-only ones included.
const specifiersOf = (file: string): Array<string> => {
  const source = ts.createSourceFile(
    file,
    Fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS
  )
  return source.statements.flatMap((statement) => {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
      ? statement.moduleSpecifier
      : undefined
    return specifier !== undefined && ts.isStringLiteral(specifier) ? [specifier.text] : []
  })
}

// Effect's parser internals: the operation modules write mappings and messages, `internal/schema/query.ts` and
// `internal/schema/parsed.ts` turn them into the parser's issues.
const parserInternals = ["effect/ParseResult", "effect/SchemaAST"]

// The layers of `src/internal/`, each a folder whose `index.ts` says what it holds, and the internal folders
// each may import from (besides itself).
const layers: Record<string, ReadonlyArray<string>> = {
  effect: [],
  schema: [],
  decode: ["schema", "effect"],
  rapidjson: ["schema", "decode", "effect"],
  executor: ["schema", "decode", "effect"],
  watch: [],
  client: ["schema", "watch"]
}

// Effect's runtime internals, which only `internal/effect/` may use: its fiber refs and runtime, the stepping of
// schedules, and the modules Effect keeps internal.
const runtimeModules = [
  "effect/FiberRef",
  "effect/FiberRefs",
  "effect/FiberRefsPatch",
  "effect/RuntimeFlags",
  "effect/RuntimeFlagsPatch",
  "effect/DefaultServices",
  "effect/ScheduleDecision",
  "effect/ScheduleIntervals",
  "effect/ScheduleInterval"
]
const runtimeMembers = /\.unsafeMap\b|\bwithFiberRuntime\b|\bupdateFiberRefs\b|\bgetFiberRef\b/

const layerOf = (file: string): string | undefined => {
  const relative = Path.relative(Path.join(src, "internal"), file)
  if (relative.startsWith("..")) return undefined
  return relative.split(Path.sep)[0]
}

describe("core's modules", () => {
  it("src/internal/ is in folders by layer, each importing only the layers below it", () => {
    const internal = [...graph.keys()].filter((file) => layerOf(file) !== undefined)
    expect(internal.filter((file) => !(layerOf(file)! in layers)).map((file) => Path.relative(src, file))).toEqual([])
    for (const layer of Object.keys(layers)) {
      expect(Fs.existsSync(Path.join(src, "internal", layer, "index.ts")), layer).toBe(true)
    }
    const upward = internal.flatMap((file) => {
      const from = layerOf(file)!
      return graph.get(file)!.filter((target) => {
        const to = layerOf(target)
        return to !== undefined && to !== from && !layers[from]!.includes(to)
      }).map((target) =>
        `${Path.relative(src, file)} -> ${Path.relative(src, target)} (${from}/ may import ${
          ["itself", ...layers[from]!].join(", ")
        })`
      )
    })
    expect(upward).toEqual([])
  })

  it("only src/internal/effect/ reaches into Effect's runtime internals", () => {
    const outside = [...graph.keys()].filter((file) => layerOf(file) !== "effect")
    const found = outside.flatMap((file) => [
      ...specifiersOf(file).filter((specifier) =>
        runtimeModules.includes(specifier) || specifier.startsWith("effect/internal")
      ).map((specifier) => `${Path.relative(src, file)} imports ${specifier}`),
      ...(runtimeMembers.test(Fs.readFileSync(file, "utf8"))
        ? [`${Path.relative(src, file)} uses a runtime member`]
        : [])
    ])
    expect(found).toEqual([])
  })

  it("a rapidJSON codec, loaded on demand, holds no operation module: it imports them as types only", () => {
    const codecs = [...graph.keys()].filter((file) => file.includes(`${Path.sep}rapidjson${Path.sep}`))
    expect(codecs.length).toBeGreaterThan(8)
    const pulled = codecs.flatMap((codec) =>
      valueImportsOf(codec).filter((target) => graph.has(target) && isOperationModule(target)).map((target) =>
        `${Path.relative(src, codec)} -> ${Path.relative(src, target)}`
      )
    )
    expect(pulled).toEqual([])
  })

  it("an operation module (src/<Operation>.ts) imports none of Effect's parser internals", () => {
    const operations = [...graph.keys()].filter((file) => Path.dirname(file) === src && isOperationModule(file))
    expect(operations.length).toBeGreaterThanOrEqual(10)
    const found = operations.flatMap((file) =>
      specifiersOf(file).filter((specifier) => parserInternals.includes(specifier)).map((specifier) =>
        `${Path.relative(src, file)} imports ${specifier}`
      )
    )
    expect(found).toEqual([])
  })

  it("a public module the executor builds on imports none of the executor's modules", () => {
    // The executor reads the descriptor (`Operation`), the deployment data (`Profile`), the errors: modules below
    // it, which reach what they share with it in a lower layer. A module that loads an executor module on demand
    // (`OperationClient` and its `sharing.ts`) has it as a part of its own.
    const executor = [...graph.keys()].filter((file) => layerOf(file) === "executor")
    const loadsOnDemand = (file: string, target: string) =>
      Fs.readFileSync(file, "utf8").includes(
        `import("./${Path.relative(Path.dirname(file), target).replace(/\.ts$/, ".js")}")`
      )
    // each public module an executor module imports, unless it is that module's loader
    const below = new Set(
      executor.flatMap((file) =>
        graph.get(file)!.filter((target) => layerOf(target) === undefined && !loadsOnDemand(target, file))
      )
    )
    expect([...below].map((file) => Path.basename(file))).toEqual(
      expect.arrayContaining(["Operation.ts", "Profile.ts"])
    )
    const found = [...below].flatMap((file) =>
      graph.get(file)!.filter((target) => layerOf(target) === "executor").map((target) =>
        `${Path.relative(src, file)} -> ${Path.relative(src, target)}`
      )
    )
    expect(found).toEqual([])
  })

  it("import each other without a loop, type imports included", () => {
    expect(graph.size).toBeGreaterThan(40)
    expect(cycles().map((loop) => [...loop, loop[0]].join(" -> "))).toEqual([])
  })
})
