// Plans trips: the origin is looked up first, the departure time is wall-clock time in Stuttgart, and
// the legs are printed in that zone.
//   pnpm example examples/node/trip.ts   (with the fake running: pnpm start)
import { EfaClient, Point, StopFinder } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, DateTime, Effect } from "effect"

const timeZone = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const clock = (instant: DateTime.Utc) => DateTime.formatIsoZoned(DateTime.setZone(instant, timeZone)).slice(11, 16)

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const origin = StopFinder.best(yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") }))
  if (origin === undefined) return yield* Console.log("origin not found")

  // Monday 2 March 2026, 08:30 in Stuttgart; EFA receives it as itdDate=20260302&itdTime=0830
  const departure = DateTime.unsafeMakeZoned({ year: 2026, month: 3, day: 2, hours: 8, minutes: 30 }, {
    timeZone,
    adjustForTimeZone: true
  })
  const { trips } = yield* efa.trip({
    origin: Point.fromId(origin.id),
    destination: Point.any("Böblingen"),
    dateTime: DateTime.toUtc(departure),
    dateTimeRefersTo: "departure",
    numberOfTrips: 3,
    publicTransport: { maxChanges: 2 }
  })
  for (const trip of trips) {
    yield* Console.log(`${Math.round(trip.duration / 60)} min, ${trip.interchange} change(s)`)
    for (const leg of trip.legs) {
      yield* Console.log(
        `  ${clock(leg.origin.departureTimePlanned)} ${leg.origin.name} → ` +
          `${clock(leg.destination.arrivalTimePlanned)} ${leg.destination.name} (${leg.mode.name})`
      )
    }
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
