import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { CoordInfo, EfaClient } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"
import { issuesOf, queryHelpers, WGS84 } from "./support/query.js"

const { decode, decodeIssues, encode, encodeIssues } = queryHelpers(CoordInfo.CoordInfoQuery)

const C = WGS84

const stuttgart = { lat: 48.78325, lon: 9.181636 }

describe("CoordInfo request", () => {
  it("encodes a circular search with every filter-block parameter, numbered from 0", () => {
    expect(
      encode({
        searchSpace: CoordInfo.circle(stuttgart),
        filters: [
          { type: "STOP", radius: 500, includeMots: [1, 2, 4], excludeMots: [5] },
          {
            type: "POI_POINT",
            radius: 1000,
            excludeLayers: ["LAYER_A", "LAYER_B"],
            includeDrawClasses: ["12", "13"],
            includePoiHierarchies: ["H1", "H2", "H3"]
          },
          { type: "ANY" }
        ],
        maxResults: 25,
        deadline: "2024-06-30",
        outputCoordinateSystem: "WGS84[dd.ddddd]",
        purpose: 7,
        parkingZoneStopsOnly: true
      })
    ).toBe(
      `coord=9.181636:48.78325:${C}&inclFilter=1&max=25&deadline=20240630&mapNameOutput=${C}&purpose=7&fltrParkObj=1` +
        "&type_0=STOP&type_1=POI_POINT&type_2=ANY&radius_0=500&radius_1=1000&inclMOT_0=1:2:4&exclMOT_0=5" +
        "&exclLayers_1=LAYER_A:LAYER_B&inclDrawClasses_1=12:13&inclPOIH_1=H1:H2:H3"
    )
  })

  it("encodes a bounding-box search with the bare boundingBox flag", () => {
    expect(
      encode({
        searchSpace: CoordInfo.boundingBox({ lat: 48.8, lon: 9.1 }, { lat: 48.7, lon: 9.25 }),
        filters: [{ type: "STOP" }]
      })
    ).toBe(`boundingBox&boundingBoxLU=9.1:48.8:${C}&boundingBoxRL=9.25:48.7:${C}&inclFilter=1&type_0=STOP`)
  })

  it("encodes every parking option", () => {
    expect(
      encode({
        searchSpace: CoordInfo.circle(stuttgart),
        filters: [{ type: "ANY", radius: 300 }],
        parkingBox: { upperLeft: { lat: 48.79, lon: 9.17 }, lowerRight: { lat: 48.77, lon: 9.19 } },
        parkingObjectTypes: ["carPark", "chargingPoint"],
        parkingCharge: "free",
        bikeAndRide: "INCLUDE",
        parkAndRide: "EXCLUSIVE",
        parkingDetails: "realtime"
      })
    ).toBe(
      `coord=9.181636:48.78325:${C}&inclFilter=1&parkingSearchMethod=BB&parkingBB=1` +
        `&parkingBBLU=9.17:48.79:${C}&parkingBBRL=9.19:48.77:${C}&parkingObjectType=33&parkingCharge=free` +
        "&parkingBikeRideInclusion=INCLUDE&parkingParkRideInclusion=EXCLUSIVE&parkObjInfo=1&parkObjInfoRealtime=1" +
        "&type_0=ANY&radius_0=300"
    )
  })

  it("encodes parking object kinds: all as -1, each kind as its bit, static details as parkObjInfo only", () => {
    const base = { searchSpace: CoordInfo.circle(stuttgart), filters: [{ type: "ANY" }] } as const
    expect(encode({ ...base, parkingObjectTypes: "all", parkingDetails: "static" })).toBe(
      `coord=9.181636:48.78325:${C}&inclFilter=1&parkingObjectType=-1&parkObjInfo=1&type_0=ANY`
    )
    const bits = (["carPark", "parkingLot", "singleSpace", "zone", "chargingPoint"] as const).map((kind) =>
      fromQueryString(encode({ ...base, parkingObjectTypes: [kind] })).find(([key]) => key === "parkingObjectType")?.[1]
    )
    expect(bits).toEqual(["1", "2", "4", "8", "32"])
    const every = ["carPark", "parkingLot", "singleSpace", "zone", "chargingPoint"] as const
    expect(encode({ ...base, parkingObjectTypes: every })).toContain("parkingObjectType=47")
  })

  it("refuses a radius on a bounding-box search before sending, at the filter's field", () => {
    expect(
      encodeIssues({
        searchSpace: CoordInfo.boundingBox({ lat: 48.8, lon: 9.1 }, { lat: 48.7, lon: 9.25 }),
        filters: [{ type: "STOP" }, { type: "ANY", radius: 200 }]
      })
    ).toEqual([{ path: "filters.1.radius", message: "a radius applies to a circular search, not to a bounding box" }])
  })

  it("refuses models the types rule out, at the field", () => {
    const base = { searchSpace: CoordInfo.circle(stuttgart), filters: [{ type: "ANY" }] }
    expect(encodeIssues({ ...base, filters: [] }).map((issue) => issue.path)).toEqual(["filters.0"])
    expect(encodeIssues({ ...base, filters: [{ type: "BUS" }] })[0]?.path).toBe("filters.0.type")
    expect(encodeIssues({ ...base, filters: [{ type: "STOP", includeMots: [] }] })[0]?.path).toBe(
      "filters.0.includeMots"
    )
    expect(encodeIssues({ ...base, filters: [{ type: "STOP", excludeLayers: ["a:b"] }] })[0]?.path).toBe(
      "filters.0.excludeLayers.0"
    )
    expect(encodeIssues({ ...base, parkingObjectTypes: [] })[0]?.path).toBe("parkingObjectTypes")
    expect(encodeIssues({ ...base, parkingObjectTypes: ["zone", "carPark"] })[0]?.path).toBe("parkingObjectTypes")
    expect(encodeIssues({ ...base, deadline: "2024-02-30" })[0]?.path).toBe("deadline")
    expect(encodeIssues({ ...base, searchSpace: { _tag: "Circle" } })[0]?.path).toBe("searchSpace.centre")
    expect(encodeIssues({ ...base, parkingDetails: "live" })[0]?.path).toBe("parkingDetails")
  })

  it("decodes a query back", () => {
    expect(
      decode(
        `boundingBox&boundingBoxLU=9.1:48.8:${C}&boundingBoxRL=9.25:48.7:${C}&inclFilter=1&max=10&deadline=20240102` +
          "&type_1=POI_POINT&type_0=STOP&exclMOT_0=5:6&inclPOIH_1=A:B&parkingObjectType=-1&parkObjInfo=1" +
          `&parkingSearchMethod=BB&parkingBB=1&parkingBBLU=9.1:48.8:${C}&parkingBBRL=9.2:48.7:${C}&purpose=3`
      )
    ).toEqual({
      searchSpace: { _tag: "BoundingBox", upperLeft: { lat: 48.8, lon: 9.1 }, lowerRight: { lat: 48.7, lon: 9.25 } },
      filters: [{ type: "STOP", excludeMots: [5, 6] }, { type: "POI_POINT", includePoiHierarchies: ["A", "B"] }],
      maxResults: 10,
      deadline: "2024-01-02",
      purpose: 3,
      parkingBox: { upperLeft: { lat: 48.8, lon: 9.1 }, lowerRight: { lat: 48.7, lon: 9.2 } },
      parkingObjectTypes: "all",
      parkingDetails: "static"
    })
    expect(decode(`coord=9.18:48.78:${C}&inclFilter=1&type_0=ANY&radius_0=250&parkingObjectType=34`)).toEqual({
      searchSpace: { _tag: "Circle", centre: { lat: 48.78, lon: 9.18 } },
      filters: [{ type: "ANY", radius: 250 }],
      parkingObjectTypes: ["parkingLot", "chargingPoint"]
    })
  })

  it("reports a bad parameter value at the parameter's name", () => {
    const ok = `coord=9.18:48.78:${C}&inclFilter=1&type_0=ANY`
    const at = (extra: string) => [...new Set(decodeIssues(`${ok}&${extra}`).map((issue) => issue.path))]
    expect(decodeIssues(`${ok}&type_1=BUS`)).toEqual([
      { path: "type_1", message: `expected one of ${CoordInfo.ObjectTypes.join(", ")}, got "BUS"` }
    ])
    expect(at("radius_0=x")).toEqual(["radius_0"])
    expect(at("radius_0=0")).toEqual(["radius_0"])
    expect(at("inclMOT_0=1:x")).toEqual(["inclMOT_0"])
    expect(at("exclMOT_0=")).toEqual(["exclMOT_0"])
    expect(at("exclLayers_0=a::b")).toEqual(["exclLayers_0"])
    expect(at("inclDrawClasses_0=a%20b")[0]).toMatch(/^inclDrawClasses_0/)
    expect(at("max=0")).toEqual(["max"])
    expect(at("deadline=2024-01-01")).toEqual(["deadline"])
    expect(at("parkingObjectType=16")).toEqual(["parkingObjectType"])
    expect(at("parkingObjectType=0")).toEqual(["parkingObjectType"])
    expect(at("parkingCharge=cheap")).toEqual(["parkingCharge"])
    expect(at("parkingBikeRideInclusion=ALWAYS")).toEqual(["parkingBikeRideInclusion"])
    expect(at("parkingSearchMethod=RADIUS")).toEqual(["parkingSearchMethod"])
    expect(at("max=1&max=2")).toEqual(["max"])
    expect(decodeIssues(`coord=9.18:48.78:${C}&type_0=ANY`)).toEqual([{ path: "inclFilter", message: "is missing" }])
  })

  it("refuses gaps and orphans in the filter numbering, naming the parameter", () => {
    const space = `coord=9.18:48.78:${C}&inclFilter=1`
    expect(decodeIssues(`${space}&type_0=ANY&type_2=STOP`)).toEqual([
      { path: "type_1", message: "missing: filter blocks are numbered from 0 without gaps" }
    ])
    expect(decodeIssues(`${space}&type_0=ANY&radius_1=100`)).toEqual([
      { path: "radius_1", message: "belongs to filter block 1, but type_1 is missing" }
    ])
    expect(decodeIssues(`${space}&type_1=ANY`).map((issue) => issue.path)).toEqual(["type_0"])
    expect(decodeIssues(space)).toEqual([{ path: "type_0", message: "at least one filter block is required (type_0)" }])
    expect(decodeIssues(`${space}&type_0=ANY&type_01=STOP`)).toEqual([
      { path: "type_01", message: "the filter index must be 0, 1, 2, ..., got \"01\"" }
    ])
    expect(decodeIssues(`${space}&type_0=ANY&inclMOT_-1=4`).map((issue) => issue.path)).toEqual(["inclMOT_-1"])
  })

  it("refuses invalid combinations on decode, naming the parameter", () => {
    const filter = "inclFilter=1&type_0=ANY"
    const box = `boundingBox&boundingBoxLU=9.1:48.8:${C}&boundingBoxRL=9.25:48.7:${C}`
    expect(decodeIssues(`${box}&${filter}&radius_0=100`)).toEqual([
      { path: "radius_0", message: "a radius applies to a circular search, not to a bounding box" }
    ])
    expect(decodeIssues(`coord=9.18:48.78:${C}&${box}&${filter}`).map((issue) => issue.path)).toEqual(["boundingBox"])
    expect(decodeIssues(filter).map((issue) => issue.path)).toEqual(["coord"])
    expect(decodeIssues(`boundingBox&boundingBoxLU=9.1:48.8:${C}&${filter}`).map((issue) => issue.path)).toEqual([
      "boundingBoxRL"
    ])
    expect(
      decodeIssues(`boundingBoxLU=9.1:48.8:${C}&boundingBoxRL=9.25:48.7:${C}&${filter}`).map((issue) => issue.path)
    ).toEqual(["boundingBox"])
    expect(decodeIssues(`coord=9.18:48.78:${C}&${filter}&parkObjInfoRealtime=1`)).toEqual([
      { path: "parkObjInfoRealtime", message: "requires parkObjInfo=1" }
    ])
    expect(
      decodeIssues(`coord=9.18:48.78:${C}&${filter}&parkingSearchMethod=BB&parkingBB=1&parkingBBLU=9.1:48.8:${C}`)
        .map((issue) => issue.path)
    ).toEqual(["parkingBBRL"])
  })

  it.prop(
    "decode(encode(r)) = r",
    {
      request: Arbitraries.make(CoordInfo.CoordInfoRequest).map((request) => {
        if (request.searchSpace._tag === "Circle") return request
        const filters = request.filters.map(({ radius: _, ...block }) => block) as unknown as typeof request.filters
        return { ...request, filters }
      })
    },
    ({ request }) => {
      const pairs = Schema.encodeSync(CoordInfo.CoordInfoQuery)(request)
      expect(Schema.decodeUnknownSync(CoordInfo.CoordInfoQuery)(fromQueryString(toQueryString(pairs)))).toEqual(request)
    },
    { fastCheck: { numRuns: propertyRuns(300) } }
  )

  it("gives the client a URL", () => {
    expect(CoordInfo.operation.path).toBe("XML_COORD_REQUEST")
    expect(CoordInfo.operation.name).toBe("coordInfo")
    expect(EfaClient.EfaClient.key).toBe("@efa-kit/core/EfaClient")
  })
})

