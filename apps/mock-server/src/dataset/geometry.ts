/**
 * The one geometry of the fake: distances, walking times, rings, bounding boxes, clipping polylines to a
 * box and a grid for "what is near here". Great-circle distances come from geolib; everything that
 * measures a distance in the fake measures it here.
 *
 * @since 0.1.0
 */
import { Coord, Point } from "@efa-kit/core"
import { getDistance, getDistanceFromLine, isPointInPolygon } from "geolib"
import type { LatLon, Meta } from "./schema.js"

/**
 * Distance in metres between two positions (great circle).
 *
 * @since 0.1.0
 * @category geometry
 */
export const distanceMeters = (a: Coord.Coord, b: Coord.Coord): number => getDistance(a, b, 0.01)

/**
 * A position as answers name it where there is no stop or place: `48.78310, 9.18160`.
 *
 * @since 0.1.0
 * @category geometry
 */
const positionName = (coord: Coord.Coord): string => `${coord.lat.toFixed(5)}, ${coord.lon.toFixed(5)}`

/**
 * A position as its own location: the ID is the coordinate in request format
 * (`<lon>:<lat>:WGS84[dd.ddddd]`, usable with `type_<usage>=coord`), the name {@link positionName}.
 *
 * @since 0.1.0
 * @category geometry
 */
export const positionLocation = (coord: Coord.Coord): { readonly id: Point.LocationId; readonly name: string } => ({
  id: Point.LocationId.make(Coord.toParam(coord)),
  name: positionName(coord)
})

const toPoint = (pair: LatLon) => ({ lat: pair[0], lon: pair[1] })

/**
 * Whether a position lies inside a closed `[lat, lon]` ring.
 *
 * @since 0.1.0
 * @category geometry
 */
export const inRing = (point: Coord.Coord, ring: ReadonlyArray<LatLon>): boolean =>
  isPointInPolygon(point, ring.map(toPoint))

/**
 * Distance in metres from a position to a closed ring: 0 inside, else to the nearest edge.
 *
 * @since 0.1.0
 * @category geometry
 */
export const distanceToRing = (point: Coord.Coord, ring: ReadonlyArray<LatLon>): number => {
  if (inRing(point, ring)) return 0
  let best = Infinity
  for (let i = 1; i < ring.length; i++) {
    const start = toPoint(ring[i - 1]!)
    const end = toPoint(ring[i]!)
    const d = start.lat === end.lat && start.lon === end.lon
      ? distanceMeters(point, start)
      : getDistanceFromLine(point, start, end, 0.01)
    // geolib yields NaN for degenerate segments where the point is on the line.
    const value = Number.isNaN(d) ? Math.min(distanceMeters(point, start), distanceMeters(point, end)) : d
    if (value < best) best = value
  }
  return best
}

/**
 * Seconds to walk between two points: the straight line times the dataset's detour factor at its
 * walking speed (scaled by `speedFactor`, 1 normal, 1.2 fast, 0.8 slow), rounded up to whole minutes
 * as timetables count.
 *
 * @since 0.1.0
 * @category geometry
 */
export const walkSeconds = (
  meters: number,
  meta: Pick<Meta, "walkingSpeedKmh" | "walkingDetourFactor">,
  speedFactor = 1
): number => {
  const metersPerSecond = (meta.walkingSpeedKmh * speedFactor * 1000) / 3600
  const seconds = (meters * meta.walkingDetourFactor) / metersPerSecond
  return Math.max(60, Math.ceil(seconds / 60) * 60)
}

/**
 * An axis-aligned box in degrees.
 *
 * @since 0.1.0
 * @category models
 */
interface Box {
  readonly south: number
  readonly west: number
  readonly north: number
  readonly east: number
}

/**
 * The box of the request corners `boundingBoxLU` (upper left) and `boundingBoxRL` (lower right). The
 * corners are normalised, so swapped corners still describe the same box.
 *
 * @since 0.1.0
 * @category constructors
 */
