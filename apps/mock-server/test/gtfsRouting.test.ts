import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { loadGtfsDataset, writeDataset } from "../src/gtfs.js"
import { makeMockServer } from "../src/http/app.js"
import type { FeedModel, ScopedTransfer, Station, Trip, Walk } from "./support/randomFeed.js"
import { writeFeed } from "./support/randomFeed.js"

// Feeds of a few stations, written by the random feeds' writer: every trip runs on 2026-06-10 (UTC).
const folders: Array<string> = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

const station = (i: number, change?: number | "forbidden", position?: readonly [number, number]): Station => ({
  id: `ST${i}`,
  platforms: [`ST${i}_P0`],
  change,
  changeOn: -1,
  position
})

const hms = (text: string) => {
  const [h, m, s] = text.split(":").map(Number)
  return h! * 3600 + m! * 60 + (s ?? 0)
}

// a trip between stations with [arrival, departure] at each, "HH:MM[:SS]"
const trip = (id: string, calls: ReadonlyArray<readonly [number, string, string?]>, route?: number): Trip => ({
  id,
  route,
  calls: calls.map(([station]) => ({ station, platform: 0 })),
  arrivals: calls.map(([, arrival]) => hms(arrival)),
  departures: calls.map(([, arrival, departure]) => hms(departure ?? arrival)),
  service: 0,
  direction: 0
})

const walk = (from: number, to: number, seconds: number): Walk => ({
  from,
  to,
  seconds,
  fromOn: -1,
  toOn: -1,
  type: 2
})

const feed = (
  stations: ReadonlyArray<Station>,
  trips: ReadonlyArray<Trip>,
  walks: ReadonlyArray<Walk> = [],
  options: { readonly noTransfers?: boolean; readonly scoped?: ReadonlyArray<ScopedTransfer> } = {}
): string => {
  const model: FeedModel = {
    stations,
    trips,
    walks,
    forbiddenWalks: [],
    scoped: options.scoped,
    services: [{ weekdays: [true, true, true, true, true, true, true], added: [], removed: [] }]
  }
  const folder = writeFeed(model)
  folders.push(folder)
  if (options.noTransfers === true) fs.rmSync(`${folder}/transfers.txt`)
  return folder
}

// the journeys of a trip request at 08:00: each as its legs, `<from> HH:MM:SS > <to> HH:MM:SS`, walks marked
const journeys = async (folder: string, from: string, to: string, time = "0800"): Promise<Array<Array<string>>> => {
  const { dataset } = await loadGtfsDataset(folder)
  const fake = makeMockServer({ dataset, now: "2026-06-10T06:00:00Z" })
  const response = await fake.app.request(
    `/XML_TRIP_REQUEST2?outputFormat=rapidJSON&type_origin=any&name_origin=${from}&type_destination=any` +
      `&name_destination=${to}&itdDate=20260610&itdTime=${time}&calcNumberOfTrips=2`
  )
  expect(response.status).toBe(200)
  const body = await response.json() as { journeys?: Array<{ legs: Array<any> }> }
  const clock = (iso: string) => iso.slice(11, 19)
  // a ride's end is the platform it calls at, its station the parent
  const station = (end: any): string => end.type === "platform" ? end.parent.id : end.id
  return (body.journeys ?? []).map((journey) =>
    journey.legs.map((leg) =>
      `${leg.transportation?.product?.class === 99 || leg.transportation?.product?.class === 100 ? "walk " : ""}` +
      `${station(leg.origin)} ${clock(leg.origin.departureTimePlanned)} > ` +
      `${station(leg.destination)} ${clock(leg.destination.arrivalTimePlanned)}`
    )
  )
}

