import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { installLines, packagesOf } from "../../../scripts/docs-blocks.js"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const readme = readFileSync(join(root, "README.md"), "utf8")
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`)
  if (start === -1) return ""
  const end = readme.indexOf("\n## ", start + 1)
  return readme.slice(start, end === -1 ? undefined : end)
}

// The version a caret or tilde range admits: `^0.30` admits 0.30.x, `^3.22` admits 3.x from 3.22, `~5.9` 5.9.x.
const admits = (range: string, version: string): boolean => {
  const match = /^([~^])(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range)
  if (match === null) return false
  const [major, minor = 0, patch = 0] = version.split(".").map(Number) as [number, number?, number?]
  const [want, wantMinor, wantPatch] = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)]
  if (major !== want) return false
  const locksMinor = match[1] === "~" || want === 0
  if (locksMinor && match[3] !== undefined && minor !== wantMinor) return false
  return minor > wantMinor || (minor === wantMinor && patch >= wantPatch)
}

// The packages whose npm `latest` is for another line than the one this repository uses: an install line
// must name their range, and the range must admit the version the workspace is tested with.
const pinnedLines: Record<string, string> = {
  "effect": "packages/core",
  "@effect/platform": "packages/core",
  "@effect/platform-node": "examples/node",
  "@effect/vitest": "examples/node",
  "vitest": "examples/node"
}
const versionIn = (pkg: string, dir: string): string =>
  JSON.parse(readFileSync(join(root, dir, "node_modules", pkg, "package.json"), "utf8")).version

describe("README.md", () => {
  it("is a landing page of at most 250 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(250)
    for (const title of ["Install", "With Effect", "Without Effect: the Promise client", "The fake", "Documentation"]) {
      expect(section(title), title).not.toBe("")
    }
    expect(readme.match(/^```ts$/gm)?.length).toBe(2)
  })

  it("says where people install that efa-kit is ESM only, and how to make a project a module", () => {
    expect(section("Install")).toMatch(/ESM only/)
    expect(section("Install")).toContain("npm pkg set type=module")
  })
})

describe("the install lines of README.md and docs/", () => {
  // The page on moving to Effect 4 shows how its facts were checked, with Effect 4's own packages.
  const lines = installLines(root).filter((line) => line.page !== "docs/effect-4.md")

  it("are found, and each names a package", () => {
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(packagesOf(line.command).length, line.command).toBeGreaterThan(0)
  })

  it.each(lines.map((line) => [`${line.page}: ${line.command}`, line.command] as const))(
    "%s names the Effect 3 ranges, which admit the tested versions",
    (_, command) => {
      for (const [name, range] of packagesOf(command)) {
        const dir = pinnedLines[name]
        if (dir === undefined) continue
        expect(range, `${name} without a range`).toBeDefined()
        expect(admits(range!, versionIn(name, dir)), `${name}@${range} against ${versionIn(name, dir)}`).toBe(true)
      }
    }
  )

  it("come with the word that efa-kit is ESM only, on every page that installs it", () => {
    const pages = new Set(lines.filter((line) => /@efa-kit\//.test(line.command)).map((line) => line.page))
    expect(pages.size).toBeGreaterThanOrEqual(4)
    for (const page of pages) expect(readFileSync(join(root, page), "utf8"), page).toMatch(/ESM only/)
  })

  it("name the Node transport and the test packages", () => {
    const names = new Set(lines.flatMap((line) => packagesOf(line.command).map(([name]) => name)))
    for (const name of ["@efa-kit/core", "@efa-kit/mock-server", "@effect/platform-node", "@effect/vitest", "vitest"]) {
      expect(names).toContain(name)
    }
  })
})

describe("pnpm example", () => {
  const script: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.example
  const [command, ...args] = script.split(" ")

  it("loads @efa-kit/core from its TypeScript sources, so the examples need no build", async () => {
    const specifiers = ["@efa-kit/core", "@efa-kit/core/promise", "@efa-kit/core/StopFinder"]
    const resolved = await new Promise<string>((resolve, reject) =>
      execFile(
        command === "node" ? process.execPath : command!,
        [
          ...args,
          "--input-type=module",
          "-e",
          `console.log(${specifiers.map((s) => `import.meta.resolve("${s}")`).join(",")})`
        ],
        { cwd: join(root, "examples", "node") },
        (error, stdout) => (error === null ? resolve(stdout) : reject(error))
      )
    )
    expect(resolved.trim().split(" ")).toEqual(
      ["src/index.ts", "src/PromiseClient.ts", "src/StopFinder.ts"].map((file) =>
        expect.stringMatching(new RegExp(`packages/core/${file}$`))
      )
    )
  })
})
