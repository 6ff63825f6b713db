/**
 * Map-ready output: operating areas and line geometry as GeoJSON (RFC 7946).
 *
 * EFA responses carry `[lat, lon]` pairs, latitude first; GeoJSON positions are `[lon, lat]`, longitude
 * first, which is what map libraries expect. The helpers here swap the order, close polygon rings and
 * orient exterior rings counter-clockwise (the right-hand rule of RFC 7946, section 3.1.6). The results
 * are plain objects, ready for `JSON.stringify`.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import type * as Coord from "./Coord.js"
import type * as GeoObject from "./GeoObject.js"

/**
 * A GeoJSON position: `[longitude, latitude]`.
 *
 * @since 0.1.0
 * @category models
 */
export type Position = readonly [lon: number, lat: number]

/**
 * A pair as EFA responses carry it: `[latitude, longitude]`.
 *
 * @since 0.1.0
 * @category models
 */
export type LatLon = readonly [lat: number, lon: number]

/**
 * @since 0.1.0
 * @category models
 */
export interface Point {
  readonly type: "Point"
  readonly coordinates: Position
}

/**
 * @since 0.1.0
 * @category models
 */
export interface LineString {
  readonly type: "LineString"
  readonly coordinates: ReadonlyArray<Position>
}

/**
 * A polygon: the exterior ring first, closed (first and last position equal) and counter-clockwise.
 *
 * @since 0.1.0
 * @category models
 */
export interface Polygon {
  readonly type: "Polygon"
  readonly coordinates: ReadonlyArray<ReadonlyArray<Position>>
}

/**
 * @since 0.1.0
 * @category models
 */
export type Geometry = Point | LineString | Polygon

/**
 * The properties of a feature.
 *
 * @since 0.1.0
 * @category models
 */
export type Properties = { readonly [key: string]: unknown }

/**
 * @since 0.1.0
 * @category models
 */
export interface Feature<G extends Geometry = Geometry, P extends Properties = Properties> {
  readonly type: "Feature"
  readonly id?: string
  readonly geometry: G
  readonly properties: P
}

/**
 * @since 0.1.0
 * @category models
 */
export interface FeatureCollection<F extends Feature = Feature> {
  readonly type: "FeatureCollection"
  readonly features: ReadonlyArray<F>
}

/**
 * An operating area, structurally: any record with an `id`, a `name` and a polygon of `[lat, lon]` pairs
 * fits, such as the areas of the operating-area response. An area without a polygon has no feature.
 *
 * @since 0.1.0
 * @category models
 */
export interface AreaLike {
  readonly id: string
  readonly name: string
  readonly polygon?: ReadonlyArray<LatLon>
}

/**
 * A sharing provider with its areas, structurally.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProviderLike {
  readonly id: string
  readonly name: string
  readonly vehicleType?: string
  readonly areas: ReadonlyArray<AreaLike>
}

/**
 * The line geometry, structurally: the `geometry` pairs and the stops of a line-geometry response.
 *
 * @since 0.1.0
 * @category models
 */
export interface LineGeometryLike {
  readonly geometry: ReadonlyArray<LatLon>
  readonly stops: ReadonlyArray<
    Pick<GeoObject.GeoStop, "id" | "name" | "servingLines"> & { readonly coord?: Coord.Coord }
  >
}

/**
 * Swaps a `[lat, lon]` pair into a GeoJSON position.
 *
 * @since 0.1.0
 * @category conversions
 */
export const position = (pair: LatLon): Position => [pair[1], pair[0]]

/**
 * A point at a coordinate.
 *
 * @since 0.1.0
 * @category constructors
 */
export const point = (coord: Coord.Coord): Point => ({ type: "Point", coordinates: [coord.lon, coord.lat] })

const positions = (pairs: ReadonlyArray<LatLon>): Array<Position> => {
  const out: Array<Position> = new Array(pairs.length)
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!
    out[i] = [pair[1], pair[0]]
  }
  return out
}

