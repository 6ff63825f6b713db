import { EfaClient, Point } from "@efa-kit/core"
import { Effect, Either, Layer } from "effect"
import GtfsRealtimeBindings from "gtfs-realtime-bindings"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { loadDataset } from "../src/dataset/load.js"
import { loadGtfsDataset, writeDataset } from "../src/gtfs.js"
import { makeMockServer } from "../src/http/app.js"
import { layerInProcess } from "../src/inProcess.js"
import { openFixture } from "../src/vitest.js"
import { call } from "./helpers.js"
import { smallFeed } from "./support/gtfsFeed.js"

const sample = path.dirname(createRequire(import.meta.url).resolve("sample-gtfs-feed/package.json"))
const sampleZip = path.join(sample, "gtfs.zip")
const sampleFolder = path.join(sample, "gtfs")

// the Promise client answers with a Date for every instant
const iso = (value: Date | undefined) => value?.toISOString()

const failure = (feed: string) => loadGtfsDataset(feed).then(() => "loaded", (error: Error) => error.message)

describe("a dataset from a GTFS feed", () => {
  it("reads the sample feed, zipped or as a folder, with the feed's stop IDs, lines and trips", async () => {
    const zipped = await loadGtfsDataset(sampleZip)
    const folder = await loadGtfsDataset(sampleFolder)
    expect(folder.dataset).toEqual(zipped.dataset)
    const { dataset, fallbacks } = zipped
    expect(dataset.stops.map((stop) => stop.id)).toEqual(["airport", "center", "lake", "museum"])
    expect(dataset.lines.map((line) => [line.code, line.number, line.mot, line.product])).toEqual([
      ["A", "Ada", 5, "Bus"],
      ["B", "Babbage", 4, "Straßenbahn"],
      ["C", "Cerf", 4, "Straßenbahn"],
      ["D", "DST", 4, "Straßenbahn"]
    ])
    expect(dataset.meta.timeZone).toBe("Europe/Warsaw")
    expect([dataset.meta.validFrom, dataset.meta.validTo]).toEqual(["2019-03-01", "2019-08-20"])
    const trips = dataset.timetable!.trips
    // a platform's call is its station's at that platform, named by its ID: `airport-1` has no platform_code, so no
    // name
    expect(trips.find((trip) => trip.id === "a-downtown-all-day")?.calls[0])
      .toEqual(["airport", "15:23", "15:24", "airport-1"])
    expect(dataset.timetable!.platforms.find((platform) => platform.id === "airport-1"))
      .toEqual({ id: "airport-1", stop: "airport" })
    // frequencies: every 5 minutes from 08:00 before 08:59
    expect(trips.filter((trip) => trip.id.startsWith("b-downtown-on-working-days@")).map((trip) => trip.id))
      .toHaveLength(12)
    // seconds are kept
    expect(trips.find((trip) => trip.id === "c-downtown-all-day")?.calls[0]).toEqual(["airport", "15:22:30", "15:24"])
    expect(dataset.lines[0]!.geometry.length).toBeGreaterThan(10)
    expect(fallbacks).toContain("no fare_attributes.txt: trips carry no fares")
  })

  it("writes a dataset folder that --dataset reads back to the same dataset", async () => {
    const { dataset } = await loadGtfsDataset(sampleZip)
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-dataset-"))
    await writeDataset(dataset, folder)
    const read = await Effect.runPromise(loadDataset(folder))
    expect(read).toEqual(dataset)
  })

  it("answers a board and a trip with the feed's times, in both dialects", async () => {
    const fixture = await openFixture({ gtfs: smallFeed(), now: "2026-03-02T06:30:00Z" })
    try {
      const board = await fixture.promiseClient.departures({ stop: Point.fromId("de:08111:1"), limit: 5 })
      expect(board.events.map((event) => [iso(event.departureTimePlanned), event.lineName, event.platform])).toEqual([
        ["2026-03-02T07:00:00.000Z", "S9", "1"],
        ["2026-03-02T07:30:00.000Z", "S9", "1"]
      ])
      const { trips } = await fixture.promiseClient.trip({
        origin: Point.fromId("de:08111:1"),
        destination: Point.fromId("de:08111:2")
      })
      const leg = trips[0]!.legs[0]!
      expect([
        leg.origin.id,
        iso(leg.origin.departureTimePlanned),
        leg.destination.id,
        iso(leg.destination.arrivalTimePlanned)
      ])
        // a ride's ends are the platforms it calls at, with the feed's IDs
        .toEqual(["de:08111:1:1", "2026-03-02T07:00:00.000Z", "de:08111:2:3", "2026-03-02T07:12:00.000Z"])
      const rapid = await call(fixture, "XML_DM_REQUEST", {
        outputFormat: "rapidJSON",
        type_dm: "any",
        name_dm: "de:08111:2",
        mode: "direct",
        itdDateTimeDepArr: "arr"
      })
      expect(rapid.status).toBe(200)
      const events = rapid.json.stopEvents as Array<any>
      expect(events.map((event) => [event.arrivalTimePlanned, event.location.properties?.platform])).toEqual([
        ["2026-03-02T07:12:00Z", "3"],
        ["2026-03-02T07:42:00Z", "3"]
      ])
    } finally {
      await fixture.close()
    }
  })

  it("feeds GTFS-Realtime trip updates to the real-time engine: a delay, a cancelled trip", async () => {
    const rt = GtfsRealtimeBindings.transit_realtime
    const message = rt.FeedMessage.fromObject({
      header: { gtfsRealtimeVersion: "2.0", timestamp: 1772432000 },
      entity: [
        {
          id: "1",
          tripUpdate: {
            trip: { tripId: "t1", startDate: "20260302" },
            stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 240 } }]
          }
        },
        { id: "2", tripUpdate: { trip: { tripId: "t2", scheduleRelationship: 3 } } },
        { id: "3", tripUpdate: { trip: { tripId: "elsewhere" } } }
      ]
    })
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-rt-")), "updates.pb")
    fs.writeFileSync(file, rt.FeedMessage.encode(message).finish())
    const { dataset, fallbacks } = await loadGtfsDataset(smallFeed(), { realtime: file })
    expect(fallbacks).toContain("real time: 2 trip updates, 1 of trips not in the feed left out")
    const fake = makeMockServer({ dataset, now: "2026-03-02T06:30:00Z" })
    const answer = await call(fake, "XML_DM_REQUEST", {
      outputFormat: "rapidJSON",
      type_dm: "any",
      name_dm: "de:08111:1",
      mode: "direct",
      useRealtime: "1"
    })
    const events = answer.json.stopEvents as Array<any>
    expect(events[0]).toMatchObject({
      departureTimePlanned: "2026-03-02T07:00:00Z",
      departureTimeEstimated: "2026-03-02T07:04:00Z"
    })
    expect(events[1].realtimeStatus).toContain("TRIP_CANCELLED")
  })

  it("stops at a broken feed with the file, the line and the field", async () => {
    expect(
      await failure(
        smallFeed({
          "stop_times.txt":
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,08:00:00,08:00:00,de:08111:1:1,1\nt9,08:10:00,08:10:00,de:08111:2,2\n"
        })
      )
    )
      .toContain("GTFS file stop_times.txt line 3 field trip_id: unknown trip \"t9\"")
    expect(
      await failure(
        smallFeed({
          "stop_times.txt":
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,08:6x:00,08:00:00,de:08111:1:1,1\n"
        })
      )
    )
      .toContain("GTFS file stop_times.txt line 2 field arrival_time: \"08:6x:00\" is not a time HH:MM:SS")
    expect(await failure(smallFeed({ "stops.txt": undefined }))).toContain("GTFS file stops.txt: missing in the feed")
    expect(await failure(smallFeed({ "routes.txt": "route_id,agency_id,route_short_name,route_type\nr-1,AG,S9,77\n" })))
      .toContain("GTFS file routes.txt line 2 field route_type: unknown route type 77")
  })
})

