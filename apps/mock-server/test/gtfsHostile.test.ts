// Feeds a user may have downloaded from anywhere: each one is refused with the file, the line and the field (or
// read within its bounds), in bounded memory and time, and nothing is half loaded or half written.
import GtfsRealtimeBindings from "gtfs-realtime-bindings"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { performance } from "node:perf_hooks"
import { describe, expect, it } from "vitest"
import { DEFAULT_GTFS_LIMITS, type GtfsLimits, loadGtfsDataset, writeDataset } from "../src/gtfs.js"
import { smallFeed, smallFeedFiles } from "./support/gtfsFeed.js"
import { deflatedRun, makeZip, type ZipEntry } from "./support/zip.js"

const MiB = 1024 * 1024

// What a load costs: the heap it adds (after a collection where the test runs with --expose-gc) and the time.
const measured = async <A>(run: () => Promise<A>) => {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const before = process.memoryUsage()
  const started = performance.now()
  let peak = 0
  const timer = setInterval(() => {
    const now = process.memoryUsage()
    peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers)
  }, 5)
  try {
    const result = await run()
    return { result, millis: performance.now() - started, peak }
  } finally {
    clearInterval(timer)
    const now = process.memoryUsage()
    peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers)
  }
}

const failure = (feed: string, limits?: Partial<GtfsLimits>) =>
  loadGtfsDataset(feed, { limits }).then(() => "loaded", (error: Error) => error.message)

// the ceilings of a hostile load: generous, far below what the feeds cost before they were bounded
const HEAP_CEILING = 300 * MiB
const TIME_CEILING_MILLIS = 30_000

const zipFile = (entries: ReadonlyArray<ZipEntry>) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-zip-")), "feed.zip")
  fs.writeFileSync(file, makeZip(entries))
  return file
}

const smallZip = (overrides: Record<string, string | undefined> = {}, extra: ReadonlyArray<ZipEntry> = []) =>
  zipFile([
    ...Object.entries(smallFeedFiles(overrides)).flatMap(([name, data]) => data === undefined ? [] : [{ name, data }]),
    ...extra
  ])

describe("frequencies.txt is bounded", () => {
  it("a row of 3.6 million runs is refused at its line, before any is made", async () => {
    const feed = smallFeed({ "frequencies.txt": "trip_id,start_time,end_time,headway_secs\nt1,00:00:00,999:59:59,1\n" })
    const { millis, peak, result } = await measured(() => failure(feed))
    expect(result).toContain(
      "GTFS file frequencies.txt line 2 field headway_secs: 3599999 trips from 00:00:00 to 999:59:59 every 1 s"
    )
    expect(result).toContain("maxFrequencyRuns 10000; raise it with --gtfs-limit maxFrequencyRuns=<n>")
    expect(peak).toBeLessThan(HEAP_CEILING)
    expect(millis).toBeLessThan(TIME_CEILING_MILLIS)
  })

  it("rows within the bound of a row, but too many for the feed, are refused at the row that passes it", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `t1,${String(i).padStart(2, "0")}:00:00,${i}:59:59,60`)
    const feed = smallFeed({ "frequencies.txt": ["trip_id,start_time,end_time,headway_secs", ...rows].join("\n") })
    expect(await failure(feed, { maxTrips: 200 })).toContain(
      "GTFS file frequencies.txt line 5 field headway_secs: the runs bring the feed to 241 trips"
    )
    expect(await failure(feed, { maxStopTimes: 300 })).toContain("the runs bring the feed to 362 stop times")
    // raised, the same feed loads: 10 hours of a run a minute, and the other trip
    const { dataset } = await loadGtfsDataset(feed)
    expect(dataset.timetable!.trips).toHaveLength(601)
  })
})

