import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck, JSONSchema, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { OpArea } from "../src/index.js"
import { LatLonPairs } from "../src/internal/schema/latLonPairs.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"
import { issuesOf, queryHelpers, WGS84 } from "./support/query.js"

const { decode, decodeIssues, encode, encodeIssues } = queryHelpers(OpArea.OpAreaQuery)

const C = WGS84

const centre = { lat: 48.78325, lon: 9.181636 }

describe("OpArea request", () => {
  it("encodes all providers", () => {
    expect(encode(OpArea.all())).toBe("opareaSM=ALL")
  })

  it("encodes every parameter, with matching provider and area indexes", () => {
    expect(
      encode(
        OpArea.all({
          providers: [{ providerId: "nextbike" }, { providerId: "stadtmobil", areaId: "S-Mitte" }, {
            providerId: "tier",
            areaId: "Stuttgart Süd"
          }],
          vehicleKind: "BIKE",
          zoneGeometry: true
        })
      )
    ).toBe(
      "opareaSM=ALL&vehSF=BIKE&operatingZoneGeometry=1&vehPId0=nextbike&vehPId1=stadtmobil&vehPId2=tier" +
        "&opAreaId1=S-Mitte&opAreaId2=Stuttgart+S%C3%BCd"
    )
  })

  it("encodes a radial search with opASR=1, omitting the radius suffix when the model has none", () => {
    expect(encode(OpArea.radial(centre))).toBe(`opareaSM=RADIAL&coordRadius=9.181636:48.78325:${C}&opASR=1`)
    expect(encode(OpArea.radial(centre, { radius: 800, vehicleKind: "MOTORCYCLE" }))).toBe(
      `opareaSM=RADIAL&coordRadius=9.181636:48.78325:${C}:800&opASR=1&vehSF=MOTORCYCLE`
    )
  })

  it("decodes a query back, radius or not", () => {
    expect(decode(`opareaSM=RADIAL&opASR=1&coordRadius=9.18:48.78:${C}`)).toEqual({
      _tag: "Radial",
      centre: { lat: 48.78, lon: 9.18 }
    })
    expect(decode(`opareaSM=RADIAL&opASR=1&coordRadius=9.18:48.78:${C}:500&vehPId0=a&opAreaId0=b`)).toEqual({
      _tag: "Radial",
      centre: { lat: 48.78, lon: 9.18 },
      radius: 500,
      providers: [{ providerId: "a", areaId: "b" }]
    })
    expect(decode("opareaSM=ALL&opAreaId1=y&vehPId1=x&vehPId0=w&vehSF=CAR&operatingZoneGeometry=1")).toEqual({
      _tag: "All",
      providers: [{ providerId: "w" }, { providerId: "x", areaId: "y" }],
      vehicleKind: "CAR",
      zoneGeometry: true
    })
  })

  it("refuses an area without its provider and gaps in the provider numbering, naming the parameter", () => {
    expect(decodeIssues("opareaSM=ALL&vehPId0=a&opAreaId1=b")).toEqual([
      { path: "opAreaId1", message: "an operating area needs its provider with the same index (vehPId1)" }
    ])
    expect(decodeIssues("opareaSM=ALL&vehPId0=a&vehPId2=c")).toEqual([
      { path: "vehPId1", message: "missing: vehPId<i> are numbered from 0 without gaps" }
    ])
    expect(decodeIssues("opareaSM=ALL&vehPId1=a").map((issue) => issue.path)).toEqual(["vehPId0"])
    expect(decodeIssues("opareaSM=ALL&vehPId0=a&vehPId00=b").map((issue) => issue.path)).toEqual(["vehPId00"])
  })

  it("refuses invalid combinations and values on decode, naming the parameter", () => {
    const radial = `opareaSM=RADIAL&opASR=1&coordRadius=9.18:48.78:${C}`
    const at = (query: string) => [...new Set(decodeIssues(query).map((issue) => issue.path))]
    expect(decodeIssues(`opareaSM=ALL&coordRadius=9.18:48.78:${C}`)).toEqual([
      { path: "coordRadius", message: "only with opareaSM=RADIAL" }
    ])
    expect(at("opareaSM=ALL&opASR=1")).toEqual(["opASR"])
    expect(at("opareaSM=RADIAL&opASR=1")).toEqual(["coordRadius"])
    expect(at(`opareaSM=RADIAL&coordRadius=9.18:48.78:${C}`)).toEqual(["opASR"])
    expect(at(`${radial}:0`)).toEqual(["coordRadius"])
    expect(at(`${radial}:abc`)).toEqual(["coordRadius"])
    expect(at(`${radial}:5:6`)).toEqual(["coordRadius"])
    expect(at(`opareaSM=RADIAL&opASR=1&coordRadius=48.78:9.18:WGS84`)).toEqual(["coordRadius"])
    expect(decodeIssues("opareaSM=NEAR")).toEqual([
      { path: "opareaSM", message: "expected one of ALL, RADIAL, got \"NEAR\"" }
    ])
    expect(at("vehSF=BIKE")).toEqual(["opareaSM"])
    expect(at("opareaSM=ALL&vehSF=BOAT")).toEqual(["vehSF"])
    expect(at("opareaSM=ALL&vehSF=BIKE&vehSF=CAR")).toEqual(["vehSF"])
    expect(at("opareaSM=ALL&vehPId0=")).toEqual(["vehPId0"])
    expect(at("opareaSM=ALL&vehPId0=a&opAreaId0=%20b")).toEqual(["opAreaId0"])
  })

  it("refuses invalid models before sending, at the field", () => {
    expect(encodeIssues({ _tag: "Radial", centre, radius: 0 })[0]?.path).toBe("radius")
    expect(encodeIssues({ _tag: "Radial", centre: { lat: 91, lon: 9 } })[0]?.path).toBe("centre.lat")
    expect(encodeIssues({ _tag: "All", providers: [] })[0]?.path).toBe("providers.0")
    expect(encodeIssues({ _tag: "All", providers: [{ providerId: "" }] })[0]?.path).toBe("providers.0.providerId")
    expect(encodeIssues({ _tag: "All", vehicleKind: "TAXI" })[0]?.path).toBe("vehicleKind")
    expect(encodeIssues({ _tag: "Nearby" }).length).toBeGreaterThan(0)
  })

  it.prop("decode(encode(r)) = r", { request: Arbitraries.schema(OpArea.OpAreaRequest) }, ({ request }) => {
    const pairs = Schema.encodeSync(OpArea.OpAreaQuery)(request)
    expect(Schema.decodeUnknownSync(OpArea.OpAreaQuery)(fromQueryString(toQueryString(pairs)))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(300) } })

  it("describes the operation", () => {
    expect(OpArea.operation.name).toBe("opArea")
    expect(OpArea.operation.path).toBe("XML_OPAREA_REQUEST")
    expect(OpArea.DEFAULT_RADIUS).toBe(500)
  })
})

