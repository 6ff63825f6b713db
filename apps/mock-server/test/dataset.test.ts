import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { nearestOnPolyline } from "../src/dataset/geometry.js"
import { embeddedDatasetPath, loadDataset, readDatasetFile } from "../src/dataset/load.js"
import { stopsNear } from "../src/dataset/lookup.js"
import { lineId } from "../src/dataset/schema.js"

const copyDataset = (): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-dataset-"))
  for (const file of fs.readdirSync(embeddedDatasetPath)) {
    fs.copyFileSync(path.join(embeddedDatasetPath, file), path.join(folder, file))
  }
  return folder
}

const editJson = (folder: string, file: string, edit: (json: any) => void) => {
  const target = path.join(folder, file)
  const json = JSON.parse(fs.readFileSync(target, "utf8"))
  edit(json)
  fs.writeFileSync(target, JSON.stringify(json))
}

describe("dataset", () => {
  it.effect("the embedded dataset loads and has the promised size", () =>
    Effect.gen(function*() {
      const dataset = yield* loadDataset(embeddedDatasetPath)
      expect(dataset.stops.length).toBeGreaterThanOrEqual(40)
      expect(dataset.lines.length).toBeGreaterThanOrEqual(10)
      expect(new Set(dataset.lines.map((line) => line.mot)).size).toBeGreaterThanOrEqual(5)
      expect(new Set(dataset.notices.map((notice) => notice.type)).size).toBe(8)
      expect(dataset.sharing.providers.map((p) => p.vehicleType)).toEqual(expect.arrayContaining(["BIKE", "CAR"]))
      expect(dataset.stops.some((stop) => /[äöüß]/.test(stop.name))).toBe(true)
      expect(dataset.meta.defaultNow).toBe("2026-03-02T07:30:00Z")
    }))

  it.effect("notices point at lines and stops that exist, some current and some historic", () =>
    Effect.gen(function*() {
      const dataset = yield* loadDataset(embeddedDatasetPath)
      const lines = new Set(dataset.lines.flatMap((line) => [lineId(line, "H"), lineId(line, "R")]))
      const stops = new Set(dataset.stops.map((stop) => stop.id as string))
      for (const notice of dataset.notices) {
        for (const line of notice.lines) expect(lines.has(line)).toBe(true)
        for (const stop of notice.stops) expect(stops.has(stop)).toBe(true)
      }
      const today = dataset.meta.defaultNow.slice(0, 10)
      expect(dataset.notices.some((notice) => notice.validTo < today)).toBe(true)
      expect(dataset.notices.some((notice) => notice.validFrom <= today && today <= notice.validTo)).toBe(true)
    }))

  it.effect("every line's geometry passes through its stops and every ring is closed", () =>
    Effect.gen(function*() {
      const dataset = yield* loadDataset(embeddedDatasetPath)
      const byId = new Map(dataset.stops.map((stop) => [stop.id as string, stop]))
      for (const line of dataset.lines) {
        for (const entry of line.stops) {
          const stop = byId.get(entry.stop)!
          expect(line.geometry.some(([lat, lon]) => lat === stop.coord.lat && lon === stop.coord.lon)).toBe(true)
        }
      }
      for (const provider of dataset.sharing.providers) {
        for (const area of provider.areas) expect(area.polygon[0]).toEqual(area.polygon[area.polygon.length - 1])
      }
    }))

  it.effect("the places lie around the stops: each street near a stop, the main stops in their place", () =>
    Effect.gen(function*() {
      const dataset = yield* loadDataset(embeddedDatasetPath)
      const places = dataset.places!
      expect(places.streets.length).toBeGreaterThanOrEqual(24)
      expect(places.localities.filter((l) => l.kind === "suburb").length).toBeGreaterThan(0)
      const byId = new Map(dataset.stops.map((stop) => [stop.id as string, stop]))
      // every stop's municipality is a locality, with a main stop of its own
      const municipalities = new Map(places.localities.filter((l) => l.kind === "locality").map((l) => [l.omc, l]))
      for (const stop of dataset.stops) expect(municipalities.get(stop.omc)?.name).toBe(stop.place)
      for (const locality of places.localities) {
        const main = byId.get(locality.mainStop)!
        expect(main.omc).toBe(locality.omc)
        if (locality.kind === "suburb") expect(main.placeId).toBe(locality.placeId)
      }
      for (const street of places.streets) {
        const [lat, lon] = street.geometry[0]!
        expect(stopsNear(dataset, { lat, lon }, dataset.meta.accessRadiusMeters).length, street.name).toBeGreaterThan(0)
        for (const house of street.houses) {
          expect(nearestOnPolyline(street.geometry, house.coord).meters, `${street.name} ${house.number}`)
            .toBeLessThan(20)
        }
      }
      // the stop Schloßplatz lies on Königstraße
      const schlossplatz = byId.get("de:08111:5006")!
      const koenigstrasse = places.streets.find((street) => street.name === "Königstraße")!
      expect(nearestOnPolyline(koenigstrasse.geometry, schlossplatz.coord).meters).toBeLessThan(1)
    }))

  it.effect("places.json is optional, and a main stop it names must exist", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      editJson(folder, "places.json", (places) => {
        places.localities[2].mainStop = "de:08111:9999"
      })
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("places.json")
      expect(error.path).toBe("localities[2].mainStop")
      editJson(folder, "places.json", (places) => {
        places.localities[2].mainStop = "de:08111:6118"
        places.streets[1].key = places.streets[0].key
      })
      expect((yield* Effect.flip(loadDataset(folder))).path).toBe("streets[1].key")
      fs.rmSync(path.join(folder, "places.json"))
      const without = yield* loadDataset(folder)
      expect(without.places).toBeUndefined()
    }))

  it.effect("an invalid file fails naming the file and the path inside it", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      editJson(folder, "stops.json", (stops) => {
        stops[3].coord.lat = "north"
      })
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error._tag).toBe("DatasetError")
      expect(error.file).toBe("stops.json")
      expect(error.path).toBe("[3].coord.lat")
      expect(error.message).toContain("stops.json")
      expect(error.message).toContain("[3].coord.lat")
    }))

  it.effect("a broken reference between files fails naming the file and the path", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      editJson(folder, "notices.json", (notices) => {
        notices[1].lines[0] = "vvs:99999: :H"
      })
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("notices.json")
      expect(error.path).toBe("[1].lines[0]")
    }))

  it.effect("a file that is not JSON fails naming the file", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      fs.writeFileSync(path.join(folder, "lines.json"), "[{")
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("lines.json")
      expect(error.message).toContain("not valid JSON")
    }))

  it.effect("a missing file fails naming it", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      fs.rmSync(path.join(folder, "pois.json"))
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("pois.json")
    }))

  it.effect("names that leave the folder are refused", () =>
    Effect.gen(function*() {
      for (const name of ["../package.json", "/etc/passwd", "..", "sub/../../x.json"]) {
        const result = yield* Effect.either(readDatasetFile(embeddedDatasetPath, name))
        expect(Either.isLeft(result)).toBe(true)
      }
    }))

  it.effect("a symbolic link out of the folder is refused", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), "efa-outside-"))
      fs.copyFileSync(path.join(folder, "pois.json"), path.join(outside, "pois.json"))
      fs.rmSync(path.join(folder, "pois.json"))
      fs.symlinkSync(path.join(outside, "pois.json"), path.join(folder, "pois.json"))
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.file).toBe("pois.json")
      expect(error.message).toContain("outside")
    }))
})
