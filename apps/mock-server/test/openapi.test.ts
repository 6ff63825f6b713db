import { describe, expect, it } from "@effect/vitest"
import { call, fake } from "./helpers.js"

describe("/openapi.json", () => {
  it("is an OpenAPI 3.1 document naming every path", async () => {
    const { json, status, headers } = await call(fake(), "/openapi.json")
    expect(status).toBe(200)
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8")
    expect(json.openapi).toBe("3.1.0")
    expect(Object.keys(json.paths).sort()).toEqual([
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

  it("documents parameters from the core's parameter schemas", async () => {
    const { json } = await call(fake(), "/openapi.json")
    const stopFinder = json.paths["/XML_STOPFINDER_REQUEST"].get
    expect(stopFinder.operationId).toBe("stopFinder")
    const byName = new Map(stopFinder.parameters.map((p: any) => [p.name, p]))
    expect(byName.get("name_sf")).toMatchObject({ in: "query", required: true })
    expect(byName.get("prMinQu")).toMatchObject({ required: false, schema: { type: "string" } })
    const notices = new Map(json.paths["/XML_ADDINFO_REQUEST"].get.parameters.map((p: any) => [p.name, p]))
    expect(notices.get("filterInfoType")).toMatchObject({ style: "form", explode: true, schema: { type: "array" } })
    const coord = json.paths["/XML_COORD_REQUEST"].get
    const families = coord.parameters
      .filter((p: any) => p.schema.patternProperties !== undefined)
      .map((p: any) => p.name)
    expect(families).toContain("type_<n>")
    expect(coord["x-efa-modes"].map((m: any) => m.name)).toEqual(["coordInfo", "vehicleDetail"])
    expect(coord.responses["200"].content["application/json"].schema.oneOf).toHaveLength(2)
  })

  it("documents responses from the core's response schemas, with references that resolve", async () => {
    const { json } = await call(fake(), "/openapi.json")
    const text = JSON.stringify(json)
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(json.components.schemas).toHaveProperty([decodeURIComponent(name!)])
    }
    expect(json.paths["/XML_TRIP_REQUEST2"].get.responses["400"]).toBeDefined()
  })
})
