import { LocalDateTime } from "@efa-kit/core"
import { Either, FastCheck as fc } from "effect"
import * as fs from "node:fs"
import { describe, expect, it } from "vitest"
import { propertyRuns } from "../../../test-support/properties.js"
import type { Dataset } from "../src/dataset/schema.js"
import { type Journey, searchAll, timetableAround } from "../src/engine/raptor.js"
import { loadGtfsDataset } from "../src/gtfs.js"
import { makeMockServer } from "../src/http/app.js"
import {
  DEFAULT_CHANGE,
  feedArb,
  type FeedModel,
  modelRuns,
  originOf,
  QUERY_DATE,
  referenceSearch,
  scopedQueries,
  transferSeconds,
  walkSeconds,
  writeFeed
} from "./support/randomFeed.js"

const UTC = Either.getOrThrow(LocalDateTime.zone("UTC"))
const MAX_RIDES = 4

const load = async (model: FeedModel): Promise<Dataset> => {
  const folder = writeFeed(model)
  try {
    return (await loadGtfsDataset(folder)).dataset
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

// the router's journeys from one station to another, leaving at or after `departure`
const route = (dataset: Dataset, origin: string, destination: string, departure: number) =>
  searchAll(
    timetableAround(dataset, QUERY_DATE, UTC),
    [{ stop: origin, ready: departure }],
    [{ stop: destination, egress: 0 }],
    {
      maxRides: MAX_RIDES,
      changeSeconds: DEFAULT_CHANGE,
      usePattern: () => true,
      changeAt: () => true,
      prefer: "fastest"
    }
  )

// Why a journey breaks the feed's rules, or undefined: every ride a run of the feed on its day (its stops and
// times), boarded no earlier than one is there, every change or walk between two rides at least the time the feed's
// rules give for the two trips (the station's change time, the walk, or a row for the trips or their routes) and not
// where they forbid it, every walk before the first ride or after the last one the feed lists with its time, from
// the origin to the destination.
const violation = (
  model: FeedModel,
  journey: Journey,
  origin: string,
  destination: string,
  departure: number
): string | undefined => {
  const runs = modelRuns(model, QUERY_DATE)
  let at = origin
  let time = departure
  // how one got to `at`: "start", "ride" (a change needs the change time), "walk"
  let how: "start" | "ride" | "walk" = "start"
  let rides = 0
  // the last ride's trip, where it ended, and when
  let last: { readonly trip: number; readonly station: string; readonly arrival: number } | undefined
  const segments = journey.segments
  for (const [i, segment] of segments.entries()) {
    if (segment._tag === "Walk") {
      if (segment.from !== at) return `walk from ${segment.from}, but the journey is at ${at}`
      if (how === "walk") return "two walks in a row"
      if (segment.departure < time) return `walk leaves at ${segment.departure} before ${time}`
      const next = segments[i + 1]
      if (last === undefined || next === undefined) {
        // before the first ride or after the last: a walk of the feed's stations' rows
        const seconds = walkSeconds(model, segment.from, segment.to)
        if (seconds === undefined) return `walk ${segment.from} -> ${segment.to} is not in the feed`
        if (segment.arrival - segment.departure !== seconds) return `walk ${segment.from} -> ${segment.to} time`
      }
      at = segment.to
      time = segment.arrival
      how = "walk"
      continue
    }
    const { alight, board, run } = segment
    const tripId = run.trip?.id
    const found = runs.find((r) => r.id === tripId && r.date === run.serviceDate)
    if (found === undefined) return `run ${tripId} on ${run.serviceDate} is not in the feed`
    if (
      JSON.stringify(found.stations) !== JSON.stringify(run.stops) ||
      JSON.stringify(found.departures) !== JSON.stringify(run.departures) ||
      JSON.stringify(found.arrivals) !== JSON.stringify(run.arrivals)
    ) return `run ${tripId} on ${run.serviceDate} differs from the feed`
    if (!(board < alight)) return "a ride alights before it boards"
    if (run.stops[board] !== at) return `ride boards at ${run.stops[board]}, but the journey is at ${at}`
    const ready = last === undefined
      ? time
      : Math.max(time, last.arrival + transferSeconds(model, last.station, last.trip, at, found.trip))
    if (run.departures[board]! < ready) return `ride leaves ${at} at ${run.departures[board]} before ${ready}`
    at = run.stops[alight]!
    time = run.arrivals[alight]!
    last = { trip: found.trip, station: at, arrival: time }
    how = "ride"
    rides++
  }
  if (at !== destination) return `the journey ends at ${at}`
  if (time !== journey.arrival) return `arrives at ${time}, says ${journey.arrival}`
  if (rides !== journey.rides) return `has ${rides} rides, says ${journey.rides}`
  return undefined
}

const query = (model: FeedModel) =>
  fc.record({
    origin: fc.integer({ min: 0, max: model.stations.length - 1 }),
    destination: fc.integer({ min: 0, max: model.stations.length - 1 }),
    // from 00:00 of the query day (the day before's late runs) to 27:00
    time: fc.integer({ min: 0, max: 27 * 3600 })
  }).filter((q) => q.origin !== q.destination)

describe("the router against a reference search on random feeds", () => {
  it(
    "finds the reference's Pareto set of arrival and rides, every journey feasible (rows for trips or routes too)",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          feedArb.chain((model) =>
            fc.tuple(fc.constant(model), fc.array(query(model), { minLength: 1, maxLength: 8 }))
          ),
          async ([model, queries]) => {
            const dataset = await load(model)
            // and where the feed's rows for trips or routes may decide
            for (const q of [...queries, ...scopedQueries(model).slice(0, 8)]) {
              const origin = model.stations[q.origin]!.id
              const destination = model.stations[q.destination]!.id
              const departure = originOf(QUERY_DATE) + q.time
              const expected = referenceSearch(model, QUERY_DATE, origin, destination, departure, MAX_RIDES)
              const journeys = route(dataset, origin, destination, departure)
              expect(journeys.map((journey) => [journey.arrival, journey.rides]), JSON.stringify(q)).toEqual(expected)
              for (const journey of journeys) {
                expect(violation(model, journey, origin, destination, departure), JSON.stringify(q)).toBeUndefined()
              }
            }
          }
        ),
        { numRuns: Number(process.env["RUNS"] ?? propertyRuns(100)) }
      )
    },
    120_000
  )

  it(
    "answers trip requests (by departure or arrival) with journeys that never arrive before they leave, legs in order",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          feedArb.chain((model) =>
            fc.tuple(
              fc.constant(model),
              fc.array(fc.tuple(query(model), fc.constantFrom("dep", "arr")), { minLength: 1, maxLength: 4 })
            )
          ),
          async ([model, queries]) => {
            const fake = makeMockServer({ dataset: await load(model), now: "2026-06-10T06:00:00Z" })
            for (const [q, depArr] of queries) {
              const hhmm = `${String(Math.floor(q.time / 3600) % 24).padStart(2, "0")}${
                String(Math.floor(q.time / 60) % 60).padStart(2, "0")
              }`
              const response = await fake.app.request(
                `/XML_TRIP_REQUEST2?outputFormat=rapidJSON&type_origin=any&name_origin=${
                  model.stations[q.origin]!.id
                }` +
                  `&type_destination=any&name_destination=${model.stations[q.destination]!.id}` +
                  `&itdDate=20260610&itdTime=${hhmm}&itdTripDateTimeDepArr=${depArr}`
              )
              expect(response.status).toBe(200)
              const body = await response.json() as { journeys?: Array<{ legs: Array<any> }> }
              const asked = new Date((originOf(QUERY_DATE) + (q.time % 86_400) - (q.time % 60)) * 1000).toISOString()
                .replace(".000", "")
              // by departure, the answer holds the reference's Pareto set (each number of rides with its arrival)
              if (depArr === "dep") {
                const origin = model.stations[q.origin]!.id
                const destination = model.stations[q.destination]!.id
                const expected = referenceSearch(model, QUERY_DATE, origin, destination, Date.parse(asked) / 1000, 6)
                const found = (body.journeys ?? []).map((journey) => {
                  const rides = journey.legs.filter((leg) => ![99, 100].includes(leg.transportation?.product?.class))
                  const arrival = journey.legs[journey.legs.length - 1].destination.arrivalTimePlanned as string
                  return `${Date.parse(arrival) / 1000}/${rides.length}`
                })
                for (const [arrival, rides] of expected) {
                  expect(found, `${asked} ${JSON.stringify(expected)}`).toContain(`${arrival}/${rides}`)
                }
              }
              for (const journey of body.journeys ?? []) {
                const legs = journey.legs
                if (depArr === "dep") expect(legs[0].origin.departureTimePlanned >= asked, asked).toBe(true)
                else expect(legs[legs.length - 1].destination.arrivalTimePlanned <= asked, asked).toBe(true)
                let time = ""
                for (const leg of journey.legs) {
                  const leave = leg.origin.departureTimePlanned as string
                  const arrive = leg.destination.arrivalTimePlanned as string
                  expect(leave >= time, JSON.stringify(journey.legs)).toBe(true)
                  expect(arrive >= leave, JSON.stringify(leg)).toBe(true)
                  time = arrive
                }
              }
            }
          }
        ),
        { numRuns: Number(process.env["RUNS"] ?? propertyRuns(40)) }
      )
    },
    120_000
  )
})
