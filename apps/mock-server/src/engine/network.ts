/**
 * Indexes over a dataset for the routing and line answers: stops by ID, line directions by their
 * identifier, the lines at each stop, walking transfers between nearby stops and a spatial grid.
 * Built once per dataset object and cached.
 *
 * @since 0.1.0
 */
import type { Coord } from "@efa-kit/core"
import type { Dataset, DirectionCode, Line, Poi, Stop } from "../dataset/schema.js"
import { lineId } from "../dataset/schema.js"
import { distanceMeters, type Grid, makeGrid, walkSeconds } from "./geo.js"

/**
 * One direction of a line with its identifier and stop sequence in travel order.
 *
 * @since 0.1.0
 * @category models
 */
export interface LineDirection {
  /** `<network>:<code>:<supplement>:<direction>` */
  readonly id: string
  readonly line: Line
  readonly direction: DirectionCode
  /** Stop IDs in travel order. */
  readonly stops: ReadonlyArray<string>
  /** The destination text. */
  readonly towards: string
}

/**
 * A walk between two nearby stops.
 *
 * @since 0.1.0
 * @category models
 */
export interface Transfer {
  readonly to: string
  readonly meters: number
  readonly seconds: number
}

/**
 * @since 0.1.0
 * @category models
 */
export interface NetworkIndex {
  readonly stopById: ReadonlyMap<string, Stop>
  readonly poiById: ReadonlyMap<string, Poi>
  /** Both directions of every line, by identifier. */
  readonly directionById: ReadonlyMap<string, LineDirection>
  /** The line directions calling at a stop, in dataset order (H before R). */
  readonly directionsAtStop: ReadonlyMap<string, ReadonlyArray<LineDirection>>
  /** Walking transfers from a stop to the stops within the dataset's transfer radius. */
  readonly transfers: ReadonlyMap<string, ReadonlyArray<Transfer>>
  readonly stopGrid: Grid<Stop>
  /** For each line, the index in its geometry (direction H) of each of its stops. */
  readonly geometryIndex: ReadonlyMap<Line, ReadonlyArray<number>>
}

const cache = new WeakMap<Dataset, NetworkIndex>()

/**
 * The indexes of a dataset, built on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const indexOf = (dataset: Dataset): NetworkIndex => {
  const cached = cache.get(dataset)
  if (cached !== undefined) return cached
  const stopById = new Map(dataset.stops.map((stop) => [stop.id as string, stop]))
  const poiById = new Map(dataset.pois.map((poi) => [poi.id as string, poi]))
  const directionById = new Map<string, LineDirection>()
  const directionsAtStop = new Map<string, Array<LineDirection>>()
  for (const line of dataset.lines) {
    for (const direction of ["H", "R"] as const) {
      const stops = line.stops.map((entry) => entry.stop as string)
      if (direction === "R") stops.reverse()
      const entry: LineDirection = {
        id: lineId(line, direction),
        line,
        direction,
        stops,
        towards: line.directions[direction].towards
      }
      directionById.set(entry.id, entry)
      for (const stop of stops) {
        const list = directionsAtStop.get(stop)
        if (list === undefined) directionsAtStop.set(stop, [entry])
        else list.push(entry)
      }
    }
  }
  const stopGrid = makeGrid(dataset.stops, (stop) => stop.coord)
  const transfers = new Map<string, Array<Transfer>>()
  for (const stop of dataset.stops) {
    transfers.set(
      stop.id,
      stopGrid.near(stop.coord, dataset.meta.transferRadiusMeters)
        .filter((entry) => entry.item.id !== stop.id)
        .map((entry) => ({ to: entry.item.id, meters: entry.meters, seconds: walkSeconds(entry.meters, dataset.meta) }))
    )
  }
  const geometryIndex = new Map<Line, Array<number>>()
  for (const line of dataset.lines) {
    // each stop's point is searched after the previous stop's, so a line passing a place twice still works
    let from = 0
    const positions = line.stops.map((entry) => {
      const { lat, lon } = stopById.get(entry.stop)!.coord
      let best = from
      let bestMeters = Number.POSITIVE_INFINITY
      for (let i = from; i < line.geometry.length; i++) {
        const [pLat, pLon] = line.geometry[i]!
        const meters = distanceMeters({ lat, lon }, { lat: pLat, lon: pLon })
        if (meters < bestMeters) {
          best = i
          bestMeters = meters
          if (meters === 0) break
        }
      }
      from = best
      return best
    })
    geometryIndex.set(line, positions)
  }
  const index: NetworkIndex = { stopById, poiById, directionById, directionsAtStop, transfers, stopGrid, geometryIndex }
  cache.set(dataset, index)
  return index
}

/**
 * The stops within `meters` of a position, nearest first (at most `limit`); when none is, the nearest
 * stop if it is within twice that distance, so a point just outside still reaches the network while a
 * point far away does not.
 *
 * @since 0.1.0
 * @category lookups
 */
export const accessStops = (
  dataset: Dataset,
  position: Coord.Coord,
  meters: number,
  limit = 8
): Array<{ readonly stop: Stop; readonly meters: number }> => {
  const index = indexOf(dataset)
  const near = index.stopGrid.near(position, meters)
  const found = near.length > 0
    ? near
    : index.stopGrid.nearest(position, 1).filter((entry) => entry.meters <= 2 * meters)
  return found.slice(0, limit).map((entry) => ({ stop: entry.item, meters: entry.meters }))
}

/**
 * Distance between two stops in meters.
 *
 * @since 0.1.0
 * @category lookups
 */
export const stopDistance = (a: Stop, b: Stop): number => distanceMeters(a.coord, b.coord)

/**
 * The numeric part of a public line number, for the line-number interval of the notice filter
 * (`S1` is 1, `U14` is 14, `MEX 16` is 16, `SEV S4` is 4, `42` is 42); undefined without digits.
 *
 * @since 0.1.0
 * @category lookups
 */
export const lineNumberValue = (number: string): number | undefined => {
  const match = /(\d+)/.exec(number)
  return match === null ? undefined : Number(match[1])
}

/**
 * The display name of a line as legs and serving lines show it: product and number
 * (`S-Bahn S1`, `Bus 42`).
 *
 * @since 0.1.0
 * @category lookups
 */
export const lineDisplayName = (line: Line): string => `${line.product} ${line.number}`
