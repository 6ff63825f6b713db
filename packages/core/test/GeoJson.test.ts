import { describe, expect, it } from "@effect/vitest"
import { Option, Schema } from "effect"
import { GeoJson, GeoObject, OpArea } from "../src/index.js"

// [lat, lon] corners of a small box, counter-clockwise when drawn with longitude on the x axis
const sw = [48.7, 9.1] as const
const se = [48.7, 9.3] as const
const ne = [48.8, 9.3] as const
const nw = [48.8, 9.1] as const

const ring = (polygon: Option.Option<GeoJson.Polygon>) => Option.getOrThrow(polygon).coordinates[0]

describe("GeoJson positions", () => {
  it("puts the longitude first", () => {
    expect(GeoJson.position([48.78, 9.18])).toStrictEqual([9.18, 48.78])
    expect(GeoJson.point({ lat: 48.78, lon: 9.18 })).toStrictEqual({ type: "Point", coordinates: [9.18, 48.78] })
  })
})

describe("GeoJson polygons", () => {
  const expected = [[9.1, 48.7], [9.3, 48.7], [9.3, 48.8], [9.1, 48.8], [9.1, 48.7]]

  it("keeps a closed counter-clockwise ring", () => {
    expect(GeoJson.polygon([sw, se, ne, nw, sw])).toStrictEqual(
      Option.some({ type: "Polygon", coordinates: [expected] })
    )
  })

  it("closes an open ring", () => {
    expect(ring(GeoJson.polygon([sw, se, ne, nw]))).toStrictEqual(expected)
  })

  it("reverses a clockwise ring so the exterior follows the right-hand rule", () => {
    const reversed = ring(GeoJson.polygon([sw, nw, ne, se, sw]))
    expect(reversed).toStrictEqual([[9.1, 48.7], [9.3, 48.7], [9.3, 48.8], [9.1, 48.8], [9.1, 48.7]])
    expect(ring(GeoJson.polygon([nw, ne, se, sw]))).toStrictEqual([
      [9.1, 48.8],
      [9.1, 48.7],
      [9.3, 48.7],
      [9.3, 48.8],
      [9.1, 48.8]
    ])
  })

  it("gives none for a degenerate ring", () => {
    expect(GeoJson.polygon([])).toStrictEqual(Option.none())
    expect(GeoJson.polygon([sw, se])).toStrictEqual(Option.none())
    expect(GeoJson.polygon([sw, se, sw])).toStrictEqual(Option.none())
    expect(GeoJson.polygon([[48.7, 9.1], [48.75, 9.2], [48.8, 9.3]])).toStrictEqual(Option.none())
  })
})

