import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

// An export of `src/internal/` is there for another module: one that no module, test or benchmark of core imports
// is dead code behind an `export` (a value only its own module uses stays unexported).
const core = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..")
const internal = Path.join(core, "src", "internal")

const sources = (folder: string): Array<string> =>
  (Fs.readdirSync(Path.join(core, folder), { recursive: true }) as Array<string>)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => Path.join(core, folder, file))

const texts = new Map(["src", "test", "bench"].flatMap(sources).map((file) => [file, Fs.readFileSync(file, "utf8")]))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

// Whether `text` imports `name` from the module `base` (`.../base.js`): by name, through a namespace or a
// dynamic `import()` that reads it as a member, or re-exported whole.
const imports = (text: string, base: string, name: string): boolean => {
  const module = `"[^"]*/${escape(base)}\\.js"`
  return new RegExp(`import\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*${module}`).test(text) ||
    new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*${module}`).test(text) ||
    new RegExp(`export \\* from ${module}`).test(text) ||
    ((new RegExp(`import \\* as \\w+ from ${module}`).test(text) || new RegExp(`import\\(${module}\\)`).test(text)) &&
      new RegExp(`\\.${name}\\b`).test(text))
}

describe("src/internal/", () => {
  it("exports only values another module, a test or a benchmark imports", () => {
    const unused = [...texts].filter(([file]) => file.startsWith(internal)).flatMap(([file, text]) => {
      const base = Path.basename(file, ".ts")
      const names = [...text.matchAll(/^export (?:const|function|class|let) (\w+)/gm)].map(([, name]) => name!)
      return names.filter((name) =>
        ![...texts].some(([other, otherText]) => other !== file && imports(otherText, base, name))
      ).map((name) => `${Path.relative(core, file)}: ${name}`)
    })
    expect(unused).toEqual([])
  })
})
