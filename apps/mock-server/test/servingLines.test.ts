import { Point, ServingLines } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { answerServingLines } from "../src/answers/servingLines.js"
import { contextAt } from "./support/answerContext.js"

const context = contextAt()
const numbers = (response: ServingLines.ServingLinesResponse) =>
  Array.from(new Set(response.servingLines.map((line) => line.number))).sort()

describe("serving lines", () => {
  it("lists the lines calling at a stop, one entry per direction leaving it", () => {
    const response = answerServingLines(ServingLines.byStop(Point.any("de:08111:6118")), context)
    expect(response.systemMessages).toBeUndefined()
    expect(numbers(response)).toEqual(["MEX 16", "MEX 17a", "S1", "S2", "S4", "U1", "U14", "U5"])
    expect(response.servingLines).toContainEqual({
      name: "S-Bahn S1",
      number: "S1",
      mot: 1,
      direction: "Plochingen",
      lineId: "vvs:10001: :H:"
    })
    expect(response.servingLines).toContainEqual({
      name: "S-Bahn S1",
      number: "S1",
      mot: 1,
      direction: "Herrenberg",
      lineId: "vvs:10001: :R:"
    })
    // the MEX 16 starts here: only the direction leaving the stop
    expect(response.servingLines.filter((line) => line.number === "MEX 16")).toEqual([
      { name: "Metropolexpress MEX 16", number: "MEX 16", mot: 13, direction: "Plochingen", lineId: expect.any(String) }
    ])
  })

  it("resolves text to the best stop and a coordinate to the nearest stop", () => {
    const byText = answerServingLines(ServingLines.byStop(Point.any("Marienplatz")), context)
    expect(numbers(byText)).toEqual(["10", "42", "U1"])
    const byCoord = answerServingLines(ServingLines.byStop(Point.coord({ lat: 48.7642, lon: 9.1684 })), context)
    expect(numbers(byCoord)).toEqual(["10", "42", "U1"])
  })

  it("finds lines by public number, both directions", () => {
    const response = answerServingLines(ServingLines.byLineName("U1"), context)
    expect(response.servingLines.map((line) => line.direction)).toEqual(["Vaihingen", "Fellbach"])
    expect(numbers(answerServingLines(ServingLines.byLineName("mex16"), context))).toEqual(["MEX 16"])
    expect(numbers(answerServingLines(ServingLines.byLineName("S"), context))).toEqual(["S1", "S2", "S4", "SEV S4"])
  })

  it("filters by line type", () => {
    const all = answerServingLines(ServingLines.byStop(Point.any("de:08111:5152")), context)
    const rob = answerServingLines(ServingLines.byStop(Point.any("de:08111:5152"), { lineTypes: ["ROB"] }), context)
    expect(numbers(all)).toEqual(["10", "42", "U1"])
    expect(numbers(rob)).toEqual(["10"])
    const stationTimetable = answerServingLines(ServingLines.byLineName("U14", { lineTypes: ["StationTT"] }), context)
    expect(stationTimetable.servingLines).toEqual([])
    expect(stationTimetable.systemMessages?.[0]?.code).toBe(-4050)
  })

  it("drops excluded modes", () => {
    const request = ServingLines.byStop(Point.any("de:08111:6118"), { excludedModes: [1, 13] })
    const response = answerServingLines(request, context)
    expect(numbers(response)).toEqual(["U1", "U14", "U5"])
    const nothing = answerServingLines(ServingLines.byStop(Point.any("de:08115:2100"), { excludedModes: [1] }), context)
    expect(nothing.servingLines).toEqual([])
    expect(nothing.systemMessages).toEqual([expect.objectContaining({ type: "error", code: -4050 })])
  })

  it("encodes with the core's response schema", () => {
    const response = answerServingLines(ServingLines.byStop(Point.any("de:08111:6118")), context)
    expect(
      Schema.decodeUnknownSync(ServingLines.ServingLinesResponse)(
        JSON.parse(JSON.stringify(Schema.encodeSync(ServingLines.ServingLinesResponse)(response)))
      )
    ).toEqual(response)
  })

  it("answers an unknown stop with -2000 and an unknown line name with -4050", () => {
    const unknownStop = answerServingLines(ServingLines.byStop(Point.any("de:08111:424242")), context)
    expect(unknownStop.systemMessages?.[0]?.code).toBe(-2000)
    const unknownLine = answerServingLines(ServingLines.byLineName("X99"), context)
    expect(unknownLine.servingLines).toEqual([])
    expect(unknownLine.systemMessages?.[0]?.code).toBe(-4050)
  })
})