/**
 * A line string through `[lat, lon]` pairs; none when there are fewer than two pairs, as a GeoJSON line
 * needs two positions.
 *
 * @since 0.1.0
 * @category constructors
 */
export const lineString = (pairs: ReadonlyArray<LatLon>): Option.Option<LineString> =>
  pairs.length < 2 ? Option.none() : Option.some({ type: "LineString", coordinates: positions(pairs) })

// Twice the signed area in the lon/lat plane: positive for a counter-clockwise ring.
const signedArea = (ring: ReadonlyArray<Position>): number => {
  let sum = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1])
  }
  return sum
}

/**
 * A polygon from a ring of `[lat, lon]` pairs. The ring is closed when its last pair differs from the
 * first, and reversed when it runs clockwise, so the exterior ring is counter-clockwise. None when the
 * ring has fewer than three distinct positions or encloses no area.
 *
 * @since 0.1.0
 * @category constructors
 */
export const polygon = (pairs: ReadonlyArray<LatLon>): Option.Option<Polygon> => {
  if (pairs.length === 0) return Option.none()
  const ring = positions(pairs)
  const first = ring[0]!
  const last = ring[ring.length - 1]!
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]])
  if (ring.length < 4) return Option.none()
  const area = signedArea(ring)
  if (area === 0 || !Number.isFinite(area)) return Option.none()
  if (area < 0) ring.reverse()
  return Option.some({ type: "Polygon", coordinates: [ring] })
}

/**
 * An operating area as a polygon feature with the properties `id` and `name` (and any given extra
 * properties); the feature `id` is the area's. None when the area has no polygon or a degenerate one (see
 * {@link polygon}).
 *
 * @since 0.1.0
 * @category conversions
 */
export const areaFeature = <P extends Properties = {}>(
  area: AreaLike,
  properties?: P
): Option.Option<Feature<Polygon, { readonly id: string; readonly name: string } & P>> =>
  Option.map(polygon(area.polygon ?? []), (geometry) => ({
    type: "Feature",
    id: area.id,
    geometry,
    properties: { id: area.id, name: area.name, ...properties } as { readonly id: string; readonly name: string } & P
  }))

/**
 * Operating areas as a feature collection of polygons, in the given order; areas without a polygon or
 * with a degenerate one are left out.
 *
 * @since 0.1.0
 * @category conversions
 */
export const areasFeatureCollection = (
  areas: Iterable<AreaLike>
): FeatureCollection<Feature<Polygon, { readonly id: string; readonly name: string }>> => {
  const features: Array<Feature<Polygon, { readonly id: string; readonly name: string }>> = []
  for (const area of areas) {
    const feature = areaFeature(area)
    if (Option.isSome(feature)) features.push(feature.value)
  }
  return { type: "FeatureCollection", features }
}

/**
 * The properties of an area feature of {@link providersFeatureCollection}.
 *
 * @since 0.1.0
 * @category models
 */
export type ProviderAreaProperties = {
  readonly id: string
  readonly name: string
  readonly providerId: string
  readonly providerName: string
  readonly vehicleType?: string
}

/**
 * The areas of sharing providers as one feature collection: one polygon feature per area, with the
 * area's `id` and `name` and the provider's `providerId`, `providerName` and `vehicleType`. Areas
 * without a polygon or with a degenerate one are left out.
 *
 * @example
 * ```ts
 * import { GeoJson } from "@efa-kit/core"
 *
 * const ring: Array<readonly [number, number]> = [
 *   [48.77, 9.17],
 *   [48.77, 9.19],
 *   [48.79, 9.19],
 *   [48.79, 9.17],
 *   [48.77, 9.17]
 * ]
 * const collection = GeoJson.providersFeatureCollection([
 *   { id: "regiorad", name: "RegioRad", vehicleType: "BIKE", areas: [{ id: "centre", name: "Centre", polygon: ring }] }
 * ])
 * assert.strictEqual(collection.features.length, 1)
 * assert.deepStrictEqual(collection.features[0]?.properties, {
 *   id: "centre",
 *   name: "Centre",
 *   providerId: "regiorad",
 *   providerName: "RegioRad",
 *   vehicleType: "BIKE"
 * })
 * ```
 *
 * @since 0.1.0
 * @category conversions
 */
