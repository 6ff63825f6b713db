import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { execFile } from "node:child_process"
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// Every program in examples/node runs as a user would run it: its own Node process, against the fake on a
// real port. What each one must print is checked below, so an example that stops working fails here.
const examplesDir = join(dirname(fileURLToPath(import.meta.url)), "..")

const expectations: Record<string, ReadonlyArray<RegExp>> = {
  "add-info.ts": [/^\[(lineInfo|lineBlocking|stopInfo|stopBlocking)\] .+ \(\d{4}-\d\d-\d\d to /m],
  "coord-info.ts": [/^STOP\tStuttgart, Hauptbahnhof \(SBahn, .*\)\tde:08111:6118$/m, /^SHARING_VEHICLE\t/m],
  "errors.ts": [
    /^invalid request: .*input/m,
    /^invalid request: .*maxResults/m,
    /^EFA says: /m
  ],
  "geo-object.ts": [/^\{"type":"FeatureCollection","features":\[\{"type":"Feature","geometry":\{"type":"LineString"/m],
  "notice-watch.ts": [/^Added: .+/m],
  "op-area.ts": [
    /^\{"type":"FeatureCollection","features":\[\{"type":"Feature","id":"[^"]+","geometry":\{"type":"Polygon"/m
  ],
  "serving-lines.ts": [/^\d+ lines serve Stuttgart Hauptbahnhof/m, /^ {2}S-Bahn S1 → /m, /^S1: /m],
  "stop-finder.ts": [/^best: Stuttgart, Hauptbahnhof \(de:08111:6118\)$/m],
  "trip.ts": [/^\d+ min, \d+ change\(s\)$/m, /^ {2}\d\d:\d\d Stuttgart, Hauptbahnhof → \d\d:\d\d /m, /Böblingen/],
  "vehicle-detail.ts": [/^[A-Z]+-\d+:[a-z-]+:[a-z-]+ /m]
}

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
