import {
  AddInfo,
  CoordInfo,
  EfaClient,
  type EfaError,
  GeoObject,
  Point,
  ServingLines,
  type StopFinder
} from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { meters } from "./support/cases.js"

// Read-only checks against a real deployment that do not depend on the fake's dataset: the answers decode,
// and filters have their effect on whatever the deployment returns. The tests run one after the other, a
// handful of requests each, at most two requests a second.
//
//   EFA_BASE_URL          the deployment (required; without it these tests are skipped)
//   EFA_TIME_ZONE, EFA_TIMEOUT, EFA_HEADERS   as for `EfaClient.layerConfig`
//   EFA_CONTRACT_QUERY    a stop-finder text with results there (default "Hauptbahnhof")
//   EFA_CONTRACT_LINE     a line identifier `<subnetwork>:<line>:<supplement>:<direction>` for the line geometry
//   EFA_CONTRACT_VEHICLE  a `SharingRefId` `<ID>:<OperatorID>:<OpAreaID>` for the vehicle detail
const env = process.env
const baseUrl = env.EFA_BASE_URL ?? ""
const query = env.EFA_CONTRACT_QUERY ?? "Hauptbahnhof"
const lineText = env.EFA_CONTRACT_LINE ?? ""
const vehicleText = env.EFA_CONTRACT_VEHICLE ?? ""

const TIMEOUT = 120_000

const polite = Layer.scoped(
  EfaClient.EfaClient,
  Effect.flatMap(
    EfaClient.config,
    (options) => EfaClient.make({ ...options, rateLimit: { requestsPerSecond: 2, concurrency: 1 } })
  )
).pipe(Layer.provide(FetchHttpClient.layer), Layer.orDie)

const efa = EfaClient.EfaClient

// An answer with only an error message ("no connection", "no lines") is a valid answer to a filter that
// leaves nothing.
const orNothing = <A, E extends EfaError.EfaError, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (error) => error._tag === "ServerMessageError", () => Effect.succeed(undefined))

// What the earlier tests found, for the later ones.
let origin: StopFinder.Location | undefined
let destination: CoordInfo.Pin | undefined

describe.skipIf(baseUrl === "")("against a deployment (set EFA_BASE_URL to run against a deployment)", () => {
  it.live(
    "stop finder: locations decode; anyMaxSizeHitList caps; anyObjFilter_sf keeps stops",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const all = yield* client.stopFinder({ input: Point.any(query) })
        expect(all.locations.length).toBeGreaterThan(0)
        expect(all.locations.filter((l) => l.isBest).length).toBeLessThanOrEqual(1)
        const capped = yield* client.stopFinder({ input: Point.any(query), maxResults: 2 })
        expect(capped.locations.length).toBeLessThanOrEqual(2)
        const stops = yield* client.stopFinder({ input: Point.any(query), objectKinds: ["stop"] })
        for (const location of stops.locations) expect(location.type).toBe("stop")
        origin = stops.locations.find((l) => l.coord !== undefined)
        expect(origin, `no stop with a coordinate for "${query}"`).toBeDefined()
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )

  it.live("coordinate search: STOP blocks find stops; max caps the pins", () =>
    Effect.gen(function*() {
      const client = yield* efa
      const centre = origin!.coord!
      const { pins } = yield* client.coordInfo({
        searchSpace: CoordInfo.circle(centre),
        filters: [{ type: "STOP", radius: 2000 }]
      })
      expect(pins.length).toBeGreaterThan(0)
      for (const pin of pins) expect(pin.type).toBe("STOP")
      destination = pins.reduce((far, pin) => (meters(centre, pin.coord) > meters(centre, far.coord) ? pin : far))
      const capped = yield* client.coordInfo({
        searchSpace: CoordInfo.circle(centre),
        filters: [{ type: "STOP", radius: 2000 }],
        maxResults: 2
      })
      expect(capped.pins.length).toBeLessThanOrEqual(2)
    }).pipe(Effect.provide(polite)), TIMEOUT)

  it.live("serving lines: lines decode; exclMOT_<id> removes that mode", () =>
    Effect.gen(function*() {
      const client = yield* efa
      const stop = Point.fromId(origin!.id)
      const { servingLines } = yield* client.servingLines(ServingLines.byStop(stop))
      expect(servingLines.length).toBeGreaterThan(0)
      const mot = servingLines[0]!.mot
      const without = yield* orNothing(client.servingLines(ServingLines.byStop(stop, { excludedModes: [mot] })))
      for (const line of without?.servingLines ?? []) expect(line.mot).not.toBe(mot)
    }).pipe(Effect.provide(polite)), TIMEOUT)

  it.live("trip: trips decode and run between the points; an excluded mode is not used", () =>
    Effect.gen(function*() {
      const client = yield* efa
      const request = {
        origin: Point.fromId(origin!.id),
        destination: destination!.id !== undefined ? Point.any(destination!.id) : Point.coord(destination!.coord)
      }
      const { trips } = yield* client.trip(request)
      expect(trips.length).toBeGreaterThan(0)
      for (const trip of trips) expect(trip.legs.length).toBeGreaterThan(0)
      const ridden = trips.flatMap((trip) => trip.legs.map((leg) => leg.mode.mot)).find((mot) => mot < 97)
      if (ridden === undefined) return
      const without = yield* orNothing(client.trip({ ...request, modes: { excluded: [ridden] } }))
      for (const trip of without?.trips ?? []) {
        for (const leg of trip.legs) expect(leg.mode.mot).not.toBe(ridden)
      }
    }).pipe(Effect.provide(polite)), TIMEOUT)

  it.live(
    "notices: current and historic notices decode; a type filter returns only that type",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const current = yield* orNothing(client.addInfo({ publicationStatus: "current" }))
        yield* orNothing(client.addInfo({ publicationStatus: "history" }))
        const type = current?.infos[0]?.type
        if (type === undefined || !AddInfo.isNoticeType(type)) return
        const filtered = yield* orNothing(client.addInfo({ publicationStatus: "current", noticeTypes: [type] }))
        for (const notice of filtered?.infos ?? []) expect(notice.type).toBe(type)
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )

  it.live("operating areas: providers decode with closed polygons", () =>
    Effect.gen(function*() {
      const client = yield* efa
      const response = yield* orNothing(client.opArea({ _tag: "All", zoneGeometry: true }))
      for (const area of (response?.providers ?? []).flatMap((p) => p.areas)) {
        const polygon = area.polygon ?? []
        if (polygon.length > 0) expect(polygon[0]).toEqual(polygon[polygon.length - 1])
      }
    }).pipe(Effect.provide(polite)), TIMEOUT)

  it.live.skipIf(lineText === "")(
    "line geometry (set EFA_CONTRACT_LINE): geometry and stops decode; vSL=1",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const line = Either.getOrThrow(GeoObject.parseLineId(lineText))
        const { geometry, stops } = yield* client.geoObject({ line, servingLines: true })
        expect(geometry.length + stops.length).toBeGreaterThan(0)
        for (const stop of stops) expect(stop.servingLines).toBeDefined()
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )

  it.live.skipIf(vehicleText === "")(
    "vehicle detail (set EFA_CONTRACT_VEHICLE): the answer decodes",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const [vehicleId = "", operatorId = "", opAreaId = ""] = vehicleText.split(":")
        yield* orNothing(client.vehicleDetail({ vehicle: { vehicleId, operatorId, opAreaId }, atStation: true }))
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )
})