describe("GeoJson operating areas", () => {
  const areas = [
    { id: "a1", name: "Innenstadt", polygon: [sw, nw, ne, se, sw] },
    { id: "a2", name: "Too small", polygon: [sw, se] }
  ]

  it("turns an area into a polygon feature", () => {
    expect(GeoJson.areaFeature(areas[0]!, { color: "red" })).toStrictEqual(
      Option.some({
        type: "Feature",
        id: "a1",
        geometry: { type: "Polygon", coordinates: [[[9.1, 48.7], [9.3, 48.7], [9.3, 48.8], [9.1, 48.8], [9.1, 48.7]]] },
        properties: { id: "a1", name: "Innenstadt", color: "red" }
      })
    )
  })

  it("collects areas, leaving out degenerate ones", () => {
    const collection = GeoJson.areasFeatureCollection(areas)
    expect(collection.type).toBe("FeatureCollection")
    expect(collection.features.map((f) => f.id)).toStrictEqual(["a1"])
    expect(JSON.parse(JSON.stringify(collection))).toStrictEqual(collection)
  })

  it("collects the areas of providers with provider properties", () => {
    const collection = GeoJson.providersFeatureCollection([
      { id: "p1", name: "BikeShare", vehicleType: "BIKE", areas: [areas[0]!] },
      { id: "p2", name: "CarShare", areas: [{ id: "c1", name: "Nord", polygon: [sw, se, ne] }, areas[1]!] }
    ])
    expect(collection.features.map((f) => f.properties)).toStrictEqual([
      { id: "a1", name: "Innenstadt", providerId: "p1", providerName: "BikeShare", vehicleType: "BIKE" },
      { id: "c1", name: "Nord", providerId: "p2", providerName: "CarShare" }
    ])
    expect(collection.features[1]!.geometry.coordinates).toStrictEqual([
      [[9.1, 48.7], [9.3, 48.7], [9.3, 48.8], [9.1, 48.7]]
    ])
  })

  it("takes a decoded operating-area response as it is", () => {
    const response = Schema.decodeUnknownSync(OpArea.OpAreaResponse)({
      providers: [
        {
          id: "p1",
          name: "BikeShare",
          vehicleType: "BIKE",
          areas: [{ id: "a1", name: "Innenstadt", polygon: [sw, nw, ne, se, sw] }, { id: "a2", name: "No shape" }]
        }
      ]
    })
    const collection = GeoJson.providersFeatureCollection(response.providers)
    expect(collection.features).toStrictEqual([
      {
        type: "Feature",
        id: "a1",
        geometry: { type: "Polygon", coordinates: [[[9.1, 48.7], [9.3, 48.7], [9.3, 48.8], [9.1, 48.8], [9.1, 48.7]]] },
        properties: { id: "a1", name: "Innenstadt", providerId: "p1", providerName: "BikeShare", vehicleType: "BIKE" }
      }
    ])
    expect(GeoJson.areasFeatureCollection(response.providers[0]!.areas).features.length).toBe(1)
  })
})

describe("GeoJson line geometry", () => {
  const response = Schema.decodeUnknownSync(GeoObject.GeoObjectResponse)({
    geometry: [[48.78, 9.18], [48.781, 9.182], [48.79, 9.2]],
    stops: [
      { id: "de:08111:6118", name: "Hauptbahnhof", coord: { lat: 48.78, lon: 9.18 }, servingLines: [{ name: "U1" }] },
      { id: "de:08111:9", name: "Unplaced" },
      { id: "de:08111:2", name: "Charlottenplatz", coord: [48.79, 9.2] }
    ]
  })

  it("turns the geometry into a line string and the placed stops into points", () => {
    expect(GeoJson.lineFeatureCollection(response, { line: "U1" })).toStrictEqual({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "LineString", coordinates: [[9.18, 48.78], [9.182, 48.781], [9.2, 48.79]] },
          properties: { line: "U1", kind: "line" }
        },
        {
          type: "Feature",
          id: "de:08111:6118",
          geometry: { type: "Point", coordinates: [9.18, 48.78] },
          properties: { kind: "stop", id: "de:08111:6118", name: "Hauptbahnhof", servingLines: ["U1"] }
        },
        {
          type: "Feature",
          id: "de:08111:2",
          geometry: { type: "Point", coordinates: [9.2, 48.79] },
          properties: { kind: "stop", id: "de:08111:2", name: "Charlottenplatz" }
        }
      ]
    })
  })

  it("leaves out a line of fewer than two points", () => {
    expect(GeoJson.lineString([[48.78, 9.18]])).toStrictEqual(Option.none())
    expect(GeoJson.lineFeatureCollection({ geometry: [[48.78, 9.18]], stops: [] })).toStrictEqual({
      type: "FeatureCollection",
      features: []
    })
  })

  it("swaps every point of a long line", () => {
    const geometry = Array.from({ length: 20_000 }, (_, i) => [48 + i / 100_000, 9 + i / 50_000] as const)
    const line = Option.getOrThrow(GeoJson.lineString(geometry))
    expect(line.coordinates.length).toBe(20_000)
    expect(line.coordinates.every(([lon, lat], i) => lon === geometry[i]![1] && lat === geometry[i]![0])).toBe(true)
  })
})
