// A trip watched until arrival: plan a trip, then print every change of it (delays, platform changes,
// cancellations, connections at risk or broken) until it arrives. WATCH_SECONDS stops it earlier.
//   pnpm example examples/node/trip-watch.ts   (with the fake running: pnpm start)
import { EfaClient, Point, TripRefresh, TripWatch } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, DateTime, Effect, Schedule, Stream } from "effect"

const time = (instant: DateTime.Utc) =>
  DateTime.formatIsoZoned(DateTime.unsafeSetZoneNamed(instant, "Europe/Berlin"))
    .slice(11, 16)

const describe = (change: TripRefresh.TripChange): string => {
  switch (change._tag) {
    case "Delayed":
      return `leg ${change.legIndex + 1}: ${change.delayMinutes} min late at ${change.stop.name} (${change.side})`
    case "DelayCleared":
      return `leg ${change.legIndex + 1}: on time again at ${change.stop.name} (${change.side})`
    case "PlatformChanged":
      return `leg ${change.legIndex + 1}: platform ${change.previous} → ${change.platform} at ${change.stop.name}`
    case "Cancelled":
      return `leg ${change.legIndex + 1}: cancelled`
    case "RunNotFound":
      return `leg ${change.legIndex + 1}: no longer found`
    case "ConnectionAtRisk":
      return `change after leg ${change.legIndex + 1} at risk: ${change.slackMinutes} of ${change.neededMinutes} min`
    case "ConnectionBroken":
      return `change after leg ${change.legIndex + 1} broken: ${change.slackMinutes} min`
    case "Arrived":
      return "arrived"
    case "PollFailed":
      return `poll ${change.attempt} failed: ${change.error._tag}`
  }
}

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { trips } = yield* efa.trip({ origin: Point.any("Stuttgart Hbf"), destination: Point.any("Böblingen") })
  const trip = trips[0]
  if (trip === undefined) return yield* Console.log("no trip found")
  const arrival = TripRefresh.expectedArrival(trip)
  yield* Console.log(
    `watching ${trip.legs.map((leg) => leg.mode.name).join(", ")} until ${arrival ? time(arrival) : "?"}`
  )
  const watch = TripWatch.watch({ trip, schedule: Schedule.spaced("30 seconds"), failures: "event" })
  const limited = process.env.WATCH_SECONDS === undefined
    ? watch
    : watch.pipe(Stream.interruptAfter(`${Number(process.env.WATCH_SECONDS)} seconds`))
  yield* limited.pipe(Stream.runForEach((change) => Console.log(describe(change))))
  yield* Console.log("done")
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
