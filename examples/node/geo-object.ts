// Fetches the course and stops of a line and writes them as GeoJSON.
//   pnpm example examples/node/geo-object.ts > s1.geojson   (with the fake running: pnpm start)
import { EfaClient, GeoJson, GeoObject } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  // a line identifier as EFA writes it: <subnetwork>:<line number>:<supplement>:<direction>
  const line = GeoObject.parseLineId("vvs:10001: :H")
  if (line._tag === "Left") return yield* Console.error(`not a line identifier: ${line.left}`)

  const response = yield* efa.geoObject({ line: line.right, date: "2026-03-02", servingLines: true })
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
