import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

// CONTRIBUTING's recipe for a table-only operation names the source files it touches; the operations built by
// `tableOperation` are held to it here: the files that name one of them are the recipe's, no more and no fewer.
const core = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..")
const root = Path.join(core, "..", "..")
const src = Path.join(core, "src")

const sources = (dir: string): Array<string> =>
  Fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = Path.join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : entry.name.endsWith(".ts") ? [path] : []
  })

const files = sources(src).map((path) => ({
  path: Path.relative(root, path).split(Path.sep).join("/"),
  text: Fs.readFileSync(path, "utf8")
}))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

// The files that name an operation: its module, the modules that import it or its codec (statically, as a type
// or by `import()`), and the lists that have an entry for it by method name (a path, a descriptor, a loader).
const filesNaming = (module: string): Array<string> => {
  const name = module[0]!.toLowerCase() + module.slice(1)
  const imports = new RegExp(`["'](?:\\.\\.?/)+(?:[\\w/]*/)?${escape(module)}\\.js["']`)
  const entry = new RegExp(
    `^\\s+${escape(name)}: (?:"XML_|[A-Z_]+,?$|\\(\\) => import\\(|\\{ operation: |\\w+\\.operation)`,
    "m"
  )
  return files
    .filter((file) => file.path.endsWith(`/${module}.ts`) || imports.test(file.text) || entry.test(file.text))
    .map((file) => file.path)
    .sort()
}

const tableOnly = files
  .filter((file) => /^packages\/core\/src\/\w+\.ts$/.test(file.path) && /\btableOperation\(/.test(file.text))
  .map((file) => Path.basename(file.path, ".ts"))

// The recipe's files for an operation `MyOperation`, as CONTRIBUTING names them; the codec is its own file
// unless the operation shares one.
const recipe = (module: string, ownCodec: boolean): Array<string> =>
  [
    `packages/core/src/${module}.ts`,
    `packages/core/src/internal/client/lazy/${module}.ts`,
    "packages/core/src/index.ts",
    "packages/core/src/internal/schema/operationNames.ts",
    "packages/core/src/internal/client/load.ts",
    "packages/core/src/Operations.ts",
    "packages/core/src/RapidJson.ts",
    ...(ownCodec ? [`packages/core/src/internal/rapidjson/${module}.ts`] : [])
  ].sort()

describe("a table-only operation", () => {
  it("is built by tableOperation in the operations the recipe names", () => {
    expect(tableOnly.sort()).toEqual(["LineStops", "Lines", "Stops", "SystemInfo"])
  })

  it.each(["LineStops", "Lines", "Stops", "SystemInfo"])("%s touches exactly the recipe's source files", (module) => {
    const ownCodec = Fs.existsSync(Path.join(src, "internal", "rapidjson", `${module}.ts`))
    expect(filesNaming(module)).toEqual(recipe(module, ownCodec))
  })

  it("is what CONTRIBUTING's recipe names, file by file", () => {
    const contributing = Fs.readFileSync(Path.join(root, "CONTRIBUTING.md"), "utf8")
    const start = contributing.indexOf("A table-only operation (every wire parameter")
    expect(start).toBeGreaterThan(-1)
    const paragraph = contributing.slice(start, contributing.indexOf("\n\n", start))
    const named = [...paragraph.matchAll(/`(packages\/core\/src\/[\w/]+\.ts)`/g)].map(([, path]) => path!)
    expect([...new Set(named)].sort()).toEqual(recipe("MyOperation", true))
  })
})