describe("zip archives are bounded", () => {
  // one line of 1 GiB in a zip of about 1 MB
  const bomb = () =>
    smallZip({ "stops.txt": undefined }, [{ name: "stops.txt", ...deflatedRun("stop_id,stop_name\ns1,", "a", 1024) }])

  it("a file that unpacks a thousand times larger is refused before it is unpacked", async () => {
    const feed = bomb()
    expect(fs.statSync(feed).size).toBeLessThan(2 * MiB)
    const { millis, peak, result } = await measured(() => failure(feed))
    expect(result).toMatch(/^GTFS file stops\.txt: unpacks to 1073741845 bytes from \d+, \d+ times as many/)
    expect(result).toContain("maxCompressionRatio 100")
    expect(peak).toBeLessThan(HEAP_CEILING)
    expect(millis).toBeLessThan(TIME_CEILING_MILLIS)
  })

  it("the ratio raised, its line is refused at 64 KiB of it, the line named", async () => {
    const { millis, peak, result } = await measured(() => failure(bomb(), { maxCompressionRatio: 10_000 }))
    expect(result).toContain("GTFS file stops.txt line 2: a line passes 65536 characters")
    expect(result).toContain("maxLineLength 65536")
    expect(peak).toBeLessThan(HEAP_CEILING)
    expect(millis).toBeLessThan(TIME_CEILING_MILLIS)
  })

  it("a file, or all the files, larger than their bound are refused by their sizes", async () => {
    expect(await failure(bomb(), { maxCompressionRatio: 10_000, maxFileBytes: 512 * MiB })).toContain(
      "GTFS file stops.txt: unpacks to 1073741845 bytes (the limit: maxFileBytes 536870912"
    )
    expect(await failure(bomb(), { maxCompressionRatio: 10_000, maxFeedBytes: 512 * MiB })).toContain(
      "brings the feed's files to"
    )
    // a folder's files by their sizes on disk
    expect(await failure(smallFeed(), { maxFileBytes: 100 })).toMatch(/GTFS file \w+\.txt: has \d+ bytes/)
  })

  it("a file twice, or outside the feed's folder, is refused", async () => {
    const stops = smallFeedFiles()["stops.txt"]!
    expect(await failure(smallZip({}, [{ name: "feed/stops.txt", data: stops }]))).toContain(
      "GTFS file feed/stops.txt: is outside the feed's root (the top of feed.zip)"
    )
    expect(await failure(smallZip({}, [{ name: "stops.txt", data: stops }]))).toContain(
      "GTFS file stops.txt: is in feed.zip twice"
    )
    expect(await failure(smallZip({}, [{ name: "../stops.txt", data: stops }]))).toBe(
      "GTFS file ../stops.txt: is outside the feed's root (invalid relative path in feed.zip)"
    )
    expect(await failure(smallZip({}, [{ name: "/etc/stops.txt", data: stops }]))).toBe(
      "GTFS file /etc/stops.txt: is outside the feed's root (absolute path in feed.zip)"
    )
    // all in one folder is a feed
    const inFolder = zipFile(
      Object.entries(smallFeedFiles()).map(([name, data]) => ({ name: `gtfs/${name}`, data: data! }))
    )
    expect((await loadGtfsDataset(inFolder)).dataset.timetable!.trips).toHaveLength(2)
  })
})

describe("calendars are bounded", () => {
  it("a calendar from the year 1 to 9999 is read as far as the window goes", async () => {
    const feed = smallFeed({
      "calendar.txt":
        "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,1,1,00010101,99991231\n"
    })
    const { millis, peak, result } = await measured(() => loadGtfsDataset(feed, { limits: { maxCalendarDays: 30 } }))
    expect(result.dataset.timetable!.calendars[0]!.dates).toHaveLength(30)
    expect(result.fallbacks).toContain(
      "calendar: the days after 0001-01-30 are left out (1 rows run past them; maxCalendarDays 30, raise it with --gtfs-limit maxCalendarDays=<n>)"
    )
    expect(peak).toBeLessThan(HEAP_CEILING)
    expect(millis).toBeLessThan(TIME_CEILING_MILLIS)
  })

  it("with the default window, a calendar of 9999 years costs no more than one of three", async () => {
    const feed = smallFeed({
      "calendar.txt":
        "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,1,1,20260302,99991231\n"
    })
    const { millis, peak, result } = await measured(() => loadGtfsDataset(feed))
    expect(result.dataset.timetable!.calendars[0]!.dates).toHaveLength(DEFAULT_GTFS_LIMITS.maxCalendarDays)
    expect(result.dataset.meta.validTo).toBe("2029-03-05")
    expect(peak).toBeLessThan(HEAP_CEILING)
    expect(millis).toBeLessThan(TIME_CEILING_MILLIS)
  })
})

