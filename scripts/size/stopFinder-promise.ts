// One stop-finder call through the Promise client, built from that operation alone.
import { Point, StopFinder } from "@efa-kit/core"
import { createClientFor } from "@efa-kit/core/promise"

const efa = createClientFor({ stopFinder: StopFinder.operation }, { baseUrl: globalThis.location.origin })
efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).then(
  ({ locations }) => console.log(locations.map((location) => location.name)),
  console.error
)
