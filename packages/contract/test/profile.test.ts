import { CoordInfo, EfaClient, Point, Profile, ServingLines } from "@efa-kit/core"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Either } from "effect"
import { HBF, HBF_COORD } from "./support/cases.js"
import { clearJournal, clientLayer, type Fake, inProcess, journal } from "./support/fake.js"

// A client configured for a deployment, tried against a fake started with the same profile: the gateway's
// paths, its key check, rapidJSON answers.
describe("a profile configuration against the fake started with that profile (tfnsw)", () => {
  let fake: Fake
  beforeAll(async () => {
    fake = await inProcess({ profile: "tfnsw", timeZone: "Europe/Berlin" })
  })
  afterAll(() => fake.close())

  const tfnsw = (options: Partial<EfaClient.Options> = {}) =>
    clientLayer(fake, { profile: "tfnsw", timeZone: "Europe/Berlin", ...options })

  it.effect("answers on the profile's paths in rapidJSON when the key is sent", () =>
    Effect.gen(function*() {
      yield* clearJournal(fake)
      const efa = yield* EfaClient.EfaClient
      const { locations } = yield* efa.stopFinder({ input: Point.any("Hauptbahnhof") })
      expect(locations.map((l) => l.id)).toContain(HBF)
      const { trips } = yield* efa.trip({
        origin: Point.any(HBF),
        destination: Point.any("Böblingen"),
        dateTime: DateTime.unsafeMake("2026-03-02T07:30:00Z")
      })
      expect(trips.length).toBeGreaterThan(0)
      const { pins } = yield* efa.coordInfo({
        searchSpace: CoordInfo.circle(HBF_COORD),
        filters: [{ type: "STOP", radius: 500 }]
      })
      expect(pins.length).toBeGreaterThan(0)
      yield* efa.addInfo({})
      const entries = yield* journal(fake)
      expect(entries.map((entry) => entry.path)).toEqual(["stop_finder", "trip", "coord", "add_info"])
      // the trip's time reference under TfNSW's name, which the fake reads back
      expect(entries[1]!.params).toContainEqual(["depArrMacro", "dep"])
      expect(entries[1]!.params.map(([name]) => name)).not.toContain("itdTripDateTimeDepArr")
      const arriving = yield* efa.trip({
        origin: Point.any(HBF),
        destination: Point.any("Böblingen"),
        dateTime: DateTime.unsafeMake("2026-03-02T08:30:00Z"),
        dateTimeRefersTo: "arrival"
      })
      expect(arriving.trips.length).toBeGreaterThan(0)
      for (const trip of arriving.trips) {
        expect(DateTime.toEpochMillis(trip.legs.at(-1)!.destination.arrivalTimePlanned)).toBeLessThanOrEqual(
          DateTime.toEpochMillis(DateTime.unsafeMake("2026-03-02T08:30:00Z"))
        )
      }
    }).pipe(Effect.provide(tfnsw({ apiKey: "local-key" }))))

  it.effect("refuses a request without the key with 401, as the gateway does", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const result = yield* Effect.either(efa.stopFinder({ input: Point.any("Hauptbahnhof") }))
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("HttpStatusError")
      if (error._tag === "HttpStatusError") {
        expect(error.status).toBe(401)
        expect(error.bodyExcerpt).toContain("Authorization: apikey <key>")
      }
    }).pipe(Effect.provide(tfnsw())))

  it("knows every built-in profile by name", () => {
    for (const name of Profile.names) expect(Profile.get(name)?.name).toBe(name)
  })
})

describe("line ids are opaque end to end", () => {
  for (const dialect of ["contract", "rapidJSON"] as const) {
    it.effect(`${dialect}: a serving line's lineId, sent verbatim, gives the line's geometry`, () =>
      Effect.gen(function*() {
        const fake = yield* Effect.promise(() => inProcess())
        const run = Effect.gen(function*() {
          const efa = yield* EfaClient.EfaClient
          const { servingLines } = yield* efa.servingLines(ServingLines.byLineName("S1"))
          const lineId = servingLines[0]?.lineId
          expect(lineId).toMatch(/^[^:]+:[^:]+: :[^:]+:/)
          const { geometry, stops } = yield* efa.geoObject({ line: lineId! })
          expect(geometry.length).toBeGreaterThan(0)
          expect(stops.length).toBeGreaterThan(0)
          const url = yield* efa.url("geoObject", { line: lineId! })
          expect(new URL(url).searchParams.get("line")).toBe(lineId)
        })
        yield* Effect.provide(run, clientLayer(fake, { dialect }))
      }))
  }
})
