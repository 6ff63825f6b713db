// Effect's own floor: the same call with HttpClient and Schema alone, without efa-kit.
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

// the stop finder's path, put in by the size script from `Operations.all`
declare const STOP_FINDER_PATH: string

const Locations = Schema.Struct({
  locations: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String }))
})

const program = Effect.gen(function*() {
  const client = yield* HttpClient.HttpClient
  const response = yield* client.get(`${globalThis.location.origin}/${STOP_FINDER_PATH}?name_sf=Stuttgart`)
  const { locations } = yield* Schema.decodeUnknown(Locations)(yield* response.json)
  return locations.map((location) => location.name)
})

program.pipe(Effect.provide(FetchHttpClient.layer), Effect.runPromise).then(console.log, console.error)
