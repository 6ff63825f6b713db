import { describe, expect, it } from "@effect/vitest"
import { call, coordParam, fake } from "./helpers.js"

const server = fake()
const HBF = coordParam(48.784081, 9.181636)
const search = (params: Record<string, string>) =>
  call(server, "/XML_COORD_REQUEST", { outputFormat: "JSON", inclFilter: "1", ...params })

const idsOf = (json: any, type?: string): Array<string> =>
  json.pins.filter((p: any) => type === undefined || p.type === type).map((p: any) => p.id)

describe("coordinate search", () => {
  it("finds stops within the block radius, nearest first", async () => {
    const small = await search({ coord: HBF, type_0: "STOP", radius_0: "300" })
    const large = await search({ coord: HBF, type_0: "STOP", radius_0: "1500" })
    expect(small.status).toBe(200)
    expect(idsOf(small.json)[0]).toBe("de:08111:6118")
    expect(large.json.pins.length).toBeGreaterThan(small.json.pins.length)
    expect(large.json.pins.every((p: any) => p.type === "STOP" && typeof p.motTypes === "string")).toBe(true)
  })

  it("searches a bounding box", async () => {
    const { json } = await search({
      boundingBox: "",
      boundingBoxLU: coordParam(48.79, 9.17),
      boundingBoxRL: coordParam(48.77, 9.19),
      type_0: "STOP"
    })
    expect(json.pins.length).toBeGreaterThan(0)
    for (const pin of json.pins) {
      expect(pin.coord.lat).toBeLessThanOrEqual(48.79)
      expect(pin.coord.lat).toBeGreaterThanOrEqual(48.77)
      expect(pin.coord.lon).toBeGreaterThanOrEqual(9.17)
      expect(pin.coord.lon).toBeLessThanOrEqual(9.19)
    }
  })

  it("combines blocks of different object types", async () => {
    const stops = await search({ coord: HBF, type_0: "STOP", radius_0: "800" })
    const both = await search({ coord: HBF, type_0: "STOP", radius_0: "800", type_1: "POI_POINT", radius_1: "800" })
    expect(idsOf(both.json, "POI_POINT").length).toBeGreaterThan(0)
    expect(idsOf(both.json, "STOP")).toEqual(idsOf(stops.json))
  })

  it("applies inclMOT and exclMOT per block", async () => {
    const all = await search({ coord: HBF, type_0: "STOP", radius_0: "1500" })
    const subway = await search({ coord: HBF, type_0: "STOP", radius_0: "1500", inclMOT_0: "3" })
    const noSubway = await search({ coord: HBF, type_0: "STOP", radius_0: "1500", exclMOT_0: "3" })
    expect(subway.json.pins.length).toBeGreaterThan(0)
    expect(subway.json.pins.length).toBeLessThan(all.json.pins.length)
    expect(subway.json.pins.every((p: any) => p.motTypes === "3")).toBe(true)
    expect(noSubway.json.pins.every((p: any) => !p.motTypes.split(",").includes("3"))).toBe(true)
  })

  it("caps the pins with max", async () => {
    const all = await search({ coord: HBF, type_0: "ANY", radius_0: "1500" })
    const two = await search({ coord: HBF, type_0: "ANY", radius_0: "1500", max: "2" })
    expect(two.json.pins).toEqual(all.json.pins.slice(0, 2))
  })

  it("finds every kind of object with ANY: stops, POIs, parking and sharing vehicles", async () => {
    const { json } = await search({ coord: HBF, type_0: "ANY", radius_0: "600" })
    const types = new Set(json.pins.map((p: any) => p.type))
    expect([...types].sort()).toEqual(["PARKING", "POI_POINT", "SHARING_VEHICLE", "STOP"])
    expect(idsOf(json, "SHARING_VEHICLE")).toContain("RR-1001:regiorad:rr-stuttgart")
  })

  it("filters parking objects by kind, charge and park-and-ride inclusion", async () => {
    const box = {
      parkingSearchMethod: "BB",
      parkingBB: "1",
      parkingBBLU: coordParam(49.0, 8.8),
      parkingBBRL: coordParam(48.5, 9.5)
    }
    const base = { coord: HBF, type_0: "STOP", radius_0: "1" }
    const all = await search({ ...base, ...box, parkingObjectType: "-1" })
    const lots = await search({ ...base, ...box, parkingObjectType: "2" })
    const free = await search({ ...base, ...box, parkingObjectType: "-1", parkingCharge: "free" })
    const onlyPr = await search({ ...base, ...box, parkingObjectType: "-1", parkingParkRideInclusion: "EXCLUSIVE" })
    const noPr = await search({ ...base, ...box, parkingObjectType: "-1", parkingParkRideInclusion: "EXCLUDE" })
    const parking = (json: any) => idsOf(json, "PARKING")
    expect(parking(all.json)).toHaveLength(16)
    expect(parking(lots.json).sort()).toEqual([
      "park:9003",
      "park:9004",
      "park:9005",
      "park:9009",
      "park:9010",
      "park:9011"
    ])
    expect(parking(free.json).length).toBeLessThan(16)
    expect(parking(onlyPr.json).length + parking(noPr.json).length).toBe(16)
    expect(parking(onlyPr.json)).toContain("park:9001")
    expect(parking(noPr.json)).not.toContain("park:9001")
  })

  it("keeps only stops inside parking zones with fltrParkObj", async () => {
    const all = await search({ coord: HBF, type_0: "STOP", radius_0: "5000" })
    const zoned = await search({ coord: HBF, type_0: "STOP", radius_0: "5000", fltrParkObj: "1" })
    expect(zoned.json.pins.length).toBeGreaterThan(0)
    expect(zoned.json.pins.length).toBeLessThan(all.json.pins.length)
  })

  it("refuses a query without search space or filter block, naming the parameters", async () => {
    const { json, status } = await call(server, "/XML_COORD_REQUEST", { inclFilter: "1" })
    expect(status).toBe(400)
    expect(json.issues.map((i: any) => i.parameter).sort()).toEqual(["coord", "type_0"])
  })
})