const decodeResponse = Schema.decodeUnknownEither(OpArea.OpAreaResponse)

const ring: ReadonlyArray<readonly [number, number]> = [
  [48.77, 9.17],
  [48.77, 9.19],
  [48.79, 9.19],
  [48.79, 9.17],
  [48.77, 9.17]
]

describe("OpArea response", () => {
  it("decodes providers, areas and closed polygons", () => {
    const body = JSON.parse(`{
      "providers": [
        { "id": "nextbike", "name": "RegioRad Stuttgart", "vehicleType": "BIKE", "logo": "x.png",
          "areas": [
            { "id": "S-1", "name": "Stuttgart Mitte", "polygon": ${JSON.stringify(ring)} },
            { "id": "S-2", "name": "Bad Cannstatt" }
          ] },
        { "id": "stadtmobil", "name": "stadtmobil", "vehicleType": "CAR" }
      ],
      "systemMessages": [{ "type": "message", "code": 0 }]
    }`)
    expect(decodeResponse(body)).toEqual(
      Either.right({
        providers: [
          {
            id: "nextbike",
            name: "RegioRad Stuttgart",
            vehicleType: "BIKE",
            areas: [{ id: "S-1", name: "Stuttgart Mitte", polygon: ring }, { id: "S-2", name: "Bad Cannstatt" }]
          },
          { id: "stadtmobil", name: "stadtmobil", vehicleType: "CAR", areas: [] }
        ],
        systemMessages: [{ type: "message", code: 0 }]
      })
    )
  })

  it("closes an unclosed polygon by appending its first point", () => {
    const open = ring.slice(0, 4)
    const decoded = Either.getOrThrow(
      decodeResponse({
        providers: [{ id: "p", name: "P", vehicleType: "BIKE", areas: [{ id: "a", name: "A", polygon: open }] }]
      })
    )
    expect(decoded.providers[0]?.areas[0]?.polygon).toEqual(ring)
    expect(Schema.encodeUnknownEither(OpArea.Polygon)(open)._tag).toBe("Left")
    expect(Schema.encodeSync(OpArea.Polygon)(ring)).toEqual(ring)
  })

  it("reads missing lists as empty", () => {
    expect(decodeResponse({})).toEqual(Either.right({ providers: [] }))
    expect(OpArea.operation.hasResult(Either.getOrThrow(decodeResponse({})))).toBe(false)
  })

  it("refuses malformed providers and polygons at the offending place", () => {
    const provider = { id: "p", name: "P", vehicleType: "BIKE" }
    const withPolygon = (polygon: unknown) => ({
      providers: [{ ...provider, areas: [{ id: "a", name: "A", polygon }] }]
    })
    const issues = (body: unknown) => issuesOf(decodeResponse(body))
    expect(issues(withPolygon([[48.7, 9.1], [48.8, 9.1], [95, 9.2], [48.7, 9.1]]))).toEqual([
      {
        path: "providers.0.areas.0.polygon.2",
        message: "latitude 95 is outside -90..90 (pairs are [lat, lon])"
      }
    ])
    expect(issues(withPolygon([[48.7, 9.1], [48.8, 9.1], [48.7, 9.1]]))).toEqual([
      { path: "providers.0.areas.0.polygon", message: "a polygon needs at least three corners, got 2" }
    ])
    expect(issues(withPolygon([[48.7, 9.1, 0], [48.8, 9.1], [48.8, 9.2]]))[0]?.path).toBe(
      "providers.0.areas.0.polygon.0"
    )
    expect(issues(withPolygon("48.7,9.1 48.8,9.1"))[0]?.path).toBe("providers.0.areas.0.polygon")
    expect(issues({ providers: [{ id: "p", name: "P" }] })[0]?.path).toBe("providers.0.vehicleType")
    expect(issues({ providers: [{ ...provider, areas: [{ id: 1, name: "A" }] }] })[0]?.path).toBe(
      "providers.0.areas.0.id"
    )
    expect(issues({ providers: {} })[0]?.path).toBe("providers")
  })

  it("decodes what it encodes", () => {
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(OpArea.OpAreaResponse), (response) => {
        const encoded = Schema.encodeSync(OpArea.OpAreaResponse)(response)
        expect(Schema.decodeUnknownSync(OpArea.OpAreaResponse)(encoded)).toEqual(response)
      }),
      { numRuns: propertyRuns(100) }
    )
  })
})

