import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, Option, ParseResult, Schema, SchemaAST as AST } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import {
  AddInfo,
  CoordInfo,
  Departures,
  GeoObject,
  Occupancy,
  OpArea,
  Operation,
  Operations,
  Profile,
  RapidJson,
  RealtimeForTrip,
  ServingLines,
  StopFinder,
  Trip,
  TripStops,
  VehicleDetail
} from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"

// The project's own rapidJSON documents, with invented values.
const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const schemas = RapidJson.responses({ timeZone: berlin })
const sydney = RapidJson.responses({
  timeZone: DateTime.zoneUnsafeMakeNamed("Australia/Sydney"),
  productClasses: Profile.profiles.tfnsw.productClasses
})

const instant = (iso: string) => DateTime.unsafeMake(iso) as DateTime.Utc

// Decodes as the client does (fast path in place) and as Effect does; both must agree.
const decode = <A>(schema: Schema.Schema<A, any>, name: string): A => {
  const text = fixture(name)
  const client = makeJsonDecoder(schema)(JSON.parse(text), text)
  const effect = Schema.decodeUnknownEither(schema)(JSON.parse(text))
  if (Either.isLeft(effect)) throw new Error(ParseResult.TreeFormatter.formatErrorSync(effect.left))
  expect(client).toEqual(effect)
  return effect.right
}

const firstIssue = (schema: Schema.Schema<any, any>, name: string) => {
  const text = fixture(name)
  const result = makeJsonDecoder(schema)(JSON.parse(text), text)
  if (Either.isRight(result)) throw new Error("expected a failure")
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(result.left)
  return { path: ["$", ...issue!.path.map(String)].join("."), message: issue!.message }
}