describe("vehicle detail", () => {
  const detail = (params: Record<string, string>) =>
    call(server, "/XML_COORD_REQUEST", {
      outputFormat: "JSON",
      coordReqType: "VEHICLEDETAIL",
      vehDetail: "1",
      vehSM: "ID",
      ...params
    })

  it("answers one vehicle from the dataset, with specification and availability on request", async () => {
    const plain = await detail({ SharingRefId: "SN-501:sharenow:sn-stuttgart" })
    expect(plain.status).toBe(200)
    expect(plain.json.pins).toHaveLength(1)
    expect(plain.json.pins[0]).toMatchObject({
      id: "SN-501:sharenow:sn-stuttgart",
      type: "CAR",
      locationType: "FREEFLOATER"
    })
    expect(plain.json.pins[0].specification).toBeUndefined()
    const full = await detail({ SharingRefId: "SN-501:sharenow:sn-stuttgart", vehSpec: "1", vehAvail: "1" })
    expect(full.json.pins[0].specification).toMatchObject({ engineType: "ELECTRIC" })
    expect(full.json.pins[0].availability).toMatchObject({ available: true })
  })

  it("applies the filters and the at-station switch", async () => {
    const wrongKind = await detail({ SharingRefId: "SN-501:sharenow:sn-stuttgart", vehSF: "BIKE" })
    expect(wrongKind.json.pins).toEqual([])
    expect(wrongKind.json.systemMessages[0]).toMatchObject({ type: "error", code: -8020 })
    const engine = await detail({ SharingRefId: "SN-501:sharenow:sn-stuttgart", vehEngineType: "COMBUSTION" })
    expect(engine.json.pins).toEqual([])
    const station = await detail({ SharingRefId: "RR-1001:regiorad:rr-stuttgart" })
    expect(station.json.pins).toEqual([])
    const atStation = await detail({ SharingRefId: "RR-1001:regiorad:rr-stuttgart", vehAtStation: "1" })
    expect(atStation.json.pins[0]).toMatchObject({ station: "Hauptbahnhof", type: "BIKE" })
  })

  it("reads repeated vehEngineType as a union", async () => {
    const { json } = await call(server, "/XML_COORD_REQUEST", [
      ["coordReqType", "VEHICLEDETAIL"],
      ["vehDetail", "1"],
      ["vehSM", "ID"],
      ["SharingRefId", "SN-501:sharenow:sn-stuttgart"],
      ["vehEngineType", "COMBUSTION"],
      ["vehEngineType", "ELECTRIC"]
    ])
    expect(json.pins).toHaveLength(1)
  })

  it("answers an unknown vehicle with a systemMessages error", async () => {
    const { json } = await detail({ SharingRefId: "NOPE:sharenow:sn-stuttgart" })
    expect(json.pins).toEqual([])
    expect(json.systemMessages[0].type).toBe("error")
  })

  it("refuses a malformed reference naming SharingRefId", async () => {
    const { json, status } = await detail({ SharingRefId: "only-one-part" })
    expect(status).toBe(400)
    expect(json.operation).toBe("vehicleDetail")
    expect(json.issues[0].parameter).toBe("SharingRefId")
  })
})
