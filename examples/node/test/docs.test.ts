import { describe, expect, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

// The guides and READMEs link each other, the examples and the sources: every relative link must lead to
// a file of the repository, so that moving or renaming one shows up here.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")

const pages = [
  "README.md",
  "CONTRIBUTING.md",
  "examples/README.md",
  "packages/core/README.md",
  "apps/mock-server/README.md",
  "apps/mock-server/DATASET.md",
  ...readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)
]

describe("documentation links", () => {
  it.each(pages)("%s links only files that exist", (page) => {
    const text = readFileSync(join(root, page), "utf8")
    const broken = [...text.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)]
      .map(([, target]) => target!)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => !existsSync(join(root, dirname(page), target)))
      .map((target) => relative(root, join(root, dirname(page), target)))
    expect(broken).toEqual([])
  })

  it("lists every operation page in the guides' index", () => {
    const index = readFileSync(join(root, "docs", "README.md"), "utf8")
    for (const page of readdirSync(join(root, "docs")).filter((file) => file.endsWith(".md") && file !== "README.md")) {
      expect(index).toContain(`(${page})`)
    }
  })
})
