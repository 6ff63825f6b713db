import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { transform } from "esbuild"
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { expectations } from "./expectations.js"

// Every program in examples/node runs as a user would run it: its own Node process, against the fake on a
// real port, and must print what test/expectations.ts says, so an example that stops working fails here.
// The programs are type-checked by `tsc -b`; here they are stripped of their types once and run with plain
// Node, as a TypeScript loader in each process would cost more than the program itself.
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

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true })
  for (const file of Object.keys(expectations)) {
    const source = readFileSync(join(examplesDir, file), "utf8")
    const { code } = await transform(source, { loader: "ts", format: "esm", target: "node20", sourcefile: file })
    writeFileSync(join(buildDir, file.replace(/\.ts$/, ".mjs")), code)
  }
  server = Either.getOrThrow(await startServer({ port: 0 }))
})

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
