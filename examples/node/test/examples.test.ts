import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { build } from "esbuild"
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { expectations } from "./expectations.js"

// Every program in examples/node runs as a user would run it: its own Node process, against the fake on a
// real port, and must print what test/expectations.ts says, so an example that stops working fails here.
// The programs are type-checked by `tsc -b`. Two of them, one through each client, run on Node's own module
// loading of the built packages (stripped of their types, as a TypeScript loader in each process would cost
// more than the program); the others are bundled in one build with those packages, as loading Effect's modules
// one by one costs a process about four times the CPU of the program.
const examplesDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const buildDir = join(examplesDir, "build", "programs")

const run = (file: string, baseUrl: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(buildDir, file.replace(/\.ts$/, ".mjs"))],
      { cwd: examplesDir, env: { ...process.env, EFA_BASE_URL: baseUrl, WATCH_SECONDS: "2" }, timeout: 50_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : (error.code as number) ?? 1, stdout, stderr })
    )
  })

let server: RunningServer

const onNodesLoading = new Set(["stop-finder.ts", "promise.ts"])

beforeAll(async () => {
  rmSync(buildDir, { recursive: true, force: true })
  mkdirSync(buildDir, { recursive: true })
  const programs = Object.keys(expectations)
  const common = { platform: "node", format: "esm", target: "node20", outdir: buildDir, logLevel: "silent" } as const
  await build({
    ...common,
    entryPoints: programs.filter((file) => onNodesLoading.has(file)).map((file) => join(examplesDir, file)),
    outExtension: { ".js": ".mjs" }
  })
  await build({
    ...common,
    entryPoints: programs.filter((file) => !onNodesLoading.has(file)).map((file) => join(examplesDir, file)),
    bundle: true,
    outExtension: { ".js": ".mjs" },
    // CommonJS dependencies bundled into an ES module still call `require`
    banner: {
      js: "import * as __efaModule from \"node:module\"; const require = __efaModule.createRequire(import.meta.url);"
    }
  })
  server = Either.getOrThrow(await startServer({ port: 0 }))
}, 120_000)

afterAll(() => server?.close())

describe("examples/node", () => {
  it("has an expectation for every program, and a program for every expectation", () => {
    const programs = readdirSync(examplesDir).filter((f) => f.endsWith(".ts") && f !== "vitest.config.ts").sort()
    expect(programs).toEqual(Object.keys(expectations).sort())
  })

  it.concurrent.each(Object.keys(expectations))("%s runs against the fake", async (file) => {
    const { code, stderr, stdout } = await run(file, server.baseUrl)
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" })
    for (const pattern of expectations[file]!) expect(stdout).toMatch(pattern)
  })
})
