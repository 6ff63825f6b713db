import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck, Layer } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import { type AddInfo, CoordInfo, EfaClient, Mot, Point, Profile, Trip } from "../src/index.js"
import {
  classesOfMode,
  classOfMode,
  modeOfClass,
  modesWrittenAs,
  toClasses
} from "../src/internal/schema/productClasses.js"

const tfnsw = Profile.get("tfnsw")!

// The URL a client configured with `options` builds for a request, or its refusal; nothing is sent.
const urlOf = <Name extends EfaClient.OperationName>(
  options: EfaClient.Options,
  operation: Name,
  request: EfaClient.Requests[Name]
) =>
  Effect.flatMap(EfaClient.EfaClient, (efa) => Effect.either(efa.url(operation, request))).pipe(
    Effect.provide(
      EfaClient.layer({ retry: false, ...options }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, HttpClient.make(() => Effect.die("nothing is sent"))))
      )
    )
  )

const params = (url: string): Array<[string, string]> => Array.from(new URL(url).searchParams)
const named = (url: string, prefix: string) => params(url).filter(([name]) => name.startsWith(prefix))

const trip = { origin: Point.any("A"), destination: Point.any("B") }

describe("a profile's product classes, the other way: a request's modes as the deployment's classes", () => {
  it("TfNSW: trains are class 1, buses 5 and 11, coaches 7; the S-Bahn has no class there", () => {
    expect(Profile.classesOf(tfnsw, Mot.Mot.Train)).toEqual([1])
    expect(Profile.classesOf(tfnsw, Mot.Mot.CityBus)).toEqual([5, 11])
    expect(Profile.classesOf(tfnsw, Mot.Mot.LongDistanceCoach)).toEqual([7])
    expect(Profile.classesOf(tfnsw, Mot.Mot.SBahn)).toEqual([])
    // a mode the table does not name goes as its own number
    expect(Profile.classesOf(tfnsw, Mot.Mot.Stadtbahn)).toEqual([3])
    expect(Profile.classesOf(Profile.get("vvs"), Mot.Mot.SBahn)).toEqual([1])
    expect(Profile.classesOf(undefined, Mot.Mot.Train)).toEqual([0])
  })

  it.effect("trip: an excluded train goes as exclMOT_1, an excluded bus as exclMOT_5 and exclMOT_11", () =>
    Effect.gen(function*() {
      const options = { profile: "tfnsw", apiKey: "k" } as const
      const trains = Either.getOrThrow(yield* urlOf(options, "trip", { ...trip, modes: { excluded: [0] } }))
      expect(named(trains, "exclMOT_")).toEqual([["exclMOT_1", "1"]])
      expect(params(trains)).toContainEqual(["excludedMeans", "checkbox"])
      const buses = Either.getOrThrow(yield* urlOf(options, "trip", { ...trip, modes: { excluded: [5, 0] } }))
      expect(named(buses, "exclMOT_")).toEqual([["exclMOT_1", "1"], ["exclMOT_5", "1"], ["exclMOT_11", "1"]])
      const kept = Either.getOrThrow(yield* urlOf(options, "trip", { ...trip, modes: { included: [21, 5] } }))
      expect(named(kept, "inclMOT_")).toEqual([["inclMOT_5", "1"], ["inclMOT_11", "1"], ["inclMOT_7", "1"]])
      // the contract's numbers without a profile, and with a profile that has no table of its own
      const plain = Either.getOrThrow(
        yield* urlOf({ baseUrl: "http://efa.test/" }, "trip", { ...trip, modes: { excluded: [0, 5] } })
      )
      expect(named(plain, "exclMOT_")).toEqual([["exclMOT_0", "1"], ["exclMOT_5", "1"]])
      const vvs = Either.getOrThrow(yield* urlOf({ profile: "vvs" }, "trip", { ...trip, modes: { excluded: [0] } }))
      expect(named(vvs, "exclMOT_")).toEqual([["exclMOT_0", "1"]])
    }))

  it.effect("trip: keeping only modes the deployment has no class for is refused at the field, not sent unfiltered", () =>
    Effect.gen(function*() {
      const refused = yield* urlOf({ profile: "tfnsw" }, "trip", { ...trip, modes: { included: [Mot.Mot.SBahn] } })
      const error = Either.flip(refused).pipe(Either.getOrThrow)
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.issues).toEqual([{
        field: "modes.included",
        message: "the deployment tfnsw has no product class for MOT-ID 1, so this filter would keep nothing " +
          "(see Profile.productClasses)"
      }])
      // leaving out a mode the deployment has no class for leaves out nothing
      const excluded = Either.getOrThrow(
        yield* urlOf({ profile: "tfnsw" }, "trip", { ...trip, modes: { excluded: [Mot.Mot.SBahn] } })
      )
      expect(named(excluded, "exclMOT_")).toEqual([])
    }))

  it.effect("the coordinate search's, the notices' and the board's mode filters go through the table too", () =>
    Effect.gen(function*() {
      const options = { profile: "tfnsw" } as const
      const coord = Either.getOrThrow(
        yield* urlOf(options, "coordInfo", {
          searchSpace: CoordInfo.circle({ lat: -33.88, lon: 151.2 }),
          filters: [{ type: "STOP", radius: 500, includeMots: [5, 0], excludeMots: [4] }]
        })
      )
      expect(named(coord, "inclMOT_")).toEqual([["inclMOT_0", "5:11:1"]])
      expect(named(coord, "exclMOT_")).toEqual([["exclMOT_0", "4"]])
      const notices = Either.getOrThrow(yield* urlOf(options, "addInfo", { modes: [0, 5] } as AddInfo.AddInfoRequest))
      const board = Either.getOrThrow(
        yield* urlOf(
          options,
          "departures",
          { stop: Point.any("200060"), modes: [0, 5] } as EfaClient.Requests["departures"]
        )
      )
      expect(named(board, "inclMOT_")).toEqual([["inclMOT_1", "1"], ["inclMOT_5", "1"], ["inclMOT_11", "1"]])
      expect(named(notices, "filterMOTType")).toEqual([
        ["filterMOTType", "1"],
        ["filterMOTType", "5"],
        ["filterMOTType", "11"]
      ])
    }))

  it("a fake serving TfNSW reads a class as every mode it writes as that class", () => {
    const read = (query: Array<[string, string]>) => Profile.contractModes(tfnsw, Trip.operation, query)
    // the S-Bahn has no class at TfNSW: the fake writes it as 1, which the client reads as a train
    expect(read([["excludedMeans", "checkbox"], ["exclMOT_1", "1"]])).toEqual([
      ["excludedMeans", "checkbox"],
      ["exclMOT_0", "1"],
      ["exclMOT_1", "1"]
    ])
    expect(read([["inclMOT_5", "1"], ["inclMOT_11", "1"], ["x", "y"]])).toEqual([
      ["inclMOT_5", "1"],
      ["inclMOT_11", "1"],
      ["x", "y"]
    ])
    // without a profile, nothing changes
    expect(Profile.contractModes(undefined, Trip.operation, [["exclMOT_1", "1"]])).toEqual([["exclMOT_1", "1"]])
  })
})