describe("rapidJSON trip", () => {
  it("reads journeys into trips: modes, instants, platforms, parents, line ids, polylines, real-time lists", () => {
    expect(decode(schemas.trip, "trip")).toEqual({
      systemMessages: [],
      trips: [{
        duration: 1800,
        interchange: 1,
        legs: [
          {
            mode: { name: "Stadtbahn U7", mot: 3, number: "U7" },
            origin: {
              id: "de:99001:100:1:2",
              name: "Lindenplatz",
              type: "platform",
              departureTimePlanned: instant("2030-04-01T06:10:00Z"),
              departureTimeEstimated: instant("2030-04-01T06:11:00Z"),
              platform: "2",
              parent: {
                id: "de:99001:100",
                name: "Lindenplatz",
                type: "stop",
                parent: { id: "placeID:9900100:1", name: "Beispielstadt", type: "locality" }
              }
            },
            destination: {
              id: "de:99001:200:2:4",
              name: "Mühlweg",
              type: "platform",
              arrivalTimePlanned: instant("2030-04-01T06:18:00Z"),
              arrivalTimeEstimated: instant("2030-04-01T06:19:00Z"),
              platform: "Gleis 4"
            },
            realtimeStatus: "MONITORED,DEVIATION",
            isRealtimeControlled: true,
            lineId: "tst:10007: :H:j30",
            coords: [[48.5, 9.25], [48.505, 9.26], [48.51, 9.27]],
            stops: [],
            line: {
              name: "Stadtbahn U7",
              shortName: "U7",
              description: "Nordbahnhof - Südpark",
              product: "Stadtbahn",
              operator: { id: "01", name: "Beispielbahn" },
              destination: { id: "99001300", name: "Südpark" }
            },
            notices: [],
            cancelled: false
          },
          {
            mode: { name: "Bus 42", mot: 5, number: "42" },
            origin: {
              id: "de:99001:200:3:1",
              name: "Mühlweg",
              type: "platform",
              departureTimePlanned: instant("2030-04-01T06:25:00Z")
            },
            destination: {
              id: "de:99002:50",
              name: "Am Hang",
              type: "stop",
              arrivalTimePlanned: instant("2030-04-01T06:40:00Z")
            },
            realtimeStatus: "MONITORED",
            isRealtimeControlled: false,
            lineId: "tst:20042: :R:j30",
            line: { name: "Bus 42", shortName: "42", product: "Bus" },
            cancelled: false
          }
        ],
        cancelled: false,
        fare: { tickets: [], zones: [] }
      }]
    })
  })

  it("reads a foot leg that has only a product class and name", () => {
    const { trips } = decode(schemas.trip, "trip-foot-leg")
    expect(trips).toEqual([{
      duration: 300,
      interchange: 0,
      legs: [{
        mode: { name: "footpath", mot: 100 },
        origin: {
          id: "streetID:9999:Gartenweg",
          name: "Gartenweg",
          type: "street",
          departureTimePlanned: instant("2030-04-01T07:00:00Z")
        },
        destination: {
          id: "de:99001:100",
          name: "Lindenplatz",
          type: "stop",
          arrivalTimePlanned: instant("2030-04-01T07:05:00Z")
        },
        cancelled: false,
        // the walk's footPathInfo: its position and duration, no elements
        interchange: { position: "before", duration: 300, elements: [] }
      }],
      cancelled: false
    }])
  })

  it("keeps a -10015 warning next to the journeys", () => {
    const response = decode(schemas.trip, "trip-warning-10015")
    expect(response.trips.map((trip) => trip.duration)).toEqual([360])
    expect(response.systemMessages).toEqual([
      { type: "warning", module: "BROKER", code: -10015, text: "itp", subType: "itp-monomodal" }
    ])
  })

  it("keeps a line's short name (disassembledName, else number) beside its long name", () => {
    const { trips } = Schema.decodeUnknownSync(sydney.trip)(JSON.parse(fixture("trip-short-name")))
    expect(trips[0]!.legs.map((leg) => leg.mode)).toEqual([
      { name: "Beispielbahn Netz T8 Flughafen & Süd Linie", mot: 0, number: "T8" },
      { name: "IC 2201 Küstenexpress", mot: 15, number: "2201" }
    ])
  })

  it("reads journeys: [] as no trips", () => {
    expect(decode(schemas.trip, "trip-empty")).toEqual({ trips: [], systemMessages: [] })
  })

  it("refuses native-grid coordinates, naming the wire path and the fix", () => {
    expect(firstIssue(schemas.trip, "trip-native-grid")).toEqual({
      path: "$.journeys.0.legs.0.coords.0",
      message: "coordinates are not WGS84 decimal degrees (a native grid?): " +
        "send coordOutputFormat=WGS84[dd.ddddd], got [5300000, 800000]"
    })
  })

  it("names the wire path of a wrong value", () => {
    const text = fixture("trip").replace(`"class": 3,`, `"class": "tram",`)
    const result = makeJsonDecoder(schemas.trip)(JSON.parse(text), text)
    if (Either.isRight(result)) throw new Error("expected a failure")
    expect(ParseResult.ArrayFormatter.formatErrorSync(result.left)[0]?.path).toEqual([
      "journeys",
      0,
      "legs",
      0,
      "transportation",
      "product",
      "class"
    ])
  })

  it("maps a deployment's own product classes (TfNSW 1 train → 0)", () => {
    const text = fixture("trip").replace(`"class": 3,`, `"class": 1,`)
    const { trips } = Schema.decodeUnknownSync(sydney.trip)(JSON.parse(text))
    expect(trips[0]!.legs.map((leg) => leg.mode.mot)).toEqual([0, 5])
    const encoded = Schema.encodeSync(sydney.trip)({ trips })
    expect(encoded.journeys![0]!.legs.map((leg) => leg.transportation.product?.class)).toEqual([1, 5])
  })
})