// the small feed with fares: a third station (its zone on its platform), a bus from the second to it, a fare by
// zones (A to B), one for the zone B alone, one for the bus's route
const faresFeed = (overrides: Record<string, string | undefined> = {}) =>
  smallFeed({
    "stops.txt": [
      "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code,zone_id",
      "de:08111:1,\"Teststadt, Markt\",48.70,9.10,1,,,A",
      "de:08111:1:1,Markt Gleis 1,48.7001,9.1001,0,de:08111:1,1,",
      "de:08111:2,\"Teststadt, Bahnhof\",48.75,9.15,1,,,B",
      "de:08111:2:3,Bahnhof Gleis 3,48.7501,9.1501,0,de:08111:2,3,",
      "de:08111:3,\"Teststadt, Schule\",48.80,9.20,1,,,",
      "de:08111:3:1,Schule Steig 1,48.8001,9.2001,0,de:08111:3,1,B"
    ].join("\n"),
    "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nr-1,AG,S9,,109\nr-2,AG,42,,3\n",
    "trips.txt": "route_id,service_id,trip_id,trip_headsign,direction_id\nr-1,WK,t1,Bahnhof,0\nr-2,WK,t3,Schule,0\n",
    "stop_times.txt": [
      "trip_id,arrival_time,departure_time,stop_id,stop_sequence",
      "t1,08:00:00,08:00:00,de:08111:1:1,1",
      "t1,08:12:00,08:12:00,de:08111:2:3,2",
      "t3,08:20:00,08:20:00,de:08111:2:3,1",
      "t3,08:35:00,08:35:00,de:08111:3:1,2"
    ].join("\n"),
    "fare_attributes.txt": [
      "fare_id,price,currency_type,payment_method,transfers,transfer_duration",
      "AB,3.80,EUR,0,0,",
      "B,1.90,EUR,0,,",
      "R2,1.50,EUR,0,0,5400"
    ].join("\n"),
    "fare_rules.txt": "fare_id,route_id,origin_id,destination_id,contains_id\nAB,,A,B,\nB,,,,B\nR2,r-2,,,\n",
    ...overrides
  })

