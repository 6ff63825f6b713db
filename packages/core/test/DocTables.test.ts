import { describe, expect, it } from "@effect/vitest"
import type * as AST from "effect/SchemaAST"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as EfaError from "../src/EfaError.js"
import { Operations, Profile } from "../src/index.js"

// The guides' tables that repeat the code are compared with it here: a parameter, an error or a profile
// added to the code and not to its page fails, naming what is missing.
const root = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const page = (path: string) => Fs.readFileSync(Path.join(root, path), "utf8")

// The first column of a Markdown table's rows, where it is one code span (`| \`name\` | ...`).
const firstColumn = (text: string): Array<string> => [...text.matchAll(/^\| `([^`]+)` \|/gm)].map(([, name]) => name!)

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen"
]

// The wire parameters an operation names (not the index signatures of its families, `exclMOT_<id>`).
// Undefined when the parameters are not a struct (the test would then check nothing).
const wireNames = (ast: AST.AST): Array<string> | undefined => {
  while (ast._tag === "Refinement" || ast._tag === "Transformation") {
    ast = ast._tag === "Refinement" ? ast.from : ast.to
  }
  return ast._tag === "TypeLiteral" ? ast.propertySignatures.map((signature) => String(signature.name)) : undefined
}

const operations = Object.values(Operations.all)

describe("the guides' tables", () => {
  it.each(operations.map((operation) => [operation.name, operation] as const))(
    "the page of %s names every wire parameter of the operation",
    (name, operation) => {
      const text = page(`docs/${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.md`)
      const names = wireNames(operation.params.ast)
      expect(names).toBeDefined()
      // the system information has no parameters; every other operation has some
      if (name !== "systemInfo") expect(names!.length).toBeGreaterThan(0)
      expect(names!.filter((wire) => !new RegExp(`\`${wire}(=[^\`]*)?\``).test(text))).toEqual([])
    }
  )

  it("list every tagged error, with their number", () => {
    const exported: ReadonlyArray<unknown> = Object.values(EfaError)
    const tags = exported
      .filter((value): value is { readonly fields: { readonly _tag: unknown }; readonly name: string } =>
        typeof value === "function" && "fields" in value && typeof value.fields === "object" &&
        value.fields !== null && "_tag" in value.fields
      )
      .map((error) => error.name)
      .sort()
    expect(tags.length).toBeGreaterThan(5)
    const text = page("docs/errors-and-retries.md")
    expect(firstColumn(text).filter((name) => /Error$/.test(name)).sort()).toEqual(tags)
    const count = NUMBER_WORDS[tags.length]!
    expect(text).toContain(`one of ${count} tagged errors`)
    expect(page("docs/README.md")).toContain(`the ${count} tagged errors`)
  })

  it("list every deployment profile, in the table's order", () => {
    const listed = firstColumn(page("docs/real-deployments.md")).filter((name) => name in Profile.profiles)
    expect(listed).toEqual(Profile.names)
  })

  it("name every operation of the list", () => {
    const module = (name: string) => name[0]!.toUpperCase() + name.slice(1)
    const guides = firstColumn(page("docs/README.md"))
    const methods = page("docs/promise-client.md")
    const modules = firstColumn(page("packages/core/README.md"))
    const missing = operations.flatMap((operation) => [
      ...(guides.includes(operation.name) ? [] : [`docs/README.md: ${operation.name}`]),
      ...(page("docs/README.md").includes(`| \`${operation.name}\` | \`${operation.path}\``)
        ? []
        : [`docs/README.md: the path of ${operation.name}`]),
      ...(methods.includes(`| \`${operation.name}(`) ? [] : [`docs/promise-client.md: ${operation.name}`]),
      ...(modules.includes(module(operation.name)) ? [] : [`packages/core/README.md: ${module(operation.name)}`])
    ])
    expect(missing).toEqual([])
  })

  it("do not count the operations in words, which would drift from the list", () => {
    const count = new RegExp(`\\b(${NUMBER_WORDS.slice(2).join("|")}) operations\\b`, "i")
    const pages = ["README.md", "packages/core/README.md", "apps/mock-server/README.md", "docs/testing.md"]
    expect(pages.filter((path) => count.test(page(path)))).toEqual([])
  })
})
