import { EfaClient, Point } from "@efa-kit/core"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect } from "vitest"
import { startMockServer } from "../src/start.js"
import { mockServerTest, test } from "../src/vitest.js"

const findStop = (text: string) =>
  Effect.flatMap(EfaClient.EfaClient, (client) => client.stopFinder({ input: Point.any(text) }))

describe("the Vitest fixture, in process", () => {
  test("hands the test a fake and an Effect client pointed at it", async ({ efa }) => {
    expect(efa.url).toBe("http://efa.test/")
    const { locations } = await Effect.runPromise(findStop("Stuttgart Hbf").pipe(Effect.provide(efa.layer)))
    expect(locations[0]?.name).toBe("Stuttgart, Hauptbahnhof")
    await efa.admin.verify({ path: "XML_STOPFINDER_REQUEST", params: { name_sf: "Stuttgart Hbf" } }, 1)
    await efa.admin.stub({ request: { path: "XML_STOPFINDER_REQUEST" }, response: { json: { locations: [] } } })
    await efa.admin.advanceClock("1 hour")
  })

  test("hands the test a Promise client pointed at the fake", async ({ efa }) => {
    const { locations } = await efa.promiseClient.stopFinder({ input: Point.any("Stuttgart Hbf") })
    expect(locations[0]?.name).toBe("Stuttgart, Hauptbahnhof")
    await efa.admin.verify({ path: "XML_STOPFINDER_REQUEST", params: { name_sf: "Stuttgart Hbf" } }, 1)
  })

  test("gives the next test a fresh fake: no journal, no stubs, the clock at its start", async ({ efa }) => {
    expect(await efa.admin.journal()).toEqual([])
    expect(await efa.admin.stubs()).toEqual([])
    expect(efa.state.nowIso()).toBe("2026-03-02T07:30:00.000Z")
  })
})

const onPort = mockServerTest({
  port: true,
  now: "2026-03-02T16:00:00Z",
  stubs: [{ id: "nowhere", request: { params: { name_sf: "Nowhere" } }, response: { json: { locations: [] } } }]
})

describe("the Vitest fixture, on a port", () => {
  onPort("listens on 127.0.0.1 with the settings and stubs given", async ({ efa }) => {
    expect(efa.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const health = await (await fetch(`${efa.url}__admin/health`)).json()
    expect(health.now).toBe("2026-03-02T16:00:00.000Z")
    const { locations } = await Effect.runPromise(findStop("Nowhere").pipe(Effect.provide(efa.layer)))
    expect(locations).toEqual([])
    expect((await efa.admin.stubs())[0]).toMatchObject({ id: "nowhere", matched: 1 })
    const viaPromise = await efa.promiseClient.stopFinder({ input: Point.any("Nowhere") })
    expect(viaPromise.locations).toEqual([])
  })
})

const guarded = mockServerTest({ admin: { token: "t0ken-for-tests" } })

describe("the Vitest fixture with an admin token", () => {
  guarded("its admin client sends the token; requests without it are refused", async ({ efa }) => {
    expect(await efa.admin.stubs()).toEqual([])
    const refused = await efa.fetch(`${efa.url}__admin/stubs`)
    expect(refused.status).toBe(401)
  })
})

describe("startMockServer", () => {
  test("resolves to { url, close, admin } and closes", async () => {
    const fake = await startMockServer()
    const answer = await fetch(`${fake.url}XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Hbf`)
    expect(answer.status).toBe(200)
    await fake.admin.verify({ path: "XML_STOPFINDER_REQUEST" }, 1)
    await fake.close()
    await expect(fetch(`${fake.url}__admin/health`)).rejects.toThrow()
  })

  test("rejects when the dataset is invalid or the port is taken", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-dataset-"))
    await expect(startMockServer({ datasetFolder: folder })).rejects.toThrow(/cannot load the dataset/)
    const first = await startMockServer()
    try {
      await expect(startMockServer({ port: first.port })).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
    }
  })
})
