// The Promise client, for programs that do not use Effect: find a stop, plan a trip from it, and tell a
// refused request from a failed one by its error class.
//   pnpm example examples/node/promise.ts   (with the fake running: pnpm start)
import { Point } from "@efa-kit/core"
import { createClient, InvalidRequestError } from "@efa-kit/core/promise"

const efa = createClient({ baseUrl: process.env.EFA_BASE_URL ?? "http://localhost:8080" })

try {
  const { locations } = await efa.stopFinder({ input: Point.any("Stuttgart Hbf"), maxResults: 1 })
  const origin = locations[0]
  if (origin === undefined) throw new Error("no stop found")
  console.log(`from: ${origin.name} (${origin.id})`)

  const { trips } = await efa.trip({
    origin: Point.fromId(origin.id),
    destination: Point.any("Böblingen"),
    dateTime: new Date(), // any time: sent to the minute, in the deployment's time zone
    numberOfTrips: 2
  })
  for (const trip of trips) {
    console.log(`${Math.round(trip.duration / 60)} min: ${trip.legs.map((leg) => leg.mode.name).join(", ")}`)
  }

  try {
    await efa.stopFinder({ input: Point.any("Stuttgart"), maxResults: -1 })
  } catch (error) {
    if (error instanceof InvalidRequestError) console.log(`refused before sending: ${error.message}`)
    else throw error
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await efa.close()
}
