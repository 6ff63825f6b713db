import { addEqualityTesters, describe, expect, it } from "@effect/vitest"
import { DateTime, Either, ParseResult, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { Point, Trip } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

addEqualityTesters()

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const query = Trip.TripQuery({ timeZone: berlin })

const encode = (request: Trip.TripRequest): string => toQueryString(Schema.encodeSync(query)(request))
const encodeEither = (request: Trip.TripRequest) => Schema.encodeEither(query)(request)
const decode = (queryString: string) => Schema.decodeUnknownEither(query)(fromQueryString(queryString))

const issues = (result: Either.Either<unknown, ParseResult.ParseError>) =>
  Either.match(result, {
    onLeft: (error) =>
      ParseResult.ArrayFormatter.formatIssueSync(error.issue).map((entry) => ({
        path: entry.path.map(String).join("."),
        message: entry.message
      })),
    onRight: () => []
  })

const paths = (result: Either.Either<unknown, ParseResult.ParseError>) => issues(result).map((issue) => issue.path)

const instant = (iso: string) => DateTime.unsafeMake(iso) as DateTime.Utc

const base: Trip.TripRequest = {
  origin: Point.any("Stuttgart Hbf"),
  destination: Point.coord({ lat: 48.78, lon: 9.18 })
}
const BASE = "type_origin=any&name_origin=Stuttgart+Hbf&type_destination=coord" +
  "&name_destination=9.18:48.78:WGS84%5Bdd.ddddd%5D&tripReductionMacro=1"

describe("Trip request: encoding", () => {
  it("sends the points and tripReductionMacro=1", () => {
    expect(encode(base)).toBe(BASE)
  })

  it("sends a via point with its dwell time", () => {
    expect(encode({ ...base, via: { point: Point.any("Esslingen (N)"), dwellMinutes: 5 } })).toBe(
      `${BASE}&type_via=any&name_via=Esslingen+%28N%29&dwellTime_via=5`
    )
    expect(encode({ ...base, via: { point: Point.coord({ lat: 48.7, lon: 9.3 }) } })).toBe(
      `${BASE}&type_via=coord&name_via=9.3:48.7:WGS84%5Bdd.ddddd%5D`
    )
  })

  it("writes a summer instant in Central European Summer Time", () => {
    expect(encode({ ...base, dateTime: instant("2024-07-15T06:30:00Z"), dateTimeRefersTo: "arrival" })).toBe(
      `${BASE}&itdDate=20240715&itdTime=0830&itdTripDateTimeDepArr=arr`
    )
  })

  it("writes a winter instant in Central European Time", () => {
    expect(encode({ ...base, dateTime: instant("2024-01-15T16:45:00Z"), dateTimeRefersTo: "departure" })).toBe(
      `${BASE}&itdDate=20240115&itdTime=1745&itdTripDateTimeDepArr=dep`
    )
  })

  it("follows the spring change and the date line of the zone", () => {
    const at = (iso: string) => encode({ ...base, dateTime: instant(iso) }).slice(BASE.length)
    expect(at("2024-03-31T00:59:00Z")).toBe("&itdDate=20240331&itdTime=0159")
    expect(at("2024-03-31T01:00:00Z")).toBe("&itdDate=20240331&itdTime=0300")
    expect(at("2024-10-26T23:59:00Z")).toBe("&itdDate=20241027&itdTime=0159")
    expect(at("2024-10-27T01:00:00Z")).toBe("&itdDate=20241027&itdTime=0200")
    expect(at("2024-12-31T23:30:00Z")).toBe("&itdDate=20250101&itdTime=0030")
  })

  it("writes the hour the autumn change repeats as the same wall-clock time", () => {
    const at = (iso: string) => encode({ ...base, dateTime: instant(iso) }).slice(BASE.length)
    expect(at("2024-10-27T00:30:00Z")).toBe("&itdDate=20241027&itdTime=0230")
    expect(at("2024-10-27T01:30:00Z")).toBe("&itdDate=20241027&itdTime=0230")
  })

  it("uses the time zone of the context, one schema per zone", () => {
    const sydney = Trip.TripQuery({ timeZone: DateTime.zoneUnsafeMakeNamed("Australia/Sydney") })
    const pairs = Schema.encodeSync(sydney)({ ...base, dateTime: instant("2024-07-15T06:30:00Z") })
    expect(toQueryString(pairs).slice(BASE.length)).toBe("&itdDate=20240715&itdTime=1630")
    expect(Trip.TripQuery({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })).toBe(query)
  })

  it("refuses an instant with seconds", () => {
    expect(paths(encodeEither({ ...base, dateTime: instant("2024-07-15T06:30:10Z") }))).toEqual(["dateTime"])
  })

  it("sends the general options", () => {
    expect(encode({ ...base, numberOfTrips: 6, oneDirection: true, realtime: true })).toBe(
      `${BASE}&calcNumberOfTrips=6&calcOneDirection=1&useRealtime=1`
    )
    expect(encode({ ...base, oneDirection: false, realtime: false })).toBe(BASE)
    expect(paths(encodeEither({ ...base, numberOfTrips: 0 }))).toEqual(["numberOfTrips"])
  })

  it("sends a mode filter only for the modes filtered, with the checkbox switches", () => {
    expect(encode({ ...base, modes: { excluded: [5, 6] } })).toBe(
      `${BASE}&excludedMeans=checkbox&exclMOT_5=1&exclMOT_6=1`
    )
    expect(encode({ ...base, modes: { included: [1, 2, 13] } })).toBe(
      `${BASE}&includedMeans=checkbox&inclMOT_1=1&inclMOT_2=1&inclMOT_13=1`
    )
    expect(encode({ ...base, modes: { excluded: [0], included: [4] } })).toBe(
      `${BASE}&excludedMeans=checkbox&includedMeans=checkbox&exclMOT_0=1&inclMOT_4=1`
    )
    expect(encode({ ...base, modes: { excluded: [], included: [] } })).toBe(BASE)
    expect(encode({ ...base, modes: {} })).toBe(BASE)
  })

  it("refuses a mode that is both included and excluded, and unsorted lists", () => {
    const conflict = issues(encodeEither({ ...base, modes: { excluded: [4, 5], included: [5] } }))
    expect(conflict).toEqual([{ path: "modes.included", message: "MOT-ID 5 is both included and excluded" }])
    expect(paths(encodeEither({ ...base, modes: { excluded: [6, 5] } }))).toEqual(["modes.excluded"])
    expect(Trip.normalizeMotIds([6, 5, 6, 0])).toEqual([0, 5, 6])
  })

  it("sends mobility restrictions with imparedOptionsActive=1", () => {
    expect(
      encode({
        ...base,
        mobility: {
          lowFloorVehicles: true,
          noElevators: true,
          noEscalators: true,
          noSolidStairs: true,
          wheelchair: true
        }
      })
    ).toBe(
      `${BASE}&imparedOptionsActive=1&lowPlatformVhcl=1&noElevators=1&noEscalators=1&noSolidStairs=1&wheelchair=1`
    )
    expect(encode({ ...base, mobility: { wheelchair: true } })).toBe(`${BASE}&imparedOptionsActive=1&wheelchair=1`)
    expect(encode({ ...base, mobility: { wheelchair: false } })).toBe(BASE)
  })

  it("sends public transport options with ptOptionsActive=1", () => {
    expect(
      encode({
        ...base,
        publicTransport: {
          changeSpeed: "fast",
          lineRestriction: "noHighSpeedTrains",
          maxChanges: 2,
          routeType: "leastInterchange",
          nearbyStopsAtOrigin: true,
          nearbyStopsAtDestination: true
        }
      })
    ).toBe(
      `${BASE}&ptOptionsActive=1&changeSpeed=fast&lineRestriction=401&maxChanges=2&routeType=leastinterchange` +
        "&useProxFootSearchOrig=1&useProxFootSearchDest=1"
    )
    expect(encode({ ...base, publicTransport: { routeType: "fastest", lineRestriction: "all", maxChanges: 0 } })).toBe(
      `${BASE}&ptOptionsActive=1&lineRestriction=400&maxChanges=0&routeType=lasttime`
    )
    const leastWalking = { routeType: "leastWalking", lineRestriction: "associationPlusRegional" } as const
    expect(encode({ ...base, publicTransport: leastWalking })).toBe(
      `${BASE}&ptOptionsActive=1&lineRestriction=403&routeType=leastwalking`
    )
    expect(encode({ ...base, publicTransport: { maxChanges: 9, lineRestriction: "associationWithoutSurcharge" } }))
      .toBe(`${BASE}&ptOptionsActive=1&lineRestriction=402&maxChanges=9`)
    expect(paths(encodeEither({ ...base, publicTransport: { maxChanges: 10 } }))).toEqual([
      "publicTransport.maxChanges"
    ])
  })

  it("sends individual transport options with itOptionsActive=1", () => {
    expect(
      encode({
        ...base,
        individualTransport: {
          speed: "slow",
          mode: "bikeAndRide",
          maxMinutes: 15,
          departureMode: "foot",
          departureMaxMinutes: 5,
          arrivalMode: "taxi",
          arrivalMaxMinutes: 20
        }
      })
    ).toBe(
      `${BASE}&changeSpeed=slow&itOptionsActive=1&trITMOT=101&trITMOTvalue=15&trITDepMOT=100&trITDepMOTvalue=5` +
        "&trITArrMOT=105&trITArrMOTvalue=20"
    )
    const modes = ["bikeInPublicTransport", "kissAndRide", "parkAndRide"] as const
    expect(modes.map((mode) => encode({ ...base, individualTransport: { mode } }).slice(BASE.length))).toEqual([
      "&itOptionsActive=1&trITMOT=102",
      "&itOptionsActive=1&trITMOT=103",
      "&itOptionsActive=1&trITMOT=104"
    ])
  })

  it("sends one changeSpeed for both groups when they agree, and refuses a conflict", () => {
    expect(
      encode({
        ...base,
        publicTransport: { changeSpeed: "fast" },
        individualTransport: { speed: "fast", maxMinutes: 8 }
      })
    ).toBe(`${BASE}&ptOptionsActive=1&changeSpeed=fast&itOptionsActive=1&trITMOTvalue=8`)
    expect(encode({ ...base, publicTransport: { maxChanges: 1 }, individualTransport: { mode: "foot" } })).toBe(
      `${BASE}&ptOptionsActive=1&maxChanges=1&itOptionsActive=1&trITMOT=100`
    )
    expect(
      paths(encodeEither({ ...base, publicTransport: { changeSpeed: "fast" }, individualTransport: { speed: "slow" } }))
    ).toEqual(["individualTransport.speed"])
    expect(
      paths(encodeEither({ ...base, publicTransport: { changeSpeed: "slow" }, individualTransport: { mode: "foot" } }))
    ).toEqual(["individualTransport.speed"])
    expect(Schema.is(Trip.TripRequest)({ ...base, publicTransport: { changeSpeed: "slow" }, individualTransport: {} }))
      .toBe(true)
  })

  it("sends bicycle options", () => {
    expect(
      encode({
        ...base,
        bicycle: {
          routing: true,
          bikeAndRide: true,
          combination: "takeAlong",
          speed: 18,
          maxMinutes: 30,
          parkingMaxDistance: 500
        }
      })
    ).toBe(
      `${BASE}&calcBicycleMacro=on&brRoutingMacro=true&std3_bikeSettings=takealong&cycleSpeed=18&maxTimeBicycle=30` +
        "&parkingMaxDistance=500"
    )
    expect(encode({ ...base, bicycle: { combination: "toFirstStop" } })).toBe(`${BASE}&std3_bikeSettings=toFirstStop`)
    expect(encode({ ...base, bicycle: { combination: "fromLastStop" } })).toBe(`${BASE}&std3_bikeSettings=fromLastStop`)
  })

  it("sends park and ride options", () => {
    expect(encode({ ...base, parkAndRide: { routing: true, maxCarDistance: 20_000, maxCarMinutes: 25 } })).toBe(
      `${BASE}&prRoutingMacro=true&maxLengthCar=20000&maxTimeCar=25`
    )
  })

  it("keeps umlauts through the query string", () => {
    const request: Trip.TripRequest = {
      origin: Point.any("Böblingen"),
      destination: Point.any("Stuttgart, Schloßplatz")
    }
    const text = encode(request)
    expect(text).toBe(
      "type_origin=any&name_origin=B%C3%B6blingen&type_destination=any&name_destination=Stuttgart,+Schlo%C3%9Fplatz" +
        "&tripReductionMacro=1"
    )
    expect(decode(text)).toEqual(Either.right(request))
  })
})

describe("Trip request: itdTime as clients send it", () => {
  const at = (time: string) =>
    decode(`type_origin=any&name_origin=A&type_destination=any&name_destination=B&itdDate=20240715&itdTime=${time}`)
  it.each(["0830", "08:30", "8:30", "830", "08:30:00", "08:30:59", "0830h", "08:30h"])("%s is 08:30", (time) => {
    expect(Either.map(at(time), (r) => r.dateTime)).toEqual(Either.right(instant("2024-07-15T06:30:00Z")))
  })
  it.each(["8.30", "8h30", "8:30pm", "24:00", "0860", "08:30:60", "08:3", "083000", "0830hh", "h0830"])(
    "%s is refused at itdTime",
    (time) => {
      const result = at(time)
      expect(Either.isLeft(result)).toBe(true)
      if (Either.isLeft(result)) {
        expect(ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) => issue.path.join("."))).toEqual([
          "itdTime"
        ])
      }
    }
  )
})

