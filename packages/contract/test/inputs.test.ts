import { EfaClient, Point, Trip } from "@efa-kit/core"
import { createClientFor } from "@efa-kit/core/promise"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { clearJournal, clientLayer, type Fake, inProcess, journal } from "./support/fake.js"

// Requests as people write them, through both APIs, as the fake receives them.
let fake: Fake
beforeAll(async () => {
  fake = await inProcess()
})
afterAll(() => fake.close())

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const wallClock = (date: Date) =>
  DateTime.formatIsoZoned(DateTime.setZone(DateTime.unsafeMake(date), berlin)).slice(0, 16).replace(/[-:]/g, "")

const lastParams = Effect.map(
  Effect.suspend(() => journal(fake)),
  (entries) => new Map(entries.at(-1)!.params)
)

const request = (dateTime: Date) => ({
  origin: Point.any("de:08111:6118"),
  destination: Point.any("Böblingen"),
  dateTime,
  modes: { excluded: [5, 4, 5] }
})

describe("requests as people write them, against the fake", () => {
  it.effect("the Effect client plans a trip from new Date(), modes in any order", () =>
    Effect.gen(function*() {
      yield* clearJournal(fake)
      const efa = yield* EfaClient.EfaClient
      const now = new Date()
      const { trips } = yield* efa.trip(request(now))
      expect(trips.length).toBeGreaterThan(0)
      const params = yield* lastParams
      expect(`${params.get("itdDate")}T${params.get("itdTime")}`).toBe(wallClock(now))
      expect([...params.keys()].filter((key) => key.startsWith("exclMOT_"))).toEqual(["exclMOT_4", "exclMOT_5"])
    }).pipe(Effect.provide(clientLayer(fake))))

  it.effect("the Promise client does the same", () =>
    Effect.gen(function*() {
      yield* clearJournal(fake)
      const efa = createClientFor({ trip: Trip.operation }, { baseUrl: fake.baseUrl }, { fetch: fake.fetch })
      const now = new Date()
      const { trips } = yield* Effect.promise(() => efa.trip(request(now)))
      yield* Effect.promise(() => efa.close())
      expect(trips.length).toBeGreaterThan(0)
      const params = yield* lastParams
      expect(`${params.get("itdDate")}T${params.get("itdTime")}`).toBe(wallClock(now))
      expect([...params.keys()].filter((key) => key.startsWith("exclMOT_"))).toEqual(["exclMOT_4", "exclMOT_5"])
    }))
})

// What a caller with optional settings of its own writes: `{ numberOfTrips: options.count }`, the count
// possibly `undefined`. Without exactOptionalPropertyTypes this type-checks; the field is then absent.
const withUndefined = {
  origin: Point.any("de:08111:6118"),
  destination: Point.any("Böblingen"),
  dateTime: new Date("2026-03-02T07:30:00Z"),
  numberOfTrips: undefined,
  publicTransport: { maxChanges: undefined, routeType: "fastest" },
  modes: { excluded: [5], included: undefined }
} as unknown as Trip.TripRequestInput

describe("an optional field set to undefined is absent", () => {
  const expectAbsent = (params: Map<string, string>) => {
    expect(params.has("calcNumberOfTrips")).toBe(false)
    expect(params.has("maxChanges")).toBe(false)
    expect(params.get("routeType")).toBe("lasttime")
    expect(params.get("exclMOT_5")).toBeDefined()
  }

  it.effect("in the Effect client", () =>
    Effect.gen(function*() {
      yield* clearJournal(fake)
      const efa = yield* EfaClient.EfaClient
      const { trips } = yield* efa.trip(withUndefined)
      expect(trips.length).toBeGreaterThan(0)
      expectAbsent(yield* lastParams)
    }).pipe(Effect.provide(clientLayer(fake))))

  it.effect("in the Promise client", () =>
    Effect.gen(function*() {
      yield* clearJournal(fake)
      const efa = createClientFor({ trip: Trip.operation }, { baseUrl: fake.baseUrl }, { fetch: fake.fetch })
      const { trips } = yield* Effect.promise(() => efa.trip(withUndefined))
      yield* Effect.promise(() => efa.close())
      expect(trips.length).toBeGreaterThan(0)
      expectAbsent(yield* lastParams)
    }))
})
