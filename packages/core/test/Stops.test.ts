import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { RapidJson, Stops } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const rapid = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }).stops
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

describe("Stops request", () => {
  it("sends the municipality, the place and the subnetwork by their stop-list names", () => {
    expect(
      toQueryString(
        Schema.encodeSync(Stops.StopsQuery)({ municipality: "8111000", place: "6", subnetwork: "vvs" })
      )
    ).toBe("stopListOMC=8111000&stopListPlaceId=6&stopListSubnetwork=vvs")
    expect(Schema.decodeUnknownSync(Stops.StopsQuery)(fromQueryString("stopListOMC=8116019"))).toEqual({
      municipality: "8116019"
    })
    expect(Schema.decodeUnknownSync(Stops.StopsQuery)(fromQueryString(""))).toEqual({})
  })

  it.prop("decode(encode(r)) = r", [Arbitraries.make(Schema.typeSchema(Stops.StopsRequest))], ([r]) => {
    expect(Schema.decodeUnknownSync(Stops.StopsQuery)(Schema.encodeSync(Stops.StopsQuery)(r))).toEqual(r)
  }, { fastCheck: { numRuns: propertyRuns(100) } })
})

describe("Stops response", () => {
  it("reads rapidJSON locations as the stops, each with its place", () => {
    const text = fixture("stops")
    const decoded = Schema.decodeUnknownSync(rapid)(JSON.parse(text))
    expect(makeJsonDecoder(rapid)(JSON.parse(text), text)).toEqual(Either.right(decoded))
    const musterstadt = { id: "placeID:9999000:1", name: "Musterstadt", type: "locality" }
    expect(decoded).toEqual({
      stops: [
        { id: "de:09999:1", name: "Musterstadt, Hauptbahnhof", parent: musterstadt },
        { id: "de:09999:7", name: "Musterstadt, Rathaus", parent: musterstadt }
      ],
      systemMessages: []
    })
  })

  it("a missing list reads as no stops", () => {
    expect(Schema.decodeUnknownSync(rapid)({ version: "10.5.17.3" })).toEqual({ stops: [] })
  })

  it("encodes the stops back as rapidJSON locations", () => {
    const response = Schema.decodeUnknownSync(Stops.StopsResponse)({
      stops: [{ id: "de:09999:7", name: "Musterstadt, Rathaus" }]
    })
    expect(Schema.encodeSync(rapid)(response)).toMatchObject({
      locations: [{ id: "de:09999:7", name: "Musterstadt, Rathaus" }]
    })
  })
})
