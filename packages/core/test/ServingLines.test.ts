import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck, ParseResult, Schema } from "effect"
import * as Arbitraries from "../src/Arbitraries.js"
import { Point, ServingLines } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const encode = (request: ServingLines.ServingLinesRequest) =>
  toQueryString(Schema.encodeSync(ServingLines.ServingLinesQuery)(request))

const decode = (query: string) => Schema.decodeUnknownEither(ServingLines.ServingLinesQuery)(fromQueryString(query))

const fields = (result: Either.Either<unknown, ParseResult.ParseError>): Array<string> =>
  Either.isLeft(result)
    ? Array.from(new Set(ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))))
    : []

const firstField = (result: Either.Either<unknown, ParseResult.ParseError>): string | undefined => fields(result)[0]

const encodeEither = (request: unknown) =>
  Schema.encodeEither(ServingLines.ServingLinesQuery)(request as ServingLines.ServingLinesRequest)

describe("ServingLines request", () => {
  it("encodes a stop with line types and excluded modes", () => {
    expect(
      encode(
        ServingLines.byStop(Point.any("de:08111:6118"), { lineTypes: ["ROB", "STT"], excludedModes: [6, 5, 6] })
      )
    ).toBe("mode=odv&lineReqType=10&type_sl=any&name_sl=de:08111:6118&exclMOT_5=1&exclMOT_6=1")
  })

  it("encodes a coordinate stop", () => {
    expect(encode(ServingLines.byStop(Point.coord({ lat: 48.783, lon: 9.181 })))).toBe(
      "mode=odv&lineReqType=0&type_sl=coord&name_sl=9.181:48.783:WGS84%5Bdd.ddddd%5D"
    )
  })

  it("encodes a line name and always sends lineReqType", () => {
    expect(encode(ServingLines.byLineName("U1"))).toBe("mode=line&lineReqType=0&lineName=U1")
    expect(encode({ _tag: "ByLineName", lineName: "Bus 42", lineTypes: [] })).toBe(
      "mode=line&lineReqType=0&lineName=Bus+42"
    )
    expect(encode({ _tag: "ByLineName", lineName: "S1", lineTypes: ["STT", "TTB", "ROB", "StationTT"] })).toBe(
      "mode=line&lineReqType=30&lineName=S1"
    )
  })

  it("decodes a stop query; exclMOT_<ID> counts by presence, also sent as 0 or false", () => {
    expect(decode("mode=odv&lineReqType=18&type_sl=any&name_sl=Hauptbahnhof&exclMOT_7=0&exclMOT_3&exclMOT_5=false"))
      .toStrictEqual(
        Either.right({
          _tag: "ByStop",
          stop: { _tag: "Any", value: "Hauptbahnhof" },
          lineTypes: ["STT", "StationTT"],
          excludedModes: [3, 5, 7]
        })
      )
  })

  it("decodes a line query; lineReqType=0 reads as no line types", () => {
    expect(decode("mode=line&lineReqType=0&lineName=U14")).toStrictEqual(
      Either.right({ _tag: "ByLineName", lineName: "U14" })
    )
  })

  it("names the parameter of each problem in a query", () => {
    expect(fields(decode("mode=odv&lineReqType=0&type_sl=any"))).toStrictEqual(["name_sl"])
    expect(fields(decode("mode=odv&lineReqType=0&name_sl=X"))).toStrictEqual(["type_sl"])
    expect(fields(decode("mode=odv&lineReqType=0&type_sl=any&name_sl=X&lineName=U1"))).toStrictEqual(["lineName"])
    expect(fields(decode("mode=line&lineReqType=0"))).toStrictEqual(["lineName"])
    expect(fields(decode("mode=line&lineReqType=0&lineName=U1&type_sl=any&name_sl=X"))).toStrictEqual([
      "type_sl",
      "name_sl"
    ])
    expect(fields(decode("mode=line&lineName=U1"))).toStrictEqual(["lineReqType"])
    expect(fields(decode("mode=line&lineReqType=3&lineName=U1"))).toStrictEqual(["lineReqType"])
    expect(fields(decode("mode=line&lineReqType=0&lineReqType=2&lineName=U1"))).toStrictEqual(["lineReqType"])
    expect(fields(decode("mode=stop&lineReqType=0&lineName=U1"))).toStrictEqual(["mode"])
    expect(fields(decode("lineReqType=0&lineName=U1"))).toStrictEqual(["mode"])
    expect(fields(decode("mode=odv&lineReqType=0&type_sl=coord&name_sl=48.7:9.1"))).toStrictEqual(["name_sl"])
    expect(fields(decode("mode=line&lineReqType=0&lineName=U1&exclMOT_1.5=1"))).toStrictEqual(["exclMOT_1.5"])
    expect(fields(decode("mode=line&lineReqType=0&lineName=U1&exclMOT_bus=1&exclMOT_"))).toStrictEqual([
      "exclMOT_bus",
      "exclMOT_"
    ])
  })

  it("refuses invalid requests before sending, at the field", () => {
    expect(fields(encodeEither({ _tag: "ByLineName", lineName: "U1", excludedModes: [6, 5] }))).toStrictEqual([
      "excludedModes"
    ])
    expect(fields(encodeEither({ _tag: "ByLineName", lineName: "U1", excludedModes: [] }))).toStrictEqual([
      "excludedModes"
    ])
    expect(fields(encodeEither({ _tag: "ByLineName", lineName: "" }))).toStrictEqual(["lineName"])
    expect(fields(encodeEither({ _tag: "ByLineName", lineName: "U1", lineTypes: ["ROB", "STT"] }))).toStrictEqual([
      "lineTypes"
    ])
    expect(fields(encodeEither({ _tag: "ByStop", lineName: "U1" }))).toStrictEqual(["stop"])
  })

  it("round-trips every request: decode(encode(r)) = r", () => {
    const roundTrip = Schema.decodeSync(ServingLines.ServingLinesQuery)
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(ServingLines.ServingLinesRequest), (request) => {
        expect(roundTrip(Schema.encodeSync(ServingLines.ServingLinesQuery)(request))).toStrictEqual(request)
      })
    )
  })
})