describe("routing on a GTFS feed follows its transfers.txt", () => {
  it("walks from the origin to another station of its complex before the first ride", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [trip("T0", [[1, "08:05"], [2, "08:20"]]), trip("T1", [[0, "08:30"], [2, "08:50"]])],
      [walk(0, 1, 180)]
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "walk ST0 08:02:00 > ST1 08:05:00",
      "ST1 08:05:00 > ST2 08:20:00"
    ])
  })

  it("walks from the last ride's station to the destination", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [trip("T0", [[0, "08:00"], [1, "08:10"]]), trip("T1", [[0, "08:30"], [2, "08:50"]])],
      [walk(1, 2, 120)]
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "walk ST1 08:10:00 > ST2 08:12:00"
    ])
  })

  it("changes within a station's own change time: 0 s where the feed says so", async () => {
    const folder = feed(
      [station(0), station(1, 0), station(2)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]]),
        trip("T1", [[1, "08:10"], [2, "08:20"]]),
        trip("T2", [[1, "08:40"], [
          2,
          "08:50"
        ]])
      ]
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "ST1 08:10:00 > ST2 08:20:00"
    ])
  })

  it("never changes faster than a station's change time", async () => {
    const folder = feed(
      [station(0), station(1, 180), station(2)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]]),
        trip("T1", [[1, "08:12:30"], [2, "08:20"]]),
        trip("T2", [[1, "08:13"], [2, "08:25"]])
      ]
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "ST1 08:13:00 > ST2 08:25:00"
    ])
  })

  it("does not change where the feed forbids it", async () => {
    const folder = feed(
      [station(0), station(1, "forbidden"), station(2)],
      [trip("T0", [[0, "08:00"], [1, "08:10"]]), trip("T1", [[1, "08:20"], [2, "08:30"]])]
    )
    expect(await journeys(folder, "ST0", "ST2")).toEqual([])
  })

  it("walks only where transfers.txt has a walk; without the file, between nearby stops", async () => {
    // two stations 100 m apart
    const stations = [station(0), station(1, undefined, [50.1, 8]), station(2, undefined, [50.1009, 8])]
    const trips = [trip("T0", [[0, "08:00"], [1, "08:10"]])]
    expect(await journeys(feed(stations, trips), "ST0", "ST2")).toEqual([])
    expect((await journeys(feed(stations, trips, [], { noTransfers: true }), "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "walk ST1 08:10:00 > ST2 08:12:00"
    ])
  })

  it("keeps a journey with fewer changes when one with more arrives at the same time", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [
        trip("T0", [[0, "08:00"], [2, "09:00"]]),
        trip("T1", [[0, "08:01"], [1, "08:10"]]),
        trip("T2", [[1, "08:15"], [2, "09:00"]])
      ]
    )
    expect(await journeys(folder, "ST0", "ST2")).toEqual([
      ["ST0 08:00:00 > ST2 09:00:00"],
      ["ST0 08:01:00 > ST1 08:10:00", "ST1 08:15:00 > ST2 09:00:00"]
    ])
  })

  it("a walk arriving after a ride still catches the run the ride's change time misses", async () => {
    // at ST1 a ride arrives at 08:10:00 (a change takes the default 2 minutes); a walk from ST3 arrives at 08:11:00
    const folder = feed(
      [station(0), station(1), station(2), station(3)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]]),
        trip("T1", [[0, "08:00"], [3, "08:10"]]),
        trip("T2", [[1, "08:11:30"], [2, "08:20"]]),
        trip("T3", [[1, "08:30"], [2, "08:40"]])
      ],
      [walk(3, 1, 60)]
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST3 08:10:00",
      "walk ST3 08:10:00 > ST1 08:11:00",
      "ST1 08:11:30 > ST2 08:20:00"
    ])
  })
})

// a row of transfers.txt for trips (indexes) or routes between two stations
const scopedRow = (
  from: number,
  to: number,
  scope: Pick<ScopedTransfer, "fromTrip" | "toTrip" | "fromRoute" | "toRoute">,
  type: 0 | 1 | 2 | 3,
  seconds?: number
): ScopedTransfer => ({ from, to, fromOn: -1, toOn: -1, ...scope, type, seconds })

