import { describe, expect, it } from "@effect/vitest"
import { fromGrid, toGrid } from "../src/rapidJson/coords.js"
import { call, dataset, fake, type Params } from "./helpers.js"

// What real EFA servers answer to outputFormat=rapidJSON, checked on the fake: each rule in its own test.

const server = fake()
const strict = fake({ strict: true })
const HBF = "de:08111:6118"
const HBF_COORD = "9.181636:48.784081:WGS84[dd.ddddd]"
const WGS84 = { outputFormat: "rapidJSON", coordOutputFormat: "WGS84[dd.ddddd]" }

const requests: ReadonlyArray<readonly [string, string, Record<string, string>]> = [
  ["trip", "/XML_TRIP_REQUEST2", {
    type_origin: "any",
    name_origin: HBF,
    type_destination: "any",
    name_destination: "de:08116:7720"
  }],
  ["coordInfo", "/XML_COORD_REQUEST", {
    coord: HBF_COORD,
    inclFilter: "1",
    type_0: "STOP",
    radius_0: "1000",
    type_1: "POI_POINT",
    radius_1: "1000",
    type_2: "ANY",
    radius_2: "300"
  }],
  ["vehicleDetail", "/XML_COORD_REQUEST", {
    coordReqType: "VEHICLEDETAIL",
    vehDetail: "1",
    vehSM: "ID",
    SharingRefId: "SN-501:sharenow:sn-stuttgart"
  }],
  ["stopFinder", "/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: "Hauptbahnhof" }],
  ["servingLines", "/XML_SERVINGLINES_REQUEST", { mode: "odv", lineReqType: "0", type_sl: "any", name_sl: HBF }],
  ["addInfo", "/XML_ADDINFO_REQUEST", {}],
  ["opArea", "/XML_OPAREA_REQUEST", { opareaSM: "ALL", operatingZoneGeometry: "1" }],
  ["geoObject", "/XML_GEOOBJECT_REQUEST", { line: "vvs:10001: :H" }]
]

const rapid = (path: string, params: Params, on = server) =>
  call(on, path, { ...WGS84, ...(params as Record<string, string>) })

// Every value under `key` anywhere in a document.
const valuesAt = (document: unknown, key: string): Array<unknown> => {
  const out: Array<unknown> = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k === key) out.push(v)
        walk(v)
      }
    }
  }
  walk(document)
  return out
}

