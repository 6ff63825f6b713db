/**
 * The one look-up index over a dataset that every layer above reads: stops and POIs by ID, line
 * directions by identifier, what calls at each stop, how important a stop is, walking transfers, where a
 * line's stops sit on its geometry, and the one rule for the stops near a position. Built once per
 * dataset.
 *
 * @since 0.1.0
 */
import { type Coord, LineId } from "@efa-kit/core"
import { perDataset } from "./cache.js"
import { distanceMeters, type Grid, makeGrid, walkSeconds } from "./geometry.js"
import type { Dataset, DirectionCode, Line, Poi, Stop } from "./schema.js"
import { lineId } from "./schema.js"
import { type Sites, sitesOf } from "./sites.js"
import { interchangeSeconds, isScoped, type TimetablePlatform } from "./trips.js"

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
interface Transfer {
  readonly to: string
  readonly meters: number
  readonly seconds: number
}

/**
 * @since 0.1.0
 * @category models
 */
export interface Lookup {
  readonly stopById: ReadonlyMap<string, Stop>
  /** The timetable's platforms with their own IDs (a GTFS feed's), by ID. */
  readonly platformById: ReadonlyMap<string, TimetablePlatform>
  readonly poiById: ReadonlyMap<string, Poi>
  /** The localities, suburbs, streets, addresses, crossings and postcodes of the dataset's places. */
  readonly sites: Sites
  /** Both directions of every line, by identifier. */
  readonly directionById: ReadonlyMap<string, LineDirection>
  /** The line directions calling at a stop, in dataset order (H before R). */
  readonly directionsAtStop: ReadonlyMap<string, ReadonlyArray<LineDirection>>
  /** The lines calling at a stop, in dataset order. */
  readonly linesAtStop: ReadonlyMap<string, ReadonlyArray<Line>>
  /** The MOT-IDs serving a stop, ascending. */
  readonly motsAtStop: ReadonlyMap<string, ReadonlyArray<number>>
  /** How important a stop is, 0..1: the number of lines calling there against the busiest stop. */
  readonly importance: ReadonlyMap<string, number>
  /**
   * Walking transfers from a stop: to the stops within the dataset's transfer radius (unless the timetable
   * turns computed walks off), replaced or added by the timetable's interchanges between two stops, without
   * the forbidden ones.
   */
  readonly transfers: ReadonlyMap<string, ReadonlyArray<Transfer>>
  /**
   * The timetable's change time (seconds) at a stop where it gives one (an interchange from the stop to itself);
   * infinite where changing there is forbidden. Other stops take the dataset's `minChangeMinutes`.
   */
  readonly changeSeconds: ReadonlyMap<string, number>
  readonly stopGrid: Grid<Stop>
  /** For each line, the index in its geometry (direction H) of each of its stops. */
  readonly geometryIndex: ReadonlyMap<Line, ReadonlyArray<number>>
  /**
   * The numbers of the sharing providers and of their operating areas (1, 2, ... in dataset order), by ID:
   * the numeric IDs rapidJSON answers carry, which requests may name instead of the IDs.
   */
  readonly sharingNumbers: {
    readonly providers: ReadonlyMap<string, number>
    readonly areas: ReadonlyMap<string, number>
  }
  /**
   * The timetable's platform of each line direction at each stop, keyed `<stop ID>|<direction ID>`: its place
   * among the directions calling there (1, 2, ...; a line's direction H before R), as boards and trips show it.
   */
  readonly plannedPlatforms: ReadonlyMap<string, string>
}

const platformsOf = (directionsAtStop: ReadonlyMap<string, ReadonlyArray<LineDirection>>): Map<string, string> => {
  const platforms = new Map<string, string>()
  for (const [stop, directions] of directionsAtStop) {
    directions.forEach((direction, i) => platforms.set(`${stop}|${direction.id}`, String(i + 1)))
  }
  return platforms
}

const directionsOf = (dataset: Dataset) => {
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
  return { directionById, directionsAtStop }
}

const linesOf = (dataset: Dataset) => {
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
  return { linesAtStop, motsAtStop, importance }
}

