import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck, ParseResult, Schema } from "effect"
import * as Arbitraries from "../src/Arbitraries.js"
import { AddInfo, LineId } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const encode = (request: AddInfo.AddInfoRequest) => toQueryString(Schema.encodeSync(AddInfo.AddInfoQuery)(request))

const decode = (query: string) => Schema.decodeUnknownEither(AddInfo.AddInfoQuery)(fromQueryString(query))

const fields = (result: Either.Either<unknown, ParseResult.ParseError>): Array<string> =>
  Either.isLeft(result)
    ? Array.from(new Set(ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))))
    : []

const encodeFields = (request: unknown) =>
  fields(Schema.encodeEither(AddInfo.AddInfoQuery)(request as AddInfo.AddInfoRequest))

const everyFilter: AddInfo.AddInfoRequest = {
  validOn: { mode: "dates", dates: ["2024-03-01", "2024-03-02"] },
  publicationStatus: "current",
  validIntervalStart: "2024-03-01",
  validIntervalEnd: "2024-03-31",
  municipalities: ["8111000", "8115003"],
  places: [{ municipality: "8111000", placeId: "1" }, { municipality: "8115003", placeId: "20" }],
  lineNumberStart: 1,
  lineNumberEnd: 99,
  modes: [4, 5],
  lineDirections: [
    { network: "vvs", line: "10001", direction: "H" },
    { network: "vvs", line: "20042", direction: "R" }
  ],
  lineSupplements: [
    { network: "vvs", line: "10001", supplement: " " },
    { network: "vvs", line: "10002", supplement: "E" }
  ],
  selectedLines: ["U1", "42"],
  operators: ["SSB", "DB"],
  stops: ["de:08111:6118", "de:08111:2"],
  line: LineId.make("vvs:10001: :H:j24"),
  passedStops: true,
  noticeIds: ["n-1", "n-2"],
  noticeTypes: ["lineInfo", "stopBlocking"],
  providerCodes: ["VVS", "SSB"],
  sourceSystems: ["DIVA", "Störungsmelder"],
  hideBanners: true
}

const everyFilterQuery = [
  "filterDateValid=01-03-2024",
  "filterDateValid=02-03-2024",
  "filterPublicationStatus=current",
  "filterValidIntervalStart=01-03-2024",
  "filterValidIntervalEnd=31-03-2024",
  "filterOMC=8111000:8115003",
  "filterOMC_PlaceID=8111000:1",
  "filterOMC_PlaceID=8115003:20",
  "filterLineNumberIntervalStart=1",
  "filterLineNumberIntervalEnd=99",
  "filterMOTType=4",
  "filterMOTType=5",
  "filterPNLineDir=vvs:10001:H",
  "filterPNLineDir=vvs:20042:R",
  "filterPNLineSub=vvs:10001:+",
  "filterPNLineSub=vvs:10002:E",
  "itdLPxx_selLine=U1",
  "itdLPxx_selLine=42",
  "itdLPxx_selOperator=SSB",
  "itdLPxx_selOperator=DB",
  "itdLPxx_selStop=de:08111:6118",
  "itdLPxx_selStop=de:08111:2",
  "line=vvs:10001:+:H:j24",
  "passedStops=1",
  "filterInfoID=n-1",
  "filterInfoID=n-2",
  "filterInfoType=lineInfo",
  "filterInfoType=stopBlocking",
  "filterProviderCode=VVS",
  "filterProviderCode=SSB",
  "filterSourceSystemName=DIVA",
  "filterSourceSystemName=St%C3%B6rungsmelder",
  "hideBannerInfo=1"
].join("&")

