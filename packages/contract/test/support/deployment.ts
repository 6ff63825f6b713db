import {
  AddInfo,
  CoordInfo,
  EfaClient,
  type EfaError,
  Point,
  Profile,
  ServingLines,
  type StopFinder,
  type Trip
} from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, ConfigProvider, DateTime, Effect, Exit, Layer, ManagedRuntime } from "effect"
import { meters } from "./cases.js"

// Read-only checks that hold on any deployment and do not depend on the fake's dataset: the answers decode,
// and filters have their effect on whatever the deployment returns. The checks run one after the other; a
// check that needs what an earlier one found (a stop, a destination, trips) is skipped with the reason when
// that one failed or found nothing.
//
// The client is configured from environment variables, as `EfaClient.config` reads them:
//   EFA_PROFILE           a deployment profile (`vvs`, `tfnsw`, ...): its base URL, dialect, paths, parameters
//   EFA_BASE_URL          the deployment (required without EFA_PROFILE)
//   EFA_API_KEY, EFA_DIALECT, EFA_TIME_ZONE, EFA_TIMEOUT, EFA_HEADERS   as for `EfaClient.layerConfig`
//   EFA_CONTRACT_QUERY    a stop-finder text with results there (default "Hauptbahnhof")
//   EFA_CONTRACT_LINE     a line identifier `<subnetwork>:<line>:<supplement>:<direction>` for the line geometry
//   EFA_CONTRACT_VEHICLE  a `SharingRefId` `<ID>:<OperatorID>:<OpAreaID>` for the vehicle detail

/** What the checks run against. */
export interface Target {
  /** How the suite names it. */
  readonly name: string
  /** The environment the client's settings are read from. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** At most this many requests a second (a public deployment's fair use); unlimited when absent. */
  readonly requestsPerSecond?: number | undefined
}

const TIMEOUT = 120_000

/** The settings of a target that decide which checks apply. */
export const settingsOf = (env: Target["env"]) => {
  const text = (
    name: string
  ): string | undefined => (env[name] !== undefined && env[name] !== "" ? env[name] : undefined)
  const profileName = text("EFA_PROFILE")
  const profile = profileName !== undefined ? Profile.get(profileName) : undefined
  if (profileName !== undefined && profile === undefined) {
    throw new Error(`EFA_PROFILE: unknown profile "${profileName}"; known: ${Profile.names.join(", ")}`)
  }
  return {
    profile,
    baseUrl: text("EFA_BASE_URL") ?? profile?.baseUrl ?? "",
    dialect: text("EFA_DIALECT") ?? profile?.dialect ?? "contract",
    query: text("EFA_CONTRACT_QUERY") ?? "Hauptbahnhof",
    line: text("EFA_CONTRACT_LINE") ?? "",
    vehicle: text("EFA_CONTRACT_VEHICLE") ?? ""
  }
}

// An answer with only an error message ("no connection", "no lines") is a valid answer to a filter that
// leaves nothing.
const orNothing = <A, E extends EfaError.EfaError, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (error) => error._tag === "ServerMessageError", () => Effect.succeed(undefined))

/** What the earlier checks found, for the later ones. */
interface Found {
  /** A stop with a coordinate, from the stop finder. */
  readonly origin: StopFinder.Location
  /** A stop near it, from the coordinate search. */
  readonly destination: CoordInfo.Pin
  /** A line serving the origin. */
  readonly line: ServingLines.ServingLine
  /** The trips between them, and the request that found them. */
  readonly trips: { readonly request: Trip.TripRequestInput; readonly trips: ReadonlyArray<Trip.Trip> }
}

const millis = (dateTime: DateTime.DateTime): number => DateTime.toEpochMillis(dateTime)
const departureOf = (trip: Trip.Trip): number => millis(trip.legs[0]!.origin.departureTimePlanned)
const arrivalOf = (trip: Trip.Trip): number => millis(trip.legs.at(-1)!.destination.arrivalTimePlanned)
const MINUTE = 60_000

/**
 * Registers the deployment checks against a target, one `describe` block.
 */