// A deployment's class table over small numbers, as profiles have them.
const tables = FastCheck.dictionary(
  FastCheck.integer({ min: 0, max: 24 }).map(String),
  FastCheck.integer({ min: 0, max: 24 }),
  { maxKeys: 8 }
).map((record) => Object.fromEntries(Object.entries(record).map(([k, v]) => [Number(k), v])) as Record<number, number>)
const modeSets = FastCheck.uniqueArray(FastCheck.integer({ min: 0, max: 24 }), { maxLength: 6 })
const numbers = Array.from({ length: 25 }, (_, n) => n)

describe("the class mapping both ways", () => {
  it.prop(
    "a class the deployment uses reads as one of the sent modes exactly when the client sends it",
    [tables, modeSets],
    ([table, modes]) => {
      const sent = new Set(modes.flatMap((mode) => classesOfMode(table, mode)))
      // the table's classes, and the numbers it leaves to mean themselves
      const used = numbers.filter((n) => n in table || !Object.values(table).includes(n))
      for (const wireClass of used) {
        expect(sent.has(wireClass), `class ${wireClass}`).toBe(modes.includes(modeOfClass(table, wireClass)))
      }
    },
    { fastCheck: { numRuns: propertyRuns(400) } }
  )

  it.prop(
    "a fake that writes the first class leaves out exactly what the client then reads as a left-out mode",
    [tables, modeSets],
    ([table, modes]) => {
      const sent = modes.flatMap((mode) => classesOfMode(table, mode))
      const leftOut = new Set(sent.flatMap((wireClass) => modesWrittenAs(table, wireClass)))
      for (const mode of numbers) {
        // what the fake writes for a mode, as the client reads it
        const seen = modeOfClass(table, classOfMode(table, mode))
        expect(leftOut.has(mode), `mode ${mode}, read as ${seen}`).toBe(modes.includes(seen))
      }
    },
    { fastCheck: { numRuns: propertyRuns(400) } }
  )

  it("a query without mode filters is left as it is", () => {
    const pairs = [["name_sf", "x"], ["exclMOT_", "1"], ["exclMOT_x", "1"]] as const
    expect(toClasses({ 1: 0 }, Trip.operation.modeFilters, pairs)).toEqual({ pairs, lost: [] })
  })
})
