import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck, ParseResult, Schema } from "effect"
import * as Arbitraries from "../src/Arbitraries.js"
import { type Coord, GeoObject, LineId } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const encode = (request: GeoObject.GeoObjectRequest) =>
  toQueryString(Schema.encodeSync(GeoObject.GeoObjectQuery)(request))

const decode = (query: string) => Schema.decodeUnknownEither(GeoObject.GeoObjectQuery)(fromQueryString(query))

const fields = (result: Either.Either<unknown, ParseResult.ParseError>): Array<string> =>
  Either.isLeft(result)
    ? Array.from(new Set(ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))))
    : []

const encodeFields = (request: unknown) =>
  fields(Schema.encodeEither(GeoObject.GeoObjectQuery)(request as GeoObject.GeoObjectRequest))

const u1 = LineId.format({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H" })

const everyParameter: GeoObject.GeoObjectRequest = {
  line: u1,
  date: "2024-03-05",
  stopIds: ["de:08111:6118", "de:08111:2"],
  lineTypes: ["STT", "ROB"],
  servingLines: true,
  boundingBox: { upperLeft: { lat: 48.8, lon: 9.1 }, lowerRight: { lat: 48.7, lon: 9.3 } }
}

const everyParameterQuery = "line=vvs:10001:+:H&filterDate=20240305" +
  "&filterStopID=de:08111:6118&filterStopID=de:08111:2&lineReqType=10&vSL=1" +
  "&boundingBox&boundingBoxLU=9.1:48.8:WGS84%5Bdd.ddddd%5D&boundingBoxRL=9.3:48.7:WGS84%5Bdd.ddddd%5D"

describe("GeoObject line", () => {
  it("is a line identifier: four parts, or a server's own with its period, sent verbatim", () => {
    expect(encode({ line: LineId.make("ddb:92D01::R") })).toBe("line=ddb:92D01::R")
    expect(encode({ line: LineId.make("vvs:20003: :H:j26") })).toBe("line=vvs:20003:+:H:j26")
    expect(decode("line=nsw:020T1:W:R:")).toStrictEqual(Either.right({ line: "nsw:020T1:W:R:" }))
    expect(decode("line=vvs:20003:+:H:j26")).toStrictEqual(Either.right({ line: "vvs:20003: :H:j26" }))
  })

  it("says what is wrong", () => {
    expect(Either.isLeft(decode("line=vvs:10001:H")) && decode("line=vvs:10001:H").toString()).toMatch(
      /4 or more parts/
    )
    const refused = Schema.encodeEither(GeoObject.GeoObjectQuery)({ line: LineId.make("vvs:U 1::H") })
    expect(Either.isLeft(refused) && refused.left.message).toMatch(/lineNumber/)
  })
})

describe("GeoObject request", () => {
  it("encodes every parameter, the bounding box flag bare", () => {
    expect(encode(everyParameter)).toBe(everyParameterQuery)
  })

  it("encodes the line alone, and no line types as 0", () => {
    expect(encode({ line: u1 })).toBe("line=vvs:10001:+:H")
    expect(encode({ line: u1, lineTypes: [] })).toBe("line=vvs:10001:+:H&lineReqType=0")
  })

  it("decodes every parameter back", () => {
    expect(decode(everyParameterQuery)).toStrictEqual(Either.right(everyParameter))
    const box = "boundingBox=1&boundingBoxLU=9.1:48.8:WGS84%5Bdd.ddddd%5D&boundingBoxRL=9.3:48.7:WGS84%5Bdd.ddddd%5D"
    expect(decode(`line=vvs:10001:+:H&lineReqType=0&filterStopID=de:08111:6118&${box}`))
      .toStrictEqual(
        Either.right({
          line: u1,
          lineTypes: [],
          stopIds: ["de:08111:6118"],
          boundingBox: { upperLeft: { lat: 48.8, lon: 9.1 }, lowerRight: { lat: 48.7, lon: 9.3 } }
        })
      )
  })

  it("names the parameter of each problem in a query", () => {
    const lu = "boundingBoxLU=9.1:48.8:WGS84%5Bdd.ddddd%5D"
    const rl = "boundingBoxRL=9.3:48.7:WGS84%5Bdd.ddddd%5D"
    expect(fields(decode("filterDate=20240305"))).toStrictEqual(["line"])
    expect(fields(decode("line=vvs:10001:H"))).toStrictEqual(["line"])
    expect(fields(decode("line=vvs:10001:+:"))).toStrictEqual(["line"])
    expect(fields(decode("line=vvs:1::H&line=vvs:2::H"))).toStrictEqual(["line"])
    expect(fields(decode("line=vvs:1::H&filterDate=05-03-2024"))).toStrictEqual(["filterDate"])
    expect(fields(decode("line=vvs:1::H&filterDate=20240230"))).toStrictEqual(["filterDate"])
    expect(fields(decode("line=vvs:1::H&filterStopID=a&filterStopID="))).toStrictEqual(["filterStopID.1"])
    expect(fields(decode("line=vvs:1::H&lineReqType=1"))).toStrictEqual(["lineReqType"])
    expect(fields(decode(`line=vvs:1::H&boundingBox&${lu}`))).toStrictEqual(["boundingBoxRL"])
    expect(fields(decode(`line=vvs:1::H&${lu}&${rl}`))).toStrictEqual(["boundingBoxLU", "boundingBoxRL"])
    // swapped corners are read as the same box, as the client sends them
    expect(
      decode(
        "line=vvs:1::H&boundingBox&boundingBoxLU=9.3:48.7:WGS84%5Bdd.ddddd%5D" +
          "&boundingBoxRL=9.1:48.8:WGS84%5Bdd.ddddd%5D"
      )
    ).toStrictEqual(Either.right({
      line: "vvs:1::H",
      boundingBox: { upperLeft: { lat: 48.8, lon: 9.1 }, lowerRight: { lat: 48.7, lon: 9.3 } }
    }))
    expect(fields(decode(`line=vvs:1::H&boundingBox&boundingBoxLU=9.1:48.8&${rl}`))).toStrictEqual(["boundingBoxLU"])
  })

  it("refuses invalid requests before sending, at the field", () => {
    const box = (upperLeft: Coord.Coord, lowerRight: Coord.Coord) => ({ upperLeft, lowerRight })
    expect(encodeFields({ line: "vvs:10001: :" })).toStrictEqual(["line"])
    expect(encodeFields({ line: "vvs : 10001: :H" })).toStrictEqual(["line"])
    expect(encodeFields({ line: "vvs:10001" })).toStrictEqual(["line"])
    expect(encodeFields({ line: u1, date: "2024-02-30" })).toStrictEqual(["date"])
    expect(encodeFields({ line: u1, stopIds: [] })).toStrictEqual(["stopIds"])
    expect(encodeFields({ line: u1, lineTypes: ["ROB", "STT"] })).toStrictEqual(["lineTypes"])
    expect(
      encodeFields({ line: u1, boundingBox: box({ lat: 48.7, lon: 9.1 }, { lat: 48.8, lon: 9.3 }) })
    ).toStrictEqual(["boundingBox.lowerRight"])
    expect(
      encodeFields({ line: u1, boundingBox: box({ lat: 48.8, lon: 9.3 }, { lat: 48.7, lon: 9.1 }) })
    ).toStrictEqual(["boundingBox.lowerRight"])
    expect(
      encodeFields({ line: u1, boundingBox: box({ lat: 148.8, lon: 9.1 }, { lat: 48.7, lon: 9.3 }) })
    ).toStrictEqual(["boundingBox.upperLeft.lat"])
  })

  it("round-trips every request: decode(encode(r)) = r", () => {
    const encodeQuery = Schema.encodeSync(GeoObject.GeoObjectQuery)
    const decodeQuery = Schema.decodeSync(GeoObject.GeoObjectQuery)
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(GeoObject.GeoObjectRequest), (request) => {
        expect(decodeQuery(fromQueryString(toQueryString(encodeQuery(request))))).toStrictEqual(request)
      })
    )
  })
})

