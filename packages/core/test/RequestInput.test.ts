import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Either, FastCheck as fc } from "effect"
import * as Arbitraries from "../src/Arbitraries.js"
import {
  Coord,
  CoordInfo,
  EfaClient,
  GeoObject,
  Operation,
  OperationClient,
  Operations,
  Point,
  ServingLines,
  StopFinder,
  Trip
} from "../src/index.js"

// The client's runner, whose `url` answers at once (the client's loads the operation first).
const runner = OperationClient.make({ baseUrl: "http://efa.test/" }).pipe(
  Effect.provide(FetchHttpClient.layer),
  Effect.scoped,
  Effect.runSync
)
const client = {
  url: <Name extends keyof EfaClient.Requests>(name: Name, request: EfaClient.Requests[Name]) =>
    runner.url<Operation.Any>(Operations.all[name], request)
}

// The query parameters a request is sent with (the client's own URL, nothing is sent).
const sent = <Name extends keyof EfaClient.Requests>(name: Name, request: EfaClient.Requests[Name]) =>
  Either.map(client.url(name, request), (url) => new Map(Operation.fromQueryString(new URL(url).search)))

const params = <Name extends keyof EfaClient.Requests>(name: Name, request: EfaClient.Requests[Name]) =>
  Either.getOrThrow(sent(name, request))

const issues = <Name extends keyof EfaClient.Requests>(name: Name, request: unknown) => {
  const url = client.url(name, request as EfaClient.Requests[Name])
  if (Either.isRight(url)) throw new Error(`expected ${name} to refuse the request, got ${url.right}`)
  return url.left.issues
}

const trip = { origin: Point.any("Stuttgart Hbf"), destination: Point.any("Böblingen") }
const line = "vvs:10001::H"

describe("times as people write them", () => {
  const sentTime = (dateTime: EfaClient.Requests["trip"]["dateTime"]) => {
    const p = params("trip", { ...trip, ...(dateTime === undefined ? {} : { dateTime }) })
    return p.has("itdDate") ? `${p.get("itdDate")} ${p.get("itdTime")}` : "now"
  }

  it("a Date with seconds is truncated to its minute, in the deployment's zone", () => {
    expect(sentTime(new Date("2026-03-02T07:30:59.999Z"))).toBe("20260302 0830")
    expect(sentTime(new Date(Date.UTC(2026, 6, 1, 23, 59, 1)))).toBe("20260702 0159")
  })

  it("new Date() is sent as the current minute", () => {
    const before = DateTime.unsafeNow()
    const p = params("trip", { ...trip, dateTime: new Date() })
    const after = DateTime.unsafeNow()
    const time = p.get("itdTime")
    const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
    const minute = (dt: DateTime.Utc) => DateTime.formatIsoZoned(DateTime.setZone(dt, berlin)).slice(11, 16)
    expect([minute(before), minute(after)].map((hhmm) => hhmm.replace(":", ""))).toContain(time)
  })

  it("takes UTC and zoned DateTimes, and ISO strings with Z or an offset", () => {
    expect(sentTime(DateTime.unsafeMake("2026-03-02T07:30:42Z"))).toBe("20260302 0830")
    expect(sentTime(DateTime.unsafeMakeZoned("2026-03-02T16:30:10+09:00", { timeZone: "Asia/Tokyo" }))).toBe(
      "20260302 0830"
    )
    expect(sentTime("2026-03-02T07:30:00Z")).toBe("20260302 0830")
    expect(sentTime("2026-03-02T08:30:30+01:00")).toBe("20260302 0830")
    expect(sentTime(undefined)).toBe("now")
  })

  it("refuses what names no time, saying why", () => {
    expect(issues("trip", { ...trip, dateTime: "2026-03-02T07:30" })).toEqual([
      { field: "dateTime", message: "\"2026-03-02T07:30\" has no time zone: add Z or an offset such as +01:00" }
    ])
    expect(issues("trip", { ...trip, dateTime: "tomorrow" })[0]?.message).toMatch(/not an ISO 8601 time/)
    expect(issues("trip", { ...trip, dateTime: new Date("never") })[0]?.message).toBe("the Date is invalid")
    expect(issues("trip", { ...trip, dateTime: 1 })[0]?.message).toMatch(/^expected a time: a DateTime, a Date/)
  })
})

