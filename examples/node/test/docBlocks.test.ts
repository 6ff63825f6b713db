import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { transform } from "esbuild"
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type CodeBlock, typeScriptBlocks } from "../../../scripts/docs-blocks.js"

// Every TypeScript block of README.md and docs/ is a complete program: it runs against the fake on a port (its
// `http://localhost:8080` pointed at it); `docBlockTypes.test.ts` type-checks the same blocks. A block that is a
// Vitest test is the text of a test file of examples/vitest, which `pnpm test` runs.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const examplesDir = join(root, "examples", "node")
const blocksDir = join(examplesDir, "build", "doc-blocks")

const fileOf = (block: CodeBlock) => `${block.page.replace(/[/.]/g, "_")}_L${block.line}`
const blocks = typeScriptBlocks(root)
const isTest = (block: CodeBlock) => /from "(?:vitest|@effect\/vitest|@efa-kit\/mock-server\/vitest)"/.test(block.code)
const programs = blocks.filter((block) => !isTest(block))
const tests = blocks.filter(isTest)

let server: RunningServer

beforeAll(async () => {
  rmSync(blocksDir, { recursive: true, force: true })
  mkdirSync(blocksDir, { recursive: true })
  server = Either.getOrThrow(await startServer({ port: 0 }))
})

afterAll(() => server?.close())

const run = (file: string, baseUrl: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [file],
      { cwd: examplesDir, env: { ...process.env, EFA_BASE_URL: baseUrl }, timeout: 50_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : (error.code as number) ?? 1, stdout, stderr })
    )
  })

describe("the TypeScript blocks of README.md and docs/", () => {
  it.concurrent.each(programs.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "%s runs against the fake",
    async (_, block) => {
      const source = block.code.replaceAll("http://localhost:8080", server.baseUrl.replace(/\/$/, ""))
      const { code } = await transform(source, { loader: "ts", format: "esm", target: "node20" })
      const file = join(blocksDir, `${fileOf(block)}.mjs`)
      writeFileSync(file, code)
      const result = await run(file, server.baseUrl)
      expect({ code: result.code, stderr: result.code === 0 ? "" : result.stderr }).toEqual({ code: 0, stderr: "" })
    }
  )

  it.each(tests.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "%s is the text of a test file of examples/vitest",
    (_, block) => {
      const dir = join(root, "examples", "vitest")
      const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter((line) => line.length > 0)
      const wanted = lines(block.code)
      const files = readdirSync(dir).filter((file) => file.endsWith(".test.ts"))
      const holding = files.filter((file) => {
        const have = new Set(lines(readFileSync(join(dir, file), "utf8")))
        return wanted.every((line) => have.has(line))
      })
      expect(holding, `no file of examples/vitest holds every line of the block`).not.toEqual([])
    }
  )
})
