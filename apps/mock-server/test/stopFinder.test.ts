import { describe, expect, it } from "@effect/vitest"
import { nearestOnPolyline, pointAlong } from "../src/dataset/geometry.js"
import { call, coordParam, dataset, fake } from "./helpers.js"

const server = fake()
const find = (params: Record<string, string>) =>
  call(server, "/XML_STOPFINDER_REQUEST", { outputFormat: "JSON", type_sf: "any", ...params })

const ids = (json: any): Array<string> => json.locations.map((l: any) => l.id)

describe("stop finder", () => {
  it("ranks text matches by matchQuality descending with exactly one isBest", async () => {
    const { json, status } = await find({ name_sf: "Stuttgart" })
    expect(status).toBe(200)
    const qualities = json.locations.map((l: any) => l.matchQuality)
    expect(qualities.length).toBeGreaterThan(5)
    expect([...qualities].sort((a: number, b: number) => b - a)).toEqual(qualities)
    expect(json.locations.filter((l: any) => l.isBest)).toHaveLength(1)
    expect(json.locations[0].isBest).toBe(true)
    // the place's own name is a perfect match
    expect(json.locations[0]).toMatchObject({ id: "placeID:8111000:1", type: "locality", matchQuality: 1000 })
    // The stop with the most lines wins among equal text matches.
    expect(json.locations.find((l: any) => l.type === "stop").id).toBe("de:08111:6118")
  })

  it("reads Hbf as Hauptbahnhof and finds the alias as a perfect match", async () => {
    const { json } = await find({ name_sf: "Stuttgart Hbf" })
    expect(json.locations[0]).toMatchObject({ id: "de:08111:6118", matchQuality: 1000, isBest: true, type: "stop" })
    const spelled = await find({ name_sf: "stuttgart hauptbahnhof" })
    expect(spelled.json.locations[0]).toMatchObject({ id: "de:08111:6118", matchQuality: 1000 })
  })

  it("ignores case and diacritics", async () => {
    const sharp = await find({ name_sf: "Schloßplatz" })
    const plain = await find({ name_sf: "SCHLOSSPLATZ" })
    expect(sharp.json.locations[0].id).toBe("de:08111:5006")
    expect(plain.json.locations[0].id).toBe("de:08111:5006")
    const umlaut = await find({ name_sf: "Böblingen Bahnhof" })
    const oe = await find({ name_sf: "Boeblingen Bahnhof" })
    const bare = await find({ name_sf: "Boblingen Bahnhof" })
    for (const answer of [umlaut, oe, bare]) expect(answer.json.locations[0].id).toBe("de:08115:3200")
  })

  it("matches prefixes, tokens in any order, and small typos", async () => {
    expect((await find({ name_sf: "Charlottenpl" })).json.locations[0].id).toBe("de:08111:5005")
    expect((await find({ name_sf: "Feuersee Stuttgart" })).json.locations[0].id).toBe("de:08111:6052")
    expect((await find({ name_sf: "Charlotenplatz" })).json.locations[0].id).toBe("de:08111:5005")
  })

  it("finds an ID exactly", async () => {
    const { json } = await find({ name_sf: "de:08116:2400" })
    expect(json.locations).toHaveLength(1)
    expect(json.locations[0]).toMatchObject({ id: "de:08116:2400", matchQuality: 1000, isBest: true })
  })

  it("finds the nearest stops to a coordinate, nearest first", async () => {
    const { json } = await call(server, "/XML_STOPFINDER_REQUEST", {
      type_sf: "coord",
      name_sf: coordParam(48.7842, 9.1815)
    })
    expect(json.locations[0]).toMatchObject({ id: "de:08111:6118", isBest: true })
    const qualities = json.locations.map((l: any) => l.matchQuality)
    expect([...qualities].sort((a: number, b: number) => b - a)).toEqual(qualities)
    expect(json.locations.every((l: any) => l.matchQuality < 1000)).toBe(true)
  })

  it("caps the list with anyMaxSizeHitList", async () => {
    const all = await find({ name_sf: "Stuttgart" })
    const three = await find({ name_sf: "Stuttgart", anyMaxSizeHitList: "3" })
    expect(three.json.locations).toHaveLength(3)
    expect(ids(three.json)).toEqual(ids(all.json).slice(0, 3))
  })

  it("drops hits below prMinQu × 10", async () => {
    const all = await find({ name_sf: "Stuttgart Feuer" })
    expect(all.json.locations.some((l: any) => l.matchQuality < 900)).toBe(true)
    const strict = await find({ name_sf: "Stuttgart Feuer", prMinQu: "90" })
    expect(strict.json.locations.length).toBeGreaterThan(0)
    expect(strict.json.locations.every((l: any) => l.matchQuality >= 900)).toBe(true)
  })

  it("returns only the perfect match with anySigWhenPerfectNoOtherMatches, else the fuzzy list", async () => {
    const perfect = await find({ name_sf: "Stuttgart Hbf", anySigWhenPerfectNoOtherMatches: "1" })
    expect(ids(perfect.json)).toEqual(["de:08111:6118"])
    const fuzzy = await find({ name_sf: "Stuttgart Haupt", anySigWhenPerfectNoOtherMatches: "1" })
    expect(fuzzy.json.locations.length).toBeGreaterThan(1)
  })

  it("filters by object kind and adds assigned stops to POIs", async () => {
    const pois = await find({ name_sf: "Museum", anyObjFilter_sf: "32" })
    expect(pois.json.locations.length).toBeGreaterThan(0)
    expect(pois.json.locations.every((l: any) => l.type === "poi")).toBe(true)
    expect(pois.json.locations[0].assignedStops.length).toBeGreaterThan(0)
    const stops = await find({ name_sf: "Museum", anyObjFilter_sf: "2" })
    expect(stops.json.locations.every((l: any) => l.type === "stop")).toBe(true)
    const noStops = await find({ name_sf: "Museum", anyObjFilter_sf: "32", doNotSearchForStops_sf: "1" })
    expect(noStops.json.locations.every((l: any) => l.assignedStops === undefined)).toBe(true)
  })

  it("verifies a coordinate alone with doNotSearchForStops_sf", async () => {
    const { json } = await call(server, "/XML_STOPFINDER_REQUEST", {
      type_sf: "coord",
      name_sf: coordParam(48.7842, 9.1815),
      doNotSearchForStops_sf: "1"
    })
    expect(json.locations).toEqual([{
      id: "9.1815:48.7842:WGS84[dd.ddddd]",
      name: "48.78420, 9.18150",
      type: "coord",
      isBest: true,
      matchQuality: 1000,
      coord: { lat: 48.7842, lon: 9.1815 }
    }])
  })

  it("maps a place to its main stop with useLocalityMainStop", async () => {
    const { json } = await find({ name_sf: "Esslingen", useLocalityMainStop: "1" })
    expect(json.locations[0]).toMatchObject({ id: "de:08116:2400", matchQuality: 1000 })
  })

  it("restricts to a municipality, and retries without it when asked", async () => {
    const inEsslingen = await find({ name_sf: "Bahnhof", anyOmc_sf: "8116019" })
    expect(ids(inEsslingen.json)).toEqual(["de:08116:2400", "streetID:1500000027::8116019:1"])
    const nothing = await find({ name_sf: "Feuersee", anyOmc_sf: "8116019" })
    expect(nothing.json.locations).toEqual([])
    const retried = await find({ name_sf: "Feuersee", anyOmc_sf: "8116019", tryFurtherAnyWithoutLoc: "1" })
    expect(retried.json.locations[0].id).toBe("de:08111:6052")
  })

  it("prefers stops of the given modes among the best with prefStModeAm", async () => {
    // "Bahnhof" matches many stations equally; with MOT-ID 3 (Stadtbahn) preferred a Stadtbahn stop leads.
    const plain = await find({ name_sf: "Bahnhof" })
    const preferred = await find({ name_sf: "Bahnhof", prefStModeAm: "8" })
    expect(preferred.json.locations[0].id).not.toBe(plain.json.locations[0].id)
  })

  it("answers no match with an empty list and a systemMessages error", async () => {
    const { json, status } = await find({ name_sf: "Xylophonweg Quux" })
    expect(status).toBe(200)
    expect(json.locations).toEqual([])
    expect(json.systemMessages[0]).toMatchObject({ type: "error", code: -8012 })
  })

  it("answers an ID that is not in the dataset with no match, not with a similar-looking stop", async () => {
    for (const id of ["de:99999:0", "de:08111:999999", "poiID:nowhere"]) {
      const { json, status } = await find({ name_sf: id })
      expect(status).toBe(200)
      expect(json.locations, id).toEqual([])
      expect(json.systemMessages[0]).toMatchObject({ type: "error", code: -8012 })
    }
    // a known ID still finds exactly its stop
    expect(ids((await find({ name_sf: "de:08111:6118" })).json)).toEqual(["de:08111:6118"])
  })

  it("refuses bad parameters with 400 naming each", async () => {
    const { json, status } = await call(server, "/XML_STOPFINDER_REQUEST", {
      type_sf: "coord",
      prMinQu: "101",
      anyMaxSizeHitList: "many"
    })
    expect(status).toBe(400)
    expect(json.error).toBe("invalid-parameters")
    expect(json.operation).toBe("stopFinder")
    expect(json.issues.map((i: any) => i.parameter).sort()).toEqual(["anyMaxSizeHitList", "name_sf", "prMinQu"])
    const coordinate = await call(server, "/XML_STOPFINDER_REQUEST", { type_sf: "coord", name_sf: "48.7:9.1" })
    expect(coordinate.status).toBe(400)
    expect(coordinate.json.issues).toEqual([{ parameter: "name_sf", message: expect.stringContaining("WGS84") }])
  })

  it("answers an ID of a place, street, address, crossing or postcode that is not in the dataset with no match", async () => {
    for (
      const id of ["placeID:8111000:99", "streetID:1:2", "addressID:99:1:8111000", "crossingID:1:2:3", "postcodeID:1"]
    ) {
      const { json } = await find({ name_sf: id })
      expect(json.locations, id).toEqual([])
    }
  })

  it("places a house number the street does not have between the numbers below and above it", async () => {
    const houses = dataset.places!.streets[0]!.houses
    const along = (coord: { lat: number; lon: number }) =>
      nearestOnPolyline(dataset.places!.streets[0]!.geometry, coord).along
    const twelve = along(houses.find((h) => h.number === "12")!.coord)
    const twenty = along(houses.find((h) => h.number === "20")!.coord)
    for (const [number, share] of [["14", 0.25], ["16", 0.5], ["18", 0.75]] as const) {
      const { json } = await find({ name_sf: `Königstraße ${number}`, locationInfoActive: "1", anyObjFilter_sf: "8" })
      expect(json.locations).toHaveLength(1)
      expect(json.locations[0]).toMatchObject({ houseNumber: number, interpolated: true })
      expect(along(json.locations[0].coord)).toBeCloseTo(twelve + share * (twenty - twelve), 2)
      // its ID finds it again, at the same place
      const again = await find({ name_sf: json.locations[0].id })
      expect(again.json.locations[0]).toMatchObject({ id: json.locations[0].id, coord: json.locations[0].coord })
    }
    // past the last number: at the last house
    const last = houses[houses.length - 1]!
    const beyond = await find({ name_sf: "Königstraße 999", locationInfoActive: "1", anyObjFilter_sf: "8" })
    expect(beyond.json.locations[0].coord).toEqual(pointAlong(dataset.places!.streets[0]!.geometry, along(last.coord)))
  })

  it("a dataset without places (as a GTFS feed's) finds stops and POIs only", async () => {
    const { places: _, ...withoutPlaces } = dataset
    const gtfsLike = fake({ dataset: withoutPlaces })
    const search = (params: Record<string, string>) =>
      call(gtfsLike, "/XML_STOPFINDER_REQUEST", { outputFormat: "JSON", type_sf: "any", ...params })
    const streets = await search({ name_sf: "Königstraße", anyObjFilter_sf: "4" })
    expect(streets.json.locations).toEqual([])
    expect(streets.json.systemMessages[0]).toMatchObject({ type: "error", code: -8012 })
    expect((await search({ name_sf: "Königstraße 12" })).json.locations.every((l: any) => l.type === "poi")).toBe(true)
    const stuttgart = await search({ name_sf: "Stuttgart" })
    expect(new Set(stuttgart.json.locations.map((l: any) => l.type))).toEqual(new Set(["stop", "poi"]))
    expect((await search({ name_sf: "Stuttgart", useLocalityMainStop: "1" })).json.locations[0].id).toBe(
      "de:08111:6118"
    )
  })

  it("a board takes a place: a locality's main stop, the stop nearest an address", async () => {
    const board = (name: string) =>
      call(server, "/XML_DM_REQUEST", { outputFormat: "JSON", mode: "direct", type_dm: "any", name_dm: name })
    const cannstatt = await board("suburbID:8111000:6")
    expect(cannstatt.json.locations[0]).toMatchObject({ id: "de:08111:6200" })
    const address = await board("addressID:1500000001:12:8111000")
    expect(address.json.locations[0]).toMatchObject({ id: "de:08111:6118" })
    const street = await board("Königstraße 12")
    expect(street.json.locations[0].id).toBe("de:08111:6118")
  })
})
