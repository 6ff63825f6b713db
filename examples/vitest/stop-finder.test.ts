// Testing code that uses EfaClient against the fake, in process: no port, no network, the same answers
// every run (the fake's clock stands at Monday 2 March 2026, 08:30 in Stuttgart).
import { EfaClient, Point, StopFinder } from "@efa-kit/core"
import { layerInProcess, loadEmbeddedDataset, makeMockServer } from "@efa-kit/mock-server"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"

// The code under test: finds the ID of a stop by its name.
const stopIdOf = (name: string) =>
  Effect.gen(function*() {
    const efa = yield* EfaClient.EfaClient
    const best = StopFinder.best(yield* efa.stopFinder({ input: Point.any(name), objectKinds: ["stop"] }))
    return best?.id
  })

// One fake per test: its journal and faults start empty.
const withFake = Effect.gen(function*() {
  const dataset = yield* loadEmbeddedDataset
  const mock = makeMockServer({ dataset })
  const client = EfaClient.layer({ baseUrl: "http://efa.test/", retry: false }).pipe(
    Layer.provide(layerInProcess(mock))
  )
  return { mock, client }
})

describe("stopIdOf", () => {
  it.effect("finds Stuttgart Hauptbahnhof, and sends what EFA expects", () =>
    Effect.gen(function*() {
      const { client, mock } = yield* withFake
      const id = yield* stopIdOf("Stuttgart Hbf").pipe(Effect.provide(client))
      expect(id).toBe("de:08111:6118")

      // the fake's journal keeps every request as it arrived
      const [request] = mock.state.journal()
      expect(request?.path).toBe("XML_STOPFINDER_REQUEST")
      expect(request?.params).toContainEqual(["name_sf", "Stuttgart Hbf"])
    }))

  it.effect("fails with the server's status when the server is down", () =>
    Effect.gen(function*() {
      const { client, mock } = yield* withFake
      mock.state.addScript("XML_STOPFINDER_REQUEST", [{ status: 503 }])
      const error = yield* stopIdOf("Stuttgart Hbf").pipe(Effect.provide(client), Effect.flip)
      expect(error._tag).toBe("HttpStatusError")
    }))
})