describe("sets in any order, with repeats", () => {
  it("trip modes", () => {
    const p = params("trip", { ...trip, modes: { excluded: [5, 4, 5], included: [7, 0] } })
    expect([...p.keys()].filter((key) => /MOT_/.test(key))).toEqual([
      "exclMOT_4",
      "exclMOT_5",
      "inclMOT_0",
      "inclMOT_7"
    ])
    expect(params("trip", { ...trip, modes: { excluded: [4, 5] } })).toEqual(
      params("trip", { ...trip, modes: { excluded: [5, 4, 4] } })
    )
  })

  it("stop-finder object kinds and modes", () => {
    const p = params("stopFinder", {
      input: Point.any("Stuttgart"),
      objectKinds: ["poi", "stop", "poi"],
      alwaysPreferKinds: ["stop", "locality"],
      preferModesAmongBest: [3, 1, 3]
    })
    expect(p.get("anyObjFilter_sf")).toBe("34")
    expect(p.get("objPrefAl")).toBe("3")
    expect(p.get("prefStModeAm")).toBe("10")
  })

  it("line types, excluded modes and parking kinds", () => {
    const lines = params("servingLines", {
      ...ServingLines.byStop(Point.any("de:08111:6118")),
      lineTypes: ["ROB", "STT", "ROB"],
      excludedModes: [5, 1]
    })
    expect(lines.get("lineReqType")).toBe("10")
    expect([...lines.keys()].filter((key) => key.startsWith("exclMOT_"))).toEqual(["exclMOT_1", "exclMOT_5"])
    expect(params("geoObject", { line, lineTypes: ["StationTT", "STT"] }).get("lineReqType")).toBe("18")
    const coords = params("coordInfo", {
      searchSpace: CoordInfo.circle({ lat: 48.78, lon: 9.18 }),
      filters: [{ type: "STOP" }],
      parkingObjectTypes: ["zone", "carPark", "zone"]
    })
    expect(coords.get("parkingObjectType")).toBe("9")
  })
})

describe("bounding boxes in either corner order", () => {
  const northWest = { lat: 48.8, lon: 9.1 }
  const southEast = { lat: 48.7, lon: 9.3 }
  const northEast = { lat: 48.8, lon: 9.3 }
  const southWest = { lat: 48.7, lon: 9.1 }
  const corners = (p: Map<string, string>, prefix: string) => [p.get(`${prefix}LU`), p.get(`${prefix}RL`)]
  const expected = ["9.1:48.8:WGS84[dd.ddddd]", "9.3:48.7:WGS84[dd.ddddd]"]

  it("the coordinate search sends any two opposite corners as north-west and south-east", () => {
    for (
      const [a, b] of [[northWest, southEast], [southEast, northWest], [northEast, southWest], [southWest, northEast]]
    ) {
      const written = { searchSpace: CoordInfo.boundingBox(a!, b!), filters: [{ type: "STOP" }] } as const
      expect(corners(params("coordInfo", written), "boundingBox")).toEqual(expected)
      const literal = {
        searchSpace: { _tag: "BoundingBox", upperLeft: a!, lowerRight: b! },
        filters: [{ type: "STOP" }],
        parkingBox: { upperLeft: a!, lowerRight: b! }
      } as const
      expect(corners(params("coordInfo", literal), "boundingBox")).toEqual(expected)
      expect(corners(params("coordInfo", literal), "parkingBB")).toEqual(expected)
    }
  })

  it("the line-geometry search does the same", () => {
    for (
      const [a, b] of [[northWest, southEast], [southEast, northWest], [northEast, southWest], [southWest, northEast]]
    ) {
      const p = params("geoObject", { line, boundingBox: { upperLeft: a!, lowerRight: b! } })
      expect(corners(p, "boundingBox")).toEqual(expected)
    }
  })

  it("the models hold the ordered corners", () => {
    expect(GeoObject.BoundingBox.pipe((s) => s.ast._tag)).toBe("Refinement")
    expect(CoordInfo.boundingBox(southEast, northWest)).toEqual({
      _tag: "BoundingBox",
      upperLeft: northWest,
      lowerRight: southEast
    })
  })
})

