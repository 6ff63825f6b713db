/**
 * Coordinates in rapidJSON answers as real servers write them: WGS84 degrees when the request asks for them
 * (`coordOutputFormat=WGS84[dd.ddddd]`, `WGS84[DD.DDDDD]`, `EPSG:4326`), else the deployment's native grid.
 *
 * The fake's native grid is the one of Baden-Württemberg's deployments, whose network the embedded dataset
 * models: Gauß-Krüger zone 3 on the DHDN datum (EPSG:31467; EFA's map name `NBWT`), in metres, written as
 * rapidJSON writes native coordinates, `[northing, easting]` (Stuttgart Hbf: `[5405191.71, 3513423.66]`).
 * It is what a server answers without `coordOutputFormat`, and to `coordOutputFormat=MDV` (the name efa.de
 * documents for the native format), `NBWT` or `EPSG:31467`. The datum shift uses the usual seven DHDN
 * parameters (metre accuracy), computed with proj4.
 *
 * @since 0.1.0
 */
import proj4, { type Converter } from "proj4"

/**
 * How an answer writes coordinates.
 *
 * @since 0.1.0
 * @category models
 */
export type CoordFormat = "WGS84" | "grid"

/**
 * The `coordOutputFormat` values read as WGS84 degrees, in lower case.
 *
 * @since 0.1.0
 * @category constants
 */
export const WGS84_FORMATS: ReadonlySet<string> = new Set([
  "wgs84[dd.ddddd]",
  "wgs84[ddd.ddddd]",
  "wgs84[dd.dddddd]",
  "epsg:4326",
  "wgs84"
])

/**
 * The `coordOutputFormat` values read as the native grid, in lower case.
 *
 * @since 0.1.0
 * @category constants
 */
const GRID_FORMATS: ReadonlySet<string> = new Set(["mdv", "nbwt", "epsg:31467"])

/**
 * The format a `coordOutputFormat` value asks for (`native`, the dataset's, when absent), `undefined` for one the
 * fake does not know.
 *
 * @since 0.1.0
 * @category utils
 */
export const coordFormatOf = (value: string | undefined, native: CoordFormat = "grid"): CoordFormat | undefined => {
  if (value === undefined) return native
  const asked = value.trim().toLowerCase()
  return WGS84_FORMATS.has(asked) ? "WGS84" : GRID_FORMATS.has(asked) ? "grid" : undefined
}

const GK3 = "+proj=tmerc +lat_0=0 +lon_0=9 +k=1 +x_0=3500000 +y_0=0 +ellps=bessel " +
  "+towgs84=598.1,73.7,418.2,0.202,0.045,-2.455,6.7 +units=m +no_defs"

let converter: Converter | undefined
const gk3 = (): Converter => (converter ??= proj4("EPSG:4326", GK3))

const round = (metres: number): number => Math.round(metres * 100) / 100

// The positions converted so far, by latitude then longitude: answers name the same stops again and again, and the
// datum shift is the costly part of writing one. A dataset's places are bounded; positions computed from requests
// are not, so the table is emptied when it is full.
const MAX_KEPT_POSITIONS = 200_000
const kept = new Map<number, Map<number, readonly [number, number]>>()
let keptCount = 0

/**
 * A WGS84 position `[lat, lon]` in the native grid, `[northing, easting]`.
 *
 * @since 0.1.0
 * @category conversions
 */
export const toGrid = (lat: number, lon: number): [number, number] => {
  let byLon = kept.get(lat)
  const known = byLon?.get(lon)
  if (known !== undefined) return [known[0], known[1]]
  const [easting, northing] = gk3().forward([lon, lat])
  const grid = [round(northing!), round(easting!)] as const
  if (keptCount >= MAX_KEPT_POSITIONS) {
    kept.clear()
    keptCount = 0
    byLon = undefined
  }
  if (byLon === undefined) {
    byLon = new Map()
    kept.set(lat, byLon)
  }
  byLon.set(lon, grid)
  keptCount++
  return [grid[0], grid[1]]
}

/**
 * A native-grid position `[northing, easting]` back in WGS84, `[lat, lon]`.
 *
 * @since 0.1.0
 * @category conversions
 */
export const fromGrid = (northing: number, easting: number): [number, number] => {
  const [lon, lat] = gk3().inverse([easting, northing])
  return [lat!, lon!]
}

const isPair = (value: unknown): value is [number, number, ...Array<unknown>] =>
  Array.isArray(value) && value.length >= 2 && typeof value[0] === "number" && typeof value[1] === "number"

const pairToGrid = (pair: [number, number, ...Array<unknown>]): Array<unknown> => {
  const grid: Array<unknown> = toGrid(pair[0], pair[1])
  for (let i = 2; i < pair.length; i++) grid.push(pair[i])
  return grid
}

// `coords` is a polyline of a leg, or a list of polylines of a line.
const polylineToGrid = (value: unknown, converted: Set<unknown>): unknown => {
  if (!Array.isArray(value) || converted.has(value)) return value
  const out = value.map((item) => (isPair(item) ? pairToGrid(item) : polylineToGrid(item, converted)))
  converted.add(out)
  return out
}

// GeoJSON positions are `[lon, lat]`; in the grid `[easting, northing]`.
const geoJsonToGrid = (value: unknown, converted: Set<unknown>): unknown => {
  if (!Array.isArray(value) || converted.has(value)) return value
  let out: Array<unknown>
  if (isPair(value)) {
    const [northing, easting] = toGrid(value[1], value[0])
    out = [easting, northing]
  } else {
    out = value.map((item) => geoJsonToGrid(item, converted))
  }
  converted.add(out)
  return out
}

/**
 * A rapidJSON document with every coordinate in the native grid: `coord` pairs, `coords` and `allCoords`
 * polylines, and the GeoJSON `coordinates` of operating zones. The document is changed in place.
 *
 * @since 0.1.0
 * @category conversions
 */
export const documentToGrid = (document: unknown): unknown => {
  // an object the document holds twice (a place in a notice and in `infos.affected`) is converted once: the values
  // written are kept, and one found again is left as it is (a JSON document has no cycles, so walking an object
  // twice only costs the walk)
  convert(document, new Set())
  return document
}

const convert = (value: unknown, converted: Set<unknown>): void => {
  if (value === null || typeof value !== "object") return
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && typeof item === "object") convert(item, converted)
    return
  }
  const record = value as Record<string, unknown>
  for (const key in record) {
    const field = record[key]
    if (field === null || typeof field !== "object") continue
    if (key === "coord" && isPair(field)) {
      if (!converted.has(field)) {
        const grid = pairToGrid(field)
        converted.add(grid)
        record[key] = grid
      }
    } else if (key === "coords" || key === "allCoords") record[key] = polylineToGrid(field, converted)
    else if (key === "operatingZone" || key === "coverageArea") {
      const zone = field as { coordinates?: unknown }
      zone.coordinates = geoJsonToGrid(zone.coordinates, converted)
    } else convert(field, converted)
  }
}
