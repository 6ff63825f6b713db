// A departure board in the terminal: the next departures of a stop, redrawn every 30 seconds, with
// delays, cancellations and platform changes. Draws `BOARD_REFRESHES` boards (default 1 here); set it to
// 0 to refresh for good.
//   pnpm example examples/node/departure-board.ts   (with the fake running: pnpm start)
//   BOARD_STOP="Stuttgart Hbf" BOARD_REFRESHES=0 pnpm example examples/node/departure-board.ts
import { Departures, EfaClient, Point } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, DateTime, Effect, Schedule } from "effect"

const stop = Point.any(process.env.BOARD_STOP ?? "de:08111:6118")
const refreshes = Number(process.env.BOARD_REFRESHES ?? 1)
const timeZone = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")

const clock = (instant: DateTime.DateTime) => DateTime.formatIsoZoned(DateTime.setZone(instant, timeZone)).slice(11, 16)

const row = (event: Departures.StopEvent): string => {
  const delay = Departures.delayMinutes(event)
  const status = event.cancelled
    ? "cancelled"
    : delay === undefined
    ? "no real time"
    : delay > 0
    ? `+${delay} min`
    : "on time"
  const platform = event.platform === event.plannedPlatform || event.plannedPlatform === undefined
    ? event.platform ?? ""
    : `${event.platform}!`
  return [
    clock(event.departureTimePlanned),
    event.lineName.padEnd(8),
    event.destination.name.slice(0, 36).padEnd(36),
    platform.padStart(4),
    status
  ].join("  ")
}

const draw = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { events, locations } = yield* efa.departures({ stop, limit: 12 })
  const lines = [
    `${locations[0]?.name ?? "?"}: departures`,
    `time   line      destination                           plat  status`,
    ...events.map(row)
  ]
  // clear the screen on a terminal only, so that the output stays readable in a pipe
  if (process.stdout.isTTY) yield* Console.log("\x1b[2J\x1b[H")
  yield* Console.log(lines.join("\n"))
})

const every30Seconds: Schedule.Schedule<unknown> = Schedule.spaced("30 seconds")
const program = Effect.repeat(
  draw,
  refreshes === 0 ? every30Seconds : every30Seconds.pipe(Schedule.intersect(Schedule.recurs(refreshes - 1)))
)

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
