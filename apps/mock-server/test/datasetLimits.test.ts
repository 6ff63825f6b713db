import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { nestingDepth } from "../src/dataset/load.js"
import { DEFAULT_DATASET_LIMITS, embeddedDatasetPath, loadDataset } from "../src/index.js"

const copyDataset = (): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-dataset-"))
  for (const file of fs.readdirSync(embeddedDatasetPath)) {
    fs.copyFileSync(path.join(embeddedDatasetPath, file), path.join(folder, file))
  }
  return folder
}

describe("dataset limits", () => {
  it.effect("a file nested 100,000 levels deep is refused, naming the file and the limit", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      fs.writeFileSync(path.join(folder, "stops.json"), "[".repeat(100_000) + "]".repeat(100_000))
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("stops.json")
      expect(error.message).toContain("stops.json")
      expect(error.message).toContain(`${DEFAULT_DATASET_LIMITS.maxDepth} levels`)
    }))

  it.effect("a file over the size limit is refused before it is read, naming the file and the limit", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(loadDataset(embeddedDatasetPath, { maxFileBytes: 50_000 }))
      expect(error.file).toBe("lines.json")
      expect(error.message).toMatch(/lines\.json: the file has \d+ bytes, more than the limit of 50000 bytes/)
    }))

  it.effect("the embedded dataset is well within both limits", () =>
    Effect.gen(function*() {
      const dataset = yield* loadDataset(embeddedDatasetPath, { maxDepth: 8, maxFileBytes: 100_000 })
      expect(dataset.stops.length).toBeGreaterThan(0)
    }))

  it("counts nesting outside strings only", () => {
    expect(nestingDepth(`{"a":[1,{"b":"[[[{{{"}]}`)).toBe(3)
    expect(nestingDepth(`["\\"[[["]`)).toBe(1)
    expect(nestingDepth("[".repeat(1000), 10)).toBe(11)
  })
})
