import { GeoObject, LineId } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { answerAddInfo } from "../src/answers/addInfo.js"
import { answerGeoObject } from "../src/answers/geoObject.js"
import { boxContains, boxOfCorners, clipPolyline } from "../src/dataset/geometry.js"
import { contextAt, dataset } from "./support/answerContext.js"

const context = contextAt()
const lineOf = (text: string): LineId.LineId => LineId.make(text)
const geo = (line: string, fields: Partial<GeoObject.GeoObjectRequest> = {}) =>
  answerGeoObject({ line: lineOf(line), ...fields } as GeoObject.GeoObjectRequest, context)
const stopIds = (response: GeoObject.GeoObjectResponse) => response.stops.map((stop) => stop.id as string)
const coordOf = (id: string) => {
  const stop = dataset.stops.find((s) => s.id === id)!
  return [stop.coord.lat, stop.coord.lon]
}

const S1 = dataset.lines.find((line) => line.number === "S1")!
const S1_STOPS = S1.stops.map((entry) => entry.stop as string)
const STADTMITTE = "de:08111:6056"
const HAUPTBAHNHOF = "de:08111:6118"
const BAD_CANNSTATT = "de:08111:6200"

describe("line geometry", () => {
  it("returns the geometry and stops of a line direction in travel order", () => {
    const outbound = geo("vvs:10001: :H")
    expect(outbound.systemMessages).toBeUndefined()
    expect(stopIds(outbound)).toEqual(S1_STOPS)
    expect(outbound.geometry.length).toBeGreaterThan(200)
    expect(outbound.geometry[0]).toEqual(coordOf(S1_STOPS[0]!))
    expect(outbound.geometry[outbound.geometry.length - 1]).toEqual(coordOf(S1_STOPS[S1_STOPS.length - 1]!))
    const inbound = geo("vvs:10001: :R")
    expect(stopIds(inbound)).toEqual([...S1_STOPS].reverse())
    expect(inbound.geometry).toEqual([...outbound.geometry].reverse())
    expect(outbound.stops[0]).toEqual({ id: S1_STOPS[0], name: "Herrenberg, Bahnhof", coord: expect.any(Object) })
  })

  it("accepts the public line number in place of the code", () => {
    expect(geo("vvs:S1: :H")).toEqual(geo("vvs:10001: :H"))
  })

  it("takes every line identifier the notices name", () => {
    const infos = answerAddInfo({ validIntervalStart: "2025-01-01" }, context).infos
    const lines = new Set(infos.flatMap((info) => info.lines))
    expect(lines.size).toBeGreaterThan(10)
    for (const line of lines) {
      const response = geo(line)
      expect(response.systemMessages).toBeUndefined()
      expect(response.geometry.length).toBeGreaterThan(1)
    }
  })

  it("lists the serving lines of each stop with vSL", () => {
    const without = geo("vvs:11001: :H")
    expect(without.stops.every((stop) => stop.servingLines === undefined)).toBe(true)
    const withLines = geo("vvs:11001: :H", { servingLines: true })
    const hbf = withLines.stops.find((stop) => stop.id === HAUPTBAHNHOF)!
    expect(hbf.servingLines!.map((line) => line.name)).toEqual(
      expect.arrayContaining(["S-Bahn S1", "Stadtbahn U1", "Stadtbahn U5", "Metropolexpress MEX 16"])
    )
    expect(new Set(hbf.servingLines!.map((line) => line.name)).size).toBe(hbf.servingLines!.length)
  })

  it("filterStopID: the section between the first and the last given stop", () => {
    const section = geo("vvs:10001: :H", { stopIds: [BAD_CANNSTATT, STADTMITTE] })
    expect(stopIds(section)).toEqual([STADTMITTE, HAUPTBAHNHOF, BAD_CANNSTATT])
    expect(section.geometry[0]).toEqual(coordOf(STADTMITTE))
    expect(section.geometry[section.geometry.length - 1]).toEqual(coordOf(BAD_CANNSTATT))
    const backwards = geo("vvs:10001: :R", { stopIds: [STADTMITTE, BAD_CANNSTATT] })
    expect(stopIds(backwards)).toEqual([BAD_CANNSTATT, HAUPTBAHNHOF, STADTMITTE])
    // one stop: the whole line passes it
    expect(stopIds(geo("vvs:10001: :H", { stopIds: [STADTMITTE] }))).toEqual(S1_STOPS)
    // a stop the line does not call at
    const elsewhere = geo("vvs:10001: :H", { stopIds: ["de:08118:4820"] })
    expect(elsewhere.geometry).toEqual([])
    expect(elsewhere.stops).toEqual([])
    expect(elsewhere.systemMessages?.[0]?.code).toBe(-8020)
  })

  it("filterDate selects the variant running that day", () => {
    const weekday = geo("vvs:10004: :H", { date: "2026-03-02" })
    expect(weekday.stops[weekday.stops.length - 1]!.id).toBe("de:08118:4810")
    const saturday = geo("vvs:10004: :H", { date: "2026-03-07" })
    expect(saturday.stops[saturday.stops.length - 1]!.id).toBe("de:08111:6333")
    expect(saturday.geometry.length).toBeLessThan(weekday.geometry.length)
    expect(geo("vvs:50004: :H", { date: "2026-03-02" }).systemMessages?.[0]?.code).toBe(-4050)
    expect(geo("vvs:10004: :H", { date: "2030-01-01" }).systemMessages?.[0]?.code).toBe(-4001)
  })

  it("clips geometry and stops to the bounding box", () => {
    const upperLeft = { lat: 48.7870, lon: 9.1600 }
    const lowerRight = { lat: 48.7700, lon: 9.1900 }
    const full = geo("vvs:10001: :H")
    const clipped = geo("vvs:10001: :H", { boundingBox: { upperLeft, lowerRight } })
    const box = boxOfCorners(upperLeft, lowerRight)
    expect(clipped.geometry.length).toBeGreaterThan(5)
    expect(clipped.geometry.length).toBeLessThan(full.geometry.length)
    for (const point of clipped.geometry) expect(boxContains(box, point as [number, number])).toBe(true)
    expect(stopIds(clipped)).toEqual(["de:08111:6052", STADTMITTE, HAUPTBAHNHOF])
    // the line enters and leaves the box: the ends lie on its edges
    const [first, last] = [clipped.geometry[0]!, clipped.geometry[clipped.geometry.length - 1]!]
    const onEdge = ([lat, lon]: readonly [number, number]) =>
      [box.south, box.north].some((edge) => Math.abs(lat - edge) < 1e-6) ||
      [box.west, box.east].some((edge) => Math.abs(lon - edge) < 1e-6)
    expect(onEdge(first)).toBe(true)
    expect(onEdge(last)).toBe(true)
    const far = { upperLeft: { lat: 48, lon: 8 }, lowerRight: { lat: 47.9, lon: 8.1 } }
    const nowhere = geo("vvs:10001: :H", { boundingBox: far })
    expect(nowhere.geometry).toEqual([])
    expect(nowhere.stops).toEqual([])
  })

  it("encodes with the core's response schema", () => {
    const response = geo("vvs:11001: :H", { servingLines: true })
    expect(
      Schema.decodeUnknownSync(GeoObject.GeoObjectResponse)(
        JSON.parse(JSON.stringify(Schema.encodeSync(GeoObject.GeoObjectResponse)(response)))
      )
    ).toEqual(response)
  })

  it("clipPolyline splits a line that leaves the box and comes back", () => {
    const box = { south: 0, west: 0, north: 1, east: 1 }
    const parts = clipPolyline([[0.5, -1], [0.5, 0.5], [2, 0.5], [0.5, 0.8], [0.5, 2]], box)
    expect(parts).toEqual([[[0.5, 0], [0.5, 0.5], [1, 0.5]], [[1, 0.7], [0.5, 0.8], [0.5, 1]]])
  })

  it("answers an unknown line with -8020 and a line of other types with -4050", () => {
    expect(geo("vvs:99999: :H").systemMessages?.[0]?.code).toBe(-8020)
    expect(geo("vvs:11014: :H", { lineTypes: ["StationTT"] }).systemMessages?.[0]?.code).toBe(-4050)
    expect(geo("vvs:11014: :H", { lineTypes: ["STT"] }).systemMessages).toBeUndefined()
  })
})
