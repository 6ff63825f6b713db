import { FastCheck as fc } from "effect"
import GtfsRealtimeBindings from "gtfs-realtime-bindings"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { propertyRuns } from "../../../test-support/properties.js"
import { decodeTripUpdates } from "../src/dataset/gtfs/protobuf.js"
import { loadGtfsDataset } from "../src/gtfs.js"
import { makeMockServer } from "../src/http/app.js"
import { call } from "./helpers.js"
import { writeFeed } from "./support/randomFeed.js"

const rt = GtfsRealtimeBindings.transit_realtime
const folders: Array<string> = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

// one trip on 2026-06-10 (UTC): ST0 08:00, ST1 08:12, ST2 08:20, ST3 08:30 (stop_sequence 1, 11, 21, 31)
const feed = (): string => {
  const folder = writeFeed({
    stations: [0, 1, 2, 3].map((i) => ({ id: `ST${i}`, platforms: [`ST${i}_P0`], change: undefined, changeOn: -1 })),
    trips: [{
      id: "T0",
      calls: [0, 1, 2, 3].map((station) => ({ station, platform: 0 })),
      arrivals: [8 * 3600, 8 * 3600 + 720, 8 * 3600 + 1200, 8 * 3600 + 1800],
      departures: [8 * 3600, 8 * 3600 + 720, 8 * 3600 + 1200, 8 * 3600 + 1800],
      service: 0,
      direction: 0
    }],
    walks: [],
    forbiddenWalks: [],
    services: [{ weekdays: [true, true, true, true, true, true, true], added: [], removed: [] }]
  })
  folders.push(folder)
  return folder
}

const updatesFile = (stopTimeUpdate: ReadonlyArray<object>, trip: object = { tripId: "T0", startDate: "20260610" }) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-rt-"))
  folders.push(folder)
  const file = path.join(folder, "updates.pb")
  const message = rt.FeedMessage.fromObject({
    header: { gtfsRealtimeVersion: "2.0", timestamp: 1781078400 },
    entity: [{ id: "1", tripUpdate: { trip, stopTimeUpdate } }]
  })
  fs.writeFileSync(file, rt.FeedMessage.encode(message).finish())
  return file
}

// the board at ST0, ST1 and ST2 with real time: the estimated departure's clock (the calls before a trip's first
// update are on time; a trip without update gets the fake's own estimates)
const estimates = async (realtime: string | undefined) => {
  const { dataset, fallbacks } = await loadGtfsDataset(feed(), { realtime })
  const fake = makeMockServer({ dataset, now: "2026-06-10T07:50:00Z" })
  const board = async (stop: string) => {
    const answer = await call(fake, "XML_DM_REQUEST", {
      outputFormat: "rapidJSON",
      type_dm: "any",
      name_dm: stop,
      mode: "direct",
      useRealtime: "1"
    })
    const event = (answer.json.stopEvents as Array<any> | undefined)?.[0]
    if (event === undefined) return "none"
    return (event.departureTimeEstimated as string | undefined)?.slice(11, 19) ?? "no estimate"
  }
  return { fallbacks, boards: [await board("ST0"), await board("ST1"), await board("ST2")] }
}

// the epoch seconds of a clock time on 2026-06-10 (UTC)
const at = (clock: string) => Date.parse(`2026-06-10T${clock}Z`) / 1000

