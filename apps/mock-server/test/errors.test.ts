import { Operations } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { answers } from "../src/index.js"
import { call, fake } from "./helpers.js"

const server = fake()

describe("bad requests", () => {
  it.each(
    [
      ["/XML_TRIP_REQUEST2", {}, "trip", ["name_destination", "name_origin", "type_destination", "type_origin"]],
      ["/XML_STOPFINDER_REQUEST", { type_sf: "any" }, "stopFinder", ["name_sf"]],
      ["/XML_SERVINGLINES_REQUEST", {}, "servingLines", ["lineReqType", "mode"]],
      ["/XML_ADDINFO_REQUEST", { filterPublicationStatus: "someday" }, "addInfo", ["filterPublicationStatus"]],
      ["/XML_OPAREA_REQUEST", { vehSF: "BIKE" }, "opArea", ["opareaSM"]],
      ["/XML_GEOOBJECT_REQUEST", {}, "geoObject", ["line"]],
      ["/XML_DM_REQUEST", { mode: "direct", limit: "0" }, "departures", ["type_dm", "name_dm", "limit"]],
      ["/XML_STOPSEQCOORD_REQUEST", { line: "vvs:10001: :H:" }, "tripStops", ["stop", "tripCode", "date", "time"]],
      [
        "/XML_COORD_REQUEST",
        { coord: "9.18:48.78:WGS84[dd.ddddd]", inclFilter: "1", type_0: "BOAT" },
        "coordInfo",
        ["type_0"]
      ]
    ] as const
  )("%s answers 400 naming the parameters", async (path, params, operation, parameters) => {
    const { json, status, headers } = await call(server, path, { outputFormat: "JSON", ...params })
    expect(status).toBe(400)
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8")
    expect(json).toMatchObject({ error: "invalid-parameters", operation, path: path.slice(1) })
    for (const parameter of parameters) {
      expect(json.issues.map((i: any) => i.parameter)).toContain(parameter)
    }
    for (const issue of json.issues) expect(typeof issue.message).toBe("string")
  })

  it("refuses any outputFormat but JSON, naming it", async () => {
    const feuersee = { type_sf: "any", name_sf: "Feuersee" }
    const xml = await call(server, "/XML_STOPFINDER_REQUEST", { outputFormat: "XML", ...feuersee })
    expect(xml.status).toBe(400)
    expect(xml.json.issues).toEqual([{ parameter: "outputFormat", message: expect.stringContaining("XML") }])
    const lower = await call(server, "/XML_STOPFINDER_REQUEST", { outputFormat: "json", ...feuersee })
    expect(lower.status).toBe(200)
    const absent = await call(server, "/XML_STOPFINDER_REQUEST", feuersee)
    expect(absent.status).toBe(200)
    expect(absent.headers.get("content-type")).toBe("application/json; charset=utf-8")
  })

  it("answers an unknown path with 404 listing the operations", async () => {
    const { json, status } = await call(server, "/XML_PS_REQUEST")
    expect(status).toBe(404)
    expect(json.error).toBe("not-found")
    expect(new Set(json.operations.map((o: any) => o.path))).toEqual(
      new Set([
        "/XML_TRIP_REQUEST2",
        "/XML_COORD_REQUEST",
        "/XML_STOPFINDER_REQUEST",
        "/XML_SERVINGLINES_REQUEST",
        "/XML_ADDINFO_REQUEST",
        "/XML_OPAREA_REQUEST",
        "/XML_GEOOBJECT_REQUEST",
        "/XML_DM_REQUEST",
        "/XML_STOPSEQCOORD_REQUEST",
        "/XML_SYSTEMINFO_REQUEST",
        "/XML_LINELIST_REQUEST",
        "/XML_LINESTOP_REQUEST",
        "/XML_STOPLIST_REQUEST",
        "/XML_GETRTFORTRIP_REQUEST"
      ])
    )
  })

  it("points a caller of XML_TRIP_REQUEST to XML_TRIP_REQUEST2 and other mistakes to the right name", async () => {
    const trip = await call(server, "/XML_TRIP_REQUEST", { outputFormat: "JSON" })
    expect(trip.status).toBe(404)
    expect(trip.json.didYouMean).toBe("/XML_TRIP_REQUEST2")
    expect(trip.json.message).toContain("XML_TRIP_REQUEST2")
    expect((await call(server, "/XML_COORDINFO_REQUEST")).json.didYouMean).toBe("/XML_COORD_REQUEST")
    expect((await call(server, "/xml_stopfinder_request")).json.didYouMean).toBe("/XML_STOPFINDER_REQUEST")
    expect((await call(server, "/XML_STOPFINDR_REQUEST")).json.didYouMean).toBe("/XML_STOPFINDER_REQUEST")
    // below a virtual directory an operation answers as at the root (see realism.test.ts)
    expect((await call(server, "/efa/XML_STOPFINDER_REQUEST")).status).not.toBe(404)
    const slash = await call(server, "/XML_STOPFINDER_REQUEST/")
    expect(slash.status).toBe(404)
    expect(slash.json.message).toContain("trailing slash")
  })

  it("answers other methods than GET with 405, an Allow header and JSON", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const { json, status, headers } = await call(server, "/XML_STOPFINDER_REQUEST", {}, { method })
      expect(status).toBe(405)
      expect(headers.get("allow")).toBe("GET, HEAD, OPTIONS")
      expect(json).toMatchObject({ error: "method-not-allowed", method })
    }
  })

  it("answers HEAD like GET without a body", async () => {
    const params = { type_sf: "any", name_sf: "Feuersee" }
    const { status, text } = await call(server, "/XML_STOPFINDER_REQUEST", params, { method: "HEAD" })
    expect(status).toBe(200)
    expect(text).toBe("")
  })

  it("answers an unexpected exception with 500 and JSON without stack or paths", async () => {
    const broken = fake({
      answers: {
        stopFinder: {
          ...answers.stopFinder,
          answer: () => {
            throw new Error("secret detail in /home/someone/project/src/answers/stopFinder.ts:42")
          }
        }
      }
    })
    const { json, status, text } = await call(broken, "/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: "x" })
    expect(status).toBe(500)
    expect(json.error).toBe("internal-error")
    expect(text).not.toContain("secret")
    expect(text).not.toContain("/home")
    expect(text).not.toMatch(/\bat\s+\S+\s+\(/)
    expect(broken.errors).toHaveLength(1)
    // The fake keeps serving.
    expect((await call(broken, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })).status).toBe(200)
  })

  it("answers 500 when an answer does not match the response schema", async () => {
    const broken = fake({
      answers: { opArea: { ...answers.opArea, answer: () => ({ providers: [{ id: 1 }] }) as any } }
    })
    const { status, json } = await call(broken, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    expect(status).toBe(500)
    expect(json.error).toBe("internal-error")
  })

  it("refuses very long URLs with 414 and thousands of parameters with 400", async () => {
    const long = await call(server, "/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: "x".repeat(20_000) })
    expect(long.status).toBe(414)
    expect(long.json.error).toBe("uri-too-long")
    const many = await server.app.request("/XML_STOPFINDER_REQUEST?" + "a&".repeat(3000) + "type_sf=any&name_sf=x")
    expect(many.status).toBe(400)
    expect((await many.json()).error).toBe("too-many-parameters")
  })

  it("is not confused by __proto__ and constructor parameters", async () => {
    const params = [
      ["__proto__", "x"],
      ["__proto__", "y"],
      ["constructor", "z"],
      ["prototype", "1"],
      ["toString", "1"],
      ["type_sf", "any"],
      ["name_sf", "Feuersee"]
    ] as const
    const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", params)
    expect(status).toBe(200)
    expect(json.locations[0].id).toBe("de:08111:6052")
    expect(({} as any).x).toBeUndefined()
    const bad = await call(server, "/XML_STOPFINDER_REQUEST", [["__proto__", "x"], ["type_sf", "any"]])
    expect(bad.status).toBe(400)
  })

  it("survives malformed percent-encoding", async () => {
    const response = await server.app.request("/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=%E0%A4%A&x=%ZZ")
    expect(response.status).toBeLessThan(500)
  })

  it("sends CORS headers and answers the preflight", async () => {
    const origin = { headers: { origin: "http://app.example" } }
    const simple = await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" }, origin)
    expect(simple.headers.get("access-control-allow-origin")).toBe("*")
    expect(simple.headers.get("access-control-expose-headers")).toContain("retry-after")
    const preflight = await server.app.request("/XML_OPAREA_REQUEST?opareaSM=ALL", {
      method: "OPTIONS",
      headers: {
        origin: "http://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-efa-fault"
      }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*")
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET")
    expect(preflight.headers.get("access-control-allow-headers")).toBe("x-efa-fault")
  })

  it("lists the operations at the root", async () => {
    const { json, status } = await call(server, "/")
    expect(status).toBe(200)
    expect(json.operations).toHaveLength(Object.keys(Operations.all).length)
    expect(json.openapi).toBe("/openapi.json")
  })
})
