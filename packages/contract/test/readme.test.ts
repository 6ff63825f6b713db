import { EfaClient, Point } from "@efa-kit/core"
import { layerInProcess, loadEmbeddedDataset } from "@efa-kit/mock-server"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Layer } from "effect"

// The README's trip example, verbatim but for the HttpClient: it must keep compiling and working.
const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
  const origin = locations[0]
  if (origin === undefined) return []
  const { trips } = yield* efa.trip({
    origin: Point.fromId(origin.id),
    destination: Point.any("Böblingen"),
    dateTime: DateTime.unsafeMake("2026-03-02T07:30:00Z")
  })
  return trips.map((trip) => trip.legs.map((leg) => `${leg.mode.name}: ${leg.origin.name} → ${leg.destination.name}`))
})

describe("README", () => {
  it.effect("the trip example plans trips from Stuttgart Hbf to Böblingen", () =>
    Effect.gen(function*() {
      const dataset = yield* loadEmbeddedDataset
      const trips = yield* program.pipe(
        Effect.provide(
          EfaClient.layer({ baseUrl: "http://efa.test/" }).pipe(Layer.provide(layerInProcess({ dataset })))
        )
      )
      expect(trips.length).toBeGreaterThan(0)
      for (const legs of trips) {
        expect(legs[0]).toContain("Stuttgart, Hauptbahnhof")
        expect(legs.at(-1)).toMatch(/→ Böblingen/)
      }
    }))
})
