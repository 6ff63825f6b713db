// One stop-finder call through the Effect API, with a client of that operation alone, importing
// efa-kit module by module as Effect is imported.
import * as OperationClient from "@efa-kit/core/OperationClient"
import * as Point from "@efa-kit/core/Point"
import * as StopFinder from "@efa-kit/core/StopFinder"
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