describe("AddInfo request", () => {
  it("sends nothing for an empty request", () => {
    expect(encode({})).toBe("")
    expect(decode("")).toStrictEqual(Either.right({}))
  })

  it("encodes every filter, repeatable ones as repeated parameters", () => {
    expect(encode(everyFilter)).toBe(everyFilterQuery)
  })

  it("decodes every filter back", () => {
    expect(decode(everyFilterQuery)).toStrictEqual(Either.right(everyFilter))
  })

  it("reads a repeatable parameter given once as a one-item list", () => {
    expect(decode("filterMOTType=5&filterInfoType=bannerInfo&itdLPxx_selStop=de:08111:6118")).toStrictEqual(
      Either.right({ modes: [5], noticeTypes: ["bannerInfo"], stops: ["de:08111:6118"] })
    )
  })

  it("encodes the component-wise date with two-digit day and month", () => {
    expect(encode({ validOn: { mode: "components", date: "2024-03-05" }, publicationStatus: "history" })).toBe(
      "filterDateValidComponentsActive=1&filterDateValidDay=05&filterDateValidMonth=03&filterDateValidYear=2024" +
        "&filterPublicationStatus=history"
    )
    expect(
      decode("filterDateValidComponentsActive=1&filterDateValidDay=5&filterDateValidMonth=3&filterDateValidYear=2024")
    ).toStrictEqual(Either.right({ validOn: { mode: "components", date: "2024-03-05" } }))
  })

  it("takes the combined line filter as a line identifier of five parts", () => {
    const filter = LineId.format({ subnetwork: "ddb", lineNumber: "92D01", supplement: "", direction: "R", period: "" })
    expect(filter).toBe("ddb:92D01::R:")
    expect(encode({ line: filter })).toBe("line=ddb:92D01::R:")
    expect(decode("line=ddb:92D01::R:")).toStrictEqual(Either.right({ line: filter }))
    expect(fields(decode("line=ddb:92D01::R"))).toStrictEqual(["line"])
    expect(fields(decode("line=ddb:92D01::R:j:x"))).toStrictEqual(["line"])
  })

  it("names the parameter of each problem in a query", () => {
    const components = "filterDateValidComponentsActive=1"
    const monthAndYear = "filterDateValidMonth=03&filterDateValidYear=2024"
    expect(fields(decode("filterLineNumberIntervalStart=0"))).toStrictEqual(["filterLineNumberIntervalStart"])
    expect(fields(decode("filterLineNumberIntervalEnd=1000"))).toStrictEqual(["filterLineNumberIntervalEnd"])
    expect(fields(decode("filterLineNumberIntervalStart=20&filterLineNumberIntervalEnd=10"))).toStrictEqual([
      "filterLineNumberIntervalEnd"
    ])
    expect(fields(decode("filterLineNumberIntervalStart=2&filterLineNumberIntervalStart=3"))).toStrictEqual([
      "filterLineNumberIntervalStart"
    ])
    expect(fields(decode("filterDateValid=01-03-2024&filterDateValid=2024-03-02"))).toStrictEqual(["filterDateValid.1"])
    expect(fields(decode("filterDateValid=30-02-2024"))).toStrictEqual(["filterDateValid.0"])
    expect(fields(decode("filterValidIntervalStart=02-03-2024&filterValidIntervalEnd=01-03-2024"))).toStrictEqual([
      "filterValidIntervalEnd"
    ])
    expect(fields(decode("filterValidIntervalStart=20240301"))).toStrictEqual(["filterValidIntervalStart"])
    expect(fields(decode("filterDateValidComponentsActive=1&filterDateValidDay=05&filterDateValidYear=2024")))
      .toStrictEqual(["filterDateValidMonth"])
    expect(
      fields(decode(`${components}&filterDateValidDay=30&filterDateValidMonth=02&filterDateValidYear=2024`))
    ).toStrictEqual(["filterDateValidDay"])
    expect(fields(decode("filterDateValidDay=05&filterDateValidMonth=03&filterDateValidYear=2024"))).toStrictEqual([
      "filterDateValidDay",
      "filterDateValidMonth",
      "filterDateValidYear"
    ])
    expect(
      fields(decode(`filterDateValid=05-03-2024&${components}&filterDateValidDay=05&${monthAndYear}`))
    ).toStrictEqual(["filterDateValid"])
    expect(fields(decode(`${components}&filterDateValidDay=32&filterDateValidMonth=1&filterDateValidYear=2024`)))
      .toStrictEqual(["filterDateValidDay"])
    expect(fields(decode("filterPublicationStatus=future"))).toStrictEqual(["filterPublicationStatus"])
    expect(fields(decode("filterOMC=8111000::1"))).toStrictEqual(["filterOMC.1"])
    expect(fields(decode("filterOMC_PlaceID=8111000"))).toStrictEqual(["filterOMC_PlaceID.0"])
    expect(fields(decode("filterMOTType=4&filterMOTType=bus"))).toStrictEqual(["filterMOTType.1"])
    expect(fields(decode("filterPNLineDir=vvs:10001"))).toStrictEqual(["filterPNLineDir.0"])
    expect(fields(decode("filterPNLineSub=vvs::E"))).toStrictEqual(["filterPNLineSub.0.line"])
    expect(fields(decode("line=vvs:10001:H"))).toStrictEqual(["line"])
    expect(fields(decode("line=:10001::H:j24"))).toStrictEqual(["line"])
    expect(fields(decode("passedStops=1"))).toStrictEqual(["passedStops"])
    expect(fields(decode("filterInfoType=lineInfo&filterInfoType=delay"))).toStrictEqual(["filterInfoType.1"])
    expect(fields(decode("itdLPxx_selLine=+U1"))).toStrictEqual(["itdLPxx_selLine.0"])
    expect(fields(decode("filterInfoID="))).toStrictEqual(["filterInfoID.0"])
    expect(fields(decode("hideBannerInfo=1&hideBannerInfo=1"))).toStrictEqual(["hideBannerInfo"])
  })

  it("refuses invalid requests before sending, at the field", () => {
    expect(encodeFields({ lineNumberStart: 0 })).toStrictEqual(["lineNumberStart"])
    expect(encodeFields({ lineNumberEnd: 1000 })).toStrictEqual(["lineNumberEnd"])
    expect(encodeFields({ lineNumberStart: 1.5 })).toStrictEqual(["lineNumberStart"])
    expect(encodeFields({ lineNumberStart: 20, lineNumberEnd: 10 })).toStrictEqual(["lineNumberEnd"])
    expect(encodeFields({ validIntervalStart: "2024-03-02", validIntervalEnd: "2024-03-01" })).toStrictEqual([
      "validIntervalEnd"
    ])
    expect(encodeFields({ validIntervalStart: "01-03-2024" })).toStrictEqual(["validIntervalStart"])
    expect(encodeFields({ passedStops: true })).toStrictEqual(["passedStops"])
    expect(encodeFields({ modes: [] })).toStrictEqual(["modes"])
    expect(encodeFields({ validOn: { mode: "dates", dates: [] } })).toStrictEqual(["validOn.dates"])
    expect(encodeFields({ validOn: { mode: "components", date: "2024-02-30" } })).toStrictEqual(["validOn.date"])
    expect(encodeFields({ municipalities: ["8111000:1"] })).toStrictEqual(["municipalities.0"])
    expect(encodeFields({ line: "vvs:1:2: :H:" })).toStrictEqual(["line"])
    expect(encodeFields({ line: "vvs:: :H:" })).toStrictEqual(["line"])
    expect(encodeFields({ noticeTypes: ["delay"] })).toStrictEqual(["noticeTypes.0"])
    expect(encodeFields({ selectedLines: [" U1"] })).toStrictEqual(["selectedLines.0"])
  })

  it("round-trips every request: decode(encode(r)) = r", () => {
    const encodeQuery = Schema.encodeSync(AddInfo.AddInfoQuery)
    const decodeQuery = Schema.decodeSync(AddInfo.AddInfoQuery)
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(AddInfo.AddInfoRequest), (request) => {
        expect(decodeQuery(fromQueryString(toQueryString(encodeQuery(request))))).toStrictEqual(request)
      })
    )
  })
})