describe("routing on a GTFS feed follows the rows of transfers.txt for trips and routes", () => {
  it("a row for two routes forbids changing between them, and only between them", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]], 0),
        trip("T1", [[1, "08:15"], [2, "08:20"]], 1),
        trip("T2", [[1, "08:30"], [2, "08:40"]], 2)
      ],
      [],
      { scoped: [scopedRow(1, 1, { fromRoute: 0, toRoute: 1 }, 3)] }
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "ST1 08:30:00 > ST2 08:40:00"
    ])
  })

  it("a later arrival by another trip still changes where the earlier one's row forbids it", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [
        trip("T0", [[0, "08:01"], [1, "08:10"]], 0),
        trip("T1", [[0, "08:00"], [1, "08:11"]], 2),
        trip("T2", [[1, "08:14"], [2, "08:20"]], 1)
      ],
      [],
      { scoped: [scopedRow(1, 1, { fromTrip: 0, toRoute: 1 }, 3)] }
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:11:00",
      "ST1 08:14:00 > ST2 08:20:00"
    ])
  })

  it("a row for two trips allows a change where the station forbids it, with its own time", async () => {
    const folder = feed(
      [station(0), station(1, "forbidden"), station(2)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]]),
        trip("T1", [[1, "08:10:30"], [2, "08:20"]]),
        trip("T2", [[1, "08:11"], [2, "08:25"]])
      ],
      [],
      { scoped: [scopedRow(1, 1, { fromTrip: 0, toTrip: 2 }, 2, 60)] }
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "ST1 08:11:00 > ST2 08:25:00"
    ])
  })

  it("the most specific row wins: a trip's over its route's", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]], 0),
        trip("T1", [[1, "08:12"], [2, "08:20"]], 1),
        trip("T2", [[1, "08:25"], [2, "08:35"]], 1)
      ],
      [],
      {
        scoped: [
          scopedRow(1, 1, { fromRoute: 0 }, 2, 0),
          scopedRow(1, 1, { fromTrip: 0, toRoute: 1 }, 2, 300)
        ]
      }
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "ST1 08:25:00 > ST2 08:35:00"
    ])
  })

  it("a row for trips between two stations is a walk for those trips only", async () => {
    const folder = feed(
      [station(0), station(1), station(2), station(3)],
      [
        trip("T0", [[0, "08:00"], [1, "08:10"]]),
        trip("T1", [[3, "08:15"], [2, "08:30"]]),
        trip("T2", [[0, "08:01"], [1, "08:09"]])
      ],
      [],
      { scoped: [scopedRow(1, 3, { fromTrip: 0, toTrip: 1 }, 2, 120)] }
    )
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual([
      "ST0 08:00:00 > ST1 08:10:00",
      "walk ST1 08:10:00 > ST3 08:12:00",
      "ST3 08:15:00 > ST2 08:30:00"
    ])
  })
})

