import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { execFile } from "node:child_process"
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { expectations } from "./expectations.js"

// Every program in examples/node runs as a user would run it: its own Node process, against the fake on a
// real port, and must print what test/expectations.ts says, so an example that stops working fails here.
const examplesDir = join(dirname(fileURLToPath(import.meta.url)), "..")

const run = (file: string, baseUrl: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join("node", file)],
      { cwd: examplesDir, env: { ...process.env, EFA_BASE_URL: baseUrl }, timeout: 50_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : (error.code as number) ?? 1, stdout, stderr })
    )
  })

let server: RunningServer

beforeAll(async () => {
  server = Either.getOrThrow(await startServer({ port: 0 }))
})

afterAll(() => server?.close())

describe("examples/node", () => {
  it("has an expectation for every program, and a program for every expectation", () => {
    const programs = readdirSync(join(examplesDir, "node")).filter((f) => f.endsWith(".ts")).sort()
    expect(programs).toEqual(Object.keys(expectations).sort())
  })

  it.concurrent.each(Object.keys(expectations))("%s runs against the fake", async (file) => {
    const { code, stderr, stdout } = await run(file, server.baseUrl)
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" })
    for (const pattern of expectations[file]!) expect(stdout).toMatch(pattern)
  })
})