export const deploymentChecks = (target: Target): void => {
  const settings = settingsOf(target.env)
  const offers = (operation: Profile.OperationName) => Profile.offers(settings.profile, operation)
  const configured = Layer.scoped(
    EfaClient.EfaClient,
    Effect.flatMap(EfaClient.config, (options) =>
      EfaClient.make({
        ...options,
        ...(target.requestsPerSecond !== undefined
          ? { rateLimit: { requestsPerSecond: target.requestsPerSecond, concurrency: 1 } }
          : {})
      }))
  ).pipe(
    Layer.provide(FetchHttpClient.layer),
    Layer.provide(
      Layer.setConfigProvider(
        ConfigProvider.fromMap(
          new Map(Object.entries(target.env).filter((entry): entry is [string, string] => entry[1] !== undefined))
        )
      )
    ),
    Layer.orDie
  )

  const found: { -readonly [K in keyof Found]?: Found[K] | undefined } = {}
  // why a finding is absent, for the checks that need it
  const absent = new Map<keyof Found, string>()

  /**
   * One check: skipped with the reason when a finding it needs is absent; what it gives is recorded as absent,
   * with the reason, when it fails or finds nothing.
   */
  const check = <const Needs extends ReadonlyArray<keyof Found>>(
    name: string,
    options: { readonly needs: Needs; readonly gives?: ReadonlyArray<keyof Found>; readonly skip?: string },
    body: (found: Pick<Found, Needs[number]>) => Effect.Effect<void, EfaError.EfaError, EfaClient.EfaClient>
  ) =>
    it(name, async (ctx) => {
      const gives = options.gives ?? []
      const skipped = (reason: string) => {
        for (const key of gives) absent.set(key, `"${name}" was skipped: ${reason}`)
        return ctx.skip(reason)
      }
      if (options.skip !== undefined) skipped(options.skip)
      for (const key of options.needs) {
        if (found[key] === undefined) skipped(`needs ${key}: ${absent.get(key) ?? "not found"}`)
      }
      const exit = await runtime.runPromiseExit(body(found as Pick<Found, Needs[number]>))
      if (Exit.isFailure(exit)) {
        const error = Cause.squash(exit.cause)
        const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!
        for (const key of gives) absent.set(key, `"${name}" failed: ${message}`)
        throw error
      }
      for (const key of gives) if (found[key] === undefined) absent.set(key, `"${name}" found none`)
    }, TIMEOUT)

  let runtime: ManagedRuntime.ManagedRuntime<EfaClient.EfaClient, never>

  describe(`deployment checks against ${target.name}`, () => {
    beforeAll(() => {
      runtime = ManagedRuntime.make(configured)
    })
    afterAll(() => runtime.dispose())

    const efa = EfaClient.EfaClient

    check(
      "system information: the timetable's validity decodes, its first day not after its last",
      { needs: [], ...(offers("systemInfo") ? {} : { skip: "the deployment does not offer system information" }) },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const { validity } = yield* client.systemInfo({})
          expect(validity, "no validity").toBeDefined()
          expect(validity!.from <= validity!.to).toBe(true)
        })
    )

    check(
      "lines: the line list decodes, each line with its line ID and mode",
      { needs: [], ...(offers("lines") ? {} : { skip: "the deployment does not offer the line list" }) },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const { lines } = yield* client.lines({})
          expect(lines.length, "no lines").toBeGreaterThan(0)
          for (const line of lines) expect(line.lineId.trim()).not.toBe("")
          // a line's ID, sent back verbatim, names its stops
          if (offers("lineStops")) {
            const stops = yield* orNothing(client.lineStops({ line: lines[0]!.lineId }))
            if (stops !== undefined) expect(stops.stops.length).toBeGreaterThan(0)
          }
        })
    )

    check(
      "stop finder: locations decode; anyMaxSizeHitList caps; anyObjFilter_sf keeps stops",
      { needs: [], gives: ["origin"] },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const query = settings.query
          const all = yield* client.stopFinder({ input: Point.any(query) })
          expect(all.locations.length, `no location for "${query}"`).toBeGreaterThan(0)
          expect(all.locations.filter((l) => l.isBest).length).toBeLessThanOrEqual(1)
          const capped = yield* client.stopFinder({ input: Point.any(query), maxResults: 2 })
          expect(capped.locations.length).toBeLessThanOrEqual(2)
          const stops = yield* client.stopFinder({ input: Point.any(query), objectKinds: ["stop"] })
          for (const location of stops.locations) expect(location.type).toBe("stop")
          const origin = stops.locations.find((l) => l.coord !== undefined)
          expect(origin, `no stop with a coordinate for "${query}"`).toBeDefined()
          found.origin = origin
        })
    )

    check(
      "coordinate search: STOP blocks find stops; max caps the pins",
      { needs: ["origin"], gives: ["destination"] },
      ({ origin }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const centre = origin.coord!
          const { pins } = yield* client.coordInfo({
            searchSpace: CoordInfo.circle(centre),
            filters: [{ type: "STOP", radius: 2000 }]
          })
          expect(pins.length).toBeGreaterThan(0)
          for (const pin of pins) expect(pin.type).toBe("STOP")
          found.destination = pins.reduce((far, pin) =>
            meters(centre, pin.coord) > meters(centre, far.coord) ? pin : far
          )
          const capped = yield* client.coordInfo({
            searchSpace: CoordInfo.circle(centre),
            filters: [{ type: "STOP", radius: 2000 }],
            maxResults: 2
          })
          expect(capped.pins.length).toBeLessThanOrEqual(2)
        })
    )

    const noServingLines = offers("servingLines") ? undefined : "the deployment does not offer serving lines"

    check(
      "serving lines: lines decode; exclMOT_<id> removes that mode",
      { needs: ["origin"], gives: ["line"], ...(noServingLines !== undefined ? { skip: noServingLines } : {}) },
      ({ origin }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const stop = Point.fromId(origin.id)
          const { servingLines } = yield* client.servingLines(ServingLines.byStop(stop))
          expect(servingLines.length).toBeGreaterThan(0)
          const mot = servingLines[0]!.mot
          const without = yield* orNothing(client.servingLines(ServingLines.byStop(stop, { excludedModes: [mot] })))
          for (const line of without?.servingLines ?? []) expect(line.mot).not.toBe(mot)
          found.line = servingLines.find((line) => line.number.trim() !== "")
          // a server's own line id, sent back verbatim, names the line for its geometry
          const lineId = servingLines.find((line) => line.lineId !== undefined)?.lineId
          if (lineId !== undefined && offers("geoObject")) {
            const geometry = yield* orNothing(client.geoObject({ line: lineId }))
            if (geometry !== undefined) expect(geometry.geometry.length + geometry.stops.length).toBeGreaterThan(0)
          }
        })
    )

    check(
      "serving lines: a line filter (lineName) finds that line",
      { needs: ["line"], ...(noServingLines !== undefined ? { skip: noServingLines } : {}) },
      ({ line }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const { servingLines } = yield* client.servingLines(ServingLines.byLineName(line.number))
          expect(servingLines.length).toBeGreaterThan(0)
          expect(servingLines.map((l) => l.number)).toContain(line.number)
        })
    )

    const noBoards = offers("departures") ? undefined : "the deployment does not offer departure boards"

    check(
      "stops: the stops of the origin's municipality decode, each with its stop ID and place",
      { needs: ["origin"], ...(offers("stops") ? {} : { skip: "the deployment does not offer the stop list" }) },
      ({ origin }) =>
        Effect.gen(function*() {
          const client = yield* efa
          // a stop's locality is `placeID:<municipality key>:<place ID>`; without one (a contract answer names
          // no place), the whole list
          const municipality = /^placeID:(\d+):/.exec(origin.parent?.id ?? "")?.[1]
          const { stops } = yield* client.stops(municipality === undefined ? {} : { municipality })
          expect(stops.length, `no stops of ${municipality ?? "the deployment"}`).toBeGreaterThan(0)
          for (const stop of stops) {
            expect(stop.id.trim()).not.toBe("")
            const place = stop.parent?.id
            if (municipality !== undefined && place?.startsWith("placeID:") === true) {
              expect(place, `${stop.name} is not of ${municipality}`).toMatch(`placeID:${municipality}:`)
            }
          }
        })
    )

    check(
      "departures: a board at the stop decodes; limit caps; a mode filter keeps that mode; an arrival board decodes",
      { needs: ["origin"], ...(noBoards !== undefined ? { skip: noBoards } : {}) },
      ({ origin }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const stop = Point.fromId(origin.id)
          const board = yield* client.departures({ stop, limit: 10 })
          expect(board.events.length, `no departure at ${origin.name}`).toBeGreaterThan(0)
          expect(board.events.length).toBeLessThanOrEqual(10)
          for (const event of board.events) expect(event.mode.name.length + event.mode.mot).toBeGreaterThan(0)
          const mot = board.events.map((event) => event.mode.mot).find((id) => id < 97)
          if (mot !== undefined) {
            const only = yield* orNothing(client.departures({ stop, limit: 10, modes: [mot] }))
            for (const event of only?.events ?? []) expect(event.mode.mot, `only mode ${mot} was asked`).toBe(mot)
          }
          yield* orNothing(client.departures({ stop, limit: 5, dateTimeRefersTo: "arrival" }))
        })
    )

    check(
      "trip: trips decode and run between the points; an excluded mode is not used",
      { needs: ["origin", "destination"], gives: ["trips"] },
      ({ destination, origin }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const request = {
            origin: Point.fromId(origin.id),
            destination: destination.id !== undefined ? Point.any(destination.id) : Point.coord(destination.coord)
          }
          const { trips } = yield* client.trip(request)
          expect(trips.length).toBeGreaterThan(0)
          for (const trip of trips) expect(trip.legs.length).toBeGreaterThan(0)
          found.trips = { request, trips }
          const ridden = trips.flatMap((trip) => trip.legs.map((leg) => leg.mode.mot)).find((mot) => mot < 97)
          if (ridden === undefined) return
          const without = yield* orNothing(client.trip({ ...request, modes: { excluded: [ridden] } }))
          for (const trip of without?.trips ?? []) {
            for (const leg of trip.legs) expect(leg.mode.mot, `mode ${ridden} was excluded`).not.toBe(ridden)
          }
        })
    )

    check(
      "trip: a departure time bounds the departures, an arrival time the arrivals",
      { needs: ["trips"] },
      ({ trips }) =>
        Effect.gen(function*() {
          const client = yield* efa
          // times the deployment has service around: those of the trips it gave
          const leaving = DateTime.unsafeMake(departureOf(trips.trips[0]!))
          const departing = yield* client.trip({ ...trips.request, dateTime: leaving, dateTimeRefersTo: "departure" })
          expect(departing.trips.length).toBeGreaterThan(0)
          for (const trip of departing.trips) expect(departureOf(trip)).toBeGreaterThanOrEqual(millis(leaving))
          const arriving = DateTime.unsafeMake(arrivalOf(trips.trips.at(-1)!))
          const answer = yield* client.trip({ ...trips.request, dateTime: arriving, dateTimeRefersTo: "arrival" })
          expect(answer.trips.length).toBeGreaterThan(0)
          for (const trip of answer.trips) expect(arrivalOf(trip)).toBeLessThanOrEqual(millis(arriving))
        })
    )

    check(
      "trip: later trips, asked from a minute after the last departure, leave after it",
      { needs: ["trips"] },
      ({ trips }) =>
        Effect.gen(function*() {
          const client = yield* efa
          const last = Math.max(...trips.trips.map(departureOf))
          const from = DateTime.unsafeMake(last + MINUTE)
          const later = yield* orNothing(client.trip({ ...trips.request, dateTime: from }))
          for (const trip of later?.trips ?? []) expect(departureOf(trip)).toBeGreaterThan(last)
        })
    )

    check(
      "notices: current and historic notices decode, each from its list; a type filter returns only that type",
      { needs: [] },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const current = yield* orNothing(client.addInfo({ publicationStatus: "current" }))
          for (const notice of current?.infos ?? []) expect(notice.publicationStatus ?? "current").toBe("current")
          const history = yield* orNothing(client.addInfo({ publicationStatus: "history" }))
          for (const notice of history?.infos ?? []) expect(notice.publicationStatus ?? "history").toBe("history")
          const type = current?.infos[0]?.type
          if (type === undefined || !AddInfo.isNoticeType(type)) return
          const filtered = yield* orNothing(client.addInfo({ publicationStatus: "current", noticeTypes: [type] }))
          for (const notice of filtered?.infos ?? []) expect(notice.type).toBe(type)
        })
    )

    check(
      "operating areas: providers decode with closed polygons",
      { needs: [], ...(offers("opArea") ? {} : { skip: "the deployment does not offer operating areas" }) },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const response = yield* orNothing(client.opArea({ _tag: "All", zoneGeometry: true }))
          for (const area of (response?.providers ?? []).flatMap((p) => p.areas)) {
            const polygon = area.polygon ?? []
            if (polygon.length > 0) expect(polygon[0]).toEqual(polygon[polygon.length - 1])
          }
        })
    )

    check(
      "line geometry (EFA_CONTRACT_LINE): geometry and stops decode; vSL=1",
      {
        needs: [],
        ...(settings.line === ""
          ? { skip: "set EFA_CONTRACT_LINE to a line of the deployment" }
          : offers("geoObject")
          ? {}
          : { skip: "the deployment does not offer line geometry" })
      },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          // a server's own id (5 parts) or a 4-part one, verbatim
          const { geometry, stops } = yield* client.geoObject({ line: settings.line, servingLines: true })
          expect(geometry.length + stops.length).toBeGreaterThan(0)
          // rapidJSON has no serving lines per stop
          if (settings.dialect === "contract") { for (const stop of stops) expect(stop.servingLines).toBeDefined() }
        })
    )

    check(
      "vehicle detail (EFA_CONTRACT_VEHICLE): the answer decodes",
      {
        needs: [],
        ...(settings.vehicle === "" ? { skip: "set EFA_CONTRACT_VEHICLE to a sharing vehicle of the deployment" } : {})
      },
      () =>
        Effect.gen(function*() {
          const client = yield* efa
          const [vehicleId = "", operatorId = "", opAreaId = ""] = settings.vehicle.split(":")
          yield* orNothing(client.vehicleDetail({ vehicle: { vehicleId, operatorId, opAreaId }, atStation: true }))
        })
    )
  })
}