describe("rapidJSON stop finder and coordinate search", () => {
  it("reads locations with pair coordinates, parents and assigned stops", () => {
    expect(decode(schemas.stopFinder, "stop-finder")).toEqual({
      systemMessages: [],
      locations: [
        {
          id: "de:99001:100",
          name: "Beispielstadt, Lindenplatz",
          type: "stop",
          isBest: true,
          matchQuality: 950,
          coord: { lat: 48.5, lon: 9.25 },
          assignedStops: [
            { id: "de:99001:100", name: "Lindenplatz", productClasses: [4, 5], distance: 0, duration: 0 }
          ],
          parent: { id: "placeID:9900100:1", name: "Beispielstadt", type: "locality" }
        },
        {
          id: "streetID:9999:Lindenstraße",
          name: "Beispielstadt, Lindenstraße",
          type: "street",
          isBest: false,
          matchQuality: 700,
          coord: { lat: 48.502, lon: 9.251 },
          parent: { id: "placeID:9900100:1", name: "Beispielstadt", type: "locality" },
          streetName: "Lindenstraße"
        }
      ]
    })
  })

  it("reads addresses and postcodes: street, house number, postcode trimmed, placed or not", () => {
    const response = decode(schemas.stopFinder, "stop-finder-addresses")
    expect(response.locations).toEqual([
      {
        id: "streetID:9999:Lindenstraße:4",
        name: "Beispielstadt, Lindenstraße 4",
        type: "address",
        isBest: true,
        matchQuality: 980,
        coord: { lat: 48.5021, lon: 9.2512 },
        assignedStops: [{ id: "de:99001:100", name: "Lindenplatz", distance: 245, duration: 4 }],
        parent: { id: "placeID:9900100:1", name: "Beispielstadt", type: "locality" },
        streetName: "Lindenstraße",
        houseNumber: "4",
        postcode: "99001"
      },
      {
        id: "streetID:9999:Lindenstraße:5",
        name: "Lindenstraße 5, Beispielstadt",
        type: "singlehouse",
        isBest: false,
        matchQuality: 975,
        coord: { lat: 48.5022, lon: 9.2513 },
        streetName: "Lindenstraße",
        houseNumber: "5",
        postcode: "99001",
        interpolated: true
      },
      {
        id: "postcodeID:99001",
        name: "99001 Beispielstadt",
        type: "unknown",
        isBest: false,
        matchQuality: 500,
        coord: { lat: 48.501, lon: 9.252 },
        postcode: "99001"
      }
    ])
    expect(response.locations.map(StopFinder.kindOf)).toEqual(["address", "address", "postcode"])
    // and back as real servers write them
    const wire = Schema.encodeSync(schemas.stopFinder)(response)
    expect(wire.locations![1]).toMatchObject({
      streetName: "Lindenstraße",
      buildingNumber: "5",
      postCode: "99001",
      properties: { interpolated: true }
    })
  })

  it("keeps a -8011 error next to results", () => {
    const response = decode(schemas.stopFinder, "stop-finder-8011")
    expect(response.locations.map((l) => l.id)).toEqual(["de:99001:100"])
    expect(response.systemMessages?.[0]?.code).toBe(-8011)
  })

  it("reads locations into pins with the contract's type names, distances and mode lists", () => {
    expect(decode(schemas.coordInfo, "coord")).toEqual({
      pins: [
        {
          type: "BUS_POINT",
          id: "9900166",
          name: "Lindenplatz, Steig 6",
          coord: { lat: 48.5001, lon: 9.2502 },
          motTypes: "5,6",
          distance: 14,
          parent: {
            id: "de:99001:100",
            name: "Lindenplatz",
            type: "stop",
            parent: { id: "placeID:9900100:1", name: "Beispielstadt", type: "locality" }
          }
        },
        {
          type: "POI_POINT",
          id: "poiID:77:Stadtbad",
          name: "Stadtbad",
          coord: { lat: 48.4995, lon: 9.2488 },
          distance: 120
        }
      ]
    })
  })

  it("reads TfNSW's modes like productClasses", () => {
    expect(decode(schemas.coordInfo, "coord-modes").pins).toEqual([
      { type: "STOP", id: "2000901", name: "Harbour Wharf", coord: { lat: -33.5, lon: 151.1 }, motTypes: "9,5" },
      { type: "GIS_POINT", id: "gis:1", name: "Park", coord: { lat: -33.51, lon: 151.11 } }
    ])
  })

  it("writes instants as real servers do, without fractions of a second unless there are some", () => {
    const response = decode(schemas.trip, "trip")
    const written = Schema.encodeSync(schemas.trip)(response)
    const origin = written.journeys?.[0]?.legs[0]?.origin
    expect(origin?.departureTimePlanned).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const leg = response.trips[0]!.legs[0]!
    const withMillis = {
      trips: [{
        ...response.trips[0]!,
        legs: [{
          ...leg,
          origin: {
            ...leg.origin,
            departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:37:00.250Z")
          }
        }]
      }]
    }
    expect(Schema.encodeSync(schemas.trip)(withMillis).journeys?.[0]?.legs[0]?.origin.departureTimePlanned)
      .toBe("2026-03-02T07:37:00.250Z")
  })

  it("reads a sharing vehicle (Mentz type sharing) as a SHARING_VEHICLE pin, and writes it back as sharing", () => {
    const response = decode(schemas.coordInfo, "coord-sharing")
    expect(response.pins).toEqual([
      { type: "SHARING_VEHICLE", id: "bike-12:radverleih:mitte", name: "Rad 12", coord: { lat: 48.501, lon: 9.252 } },
      { type: "PARKING", id: "P+R Lindenplatz", name: "P+R Lindenplatz", coord: { lat: 48.502, lon: 9.253 } }
    ])
    const written = Schema.encodeSync(schemas.coordInfo)(response)
    expect(written.locations?.map((l) => l.type)).toEqual(["sharing", "parking"])
  })

  it("keeps a sharing vehicle's details as they come", () => {
    expect(decode(schemas.vehicleDetail, "vehicle-detail")).toEqual({
      pins: [{
        id: "veh-77",
        name: "Rad 77",
        type: "sharing",
        coord: { lat: 48.501, lon: 9.252 },
        properties: {
          coordInfoDetails: {
            type: "FREEFLOATER",
            providerId: "12",
            operatingAreaId: "3",
            vehicleDetails: { id: "veh-77", vehType: "BIKE", capacity: 1, lastUpdate: "2030-04-01T06:00:00Z" }
          }
        }
      }]
    })
  })
})

