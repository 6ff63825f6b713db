import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { VehicleDetail } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"
import { issuesOf, queryHelpers } from "./support/query.js"

const { decode, decodeIssues, encode, encodeIssues } = queryHelpers(VehicleDetail.VehicleDetailQuery)

const vehicle = { vehicleId: "car-4711", operatorId: "stadtmobil", opAreaId: "stuttgart" }

const fixed = "coordReqType=VEHICLEDETAIL&vehDetail=1&vehSM=ID&SharingRefId=car-4711:stadtmobil:stuttgart"

describe("VehicleDetail request", () => {
  it("always sends the detail-mode parameters and the sharing reference", () => {
    expect(encode({ vehicle })).toBe(fixed)
  })

  it("encodes every parameter, with repeats and numbered location types", () => {
    expect(
      encode({
        vehicle,
        atStation: true,
        specification: true,
        availability: true,
        engineTypes: ["ELECTRIC", "HYBRID"],
        locationTypes: ["STATION", "FREEFLOATER", "CLASSIC"],
        vehicleKinds: ["CAR", "MINIVEHICLE"]
      })
    ).toBe(
      `${fixed}&vehAtStation=1&vehSpec=1&vehAvail=1&vehEngineType=ELECTRIC&vehEngineType=HYBRID` +
        "&vehSF=CAR&vehSF=MINIVEHICLE" +
        "&vehLocType0=STATION&vehLocType1=FREEFLOATER&vehLocType2=CLASSIC"
    )
  })

  it("decodes a query back", () => {
    expect(
      decode(
        `${fixed}&vehLocType1=POSITION&vehLocType0=CLASSIC&vehEngineType=COMBUSTION&vehSF=TAXI&vehSF=BIKE&vehSpec=`
      )
    ).toEqual({
      vehicle,
      specification: true,
      engineTypes: ["COMBUSTION"],
      locationTypes: ["CLASSIC", "POSITION"],
      vehicleKinds: ["TAXI", "BIKE"]
    })
  })

  it("refuses bad parameters on decode, naming them", () => {
    const at = (query: string) => [...new Set(decodeIssues(query).map((issue) => issue.path))]
    expect(decodeIssues(fixed.replace("car-4711:", ""))).toEqual([
      { path: "SharingRefId", message: "expected <ID>:<OperatorID>:<OpAreaID>, got \"stadtmobil:stuttgart\"" }
    ])
    expect(at(`${fixed}:extra`)).toEqual(["SharingRefId"])
    expect(at(fixed.replace("car-4711", ""))).toEqual(["SharingRefId"])
    expect(at(fixed.replace("car-4711", "car%204711"))[0]).toMatch(/^SharingRefId/)
    expect(at(fixed.replace("vehSM=ID", "vehSM=COORD"))).toEqual(["vehSM"])
    expect(at(fixed.replace("coordReqType=VEHICLEDETAIL&", ""))).toEqual(["coordReqType"])
    expect(at(fixed.replace("vehDetail=1&", ""))).toEqual(["vehDetail"])
    expect(at(`${fixed}&vehEngineType=ELECTRIC&vehEngineType=DIESEL`)).toEqual(["vehEngineType.1"])
    expect(decodeIssues(`${fixed}&vehSF=SCOOTER`)).toEqual([
      { path: "vehSF.0", message: "expected one of CAR, BIKE, MINIVEHICLE, TAXI, got \"SCOOTER\"" }
    ])
    expect(at(`${fixed}&vehLocType0=PARKED`)).toEqual(["vehLocType0"])
    expect(at(`${fixed}&vehLocType0=STATION&vehLocType0=CLASSIC`)).toEqual(["vehLocType0"])
  })

  it("refuses gaps in the vehLocType numbering, naming the missing parameter", () => {
    expect(decodeIssues(`${fixed}&vehLocType0=STATION&vehLocType2=CLASSIC`)).toEqual([
      { path: "vehLocType1", message: "missing: vehLocType<i> are numbered from 0 without gaps" }
    ])
    expect(decodeIssues(`${fixed}&vehLocType1=STATION`).map((issue) => issue.path)).toEqual(["vehLocType0"])
    expect(decodeIssues(`${fixed}&vehLocType0=STATION&vehLocType01=CLASSIC`).map((issue) => issue.path)).toEqual([
      "vehLocType01"
    ])
  })

  it("refuses invalid models before sending, at the field", () => {
    expect(encodeIssues({ vehicle: { ...vehicle, operatorId: "a:b" } })).toEqual([
      { path: "vehicle.operatorId", message: "must be non-empty without spaces or \":\"" }
    ])
    expect(encodeIssues({ vehicle: { ...vehicle, vehicleId: "" } })[0]?.path).toBe("vehicle.vehicleId")
    expect(encodeIssues({ vehicle: { vehicleId: "x", operatorId: "y" } })[0]?.path).toBe("vehicle.opAreaId")
    expect(encodeIssues({ vehicle, engineTypes: [] })[0]?.path).toBe("engineTypes.0")
    expect(encodeIssues({ vehicle, locationTypes: ["PARKED"] })[0]?.path).toBe("locationTypes.0")
    expect(encodeIssues({ vehicle, vehicleKinds: ["MOTORCYCLE"] })[0]?.path).toBe("vehicleKinds.0")
  })

  it.prop(
    "decode(encode(r)) = r",
    { request: Arbitraries.schema(VehicleDetail.VehicleDetailRequest) },
    ({ request }) => {
      const pairs = Schema.encodeSync(VehicleDetail.VehicleDetailQuery)(request)
      const query = fromQueryString(toQueryString(pairs))
      expect(Schema.decodeUnknownSync(VehicleDetail.VehicleDetailQuery)(query)).toEqual(request)
    },
    { fastCheck: { numRuns: propertyRuns(300) } }
  )

  it("is a separate operation on the coordinate-search path", () => {
    expect(VehicleDetail.vehicleDetailOperation).toBe(VehicleDetail.operation)
    expect(VehicleDetail.operation.name).toBe("vehicleDetail")
    expect(VehicleDetail.operation.path).toBe("XML_COORD_REQUEST")
  })
})

