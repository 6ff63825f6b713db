// Polls the service notices and prints what changes. Stops after the first poll's notices here; drop the
// `Stream.take` to watch for good.
//   pnpm example examples/node/notice-watch.ts   (with the fake running: pnpm start)
import { EfaClient, NoticeWatch } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect, Schedule, Stream } from "effect"

const program = NoticeWatch.watch({
  request: { noticeTypes: ["lineBlocking", "stopBlocking"] },
  schedule: Schedule.spaced("30 seconds"),
  failures: "event"
}).pipe(
  Stream.take(Number(process.env.NOTICE_LIMIT ?? 3)),
  Stream.runForEach((change) =>
    change._tag === "PollFailed"
      ? Console.log(`poll ${change.attempt} failed: ${change.error._tag}`)
      : Console.log(`${change._tag}: ${change.notice.title}`)
  )
)

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
