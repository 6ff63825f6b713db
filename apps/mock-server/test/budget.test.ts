import { describe, expect, it } from "@effect/vitest"
import { call, fake } from "./helpers.js"

const HERRENBERG = "de:08115:2100"
const PLOCHINGEN = "de:08116:5300"
const FLUGHAFEN = "de:08116:7720"

const tripParams = (extra: Record<string, string> = {}) => ({
  outputFormat: "JSON",
  type_origin: "any",
  name_origin: HERRENBERG,
  type_destination: "any",
  name_destination: PLOCHINGEN,
  itdDate: "20260302",
  itdTime: "0730",
  ...extra
})

describe("the trip work budget", () => {
  it("past the searches budget: the trips found so far and a warning, status 200", async () => {
    const server = fake({ limits: { maxTripSearches: 3 } })
    const { json, status } = await call(server, "/XML_TRIP_REQUEST2", tripParams({ calcNumberOfTrips: "6" }))
    expect(status).toBe(200)
    expect(json.trips.length).toBeGreaterThan(0)
    expect(json.trips.length).toBeLessThan(6)
    expect(json.systemMessages).toEqual([
      expect.objectContaining({ type: "warning", code: -4000, text: expect.stringContaining("3 searches") })
    ])
  })

  it("past the rounds budget before any trip: an error message and no trips, status 200", async () => {
    const server = fake({ limits: { maxTripRounds: 1 } })
    const { json, status } = await call(server, "/XML_TRIP_REQUEST2", tripParams())
    expect(status).toBe(200)
    expect(json.trips).toEqual([])
    expect(json.systemMessages[0]).toMatchObject({ type: "error", code: -4000 })
    expect(json.systemMessages[0].text).toMatch(/^search stopped: .*1 routing rounds/)
  })

  it("past the time budget: a message, never a 5xx", async () => {
    const server = fake({ limits: { maxTripMillis: 0 } })
    const { json, status } = await call(server, "/XML_TRIP_REQUEST2", tripParams({ calcNumberOfTrips: "20" }))
    expect(status).toBe(200)
    expect(json.systemMessages[0].text).toContain("search stopped")
    expect(server.errors).toEqual([])
  })

  it("within the budget nothing changes", async () => {
    const server = fake()
    const { json } = await call(server, "/XML_TRIP_REQUEST2", tripParams({ calcNumberOfTrips: "6" }))
    expect(json.trips).toHaveLength(6)
    expect(json.systemMessages).toBeUndefined()
  })
})

describe("expensive trips and cheap requests", () => {
  it("a cheap request sent after 20 expensive trips is answered before them", async () => {
    const server = fake()
    const finished: Array<string> = []
    const pending: Array<Promise<void>> = []
    for (let i = 0; i < 20; i++) {
      const params = tripParams({
        name_destination: FLUGHAFEN,
        calcNumberOfTrips: "30",
        itdTime: `0${Math.floor(i / 10) + 6}${String((i % 10) * 5).padStart(2, "0")}`
      })
      pending.push(call(server, "/XML_TRIP_REQUEST2", params).then(() => void finished.push(`trip${i}`)))
    }
    pending.push(
      call(server, "/XML_STOPFINDER_REQUEST", { outputFormat: "JSON", type_sf: "any", name_sf: "Hauptbahnhof" })
        .then(() => void finished.push("cheap"))
    )
    await Promise.all(pending)
    expect(finished.indexOf("cheap")).toBeLessThan(1)
    // the trips themselves are answered in the order they came
    expect(finished.filter((name) => name !== "cheap")).toEqual(Array.from({ length: 20 }, (_, i) => `trip${i}`))
  })
})