export const providersFeatureCollection = (
  providers: Iterable<ProviderLike>
): FeatureCollection<Feature<Polygon, ProviderAreaProperties>> => {
  const features: Array<Feature<Polygon, ProviderAreaProperties>> = []
  for (const provider of providers) {
    const extra = provider.vehicleType === undefined
      ? { providerId: provider.id, providerName: provider.name }
      : { providerId: provider.id, providerName: provider.name, vehicleType: provider.vehicleType }
    for (const area of provider.areas) {
      const feature = areaFeature(area, extra)
      if (Option.isSome(feature)) features.push(feature.value)
    }
  }
  return { type: "FeatureCollection", features }
}

/**
 * The properties of a stop feature of {@link lineFeatureCollection}.
 *
 * @since 0.1.0
 * @category models
 */
export type StopProperties = {
  readonly kind: "stop"
  readonly id: string
  readonly name: string
  readonly servingLines?: ReadonlyArray<string>
}

/**
 * The properties of the line feature of {@link lineFeatureCollection}: `kind: "line"` and any given
 * extra properties.
 *
 * @since 0.1.0
 * @category models
 */
export type LineProperties<P extends Properties = {}> = { readonly kind: "line" } & P

/**
 * A line geometry as a feature collection: first the line as a `LineString` feature (left out when the
 * geometry has fewer than two points), then every stop that has a position as a `Point` feature, with
 * its `id`, `name` and the names of its serving lines when the response has them. Stops without a
 * position are left out.
 *
 * @example
 * ```ts
 * import { GeoJson, Point } from "@efa-kit/core"
 *
 * // a line-geometry response: [lat, lon] pairs and stops
 * const collection = GeoJson.lineFeatureCollection({
 *   geometry: [[48.78, 9.18], [48.79, 9.19]],
 *   stops: [
 *     { id: Point.LocationId.make("de:08111:6118"), name: "Stuttgart, Hauptbahnhof", coord: { lat: 48.78, lon: 9.18 } }
 *   ]
 * }, { line: "S1" })
 * assert.deepStrictEqual(collection.features[0]?.geometry, {
 *   type: "LineString",
 *   coordinates: [[9.18, 48.78], [9.19, 48.79]]
 * })
 * assert.deepStrictEqual(collection.features[0]?.properties, { line: "S1", kind: "line" })
 * assert.strictEqual(collection.features.length, 2)
 * ```
 *
 * @since 0.1.0
 * @category conversions
 */
export const lineFeatureCollection = <P extends Properties = {}>(
  line: LineGeometryLike,
  properties?: P
): FeatureCollection<Feature<LineString, LineProperties<P>> | Feature<Point, StopProperties>> => {
  const features: Array<Feature<LineString, LineProperties<P>> | Feature<Point, StopProperties>> = []
  const geometry = lineString(line.geometry)
  if (Option.isSome(geometry)) {
    features.push({
      type: "Feature",
      geometry: geometry.value,
      properties: { ...properties, kind: "line" } as LineProperties<P>
    })
  }
  for (const stop of line.stops) {
    if (stop.coord === undefined) continue
    features.push({
      type: "Feature",
      id: stop.id,
      geometry: point(stop.coord),
      properties: stop.servingLines === undefined
        ? { kind: "stop", id: stop.id, name: stop.name }
        : { kind: "stop", id: stop.id, name: stop.name, servingLines: stop.servingLines.map((l) => l.name) }
    })
  }
  return { type: "FeatureCollection", features }
}
