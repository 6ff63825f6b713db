import { makeAdmin } from "@efa-kit/mock-server"
import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// Figures and names the guides repeat, compared with where they come from: the round-trip ratios of
// README.md and docs/client.md with the measured table of docs/benchmarks.md, and the admin methods that
// docs/testing.md lists with the fixture's admin client. A new measurement or a new method that the
// other pages do not follow fails here.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const page = (path: string) => readFileSync(join(root, path), "utf8")

// The wall figure of the benchmarks table's row that begins with `label`.
const measured = (label: string): number => {
  const row = page("docs/benchmarks.md").split("\n").find((line) => line.startsWith(`| ${label}`))
  const figure = row === undefined ? undefined : /\| wall (\d+\.\d+)/.exec(row)?.[1]
  if (figure === undefined) throw new Error(`docs/benchmarks.md has no row "${label}" with a wall figure`)
  return Number(figure)
}
const undici = () => measured("client round trip (`EfaClient` stop finder")
const withoutSpan = () => measured("the same without the span")
const fetchClient = () => measured("the same with `FetchHttpClient.layer`")
const nodeClient = () => measured("the same with `NodeHttpClient.layer`")

describe("the figures of the guides", () => {
  it("docs/client.md gives the round trip's ratios of the benchmarks page, to one decimal", () => {
    const text = page("docs/client.md").replace(/\s+/g, " ")
    expect(text).toContain(`\`FetchHttpClient.layer\` costs about ${fetchClient().toFixed(1)} times`)
    expect(text).toContain(`\`NodeHttpClient.layer\` ${nodeClient().toFixed(1)} times`)
  })

  it("README.md gives the round trip's figures of the benchmarks page", () => {
    const text = page("README.md").replace(/\s+/g, " ")
    expect(text).toContain(`takes ${undici().toFixed(2)} of a raw \`fetch\``)
    expect(text).toContain(`(${withoutSpan().toFixed(2)} without the span per call)`)
    expect(text).toContain(`and ${fetchClient().toFixed(2)} with \`FetchHttpClient\``)
  })
})

describe("the admin methods of docs/testing.md", () => {
  it("are every method of the fixture's admin client", () => {
    const methods = Object.keys(makeAdmin({ baseUrl: "http://127.0.0.1:1/" })).sort()
    const listed = [...page("docs/testing.md").matchAll(/^\| `([a-zA-Z]+)` \|/gm)].map(([, name]) => name!).sort()
    expect(methods.length).toBeGreaterThan(5)
    expect(listed).toEqual(methods)
  })
})
