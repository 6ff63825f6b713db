// The README's stop-finder program through EfaClient, importing efa-kit module by module as Effect is
// imported: the client loads each operation on its first call, so the program bundles only the stop finder.
import * as EfaClient from "@efa-kit/core/EfaClient"
import * as Point from "@efa-kit/core/Point"
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
