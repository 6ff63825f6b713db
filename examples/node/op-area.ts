// Lists the sharing providers operating around a point and writes their operating areas as GeoJSON
// (longitude first, as map libraries expect).
//   pnpm example examples/node/op-area.ts   (with the fake running: pnpm start) > areas.geojson
import { Coord, EfaClient, GeoJson, OpArea } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { providers } = yield* efa.opArea(
    OpArea.radial(Coord.make(48.7784, 9.1795), { radius: 1000, zoneGeometry: true })
  )
  for (const provider of providers) {
    yield* Console.error(`${provider.name} (${provider.vehicleType}): ${provider.areas.map((a) => a.name).join(", ")}`)
  }
  yield* Console.log(JSON.stringify(GeoJson.providersFeatureCollection(providers)))
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
