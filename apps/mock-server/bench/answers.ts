/**
 * The cost of the fake's domain alone: the trip and stop-finder answers called directly on the embedded
 * dataset (no HTTP, no answer cache, no work budget), CPU milliseconds per set of requests after a
 * warm-up that builds the indexes and timetables. The sets are the load mix's trips, the abusive
 * client's expensive trips (`requests.ts`), trips between stops named as text, and stop-finder
 * searches by name, by prefix and by coordinate.
 *
 * Run with `node --import tsx bench/answers.ts` in apps/mock-server. CPU time varies less than wall
 * time on a shared machine; to compare two versions, run both in one sitting, alternating.
 * `BENCH_ROUNDS` (default 5) sets how often each set runs; the median round is shown.
 */
import { Point, type StopFinder, type Trip } from "@efa-kit/core"
import { DateTime, Effect, Option } from "effect"
import { answerStopFinder } from "../src/answers/stopFinder.js"
import { answerTrip } from "../src/answers/trip.js"
import type { AnswerContext } from "../src/answers/types.js"
import { loadEmbeddedDataset } from "../src/dataset/load.js"
import { expensiveTripRequests } from "./requests.js"
import { median } from "./stats.js"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const dataset = await Effect.runPromise(loadEmbeddedDataset)
const context: AnswerContext = {
  dataset,
  now: DateTime.unsafeMake("2026-03-02T07:30:00Z"),
  timeZone: Option.getOrThrow(DateTime.zoneMakeNamed("Europe/Berlin"))
}
const morning = DateTime.unsafeMake("2026-03-02T07:30:00Z")
const stops = dataset.stops
const slice = stops.slice(0, 24)

const expensiveTrips = expensiveTripRequests(dataset)
const mixTrips: ReadonlyArray<Trip.TripRequest> = slice.map((stop, i) => ({
  origin: Point.fromId(stop.id),
  destination: Point.fromId(slice[(i + 1) % slice.length]!.id),
  dateTime: morning
}))
const textTrips: ReadonlyArray<Trip.TripRequest> = slice.map((stop, i) => ({
  origin: Point.any(stop.name),
  destination: Point.any(slice[(i + 5) % slice.length]!.name),
  dateTime: morning
}))
const searches: ReadonlyArray<StopFinder.StopFinderRequest> = [
  ...stops.map((stop) => ({ input: Point.any(stop.name) })),
  ...stops.map((stop) => ({ input: Point.any(stop.name.slice(0, 5)) })),
  ...stops.slice(0, 40).map((stop) => ({ input: Point.coord(stop.coord) }))
]

const sets: ReadonlyArray<readonly [string, () => unknown]> = [
  [`load-mix trips (${mixTrips.length})`, () => mixTrips.map((request) => answerTrip(request, context))],
  [`expensive trips (${expensiveTrips.length})`, () => expensiveTrips.map((request) => answerTrip(request, context))],
  [`trips from text (${textTrips.length})`, () => textTrips.map((request) => answerTrip(request, context))],
  [`stop finder (${searches.length})`, () => searches.map((request) => answerStopFinder(request, context))]
]

const cpuMillis = (run: () => unknown): number => {
  const start = process.cpuUsage()
  run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

for (const [, run] of sets) run()
console.log(`The fake's answers on the embedded dataset, CPU per set, median of ${ROUNDS} rounds`)
for (const [name, run] of sets) {
  const rounds = Array.from({ length: ROUNDS }, () => cpuMillis(run))
  console.log(`  ${name.padEnd(24)} ${median(rounds).toFixed(1).padStart(7)} ms`)
}
