import { describe, expect, it } from "@effect/vitest"
import { Either, ParseResult, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { Point, StopFinder } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const encode = (request: StopFinder.StopFinderRequest) =>
  toQueryString(Schema.encodeSync(StopFinder.StopFinderQuery)(request))

const decodeQuery = (query: string) =>
  Schema.decodeUnknownEither(StopFinder.StopFinderQuery, { errors: "all" })(fromQueryString(query))

const issuesOf = (result: Either.Either<unknown, ParseResult.ParseError>) =>
  Either.isLeft(result)
    ? ParseResult.ArrayFormatter.formatErrorSync(result.left).map((issue) =>
      `${issue.path.join(".")}: ${issue.message}`
    )
    : []

describe("StopFinder request", () => {
  it("the input: text, an ID, a coordinate (longitude first)", () => {
    expect(encode({ input: Point.any("Stuttgart, Schloßplatz") })).toBe(
      "type_sf=any&name_sf=Stuttgart,+Schlo%C3%9Fplatz"
    )
    expect(encode({ input: Point.fromId(Schema.decodeSync(Point.LocationId)("de:08111:6118")) })).toBe(
      "type_sf=any&name_sf=de:08111:6118"
    )
    expect(encode({ input: Point.coord({ lat: 48.78377, lon: 9.18158 }) })).toBe(
      "type_sf=coord&name_sf=9.18158:48.78377:WGS84%5Bdd.ddddd%5D"
    )
  })

  it("a stop's ID goes out as type stop; stopID and platform read as stop, poi, address and street as any", () => {
    expect(encode({ input: Point.stop("de:08111:6118") })).toBe("type_sf=stop&name_sf=de:08111:6118")
    for (const type of ["stop", "stopID", "platform"]) {
      expect(decodeQuery(`type_sf=${type}&name_sf=de:08111:6118`)).toStrictEqual(
        Either.right({ input: Point.stop("de:08111:6118") })
      )
    }
    for (const type of ["poi", "address", "street"]) {
      expect(decodeQuery(`type_sf=${type}&name_sf=K%C3%B6nigstra%C3%9Fe`)).toStrictEqual(
        Either.right({ input: Point.any("Königstraße") })
      )
    }
    expect(new Set(issuesOf(decodeQuery("type_sf=gis&name_sf=x")).map((issue) => issue.split(":")[0]))).toEqual(
      new Set(["type_sf"])
    )
    expect(issuesOf(decodeQuery("type_sf=stop&name_sf=%20"))).toEqual(["name_sf: must not be empty"])
  })

  it("a flag sent as 0 is off, any other value is on", () => {
    const base = "type_sf=any&name_sf=Hbf"
    expect(decodeQuery(`${base}&doNotSearchForStops_sf=0`)).toStrictEqual(
      Either.right({ input: Point.any("Hbf") })
    )
    expect(decodeQuery(`${base}&doNotSearchForStops_sf=%200%20`)).toStrictEqual(
      Either.right({ input: Point.any("Hbf") })
    )
    for (const on of ["1", "", "true"]) {
      expect(decodeQuery(`${base}&doNotSearchForStops_sf=${on}`)).toStrictEqual(
        Either.right({ input: Point.any("Hbf"), skipNearbyStops: true })
      )
    }
  })

  it("search optimisation", () => {
    expect(
      encode({
        input: Point.any("Hbf"),
        maxResults: 20,
        resultSorter: "sorter1",
        perfectMatchOnly: true,
        houseNumberResolution: true,
        houseNumberList: true,
        localityMainStop: true,
        skipNearbyStops: true,
        minQuality: 50
      })
    ).toBe(
      "type_sf=any&name_sf=Hbf&anyMaxSizeHitList=20&anyResSort_sf=sorter1&anySigWhenPerfectNoOtherMatches=1" +
        "&locationInfoActive=1&useHouseNumberList_sf=1&useLocalityMainStop=1&doNotSearchForStops_sf=1&prMinQu=50"
    )
  })

  it("search criteria: object kinds as a bitmask, municipality, region, fallback", () => {
    expect(
      encode({
        input: Point.any("Markt"),
        objectKinds: ["stop", "poi"],
        municipality: "08111000",
        region: "VVS",
        retryWithoutMunicipality: true
      })
    ).toBe("type_sf=any&name_sf=Markt&anyObjFilter_sf=34&anyOmc_sf=08111000&regionID_sf=VVS&tryFurtherAnyWithoutLoc=1")
  })

  it("quality and ranking: prefStModeAm from MOT-IDs ([1, 2, 3, 4] is 30)", () => {
    expect(
      encode({
        input: Point.any("Marienplatz"),
        referencePoint: { lat: 48.78, lon: 9.18 },
        alwaysPreferKinds: ["locality"],
        preferKindsAmongBest: ["stop", "address"],
        preferModesAmongBest: [1, 2, 3, 4],
        alwaysPreferRegion: "R1",
        preferRegionAmongBest: "R2",
        relevanceWeight: 70,
        rankingMethod: "DISTANCEFROMCENTER"
      })
    ).toBe(
      "type_sf=any&name_sf=Marienplatz&coord=9.18:48.78:WGS84%5Bdd.ddddd%5D&objPrefAl=1&objPrefAm=10&prefStModeAm=30" +
        "&regPrefAl=R1&regPrefAm=R2&relInf=70&rMethod=DISTANCEFROMCENTER"
    )
  })

  it("false flags are not sent", () => {
    expect(encode({ input: Point.any("Hbf"), perfectMatchOnly: false, skipNearbyStops: false })).toBe(
      "type_sf=any&name_sf=Hbf"
    )
  })

  it("refuses out-of-range values and forbidden combinations before sending, naming the field", () => {
    const refused = (request: unknown) =>
      issuesOf(Schema.encodeEither(StopFinder.StopFinderQuery, { errors: "all" })(request as never))
    expect(refused({ input: Point.any("x"), minQuality: 101 })).toEqual([
      "minQuality: Expected a number between 0 and 100, actual 101"
    ])
    expect(refused({ input: Point.any("x"), relevanceWeight: -1 })[0]).toMatch(/^relevanceWeight: /)
    expect(refused({ input: Point.any("x"), rankingMethod: "DISTANCEFROMCENTER" })).toEqual([
      "referencePoint: rankingMethod DISTANCEFROMCENTER needs a referencePoint"
    ])
    expect(refused({ input: { _tag: "Any", value: "" } })[0]).toMatch(/^input\.value: /)
    expect(refused({ input: Point.coord({ lat: 91, lon: 9 }) }).join()).toMatch(
      /^input\.coord\.lat: .*between -90 and 90/
    )
  })

  it("decodes a query back, folding repeated and bare values as EFA reads them", () => {
    expect(decodeQuery("type_sf=any&name_sf=Hbf&anySigWhenPerfectNoOtherMatches&prefStModeAm=30&prMinQu=0")).toEqual(
      Either.right({
        input: Point.any("Hbf"),
        perfectMatchOnly: true,
        preferModesAmongBest: [1, 2, 3, 4],
        minQuality: 0
      })
    )
  })

  it("names every offending parameter of a bad query", () => {
    expect(
      issuesOf(
        decodeQuery("type_sf=coord&name_sf=148.7:9.1:WGS84%5Bdd.ddddd%5D&prMinQu=101&prMinQu=3&anyObjFilter_sf=128")
      )
    ).toEqual([
      "prMinQu: given 2 times; this parameter may appear only once",
      "anyObjFilter_sf: bitmask 128 has bits outside locality=1, stop=2, street=4, address=8, crossing=16, poi=32, postcode=64"
    ])
    expect(issuesOf(decodeQuery("type_sf=coord&name_sf=9.1:148.7:WGS84%5Bdd.ddddd%5D"))).toEqual([
      "name_sf: latitude 148.7 is outside -90..90 (the longitude comes first)"
    ])
    expect(issuesOf(decodeQuery("name_sf=Hbf"))[0]).toMatch(/^type_sf: /)
    expect(issuesOf(decodeQuery("type_sf=any&name_sf=Hbf&rMethod=DISTANCEFROMCENTER"))).toEqual([
      "coord: rMethod=DISTANCEFROMCENTER needs the reference point in coord"
    ])
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(StopFinder.StopFinderRequest)], ([request]) => {
    const query = Schema.encodeSync(StopFinder.StopFinderQuery)(request)
    const text = toQueryString(query)
    expect(Schema.decodeUnknownSync(StopFinder.StopFinderQuery)(fromQueryString(text))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(300) } })
})

describe("StopFinder response", () => {
  const decode = Schema.decodeUnknownEither(StopFinder.StopFinderResponse)

  it("decodes locations, defaults isBest, tolerates unknown fields", () => {
    const raw = {
      version: "10.6",
      locations: [
        {
          id: "de:08111:6118",
          name: "Stuttgart, Hauptbahnhof",
          type: "stop",
          isBest: true,
          matchQuality: 979,
          coord: { lat: 48.784081, lon: 9.181636 },
          productClasses: [1, 3],
          assignedStops: [{ id: "de:08111:6118", name: "Hauptbahnhof", distance: 12 }]
        },
        { id: "poi:07001", name: "Staatsgalerie", type: "poi", matchQuality: 227 }
      ],
      systemMessages: [{ type: "warning", module: "BROKER", code: -8011, text: "partial" }]
    }
    expect(decode(raw)).toEqual(
      Either.right({
        locations: [
          {
            id: "de:08111:6118",
            name: "Stuttgart, Hauptbahnhof",
            type: "stop",
            isBest: true,
            matchQuality: 979,
            coord: { lat: 48.784081, lon: 9.181636 },
            assignedStops: [{ id: "de:08111:6118", name: "Hauptbahnhof", distance: 12 }]
          },
          { id: "poi:07001", name: "Staatsgalerie", type: "poi", isBest: false, matchQuality: 227 }
        ],
        systemMessages: [{ type: "warning", module: "BROKER", code: -8011, text: "partial" }]
      })
    )
  })

  it("decodes streets, addresses, places, crossings and postcodes with their street, number, postcode and stops", () => {
    const raw = {
      locations: [
        {
          id: "addressID:1500000001:12:8111000",
          name: "Stuttgart, Königstraße 12",
          type: "singlehouse",
          matchQuality: 900,
          isBest: true,
          coord: { lat: 48.781491, lon: 9.180465 },
          parent: { id: "placeID:8111000:1", name: "Stuttgart", type: "locality" },
          streetName: "Königstraße",
          houseNumber: "12",
          postcode: "70173",
          assignedStops: [{ id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof", distance: 301, duration: 6 }]
        },
        {
          id: "addressID:1500000001:13:8111000",
          name: "Stuttgart, Königstraße 13",
          type: "singlehouse",
          matchQuality: 895,
          houseNumber: "13",
          interpolated: true
        },
        {
          id: "postcodeID:70173:8111000",
          name: "70173 Stuttgart",
          type: "postcode",
          matchQuality: 920,
          postcode: "70173"
        },
        { id: "suburbID:8111000:6", name: "Stuttgart-Bad Cannstatt", type: "suburb", matchQuality: 913 },
        {
          id: "crossingID:1:2:8111000",
          name: "Stuttgart, Königstraße / Schulstraße",
          type: "crossing",
          matchQuality: 913
        }
      ]
    }
    const decoded = Either.getOrThrow(decode(raw))
    expect(decoded.locations[0]).toEqual({ ...raw.locations[0], isBest: true })
    expect(decoded.locations[1]).toMatchObject({ houseNumber: "13", interpolated: true })
    expect(decoded.locations.map(StopFinder.kindOf)).toEqual(["address", "address", "postcode", "locality", "crossing"])
    // a postcode is trimmed text
    expect(Either.isLeft(decode({ locations: [{ ...raw.locations[2], postcode: " 70173" }] }))).toBe(true)
  })

  it("kindOf: the object kind whichever dialect named it; rapidJSON's unknown with a postcode is a postcode", () => {
    expect(StopFinder.kindOf({ type: "address" })).toBe("address")
    expect(StopFinder.kindOf({ type: "street", streetName: "Königstraße" })).toBe("street")
    expect(StopFinder.kindOf({ type: "unknown", postcode: "70173" })).toBe("postcode")
    expect(StopFinder.kindOf({ type: "unknown", postcode: "70173", streetName: "Königstraße" })).toBeUndefined()
    expect(StopFinder.kindOf({ type: "unknown" })).toBeUndefined()
    expect(StopFinder.kindOf({ type: "platform" })).toBeUndefined()
  })

  it("Point.fromLocation: a stop by its stop ID, a verified coordinate as a coordinate, any other place by its ID", () => {
    expect(Point.fromLocation({ id: "de:08111:6118", type: "stop" })).toEqual(Point.stop("de:08111:6118"))
    expect(Point.fromLocation({ id: "addressID:1500000001:12:8111000", type: "singlehouse" }))
      .toEqual(Point.any("addressID:1500000001:12:8111000"))
    expect(Point.fromLocation({ id: "placeID:8111000:1", type: "locality" })).toEqual(Point.any("placeID:8111000:1"))
    expect(Point.fromLocation({ id: "9.181636:48.784081:WGS84[dd.ddddd]", type: "unknown" }))
      .toEqual(Point.coord({ lat: 48.784081, lon: 9.181636 }))
    // an unknown place whose ID is no coordinate is named by its ID
    expect(Point.fromLocation({ id: "postcodeID:70173:8111000", type: "unknown" }))
      .toEqual(Point.any("postcodeID:70173:8111000"))
  })

  it("a missing locations field reads as no locations", () => {
    expect(decode({ systemMessages: [{ type: "error", code: -8012 }] })).toEqual(
      Either.right({ locations: [], systemMessages: [{ type: "error", code: -8012 }] })
    )
  })

  it("refuses malformed locations with the path", () => {
    const bad = decode({ locations: [{ id: "a", name: "A", type: "stop", matchQuality: "high" }] })
    expect(issuesOf(bad)).toEqual(["locations.0.matchQuality: Expected number, actual \"high\""])
    expect(
      Either.isLeft(decode({ locations: [{ id: "a", name: "A", type: "stop", matchQuality: 1, coord: [48, 9] }] }))
    )
      .toBe(true)
  })

  it("best: the location marked isBest, else the highest matchQuality", () => {
    const location = (id: string, matchQuality: number, isBest = false) =>
      ({ id, name: id, type: "stop", isBest, matchQuality }) as StopFinder.Location
    expect(StopFinder.best({ locations: [location("a", 10), location("b", 5, true)] })?.id).toBe("b")
    expect(StopFinder.best({ locations: [location("a", 10), location("b", 500)] })?.id).toBe("b")
    expect(StopFinder.best({ locations: [] })).toBeUndefined()
  })

  it.prop(
    "encode then decode gives a response back",
    [Arbitraries.make(StopFinder.StopFinderResponse)],
    ([response]) => {
      // compared as JSON text, which is what travels: -0 becomes 0 on the way
      const text = JSON.stringify(Schema.encodeSync(StopFinder.StopFinderResponse)(response))
      const decoded = Schema.decodeUnknownSync(StopFinder.StopFinderResponse)(JSON.parse(text))
      expect(JSON.stringify(Schema.encodeSync(StopFinder.StopFinderResponse)(decoded))).toBe(text)
    },
    { fastCheck: { numRuns: propertyRuns(100) } }
  )
})
