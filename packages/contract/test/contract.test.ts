import {
  AddInfo,
  CoordInfo,
  GeoObject,
  LineId,
  LocalDateTime,
  Mot,
  OpArea,
  type Operation,
  OperationClient,
  Operations,
  ServingLines,
  StopFinder,
  Trip,
  VehicleDetail
} from "@efa-kit/core"
import * as Arbitraries from "@efa-kit/core/arbitraries"
import { DEFAULT_LIMITS, embeddedDatasetPath, makeMockServer } from "@efa-kit/mock-server"
import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck, ParseResult, Schema } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { propertyRuns } from "../../../test-support/properties.js"
import type { OperationName } from "./support/cases.js"
import { dataset, operationOf, pairsOf } from "./support/fake.js"

const names = Object.keys(Operations.all) as Array<OperationName>
const context = { timeZone: Either.getOrThrow(LocalDateTime.zone(dataset.meta.timeZone)) }

// Decodes or fails the test with Effect's own message, which names the path.
const decodes = <A, I>(schema: Schema.Schema<A, I>, input: unknown, what: string): A => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(input)
  if (Either.isLeft(result)) {
    return expect.fail(`${what}: ${ParseResult.TreeFormatter.formatErrorSync(result.left).slice(0, 2000)}`)
  }
  return result.right
}

// ---------------------------------------------------------------------------------------------------
// the dataset
// ---------------------------------------------------------------------------------------------------

const read = (file: string): any => JSON.parse(readFileSync(join(embeddedDatasetPath, file), "utf8"))

