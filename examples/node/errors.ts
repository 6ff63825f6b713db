// Every failure is a tagged error in the error channel: handle each by its tag. Here an invalid request
// (refused before anything is sent) and a stop that does not exist (an EFA error message).
//   pnpm example examples/node/errors.ts   (with the fake running: pnpm start)
import { EfaClient, Point } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const describe = <A>(effect: Effect.Effect<A, EfaClient.StopFinderError>) =>
  effect.pipe(
    Effect.as("ok"),
    Effect.catchTags({
      InvalidRequestError: (error) => Effect.succeed(`invalid request: ${error.message}`),
      ServerMessageError: (error) => Effect.succeed(`EFA says: ${error.message}`),
      HttpStatusError: (error) => Effect.succeed(`HTTP ${error.status}`),
      TransportError: (error) => Effect.succeed(`network: ${error.message}`),
      DecodeError: (error) => Effect.succeed(`unexpected answer: ${error.message}`),
      InterfaceVersionError: (error) => Effect.succeed(`pin one of ${Object.values(error.versions).join(", ")}`)
    })
  )

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  yield* Console.log(yield* describe(efa.stopFinder({ input: Point.any("   ") })))
  yield* Console.log(yield* describe(efa.stopFinder({ input: Point.any("Stuttgart Hbf"), maxResults: 0 })))
  yield* Console.log(yield* describe(efa.stopFinder({ input: Point.any("Qqqqqqqqqq") })))
})

program.pipe(
  Effect.provide(EfaClient.layer({
    baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080",
    timeout: "10 seconds",
    deadline: "30 seconds",
    retry: { maxAttempts: 3, baseDelay: "200 millis" }
  })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