describe("fields and lines are bounded", () => {
  it("a stop name of 5,000 characters is refused at its line and field; one of 50 MB by its line", async () => {
    const named = (name: string) =>
      smallFeed({
        "stops.txt": [
          "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code",
          "de:08111:1,Markt,48.70,9.10,1,,",
          "de:08111:1:1,Markt Gleis 1,48.7001,9.1001,0,de:08111:1,1",
          `de:08111:2,${name},48.75,9.15,1,,`,
          "de:08111:2:3,Bahnhof Gleis 3,48.7501,9.1501,0,de:08111:2,3"
        ].join("\n")
      })
    expect(await failure(named("B".repeat(5000)))).toContain(
      "GTFS file stops.txt line 4 field stop_name: has 5000 characters (the limit: maxFieldLength 4096"
    )
    const { peak, result } = await measured(() => failure(named("B".repeat(50 * MiB))))
    expect(result).toContain("GTFS file stops.txt line 4: a line passes 65536 characters")
    expect(peak).toBeLessThan(HEAP_CEILING)
    // raised, the long name loads
    expect(
      (await loadGtfsDataset(named("B".repeat(5000)), { limits: { maxFieldLength: 5000 } })).dataset.stops[1]!.name
    ).toHaveLength(5000)
  })

  it("limits that are not whole numbers of at least 1, or no limit at all, are refused by name", async () => {
    expect(await failure(smallFeed(), { maxTrips: 0 })).toContain("field maxTrips: 0 is not a whole number")
    expect(await failure(smallFeed(), { maxTrips: 1.5 })).toContain("field maxTrips: 1.5 is not a whole number")
    expect(await failure(smallFeed(), { maxTrip: 5 } as Partial<GtfsLimits>)).toContain(
      "field maxTrip: is no GTFS limit"
    )
  })
})

const CALENDAR_HEADER = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date"

