import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { build } from "esbuild"
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type CodeBlock, typeScriptBlocks } from "../../../scripts/docs-blocks.js"

// Every TypeScript block of README.md and docs/ is a complete program: it runs against the fake on a port (its
// `http://localhost:8080` pointed at it); `docBlockTypes.test.ts` type-checks the same blocks. A block is bundled
// with the built packages (resolved as Node resolves them from examples/node) into one file, as loading Effect's
// modules one by one costs a process about four times the CPU; examples.test.ts runs programs on Node's own module
// loading. A block that starts the fake runs unbundled, as the fake reads its dataset beside its modules. A block
// that is a Vitest test is the text of a test file of examples/vitest, which `pnpm test` runs.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const examplesDir = join(root, "examples", "node")
const blocksDir = join(examplesDir, "build", "doc-blocks")

const fileOf = (block: CodeBlock) => `${block.page.replace(/[/.]/g, "_")}_L${block.line}`
const blocks = typeScriptBlocks(root)
const isTest = (block: CodeBlock) => /from "(?:vitest|@effect\/vitest|@efa-kit\/mock-server\/vitest)"/.test(block.code)
const programs = blocks.filter((block) => !isTest(block))
const tests = blocks.filter(isTest)

let server: RunningServer

// the fake finds its dataset beside its own modules, so a block that starts one runs it unbundled
const startsTheFake = (block: CodeBlock) => block.code.includes("@efa-kit/mock-server")

beforeAll(async () => {
  rmSync(blocksDir, { recursive: true, force: true })
  mkdirSync(blocksDir, { recursive: true })
  server = Either.getOrThrow(await startServer({ port: 0 }))
  const origin = server.baseUrl.replace(/\/$/, "")
  for (const block of programs) {
    writeFileSync(join(blocksDir, `${fileOf(block)}.ts`), block.code.replaceAll("http://localhost:8080", origin))
  }
  const common = { platform: "node", format: "esm", target: "node20", outdir: blocksDir, logLevel: "silent" } as const
  // One build for every bundled block: esbuild reads Effect and the packages once, not once a block.
  await build({
    ...common,
    entryPoints: programs.filter((block) => !startsTheFake(block)).map((block) =>
      join(blocksDir, `${fileOf(block)}.ts`)
    ),
    bundle: true,
    outExtension: { ".js": ".mjs" },
    absWorkingDir: examplesDir,
    // CommonJS dependencies bundled into an ES module still call `require`
    banner: {
      js: "import * as __efaModule from \"node:module\"; const require = __efaModule.createRequire(import.meta.url);"
    }
  })
  await build({
    ...common,
    entryPoints: programs.filter(startsTheFake).map((block) => join(blocksDir, `${fileOf(block)}.ts`)),
    bundle: false,
    outExtension: { ".js": ".mjs" }
  })
}, 120_000)

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
      const file = join(blocksDir, `${fileOf(block)}.mjs`)
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