describe("ServingLines response", () => {
  const decodeResponse = Schema.decodeUnknownEither(ServingLines.ServingLinesResponse)

  it("decodes lines", () => {
    const raw = {
      servingLines: [
        { name: "Stadtbahn U1", number: "U1", mot: 3, direction: "Fellbach Lutherkirche", extra: true },
        { name: "Bus 42", number: "42", mot: 5, direction: "Schlossplatz" }
      ],
      systemMessages: [{ type: "warning", module: "BROKER", code: -8011, text: "" }]
    }
    expect(decodeResponse(raw)).toStrictEqual(
      Either.right({
        servingLines: [
          { name: "Stadtbahn U1", number: "U1", mot: 3, direction: "Fellbach Lutherkirche" },
          { name: "Bus 42", number: "42", mot: 5, direction: "Schlossplatz" }
        ],
        systemMessages: [{ type: "warning", module: "BROKER", code: -8011, text: "" }]
      })
    )
  })

  it("reads a missing list as empty", () => {
    expect(decodeResponse({})).toStrictEqual(Either.right({ servingLines: [] }))
    expect(ServingLines.operation.hasResult({ servingLines: [] })).toBe(false)
  })

  it("fails on malformed lines", () => {
    expect(firstField(decodeResponse({ servingLines: [{ name: "U1", number: "U1", mot: "3", direction: "X" }] })))
      .toBe("servingLines.0.mot")
    expect(firstField(decodeResponse({ servingLines: [{ name: "U1", mot: 3, direction: "X" }] }))).toBe(
      "servingLines.0.number"
    )
    expect(Either.isLeft(decodeResponse({ servingLines: {} }))).toBe(true)
  })
})