const tickets = (fare: any) =>
  (fare?.tickets ?? []).map((ticket: any) => [ticket.id, ticket.price ?? ticket.priceBrutto, ticket.currency])

describe("GTFS fares", () => {
  const tripParams = (from: string, to: string, outputFormat: string) => ({
    outputFormat,
    type_origin: "stop",
    name_origin: from,
    type_destination: "stop",
    name_destination: to,
    itdDate: "20260302",
    itdTime: "0745",
    useUT: "1"
  })
  const fareOfFirst = async (fixture: Parameters<typeof call>[0], from: string, to: string) => {
    const contract = await call(fixture, "XML_TRIP_REQUEST2", tripParams(from, to, "JSON"))
    const rapid = await call(fixture, "XML_TRIP_REQUEST2", tripParams(from, to, "rapidJSON"))
    expect(contract.status).toBe(200)
    expect(rapid.status).toBe(200)
    return { contract: contract.json.trips[0].fare, rapid: rapid.json.journeys[0].fare }
  }

  it("a ride between two zones costs the feed's price for them, in both dialects", async () => {
    const { dataset, fallbacks } = await loadGtfsDataset(faresFeed())
    expect(fallbacks).toContain("fares: 3 from fare_attributes.txt, the zones of 3 stops")
    // the third station's zone is its platform's
    expect(dataset.tariff?.zones).toEqual({ "de:08111:1": "A", "de:08111:2": "B", "de:08111:3": "B" })
    const fixture = await openFixture({ gtfs: faresFeed(), now: "2026-03-02T06:30:00Z" })
    try {
      const { contract, rapid } = await fareOfFirst(fixture, "de:08111:1", "de:08111:2")
      expect(tickets(contract)).toEqual([["AB", 3.8, "EUR"]])
      expect(tickets(rapid)).toEqual([["AB", 3.8, "EUR"]])
      const { trips } = await fixture.promiseClient.trip({
        origin: Point.fromId("de:08111:1"),
        destination: Point.fromId("de:08111:2"),
        fares: true
      })
      expect(trips[0]!.fare?.tickets.map((ticket) => [ticket.id, ticket.price, ticket.person])).toEqual([
        ["AB", 3.8, "ADULT"]
      ])
    } finally {
      await fixture.close()
    }
  })

  it("a route's fare is the cheapest for a ride on it; a trip changing takes the cheapest fares covering the rides", async () => {
    const fixture = await openFixture({ gtfs: faresFeed(), now: "2026-03-02T06:30:00Z" })
    try {
      // the bus in zone B: its route's 1.50 rather than zone B's 1.90
      const bus = await fareOfFirst(fixture, "de:08111:2", "de:08111:3")
      expect(tickets(bus.contract)).toEqual([["R2", 1.5, "EUR"]])
      expect(tickets(bus.rapid)).toEqual([["R2", 1.5, "EUR"]])
      expect(bus.contract.tickets[0].validMinutes).toBe(90)
      // A to B by train, then the bus: neither fare allows a change, no fare covers zones A and B together
      const both = await fareOfFirst(fixture, "de:08111:1", "de:08111:3")
      expect(tickets(both.contract)).toEqual([["AB", 3.8, "EUR"], ["R2", 1.5, "EUR"]])
      expect(tickets(both.rapid)).toEqual([["AB", 3.8, "EUR"], ["R2", 1.5, "EUR"]])
      const [train, busTicket] = both.contract.tickets
      expect(busTicket.fromLeg).toBeGreaterThan(train.toLeg)
    } finally {
      await fixture.close()
    }
  })

  it("a change within a fare's transfers and time is one ticket; a ride no fare covers leaves the trip without fare", async () => {
    const changing = faresFeed({
      "fare_attributes.txt":
        "fare_id,price,currency_type,payment_method,transfers,transfer_duration\nALL,2.70,EUR,0,1,3600\n",
      "fare_rules.txt": "fare_id,route_id,origin_id,destination_id,contains_id\nALL,,,,A\nALL,,,,B\n"
    })
    const fixture = await openFixture({ gtfs: changing, now: "2026-03-02T06:30:00Z" })
    try {
      const { contract, rapid } = await fareOfFirst(fixture, "de:08111:1", "de:08111:3")
      expect(tickets(contract)).toEqual([["ALL", 2.7, "EUR"]])
      expect(tickets(rapid)).toEqual([["ALL", 2.7, "EUR"]])
      // the bus alone passes zone B only: not all of the fare's zones
      const bus = await fareOfFirst(fixture, "de:08111:2", "de:08111:3")
      expect(bus.contract).toBeUndefined()
      expect(bus.rapid).toBeUndefined()
    } finally {
      await fixture.close()
    }
  })

  it("a rule with an origin and no destination covers rides from that zone to any", async () => {
    const fromA = faresFeed({
      "fare_attributes.txt": "fare_id,price,currency_type,payment_method,transfers\nFROM_A,2.00,EUR,0,0\n",
      "fare_rules.txt": "fare_id,origin_id\nFROM_A,A\n"
    })
    const fixture = await openFixture({ gtfs: fromA, now: "2026-03-02T06:30:00Z" })
    try {
      const { contract, rapid } = await fareOfFirst(fixture, "de:08111:1", "de:08111:2")
      expect(tickets(contract)).toEqual([["FROM_A", 2, "EUR"]])
      expect(tickets(rapid)).toEqual([["FROM_A", 2, "EUR"]])
      // the bus boards in zone B
      expect((await fareOfFirst(fixture, "de:08111:2", "de:08111:3")).contract).toBeUndefined()
    } finally {
      await fixture.close()
    }
  })

  it("writes the fares to tariff.json, which --dataset reads back the same", async () => {
    const { dataset } = await loadGtfsDataset(faresFeed())
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-fares-"))
    await writeDataset(dataset, folder)
    expect(fs.existsSync(path.join(folder, "tariff.json"))).toBe(true)
    const read = await Effect.runPromise(loadDataset(folder))
    expect(read.tariff).toEqual(dataset.tariff)
    expect(read).toEqual(dataset)
  })

  it("a feed without fares says so, and its trips carry none", async () => {
    const { dataset, fallbacks } = await loadGtfsDataset(smallFeed())
    expect(fallbacks).toContain("no fare_attributes.txt: trips carry no fares")
    expect(dataset.tariff).toBeUndefined()
    const fixture = await openFixture({ gtfs: smallFeed(), now: "2026-03-02T06:30:00Z" })
    try {
      const { contract, rapid } = await fareOfFirst(fixture, "de:08111:1", "de:08111:2")
      expect(contract).toBeUndefined()
      expect(rapid).toBeUndefined()
    } finally {
      await fixture.close()
    }
  })

  it("stops at a broken fare with the file, the line and the field", async () => {
    expect(await failure(faresFeed({ "fare_rules.txt": "fare_id,route_id\nXX,\n" })))
      .toContain("GTFS file fare_rules.txt line 2 field fare_id: unknown fare \"XX\"")
    expect(await failure(faresFeed({ "fare_rules.txt": "fare_id,route_id\nAB,r-9\n" })))
      .toContain("GTFS file fare_rules.txt line 2 field route_id: unknown route \"r-9\"")
    expect(
      await failure(
        faresFeed({ "fare_attributes.txt": "fare_id,price,currency_type,payment_method\nAB,3.80,euro,0\n" })
      )
    ).toContain("GTFS file fare_attributes.txt line 2 field currency_type: \"euro\" is not a currency code")
  })
})