describe("a GTFS feed's names as the feed has them", () => {
  it("a trip's headsign is its destination on boards and legs; a platform without platform_code has no name", async () => {
    const stations = [station(0), station(1), station(2)]
    const folder = feed(stations, [{ ...trip("T0", [[0, "08:00"], [1, "08:10"], [2, "08:20"]]), headsign: "Airport" }])
    fs.writeFileSync(
      `${folder}/stops.txt`,
      fs.readFileSync(`${folder}/stops.txt`, "utf8").replace(
        "ST0_P0,Station 0 platform,50.00000,8.00000,0,ST0,1",
        "ST0_P0,Station 0 platform,50.00000,8.00000,0,ST0,"
      )
    )
    const { dataset } = await loadGtfsDataset(folder)
    expect(dataset.timetable!.trips[0]!.calls.map((call) => call[3])).toEqual(["ST0_P0", "ST1_P0", "ST2_P0"])
    expect(dataset.timetable!.platforms.map((platform) => platform.name)).toEqual([undefined, "1", "1"])
    const fake = makeMockServer({ dataset, now: "2026-06-10T06:00:00Z" })
    const board = await (await fake.app.request(
      "/XML_DM_REQUEST?outputFormat=rapidJSON&type_dm=any&name_dm=ST0&mode=direct&itdDate=20260610&itdTime=0750"
    )).json() as { stopEvents: Array<any> }
    expect(board.stopEvents[0].transportation.destination.name).toBe("Airport")
    expect((await journeys(folder, "ST0", "ST2"))[0]).toEqual(["ST0 08:00:00 > ST2 08:20:00"])
    const answer = await (await fake.app.request(
      "/XML_TRIP_REQUEST2?outputFormat=rapidJSON&type_origin=any&name_origin=ST0&type_destination=any" +
        "&name_destination=ST2&itdDate=20260610&itdTime=0800"
    )).json() as { journeys: Array<{ legs: Array<any> }> }
    expect(answer.journeys[0]!.legs[0].transportation.destination.name).toBe("Airport")
  })

  it("speaks WGS84 and names products in English for a feed that is not German; a German feed as before", async () => {
    const metro = () => {
      const folder = feed([station(0), station(1)], [trip("T0", [[0, "08:00"], [1, "08:10"]])])
      const routes = `${folder}/routes.txt`
      fs.writeFileSync(routes, fs.readFileSync(routes, "utf8").replace(",T0,,3", ",T0,,1"))
      return folder
    }
    const ask = async (folder: string, stop: string) => {
      const { dataset } = await loadGtfsDataset(folder)
      const fake = makeMockServer({ dataset, now: "2026-06-10T06:00:00Z" })
      const board = await (await fake.app.request(
        `/XML_DM_REQUEST?outputFormat=rapidJSON&type_dm=any&name_dm=${stop}&mode=direct&itdDate=20260610&itdTime=0750`
      )).json() as { stopEvents: Array<any> }
      const event = board.stopEvents[0]
      return [event.transportation.product.name, event.location.coord]
    }
    expect(await ask(metro(), "ST0")).toEqual(["Metro", [50, 8]])
    // German global IDs and agency_lang de
    const german = metro()
    for (const name of fs.readdirSync(german)) {
      const file = `${german}/${name}`
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replaceAll("ST", "de:08111:"))
    }
    fs.writeFileSync(
      `${german}/agency.txt`,
      "agency_id,agency_name,agency_url,agency_timezone,agency_lang\nA,Verbund,https://example.org,UTC,de\n"
    )
    const [product, coord] = await ask(german, "de:08111:0")
    expect(product).toBe("U-Bahn")
    expect(coord[0]).toBeGreaterThan(5_000_000)
  })
})

