// Finds sharing vehicles near a coordinate with the coordinate search, then asks for the details of the
// first one by its SharingRefId (`<vehicle>:<operator>:<operating area>`).
//   pnpm example examples/node/vehicle-detail.ts   (with the fake running: pnpm start)
import { Coord, CoordInfo, EfaClient } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { Console, Effect } from "effect"

const program = Effect.gen(function*() {
  const efa = yield* EfaClient.EfaClient
  const { pins } = yield* efa.coordInfo({
    searchSpace: CoordInfo.circle(Coord.make(48.7846, 9.1813)),
    filters: [{ type: "ANY", radius: 400 }]
  })
  const vehicle = pins.find((pin) => pin.type === "SHARING_VEHICLE" && pin.id !== undefined)
  if (vehicle === undefined) return yield* Console.log("no sharing vehicle nearby")

  const [vehicleId, operatorId, opAreaId] = vehicle.id!.split(":") as [string, string, string]
  const detail = yield* efa.vehicleDetail({
    vehicle: { vehicleId, operatorId, opAreaId },
    atStation: true,
    specification: true,
    availability: true
  })
  for (const pin of detail.pins) {
    // the detail's shape is deployment-specific: typed id, name, type and coord, every other field as sent
    yield* Console.log(`${pin.id} ${pin.name ?? ""} ${pin.type ?? ""}: ${JSON.stringify(pin)}`)
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