describe("the in-process layer on a GTFS feed", () => {
  it("reads the feed when the layer is built; a broken feed fails it with the place of the problem", async () => {
    const stops = (gtfs: string) =>
      Effect.flatMap(EfaClient.EfaClient, (client) => client.stopFinder({ input: Point.any("Markt") })).pipe(
        Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test/" }).pipe(Layer.provide(layerInProcess({ gtfs }))))
      )
    const { locations } = await Effect.runPromise(stops(smallFeed()))
    expect(locations[0]?.id).toBe("de:08111:1")
    const broken = await Effect.runPromise(Effect.either(stops(smallFeed({ "trips.txt": undefined }))))
    expect(Either.isLeft(broken) && broken.left.message).toBe("GTFS file trips.txt: missing in the feed")
  })
})

// The answers on the sample feed against the Mentz JSON Schemas, with the shared checker where ../shared is there.
const checker = path.resolve(import.meta.dirname, "../../../../shared/tools/check-rapidjson.mjs")
const hasChecker = fs.existsSync(checker)

const checkFile = (file: string, schema: string): Promise<string> =>
  new Promise((resolve) => {
    execFile(process.execPath, [checker, "--file", file, schema], { timeout: 60_000 }, (_, stdout, stderr) => {
      resolve(`${stdout}${stderr}`)
    })
  })