describe("rapidJSON as real servers write it", () => {
  it.each(requests)(
    "%s: a top-level version and systemMessages, instants without fractions",
    async (_, path, params) => {
      const { json, status, text } = await rapid(path, params)
      expect(status).toBe(200)
      expect(json.version).toBe("10.2.10.139")
      expect(json.serverInfo).toMatchObject({ controllerVersion: "10.2.10.139", serverID: "efa-mock-server" })
      expect(Array.isArray(json.systemMessages)).toBe(true)
      expect(text).not.toMatch(/T\d\d:\d\d:\d\d\.\d+Z/)
    }
  )

  it("names its profile's pinned version", async () => {
    const { json } = await call(fake({ profile: "tfnsw" }), "/XML_STOPFINDER_REQUEST", {
      ...WGS84,
      type_sf: "any",
      name_sf: "Hauptbahnhof"
    }, { headers: { authorization: "apikey local" } })
    expect(json.version).toBe("10.2.1.42")
  })

  it("writes instants as YYYY-MM-DDTHH:MM:SSZ", async () => {
    const { json } = await rapid("/XML_TRIP_REQUEST2", requests[0]![2])
    const leg = json.journeys[0].legs[0]
    expect(leg.origin.departureTimePlanned).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(leg.destination.arrivalTimePlanned).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it.each(requests)("%s: every location type is one of the Mentz enum", async (_, path, params) => {
    const enumTypes = [
      "address",
      "crossing",
      "gis",
      "locality",
      "platform",
      "poi",
      "suburb",
      "stop",
      "street",
      "poiHierarchy",
      "sharing",
      "parking",
      "unknown"
    ]
    const { json } = await rapid(path, params)
    const places = [
      ...(json.locations ?? []),
      ...valuesAt(json, "origin"),
      ...valuesAt(json, "destination"),
      ...valuesAt(json, "parent")
    ]
    for (const place of places as Array<any>) {
      if (place?.type !== undefined) expect(enumTypes).toContain(place.type)
    }
  })

  it("a coordinate in the stop finder is of type unknown, sharing vehicles of type sharing", async () => {
    const byCoord = await rapid("/XML_STOPFINDER_REQUEST", {
      type_sf: "coord",
      name_sf: HBF_COORD,
      doNotSearchForStops_sf: "1"
    })
    expect(byCoord.json.locations[0].type).toBe("unknown")
    const near = await rapid("/XML_COORD_REQUEST", {
      coord: HBF_COORD,
      inclFilter: "1",
      type_0: "ANY",
      radius_0: "1500"
    })
    const types = new Set(near.json.locations.map((l: any) => l.type))
    expect(types).toContain("sharing")
    expect(types).not.toContain("SHARING_VEHICLE")
  })
})

describe("rich objects from the dataset, the same in every operation", () => {
  it("journeys have rating and isAdditional; legs a duration; rides' ends are platforms, the stop as parent", async () => {
    const { json } = await rapid("/XML_TRIP_REQUEST2", requests[0]![2])
    const journey = json.journeys[0]
    expect(journey).toMatchObject({ rating: 0, isAdditional: false })
    const leg = journey.legs[0]
    expect(leg.duration).toBe(
      (Date.parse(leg.destination.arrivalTimePlanned) - Date.parse(leg.origin.departureTimePlanned)) / 1000
    )
    expect(leg.origin).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${HBF}:1:\\d+$`)),
      type: "platform",
      isGlobalId: true,
      coord: [48.784081, 9.181636],
      parent: {
        id: HBF,
        type: "stop",
        disassembledName: "Hauptbahnhof",
        parent: { id: "placeID:8111000:1", name: "Stuttgart", type: "locality" }
      }
    })
    expect(leg.origin.properties.platform).toMatch(/^\d+$/)
    expect(leg.origin.disassembledName).toBe(leg.origin.properties.stoppingPointPlanned)
    // every stop of its sequence at its platform too, as recorded rides are
    expect(leg.stopSequence.length).toBeGreaterThan(1)
    for (const stop of leg.stopSequence) {
      expect(stop.type).toBe("platform")
      expect(stop.id).toBe(`${stop.parent.id}:1:${stop.properties.stoppingPointPlanned}`)
    }
    // the ride's path: the line's geometry from the platform to the platform
    expect(leg.coords.length).toBeGreaterThan(2)
    expect(leg.coords[0]).toEqual(leg.origin.coord)
    expect(journey.daysOfService.rvb).toMatch(/^[0-9A-F]+$/)
    expect(leg.transportation).toMatchObject({
      id: "vvs:10002: :R:",
      number: "S2",
      product: { class: 1, name: "S-Bahn" },
      operator: { id: "DBR" },
      destination: { type: "stop" }
    })
    expect(leg.transportation.destination.id).toMatch(/^de:/)
  })

  it("the same line direction leaves from the same platform in every journey", async () => {
    const { json } = await rapid("/XML_TRIP_REQUEST2", { ...requests[0]![2], calcNumberOfTrips: "6" })
    const platforms = new Map<string, Set<string>>()
    for (const leg of json.journeys.flatMap((j: any) => j.legs)) {
      const key = `${leg.origin.id} ${leg.transportation.id}`
      platforms.set(key, (platforms.get(key) ?? new Set()).add(leg.origin.properties?.platform))
    }
    for (const seen of platforms.values()) expect(seen.size).toBe(1)
  })

  it("a stop has the same id, names, coordinate, parent and product classes in every operation", async () => {
    const stopFinder = (await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: HBF })).json.locations[0]
    const coordInfo = (await rapid("/XML_COORD_REQUEST", {
      coord: HBF_COORD,
      inclFilter: "1",
      type_1: "STOP",
      radius_1: "100"
    })).json.locations.find((l: any) => l.id === HBF)
    // a ride's end is its platform: the stop is its parent
    const legEnd = (await rapid("/XML_TRIP_REQUEST2", requests[0]![2])).json.journeys[0].legs[0].origin.parent
    const onLine = (await rapid("/XML_GEOOBJECT_REQUEST", { line: "vvs:10001: :H" })).json.transportations[0]
      .locationSequence.find((l: any) => l.id === HBF)
    const notice = (await rapid("/XML_ADDINFO_REQUEST", { filterPublicationStatus: "history" })).json.infos.affected
      .stops.find((s: any) => s.id === HBF)
    const fields = ["id", "name", "disassembledName", "type", "coord", "parent", "productClasses", "isGlobalId"]
    const pick = (place: any) => Object.fromEntries(fields.map((f) => [f, place?.[f]]))
    const expected = pick(stopFinder)
    expect(expected.parent).toEqual({ id: "placeID:8111000:1", name: "Stuttgart", type: "locality" })
    expect(expected.productClasses).toEqual([1, 3, 13])
    for (const place of [coordInfo, legEnd, onLine, notice]) expect(pick(place)).toEqual(expected)
    expect(stopFinder.properties).toMatchObject({ stopId: HBF })
  })

  it("coordinate-search hits have a parent and properties.distance", async () => {
    const { json } = await rapid("/XML_COORD_REQUEST", requests[1]![2])
    const stops = json.locations.filter((l: any) => l.type === "stop")
    expect(stops.length).toBeGreaterThan(0)
    for (const hit of stops) {
      expect(hit.parent.type).toBe("locality")
      expect(typeof hit.properties.distance).toBe("number")
    }
    const poi = json.locations.find((l: any) => l.type === "poi")
    expect(poi.parent.type).toBe("locality")
  })

  it("serving lines have their destination stop with id and type, and 5-part ids", async () => {
    const { json } = await rapid("/XML_SERVINGLINES_REQUEST", requests[4]![2])
    expect(json.lines.length).toBeGreaterThan(0)
    for (const line of json.lines) {
      expect(line.id.split(":")).toHaveLength(5)
      expect(line.destination).toMatchObject({ type: "stop", id: expect.stringMatching(/^de:/) })
      expect(line.product.class).toBe(line.product.id)
    }
  })

  it("notices have version, timestamps, providerCode, 5-part line ids, and the infos.affected table", async () => {
    const { json } = await rapid("/XML_ADDINFO_REQUEST", {})
    const notices = [...json.infos.current, ...json.infos.historic]
    expect(json.infos.historic).toEqual([])
    expect(notices.length).toBeGreaterThan(0)
    for (const info of notices) {
      expect(info.version).toBe(1)
      expect(info.timestamps).toMatchObject({ creation: expect.any(String), availability: expect.any(Object) })
      expect(info.providerCode).toBe(dataset.notices.find((n) => n.id === info.id)?.provider)
      for (const line of info.affected?.lines ?? []) expect(line.id.split(":")).toHaveLength(5)
    }
    const lineIds = json.infos.affected.lines.map((line: any) => line.id)
    expect(lineIds).toContain("vvs:10001: :H:")
    expect(json.infos.affected.lines.find((l: any) => l.id === "vvs:10001: :H:")).toMatchObject({ number: "S1" })
  })
})

describe("requests read as real servers read them", () => {
  it("coordinate-search filter blocks numbered from 1 answer as those numbered from 0", async () => {
    const fromOne = await rapid("/XML_COORD_REQUEST", {
      coord: HBF_COORD,
      inclFilter: "1",
      type_1: "STOP",
      radius_1: "1000"
    })
    const fromZero = await rapid("/XML_COORD_REQUEST", {
      coord: HBF_COORD,
      inclFilter: "1",
      type_0: "STOP",
      radius_0: "1000"
    })
    expect(fromOne.status).toBe(200)
    expect(fromOne.json.locations.length).toBeGreaterThan(1)
    expect(fromOne.json).toEqual(fromZero.json)
  })

  it("serving lines without lineReqType list every line type", async () => {
    const without = await rapid("/XML_SERVINGLINES_REQUEST", { mode: "odv", type_sl: "any", name_sl: HBF })
    const all = await rapid("/XML_SERVINGLINES_REQUEST", requests[4]![2])
    expect(without.status).toBe(200)
    expect(without.json).toEqual(all.json)
  })

  it("serving lines with lineReqType=1 (a departure monitor's) list every line type; other bits are kept", async () => {
    const base = { mode: "odv", type_sl: "any", name_sl: HBF }
    const one = await rapid("/XML_SERVINGLINES_REQUEST", { ...base, lineReqType: "1" })
    const all = await rapid("/XML_SERVINGLINES_REQUEST", requests[4]![2])
    expect(one.status).toBe(200)
    expect(one.json.lines.length).toBeGreaterThan(0)
    expect(one.json).toEqual(all.json)
    const three = await rapid("/XML_SERVINGLINES_REQUEST", { ...base, lineReqType: "3" })
    const two = await rapid("/XML_SERVINGLINES_REQUEST", { ...base, lineReqType: "2" })
    expect(three.json).toEqual(two.json)
  })

  it("an option without its group's activation is ignored and named in a warning", async () => {
    const { json, status } = await rapid("/XML_TRIP_REQUEST2", { ...requests[0]![2], changeSpeed: "normal" })
    expect(status).toBe(200)
    expect(json.journeys.length).toBeGreaterThan(0)
    expect(json.systemMessages).toEqual([{
      type: "warning",
      module: "BROKER",
      code: -10,
      text: "parameter changeSpeed ignored: changeSpeed takes effect only with ptOptionsActive=1 or itOptionsActive=1"
    }])
  })

  it("unknown parameters are ignored", async () => {
    const plain = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "any", name_sf: "Hauptbahnhof" })
    const extra = await rapid("/XML_STOPFINDER_REQUEST", {
      type_sf: "any",
      name_sf: "Hauptbahnhof",
      SpEncId: "0",
      stateless: "1",
      useHouseNumberList: "true"
    })
    expect(extra.json).toEqual(plain.json)
  })

  it("a request without what the operation needs gets its EFA error with HTTP 200", async () => {
    const { json, status } = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "any" })
    expect(status).toBe(200)
    expect(json.locations).toEqual([])
    expect(json.systemMessages).toEqual([
      expect.objectContaining({
        type: "error",
        module: "BROKER",
        code: -8012,
        text: expect.stringContaining("name_sf")
      })
    ])
  })

  it("--strict refuses each of them with a 400 naming the parameter, as the contract dialect does", async () => {
    const refused: Array<readonly [string, Record<string, string>, string]> = [
      ["/XML_COORD_REQUEST", { coord: HBF_COORD, inclFilter: "1", type_1: "STOP" }, "type_0"],
      ["/XML_SERVINGLINES_REQUEST", { mode: "odv", type_sl: "any", name_sl: HBF }, "lineReqType"],
      ["/XML_TRIP_REQUEST2", { ...requests[0]![2], changeSpeed: "normal" }, "changeSpeed"],
      ["/XML_STOPFINDER_REQUEST", { type_sf: "any" }, "name_sf"]
    ]
    for (const [path, params, parameter] of refused) {
      for (const [on, format] of [[strict, "rapidJSON"], [server, "JSON"]] as const) {
        const { json, status } = await call(on, path, { ...params, outputFormat: format })
        expect(status, `${path} ${format}`).toBe(400)
        expect(json.issues.map((issue: any) => issue.parameter)).toContain(parameter)
      }
    }
  })
})

describe("flags", () => {
  it("a flag sent as 0 is off: doNotSearchForStops_sf=0 answers as without it", async () => {
    const base = { type_sf: "coord", name_sf: HBF_COORD }
    const without = await rapid("/XML_STOPFINDER_REQUEST", base)
    const off = await rapid("/XML_STOPFINDER_REQUEST", { ...base, doNotSearchForStops_sf: "0" })
    const on = await rapid("/XML_STOPFINDER_REQUEST", { ...base, doNotSearchForStops_sf: "1" })
    expect(without.json.locations[0].type).toBe("stop")
    expect(off.json).toEqual(without.json)
    expect(on.json.locations.map((l: any) => l.type)).toEqual(["unknown"])
  })
})

describe("requests as other clients send them", () => {
  const board = { mode: "direct", name_dm: HBF, useRealtime: "1", itdDate: "20260302", itdTime: "0830" }

  it.each(["stop", "stopID"])("a board asked with type_dm=%s gets its events", async (type) => {
    const { json, status } = await rapid("/XML_DM_REQUEST", { ...board, type_dm: type })
    expect(status).toBe(200)
    expect(json.stopEvents.length).toBeGreaterThan(0)
    expect(json.locations[0]).toMatchObject({ id: HBF, isBest: true })
  })

  it("a stop's ID of type stop is looked up, never searched as text: one the dataset does not have is unknown", async () => {
    const { json } = await rapid("/XML_DM_REQUEST", { ...board, type_dm: "stop", name_dm: "de:08111:9999999" })
    expect(json.stopEvents ?? []).toEqual([])
    expect(json.systemMessages.map((m: any) => m.code)).toContain(-2000)
  })

  it.each(["poi", "address", "street", "stop", "stopID"])("type_sf=%s is taken", async (type) => {
    const name = type.startsWith("stop") ? HBF : "Hauptbahnhof"
    const { json, status } = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: type, name_sf: name })
    expect(status).toBe(200)
    expect(json.locations.length).toBeGreaterThan(0)
    if (type.startsWith("stop")) expect(json.locations.map((l: any) => l.id)).toEqual([HBF])
  })

  it("type_origin=stop and type_destination=stopID plan a trip; type_sl=stopID lists serving lines", async () => {
    const trip = await rapid("/XML_TRIP_REQUEST2", {
      type_origin: "stop",
      name_origin: HBF,
      type_destination: "stopID",
      name_destination: "de:08116:7720"
    })
    expect(trip.json.journeys.length).toBeGreaterThan(0)
    const lines = await rapid("/XML_SERVINGLINES_REQUEST", { mode: "odv", type_sl: "stopID", name_sl: HBF })
    expect(lines.json.lines.length).toBeGreaterThan(0)
  })

  it("board events are at their platform, the stop as parent, with the transportation's origin", async () => {
    const { json } = await rapid("/XML_DM_REQUEST", { ...board, type_dm: "stop" })
    for (const event of json.stopEvents) {
      expect(event.location).toMatchObject({ type: "platform", parent: { id: HBF, type: "stop" } })
      expect(event.location.id).toMatch(new RegExp(`^${HBF}:1:\\d+$`))
      expect(event.transportation.origin).toMatchObject({ type: "stop", name: expect.any(String) })
      expect(typeof event.transportation.origin.id).toBe("string")
    }
  })

  it.each([
    "/any/virtual/dir/XML_DM_REQUEST",
    "/mngvvs/XML_DM_REQUEST",
    "/static03/XML_DM_REQUEST",
    "/efa/XML_SYSTEMINFO_REQUEST"
  ])("answers below a virtual directory: %s", async (path) => {
    const { json, status } = await rapid(path, { ...board, type_dm: "stop" })
    expect(status).toBe(200)
    expect(json.version).toBe("10.2.10.139")
  })

  it("every operation answers below a virtual directory as at the root", async () => {
    for (const [, path, params] of requests) {
      const root = await rapid(path, params)
      const below = await rapid(`/any/virtual/dir${path}`, params)
      expect(below.status).toBe(200)
      expect({ ...below.json, serverInfo: undefined }).toEqual({ ...root.json, serverInfo: undefined })
    }
  })

  it("every operation answers after an empty directory (//XML_...) as at the root", async () => {
    for (const [, path, params] of requests) {
      const root = await rapid(path, params)
      const doubled = await rapid(`/${path}`, params)
      expect(doubled.status, path).toBe(200)
      expect({ ...doubled.json, serverInfo: undefined }).toEqual({ ...root.json, serverInfo: undefined })
    }
  })

  it("a profile's paths answer below a virtual directory; the admin API's prefix is none", async () => {
    const tfnsw = fake({ profile: "tfnsw" })
    const key = { headers: { authorization: "apikey local" } }
    const { status } = await call(tfnsw, "/v1/tp/stop_finder", { ...WGS84, type_sf: "stop", name_sf: HBF }, key)
    expect(status).toBe(200)
    expect((await call(server, "/__admin/XML_DM_REQUEST", { ...board, type_dm: "stop" })).status).toBe(404)
  })

  it.each(["0830", "08:30", "8:30", "830", "08:30:00"])("itdTime=%s answers as 0830", async (time) => {
    const at = (itdTime: string) => rapid("/XML_DM_REQUEST", { ...board, type_dm: "stop", itdTime })
    const [asked, plain] = await Promise.all([at(time), at("0830")])
    expect(asked.json.stopEvents).toEqual(plain.json.stopEvents)
  })

  it("an itdTime in another form is refused with a 400 naming it in the contract's dialect", async () => {
    const { json, status } = await call(server, "/XML_DM_REQUEST", { ...board, type_dm: "any", itdTime: "8.30" })
    expect(status).toBe(400)
    expect(JSON.stringify(json)).toContain("itdTime")
  })
})

describe("mode filters", () => {
  it("exclMOT_<ID> counts by presence: exclMOT_1=0 leaves out mode 1 as exclMOT_1=1 does", async () => {
    const trip = { type_origin: "any", name_origin: HBF, type_destination: "any", name_destination: "de:08116:7720" }
    const motsOf = (json: any): Array<number> => json.trips.flatMap((t: any) => t.legs.map((l: any) => l.mode.mot))
    const plain = await call(server, "/XML_TRIP_REQUEST2", trip)
    expect(motsOf(plain.json)).toContain(1)
    for (const value of ["0", "1", "false", ""]) {
      const filtered = await call(server, "/XML_TRIP_REQUEST2", {
        ...trip,
        excludedMeans: "checkbox",
        exclMOT_1: value
      })
      expect(filtered.status).toBe(200)
      expect(motsOf(filtered.json)).not.toContain(1)
      expect(motsOf(filtered.json).length).toBeGreaterThan(0)
    }
  })
})

describe("coordinates", () => {
  const stopFinder = { outputFormat: "rapidJSON", type_sf: "any", name_sf: HBF }

  it("without coordOutputFormat, in the native grid (Gauß-Krüger zone 3, [northing, easting])", async () => {
    const { json } = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)
    const [northing, easting] = json.locations[0].coord
    expect(northing).toBeCloseTo(5405191.71, 0)
    expect(easting).toBeCloseTo(3513423.66, 0)
    const [lat, lon] = fromGrid(northing, easting)
    expect(lat).toBeCloseTo(48.784081, 5)
    expect(lon).toBeCloseTo(9.181636, 5)
  })

  it("MDV, NBWT and EPSG:31467 ask for the native grid; WGS84 and EPSG:4326 for degrees", async () => {
    const grid = (await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)).json.locations[0].coord
    for (const format of ["MDV", "NBWT", "EPSG:31467"]) {
      const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", {
        ...stopFinder,
        coordOutputFormat: format
      })
      expect(status).toBe(200)
      expect(json.locations[0].coord).toEqual(grid)
    }
    for (const format of ["WGS84[dd.ddddd]", "WGS84[DD.DDDDD]", "EPSG:4326"]) {
      const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", {
        ...stopFinder,
        coordOutputFormat: format
      })
      expect(status).toBe(200)
      expect(json.locations[0].coord).toEqual([48.784081, 9.181636])
    }
  })

  it("converts every coordinate of an answer: leg polylines, line geometry, operating zones", async () => {
    const trip = await call(server, "/XML_TRIP_REQUEST2", {
      ...requests[0]![2],
      outputFormat: "rapidJSON",
      coordListOutputFormat: "list"
    })
    for (const pair of valuesAt(trip.json, "coord") as Array<Array<number>>) expect(pair[0]).toBeGreaterThan(5e6)
    const line = await call(server, "/XML_GEOOBJECT_REQUEST", { line: "vvs:10001: :H", outputFormat: "rapidJSON" })
    const points = line.json.transportations[0].coords.flat() as Array<Array<number>>
    expect(points.length).toBeGreaterThan(10)
    for (const [northing, easting] of points) {
      expect(northing).toBeGreaterThan(5e6)
      expect(easting).toBeGreaterThan(3e6)
    }
    const areas = await call(server, "/XML_OPAREA_REQUEST", { ...requests[6]![2], outputFormat: "rapidJSON" })
    const [easting, northing] = areas.json.operatingAreas[0].operatingZone.coordinates[0][0]
    expect(easting).toBeGreaterThan(3e6)
    expect(northing).toBeGreaterThan(5e6)
  })

  it("converts a place a notice shares with infos.affected once", async () => {
    const { json } = await call(server, "/XML_ADDINFO_REQUEST", {
      outputFormat: "rapidJSON",
      filterPublicationStatus: "history"
    })
    const places = [
      ...json.infos.affected.stops,
      ...json.infos.historic.flatMap((info: any) => info.affected?.stops ?? [])
    ]
    expect(places.length).toBeGreaterThan(0)
    for (const place of places) {
      const [northing, easting] = place.coord
      expect(northing).toBeGreaterThan(5e6)
      expect(easting).toBeGreaterThan(3e6)
    }
  })

  it("the grid conversion goes back to the same position within a millimetre", () => {
    for (const stop of dataset.stops) {
      const [lat, lon] = fromGrid(...toGrid(stop.coord.lat, stop.coord.lon))
      expect(Math.abs(lat - stop.coord.lat)).toBeLessThan(1e-7)
      expect(Math.abs(lon - stop.coord.lon)).toBeLessThan(1e-7)
    }
  })

  it("the contract's format keeps WGS84 only", async () => {
    const { status, json } = await call(server, "/XML_STOPFINDER_REQUEST", {
      ...stopFinder,
      outputFormat: "JSON",
      coordOutputFormat: "MDV"
    })
    expect(status).toBe(400)
    expect(json.issues.map((issue: any) => issue.parameter)).toEqual(["coordOutputFormat"])
  })
})

describe("XML_SYSTEMINFO_REQUEST", () => {
  it("answers rapidJSON with version, ptKernel, validity and server", async () => {
    const { json, status } = await call(server, "/XML_SYSTEMINFO_REQUEST", { outputFormat: "rapidJSON" })
    expect(status).toBe(200)
    expect(json).toMatchObject({
      version: "10.2.10.139",
      serverInfo: { serverID: "efa-mock-server", controllerVersion: "10.2.10.139" },
      ptKernel: { appVersion: "10.2.10.139", dataBuild: "2025-12-14T00:00:00Z" },
      validity: { from: dataset.meta.validFrom, to: dataset.meta.validTo }
    })
  })

  it("answers the contract's format with the kernel and the validity", async () => {
    const { json, status } = await call(server, "/XML_SYSTEMINFO_REQUEST", { outputFormat: "JSON" })
    expect(status).toBe(200)
    expect(json).toEqual({
      kernel: { appVersion: "efa-mock-server", dataFormat: "EFA10_02_00", dataBuild: "2025-12-14T00:00:00.000Z" },
      validity: { from: "2025-12-14", to: "2026-12-12" }
    })
  })

  it("is journaled", async () => {
    const own = fake()
    await call(own, "/XML_SYSTEMINFO_REQUEST", { outputFormat: "rapidJSON" })
    expect(own.state.journal().map((entry) => entry.path)).toContain("XML_SYSTEMINFO_REQUEST")
  })
})
