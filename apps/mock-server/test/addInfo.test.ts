import { AddInfo, LineId } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { answerAddInfo } from "../src/answers/addInfo.js"
import { contextAt } from "./support/answerContext.js"

const context = contextAt()
const ids = (request: AddInfo.AddInfoRequest, at = context) =>
  answerAddInfo(request, at).infos.map((info) => info.id).sort()

const CURRENT = [
  "DB-2026-1187",
  "DB-2026-1203",
  "FVS-2026-0003",
  "SSB-2026-0042",
  "SSB-2026-0051",
  "SSB-2026-0064",
  "SVE-2026-0007",
  "VVS-2026-0001",
  "VVS-2026-0290",
  "VVS-2026-0311"
]
const HISTORY = [
  "DB-2025-4410",
  "DB-2026-0950",
  "GABW-2026-0031",
  "LVL-2025-0120",
  "SSB-2026-0012",
  "SVE-2026-0002",
  "VVS-2025-0998",
  "VVS-2026-0151"
]

describe("notices", () => {
  it("returns the current notices without filters, in the response's shape", () => {
    const response = answerAddInfo({}, context)
    expect(response.infos.map((info) => info.id).sort()).toEqual(CURRENT)
    expect(response.infos[0]).toEqual({
      id: "VVS-2026-0311",
      type: "stopInfo",
      title: "Stuttgart, Feuersee: Aufzug außer Betrieb",
      text: expect.any(String),
      validFrom: "2026-02-20",
      validTo: "2026-03-20",
      lines: expect.arrayContaining(["vvs:10001: :H", "vvs:10004: :R"]),
      severity: "normal",
      // as real notices are: a page (of the reserved example domain), the title as subtitle, link text and short
      // text, a version, the page as a further link
      url: "https://notices.example/VVS/VVS-2026-0311",
      subtitle: "Stuttgart, Feuersee: Aufzug außer Betrieb",
      urlText: "Stuttgart, Feuersee: Aufzug außer Betrieb",
      version: "1",
      smsText: "Stuttgart, Feuersee: Aufzug außer Betrieb",
      links: [{
        url: "https://notices.example/VVS/VVS-2026-0311",
        urlText: "Stuttgart, Feuersee: Aufzug außer Betrieb",
        subtitle: "Stuttgart, Feuersee: Aufzug außer Betrieb",
        content: expect.any(String)
      }],
      publicationStatus: "current"
    })
  })

  it("tells current from historic notices by the fake's clock", () => {
    expect(ids({ publicationStatus: "current" })).toEqual(CURRENT)
    expect(ids({ publicationStatus: "history" })).toEqual(HISTORY)
    // each notice says which list it is on, which rapidJSON answers keep apart
    expect(answerAddInfo({ publicationStatus: "history" }, context).infos.map((n) => n.publicationStatus)).toEqual(
      HISTORY.map(() => "history")
    )
    // three weeks later the elevator notice has ended
    const later = contextAt("2026-03-25T09:00:00Z")
    expect(ids({ publicationStatus: "history" }, later)).toContain("VVS-2026-0311")
    expect(ids({}, later)).not.toContain("VVS-2026-0311")
  })

  it("validity dates: any of the dates, current and historic alike", () => {
    expect(ids({ validOn: { mode: "dates", dates: ["2026-01-15"] } })).toEqual([
      "DB-2026-0950",
      "SSB-2026-0012",
      "SVE-2026-0002",
      "VVS-2026-0001"
    ])
    expect(ids({ validOn: { mode: "dates", dates: ["2026-01-15", "2026-02-12"] } })).toEqual([
      "DB-2026-0950",
      "GABW-2026-0031",
      "SSB-2026-0012",
      "SVE-2026-0002",
      "SVE-2026-0007",
      "VVS-2026-0001",
      "VVS-2026-0151",
      "VVS-2026-0290"
    ])
    expect(ids({ validOn: { mode: "components", date: "2026-01-15" } })).toEqual(
      ids({ validOn: { mode: "dates", dates: ["2026-01-15"] } })
    )
    expect(ids({ validOn: { mode: "dates", dates: ["2026-01-15"] }, publicationStatus: "current" })).toEqual([
      "VVS-2026-0001"
    ])
  })

  it("validity interval: notices overlapping it", () => {
    expect(ids({ validIntervalStart: "2025-11-15", validIntervalEnd: "2025-12-24" })).toEqual([
      "DB-2025-4410",
      "LVL-2025-0120",
      "VVS-2025-0998"
    ])
    expect(ids({ validIntervalStart: "2026-04-01" })).toEqual(["SSB-2026-0064", "SVE-2026-0007", "VVS-2026-0001"])
  })

  it("municipalities and places", () => {
    expect(ids({ municipalities: ["8116053"] })).toEqual(["DB-2026-1187", "VVS-2026-0001", "VVS-2026-0290"])
    expect(ids({ places: [{ municipality: "8111000", placeId: "5" }] })).toEqual(["VVS-2026-0311"])
    expect(ids({ places: [{ municipality: "8111000", placeId: "5" }, { municipality: "8116019", placeId: "1" }] }))
      .toEqual(["DB-2026-1187", "FVS-2026-0003", "SVE-2026-0007", "VVS-2026-0311"])
  })

  it("line-number interval and transport modes", () => {
    expect(ids({ lineNumberStart: 100, lineNumberEnd: 999 })).toEqual(["FVS-2026-0003", "SVE-2026-0007"])
    expect(ids({ lineNumberStart: 5, lineNumberEnd: 5 })).toEqual(["SSB-2026-0051"])
    expect(ids({ modes: [3] })).toEqual(["SSB-2026-0042", "SSB-2026-0051"])
    expect(ids({ modes: [3, 17] })).toEqual(["DB-2026-1203", "SSB-2026-0042", "SSB-2026-0051"])
  })

  it("lines by network, line and direction or supplement", () => {
    expect(ids({ lineDirections: [{ network: "vvs", line: "10004", direction: "H" }] })).toEqual([
      "DB-2026-1203",
      "VVS-2026-0311"
    ])
    expect(ids({ lineDirections: [{ network: "vvs", line: "U5", direction: "R" }] })).toEqual(["SSB-2026-0051"])
    expect(ids({ lineSupplements: [{ network: "vvs", line: "10001", supplement: " " }] })).toEqual([
      "DB-2026-1187",
      "VVS-2026-0311"
    ])
    expect(ids({ lineSupplements: [{ network: "vvs", line: "10001", supplement: "X" }] })).toEqual([])
  })

  it("selected lines, operators and stops, each a union of its values", () => {
    expect(ids({ selectedLines: ["U5"] })).toEqual(["SSB-2026-0051"])
    expect(ids({ selectedLines: ["U5", "119"] })).toEqual(["SSB-2026-0051", "SVE-2026-0007"])
    expect(ids({ operators: ["SVE"] })).toEqual(["SVE-2026-0007"])
    expect(ids({ stops: ["de:08111:6052"] })).toEqual(["VVS-2026-0311"])
    expect(ids({ stops: ["de:08111:6052", "de:08111:5012"] })).toEqual(["SSB-2026-0042", "VVS-2026-0311"])
  })

  it("the combined line filter, with the notices of the stops it passes", () => {
    const u1 = LineId.make("vvs:11001: :H:")
    expect(ids({ line: u1 })).toEqual(["SSB-2026-0042"])
    expect(ids({ line: u1, publicationStatus: "history" })).toEqual(["VVS-2026-0151"])
    expect(ids({ line: u1, passedStops: true, publicationStatus: "history" })).toEqual([
      "DB-2026-0950",
      "VVS-2026-0151"
    ])
  })

  it("notice IDs, types, providers and source systems", () => {
    expect(ids({ noticeIds: ["SSB-2026-0042", "DB-2025-4410"] })).toEqual(["SSB-2026-0042"])
    expect(ids({ noticeIds: ["SSB-2026-0042", "DB-2025-4410"], publicationStatus: "history" }))
      .toEqual(["DB-2025-4410"])
    expect(ids({ noticeTypes: ["stopBlocking"] })).toEqual(["SSB-2026-0042", "SVE-2026-0007"])
    expect(ids({ noticeTypes: ["lineInfo", "bannerInfo"] }))
      .toEqual(["FVS-2026-0003", "SSB-2026-0051", "VVS-2026-0290"])
    expect(ids({ providerCodes: ["dbr"] })).toEqual(["DB-2026-1187", "DB-2026-1203"])
    expect(ids({ sourceSystems: ["DIVA"] }))
      .toEqual(["FVS-2026-0003", "VVS-2026-0001", "VVS-2026-0290", "VVS-2026-0311"])
  })

  it("every notice type occurs", () => {
    const types = answerAddInfo({ validIntervalStart: "2025-01-01" }, context).infos.map((info) => info.type)
    expect(new Set(types).size).toBe(8)
  })

  it("hides banners on request", () => {
    expect(ids({ hideBanners: true })).toEqual(CURRENT.filter((id) => id !== "VVS-2026-0290"))
  })

  it("different filters must all hold", () => {
    expect(ids({ modes: [1], noticeTypes: ["routeBlocking"] })).toEqual(["DB-2026-1203"])
    expect(ids({ modes: [1], noticeTypes: ["lineInfo"] })).toEqual([])
  })

  it("encodes with the core's response schema", () => {
    const response = answerAddInfo({ validIntervalStart: "2025-01-01" }, context)
    expect(
      Schema.decodeUnknownSync(AddInfo.AddInfoResponse)(
        JSON.parse(JSON.stringify(Schema.encodeSync(AddInfo.AddInfoResponse)(response)))
      )
    ).toEqual(response)
  })

  it("notices' lines are lines of the dataset", () => {
    const known = new Set(context.dataset.lines.flatMap((line) => [
      `${line.network}:${line.code}:${line.supplement}:H`,
      `${line.network}:${line.code}:${line.supplement}:R`
    ]))
    for (const info of answerAddInfo({ validIntervalStart: "2025-01-01" }, context).infos) {
      for (const line of info.lines) expect(known.has(line)).toBe(true)
    }
  })
})