const decodeResponse = Schema.decodeUnknownEither(VehicleDetail.VehicleDetailResponse)

describe("VehicleDetail response", () => {
  it("types the evident pin fields and keeps everything else as JSON", () => {
    const body = JSON.parse(`{
      "pins": [{
        "id": "car-4711", "name": "VW e-up! S-SM 4711", "type": "SHARING_VEHICLE",
        "coord": { "lat": 48.7731, "lon": 9.1702 },
        "vehicle": { "engineType": "ELECTRIC", "fuelLevel": 81, "seats": 4 },
        "availability": [{ "from": "2024-05-01T08:00:00Z", "to": "2024-05-01T18:00:00Z" }]
      }],
      "operator": { "id": "stadtmobil", "name": "stadtmobil Stuttgart", "url": "https://example.org" },
      "serverInfo": { "version": "10.6" },
      "systemMessages": []
    }`)
    const decoded = decodeResponse(body)
    expect(decoded).toEqual(
      Either.right({
        pins: [{
          id: "car-4711",
          name: "VW e-up! S-SM 4711",
          type: "SHARING_VEHICLE",
          coord: { lat: 48.7731, lon: 9.1702 },
          vehicle: { engineType: "ELECTRIC", fuelLevel: 81, seats: 4 },
          availability: [{ from: "2024-05-01T08:00:00Z", to: "2024-05-01T18:00:00Z" }]
        }],
        operator: { id: "stadtmobil", name: "stadtmobil Stuttgart", url: "https://example.org" },
        serverInfo: { version: "10.6" },
        systemMessages: []
      })
    )
    expect(VehicleDetail.operation.hasResult(Either.getOrThrow(decoded))).toBe(true)
  })

  it("accepts pins without the typed fields and a body without pins", () => {
    expect(decodeResponse({ pins: [{ status: "BOOKED" }] })).toEqual(Either.right({ pins: [{ status: "BOOKED" }] }))
    const empty = Either.getOrThrow(decodeResponse({ systemMessages: [{ type: "error", code: -8010 }] }))
    expect(empty).toEqual({ pins: [], systemMessages: [{ type: "error", code: -8010 }] })
    expect(VehicleDetail.operation.hasResult(empty)).toBe(false)
    expect(VehicleDetail.hasResult(Either.getOrThrow(decodeResponse({ vehicle: { id: "x" } })))).toBe(true)
  })

  it("refuses typed fields of the wrong shape", () => {
    const at = (body: unknown) => issuesOf(decodeResponse(body))[0]?.path
    expect(at({ pins: { id: "x" } })).toBe("pins")
    expect(at({ pins: [{ id: 4711 }] })).toBe("pins.0.id")
    expect(at({ pins: [{ coord: { lat: 148.7, lon: 9.1 } }] })).toBe("pins.0.coord.lat")
    expect(at({ pins: [{ coord: "9.1,48.7" }] })).toBe("pins.0.coord")
    expect(at({ systemMessages: [{ code: 1 }] })).toBe("systemMessages.0.type")
  })
})
