import { describe, expect, it } from "@effect/vitest"
import { call, coordParam, fake } from "./helpers.js"

const server = fake()
const areas = (params: ReadonlyArray<readonly [string, string]> | Record<string, string>) =>
  call(server, "/XML_OPAREA_REQUEST", params)
const providerIds = (json: any): Array<string> => json.providers.map((p: any) => p.id)

describe("operating areas", () => {
  it("lists every provider with opareaSM=ALL", async () => {
    const { json, status } = await areas({ opareaSM: "ALL" })
    expect(status).toBe(200)
    expect(providerIds(json)).toEqual(["regiorad", "stadtmobil", "sharenow"])
    expect(json.providers[0].areas.map((a: any) => a.id)).toEqual(["rr-stuttgart", "rr-esslingen"])
  })

  it("returns polygons, closed, only with operatingZoneGeometry=1", async () => {
    const without = await areas({ opareaSM: "ALL" })
    expect(without.json.providers[0].areas[0].polygon).toBeUndefined()
    const withGeometry = await areas({ opareaSM: "ALL", operatingZoneGeometry: "1" })
    const polygon = withGeometry.json.providers[0].areas[0].polygon
    expect(polygon.length).toBeGreaterThanOrEqual(4)
    expect(polygon[0]).toEqual(polygon[polygon.length - 1])
  })

  it("finds the areas around a centre with RADIAL", async () => {
    const esslingen = await areas({ opareaSM: "RADIAL", opASR: "1", coordRadius: coordParam(48.7376, 9.3041) })
    expect(providerIds(esslingen.json)).toEqual(["regiorad"])
    expect(esslingen.json.providers[0].areas.map((a: any) => a.id)).toEqual(["rr-esslingen"])
    const city = await areas({ opareaSM: "RADIAL", opASR: "1", coordRadius: coordParam(48.7781, 9.1795) })
    expect(providerIds(city.json)).toEqual(["regiorad", "stadtmobil", "sharenow"])
    const nowhere = await areas({ opareaSM: "RADIAL", opASR: "1", coordRadius: `${coordParam(48.2, 8.2)}:500` })
    expect(nowhere.json.providers).toEqual([])
    const wide = await areas({ opareaSM: "RADIAL", opASR: "1", coordRadius: `${coordParam(48.2, 8.2)}:200000` })
    expect(wide.json.providers.length).toBeGreaterThan(0)
  })

  it("selects providers and areas by index", async () => {
    const two = await areas([
      ["opareaSM", "ALL"],
      ["vehPId0", "sharenow"],
      ["vehPId1", "regiorad"],
      ["opAreaId1", "rr-esslingen"]
    ])
    expect(providerIds(two.json)).toEqual(["regiorad", "sharenow"])
    expect(two.json.providers[0].areas.map((a: any) => a.id)).toEqual(["rr-esslingen"])
  })

  it("filters by vehicle kind", async () => {
    const cars = await areas({ opareaSM: "ALL", vehSF: "CAR" })
    expect(providerIds(cars.json)).toEqual(["stadtmobil", "sharenow"])
    const bikes = await areas({ opareaSM: "ALL", vehSF: "BIKE" })
    expect(providerIds(bikes.json)).toEqual(["regiorad"])
  })

  it("refuses an area without its provider, naming the parameter", async () => {
    const { json, status } = await areas({ opareaSM: "ALL", opAreaId0: "rr-esslingen" })
    expect(status).toBe(400)
    expect(json.issues[0].parameter).toBe("opAreaId0")
  })
})
