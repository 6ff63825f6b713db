import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type CodeBlock, typeScriptBlocks } from "../../../scripts/docs-blocks.js"

// Every TypeScript block of README.md and docs/ type-checks as a user's strict project would check it
// (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess) against the built packages: by TypeScript 7 in
// `pnpm test`, by TypeScript 5.9 in `pnpm test:typescript-5`. The compiler's command line, not its API: TypeScript
// 7 has none yet and checks the pages in a fraction of 5.9's time. `docBlocks.test.ts` runs the same blocks against
// the fake; this check does not depend on Node, so `pnpm test:node-lines` leaves it out.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const blocksDir = join(root, "examples", "node", "build", "doc-block-types")
const withTypeScript5 = process.env.EFA_TEST_TYPESCRIPT_5 === "1"
const compiler = withTypeScript5 ? "TypeScript 5.9" : "TypeScript 7"
const tsc = join(root, "node_modules", withTypeScript5 ? "typescript" : "typescript-7", "bin", "tsc")

const fileOf = (block: CodeBlock) => `${block.page.replace(/[/.]/g, "_")}_L${block.line}.ts`
const blocks = typeScriptBlocks(root)

const compilerOptions = {
  target: "ES2022",
  lib: ["ES2022", "DOM", "ESNext.Disposable"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  moduleDetection: "force",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  types: ["node"]
}

const typeCheck = () =>
  new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      [tsc, "-p", join(blocksDir, "tsconfig.json"), "--pretty", "false"],
      { cwd: blocksDir, timeout: 280_000 },
      (_error, stdout, stderr) => resolve(stdout + stderr)
    )
  })

// `README_md_L63.ts(12,5): error TS2322: ...` names the page and line the block's line stands at
const where = (line: string) => {
  const match = /^(?:.*[/\\])?([^/\\(]+\.ts)\((\d+),\d+\): (.*)$/.exec(line)
  const block = match === null ? undefined : blocks.find((b) => fileOf(b) === match[1])
  return block === undefined ? line : `${block.page}:${block.line + Number(match![2])}: ${match![3]}`
}

describe("the TypeScript blocks of README.md and docs/", () => {
  it("are there to check", () => {
    expect(blocks.length).toBeGreaterThan(10)
  })

  it(`type-check strictly with ${compiler}, with exactOptionalPropertyTypes and noUncheckedIndexedAccess`, async () => {
    rmSync(blocksDir, { recursive: true, force: true })
    mkdirSync(blocksDir, { recursive: true })
    for (const block of blocks) writeFileSync(join(blocksDir, fileOf(block)), block.code)
    writeFileSync(
      join(blocksDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions, files: blocks.map(fileOf) }, null, 2)
    )
    const output = await typeCheck()
    expect(output.split("\n").filter((line) => line.trim() !== "").map(where)).toEqual([])
  }, 300_000)
})