describe("rapidJSON notices", () => {
  it("reads current and historic notices, de-duplicated, with dates in the deployment's zone", () => {
    expect(decode(schemas.addInfo, "add-info")).toEqual({
      infos: [
        {
          id: "ems-1001",
          type: "lineInfo",
          title: "Umleitung Linie 42",
          text: "<p>Die Linie 42 fährt eine Umleitung.</p>",
          validFrom: "2030-04-01",
          validTo: "2030-04-05",
          lines: ["tst:20042: :R:j30", "tst:20042: :H:j30", "tst:20043: :R:j30"],
          severity: "high",
          url: "https://example.org/notices/1001",
          affectedStops: ["de:99001:200"],
          version: "3",
          publicationStatus: "current"
        },
        {
          id: "ems-1000",
          type: "stopInfo",
          title: "Aufzug außer Betrieb",
          text: "Der Aufzug am Lindenplatz ist außer Betrieb.",
          validFrom: "2030-03-01",
          lines: [],
          severity: "normal",
          version: "1",
          publicationStatus: "history"
        }
      ]
    })
  })

  it("reads a notice whose text is only in infoLinks and whose version is a string", () => {
    const { infos } = Schema.decodeUnknownSync(sydney.addInfo)(JSON.parse(fixture("add-info-infolinks")))
    expect(infos).toEqual([{
      id: "tm-5",
      type: "tripMessage",
      title: "Not stopping at Hillside",
      text: "Trains do not stop at Hillside.",
      validFrom: "2030-04-02",
      validTo: "2030-04-02",
      lines: [],
      severity: "veryLow",
      url: "https://example.org/alerts/5",
      // the version as sent, a string; the link as sent
      version: "7",
      links: [{
        urlText: "Not stopping at Hillside",
        url: "https://example.org/alerts/5",
        content: "Trains do not stop at Hillside.",
        subtitle: "Not stopping at Hillside"
      }],
      publicationStatus: "history"
    }])
  })
})

