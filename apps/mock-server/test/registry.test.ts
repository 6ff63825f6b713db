import { Operations } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { type AnswerEntry, answers, isOperationPath, PATHS } from "../src/index.js"
import { call, fake } from "./helpers.js"

// One valid request per operation (and the vehicle-detail mode).
const requests = {
  trip: ["/XML_TRIP_REQUEST2", {
    type_origin: "any",
    name_origin: "de:08111:6118",
    type_destination: "any",
    name_destination: "de:08115:3200",
    tripReductionMacro: "1"
  }],
  coordInfo: ["/XML_COORD_REQUEST", { coord: "9.181636:48.784081:WGS84[dd.ddddd]", inclFilter: "1", type_0: "STOP" }],
  vehicleDetail: ["/XML_COORD_REQUEST", {
    coordReqType: "VEHICLEDETAIL",
    vehDetail: "1",
    vehSM: "ID",
    SharingRefId: "SN-501:sharenow:sn-stuttgart"
  }],
  stopFinder: ["/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: "Feuersee" }],
  servingLines: ["/XML_SERVINGLINES_REQUEST", { mode: "line", lineReqType: "0", lineName: "S1" }],
  addInfo: ["/XML_ADDINFO_REQUEST", {}],
  opArea: ["/XML_OPAREA_REQUEST", { opareaSM: "ALL" }],
  geoObject: ["/XML_GEOOBJECT_REQUEST", { line: "vvs:10001: :H" }],
  departures: ["/XML_DM_REQUEST", { mode: "direct", type_dm: "any", name_dm: "de:08111:6118", useRealtime: "1" }],
  tripStops: ["/XML_STOPSEQCOORD_REQUEST", {
    line: "vvs:10001: :H:",
    stop: "de:08111:6118",
    tripCode: "48600",
    date: "20260302",
    time: "08:57"
  }],
  systemInfo: ["/XML_SYSTEMINFO_REQUEST", {}],
  lines: ["/XML_LINELIST_REQUEST", { lineListSubnetwork: "vvs" }],
  lineStops: ["/XML_LINESTOP_REQUEST", { line: "vvs:10001: :H:" }],
  stops: ["/XML_STOPLIST_REQUEST", { stopListSubnetwork: "vvs" }],
  realtimeForTrip: ["/XML_GETRTFORTRIP_REQUEST", {
    journey: JSON.stringify({
      legs: [{
        transportation: { id: "vvs:10001: :H:", properties: { tripCode: 48600 } },
        origin: { id: "de:08115:3200", departureTimePlanned: "2026-03-02T07:25:00Z" },
        destination: { id: "de:08111:6002", arrivalTimePlanned: "2026-03-02T07:37:00Z" }
      }]
    })
  }]
} as const

const server = fake()

describe("every operation", () => {
  it.each(Object.entries(requests))("%s answers 200 with a body the response schema decodes", async (name, request) => {
    const [path, params] = request
    const entry: AnswerEntry = answers[name as keyof typeof answers]
    const { json, status, headers } = await call(server, path, { outputFormat: "JSON", ...params })
    expect(status).toBe(200)
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8")
    const decoded = Schema.decodeUnknownEither(entry.operation.response)(json)
    expect(Either.isRight(decoded)).toBe(true)
    if (Either.isRight(decoded)) expect(entry.operation.hasResult(decoded.right)).toBe(true)
  })

  it.each(Object.entries(requests))("%s answers the system-error fault with an empty result", async (name, request) => {
    const [path, params] = request
    const entry: AnswerEntry = answers[name as keyof typeof answers]
    const { json, status } = await call(server, path, params, { headers: { "x-efa-fault": "system-error" } })
    expect(status).toBe(200)
    const decoded = Schema.decodeUnknownEither(entry.operation.response)(json)
    expect(Either.isRight(decoded)).toBe(true)
    if (Either.isRight(decoded)) {
      expect(entry.operation.hasResult(decoded.right)).toBe(false)
      expect(json.systemMessages[0]).toMatchObject({ type: "error", code: entry.noResult.code })
    }
  })

  it("journals the server's own requests with the operation's path name", async () => {
    const fresh = fake()
    for (const [path, params] of Object.values(requests)) await call(fresh, path, params)
    const paths = Object.values(requests).map(([path]) => path.slice(1))
    expect(fresh.state.journal().map((entry) => entry.path)).toEqual(paths)
    expect(fresh.errors).toEqual([])
  })
})

describe("the registry and the routes follow the core's list of operations", () => {
  it("has one entry per operation, bound to that operation", () => {
    expect(Object.keys(answers).sort()).toEqual(Object.keys(Operations.all).sort())
    for (const [name, operation] of Object.entries(Operations.all)) {
      expect(answers[name as keyof typeof answers].operation).toBe(operation)
    }
  })

  it("serves each operation's path once, and nothing else as an operation path", async () => {
    const paths = new Set(Object.values(Operations.all).map((operation) => operation.path))
    expect([...PATHS].sort()).toEqual([...paths].sort())
    for (const path of paths) {
      expect(isOperationPath(path)).toBe(true)
      expect((await call(server, `/${path}`, {})).status).not.toBe(404)
    }
    expect(isOperationPath("XML_TRIP_REQUEST")).toBe(false)
  })
})