const decodeResponse = Schema.decodeUnknownEither(CoordInfo.CoordInfoResponse)

describe("CoordInfo response", () => {
  it("decodes pins, keeps unknown kinds and motTypes as text, and drops unknown fields", () => {
    const body = JSON.parse(`{
      "pins": [
        { "type": "STOP", "id": "de:08111:6118", "name": "Stadtmitte", "coord": { "lat": 48.776, "lon": 9.173 },
          "motTypes": "1,2,5", "desc": "Stuttgart", "attrs": [{ "name": "STOP_GLOBAL_ID" }] },
        { "type": "POI_POINT", "name": "Staatsgalerie", "coord": { "lat": 48.78, "lon": 9.186 } },
        { "type": "SHARING_STATION", "id": "bike-17", "name": "Rotebühlplatz",
          "coord": { "lat": 48.775, "lon": 9.17 } }
      ],
      "systemMessages": [{ "type": "warning", "module": "BROKER", "code": -8011, "text": "" }]
    }`)
    const decoded = decodeResponse(body)
    expect(decoded).toEqual(
      Either.right({
        pins: [
          {
            type: "STOP",
            id: "de:08111:6118",
            name: "Stadtmitte",
            coord: { lat: 48.776, lon: 9.173 },
            motTypes: "1,2,5"
          },
          { type: "POI_POINT", name: "Staatsgalerie", coord: { lat: 48.78, lon: 9.186 } },
          { type: "SHARING_STATION", id: "bike-17", name: "Rotebühlplatz", coord: { lat: 48.775, lon: 9.17 } }
        ],
        systemMessages: [{ type: "warning", module: "BROKER", code: -8011, text: "" }]
      })
    )
    const pins = Either.getOrThrow(decoded).pins
    expect(pins.map(CoordInfo.motIds)).toEqual([[1, 2, 5], [], []])
    expect(pins.map((pin) => CoordInfo.isKnownObjectType(pin.type))).toEqual([true, true, false])
  })

  it("reads a missing pins field as an empty list", () => {
    expect(decodeResponse({})).toEqual(Either.right({ pins: [] }))
    expect(CoordInfo.operation.hasResult(Either.getOrThrow(decodeResponse({})))).toBe(false)
  })

  it("refuses malformed pins at the offending field", () => {
    const pin = { type: "STOP", name: "A", coord: { lat: 48, lon: 9 } }
    const at = (body: unknown) => issuesOf(decodeResponse(body))[0]?.path
    expect(at({ pins: {} })).toBe("pins")
    expect(at({ pins: [pin, null] })).toBe("pins.1")
    expect(at({ pins: [pin, { ...pin, name: 3 }] })).toBe("pins.1.name")
    expect(at({ pins: [{ ...pin, type: undefined }] })).toBe("pins.0.type")
    expect(at({ pins: [{ ...pin, id: 17 }] })).toBe("pins.0.id")
    expect(at({ pins: [{ ...pin, motTypes: [1, 2] }] })).toBe("pins.0.motTypes")
    expect(at({ pins: [{ ...pin, coord: undefined }] })).toBe("pins.0.coord")
    expect(at({ pins: [{ ...pin, coord: { lat: 91, lon: 9 } }] })).toBe("pins.0.coord.lat")
    expect(at({ pins: [{ ...pin, coord: { lat: 48, lon: "9" } }] })).toBe("pins.0.coord.lon")
  })

  it("decodes what it encodes", () => {
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(CoordInfo.CoordInfoResponse), (response) => {
        const encoded = Schema.encodeSync(CoordInfo.CoordInfoResponse)(response)
        expect(Schema.decodeUnknownSync(CoordInfo.CoordInfoResponse)(encoded)).toEqual(response)
      }),
      { numRuns: propertyRuns(100) }
    )
  })
})