describe("Trip request: decoding", () => {
  it("reads every group back", () => {
    const text = "type_origin=any&name_origin=Stuttgart+Hbf&type_destination=any&name_destination=de:08111:6008" +
      "&tripReductionMacro=1&type_via=any&name_via=Esslingen&dwellTime_via=0&itdDate=20240715&itdTime=08:30" +
      "&itdTripDateTimeDepArr=arr&calcNumberOfTrips=3&calcOneDirection=1&useRealtime=1&excludedMeans=checkbox" +
      "&exclMOT_5=0&exclMOT_7=false&includedMeans=checkbox&inclMOT_1&imparedOptionsActive=1&wheelchair" +
      "&lowPlatformVhcl=1&ptOptionsActive=1&itOptionsActive=1&changeSpeed=normal&routeType=leastwalking" +
      "&trITMOT=104&calcBicycleMacro=on&cycleSpeed=20&prRoutingMacro=true&maxTimeCar=12&outputFormat=JSON"
    expect(decode(text)).toEqual(
      Either.right({
        origin: Point.any("Stuttgart Hbf"),
        destination: Point.any("de:08111:6008"),
        via: { point: Point.any("Esslingen"), dwellMinutes: 0 },
        dateTime: instant("2024-07-15T06:30:00Z"),
        dateTimeRefersTo: "arrival",
        numberOfTrips: 3,
        oneDirection: true,
        realtime: true,
        modes: { excluded: [5, 7], included: [1] },
        mobility: { lowFloorVehicles: true, wheelchair: true },
        publicTransport: { changeSpeed: "normal", routeType: "leastWalking" },
        individualTransport: { speed: "normal", mode: "parkAndRide" },
        bicycle: { routing: true, speed: 20 },
        parkAndRide: { routing: true, maxCarMinutes: 12 }
      })
    )
  })

  it("folds excludedMeans=<MOT-ID> and includedMeans=<MOT-ID> into the lists", () => {
    expect(decode(`${BASE}&excludedMeans=4`)).toEqual(Either.right({ ...base, modes: { excluded: [4] } }))
    expect(decode(`${BASE}&excludedMeans=4&exclMOT_2=1&exclMOT_4=1`)).toEqual(
      Either.right({ ...base, modes: { excluded: [2, 4] } })
    )
    expect(decode(`${BASE}&includedMeans=9`)).toEqual(Either.right({ ...base, modes: { included: [9] } }))
    expect(decode(`${BASE}&excludedMeans=checkbox&includedMeans=checkbox`)).toEqual(Either.right(base))
  })

  it("names the parameters of a bad mode filter", () => {
    expect(paths(decode(`${BASE}&inclMOT_3=1`))).toEqual(["includedMeans"])
    expect(paths(decode(`${BASE}&excludedMeans=checkbox&exclMOT_x=1`))).toEqual(["exclMOT_x"])
    expect(paths(decode(`${BASE}&excludedMeans=bus`))).toEqual(["excludedMeans"])
    expect(issues(decode(`${BASE}&excludedMeans=5&includedMeans=checkbox&inclMOT_5=1`))).toEqual([
      { path: "inclMOT_5", message: "MOT-ID 5 is both included and excluded" }
    ])
    expect(paths(decode(`${BASE}&excludedMeans=5&includedMeans=5`))).toEqual(["includedMeans"])
  })

  it("refuses options whose activation parameter is missing, naming it", () => {
    expect(issues(decode(`${BASE}&wheelchair=1&noElevators`))).toEqual([
      { path: "imparedOptionsActive", message: "noElevators, wheelchair take effect only with imparedOptionsActive=1" }
    ])
    expect(paths(decode(`${BASE}&maxChanges=1`))).toEqual(["ptOptionsActive"])
    expect(paths(decode(`${BASE}&trITMOTvalue=10`))).toEqual(["itOptionsActive"])
    expect(paths(decode(`${BASE}&changeSpeed=fast`))).toEqual(["changeSpeed"])
    expect(decode(`${BASE}&imparedOptionsActive=1&ptOptionsActive=1&itOptionsActive=1`)).toEqual(Either.right(base))
  })

  it("gives changeSpeed to the active groups", () => {
    expect(decode(`${BASE}&ptOptionsActive=1&changeSpeed=slow`)).toEqual(
      Either.right({ ...base, publicTransport: { changeSpeed: "slow" } })
    )
    expect(decode(`${BASE}&itOptionsActive=1&changeSpeed=fast`)).toEqual(
      Either.right({ ...base, individualTransport: { speed: "fast" } })
    )
    expect(paths(decode(`${BASE}&ptOptionsActive=1&changeSpeed=50`))).toEqual(["changeSpeed"])
  })

  it("reads the wall-clock time in the zone, the missing spring hour as one hour later", () => {
    const at = (date: string, time: string) =>
      Either.map(decode(`${BASE}&itdDate=${date}&itdTime=${time}`), (request) => request.dateTime)
    expect(at("20240115", "1745")).toEqual(Either.right(instant("2024-01-15T16:45:00Z")))
    expect(at("20240331", "0230")).toEqual(Either.right(instant("2024-03-31T01:30:00Z")))
    expect(at("20241027", "0230")).toEqual(Either.right(instant("2024-10-27T00:30:00Z")))
  })

  it("accepts a query without tripReductionMacro and refuses other values of it", () => {
    expect(decode(BASE.replace("&tripReductionMacro=1", ""))).toEqual(Either.right(base))
    expect(issues(decode(BASE.replace("tripReductionMacro=1", "tripReductionMacro=0")))).toEqual([
      { path: "tripReductionMacro", message: "expected \"1\", got \"0\"" }
    ])
  })

  it("names each bad parameter", () => {
    const all = Schema.decodeUnknownEither(query, { errors: "all" })(
      fromQueryString("type_origin=station&name_origin=X&type_destination=any")
    )
    expect(new Set(paths(all))).toEqual(new Set(["type_origin", "name_destination"]))
    expect(paths(decode(`${BASE}&itdDate=20240715`))).toEqual(["itdTime"])
    expect(paths(decode(`${BASE}&itdTime=0830`))).toEqual(["itdDate"])
    expect(paths(decode(`${BASE}&itdDate=20240230&itdTime=0830`))).toEqual(["itdDate"])
    expect(paths(decode(`${BASE}&itdDate=20240715&itdTime=2460`))).toEqual(["itdTime"])
    expect(paths(decode(`${BASE}&dwellTime_via=5`))).toEqual(["dwellTime_via"])
    expect(paths(decode(`${BASE}&type_via=any`))).toEqual(["name_via"])
    expect(paths(decode(`${BASE}&name_via=Esslingen`))).toEqual(["type_via"])
    expect(paths(decode(`${BASE}&type_via=coord&name_via=48.7:9.3`))).toEqual(["name_via"])
    expect(paths(decode(`${BASE}&calcNumberOfTrips=2&calcNumberOfTrips=3`))).toEqual(["calcNumberOfTrips"])
    expect(paths(decode(`${BASE}&ptOptionsActive=1&lineRestriction=404`))).toEqual(["lineRestriction"])
    expect(paths(decode(`${BASE}&itOptionsActive=1&trITArrMOT=106`))).toEqual(["trITArrMOT"])
    expect(paths(decode(`${BASE}&calcBicycleMacro=1`))).toEqual(["calcBicycleMacro"])
    expect(paths(decode(`${BASE}&prRoutingMacro=1`))).toEqual(["prRoutingMacro"])
    expect(paths(decode(`${BASE}&itdTripDateTimeDepArr=later`))).toEqual(["itdTripDateTimeDepArr"])
  })

  it("reports every offending parameter at once", () => {
    expect(paths(decode(`${BASE}&dwellTime_via=5&itdDate=20240715&maxChanges=2`))).toEqual([
      "dwellTime_via",
      "itdTime",
      "ptOptionsActive"
    ])
  })

  it.prop(
    "decode(encode(request)) = request, through the query string",
    { request: Arbitraries.schema(Trip.TripRequest) },
    ({ request }) => {
      const text = toQueryString(Schema.encodeSync(query)(request))
      expect(Schema.decodeUnknownSync(query)(fromQueryString(text))).toEqual(request)
    },
    { fastCheck: { numRuns: propertyRuns(500) } }
  )

  it.prop(
    "arbitrary requests satisfy the model rules",
    { request: Arbitraries.schema(Trip.TripRequest) },
    ({ request }) => {
      expect(Schema.is(Trip.TripRequest)(request)).toBe(true)
      const { modes } = request
      if (modes !== undefined) {
        for (const list of [modes.excluded, modes.included]) {
          if (list !== undefined) expect(list).toEqual(Trip.normalizeMotIds(list))
        }
      }
    }
  )
})

