// Rewrites imports through Effect's index into imports of its modules by subpath, so that bundlers
// load only the modules a file uses (the index pulls in every module, fast-check included):
//
//   import { Effect, Schema, type Scope } from "effect"
// becomes
//   import * as Effect from "effect/Effect"
//   import * as Schema from "effect/Schema"
//   import type * as Scope from "effect/Scope"
//
// Safe to run again; it touches only the production sources of packages/core (`src`).
//
//   node scripts/effect-subpath-imports.mjs [--check]
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const root = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..")
const folders = [Path.join(root, "packages/core/src")]
const check = process.argv.includes("--check")

const effectImport = /^import (type )?\{([^}]*)\} from "effect"\n/gm

// Index names that are not modules of their own.
const nonModules = new Map([
  ["pipe", "Function"],
  ["flow", "Function"],
  ["identity", "Function"],
  ["absurd", "Function"],
  ["hole", "Function"],
  ["unsafeCoerce", "Function"]
])

const rewrite = (text) =>
  text.replace(effectImport, (_, typeOnly, names) => {
    const lines = []
    const functions = []
    for (const raw of names.split(",").map((name) => name.trim()).filter((name) => name.length > 0)) {
      const isType = typeOnly !== undefined || raw.startsWith("type ")
      const spec = raw.replace(/^type\s+/, "")
      const [name, alias] = spec.split(/\s+as\s+/)
      if (nonModules.has(name)) {
        functions.push(`${isType ? "type " : ""}${spec}`)
        continue
      }
      lines.push(`import ${isType ? "type " : ""}* as ${alias ?? name} from "effect/${name}"`)
    }
    if (functions.length > 0) lines.push(`import { ${functions.join(", ")} } from "effect/Function"`)
    return lines.map((line) => line + "\n").join("")
  })

const files = folders.flatMap((folder) =>
  Fs.readdirSync(folder, { recursive: true })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => Path.join(folder, file))
)

let changed = 0
for (const file of files) {
  const text = Fs.readFileSync(file, "utf8")
  const next = rewrite(text)
  if (next === text) continue
  changed++
  if (check) console.log(`imports Effect through its index: ${Path.relative(root, file)}`)
  else Fs.writeFileSync(file, next)
}
console.log(`${changed} file(s) ${check ? "to rewrite" : "rewritten"}`)
if (check && changed > 0) process.exit(1)
