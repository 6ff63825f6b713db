// The same kind of test with the fake's Vitest fixture: each test gets a fresh fake and a client layer
// pointed at it, and the fake's admin API to script faults and verify what was sent.
import { EfaClient, Point, StopFinder } from "@efa-kit/core"
import { test } from "@efa-kit/mock-server/vitest"
import { Effect } from "effect"
import { describe, expect } from "vitest"

// The code under test: finds the ID of a stop by its name.
const stopIdOf = (name: string) =>
  Effect.gen(function*() {
    const efa = yield* EfaClient.EfaClient
    const best = StopFinder.best(yield* efa.stopFinder({ input: Point.any(name), objectKinds: ["stop"] }))
    return best?.id
  })

describe("stopIdOf, with the fixture", () => {
  test("finds Stuttgart Hauptbahnhof with one request", async ({ efa }) => {
    const id = await Effect.runPromise(stopIdOf("Stuttgart Hbf").pipe(Effect.provide(efa.layer)))
    expect(id).toBe("de:08111:6118")
    await efa.admin.verify({ path: "XML_STOPFINDER_REQUEST", params: { name_sf: "Stuttgart Hbf" } }, 1)
  })

  test("retries a server that is down for a moment", async ({ efa }) => {
    await efa.admin.addFaults({ path: "XML_STOPFINDER_REQUEST", sequence: [{ status: 503 }] })
    const id = await Effect.runPromise(stopIdOf("Stuttgart Hbf").pipe(Effect.provide(efa.layer)))
    expect(id).toBe("de:08111:6118")
    await efa.admin.verify({ path: "XML_STOPFINDER_REQUEST" }, 2)
  })
})
