import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

// The fake's domain layers, lowest first. A module may import its own layer and the layers below it;
// everything else in `src` (the app, its routes and middleware) is above all of them.
const LAYERS = ["dataset", "search", "engine", "answers"] as const
type Layer = (typeof LAYERS)[number]

const RULE = "the fake's layers import only downwards: dataset <- search <- engine <- answers <- http"

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src")

const specifiers = (source: string): Array<string> =>
  Array.from(
    source.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|(?:^|\s)import\s*\(?\s*"([^"]+)"/gm),
    (match) => match[1] ?? match[2]!
  )

/**
 * The upward imports of one module of `layer`, each as a message naming the module, the import and
 * the rule it breaks.
 */
const upwardImports = (layer: Layer, file: string, source: string): Array<string> => {
  const allowed = LAYERS.slice(0, LAYERS.indexOf(layer) + 1)
  const problems: Array<string> = []
  for (const specifier of specifiers(source)) {
    if (!specifier.startsWith(".")) continue
    const target = path.relative(src, path.resolve(path.dirname(file), specifier))
    const targetLayer = target.split(path.sep)[0]!
    if (target.startsWith("..") || !(allowed as ReadonlyArray<string>).includes(targetLayer)) {
      problems.push(
        `${path.relative(src, file)} imports "${specifier}": ${layer}/ may import only ${
          allowed.map((name) => `${name}/`).join(", ")
        } (${RULE})`
      )
    }
  }
  return problems
}

const modulesOf = (layer: Layer): Array<string> =>
  fs.readdirSync(path.join(src, layer), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(src, layer, name))

describe("layers", () => {
  it("dataset, search, engine and answers import nothing above them", () => {
    const problems: Array<string> = []
    let modules = 0
    for (const layer of LAYERS) {
      for (const file of modulesOf(layer)) {
        modules++
        problems.push(...upwardImports(layer, file, fs.readFileSync(file, "utf8")))
      }
    }
    expect(modules).toBeGreaterThan(10)
    expect(problems, problems.join("\n")).toEqual([])
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
    expect(upwardImports("engine", file, source)).toEqual([
      `engine/points.ts imports "../answers/stopFinder.js": engine/ may import only dataset/, search/, engine/ (${RULE})`,
      `engine/points.ts imports "../answers/types.js": engine/ may import only dataset/, search/, engine/ (${RULE})`,
      `engine/points.ts imports "../http/handler.js": engine/ may import only dataset/, search/, engine/ (${RULE})`,
      `engine/points.ts imports "../app.js": engine/ may import only dataset/, search/, engine/ (${RULE})`
    ])
    expect(upwardImports("search", path.join(src, "search", "text.ts"), `import { x } from "../engine/raptor.js"`))
      .toHaveLength(1)
    expect(upwardImports("dataset", path.join(src, "dataset", "load.ts"), `import { x } from "../search/text.js"`))
      .toHaveLength(1)
    expect(upwardImports("dataset", path.join(src, "dataset", "load.ts"), `import { x } from "./schema.js"`))
      .toEqual([])
  })
})
