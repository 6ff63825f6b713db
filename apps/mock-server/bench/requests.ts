/**
 * Sample requests of every operation (and the vehicle-detail mode), as the client sends them: each URL
 * is built with the client's `url()` helper, so the benchmarks and the load test speak the contract.
 */
import {
  CoordInfo,
  EfaClient,
  OpArea,
  type Operation,
  OperationClient,
  Operations,
  Point,
  ServingLines,
  type Trip
} from "@efa-kit/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { DateTime, Effect, Either } from "effect"
import type { Dataset } from "../src/index.js"

/** One sample: the operation's method name and the path with its query (no host). */
export interface Sample {
  readonly name: keyof EfaClient.Requests
  readonly path: string
}

const BASE = "http://efa.bench"

// Only `url()` is used: no request is sent through this client's runner.
const runner = Effect.runSync(
  Effect.scoped(OperationClient.make({ baseUrl: `${BASE}/` })).pipe(Effect.provide(FetchHttpClient.layer))
)

const sample = <Name extends keyof EfaClient.Requests>(name: Name, request: EfaClient.Requests[Name]): Sample => {
  const url = runner.url<Operation.Any>(Operations.all[name], request)
  if (Either.isLeft(url)) throw new Error(`cannot build the ${name} sample: ${url.left.message}`)
  return { name, path: url.right.slice(BASE.length) }
}

const stuttgart = { lat: 48.7784, lon: 9.18 }
const morning = DateTime.unsafeMake("2026-03-02T07:30:00Z")

/** One request of each operation, the vehicle detail included. */
export const samples: ReadonlyArray<Sample> = [
  sample("stopFinder", { input: Point.any("Stuttgart Hbf") }),
  sample("trip", { origin: Point.any("Stuttgart Hbf"), destination: Point.any("Böblingen"), dateTime: morning }),
  sample("coordInfo", {
    searchSpace: CoordInfo.circle(stuttgart),
    filters: [{ type: "STOP", radius: 1000 }, { type: "POI_POINT", radius: 1000 }]
  }),
  sample("vehicleDetail", { vehicle: { vehicleId: "SN-501", operatorId: "sharenow", opAreaId: "sn-stuttgart" } }),
  sample("servingLines", ServingLines.byStop(Point.any("de:08111:6118"))),
  sample("addInfo", {}),
  sample("opArea", OpArea.all()),
  sample("geoObject", {
    line: "vvs:10001: :H"
  }),
  sample("departures", { stop: Point.any("de:08111:6118"), dateTime: morning, limit: 40 }),
  sample("tripStops", {
    line: "vvs:10001: :H:",
    stop: "de:08111:6118",
    tripCode: 48600,
    dateTime: "2026-03-02T07:57:00Z"
  })
]

/**
 * The load test's mix: the samples, plus for a slice of the dataset's stops a stop-finder search by
 * name, the serving lines, a trip to the next stop of the slice and the objects around it, and the
 * radial operating-area search and the line-name search. Every operation appears; most paths differ.
 */
export const loadMix = (dataset: Dataset, stops = 24): ReadonlyArray<Sample> => {
  const slice = dataset.stops.slice(0, stops)
  return [
    ...samples,
    sample("servingLines", ServingLines.byLineName("U1")),
    sample("opArea", OpArea.radial(stuttgart, { radius: 2000 })),
    ...slice.flatMap((stop, i) => {
      const next = slice[(i + 1) % slice.length]!
      return [
        sample("stopFinder", { input: Point.any(stop.name) }),
        sample("servingLines", ServingLines.byStop(Point.fromId(stop.id))),
        sample("trip", { origin: Point.fromId(stop.id), destination: Point.fromId(next.id), dateTime: morning }),
        sample("coordInfo", {
          searchSpace: CoordInfo.circle({ lat: stop.coord.lat, lon: stop.coord.lon }),
          filters: [{ type: "STOP", radius: 500 }]
        })
      ]
    })
  ]
}

/**
 * Expensive trips, as an abusive client sends them: far apart, 30 trips, a via point, nearby stops at
 * both ends, at many times of day. The load test makes every URL unique (an extra parameter), so that
 * the fake's answer cache never helps.
 */
export const expensiveTripRequests = (dataset: Dataset): ReadonlyArray<Trip.TripRequest> => {
  const stops = dataset.stops
  const far = [stops[0]!, stops[stops.length - 1]!, stops[Math.floor(stops.length / 2)]!]
  return Array.from({ length: 12 }, (_, i) => ({
    origin: Point.fromId(far[i % 3]!.id),
    destination: Point.fromId(far[(i + 1) % 3]!.id),
    via: { point: Point.fromId(far[(i + 2) % 3]!.id) },
    numberOfTrips: 30,
    publicTransport: { nearbyStopsAtOrigin: true, nearbyStopsAtDestination: true },
    dateTime: DateTime.unsafeMake(`2026-03-02T${String(5 + i).padStart(2, "0")}:15:00Z`)
  }))
}

/** {@link expensiveTripRequests} as the URLs a client sends. */
export const expensiveTrips = (dataset: Dataset): ReadonlyArray<Sample> =>
  expensiveTripRequests(dataset).map((request) => sample("trip", request))

/** The mix without its trips: the requests that should stay fast whatever else the fake is asked. */
export const cheapMix = (dataset: Dataset): ReadonlyArray<Sample> =>
  loadMix(dataset).filter((sample) => sample.name !== "trip")