describe("rapidJSON lines and areas (from the schema only)", () => {
  it("reads serving lines with their 5-part line ids verbatim", () => {
    expect(decode(schemas.servingLines, "serving-lines")).toEqual({
      systemMessages: [],
      servingLines: [
        { name: "Stadtbahn U7", number: "U7", mot: 3, direction: "Südpark", lineId: "tst:10007: :H:j30" },
        { name: "Bus 42", number: "42", mot: 5, direction: "Am Hang - Lindenplatz", lineId: "tst:20042: :R:j30" }
      ]
    })
  })

  it("takes a serving line's short name from disassembledName before a longer number", () => {
    const text = fixture("serving-lines").replace(`"number": "U7",`, `"number": "U7 Nordbahnhof - Südpark",`)
    const { servingLines } = Schema.decodeUnknownSync(schemas.servingLines)(JSON.parse(text))
    expect(servingLines.map((line) => line.number)).toEqual(["U7", "42"])
  })

  it("reads the first transportation's polylines and stops as line geometry", () => {
    expect(decode(schemas.geoObject, "geo-object")).toEqual({
      geometry: [[48.5, 9.25], [48.505, 9.26], [48.51, 9.27]],
      stops: [
        { id: "de:99001:100", name: "Lindenplatz", coord: { lat: 48.5, lon: 9.25 } },
        { id: "de:99001:200", name: "Mühlweg", coord: { lat: 48.51, lon: 9.27 } }
      ]
    })
  })

  it("groups operating areas by operator, with closed rings read as GeoJSON positions", () => {
    expect(decode(schemas.opArea, "op-area")).toEqual({
      providers: [
        {
          id: "12",
          name: "RadTeilen",
          vehicleType: "BIKE",
          areas: [
            { id: "3", name: "Innenstadt", polygon: [[48.5, 9.2], [48.5, 9.3], [48.6, 9.3], [48.5, 9.2]] },
            { id: "4", name: "Nord", polygon: [[48.7, 9.2], [48.7, 9.3], [48.8, 9.3], [48.7, 9.2]] }
          ]
        },
        { id: "30", name: "AutoTeilen", vehicleType: "CAR", areas: [{ id: "c-1", name: "Stadtgebiet" }] }
      ]
    })
  })
})

describe("rapidJSON operations", () => {
  it("decode through Operation.decodeResponse like the client", () => {
    const decode = Operation.decodeResponse(RapidJson.operation(Trip.operation, { timeZone: berlin }))
    const response = Either.getOrThrow(decode(JSON.parse(fixture("trip"))))
    expect(response.trips.map((trip) => trip.duration)).toEqual([1800])
  })
})

describe("rapidJSON operating areas, axis order", () => {
  it("reads a ring that only fits latitude first as such", () => {
    const text = JSON.stringify({
      operatingAreas: [{
        id: 1,
        name: "Harbour",
        product: "bike",
        operator: { id: 5, name: "Bikes" },
        operatingZone: { type: "Polygon", coordinates: [[[-33.8, 151.2], [-33.8, 151.3], [-33.9, 151.3]]] }
      }]
    })
    const { providers } = Schema.decodeUnknownSync(schemas.opArea)(JSON.parse(text))
    expect(providers[0]!.areas[0]!.polygon).toEqual([[-33.8, 151.2], [-33.8, 151.3], [-33.9, 151.3], [-33.8, 151.2]])
  })
})

// JSON has no -0.
const withoutNegativeZero = (value: unknown): unknown => {
  if (Object.is(value, -0)) return 0
  if (Array.isArray(value)) return value.map(withoutNegativeZero)
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, withoutNegativeZero(v)]))
  }
  return value
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

// Occupancy as EFA names it: a raw value that names a level is that level.
const wireOccupancy = <A extends Occupancy.Fields>(value: A): A => {
  const { occupancy: _, occupancyRaw: __, ...rest } = value
  return { ...rest, ...Occupancy.fromWire(Occupancy.toWire(value)) } as A
}

// A notice without a title or page takes its subtitle's, its link text's or its first link's, as real notices are
// read (TfNSW's have no title)
const titled = <N extends Trip.LegNotice | AddInfo.Notice>(notice: N): N => {
  const link = notice.links?.[0]
  const title = notice.title ?? notice.subtitle ?? notice.urlText ?? link?.subtitle ?? link?.urlText
  const url = notice.url ?? link?.url
  const out: any = { ...notice }
  if (title !== undefined) out.title = title
  if (url !== undefined) out.url = url
  return out
}

