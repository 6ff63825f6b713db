import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { LineStops, RapidJson } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const rapid = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }).lineStops
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

describe("LineStops request", () => {
  it("sends the line ID verbatim; a query without it names line", () => {
    expect(toQueryString(Schema.encodeSync(LineStops.LineStopsQuery)({ line: "vvs:10001: :H:j26" }))).toBe(
      "line=vvs:10001:+:H:j26"
    )
    const missing = Schema.decodeUnknownEither(LineStops.LineStopsQuery)(fromQueryString(""))
    expect(Either.isLeft(missing) && String(missing.left)).toContain("line")
  })

  it.prop("decode(encode(r)) = r", [Arbitraries.make(Schema.typeSchema(LineStops.LineStopsRequest))], ([r]) => {
    expect(Schema.decodeUnknownSync(LineStops.LineStopsQuery)(Schema.encodeSync(LineStops.LineStopsQuery)(r)))
      .toEqual(r)
  }, { fastCheck: { numRuns: propertyRuns(100) } })
})

describe("LineStops response", () => {
  it("reads rapidJSON locationSequence as the stops, in order, each with its place", () => {
    const text = fixture("line-stops")
    const decoded = Schema.decodeUnknownSync(rapid)(JSON.parse(text))
    expect(makeJsonDecoder(rapid)(JSON.parse(text), text)).toEqual(Either.right(decoded))
    expect(decoded).toEqual({
      stops: [
        {
          id: "de:09999:1",
          name: "Musterstadt, Hauptbahnhof",
          parent: { id: "placeID:9999000:1", name: "Musterstadt", type: "locality" }
        },
        { id: "de:09999:42", name: "Beispieldorf" }
      ],
      systemMessages: []
    })
  })

  it("a missing list reads as no stops", () => {
    expect(Schema.decodeUnknownSync(rapid)({ version: "10.5.17.3" })).toEqual({ stops: [] })
  })
})
