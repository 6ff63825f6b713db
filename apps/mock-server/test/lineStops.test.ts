import { describe, expect, it } from "@effect/vitest"
import { answerLineStops } from "../src/answers/lineStops.js"
import { call, fake } from "./helpers.js"
import { contextAt, dataset } from "./support/answerContext.js"

const S1 = dataset.lines.find((line) => line.code === "10001")!
const s1Stops = S1.stops.map((entry) => entry.stop as string)

describe("a line's stops", () => {
  it("the stops of the direction the line ID names, in travel order, each with its locality", () => {
    const { stops } = answerLineStops({ line: "vvs:10001: :R:" }, contextAt())
    expect(stops.map((stop) => stop.id)).toEqual([...s1Stops].reverse())
    expect(stops[0]!.parent).toMatchObject({ type: "locality" })
    expect(answerLineStops({ line: "vvs:10001: :H" }, contextAt()).stops.map((stop) => stop.id)).toEqual(s1Stops)
  })

  it("an unknown line: no stops and -2000", () => {
    expect(answerLineStops({ line: "vvs:99999: :H:" }, contextAt())).toEqual({
      stops: [],
      systemMessages: [{ type: "error", module: "BROKER", code: -2000, text: "line not found" }]
    })
  })

  it("through the app: rapidJSON locationSequence with stops described as everywhere", async () => {
    const { json, status } = await call(fake(), "/XML_LINESTOP_REQUEST", {
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]",
      line: "vvs:10001: :H:"
    })
    expect(status).toBe(200)
    expect(json.locationSequence.map((l: any) => l.id)).toEqual(s1Stops)
    expect(json.locationSequence[0]).toMatchObject({ type: "stop", isGlobalId: true, parent: { type: "locality" } })
  })
})