export const boxOfCorners = (upperLeft: Coord.Coord, lowerRight: Coord.Coord): Box => ({
  south: Math.min(upperLeft.lat, lowerRight.lat),
  north: Math.max(upperLeft.lat, lowerRight.lat),
  west: Math.min(upperLeft.lon, lowerRight.lon),
  east: Math.max(upperLeft.lon, lowerRight.lon)
})

/**
 * Whether a `[lat, lon]` pair lies inside a box (edges included).
 *
 * @since 0.1.0
 * @category geometry
 */
export const boxContains = (box: Box, [lat, lon]: LatLon): boolean =>
  lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6

// Liang-Barsky: the part of segment a-b inside the box as parameters t0..t1, or undefined.
const clipSegment = (box: Box, a: LatLon, b: LatLon): readonly [number, number] | undefined => {
  const dx = b[1] - a[1]
  const dy = b[0] - a[0]
  let t0 = 0
  let t1 = 1
  const edges: ReadonlyArray<readonly [number, number]> = [
    [-dx, a[1] - box.west],
    [dx, box.east - a[1]],
    [-dy, a[0] - box.south],
    [dy, box.north - a[0]]
  ]
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined
      continue
    }
    const r = q / p
    if (p < 0) {
      if (r > t1) return undefined
      if (r > t0) t0 = r
    } else {
      if (r < t0) return undefined
      if (r < t1) t1 = r
    }
  }
  return [t0, t1]
}

const at = (a: LatLon, b: LatLon, t: number): LatLon =>
  t === 0 ? a : t === 1 ? b : [round6(a[0] + (b[0] - a[0]) * t), round6(a[1] + (b[1] - a[1]) * t)]

/**
 * Clips a polyline to a box: the parts inside, each a polyline of its own. Where the line crosses the
 * box's edge, a point on the edge is added, so the parts end at the edge rather than at the last
 * point inside.
 *
 * @since 0.1.0
 * @category geometry
 */
export const clipPolyline = (line: ReadonlyArray<LatLon>, box: Box): Array<Array<LatLon>> => {
  const parts: Array<Array<LatLon>> = []
  let current: Array<LatLon> | undefined
  if (line.length === 1) return boxContains(box, line[0]!) ? [[line[0]!]] : []
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!
    const b = line[i + 1]!
    const clipped = clipSegment(box, a, b)
    if (clipped === undefined) {
      current = undefined
      continue
    }
    const [t0, t1] = clipped
    const start = at(a, b, t0)
    const end = at(a, b, t1)
    if (current === undefined || t0 > 0) {
      current = [start]
      parts.push(current)
    }
    const last = current[current.length - 1]!
    if (last[0] !== end[0] || last[1] !== end[1]) current.push(end)
    if (t1 < 1) current = undefined
  }
  return parts
}

/**
 * A grid of cells about a kilometer wide over points, for "what is near here" without scanning
 * everything. Items at the same distance come in the order of their keys, so every "nearest" list of
 * the fake is the same whichever cell an item sits in.
 *
 * @since 0.1.0
 * @category models
 */
export interface Grid<A> {
  /** Items whose point lies within `meters` of `center`, nearest first, with their distance. */
  readonly near: (center: Coord.Coord, meters: number) => Array<{ readonly item: A; readonly meters: number }>
  /** The `count` nearest items, however far. */
  readonly nearest: (center: Coord.Coord, count: number) => Array<{ readonly item: A; readonly meters: number }>
}

