import { describe, expect, it } from "@effect/vitest"
import { answerStops } from "../src/answers/stops.js"
import { call, fake } from "./helpers.js"
import { contextAt, dataset } from "./support/answerContext.js"

const idsOf = (predicate: (stop: (typeof dataset.stops)[number]) => boolean) =>
  dataset.stops.filter(predicate).map((stop) => stop.id as string)

describe("the stop list", () => {
  it("the stops of a municipality, in dataset order, each with its locality", () => {
    const { stops } = answerStops({ municipality: "8116019" }, contextAt())
    expect(stops.map((stop) => stop.id)).toEqual(idsOf((stop) => stop.omc === "8116019"))
    expect(stops[0]!.parent).toEqual({ id: "placeID:8116019:1", name: "Esslingen am Neckar", type: "locality" })
  })

  it("the stops of one place of a municipality", () => {
    const { stops } = answerStops({ municipality: "8111000", place: "6" }, contextAt())
    expect(stops.map((stop) => stop.id)).toEqual(idsOf((stop) => stop.omc === "8111000" && stop.placeId === "6"))
    expect(stops.length).toBeGreaterThan(1)
  })

  it("the stops a subnetwork's lines call at; no filter gives every stop", () => {
    const served = new Set(dataset.lines.flatMap((line) => line.stops.map((entry) => entry.stop as string)))
    const { stops } = answerStops({ subnetwork: "vvs" }, contextAt())
    expect(stops.map((stop) => stop.id)).toEqual(idsOf((stop) => served.has(stop.id)))
    expect(answerStops({}, contextAt()).stops).toHaveLength(dataset.stops.length)
  })

  it("no stop matches: no stops and -2000", () => {
    expect(answerStops({ subnetwork: "xyz" }, contextAt())).toEqual({
      stops: [],
      systemMessages: [{ type: "error", module: "BROKER", code: -2000, text: "no stops found" }]
    })
  })

  it("through the app: rapidJSON locations with stops described as everywhere", async () => {
    const { json, status } = await call(fake(), "/XML_STOPLIST_REQUEST", {
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]",
      stopListOMC: "8116019"
    })
    expect(status).toBe(200)
    expect(json.locations.map((l: any) => l.id)).toEqual(idsOf((stop) => stop.omc === "8116019"))
    expect(json.locations[0]).toMatchObject({ type: "stop", isGlobalId: true, parent: { type: "locality" } })
  })
})
