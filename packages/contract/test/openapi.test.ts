import { LocalDateTime, OpenApi, Operations } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Either } from "effect"

const document = OpenApi.make(Object.values(Operations.all), {
  title: "EFA",
  version: "test",
  rapidJson: { timeZone: Either.getOrThrow(LocalDateTime.zone("Europe/Berlin")) }
})

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator()
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]
    )
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe("3.1")
  })

  it("documents both dialects: the output formats and each answer in either", () => {
    const trip = document.paths["/XML_TRIP_REQUEST2"]!.get as any
    expect(trip.parameters.find((p: any) => p.name === "outputFormat").schema.enum).toEqual(["JSON", "rapidJSON"])
    const answer = trip.responses["200"].content["application/json"].schema
    expect(answer.oneOf.map((schema: any) => schema.description)).toEqual([
      "outputFormat=JSON: the contract's format",
      "outputFormat=rapidJSON"
    ])
    expect(JSON.stringify(document.components.schemas)).toContain("journeys")
  })

  it("names every operation's path and no other", () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      "/XML_ADDINFO_REQUEST",
      "/XML_COORD_REQUEST",
      "/XML_DM_REQUEST",
      "/XML_GEOOBJECT_REQUEST",
      "/XML_GETRTFORTRIP_REQUEST",
      "/XML_LINELIST_REQUEST",
      "/XML_LINESTOP_REQUEST",
      "/XML_OPAREA_REQUEST",
      "/XML_SERVINGLINES_REQUEST",
      "/XML_STOPFINDER_REQUEST",
      "/XML_STOPLIST_REQUEST",
      "/XML_STOPSEQCOORD_REQUEST",
      "/XML_SYSTEMINFO_REQUEST",
      "/XML_TRIP_REQUEST2"
    ])
  })
})