// What the wire can carry of a model: the arbitraries of the response models, made to fit; an operation whose
// wire carries every model (the line and stop lists, the system information) reads as itself.
type Wireable = { readonly [Name in keyof RapidJson.Responses]?: (response: any) => any }

const wireable = {
  // a journey has no duration of its own and is cancelled when a leg is; a leg's line has the names of its mode and
  // exists with a line ID; a cancelled leg says TRIP_CANCELLED; infos come before hints; occupancy as EFA names it
  trip: (r: Trip.TripResponse): Trip.TripResponse => ({
    ...r,
    trips: r.trips.map((trip) => {
      const first = trip.legs[0]
      const last = trip.legs[trip.legs.length - 1]
      const duration = first === undefined || last === undefined ? 0 : Math.round(
        (DateTime.toEpochMillis(last.destination.arrivalTimePlanned) -
          DateTime.toEpochMillis(first.origin.departureTimePlanned)) / 1000
      )
      const legs = trip.legs.map((leg): Trip.Leg => {
        const { line: _, notices: __, ...rest } = leg
        const out: Mutable<Trip.Leg> = wireOccupancy(rest)
        if (leg.lineId !== undefined) {
          const { shortName: ___, ...line } = leg.line ?? { name: "" }
          out.line = leg.mode.number === undefined
            ? { ...line, name: leg.mode.name }
            : { ...line, name: leg.mode.name, shortName: leg.mode.number }
        }
        if (leg.notices !== undefined) {
          out.notices = [
            ...leg.notices.filter((notice) => notice.source === "info"),
            ...leg.notices.filter((notice) => notice.source === "hint")
          ].map(titled)
        }
        const status = leg.realtimeStatus?.split(",")
        if (leg.cancelled && status?.includes("TRIP_CANCELLED") !== true) {
          out.realtimeStatus = [...(status ?? []), "TRIP_CANCELLED"].join(",")
        }
        out.cancelled = out.realtimeStatus?.split(",").includes("TRIP_CANCELLED") === true
        if (leg.stops !== undefined) out.stops = leg.stops.map(wireOccupancy)
        return out
      })
      return { ...trip, duration, legs, cancelled: legs.some((leg) => leg.cancelled) }
    })
  }),
  stopFinder: (r: StopFinder.StopFinderResponse) => r,
  coordInfo: (r: CoordInfo.CoordInfoResponse): CoordInfo.CoordInfoResponse => ({
    ...r,
    pins: r.pins.map((pin) => {
      if (pin.motTypes === undefined || /^((0|[1-9]\d{0,5})(,(0|[1-9]\d{0,5}))*)?$/.test(pin.motTypes)) return pin
      const { motTypes: _, ...rest } = pin
      return rest
    })
  }),
  vehicleDetail: (r: VehicleDetail.VehicleDetailResponse): VehicleDetail.VehicleDetailResponse =>
    (r.systemMessages === undefined ? { pins: r.pins } : { pins: r.pins, systemMessages: r.systemMessages }) as any,
  opArea: (r: OpArea.OpAreaResponse): OpArea.OpAreaResponse => {
    const byId = new Map<string, OpArea.Provider>()
    for (const provider of r.providers) {
      if (provider.areas.length === 0) continue
      const known = byId.get(provider.id)
      byId.set(
        provider.id,
        known === undefined
          ? { ...provider, vehicleType: provider.vehicleType.toLowerCase().toUpperCase() }
          : { ...known, areas: [...known.areas, ...provider.areas] }
      )
    }
    return { ...r, providers: Array.from(byId.values()) }
  },
  servingLines: (r: ServingLines.ServingLinesResponse) => r,
  // the wire keeps each notice in its list: current ones (and those that do not say) first, then historic ones
  addInfo: (r: AddInfo.AddInfoResponse): AddInfo.AddInfoResponse => {
    const infos = AddInfo.dedupe(r.infos).map((notice): AddInfo.Notice => {
      const listed = { ...titled(notice), publicationStatus: notice.publicationStatus ?? "current" }
      if (listed.validTo === undefined || listed.validTo < "2500") return listed
      const { validTo: _, ...rest } = listed
      return rest
    })
    return {
      ...r,
      infos: [
        ...infos.filter((notice) => notice.publicationStatus === "current"),
        ...infos.filter((notice) => notice.publicationStatus === "history")
      ]
    }
  },
  geoObject: (r: GeoObject.GeoObjectResponse): GeoObject.GeoObjectResponse => ({
    ...r,
    stops: r.stops.map(({ servingLines: _, ...stop }) => stop)
  }),
  // a cancellation status reads as cancelled; board locations carry no distance
  departures: (r: Departures.DeparturesResponse): Departures.DeparturesResponse => ({
    ...r,
    // the wire has one short name: the event's `lineName` and its mode's `number`
    events: r.events.map(({ mode: { number: _, ...mode }, ...event }) => ({
      ...wireOccupancy(event),
      mode: { ...mode, number: event.lineName },
      cancelled: event.cancelled ||
        (event.realtimeStatus ?? []).some((s) =>
          ["TRIP_CANCELLED", "DEPARTURE_CANCELLED", "ARRIVAL_CANCELLED"].includes(s)
        )
    })),
    locations: r.locations.map(({ distance: _, ...location }) => location)
  }),
  tripStops: (r: TripStops.TripStopsResponse): TripStops.TripStopsResponse => {
    if (r.mode === undefined) return r
    const { number: _, ...mode } = r.mode
    return { ...r, mode: r.lineName === undefined ? mode : { ...mode, number: r.lineName } }
  },
  // the journey as a trip answer's journeys
  realtimeForTrip: (r: RealtimeForTrip.RealtimeForTripResponse): RealtimeForTrip.RealtimeForTripResponse =>
    r.trip === undefined ? r : { ...r, trip: wireable.trip({ trips: [r.trip] }).trips[0]! }
}