describe("a GTFS feed's platforms with their own IDs", () => {
  // the main station's two platforms are `HBF_GLEIS_A` and `HBF_GLEIS_B`; T0 leaves from B, T1 from A
  const platformFeed = () =>
    feed(
      [
        { ...station(0), id: "HBF", platforms: ["HBF_GLEIS_A", "HBF_GLEIS_B"] },
        { ...station(1), id: "NORD", platforms: ["NORD_GLEIS_A"] },
        { ...station(2), id: "SUED", platforms: ["SUED_GLEIS_A"] }
      ],
      [
        {
          ...trip("T0", [[0, "08:00"], [1, "08:10"]]),
          calls: [{ station: 0, platform: 1 }, { station: 1, platform: 0 }]
        },
        trip("T1", [[0, "08:05"], [2, "08:15"]])
      ]
    )
  const ask = async (fake: ReturnType<typeof makeMockServer>, query: string) =>
    (await fake.app.request(`/${query}&outputFormat=rapidJSON&itdDate=20260610`)).json() as Promise<any>

  it("answers them on boards, rides' ends and stops, the station as parent; a board at one keeps its calls", async () => {
    const { dataset } = await loadGtfsDataset(platformFeed())
    const fake = makeMockServer({ dataset, now: "2026-06-10T06:00:00Z" })
    const board = await ask(fake, "XML_DM_REQUEST?type_dm=any&name_dm=HBF&mode=direct&itdTime=0750")
    expect(board.stopEvents.map((event: any) => [event.location.id, event.location.type, event.location.parent.id]))
      .toEqual([["HBF_GLEIS_B", "platform", "HBF"], ["HBF_GLEIS_A", "platform", "HBF"]])
    expect(board.stopEvents.map((event: any) => event.location.properties.platformName)).toEqual(["2", "1"])
    const atA = await ask(fake, "XML_DM_REQUEST?type_dm=any&name_dm=HBF_GLEIS_A&mode=direct&itdTime=0750")
    expect(atA.stopEvents.map((event: any) => event.location.id)).toEqual(["HBF_GLEIS_A"])
    const trip = await ask(
      fake,
      "XML_TRIP_REQUEST2?type_origin=any&name_origin=HBF&type_destination=any&name_destination=NORD&itdTime=0800"
    )
    const leg = trip.journeys[0].legs[0]
    expect([leg.origin.id, leg.origin.type, leg.origin.parent.id, leg.destination.id, leg.destination.parent.id])
      .toEqual(["HBF_GLEIS_B", "platform", "HBF", "NORD_GLEIS_A", "NORD"])
    expect(leg.stopSequence.map((stop: any) => [stop.id, stop.parent.id]))
      .toEqual([["HBF_GLEIS_B", "HBF"], ["NORD_GLEIS_A", "NORD"]])
    // a ride's end sent back (a trip from a platform) is that platform
    const back = await ask(
      fake,
      "XML_TRIP_REQUEST2?type_origin=any&name_origin=HBF_GLEIS_B&type_destination=any&name_destination=NORD" +
        "&itdTime=0800"
    )
    expect(back.journeys[0].legs[0].origin.id).toBe("HBF_GLEIS_B")
  })

  it("writes them in the dataset folder of `dataset from-gtfs`", async () => {
    const { dataset } = await loadGtfsDataset(platformFeed())
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-platforms-"))
    folders.push(folder)
    await writeDataset(dataset, folder)
    const timetable = JSON.parse(fs.readFileSync(path.join(folder, "timetable.json"), "utf8"))
    expect(timetable.platforms).toContainEqual({ id: "HBF_GLEIS_A", stop: "HBF", name: "1" })
    expect(timetable.platforms).toContainEqual({ id: "HBF_GLEIS_B", stop: "HBF", name: "2" })
    expect(timetable.trips.find((trip: any) => trip.id === "T0").calls.map((call: Array<string>) => call[3]))
      .toEqual(["HBF_GLEIS_B", "NORD_GLEIS_A"])
  })
})

describe("a GTFS feed's stop_headsign", () => {
  it("is the destination shown at that call on boards and on rides boarding there, the trip's headsign elsewhere", async () => {
    const folder = feed(
      [station(0), station(1), station(2)],
      [{ ...trip("T0", [[0, "08:00"], [1, "08:10"], [2, "08:20"]]), headsign: "Airport" }]
    )
    // at ST0 the vehicle shows "City via Airport"; at ST1 the feed says nothing (the trip's headsign)
    const stopTimes = `${folder}/stop_times.txt`
    const [header, ...rows] = fs.readFileSync(stopTimes, "utf8").trim().split("\n")
    fs.writeFileSync(
      stopTimes,
      [`${header},stop_headsign`, ...rows.map((row, i) => `${row},${i === 0 ? "City via Airport" : ""}`)].join("\n")
    )
    const { dataset } = await loadGtfsDataset(folder)
    expect(dataset.timetable!.trips[0]!.stopHeadsigns).toEqual(["City via Airport", null, null])
    const fake = makeMockServer({ dataset, now: "2026-06-10T06:00:00Z" })
    const shown = async (stop: string) => {
      const board = await (await fake.app.request(
        `/XML_DM_REQUEST?outputFormat=rapidJSON&type_dm=any&name_dm=${stop}&mode=direct&itdDate=20260610&itdTime=0750`
      )).json() as { stopEvents: Array<any> }
      return board.stopEvents[0].transportation.destination.name
    }
    expect([await shown("ST0"), await shown("ST1")]).toEqual(["City via Airport", "Airport"])
    const answer = await (await fake.app.request(
      "/XML_TRIP_REQUEST2?outputFormat=rapidJSON&type_origin=any&name_origin=ST0&type_destination=any" +
        "&name_destination=ST2&itdDate=20260610&itdTime=0800"
    )).json() as { journeys: Array<{ legs: Array<any> }> }
    expect(answer.journeys[0]!.legs[0].transportation.destination.name).toBe("City via Airport")
  })
})