const CELL_DEGREES = 0.01

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Builds a {@link Grid}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeGrid = <A>(
  items: ReadonlyArray<A>,
  coordOf: (item: A) => Coord.Coord,
  keyOf: (item: A) => string
): Grid<A> => {
  const cells = new Map<string, Array<A>>()
  const key = (row: number, column: number) => `${row}:${column}`
  for (const item of items) {
    const c = coordOf(item)
    const k = key(Math.floor(c.lat / CELL_DEGREES), Math.floor(c.lon / CELL_DEGREES))
    const cell = cells.get(k)
    if (cell === undefined) cells.set(k, [item])
    else cell.push(item)
  }
  const byDistance = (center: Coord.Coord, candidates: Iterable<A>) =>
    Array.from(candidates, (item) => ({ item, meters: distanceMeters(center, coordOf(item)) }))
      .sort((x, y) => x.meters - y.meters || compareKeys(keyOf(x.item), keyOf(y.item)))
  return {
    near: (center, meters) => {
      const dLat = meters / 111_000
      const dLon = meters / (111_000 * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)))
      const found: Array<A> = []
      const rowFrom = Math.floor((center.lat - dLat) / CELL_DEGREES)
      const rowTo = Math.floor((center.lat + dLat) / CELL_DEGREES)
      const columnFrom = Math.floor((center.lon - dLon) / CELL_DEGREES)
      const columnTo = Math.floor((center.lon + dLon) / CELL_DEGREES)
      for (let row = rowFrom; row <= rowTo; row++) {
        for (let column = columnFrom; column <= columnTo; column++) {
          const cell = cells.get(key(row, column))
          if (cell !== undefined) found.push(...cell)
        }
      }
      return byDistance(center, found).filter((entry) => entry.meters <= meters)
    },
    nearest: (center, count) => byDistance(center, items).slice(0, count)
  }
}

// Metres per degree of latitude, and of longitude at a latitude: a plane about a point, close enough for a street.
const METERS_PER_DEGREE = 111_195
const metersPerLonDegree = (lat: number): number => METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180)

/**
 * The point of a polyline nearest a position: where it is, how far from the position, and how far along the
 * line (0 at its first point, 1 at its last, by length).
 *
 * @since 0.1.0
 * @category geometry
 */
export const nearestOnPolyline = (
  line: ReadonlyArray<LatLon>,
  point: Coord.Coord
): { readonly coord: Coord.Coord; readonly meters: number; readonly along: number } => {
  const kx = metersPerLonDegree(point.lat)
  const xy = ([lat, lon]: LatLon) => [(lon - point.lon) * kx, (lat - point.lat) * METERS_PER_DEGREE] as const
  let best = { coord: toPoint(line[0]!), meters: Infinity, at: 0 }
  let walked = 0
  for (let i = 0; i + 1 < line.length; i++) {
    const [ax, ay] = xy(line[i]!)
    const [bx, by] = xy(line[i + 1]!)
    const dx = bx - ax
    const dy = by - ay
    const length = Math.hypot(dx, dy)
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (length * length)))
    const meters = Math.hypot(ax + t * dx, ay + t * dy)
    if (meters < best.meters) {
      const [aLat, aLon] = line[i]!
      const [bLat, bLon] = line[i + 1]!
      best = {
        coord: { lat: round6(aLat + t * (bLat - aLat)), lon: round6(aLon + t * (bLon - aLon)) },
        meters,
        at: walked + t * length
      }
    }
    walked += length
  }
  return { coord: best.coord, meters: best.meters, along: walked === 0 ? 0 : best.at / walked }
}

/**
 * The point a share of a polyline's length along it (0 its first point, 1 its last).
 *
 * @since 0.1.0
 * @category geometry
 */
export const pointAlong = (line: ReadonlyArray<LatLon>, share: number): Coord.Coord => {
  const kx = metersPerLonDegree(line[0]![0])
  const lengths = line.slice(1).map(([lat, lon], i) =>
    Math.hypot((lon - line[i]![1]) * kx, (lat - line[i]![0]) * METERS_PER_DEGREE)
  )
  let rest = Math.max(0, Math.min(1, share)) * lengths.reduce((sum, length) => sum + length, 0)
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!
    if (rest <= length || i === lengths.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, rest / length)
      const [aLat, aLon] = line[i]!
      const [bLat, bLon] = line[i + 1]!
      return { lat: round6(aLat + t * (bLat - aLat)), lon: round6(aLon + t * (bLon - aLon)) }
    }
    rest -= length
  }
  return toPoint(line[0]!)
}