describe("GTFS-Realtime trip updates", () => {
  it("decodes what the official bindings encode", () => {
    const event = fc.record({
      delay: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: undefined }),
      time: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined })
    })
    const stopTimeUpdate = fc.record({
      stopSequence: fc.option(fc.nat({ max: 2 ** 31 }), { nil: undefined }),
      stopId: fc.option(fc.string({ unit: "grapheme", maxLength: 8 }), { nil: undefined }),
      arrival: fc.option(event, { nil: undefined }),
      departure: fc.option(event, { nil: undefined }),
      scheduleRelationship: fc.constantFrom(0, 1, 2, 3)
    })
    const tripUpdate = fc.record({
      trip: fc.record({
        tripId: fc.option(fc.string({ unit: "grapheme", maxLength: 8 }), { nil: undefined }),
        startDate: fc.option(fc.stringMatching(/^\d{8}$/), { nil: undefined }),
        startTime: fc.option(fc.constant("08:00:00"), { nil: undefined }),
        scheduleRelationship: fc.constantFrom(0, 1, 3)
      }),
      stopTimeUpdate: fc.array(stopTimeUpdate, { maxLength: 3 }),
      delay: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: undefined })
    })
    const clean = <A extends object>(value: A) =>
      Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as A
    fc.assert(
      fc.property(fc.array(fc.option(tripUpdate, { nil: undefined }), { maxLength: 4 }), (entities) => {
        const message = rt.FeedMessage.fromObject({
          header: { gtfsRealtimeVersion: "2.0" },
          entity: entities.map((update, i) =>
            update === undefined ? { id: `${i}` } : {
              id: `${i}`,
              tripUpdate: {
                ...clean(update),
                trip: clean(update.trip),
                stopTimeUpdate: update.stopTimeUpdate.map((u) => ({
                  ...clean(u),
                  ...(u.arrival === undefined ? {} : { arrival: clean(u.arrival) }),
                  ...(u.departure === undefined ? {} : { departure: clean(u.departure) })
                }))
              }
            }
          )
        })
        const decoded = decodeTripUpdates(rt.FeedMessage.encode(message).finish())
        expect(decoded.entities).toBe(entities.length)
        const expected = entities.flatMap((update, entity) =>
          update === undefined ? [] : [{
            entity,
            update: {
              tripId: update.trip.tripId,
              startTime: update.trip.startTime,
              startDate: update.trip.startDate,
              scheduleRelationship: update.trip.scheduleRelationship,
              delay: update.delay,
              stopTimeUpdates: update.stopTimeUpdate.map((u) => ({
                stopSequence: u.stopSequence,
                stopId: u.stopId,
                scheduleRelationship: u.scheduleRelationship,
                arrival: u.arrival === undefined ? undefined : { delay: u.arrival.delay, time: u.arrival.time },
                departure: u.departure === undefined ? undefined : { delay: u.departure.delay, time: u.departure.time }
              }))
            }
          }]
        )
        expect(decoded.tripUpdates).toEqual(expected)
      }),
      { numRuns: propertyRuns(200) }
    )
  })

  it("an absolute time sets the estimate, and its delay carries to the following stops", async () => {
    const { boards } = await estimates(updatesFile([{ stopSequence: 11, departure: { time: at("08:15:00") } }]))
    expect(boards).toEqual(["08:00:00", "08:15:00", "08:23:00"])
  })

  it("an update may name its stop by stop_id (a platform or its station)", async () => {
    const { boards } = await estimates(updatesFile([{ stopId: "ST1_P0", arrival: { delay: 120 } }]))
    expect(boards).toEqual(["08:00:00", "08:14:00", "08:22:00"])
  })

  it("an absolute time without a start date is read on the service day nearest it", async () => {
    const { boards } = await estimates(
      updatesFile([{ stopSequence: 21, departure: { time: at("08:24:00") } }], { tripId: "T0" })
    )
    expect(boards).toEqual(["08:00:00", "08:12:00", "08:24:00"])
  })

  it("an implausible delay, an unknown stop or date, an event without delay or time: reported and left out", async () => {
    const { boards, fallbacks } = await estimates(updatesFile([
      { stopSequence: 1, departure: { delay: 68 * 365 * 86_400 } },
      { stopSequence: 99, departure: { delay: 60 } },
      { stopId: "nowhere", departure: { delay: 60 } },
      { stopSequence: 11, departure: {} }
    ]))
    // nothing applied: the fake's own estimates, as without real time
    expect(boards).toEqual((await estimates(undefined)).boards)
    expect(fallbacks.filter((line) => line.includes("real time") || line.startsWith("  entity"))).toEqual([
      "real time: 0 trip updates, 4 stop or trip updates left out:",
      "  entity[0] (trip \"T0\") stop_time_update[0]: a delay of 2144448000 s is implausible",
      "  entity[0] (trip \"T0\") stop_time_update[1]: stop_sequence 99 is not in the trip",
      "  entity[0] (trip \"T0\") stop_time_update[2]: stop_id \"nowhere\" is not in the trip",
      "  entity[0] (trip \"T0\") stop_time_update[3]: gives neither a delay nor a time"
    ])
    // and in the journal, on the requests answered with real time
    const { dataset } = await loadGtfsDataset(feed(), {
      realtime: updatesFile([{ stopSequence: 99, departure: { delay: 60 } }])
    })
    const fake = makeMockServer({ dataset, now: "2026-06-10T07:50:00Z" })
    await call(fake, "XML_DM_REQUEST", { outputFormat: "rapidJSON", type_dm: "any", name_dm: "ST0", mode: "direct" })
    await call(fake, "XML_STOPFINDER_REQUEST", { outputFormat: "rapidJSON", type_sf: "any", name_sf: "ST0" })
    const journal = await (await fake.app.request("/__admin/journal")).json() as Array<Record<string, unknown>>
    expect(journal.map((entry) => [entry["path"], entry["realtimeLeftOut"]])).toEqual([
      ["XML_DM_REQUEST", ["entity[0] (trip \"T0\") stop_time_update[0]: stop_sequence 99 is not in the trip"]],
      ["XML_STOPFINDER_REQUEST", undefined]
    ])
    // a day that is none is a broken file, refused naming its field
    await expect(estimates(updatesFile([{ stopSequence: 1, departure: { delay: 60 } }], {
      tripId: "T0",
      startDate: "20260231"
    }))).rejects.toThrow("entity[0].trip_update.trip.start_date: \"20260231\" is not a date YYYYMMDD")
  })
})
