import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { faultKinds, modifierEntries, modifiers } from "../src/http/faults.js"

// The directive tables of the README and of the fault module's doc comment repeat the fault table: each
// must list every directive, with the value it takes, and nothing else.
const app = Path.join(Path.dirname(fileURLToPath(import.meta.url)), "..")

const directives = [
  ...Object.entries(modifiers).map(([name, { value }]) => ({ name, value, optional: false })),
  ...Object.entries(faultKinds).map(([name, kind]) => ({
    name,
    value: "value" in kind ? kind.value : undefined,
    // a kind whose value may be left out (`system-error[=<code>]`)
    optional: "value" in kind
  }))
]

const spelled = ({ name, optional, value }: (typeof directives)[number]) =>
  value === undefined ? name : optional ? `${name}[=${value}]` : `${name}=${value}`

const tableOf = (text: string): Array<string> =>
  [...text.matchAll(/^(?: \* )?\| `([^`]+)` \|/gm)].map(([, directive]) => directive!)

describe("the fault directive tables", () => {
  it.each(["README.md", "src/http/faults.ts"])("%s lists every directive with its value", (file) => {
    const listed = tableOf(Fs.readFileSync(Path.join(app, file), "utf8")).filter((cell) =>
      directives.some(({ name }) => cell === name || cell.startsWith(`${name}=`) || cell.startsWith(`${name}[`))
    )
    expect(listed.sort()).toEqual(directives.map(spelled).sort())
  })
})

// Other pages name the directives in prose: each must name every kind and every modifier that sets a field.
describe("the fault directives named in prose", () => {
  const kinds = Object.keys(faultKinds)
  const fieldDirectives = modifierEntries.map(([name]) => name)

  it("docs/testing.md names every kind and modifier in its fault examples", () => {
    const text = Fs.readFileSync(Path.join(app, "../../docs/testing.md"), "utf8")
    const examples = /header `x-efa-fault` \(([^)]*)\)/.exec(text)?.[1]
    expect(examples).toBeDefined()
    const named = [...(examples ?? "").matchAll(/`([^`]+)`/g)].flatMap(([, example]) =>
      example!.split(";").map((directive) => directive.split("=")[0]!.trim())
    )
    expect([...new Set(named)].sort()).toEqual([...fieldDirectives, ...kinds].sort())
  })

  it("the README's script step lists every modifier's field and every kind", () => {
    const text = Fs.readFileSync(Path.join(app, "README.md"), "utf8")
    const step = /A step is an object `\{([^`]*)\}`/.exec(text)?.[1]
    expect(step).toBeDefined()
    const keys = [...(step ?? "").matchAll(/(\w+)\?/g)].map(([, key]) => key)
    const kindsListed = [...(step ?? "").matchAll(/"([^"]+)"/g)].map(([, kind]) => kind)
    expect(keys).toEqual([...modifierEntries.map(([, { field }]) => field), "kind", "code"])
    expect(kindsListed).toEqual(kinds)
  })
})