describe("messages of refused requests", () => {
  // Schema names, filter names and Effect's internal type names are not the user's words.
  const jargon = /Expected [A-Z][A-Za-z]+\b(?![a-z ])|FromSelf|Refinement|Transformation|\{ readonly/

  const refused: ReadonlyArray<readonly [keyof EfaClient.Requests, unknown]> = [
    ["trip", { origin: "Stuttgart", destination: Point.any("Böblingen") }],
    ["trip", { ...trip, dateTime: DateTime.unsafeMake(0).pipe(DateTime.toDateUtc).toISOString().slice(0, 16) }],
    ["trip", { ...trip, dateTimeRefersTo: "later", numberOfTrips: 0 }],
    ["trip", { ...trip, modes: { excluded: [-1, 2.5] } }],
    ["trip", { ...trip, publicTransport: { changeSpeed: "quick", routeType: "scenic" } }],
    ["trip", { ...trip, via: { point: 12 } }],
    ["stopFinder", { input: Point.any(""), objectKinds: ["bus"] }],
    ["stopFinder", { input: Point.coord({ lat: 100, lon: 9 }), rankingMethod: "DISTANCEFROMCENTER" }],
    ["coordInfo", { searchSpace: { _tag: "Square" }, filters: [] }],
    ["coordInfo", { searchSpace: CoordInfo.circle({ lat: 0, lon: 0 }), filters: [{ type: "STOP", includeMots: [] }] }],
    ["geoObject", { line: "vvs:10001::", lineTypes: ["tram"] }],
    ["servingLines", { ...ServingLines.byStop(Point.any("x")), excludedModes: [] }],
    ["addInfo", { publicationStatus: "x" }],
    ["vehicleDetail", { vehicle: {} }],
    ["trip", null],
    ["trip", { ...trip, mobility: "wheelchair", bicycle: { speed: 0 } }],
    ["geoObject", { line: "vvs:1" }],
    ["geoObject", { line, date: "2024-13-01" }],
    ["stopFinder", { input: Point.any("a"), preferModesAmongBest: [31], referencePoint: "Stuttgart" }],
    ["coordInfo", { searchSpace: "Stuttgart", filters: [{ type: "NOPE" }] }]
  ]

  it("speak of the field and the rule, never of schema type names", () => {
    for (const [name, request] of refused) {
      for (const issue of issues(name, request)) {
        if (request !== null) expect(issue.field, `${name}: ${issue.message}`).not.toBe("(request)")
        expect(issue.message, `${name}.${issue.field}`).not.toMatch(jargon)
      }
    }
  })

  it("say an object was expected where a value of another kind came", () => {
    expect(issues("trip", null)).toEqual([{ field: "(request)", message: "expected an object, got null" }])
    expect(issues("trip", { ...trip, via: 12 })).toEqual([{ field: "via", message: "expected an object, got 12" }])
  })

  it("say that a list may not be empty", () => {
    expect(issues("coordInfo", { searchSpace: CoordInfo.circle({ lat: 48.78, lon: 9.18 }), filters: [] })).toEqual([
      { field: "filters", message: "must not be empty: leave the field out instead" }
    ])
  })

  it("give the choices of a list of names on one line", () => {
    expect(issues("trip", { ...trip, dateTimeRefersTo: "later" })).toEqual([
      { field: "dateTimeRefersTo", message: "expected one of \"departure\", \"arrival\", got \"later\"" }
    ])
    expect(issues("coordInfo", { searchSpace: { _tag: "Square" }, filters: [{ type: "STOP" }] })).toEqual([
      { field: "searchSpace._tag", message: "expected one of \"Circle\", \"BoundingBox\", got \"Square\"" }
    ])
    expect(issues("servingLines", { mode: "line" })).toEqual([
      { field: "_tag", message: "is missing: make this value with its module's constructors" }
    ])
    expect(issues("trip", { origin: "Stuttgart", destination: Point.any("b") })).toEqual([
      {
        field: "origin",
        message: "expected a point made with Point.any, Point.fromId, Point.stop or Point.coord, got \"Stuttgart\""
      }
    ])
  })
})

describe("any way of writing a request sends the canonical one", () => {
  // A list written backwards with its first item repeated.
  const scrambled = <A>(list: ReadonlyArray<A> | undefined) =>
    list === undefined || list.length === 0 ? list : [...list].reverse().concat([list[0]!])
  const swapped = <B extends { readonly upperLeft: unknown; readonly lowerRight: unknown }>(box: B | undefined) =>
    box === undefined ? box : { ...box, upperLeft: box.lowerRight, lowerRight: box.upperLeft }
  const defined = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

  const same = <Name extends keyof EfaClient.Requests>(
    name: Name,
    canonical: EfaClient.Requests[Name],
    written: unknown
  ) => expect(client.url(name, written as EfaClient.Requests[Name])).toStrictEqual(client.url(name, canonical))

  it.prop(
    "trip: a Date with seconds, modes backwards with repeats",
    [Arbitraries.make(Trip.TripRequest), fc.integer({ min: 0, max: 59_999 })],
    ([request, millis]) => {
      same("trip", request, {
        ...request,
        ...(request.dateTime === undefined
          ? {}
          : { dateTime: new Date(DateTime.toEpochMillis(request.dateTime) + millis) }),
        ...(request.modes === undefined
          ? {}
          : {
            modes: defined({ excluded: scrambled(request.modes.excluded), included: scrambled(request.modes.included) })
          })
      })
    },
    { fastCheck: { numRuns: 200 } }
  )

  it.prop(
    "stop finder: kinds and modes backwards with repeats",
    [Arbitraries.make(StopFinder.StopFinderRequest)],
    ([r]) => {
      same("stopFinder", r, {
        ...r,
        ...defined({
          objectKinds: scrambled(r.objectKinds),
          alwaysPreferKinds: scrambled(r.alwaysPreferKinds),
          preferKindsAmongBest: scrambled(r.preferKindsAmongBest),
          preferModesAmongBest: scrambled(r.preferModesAmongBest)
        })
      })
    }
  )

  it.prop(
    "coordinate search: boxes swapped, parking kinds backwards",
    [Arbitraries.make(CoordInfo.CoordInfoRequest)],
    ([r]) => {
      same("coordInfo", r, {
        ...r,
        searchSpace: r.searchSpace._tag === "BoundingBox" ? swapped(r.searchSpace) : r.searchSpace,
        ...defined({
          parkingBox: swapped(r.parkingBox),
          parkingObjectTypes: Array.isArray(r.parkingObjectTypes)
            ? scrambled(r.parkingObjectTypes)
            : r.parkingObjectTypes
        })
      })
    }
  )

  it.prop("line geometry: box swapped, line types backwards", [Arbitraries.make(GeoObject.GeoObjectRequest)], ([r]) => {
    same("geoObject", r, {
      ...r,
      ...defined({ boundingBox: swapped(r.boundingBox), lineTypes: scrambled(r.lineTypes) })
    })
  })

  it.prop(
    "serving lines: line types and modes backwards",
    [Arbitraries.make(ServingLines.ServingLinesRequest)],
    ([r]) => {
      same("servingLines", r, {
        ...r,
        ...defined({ lineTypes: scrambled(r.lineTypes), excludedModes: scrambled(r.excludedModes) })
      })
    }
  )
})

describe("one rule for empty lists, in every operation", () => {
  const rule = "must not be empty: leave the field out instead"
  const circle = CoordInfo.circle(Coord.make(48.78, 9.18))
  const cases: ReadonlyArray<readonly [keyof EfaClient.Requests, unknown, string]> = [
    ["trip", { ...trip, modes: { excluded: [] } }, "modes.excluded"],
    ["trip", { ...trip, modes: { included: [] } }, "modes.included"],
    ["stopFinder", { input: Point.any("a"), objectKinds: [] }, "objectKinds"],
    ["stopFinder", { input: Point.any("a"), preferModesAmongBest: [] }, "preferModesAmongBest"],
    ["servingLines", { _tag: "ByLineName", lineName: "S1", lineTypes: [] }, "lineTypes"],
    ["coordInfo", { searchSpace: circle, filters: [] }, "filters"],
    ["coordInfo", { searchSpace: circle, filters: [{ type: "STOP", radius: 5, modes: [] }] }, "filters.0.modes"],
    ["addInfo", { modes: [] }, "modes"],
    ["addInfo", { lines: [] }, "lines"]
  ]

  it.each(cases.map(([name, request, field]) => [`${name} ${field}`, name, request, field] as const))(
    "%s: an empty list is refused, naming the field",
    (_, name, request, field) => {
      expect(issues(name, request)).toEqual([{ field, message: rule }])
    }
  )
})
