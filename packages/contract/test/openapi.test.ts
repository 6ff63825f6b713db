import { EfaClient, OpenApi } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Validator } from "@seriousme/openapi-schema-validator"

const document = OpenApi.make(Object.values(EfaClient.operations), { title: "EFA", version: "test" })

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

  it("names all seven paths and no other", () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      "/XML_ADDINFO_REQUEST",
      "/XML_COORD_REQUEST",
      "/XML_GEOOBJECT_REQUEST",
      "/XML_OPAREA_REQUEST",
      "/XML_SERVINGLINES_REQUEST",
      "/XML_STOPFINDER_REQUEST",
      "/XML_TRIP_REQUEST2"
    ])
  })
})
