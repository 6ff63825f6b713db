// One stop-finder call through the Promise client, built from that operation alone, importing
// efa-kit module by module.
import * as Point from "@efa-kit/core/Point"
import { createClientFor } from "@efa-kit/core/promise"
import * as StopFinder from "@efa-kit/core/StopFinder"

const efa = createClientFor({ stopFinder: StopFinder.operation }, { baseUrl: globalThis.location.origin })
efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).then(
  ({ locations }) => console.log(locations.map((location) => location.name)),
  console.error
)
