// One trip request through the Effect API, with a client of that operation alone.
import { OperationClient, Point, Trip } from "@efa-kit/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Effect from "effect/Effect"

const program = Effect.gen(function*() {
  const efa = yield* OperationClient.client({ trip: Trip.operation })
  const { trips } = yield* efa.trip({
    origin: Point.any("Stuttgart Hbf"),
    destination: Point.any("Böblingen"),
    dateTime: new Date()
  })
  return trips.map((trip) => trip.legs.length)
})

program.pipe(
  Effect.provide(OperationClient.layer({ baseUrl: globalThis.location.origin })),
  Effect.provide(FetchHttpClient.layer),
  Effect.runPromise
).then(console.log, console.error)
