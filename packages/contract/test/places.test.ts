import { Point, StopFinder } from "@efa-kit/core"
import { createClient } from "@efa-kit/core/promise"
import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"

// Streets, addresses and places as a client written for real deployments asks for them: its own query, in
// rapidJSON, read by hand; and the Promise client in both dialects.

let fake: RunningServer
beforeAll(async () => {
  fake = Either.getOrThrow(await startServer({ port: 0, host: "127.0.0.1" }))
})
afterAll(() => fake.close())

const baseUrl = () => `http://127.0.0.1:${fake.port}/`

// The query a third-party rapidJSON client sends to a real deployment's stop finder.
const thirdParty = async (name: string, objectFilter: number): Promise<any> => {
  const url = new URL("XML_STOPFINDER_REQUEST", baseUrl())
  for (
    const [key, value] of [
      ["outputFormat", "rapidJSON"],
      ["coordOutputFormat", "EPSG:4326"],
      ["locationServerActive", "1"],
      ["type_sf", "any"],
      ["name_sf", name],
      ["anyObjFilter_sf", String(objectFilter)],
      ["anyMaxSizeHitList", "20"]
    ]
  ) url.searchParams.append(key, value!)
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return response.json()
}

const MENTZ_TYPES = new Set(["address", "crossing", "locality", "poi", "suburb", "stop", "street", "unknown"])

describe("a client written for real deployments", () => {
  it("searches streets by name (anyObjFilter_sf=4) and gets streets, with their street name and place", async () => {
    const answer = await thirdParty("Bahnhofstraße", 4)
    expect(answer.systemMessages).toEqual([])
    expect(answer.locations.length).toBeGreaterThan(3)
    for (const location of answer.locations) {
      expect(location).toMatchObject({ type: "street", streetName: "Bahnhofstraße", isGlobalId: false })
      expect(location.parent.type).toBe("locality")
      expect(location.coord).toHaveLength(2)
      expect(location.postCode).toMatch(/^\d{5}$/)
    }
  })

  it("searches stops and streets by name (anyObjFilter_sf=6) and gets both, each typed as the Mentz schema has it", async () => {
    const answer = await thirdParty("Schloßplatz", 6)
    const types = new Set(answer.locations.map((location: any) => location.type))
    expect(types).toContain("stop")
    const street = await thirdParty("Königstraße 12", 14)
    expect(street.locations[0]).toMatchObject({
      type: "address",
      streetName: "Königstraße",
      buildingNumber: "12",
      postCode: "70173"
    })
    for (const location of [...answer.locations, ...street.locations]) expect(MENTZ_TYPES.has(location.type)).toBe(true)
  })
})

describe("the Promise client", () => {
  it("finds an address and plans a trip from it, in both dialects", async () => {
    for (const dialect of ["contract", "rapidJSON"] as const) {
      await using efa = createClient({ baseUrl: baseUrl(), dialect })
      const { locations } = await efa.stopFinder({ input: Point.any("Königstraße 12"), objectKinds: ["address"] })
      const address = locations[0]!
      expect(StopFinder.kindOf(address), dialect).toBe("address")
      expect(address).toMatchObject({ houseNumber: "12", streetName: "Königstraße", postcode: "70173" })
      expect(address.assignedStops?.[0]?.distance).toBeGreaterThan(0)
      const { trips } = await efa.trip({
        origin: Point.fromLocation(address),
        destination: Point.any("de:08115:3200"),
        dateTime: new Date("2026-03-02T07:30:00Z")
      })
      expect(trips.length).toBeGreaterThan(0)
      expect(trips[0]!.legs[0]!.origin.id).toBe(address.id)
      expect(trips[0]!.legs[0]!.mode.mot).toBeGreaterThanOrEqual(99)
    }
  })
})
