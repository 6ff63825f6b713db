// Prints a journey as a timetable: every stop of each ride with its times and platform, the walk to change,
// and the journey's price for an adult and a child.
//   pnpm example examples/node/timetable.ts   (with the fake running: pnpm start)
import { EfaClient, Point, Trip } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, DateTime, Effect } from "effect"

const timeZone = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const clock = (instant: DateTime.Utc | undefined) =>
  instant === undefined ? "     " : DateTime.formatIsoZoned(DateTime.setZone(instant, timeZone)).slice(11, 16)
// "+2" where the estimate is two minutes late
const late = (planned: DateTime.Utc | undefined, estimated: DateTime.Utc | undefined) => {
  if (planned === undefined || estimated === undefined) return "  "
  const minutes = Math.round((DateTime.toEpochMillis(estimated) - DateTime.toEpochMillis(planned)) / 60_000)
  return minutes > 0 ? `+${minutes}` : "  "
}
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { trips } = yield* efa.trip({
    origin: Point.any("Ludwigsburg, Residenzschloss"),
    destination: Point.any("Flughafen/Messe"),
    // Monday 2 March 2026, 08:30 in Stuttgart
    dateTime: "2026-03-02T08:30:00+01:00",
    numberOfTrips: 1,
    realtime: true,
    fares: true
  })
  const trip = trips[0]
  if (trip === undefined) return yield* Console.log("no trip found")
  yield* Console.log(`${Math.round(trip.duration / 60)} min, ${trip.interchange} change(s)`)
  for (const leg of trip.legs) {
    if (leg.stops === undefined) {
      yield* Console.log(`${clock(leg.origin.departureTimePlanned)} walk to ${leg.destination.name}`)
      continue
    }
    const towards = leg.line?.destination?.name ?? leg.destination.name
    yield* Console.log(`${leg.line?.shortName ?? leg.mode.name} towards ${towards} (run ${leg.tripCode ?? "?"})`)
    for (const stop of leg.stops) {
      const arrival = `${clock(stop.arrivalTimePlanned)}${late(stop.arrivalTimePlanned, stop.arrivalTimeEstimated)}`
      const departure = `${clock(stop.departureTimePlanned)}${
        late(stop.departureTimePlanned, stop.departureTimeEstimated)
      }`
      const platform = stop.platform === undefined ? "" : `  platform ${stop.platform}`
      const cancelled = stop.cancelled ? "  cancelled" : ""
      yield* Console.log(`  ${arrival}  ${departure}  ${stop.name}${platform}${cancelled}`)
    }
    if (leg.interchange !== undefined) {
      const path = leg.interchange.elements.map((element) => element.type).join(", ")
      yield* Console.log(`  change: ${Math.round(leg.interchange.duration / 60)} min walk (${path})`)
    }
  }
  const adult = Trip.price(trip)
  const child = Trip.price(trip, "CHILD")
  if (adult === undefined) return yield* Console.log("no price")
  const zones = trip.fare?.zones.flatMap((zone) => zone.zones) ?? []
  yield* Console.log(
    `price: ${money(adult.amount, adult.currency)} adult` +
      (child === undefined ? "" : `, ${money(child.amount, child.currency)} child`) +
      ` (zones ${[...new Set(zones)].join(", ")})`
  )
})

program.pipe(
  Effect.provide(EfaClient.layer({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