const RESPONSE = `{
  "version": "10.4.18.18",
  "trips": [
    {
      "duration": 1980,
      "interchange": 1,
      "rating": 0,
      "legs": [
        {
          "duration": 840,
          "mode": { "name": "S-Bahn S1", "mot": 1, "number": "S1" },
          "origin": {
            "id": "de:08111:6118",
            "name": "Stuttgart Hauptbahnhof (tief)",
            "departureTimePlanned": "2024-07-15T06:32:00Z",
            "departureTimeEstimated": "2024-07-15T06:34:00Z",
            "coord": [48.784, 9.181]
          },
          "destination": {
            "id": "de:08111:6052",
            "name": "Stuttgart Schwabstraße",
            "arrivalTimePlanned": "2024-07-15T06:46:00Z",
            "arrivalTimeEstimated": "2024-07-15T06:48:00Z"
          },
          "realtimeStatus": "MONITORED",
          "isRealtimeControlled": true
        },
        {
          "mode": { "name": "Fußweg", "mot": 100 },
          "origin": {
            "id": "de:08111:6052",
            "name": "Stuttgart Schwabstraße",
            "departureTimePlanned": "2024-07-15T06:48:00Z"
          },
          "destination": { "id": "poi:1234", "name": "Westbahnhof", "arrivalTimePlanned": "2024-07-15T07:05:00+00:00" }
        }
      ]
    }
  ],
  "systemMessages": [{ "type": "warning", "module": "BROKER", "code": -10015, "text": "" }]
}`