describe("GeoObject response", () => {
  const decodeResponse = Schema.decodeUnknownEither(GeoObject.GeoObjectResponse)
  const firstField = (raw: unknown) =>
    fields(Schema.decodeUnknownEither(GeoObject.GeoObjectResponse, { errors: "first" })(raw))[0]

  it("decodes geometry and stops", () => {
    const raw = {
      geometry: [[48.78, 9.18], [48.781, 9.182], [48.79, 9.2]],
      stops: [
        { id: "de:08111:6118", name: "Hauptbahnhof", servingLines: [{ name: "U1" }, { name: "U14", mot: 3 }] },
        { id: "de:08111:2", name: "Charlottenplatz", coord: { lat: 48.776, lon: 9.182 } },
        { id: "de:08111:3", name: "Olgaeck", coord: [48.77, 9.185] }
      ],
      unknownField: 1
    }
    expect(decodeResponse(raw)).toStrictEqual(
      Either.right({
        geometry: [[48.78, 9.18], [48.781, 9.182], [48.79, 9.2]],
        stops: [
          { id: "de:08111:6118", name: "Hauptbahnhof", servingLines: [{ name: "U1" }, { name: "U14" }] },
          { id: "de:08111:2", name: "Charlottenplatz", coord: { lat: 48.776, lon: 9.182 } },
          { id: "de:08111:3", name: "Olgaeck", coord: { lat: 48.77, lon: 9.185 } }
        ]
      })
    )
  })

  it("reads missing lists as empty", () => {
    expect(decodeResponse({})).toStrictEqual(Either.right({ geometry: [], stops: [] }))
    expect(GeoObject.operation.hasResult({ geometry: [], stops: [] })).toBe(false)
    expect(GeoObject.operation.hasResult({ geometry: [[48.7, 9.1]], stops: [] })).toBe(true)
  })

  it("decodes a long geometry in one pass, keeping the array", () => {
    const geometry = Array.from({ length: 20_000 }, (_, i) => [48 + i / 100_000, 9 + i / 50_000])
    const decoded = Schema.decodeUnknownSync(GeoObject.GeoObjectResponse)(JSON.parse(JSON.stringify({ geometry })))
    expect(decoded.geometry.length).toBe(20_000)
    expect(decoded.geometry[19_999]).toStrictEqual([48 + 19_999 / 100_000, 9 + 19_999 / 50_000])
  })

  it("fails on malformed geometry and stops, at the index", () => {
    expect(firstField({ geometry: [[48.7, 9.1], [48.7]] })).toBe("geometry.1")
    expect(firstField({ geometry: [[148.7, 9.1]] })).toBe("geometry.0")
    expect(firstField({ geometry: [[48.7, "9.1"]] })).toBe("geometry.0")
    expect(firstField({ geometry: [{ lat: 48.7, lon: 9.1 }] })).toBe("geometry.0")
    expect(firstField({ geometry: "48.7,9.1" })).toBe("geometry")
    expect(firstField({ stops: [{ id: "a", name: "A" }, { id: "b" }] })).toBe("stops.1.name")
    expect(firstField({ stops: [{ id: "a", name: "A", servingLines: [{}] }] })).toBe("stops.0.servingLines.0.name")
    expect(firstField({ stops: [{ id: "a", name: "A", coord: [48.7] }] })).toBe("stops.0.coord")
  })
})
