// For comparison: the stop-finder program importing efa-kit through its index (`@efa-kit/core`).
import { OperationClient, Point, StopFinder } from "@efa-kit/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Effect from "effect/Effect"

const program = Effect.gen(function*() {
  const efa = yield* OperationClient.client({ stopFinder: StopFinder.operation })
  const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
  return locations.map((location) => location.name)
})

program.pipe(
  Effect.provide(OperationClient.layer({ baseUrl: globalThis.location.origin })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).then(console.log, console.error)
