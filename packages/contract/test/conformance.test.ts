import { Dialect, EfaClient } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { type Fake, overTcp } from "./support/fake.js"

// The rapidJSON answers of the fake against the Mentz JSON Schemas, with the shared checker a third-party
// rapidJSON client's author would use on a real server (`../shared/tools/check-rapidjson.mjs`, beside the
// repository in CI). Where that folder is absent, the test is skipped and says so in its name.
const checker = fileURLToPath(new URL("../../../../shared/tools/check-rapidjson.mjs", import.meta.url))
const hasChecker = existsSync(checker)

// What the checker asks, by the label it prints, and the operation that answers it.
const asked: ReadonlyArray<readonly [label: string, path: string | undefined]> = [
  ["system info", Dialect.SYSTEM_INFO_PATH],
  ["stop finder", EfaClient.operations.stopFinder.path],
  ["coordinate search", EfaClient.operations.coordInfo.path],
  ["serving lines", EfaClient.operations.servingLines.path],
  ["trip", EfaClient.operations.trip.path],
  ["notices", EfaClient.operations.addInfo.path],
  ["operating areas", EfaClient.operations.opArea.path],
  ["line geometry", EfaClient.operations.geoObject.path],
  ["departure monitor", "XML_DM_REQUEST"]
]

const served = new Set<string>([
  Dialect.SYSTEM_INFO_PATH,
  ...Object.values(EfaClient.operations).map((operation) => operation.path)
])

const run = (baseUrl: string): Promise<string> =>
  new Promise((resolve) => {
    execFile(process.execPath, [checker, baseUrl], { timeout: 120_000 }, (_, stdout, stderr) => {
      resolve(`${stdout}${stderr}`)
    })
  })

describe(`the fake's rapidJSON against the Mentz schemas${hasChecker ? "" : " (skipped: ../shared/tools is absent)"}`, () => {
  let fake: Fake
  let output = ""
  beforeAll(async () => {
    if (!hasChecker) return
    fake = await overTcp()
    output = await run(fake.baseUrl)
  }, 180_000)
  afterAll(() => fake?.close())

  for (const [label, path] of asked) {
    const operationServed = path !== undefined && served.has(path)
    const skipped = !hasChecker ? "" : operationServed ? "" : " (skipped: the fake does not serve it)"
    it.skipIf(!hasChecker || !operationServed)(`${label}: check-rapidjson.mjs reports it VALID${skipped}`, () => {
      const line = output.split("\n").find((text) => /^(VALID|INVALID|FAIL) /.test(text) && text.includes(` ${label}`))
      expect(line, output).toBeDefined()
      expect(line!.startsWith("VALID "), output).toBe(true)
    })
  }
})

describe("Dialect.probe against the fake", () => {
  let fake: Fake
  beforeAll(async () => {
    fake = await overTcp()
  })
  afterAll(() => fake.close())

  it.effect("recognises rapidJSON and reads the interface version", () =>
    Effect.gen(function*() {
      const found = yield* Dialect.probe({ baseUrl: fake.baseUrl })
      expect(found.speaks).toBe("rapidJSON")
      expect(found.version).toBe("10.2.10.139")
      expect(found.controllerVersion).toBe("10.2.10.139")
      expect(found.url).toBe(`${fake.baseUrl}XML_SYSTEMINFO_REQUEST?outputFormat=rapidJSON`)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})
