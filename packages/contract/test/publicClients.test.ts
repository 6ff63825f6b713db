import { EfaClient, Point, ServingLines } from "@efa-kit/core"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { HBF, NOW, stopOf } from "./support/cases.js"
import { clientLayer, type Fake, inProcess } from "./support/fake.js"

// Queries as public clients of real deployments send them, which efa-kit's client does not: the client's request
// is rewritten on its way (as such a client would write it), the fake answers it as a real server does, and the
// client reads the answer in rapidJSON. Each answer must be the one the canonical query gets.

let fake: Fake
beforeAll(async () => {
  fake = await inProcess()
})
afterAll(() => fake.close())

const FLUGHAFEN = "de:08116:7720"

// The client, its every request rewritten by `rewrite` before it reaches the fake.
const rewritten = (rewrite: (url: URL) => void) =>
  clientLayer({
    ...fake,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
      rewrite(url)
      return fake.fetch(url.href, init)
    }) as typeof globalThis.fetch
  }, { dialect: "rapidJSON" })

const canonical = () => clientLayer(fake, { dialect: "rapidJSON" })

const trip = { origin: Point.any(HBF), destination: Point.any(FLUGHAFEN), dateTime: NOW }

describe("queries as public clients send them, read by the client in rapidJSON", () => {
  it.effect("itdTime with a trailing h (0830h), as a public VRR app sends every trip's time", () =>
    Effect.gen(function*() {
      const asked = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.trip(trip)).pipe(
        Effect.provide(rewritten((url) => url.searchParams.set("itdTime", `${url.searchParams.get("itdTime")}h`)))
      )
      const plain = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.trip(trip)).pipe(
        Effect.provide(canonical())
      )
      expect(asked.systemMessages).toEqual([])
      expect(asked.trips.length).toBeGreaterThan(0)
      expect(asked.trips.map((t) => DateTime.formatIso(t.legs[0]!.origin.departureTimePlanned))).toEqual(
        plain.trips.map((t) => DateTime.formatIso(t.legs[0]!.origin.departureTimePlanned))
      )
    }))

  it.effect("a name with type stop and its place (name_dm=Hauptbahnhof, place_dm=Stuttgart): the stop's board", () =>
    Effect.gen(function*() {
      const request = { stop: Point.stop("Hauptbahnhof"), dateTime: NOW, limit: 5 }
      const asked = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.departures(request)).pipe(
        Effect.provide(rewritten((url) => url.searchParams.set("place_dm", "Stuttgart")))
      )
      const byId = yield* Effect.flatMap(
        EfaClient.EfaClient,
        (efa) => efa.departures({ ...request, stop: Point.stop(HBF) })
      )
        .pipe(Effect.provide(canonical()))
      expect(asked.locations[0]).toMatchObject({ id: HBF, isBest: true })
      expect(asked.events.length).toBe(5)
      expect(asked.events).toEqual(byId.events)
      expect(asked.events.every((event) => stopOf(event.location) === HBF)).toBe(true)
    }))

  it.effect("lineReqType=1, as a public client's departure monitor asks: every line, as lineReqType=0", () =>
    Effect.gen(function*() {
      const request = ServingLines.byStop(Point.stop(HBF))
      const asked = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.servingLines(request)).pipe(
        Effect.provide(rewritten((url) => url.searchParams.set("lineReqType", "1")))
      )
      const plain = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.servingLines(request)).pipe(
        Effect.provide(canonical())
      )
      expect(asked.servingLines.length).toBeGreaterThan(0)
      expect(asked).toEqual(plain)
    }))

  it.effect("an operation after an empty directory (//XML_TRIP_REQUEST2) answers as at the root", () =>
    Effect.gen(function*() {
      const asked = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.trip(trip)).pipe(
        Effect.provide(rewritten((url) => (url.pathname = `/${url.pathname}`)))
      )
      const plain = yield* Effect.flatMap(EfaClient.EfaClient, (efa) => efa.trip(trip)).pipe(
        Effect.provide(canonical())
      )
      expect(asked.trips.length).toBeGreaterThan(0)
      expect(asked.trips).toEqual(plain.trips)
    }))
})