describe("duplicates are refused in every file", () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    [
      "a service twice in calendar.txt",
      {
        "calendar.txt": `${CALENDAR_HEADER}\nWK,1,1,1,1,1,0,0,20260302,20260306\nWK,0,0,0,0,0,1,1,20260302,20260306\n`
      },
      "GTFS file calendar.txt line 3 field service_id: duplicate service WK"
    ],
    [
      "an agency twice",
      {
        "agency.txt":
          "agency_id,agency_name,agency_url,agency_timezone\nAG,One,https://example.org,Europe/Berlin\nAG,Two,https://example.org,Europe/Berlin\n"
      },
      "GTFS file agency.txt line 3 field agency_id: duplicate agency AG"
    ],
    [
      "two agencies without an ID",
      {
        "agency.txt":
          "agency_name,agency_url,agency_timezone\nOne,https://example.org,Europe/Berlin\nTwo,https://example.org,Europe/Berlin\n"
      },
      "GTFS file agency.txt line 3 field agency_id: a second agency without agency_id"
    ],
    [
      "a date of a service twice in calendar_dates.txt",
      { "calendar_dates.txt": "service_id,date,exception_type\nWK,20260307,1\nWK,20260307,2\n" },
      "GTFS file calendar_dates.txt line 3 field date: service WK has 2026-03-07 twice (line 2 too)"
    ],
    [
      "a run of a trip twice in frequencies.txt",
      {
        "frequencies.txt":
          "trip_id,start_time,end_time,headway_secs\nt1,08:00:00,09:00:00,600\nt1,08:00:00,10:00:00,900\n"
      },
      "GTFS file frequencies.txt line 3 field start_time: trip t1 has start_time 08:00:00 twice (line 2 too)"
    ],
    [
      "overlapping frequencies",
      {
        "frequencies.txt":
          "trip_id,start_time,end_time,headway_secs\nt1,08:00:00,09:00:00,600\nt1,08:30:00,10:00:00,900\n"
      },
      "trip t1 runs at 08:30:00 twice"
    ],
    [
      "a transfer twice",
      {
        "transfers.txt":
          "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nde:08111:1,de:08111:2,2,300\nde:08111:1,de:08111:2,2,600\n"
      },
      "GTFS file transfers.txt line 3 field from_stop_id: the same transfer as line 2"
    ],
    [
      "a point of a shape twice",
      {
        "trips.txt":
          "route_id,service_id,trip_id,trip_headsign,direction_id,shape_id\nr-1,WK,t1,Bahnhof,0,sh\nr-1,WK,t2,Bahnhof,0,sh\n",
        "shapes.txt":
          "shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nsh,48.70,9.10,1\nsh,48.72,9.12,2\nsh,48.75,9.15,2\n"
      },
      "GTFS file shapes.txt line 4 field shape_pt_sequence: shape sh has shape_pt_sequence 2 twice (line 3 too)"
    ],
    [
      "a column twice in a header",
      { "routes.txt": "route_id,agency_id,route_short_name,route_type,route_type\nr-1,AG,S9,109,3\n" },
      "GTFS file routes.txt line 1 field route_type: is a column twice in the header"
    ]
  ]
  for (const [name, files, message] of cases) {
    it(name, async () => {
      expect(await failure(smallFeed(files))).toContain(message)
    })
  }

  it("a fare rule twice", async () => {
    const fares = {
      "fare_attributes.txt": "fare_id,price,currency_type,payment_method,transfers\nALL,2.70,EUR,0,\n",
      "fare_rules.txt": "fare_id,route_id\nALL,r-1\nALL,r-1\n"
    }
    expect(await failure(smallFeed(fares))).toContain(
      "GTFS file fare_rules.txt line 3 field fare_id: the same rule as line 2"
    )
  })
})

