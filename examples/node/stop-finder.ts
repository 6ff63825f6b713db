// Finds stops, addresses and points of interest by text, and reads the best match.
//   pnpm example examples/node/stop-finder.ts   (with the fake running: pnpm start) "Stuttgart Hbf"
import { EfaClient, Point, StopFinder } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const query = process.argv[2] ?? "Stuttgart Hbf"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const response = yield* efa.stopFinder({
    input: Point.any(query),
    objectKinds: ["stop", "poi"],
    maxResults: 5
  })
  for (const location of response.locations) {
    yield* Console.log(`${location.matchQuality}\t${location.type}\t${location.id}\t${location.name}`)
  }
  const best = StopFinder.best(response)
  yield* Console.log(best === undefined ? `nothing found for "${query}"` : `best: ${best.name} (${best.id})`)
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
