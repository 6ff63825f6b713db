// The same call through EfaClient, importing efa-kit through its index (`@efa-kit/core`).
import { EfaClient, Point } from "@efa-kit/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Effect from "effect/Effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
  return locations.map((location) => location.name)
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: globalThis.location.origin })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).then(console.log, console.error)
