/**
 * Look-up tables over a dataset that the stop finder, the coordinate search and the operating-area
 * search share: stops and POIs by ID, the modes and lines at each stop, search forms of the names, and
 * geometry helpers. Built once per dataset.
 *
 * @since 0.1.0
 */
import type { Coord } from "@efa-kit/core"
import type { Dataset, Line, Poi, Stop } from "../dataset/schema.js"
import { distanceMeters } from "../engine/geo.js"
import { indexOf } from "../engine/network.js"
import { forms, tokens } from "../search/text.js"

/**
 * @since 0.1.0
 * @category models
 */
export interface Network {
  readonly stopsById: ReadonlyMap<string, Stop>
  readonly poisById: ReadonlyMap<string, Poi>
  /** The lines calling at a stop, in dataset order. */
  readonly linesAtStop: ReadonlyMap<string, ReadonlyArray<Line>>
  /** The MOT-IDs serving a stop, ascending. */
  readonly motsAtStop: ReadonlyMap<string, ReadonlyArray<number>>
  /** How important a stop is, 0..1: the number of lines calling there against the busiest stop. */
  readonly importance: ReadonlyMap<string, number>
  /** The normalised names (name and aliases) of each stop and POI, for text search. */
  readonly searchForms: ReadonlyMap<string, ReadonlyArray<ReadonlyArray<string>>>
  /** The main stop of each place (the one with the most lines), by the place's normalised name. */
  readonly mainStopOfPlace: ReadonlyMap<string, Stop>
}

const cache = new WeakMap<Dataset, Network>()

/**
 * The look-up tables of a dataset.
 *
 * @since 0.1.0
 * @category constructors
 */
export const networkOf = (dataset: Dataset): Network => {
  const cached = cache.get(dataset)
  if (cached !== undefined) return cached
  const { poiById: poisById, stopById: stopsById } = indexOf(dataset)
  const linesAtStop = new Map<string, Array<Line>>()
  for (const line of dataset.lines) {
    for (const { stop } of line.stops) {
      const list = linesAtStop.get(stop) ?? []
      if (!list.includes(line)) list.push(line)
      linesAtStop.set(stop, list)
    }
  }
  const motsAtStop = new Map<string, Array<number>>()
  for (const [stop, lines] of linesAtStop) {
    motsAtStop.set(stop, Array.from(new Set(lines.map((line) => line.mot))).sort((a, b) => a - b))
  }
  const busiest = Math.max(1, ...Array.from(linesAtStop.values(), (lines) => lines.length))
  const importance = new Map(
    dataset.stops.map((stop) => [stop.id as string, (linesAtStop.get(stop.id)?.length ?? 0) / busiest])
  )
  const searchForms = new Map<string, Array<Array<string>>>()
  for (const stop of dataset.stops) searchForms.set(stop.id, [stop.name, ...stop.aliases].flatMap(forms))
  for (const poi of dataset.pois) searchForms.set(poi.id, forms(poi.name))
  const mainStopOfPlace = new Map<string, Stop>()
  for (const stop of dataset.stops) {
    // "Esslingen (Neckar)" is also found as "Esslingen".
    const names = new Set([tokens(stop.place).join(" "), tokens(stop.place.replace(/\(.*?\)/g, " ")).join(" ")])
    for (const place of names) {
      const current = mainStopOfPlace.get(place)
      if (current === undefined || importance.get(stop.id)! > importance.get(current.id)!) {
        mainStopOfPlace.set(place, stop)
      }
    }
  }
  const network: Network = { stopsById, poisById, linesAtStop, motsAtStop, importance, searchForms, mainStopOfPlace }
  cache.set(dataset, network)
  return network
}

/**
 * The stops nearest to a position, within a radius, nearest first (ties by ID).
 *
 * @since 0.1.0
 * @category geometry
 */
export const stopsNear = (
  dataset: Dataset,
  point: Coord.Coord,
  radiusMeters: number
): Array<{ readonly stop: Stop; readonly distance: number }> =>
  dataset.stops
    .map((stop) => ({ stop, distance: distanceMeters(point, stop.coord) }))
    .filter((hit) => hit.distance <= radiusMeters)
    .sort((a, b) => a.distance - b.distance || (a.stop.id < b.stop.id ? -1 : a.stop.id > b.stop.id ? 1 : 0))