describe("every file of the fake's embedded dataset decodes with the core's schemas", () => {
  it("the dataset has exactly the files checked here", () => {
    expect(readdirSync(embeddedDatasetPath).sort()).toEqual([
      "lines.json",
      "meta.json",
      "notices.json",
      "parking.json",
      "places.json",
      "pois.json",
      "realtime.json",
      "sharing.json",
      "stops.json",
      "tariff.json"
    ])
  })

  it("tariff.json: prices as the core's tickets, every stop's zone as its fare zones", () => {
    const tariff = read("tariff.json")
    const stops: Array<any> = read("stops.json")
    expect(Object.keys(tariff.zones).sort()).toEqual(stops.map((stop) => stop.id).sort())
    for (const row of tariff.prices) {
      for (const [person, price] of [["ADULT", row.adult], ["CHILD", row.child]]) {
        decodes(Trip.Ticket, {
          id: `${tariff.ticket.id}${row.zones}`,
          name: tariff.ticket.name,
          price,
          currency: tariff.currency,
          person,
          validMinutes: row.validMinutes,
          fromLeg: 0,
          toLeg: 0
        }, `tariff.json ${row.zones} zones`)
      }
    }
    decodes(Trip.FareZones, {
      network: tariff.network,
      zones: [...new Set(Object.values(tariff.zones))],
      fromLeg: 0,
      toLeg: 0
    }, "tariff.json zones")
  })

  it("meta.json: the clock is a response timestamp, the zone and dates are the contract's", () => {
    const meta = read("meta.json")
    decodes(Trip.Timestamp, meta.defaultNow, "meta.json defaultNow")
    expect(Either.isRight(LocalDateTime.zone(meta.timeZone))).toBe(true)
    const dates = [meta.validFrom, meta.validTo, ...meta.holidays]
    decodes(Schema.Array(LocalDateTime.CalendarDate), dates, "meta.json dates")
  })

  it("stops.json: stops as the stop finder, the coordinate search and the line geometry return them", () => {
    const stops: Array<any> = read("stops.json")
    expect(stops.length).toBeGreaterThan(0)
    decodes(GeoObject.GeoObjectResponse, { stops }, "stops.json as geoObject stops")
    decodes(CoordInfo.CoordInfoResponse, { pins: stops.map((s) => ({ ...s, type: "STOP" })) }, "stops.json as pins")
    decodes(
      StopFinder.StopFinderResponse,
      { locations: stops.map((s) => ({ ...s, type: "stop", matchQuality: 1000 })) },
      "stops.json as locations"
    )
  })

  it("pois.json: points of interest as locations and pins", () => {
    const pois: Array<any> = read("pois.json")
    expect(pois.length).toBeGreaterThan(0)
    decodes(CoordInfo.CoordInfoResponse, { pins: pois.map((p) => ({ ...p, type: "POI_POINT" })) }, "pois.json as pins")
    decodes(
      StopFinder.StopFinderResponse,
      { locations: pois.map((p) => ({ ...p, type: "poi", matchQuality: 1000 })) },
      "pois.json as locations"
    )
  })

  it("parking.json: parking objects as pins", () => {
    const parking: Array<any> = read("parking.json")
    expect(parking.length).toBeGreaterThan(0)
    decodes(CoordInfo.CoordInfoResponse, { pins: parking.map((p) => ({ ...p, type: "PARKING" })) }, "parking.json")
  })

  it("lines.json: identifiers, geometry and serving lines", () => {
    const lines: Array<any> = read("lines.json")
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      decodes(GeoObject.GeoObjectResponse, { geometry: line.geometry }, `lines.json ${line.number} geometry`)
      decodes(Mot.MotId, line.mot, `lines.json ${line.number} mot`)
      for (const direction of ["H", "R"]) {
        decodes(
          LineId.Checked,
          `${line.network}:${line.code}:${line.supplement}:${direction}`,
          `lines.json ${line.number} identifier`
        )
      }
      decodes(ServingLines.ServingLinesResponse, {
        servingLines: ["H", "R"].map((d) => ({
          name: line.number,
          number: line.number,
          mot: line.mot,
          direction: line.directions[d].towards
        }))
      }, `lines.json ${line.number} as serving lines`)
    }
  })

  it("sharing.json: providers with closed polygons, vehicles with the detail mode's values", () => {
    const { providers, vehicles } = read("sharing.json")
    decodes(OpArea.OpAreaResponse, { providers }, "sharing.json providers")
    for (const provider of providers) {
      decodes(OpArea.VehicleKind, provider.vehicleType, `sharing.json ${provider.id} vehicleType`)
      for (const area of provider.areas) {
        // closed as stored: encoding refuses a ring the decoder would have to close
        expect(Either.isRight(Schema.encodeEither(OpArea.Polygon)(area.polygon)), `${area.id} is closed`).toBe(true)
      }
    }
    decodes(VehicleDetail.VehicleDetailResponse, { pins: vehicles }, "sharing.json vehicles")
    for (const vehicle of vehicles) {
      const what = `sharing.json ${vehicle.id}`
      decodes(VehicleDetail.SharingRefIdParam, `${vehicle.id}:${vehicle.provider}:${vehicle.area}`, what)
      decodes(VehicleDetail.VehicleKind, vehicle.kind, what)
      decodes(VehicleDetail.LocationType, vehicle.locationType, what)
      if (vehicle.engineType !== undefined) decodes(VehicleDetail.EngineType, vehicle.engineType, what)
    }
  })

  it("notices.json: notices of the eight types, unique IDs, line identifiers", () => {
    const notices: Array<any> = read("notices.json")
    const { infos } = decodes(AddInfo.AddInfoResponse, { infos: notices }, "notices.json")
    expect(infos).toHaveLength(notices.length)
    expect(new Set(infos.map((n) => n.type))).toEqual(new Set(AddInfo.NoticeType.literals))
    for (const notice of infos) {
      expect(notice.validFrom! <= notice.validTo!, notice.id).toBe(true)
      for (const line of notice.lines) decodes(LineId.Checked, line, `notices.json ${notice.id} lines`)
    }
  })
})

// ---------------------------------------------------------------------------------------------------
// requests: what the client encodes, the fake decodes back
// ---------------------------------------------------------------------------------------------------

// The client's runner is used for its URLs only.
const runner = Effect.runSync(
  Effect.scoped(OperationClient.make({ baseUrl: "http://efa.test/" })).pipe(Effect.provide(FetchHttpClient.layer))
)

const withoutEmptyLists = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutEmptyLists)
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => !(Array.isArray(item) && item.length === 0))
      .map(([key, item]) => [key, withoutEmptyLists(item)])
  )
}

const withoutSession = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return value
  const { command: _command, requestID: _requestID, sessionID: _sessionID, ...rest } = value as Record<string, unknown>
  return rest
}