describe("LatLonPairs", () => {
  const decodePairs = Schema.decodeUnknownEither(LatLonPairs)

  it("accepts [lat, lon] pairs and returns the array itself", () => {
    const pairs = [[48.7, 9.1], [-90, 180], [90, -180], [0, 0]]
    expect(Either.getOrThrow(decodePairs(pairs))).toBe(pairs)
    expect(decodePairs([])).toEqual(Either.right([]))
  })

  it("refuses non-finite numbers, out-of-range values and malformed pairs at the pair's index", () => {
    const at = (input: unknown) => issuesOf(decodePairs(input))
    expect(at([[0, 0], [Number.NaN, 9]])).toEqual([{ path: "1", message: "latitude must be a finite number, got NaN" }])
    expect(at([[0, Infinity]])).toEqual([{ path: "0", message: "longitude must be a finite number, got Infinity" }])
    expect(at([[0, 0], [0, 0], [48, 181]])).toEqual([
      { path: "2", message: "longitude 181 is outside -180..180 (pairs are [lat, lon])" }
    ])
    expect(at([[-91, 0]])[0]?.path).toBe("0")
    expect(at([["48.7", 9]])[0]?.message).toBe("latitude must be a finite number, got string")
    expect(at([[48.7]])[0]?.message).toBe("expected a [lat, lon] pair, got an array of length 1")
    expect(at([{ lat: 1, lon: 2 }])[0]?.message).toBe("expected a [lat, lon] pair, got object")
    expect(at({ length: 0 })).toEqual([{ path: "", message: "expected an array of [lat, lon] pairs, got object" }])
  })

  it("has an arbitrary that satisfies it and a JSON Schema", () => {
    FastCheck.assert(FastCheck.property(Arbitraries.make(LatLonPairs), (pairs) => Either.isRight(decodePairs(pairs))))
    expect(JSONSchema.make(LatLonPairs)).toMatchObject({
      $ref: "#/$defs/LatLonPairs",
      $defs: { LatLonPairs: { type: "array", items: { type: "array", minItems: 2, maxItems: 2 } } }
    })
  })
})
