/**
 * Sample requests of every operation (and the vehicle-detail mode), as the client sends them: each URL
 * is built with the client's `url()` helper, so the benchmarks and the load test speak the contract.
 */
import { AddInfo, CoordInfo, EfaClient, GeoObject, OpArea, Point, ServingLines, VehicleDetail } from "@efa-kit/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { DateTime, Effect, Either } from "effect"

/** One sample: the operation's method name and the path with its query (no host). */
export interface Sample {
  readonly name: string
  readonly path: string
}

const stuttgart = { lat: 48.7784, lon: 9.18 }

const requests = (efa: EfaClient.Service): Array<[string, Either.Either<string, unknown>]> => [
  ["stopFinder", efa.url("stopFinder", { input: Point.any("Stuttgart Hbf") })],
  ["stopFinder", efa.url("stopFinder", { input: Point.any("Feuersee") })],
  ["trip", efa.url("trip", {
    origin: Point.any("Stuttgart Hbf"),
    destination: Point.any("Böblingen"),
    dateTime: DateTime.unsafeMake("2026-03-02T07:30:00Z")
  })],
  ["coordInfo", efa.url("coordInfo", {
    searchSpace: CoordInfo.circle(stuttgart),
    filters: [{ type: "STOP", radius: 1000 }, { type: "POI_POINT", radius: 1000 }]
  })],
  ["vehicleDetail", efa.url("vehicleDetail", {
    vehicle: { vehicleId: "SN-501", operatorId: "sharenow", opAreaId: "sn-stuttgart" }
  } as VehicleDetail.VehicleDetailRequest)],
  ["servingLines", efa.url("servingLines", ServingLines.byStop(Point.fromId("de:08111:6118" as any)))],
  ["servingLines", efa.url("servingLines", ServingLines.byLineName("U1"))],
  ["addInfo", efa.url("addInfo", {} as AddInfo.AddInfoRequest)],
  ["opArea", efa.url("opArea", OpArea.all())],
  ["opArea", efa.url("opArea", OpArea.radial(stuttgart, { radius: 2000 }))],
  ["geoObject", efa.url("geoObject", {
    line: GeoObject.makeLineId({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H" } as any)
  } as GeoObject.GeoObjectRequest)]
]

/**
 * The samples, with paths relative to the server root. Throws when a request cannot be built, which is
 * a bug in this file.
 */
export const samples: ReadonlyArray<Sample> = Effect.runSync(
  Effect.scoped(EfaClient.make({ baseUrl: "http://efa.bench/" })).pipe(
    Effect.provide(FetchHttpClient.layer),
    Effect.map((efa) =>
      requests(efa).map(([name, url]) => {
        if (Either.isLeft(url)) throw new Error(`cannot build the ${name} sample: ${String(url.left)}`)
        return { name, path: url.right.slice("http://efa.bench".length) }
      })
    )
  )
)