describe("for every request model, an arbitrary request reaches the fake as the same request", () => {
  const errors: Array<unknown> = []
  const fake = makeMockServer({ dataset, onError: (error) => errors.push(error) })

  for (const name of names) {
    it(name, async () => {
      const operation: Operation.Any = Operations.all[name]
      const decodeQuery = Schema.decodeUnknownEither(operation.query(context))
      // the client refuses an empty list (leave the field out instead): the schemas' arbitraries make some
      // a session is one the server opened: an arbitrary session ID is none the fake holds (see sessions.test.ts)
      const requests = Arbitraries.make(operation.request).map(withoutEmptyLists).map(withoutSession)
      await FastCheck.assert(
        FastCheck.asyncProperty(requests, async (request) => {
          const url = Either.getOrThrow(runner.url(operation, request))
          // longer URLs are refused by the fake's limits (414), as by most servers
          FastCheck.pre(url.length <= DEFAULT_LIMITS.maxUrlLength)
          const { pathname, search } = new URL(url)
          const response = await fake.app.request(pathname + search)
          const body = await response.text()
          expect(response.status, body).toBe(200)
          const entry = fake.state.journal().at(-1)!
          expect(entry.path).toBe(operation.path)
          expect(entry.params).toEqual(pairsOf(url))
          const decoded = decodeQuery(entry.params)
          if (Either.isLeft(decoded)) expect.fail(ParseResult.TreeFormatter.formatErrorSync(decoded.left))
          expect(decoded.right).toEqual(request)
          // whatever the request, the answer is the contract's
          expect(operationOf(url)).toBe(operation)
          decodes(operation.response, JSON.parse(body), url)
        }),
        { numRuns: propertyRuns(50) }
      )
      expect(errors).toEqual([])
    })
  }
})

// ---------------------------------------------------------------------------------------------------
// responses: encode, send as JSON, decode
// ---------------------------------------------------------------------------------------------------

// JSON has one zero: -0 comes back as 0.
const zeroless = (value: unknown): unknown => {
  if (Object.is(value, -0)) return 0
  if (Array.isArray(value)) return value.map(zeroless)
  if (typeof value === "object" && value !== null) {
    const proto = Object.getPrototypeOf(value)
    if (proto === Object.prototype || proto === null) {
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, zeroless(v)]))
    }
  }
  return value
}

const hasProtoKey = (value: unknown): boolean =>
  typeof value === "object" && value !== null &&
  (Object.hasOwn(value, "__proto__") || Object.values(value).some(hasProtoKey))

describe("for every response schema, an arbitrary response survives encoding, JSON and decoding", () => {
  it("numbers JSON cannot carry are not responses, so the fake cannot send them as null", () => {
    expect(Schema.is(Trip.Trip)({ duration: Number.NaN, interchange: 0, legs: [] })).toBe(false)
    expect(Schema.is(Trip.LegMode)({ name: "S1", mot: Number.POSITIVE_INFINITY })).toBe(false)
    const notices = { infos: [], systemMessages: [{ type: "error", code: Number.NaN }] }
    expect(Schema.is(Operations.all.addInfo.response)(notices)).toBe(false)
  })

  it("timestamps outside the years 0000..9999 come back as they were written", () => {
    for (const iso of ["+010000-01-01T00:00:00.000Z", "-000001-12-31T23:59:00.000Z"]) {
      const instant = Schema.decodeUnknownSync(Trip.Timestamp)(iso)
      expect(Schema.encodeSync(Trip.Timestamp)(instant)).toBe(iso)
    }
  })

  for (const name of names) {
    it(name, () => {
      const schema = Operations.all[name].response as Schema.Schema<unknown, unknown>
      const encode = Schema.encodeSync(schema)
      const decode = Schema.decodeUnknownSync(schema)
      FastCheck.assert(
        FastCheck.property(Arbitraries.make(schema), (value) => {
          // a generated field named `__proto__` cannot be copied by assignment; no deployment sends one
          FastCheck.pre(!hasProtoKey(value))
          const json = JSON.parse(JSON.stringify(encode(value)))
          expect(zeroless(decode(json))).toEqual(zeroless(value))
        }),
        { numRuns: propertyRuns(50) }
      )
    })
  }
})
