import { LineId, type ServingLines } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { answers } from "../src/index.js"
import { call, fake } from "./helpers.js"

const server = fake()
const stopFinder = { type_sf: "any", name_sf: "Hauptbahnhof" }

describe("rapidJSON answers", () => {
  it("answers outputFormat=rapidJSON with rapidJSON: locations with coordinate pairs", async () => {
    const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", {
      ...stopFinder,
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]",
      version: "10.2.10.139",
      language: "de",
      locationServerActive: "1"
    })
    expect(status).toBe(200)
    const first = json.locations[0]
    expect(first.id).toBe("de:08111:6118")
    expect(first.coord).toHaveLength(2)
    expect(typeof first.coord[0]).toBe("number")
  })

  it("answers the same trip under journeys, with 5-part line ids", async () => {
    const trip = {
      type_origin: "any",
      name_origin: "de:08111:6118",
      type_destination: "any",
      name_destination: "Böblingen",
      tripReductionMacro: "1"
    }
    const contract = await call(server, "/XML_TRIP_REQUEST2", { ...trip, outputFormat: "JSON" })
    const rapid = await call(server, "/XML_TRIP_REQUEST2", { ...trip, outputFormat: "rapidJSON" })
    expect(rapid.json.journeys).toHaveLength(contract.json.trips.length)
    const ridden = rapid.json.journeys.flatMap((journey: any) => journey.legs)
      .map((leg: any) => leg.transportation.id).filter((id: unknown) => id !== undefined)
    expect(ridden.length).toBeGreaterThan(0)
    for (const id of ridden) expect(id.split(":")).toHaveLength(5)
  })

  it("refuses a coordinate system it does not know with --strict, naming coordOutputFormat", async () => {
    const { json, status } = await call(fake({ strict: true }), "/XML_STOPFINDER_REQUEST", {
      ...stopFinder,
      outputFormat: "rapidJSON",
      coordOutputFormat: "MRCV"
    })
    expect(status).toBe(400)
    expect(json.issues.map((issue: any) => issue.parameter)).toEqual(["coordOutputFormat"])
  })

  it("answers a coordinate system it does not know in the native grid, with a warning naming it", async () => {
    const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", {
      ...stopFinder,
      outputFormat: "rapidJSON",
      coordOutputFormat: "MRCV"
    })
    expect(status).toBe(200)
    expect(json.locations[0].coord[0]).toBeGreaterThan(5_000_000)
    expect(json.systemMessages).toEqual([
      expect.objectContaining({ type: "warning", code: -10, text: expect.stringContaining("coordOutputFormat") })
    ])
  })
})

describe("a fake started with a profile (tfnsw)", () => {
  const tfnsw = fake({ profile: "tfnsw", timeZone: "Europe/Berlin" })
  const key = { headers: { authorization: "apikey local" } }

  it("answers on the profile's paths with the key, 401 without it, on every operation path", async () => {
    expect((await call(tfnsw, "/stop_finder", stopFinder, key)).status).toBe(200)
    const refused = await call(tfnsw, "/stop_finder", stopFinder)
    expect(refused.status).toBe(401)
    expect(refused.json.ErrorDetails.Message).toContain("Authorization: apikey <key>")
    expect((await call(tfnsw, "/XML_STOPFINDER_REQUEST", stopFinder)).status).toBe(401)
    expect((await call(tfnsw, "/XML_STOPFINDER_REQUEST", stopFinder, key)).status).toBe(200)
    expect((await call(tfnsw, "/__admin/health")).status).toBe(200)
  })

  it("reads mode filters in TfNSW's classes and writes its answers' modes in them", async () => {
    const asked: Array<ServingLines.ServingLinesRequest> = []
    const line = { name: "Line", number: "L", direction: "Town", lineId: LineId.make("x:1: :H:j26") }
    const server = fake({
      profile: "tfnsw",
      timeZone: "Europe/Berlin",
      answers: {
        servingLines: {
          ...answers.servingLines,
          answer: (request) => {
            asked.push(request)
            return { servingLines: [0, 1, 21, 5].map((mot) => ({ ...line, mot })) }
          }
        }
      }
    })
    const { json, status } = await call(server, "/XML_SERVINGLINES_REQUEST", {
      mode: "line",
      lineName: "L",
      lineReqType: "6",
      exclMOT_1: "1",
      exclMOT_7: "1",
      outputFormat: "rapidJSON"
    }, key)
    expect(status).toBe(200)
    // class 1 is written for trains and for the S-Bahn, which has no class of its own there; 7 for coaches
    expect(asked.map((request) => request.excludedModes)).toEqual([[0, 1, 7, 21]])
    expect(json.lines.map((l: any) => l.product.class)).toEqual([1, 1, 7, 5])
    // the contract's format keeps the MOT-IDs
    const contract = await call(
      server,
      "/XML_SERVINGLINES_REQUEST",
      { mode: "line", lineName: "L", lineReqType: "6" },
      key
    )
    expect(contract.json.servingLines.map((l: any) => l.mot)).toEqual([0, 1, 21, 5])
  })

  it("refuses an unknown profile by name", () => {
    expect(() => fake({ profile: "atlantis" })).toThrow(/unknown profile "atlantis"/)
  })
})
