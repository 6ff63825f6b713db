import {
  AddInfo,
  CoordInfo,
  EfaClient,
  type EfaError,
  GeoObject,
  Point,
  Profile,
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
//   EFA_PROFILE           a deployment profile (`vvs`, `tfnsw`, ...): its base URL, dialect, paths, parameters
//   EFA_BASE_URL          the deployment (required without EFA_PROFILE; without both these tests are skipped)
//   EFA_API_KEY, EFA_DIALECT, EFA_TIME_ZONE, EFA_TIMEOUT, EFA_HEADERS   as for `EfaClient.layerConfig`
//   EFA_CONTRACT_QUERY    a stop-finder text with results there (default "Hauptbahnhof")
//   EFA_CONTRACT_LINE     a line identifier `<subnetwork>:<line>:<supplement>:<direction>` for the line geometry
//   EFA_CONTRACT_VEHICLE  a `SharingRefId` `<ID>:<OperatorID>:<OpAreaID>` for the vehicle detail
const env = process.env
const profile = env.EFA_PROFILE !== undefined && env.EFA_PROFILE !== "" ? Profile.get(env.EFA_PROFILE) : undefined
if (env.EFA_PROFILE !== undefined && env.EFA_PROFILE !== "" && profile === undefined) {
  throw new Error(`EFA_PROFILE: unknown profile "${env.EFA_PROFILE}"; known: ${Profile.names.join(", ")}`)
}
const baseUrl = env.EFA_BASE_URL ?? profile?.baseUrl ?? ""
const dialect = env.EFA_DIALECT ?? profile?.dialect ?? "contract"
const offers = (operation: Profile.OperationName) => Profile.offers(profile, operation)
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

// Whether the deployment's host answers at all (any HTTP status): without a network the tests are skipped, and
// their name says so.
const reachable = baseUrl === "" ? false : await fetch(baseUrl, { signal: AbortSignal.timeout(10_000) }).then(
  () => true,
  () => false
)
const target = baseUrl === ""
  ? "a deployment (set EFA_PROFILE or EFA_BASE_URL to run against a deployment)"
  : reachable
  ? `${profile?.name ?? baseUrl} (${dialect})`
  : `${profile?.name ?? baseUrl} (skipped: no network to ${new URL(baseUrl).host})`

describe.skipIf(!reachable)(`against ${target}`, () => {
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

  it.live.skipIf(!offers("servingLines"))(
    "serving lines: lines decode; exclMOT_<id> removes that mode",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const stop = Point.fromId(origin!.id)
        const { servingLines } = yield* client.servingLines(ServingLines.byStop(stop))
        expect(servingLines.length).toBeGreaterThan(0)
        const mot = servingLines[0]!.mot
        const without = yield* orNothing(client.servingLines(ServingLines.byStop(stop, { excludedModes: [mot] })))
        for (const line of without?.servingLines ?? []) expect(line.mot).not.toBe(mot)
        // a server's own line id, sent back verbatim, names the line for its geometry
        const lineId = servingLines.find((line) => line.lineId !== undefined)?.lineId
        if (lineId !== undefined && offers("geoObject")) {
          const geometry = yield* orNothing(client.geoObject({ line: lineId }))
          if (geometry !== undefined) expect(geometry.geometry.length + geometry.stops.length).toBeGreaterThan(0)
        }
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )

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

  it.live.skipIf(!offers("opArea"))(
    "operating areas: providers decode with closed polygons",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        const response = yield* orNothing(client.opArea({ _tag: "All", zoneGeometry: true }))
        for (const area of (response?.providers ?? []).flatMap((p) => p.areas)) {
          const polygon = area.polygon ?? []
          if (polygon.length > 0) expect(polygon[0]).toEqual(polygon[polygon.length - 1])
        }
      }).pipe(Effect.provide(polite)),
    TIMEOUT
  )

  it.live.skipIf(lineText === "" || !offers("geoObject"))(
    "line geometry (set EFA_CONTRACT_LINE): geometry and stops decode; vSL=1",
    () =>
      Effect.gen(function*() {
        const client = yield* efa
        // a server's own id (5 parts) goes verbatim, a 4-part one by its parts
        const line = lineText.split(":").length >= 5 ? lineText : Either.getOrThrow(GeoObject.parseLineId(lineText))
        const { geometry, stops } = yield* client.geoObject({ line, servingLines: true })
        expect(geometry.length + stops.length).toBeGreaterThan(0)
        // rapidJSON has no serving lines per stop
        if (dialect === "contract") { for (const stop of stops) expect(stop.servingLines).toBeDefined() }
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
