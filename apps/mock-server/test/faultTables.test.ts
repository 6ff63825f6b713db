import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { faultKinds, modifiers } from "../src/http/faults.js"

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
