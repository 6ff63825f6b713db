import { Point, Trip } from "@efa-kit/core"
import { LocalDateTime } from "@efa-kit/core"
import { DateTime, Effect } from "effect"
import { answerTrip } from "./src/answers/trip.js"
import { loadEmbeddedDataset } from "./src/index.js"
const dataset = await Effect.runPromise(loadEmbeddedDataset)
const tz = Effect.runSync(Effect.either(LocalDateTime.zone("Europe/Berlin") as any)) as any
const timeZone = (LocalDateTime.zone("Europe/Berlin") as any).right
const ctx = { dataset, now: DateTime.unsafeMake("2026-03-02T07:30:00Z"), timeZone }
const stops = dataset.stops
console.log(stops.length, "stops", dataset.lines.length, "lines")
const cases: Record<string, any> = {
  cheap: { origin: Point.fromId(stops[0]!.id), destination: Point.fromId(stops[1]!.id) },
  many: {
    origin: Point.fromId(stops[0]!.id),
    destination: Point.fromId(stops[stops.length - 1]!.id),
    numberOfTrips: 100
  },
  arr: {
    origin: Point.fromId(stops[0]!.id),
    destination: Point.fromId(stops[stops.length - 1]!.id),
    numberOfTrips: 100,
    dateTimeRefersTo: "arrival"
  },
  via: {
    origin: Point.fromId(stops[0]!.id),
    destination: Point.fromId(stops[stops.length - 1]!.id),
    numberOfTrips: 100,
    via: { point: Point.fromId(stops[50]!.id) },
    publicTransport: { nearbyStopsAtOrigin: true, nearbyStopsAtDestination: true }
  }
}
for (const [name, req] of Object.entries(cases)) {
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    const r = answerTrip(req, ctx as any)
    if (i === 2) {
      console.log(
        name,
        (performance.now() - t).toFixed(1),
        "ms",
        r.trips.length,
        JSON.stringify(r.systemMessages ?? []).slice(0, 100)
      )
    }
  }
}
