// Fetches the course and stops of a line and writes them as GeoJSON.
//   pnpm example examples/node/geo-object.ts > s1.geojson   (with the fake running: pnpm start)
import { EfaClient, GeoJson } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  // a line identifier as EFA writes it (<subnetwork>:<line number>:<supplement>:<direction>), or a `lineId` from
  // another answer; the client refuses one with a missing part, naming it
  const response = yield* efa.geoObject({ line: "vvs:10001: :H", date: "2026-03-02", servingLines: true })
  yield* Console.error(`${response.geometry.length} points, ${response.stops.length} stops`)
  yield* Console.log(JSON.stringify(GeoJson.lineFeatureCollection(response, { line: "S1" })))
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
