// One trip request through the Effect API, with a client of that operation alone, importing
// efa-kit module by module as Effect is imported.
import * as OperationClient from "@efa-kit/core/OperationClient"
import * as Point from "@efa-kit/core/Point"
import * as Trip from "@efa-kit/core/Trip"
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
