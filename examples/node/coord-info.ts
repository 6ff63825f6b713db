// Searches what lies around a coordinate: stops within 500 m (with the modes that serve them) and
// sharing vehicles within 300 m.
//   pnpm example examples/node/coord-info.ts   (with the fake running: pnpm start)
import { Coord, CoordInfo, EfaClient, Mot } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const hauptbahnhof = Coord.make(48.7841, 9.1816)

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { pins } = yield* efa.coordInfo({
    searchSpace: CoordInfo.circle(hauptbahnhof),
    filters: [
      { type: "STOP", radius: 500 },
      { type: "ANY", radius: 300 }
    ],
    maxResults: 20
  })
  for (const pin of pins) {
    const modes = CoordInfo.motIds(pin).map((id) => Mot.nameOf(id) ?? id).join(", ")
    yield* Console.log(`${pin.type}\t${pin.name}${modes === "" ? "" : ` (${modes})`}\t${pin.id ?? ""}`)
  }
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