const decodeResponse = (json: string) => Schema.decodeUnknownEither(Trip.TripResponse)(JSON.parse(json))
const firstPath = (result: Either.Either<unknown, ParseResult.ParseError>) => paths(result)[0]
const id = (value: string) => Point.LocationId.make(value)

describe("Trip response", () => {
  it("decodes trips, legs, instants and real-time fields, ignoring unknown fields", () => {
    expect(decodeResponse(RESPONSE)).toEqual(
      Either.right({
        trips: [
          {
            duration: 1980,
            interchange: 1,
            legs: [
              {
                mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
                origin: {
                  id: id("de:08111:6118"),
                  name: "Stuttgart Hauptbahnhof (tief)",
                  departureTimePlanned: instant("2024-07-15T06:32:00Z"),
                  departureTimeEstimated: instant("2024-07-15T06:34:00Z")
                },
                destination: {
                  id: id("de:08111:6052"),
                  name: "Stuttgart Schwabstraße",
                  arrivalTimePlanned: instant("2024-07-15T06:46:00Z"),
                  arrivalTimeEstimated: instant("2024-07-15T06:48:00Z")
                },
                realtimeStatus: "MONITORED",
                isRealtimeControlled: true,
                // an answer that does not say reads as not cancelled
                cancelled: false
              },
              {
                mode: { name: "Fußweg", mot: 100 },
                origin: {
                  id: id("de:08111:6052"),
                  name: "Stuttgart Schwabstraße",
                  departureTimePlanned: instant("2024-07-15T06:48:00Z")
                },
                destination: {
                  id: id("poi:1234"),
                  name: "Westbahnhof",
                  arrivalTimePlanned: instant("2024-07-15T07:05:00Z")
                },
                cancelled: false
              }
            ],
            cancelled: false
          }
        ],
        systemMessages: [{ type: "warning", module: "BROKER", code: -10015, text: "" }]
      })
    )
  })

  it("reads a missing trips field as no trips", () => {
    const decoded = decodeResponse(`{ "systemMessages": [{ "type": "error", "module": "BROKER", "code": -4000 }] }`)
    expect(decoded).toEqual(
      Either.right({ trips: [], systemMessages: [{ type: "error", module: "BROKER", code: -4000 }] })
    )
    expect(Either.map(decoded, Trip.operation.hasResult)).toEqual(Either.right(false))
    expect(Either.map(decodeResponse(RESPONSE), Trip.operation.hasResult)).toEqual(Either.right(true))
  })

  it("gives parse errors at the path of a malformed field", () => {
    const trip = JSON.parse(RESPONSE).trips[0]
    const withLeg = (patch: (leg: any) => void) => {
      const copy = structuredClone(trip)
      patch(copy.legs[0])
      return JSON.stringify({ trips: [copy] })
    }
    expect(firstPath(decodeResponse(withLeg((leg) => (leg.origin.departureTimePlanned = "2024-07-15T06:32:00")))))
      .toBe("trips.0.legs.0.origin.departureTimePlanned")
    expect(firstPath(decodeResponse(withLeg((leg) => (leg.destination.arrivalTimeEstimated = "soon")))))
      .toBe("trips.0.legs.0.destination.arrivalTimeEstimated")
    expect(firstPath(decodeResponse(withLeg((leg) => (leg.mode.mot = "1"))))).toBe("trips.0.legs.0.mode.mot")
    expect(firstPath(decodeResponse(withLeg((leg) => delete leg.origin.id)))).toBe("trips.0.legs.0.origin.id")
    expect(firstPath(decodeResponse(`{ "trips": [{ "duration": "1980", "interchange": 0, "legs": [] }] }`)))
      .toBe("trips.0.duration")
    expect(firstPath(decodeResponse(`{ "trips": [{ "duration": 60, "interchange": 0 }] }`))).toBe("trips.0.legs")
    expect(firstPath(decodeResponse(`{ "trips": {} }`))).toBe("trips")
    expect(Either.isLeft(decodeResponse(`[]`))).toBe(true)
  })
})

describe("Trip operation", () => {
  it("describes XML_TRIP_REQUEST2", () => {
    expect(Trip.operation.name).toBe("trip")
    expect(Trip.operation.path).toBe("XML_TRIP_REQUEST2")
    expect(Trip.operation.query({ timeZone: berlin })).toBe(query)
  })
})