describe("dates, text and headers", () => {
  it("an impossible date names its file, line and field, not the converted dataset", async () => {
    expect(await failure(smallFeed({ "calendar.txt": `${CALENDAR_HEADER}\nWK,1,1,1,1,1,0,0,20190401,20190431\n` })))
      .toBe("GTFS file calendar.txt line 2 field end_date: \"20190431\" is not a date YYYYMMDD")
    expect(await failure(smallFeed({ "calendar_dates.txt": "service_id,date,exception_type\nWK,20260230,1\n" })))
      .toBe("GTFS file calendar_dates.txt line 2 field date: \"20260230\" is not a date YYYYMMDD")
  })

  it("an impossible GTFS-Realtime start date names its file and field", async () => {
    const rt = GtfsRealtimeBindings.transit_realtime
    const message = rt.FeedMessage.fromObject({
      header: { gtfsRealtimeVersion: "2.0", timestamp: 1772432000 },
      entity: [{ id: "1", tripUpdate: { trip: { tripId: "t1", startDate: "20190231" } } }]
    })
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-rt-")), "updates.pb")
    fs.writeFileSync(file, rt.FeedMessage.encode(message).finish())
    expect(await loadGtfsDataset(smallFeed(), { realtime: file }).then(() => "loaded", (error: Error) => error.message))
      .toBe("GTFS file updates.pb field entity[0].trip_update.trip.start_date: \"20190231\" is not a date YYYYMMDD")
  })

  it("Latin-1 text is refused at its line and field", async () => {
    const feed = smallFeed()
    const stops = fs.readFileSync(path.join(feed, "stops.txt"), "utf8").replace("Markt Gleis 1", "Marktstraße 1")
    fs.writeFileSync(path.join(feed, "stops.txt"), Buffer.from(stops, "latin1"))
    expect(await failure(feed)).toBe(
      "GTFS file stops.txt line 3 field stop_name: is not UTF-8 text (a byte such as Latin-1's for ä is no character in UTF-8): save the file as UTF-8"
    )
    // the same in UTF-8 loads
    fs.writeFileSync(path.join(feed, "stops.txt"), stops)
    expect((await loadGtfsDataset(feed)).dataset.stops).toHaveLength(2)
  })

  it("Latin-1 text is refused where a read chunk ends inside it; UTF-8 split between chunks loads", async () => {
    // entrances (left out) to fill the first 64 KiB the file is read in, then a name whose `ß` is its last byte
    const head = smallFeedFiles()["stops.txt"]!
    const rows: Array<string> = []
    for (let i = 0; head.length + rows.join("\n").length < 64_000; i++) rows.push(`e${i},Eingang,48.7,9.1,2,,`)
    const filler = rows.join("\n")
    const padding = 65_535 - (head.length + 1 + filler.length + 1 + "x1,Stra".length)
    const line = `x1,Stra${"s".repeat(padding)}ße,48.7,9.1,2,,`
    const text = `${head}\n${filler}\n${line}\n`
    const feed = smallFeed()
    fs.writeFileSync(path.join(feed, "stops.txt"), Buffer.from(text, "latin1"))
    expect(Buffer.from(text, "latin1")[65_535]).toBe(0xdf)
    expect(await failure(feed)).toContain(
      `GTFS file stops.txt line ${rows.length + 6} field stop_name: is not UTF-8 text`
    )
    // in UTF-8 the `ß` is split between the two chunks: it loads
    fs.writeFileSync(path.join(feed, "stops.txt"), text)
    expect((await loadGtfsDataset(feed)).dataset.stops).toHaveLength(2)
  })

  it("a file without its header line is refused, not read as no rows", async () => {
    expect(await failure(smallFeed({ "routes.txt": "r-1,AG,S9,,109\n" }))).toBe(
      "GTFS file routes.txt line 1: has no header line: the first line names no route_id, route_type and has \"r-1\", which is no column name (a file's first line names its columns)"
    )
    expect(await failure(smallFeed({ "calendar_dates.txt": "WK,20260307,1\n" }))).toContain(
      "GTFS file calendar_dates.txt line 1: has no header line"
    )
    expect(await failure(smallFeed({ "transfers.txt": "" }))).toBe(
      "GTFS file transfers.txt: is empty: a file's first line names its columns"
    )
  })
})

describe("dataset from-gtfs writes its folder whole or not at all", () => {
  it("a write that fails leaves no folder and no part of one; a folder there is replaced whole", async () => {
    const { dataset } = await loadGtfsDataset(smallFeed())
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-write-"))
    const target = path.join(parent, "dataset")
    // a tariff that does not encode: the files before it are written, then the write fails
    const broken = { ...dataset, tariff: { network: 42 } } as unknown as typeof dataset
    await expect(writeDataset(broken, target)).rejects.toThrow()
    expect(fs.readdirSync(parent)).toEqual([])

    await writeDataset(dataset, target)
    expect(fs.statSync(target).mode & 0o777).toBe(0o777 & ~process.umask())
    fs.writeFileSync(path.join(target, "stale.json"), "{}")
    await writeDataset(dataset, target)
    expect(fs.readdirSync(parent)).toEqual(["dataset"])
    expect(fs.existsSync(path.join(target, "stale.json"))).toBe(false)
    await expect(writeDataset(broken, target)).rejects.toThrow()
    expect(fs.readdirSync(parent)).toEqual(["dataset"])
    expect(fs.existsSync(path.join(target, "timetable.json"))).toBe(true)
  })
})