const notice = (id: string, lines: ReadonlyArray<string>, title = `Notice ${id}`) => ({
  id,
  type: "lineInfo",
  title,
  text: "Construction work between Hauptbahnhof and Charlottenplatz.",
  validFrom: "2024-03-01",
  validTo: "2024-03-31",
  lines,
  severity: "warning"
})

describe("AddInfo response", () => {
  const decodeResponse = Schema.decodeUnknownEither(AddInfo.AddInfoResponse)
  const firstField = (raw: unknown) =>
    fields(Schema.decodeUnknownEither(AddInfo.AddInfoResponse, { errors: "first" })(raw))[0]

  it("decodes notices", () => {
    const raw = {
      infos: [
        {
          id: "4711",
          type: "stopBlocking",
          title: "Stop closed",
          text: "The stop Rathaus is closed.",
          validFrom: "2024-02-28",
          validTo: "2024-03-01",
          lines: ["vvs:place:U1:H"],
          severity: "warning",
          priority: 3
        },
        { id: "4712", type: "newKindOfInfo", title: "Banner", text: "" }
      ],
      systemMessages: []
    }
    expect(decodeResponse(raw)).toStrictEqual(
      Either.right({
        infos: [
          {
            id: "4711",
            type: "stopBlocking",
            title: "Stop closed",
            text: "The stop Rathaus is closed.",
            validFrom: "2024-02-28",
            validTo: "2024-03-01",
            lines: ["vvs:place:U1:H"],
            severity: "warning"
          },
          { id: "4712", type: "newKindOfInfo", title: "Banner", text: "", lines: [] }
        ],
        systemMessages: []
      })
    )
    expect(AddInfo.isNoticeType("stopBlocking")).toBe(true)
    expect(AddInfo.isNoticeType("newKindOfInfo")).toBe(false)
  })

  it("reads a missing list as empty", () => {
    expect(decodeResponse({})).toStrictEqual(Either.right({ infos: [] }))
    expect(AddInfo.operation.hasResult({ infos: [] })).toBe(false)
  })

  it("de-duplicates by id: first copy wins, lines are the union in first-seen order", () => {
    const raw = {
      infos: [
        notice("a", ["vvs:x:U1:H", "vvs:x:U2:H"]),
        notice("b", ["vvs:x:42:R"]),
        notice("a", ["vvs:x:U2:H", "vvs:x:U14:R"], "Later title"),
        notice("c", []),
        notice("a", ["vvs:x:U5:H"], "Third title"),
        notice("b", ["vvs:x:42:R"])
      ]
    }
    expect(decodeResponse(raw)).toStrictEqual(
      Either.right({
        infos: [
          notice("a", ["vvs:x:U1:H", "vvs:x:U2:H", "vvs:x:U14:R", "vvs:x:U5:H"]),
          notice("b", ["vvs:x:42:R"]),
          notice("c", [])
        ]
      })
    )
  })

  it("dedupe leaves a list without repeats unchanged", () => {
    const notices = Schema.decodeSync(Schema.Array(AddInfo.Notice))([notice("a", ["l1"]), notice("b", [])])
    expect(AddInfo.dedupe(notices)).toBe(notices)
    expect(AddInfo.dedupe([])).toStrictEqual([])
  })

  it("fails on malformed notices, at the notice and field", () => {
    expect(firstField({ infos: [notice("a", []), { ...notice("b", []), validFrom: "01.03.2024" }] })).toBe(
      "infos.1.validFrom"
    )
    expect(firstField({ infos: [{ ...notice("a", []), validTo: "2024-02-30" }] })).toBe("infos.0.validTo")
    const { id: _id, ...withoutId } = notice("a", [])
    expect(firstField({ infos: [withoutId] })).toBe("infos.0.id")
    expect(firstField({ infos: [{ ...notice("a", []), title: 7 }] })).toBe("infos.0.title")
    expect(firstField({ infos: [{ ...notice("a", []), lines: "vvs:x:U1:H" }] })).toBe("infos.0.lines")
    expect(firstField({ infos: [{ ...notice("a", []), lines: ["ok", 1] }] })).toBe("infos.0.lines.1")
    expect(firstField({ infos: [{ ...notice("a", []), severity: null }] })).toBe("infos.0.severity")
    expect(firstField({ infos: ["a"] })).toBe("infos.0")
    expect(firstField({ infos: { current: [] } })).toBe("infos")
  })

  it("checks notices as the Notice schema does", () => {
    const viaStruct = Schema.decodeUnknownSync(Schema.Array(AddInfo.Notice))
    const viaList = Schema.decodeUnknownSync(AddInfo.Notices)
    const encoded = Schema.encodeSync(Schema.Array(AddInfo.Notice))
    FastCheck.assert(
      FastCheck.property(
        FastCheck.uniqueArray(Arbitraries.make(AddInfo.Notice), { selector: (n) => n.id, maxLength: 5 }),
        (notices) => {
          const raw = encoded(notices)
          expect(viaList(raw)).toStrictEqual(viaStruct(raw))
        }
      )
    )
  })
})
