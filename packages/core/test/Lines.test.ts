import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { Lines, RapidJson } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const rapid = RapidJson.responses({ timeZone: berlin }).lines
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

const encode = (request: Lines.LinesRequestInput) =>
  toQueryString(Schema.encodeSync(Lines.LinesQuery)(Schema.decodeSync(Lines.LinesRequest)(request)))

describe("Lines request", () => {
  it("sends each filter at its parameter, in table order", () => {
    expect(encode({})).toBe("")
    expect(encode({
      network: "ddb",
      subnetwork: "vvs",
      municipality: "08111000",
      mergeDirections: true,
      lineTypes: ["TTB"]
    })).toBe("lineListNetBranchCode=ddb&lineListSubnetwork=vvs&lineListOMC=08111000&mergeDir=1&lineReqType=4")
  })

  it("reads a query back; mergeDir=0 is off; a bad lineReqType is named", () => {
    expect(Schema.decodeUnknownSync(Lines.LinesQuery)(fromQueryString("lineListSubnetwork=vvs&mergeDir=0"))).toEqual({
      subnetwork: "vvs"
    })
    const bad = Schema.decodeUnknownEither(Lines.LinesQuery)(fromQueryString("lineReqType=x"))
    expect(Either.isLeft(bad) && String(bad.left)).toContain("lineReqType")
  })

  it.prop("decode(encode(r)) = r", [Arbitraries.make(Schema.typeSchema(Lines.LinesRequest))], ([r]) => {
    expect(Schema.decodeUnknownSync(Lines.LinesQuery)(Schema.encodeSync(Lines.LinesQuery)(r))).toEqual(r)
  }, { fastCheck: { numRuns: propertyRuns(100) } })
})

describe("Lines response", () => {
  it("reads rapidJSON transportations as lines: ID verbatim, mode as on a board, route, destination", () => {
    const text = fixture("lines")
    const decoded = Schema.decodeUnknownSync(rapid)(JSON.parse(text))
    expect(makeJsonDecoder(rapid)(JSON.parse(text), text)).toEqual(Either.right(decoded))
    expect(decoded).toEqual({
      lines: [
        {
          lineId: "mus:20042: :H:j26",
          mode: { name: "Stadtbahn U42", mot: 3, number: "U42" },
          description: "Musterstadt Hbf - Beispieldorf",
          destination: { id: "de:09999:42", name: "Beispieldorf" }
        },
        { lineId: "mus:30007: :R:j26", mode: { name: "Bus 7", mot: 5, number: "7" } }
      ]
    })
    expect(Lines.ofModes(decoded, [5]).map((line) => line.lineId)).toEqual(["mus:30007: :R:j26"])
  })

  it("a missing list reads as no lines", () => {
    expect(Schema.decodeUnknownSync(rapid)({ version: "10.5.17.3" })).toEqual({ lines: [] })
  })
})