// Each stop's point is searched after the previous stop's, so a line passing a place twice still works.
const geometryIndexOf = (dataset: Dataset, stopById: ReadonlyMap<string, Stop>) => {
  const geometryIndex = new Map<Line, Array<number>>()
  for (const line of dataset.lines) {
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
  return geometryIndex
}

/**
 * The look-up index of a dataset, built on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const lookupOf: (dataset: Dataset) => Lookup = perDataset((dataset) => {
  const stopById = new Map(dataset.stops.map((stop) => [stop.id as string, stop]))
  const poiById = new Map(dataset.pois.map((poi) => [poi.id as string, poi]))
  const stopGrid = makeGrid(dataset.stops, (stop) => stop.coord, (stop) => stop.id)
  const transfers = new Map<string, Array<Transfer>>()
  const computed = dataset.timetable?.computedWalks ?? true
  for (const stop of dataset.stops) {
    transfers.set(
      stop.id,
      computed
        ? stopGrid.near(stop.coord, dataset.meta.transferRadiusMeters)
          .filter((entry) => entry.item.id !== stop.id)
          .map((entry) => ({
            to: entry.item.id,
            meters: entry.meters,
            seconds: walkSeconds(entry.meters, dataset.meta)
          }))
        : []
    )
  }
  // a timetable's interchange times replace the computed walks between their stops, or forbid them; one from a
  // stop to itself is the change time there
  const changeSeconds = new Map<string, number>()
  for (const interchange of dataset.timetable?.interchanges ?? []) {
    // one for trips or lines applies to those changes only (the router reads it)
    if (isScoped(interchange)) continue
    const { forbidden, from, to } = interchange
    const seconds = forbidden === true ? Number.POSITIVE_INFINITY : interchangeSeconds(interchange)
    if (from === to) {
      changeSeconds.set(from, seconds)
      continue
    }
    const meters = distanceMeters(stopById.get(from)!.coord, stopById.get(to)!.coord)
    const list = (transfers.get(from) ?? []).filter((transfer) => transfer.to !== to)
    transfers.set(from, forbidden === true ? list : [...list, { to, meters, seconds }])
  }
  const directions = directionsOf(dataset)
  return {
    stopById,
    platformById: new Map((dataset.timetable?.platforms ?? []).map((platform) => [platform.id as string, platform])),
    poiById,
    sites: sitesOf(dataset),
    ...directions,
    ...linesOf(dataset),
    plannedPlatforms: platformsOf(directions.directionsAtStop),
    transfers,
    changeSeconds,
    stopGrid,
    geometryIndex: geometryIndexOf(dataset, stopById),
    sharingNumbers: {
      providers: new Map(dataset.sharing.providers.map((provider, i) => [provider.id, i + 1])),
      areas: new Map(dataset.sharing.providers.flatMap((provider) => provider.areas).map((area, i) => [area.id, i + 1]))
    }
  }
})

/**
 * The stops within `meters` of a position, nearest first, ties by ID. The one "nearest stops" rule:
 * the stop finder's assigned stops, the trip's access stops and the walking transfers all use it.
 *
 * @since 0.1.0
 * @category lookups
 */
export const stopsNear = (
  dataset: Dataset,
  position: Coord.Coord,
  meters: number
): Array<{ readonly stop: Stop; readonly meters: number }> =>
  lookupOf(dataset).stopGrid.near(position, meters).map((entry) => ({ stop: entry.item, meters: entry.meters }))

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
  const near = stopsNear(dataset, position, meters)
  const found = near.length > 0 ? near : stopsNear(dataset, position, 2 * meters).slice(0, 1)
  return found.slice(0, limit)
}

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
 * Whether a text is written as an ID (a stop's global ID `de:08111:6118`, a POI's `poiID:...`, a place's,
 * street's, address's, crossing's or postcode's `placeID:...`, `streetID:...`, ...): such a
 * text names one object, so an ID that is not in the dataset matches nothing rather than being searched
 * for as text.
 *
 * @since 0.1.0
 * @category lookups
 */
export const looksLikeId = (text: string): boolean =>
  /^([a-z]{2}:\d{5}:\S+|(poi|place|suburb|street|address|crossing|postcode)ID:\S+)$/i.test(text.trim())

/**
 * The display name of a line as legs and serving lines show it: product and number
 * (`S-Bahn S1`, `Bus 42`).
 *
 * @since 0.1.0
 * @category lookups
 */
export const lineDisplayName = (line: Line): string => `${line.product} ${line.number}`

/**
 * The identifier of a line direction as a server writes it in its answers (`lineId` of legs and serving
 * lines): 5 parts, the last (the timetable project) empty in this fake.
 *
 * @since 0.1.0
 * @category lookups
 */
export const serverLineId = (direction: LineDirection): LineId.LineId => LineId.make(`${direction.id}:`)

/**
 * The names of a dataset's `count` busiest stops (most lines calling, then dataset order): the stops the start-up
 * banner's sample request and the page's search field suggest, so that they are the loaded dataset's.
 *
 * @since 0.3.0
 * @category lookups
 */
export const sampleStops = (dataset: Dataset, count: number): Array<string> => {
  const { importance } = lookupOf(dataset)
  return dataset.stops
    .map((stop, i) => ({ name: stop.name, rank: importance.get(stop.id) ?? 0, i }))
    .sort((a, b) => b.rank - a.rank || a.i - b.i)
    .slice(0, count)
    .map((entry) => entry.name)
}