describe("rapidJSON round trips", () => {
  const names = Object.keys(schemas) as Array<keyof RapidJson.Responses>
  for (const name of names) {
    const schema = schemas[name] as unknown as Schema.Schema<any, any>
    const model = Schema.typeSchema(Operations.all[name].response as Schema.Schema<any, any>)
    const arbitrary = Arbitraries.make(model).map((value) =>
      withoutNegativeZero(((wireable as Wireable)[name] ?? ((v: any) => v))(value))
    )
    const fast = makeJsonDecoder(schema)
    it.prop(`${name}: encoding to rapidJSON and decoding back gives the same model`, [arbitrary], ([value]) => {
      const text = JSON.stringify(Schema.encodeSync(schema)(value))
      const decoded = Schema.decodeUnknownSync(schema)(JSON.parse(text))
      expect(decoded).toEqual(value)
      expect(Schema.is(model)(decoded)).toBe(true)
      expect(fast(JSON.parse(text), text)).toEqual(Either.right(decoded))
    }, { fastCheck: { numRuns: propertyRuns(60) } })
  }
})

describe("the rapidJSON table", () => {
  it("has every operation of the list, in its order, and builds each codec as the operation's loader does", async () => {
    expect(Object.keys(schemas)).toEqual(Object.keys(Operations.all))
    const operations: ReadonlyArray<Operation.Any> = Object.values(Operations.all)
    for (const operation of operations) {
      const loaded = await operation.rapidJson!()
      // the loader's codec reads the operation's wire answer, and decodes an empty answer as the table does
      const name = operation.name[0]!.toUpperCase() + operation.name.slice(1)
      expect(AST.getIdentifierAnnotation(loaded.wire.ast)).toEqual(Option.some(`Wire${name}Response`))
      const empty = { systemMessages: [] }
      expect(Schema.decodeUnknownEither(loaded.response({ timeZone: berlin }))(empty)).toEqual(
        Schema.decodeUnknownEither(RapidJson.operation(operation, { timeZone: berlin }).response)(empty)
      )
    }
  })
})
