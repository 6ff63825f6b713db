// Lists the lines serving a stop, then looks a line up by its public name.
//   pnpm example examples/node/serving-lines.ts   (with the fake running: pnpm start)
import { EfaClient, Mot, Point, ServingLines } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const atStop = yield* efa.servingLines(
    ServingLines.byStop(Point.any("de:08111:6118"), { excludedModes: [Mot.Mot.CityBus] })
  )
  yield* Console.log(`${atStop.servingLines.length} lines serve Stuttgart Hauptbahnhof (city buses left out):`)
  for (const line of atStop.servingLines) {
    yield* Console.log(`  ${line.name} → ${line.direction} (${Mot.nameOf(line.mot) ?? line.mot})`)
  }

  const s1 = yield* efa.servingLines(ServingLines.byLineName("S1"))
  yield* Console.log(`S1: ${s1.servingLines.map((line) => `${line.number} → ${line.direction}`).join("; ")}`)
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
