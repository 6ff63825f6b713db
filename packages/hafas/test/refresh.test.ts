import { DEFAULT_NOW, embeddedDataset, fetchInProcess } from "@efa-kit/mock-server"
import { describe, expect, it } from "vitest"
import { createClient } from "../src/HafasClient.js"
import { BOEBLINGEN, STUTTGART_HBF } from "./support/fake.js"
import { check } from "./support/fptf.js"

// A refresh brings today's estimates: journeys planned an hour ahead of the fake's clock have none yet; with the
// clock moved on, their refresh (through `refreshToken`) has the dataset's announced delays.
const dataset = await embeddedDataset()

describe.each(["contract", "rapidJSON"] as const)("refreshJourney (%s dialect)", (dialect) => {
  it("gives the estimates once the clock has passed them", async () => {
    const fetch = fetchInProcess({ dataset })
    const client = createClient({ baseUrl: "http://fake.invalid/", dialect, fetch })
    const departure = new Date(Date.parse(DEFAULT_NOW) + 60 * 60_000)
    const { journeys } = await client.journeys(STUTTGART_HBF, BOEBLINGEN, { departure, results: 3 })
    const delays = (legs: ReadonlyArray<{ departureDelay?: number; arrivalDelay?: number }>) =>
      legs.flatMap((leg) => [leg.departureDelay, leg.arrivalDelay]).filter((delay) => delay !== undefined)
    expect(journeys.flatMap((journey) => delays(journey.legs))).toEqual([])

    const moved = await fetch("http://fake.invalid/__admin/clock", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance: 3600 })
    })
    expect(moved.status).toBe(200)
    const refreshed = await Promise.all(journeys.map((journey) => client.refreshJourney!(journey.refreshToken)))
    refreshed.forEach(({ journey }, i) => {
      check("journey", journey)
      expect(journey.legs.map((leg) => leg.plannedDeparture)).toEqual(
        journeys[i]!.legs.map((leg) => leg.plannedDeparture)
      )
    })
    expect(refreshed.flatMap(({ journey }) => delays(journey.legs)).length).toBeGreaterThan(0)
    await client.close()
  })
})