describe(`the sample feed's rapidJSON answers${hasChecker ? "" : " (skipped: ../shared/tools is absent)"}`, () => {
  const asked = [
    ["stop finder", "LOCATION_SUGGEST_Schema.json", "XML_STOPFINDER_REQUEST", "type_sf=any&name_sf=Airport"],
    ["departure board", "DMTTP_Schema.json", "XML_DM_REQUEST", "type_dm=any&name_dm=airport&mode=direct&itdTime=1200"],
    [
      "trip",
      "TRIP_Schema.json",
      "XML_TRIP_REQUEST2",
      "type_origin=any&name_origin=airport&type_destination=any&name_destination=center&itdTime=1300"
    ]
  ] as const
  for (const [name, schema, operationPath, query] of asked) {
    it.skipIf(!hasChecker)(`${name}: check-rapidjson.mjs --file reports it VALID`, async () => {
      const { dataset } = await loadGtfsDataset(sampleZip)
      const fake = makeMockServer({ dataset })
      const response = await fake.app.request(`/${operationPath}?outputFormat=rapidJSON&itdDate=20190309&${query}`)
      const text = await response.text()
      expect(response.status).toBe(200)
      expect(text).not.toContain("\"code\":-4")
      const file = path.join(
        fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-answer-")),
        `${name.replace(/\W+/g, "-")}.json`
      )
      fs.writeFileSync(file, text)
      const output = await checkFile(file, schema)
      expect(output.startsWith("VALID "), output).toBe(true)
    }, 60_000)
  }

  it.skipIf(!hasChecker)(
    "a trip with the tickets of a feed's fares: check-rapidjson.mjs --file reports it VALID",
    async () => {
      const { dataset } = await loadGtfsDataset(faresFeed())
      const fake = makeMockServer({ dataset })
      const query = "type_origin=stop&name_origin=de:08111:1&type_destination=stop&name_destination=de:08111:3" +
        "&itdDate=20260302&itdTime=0745&useUT=1"
      const response = await fake.app.request(`/XML_TRIP_REQUEST2?outputFormat=rapidJSON&${query}`)
      const text = await response.text()
      expect(response.status).toBe(200)
      expect(JSON.parse(text).journeys[0].fare.tickets.length).toBeGreaterThan(0)
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-answer-")), "trip-fares.json")
      fs.writeFileSync(file, text)
      const output = await checkFile(file, "TRIP_Schema.json")
      expect(output.startsWith("VALID "), output).toBe(true)
    },
    60_000
  )
})
