// Reads the current service notices of some types, de-duplicated by notice ID.
//   pnpm example examples/node/add-info.ts   (with the fake running: pnpm start)
import { EfaClient } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { infos } = yield* efa.addInfo({
    publicationStatus: "current",
    noticeTypes: ["lineInfo", "lineBlocking", "stopInfo", "stopBlocking"]
  })
  for (const notice of infos) {
    const validity = `${notice.validFrom ?? "…"} to ${notice.validTo ?? "…"}`
    yield* Console.log(`[${notice.type}] ${notice.title} (${validity}; ${notice.lines.length} line(s))`)
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
