import { Point } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { answerStopFinder } from "../src/answers/stopFinder.js"
import { distanceMeters } from "../src/dataset/geometry.js"
import { accessStops, lookupOf, stopsNear } from "../src/dataset/lookup.js"
import { bestLocation } from "../src/search/locations.js"
import { contextAt, dataset } from "./support/answerContext.js"

// Every stop, and the points halfway between neighbouring stops of the dataset's order.
const probes = dataset.stops.flatMap((stop, i) => {
  const next = dataset.stops[(i + 1) % dataset.stops.length]!
  return [stop.coord, { lat: (stop.coord.lat + next.coord.lat) / 2, lon: (stop.coord.lon + next.coord.lon) / 2 }]
})

const byScan = (point: { lat: number; lon: number }, meters: number) =>
  dataset.stops
    .map((stop) => ({ id: stop.id as string, meters: distanceMeters(point, stop.coord) }))
    .filter((hit) => hit.meters <= meters)
    .sort((a, b) => a.meters - b.meters || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

describe("the look-up index", () => {
  it("finds the stops near a position as a scan of every stop would: within the radius, nearest first, ties by ID", () => {
    for (const radius of [dataset.meta.transferRadiusMeters, dataset.meta.accessRadiusMeters, 2_500]) {
      for (const point of probes) {
        const found = stopsNear(dataset, point, radius).map((hit) => ({
          id: hit.stop.id as string,
          meters: hit.meters
        }))
        expect(found).toEqual(byScan(point, radius))
      }
    }
  })

  it("lists each stop's walking transfers by the same rule", () => {
    const lookup = lookupOf(dataset)
    for (const stop of dataset.stops) {
      const expected = byScan(stop.coord, dataset.meta.transferRadiusMeters).filter((hit) => hit.id !== stop.id)
      expect(lookup.transfers.get(stop.id)!.map((transfer) => transfer.to)).toEqual(expected.map((hit) => hit.id))
    }
  })

  it("reaches the nearest stop from just outside the access radius, and nothing from far away", () => {
    const stop = dataset.stops[0]!
    const radius = 50
    const outside = { lat: stop.coord.lat + 0.0006, lon: stop.coord.lon } // about 67 m north
    const nearest = byScan(outside, Infinity)[0]!
    expect(nearest.meters).toBeGreaterThan(radius)
    expect(nearest.meters).toBeLessThanOrEqual(2 * radius)
    expect(accessStops(dataset, outside, radius).map((hit) => hit.stop.id)).toEqual([nearest.id])
    expect(accessStops(dataset, { lat: 0, lon: 0 }, radius)).toEqual([])
  })
})

describe("location search", () => {
  it("takes as a point's best match what the stop finder ranks first", () => {
    const texts = [
      ...dataset.stops.map((stop) => stop.name.slice(0, 6)),
      ...dataset.pois.map((poi) => poi.name),
      ...dataset.places!.streets.map((street) => street.name),
      "Königstraße 12",
      "Königstraße 13"
    ]
    for (const text of texts) {
      const answer = answerStopFinder({ input: Point.any(text), houseNumberResolution: true }, contextAt())
      expect(bestLocation(text, dataset)?.object.id).toEqual(answer.locations[0]?.id)
    }
  })
})
