/**
 * hafas-client 6's interface over an EFA deployment: `createClient({ profile: "vvs" })` (or `{ baseUrl }`)
 * returns, synchronously, an object with hafas-client's methods (`locations`, `stop`, `nearby`,
 * `departures`, `arrivals`, `journeys`, `refreshJourney`, `trip`, `lines`, `remarks`, `serverInfo`) and its
 * `profile`, answering in FPTF 2 as hafas-client does. Every request goes through efa-kit's Promise client
 * (`@efa-kit/core/promise`), with its settings: rate limit, retries, a cache shared over Redis.
 *
 * - `earlierRef` / `laterRef` are efa-kit's page references (see `Pages`); `journeys(from, to, { laterThan })`
 *   asks the page.
 * - A journey's `refreshToken` carries the planned trip, which `refreshJourney` refreshes with `refreshTrip`.
 * - A leg's or a departure's `tripId` carries the run's line, trip code, stop and time, which `trip` asks the
 *   run's stops with.
 * - A failure rejects with a `HafasError` (`isHafasError`, `code`), efa-kit's typed error as its `cause`.
 * - Every stop has its `location`: where an answer carries no coordinate for it, the stop finder is asked once
 *   per stop and client (`stopLocations: false` leaves them out).
 *
 * @since 0.1.0
 */
import * as CoordInfo from "@efa-kit/core/CoordInfo"
import type * as Departures from "@efa-kit/core/Departures"
import type * as EfaClient from "@efa-kit/core/EfaClient"
import type * as Pages from "@efa-kit/core/Pages"
import * as Point from "@efa-kit/core/Point"
import * as Profile from "@efa-kit/core/Profile"
import * as EfaPromise from "@efa-kit/core/promise"
import type * as TripModule from "@efa-kit/core/Trip"
import type * as Fptf from "./Fptf.js"
import { fromEfaError, HafasError, INVALID_REQUEST, NOT_FOUND } from "./HafasError.js"
import * as HafasProfile from "./HafasProfile.js"
import {
  alternativeOf,
  type Context,
  fromPin,
  fromStopFinder,
  journeyOf,
  type JourneyOptions,
  lineOf,
  locationOf,
  tripOf,
  warningOf
} from "./internal/fptf.js"
import { excludedMots } from "./internal/products.js"
import { toDate } from "./internal/time.js"
import { runOf, tripOfToken } from "./internal/tokens.js"

/**
 * Settings: efa-kit's client settings (`profile` or `baseUrl`, `apiKey`, `rateLimit`, `cache` with a shared
 * Redis store, `retry`, ...), the `fetch` to send with, hafas-client's user agent, and whether stops get
 * their coordinates looked up.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options extends EfaClient.Options, EfaPromise.RuntimeOptions {
  /**
   * The user agent hafas-client asks for, so that the deployment's operators can reach you: sent as the
   * `User-Agent` header where the runtime lets a program set it (Node, Deno, Bun; browsers keep their own).
   */
  readonly userAgent?: string | undefined
  /** `false`: stops without a coordinate in an answer stay without `location` (no stop-finder look-ups). */
  readonly stopLocations?: boolean | undefined
}

type Station = string | { readonly type?: string; readonly id?: string | undefined }
type Place = string | {
  readonly type?: string
  readonly id?: string | undefined
  readonly latitude?: number | undefined
  readonly longitude?: number | undefined
  readonly address?: string | undefined
  readonly name?: string | undefined
  readonly poi?: boolean | undefined
}

/**
 * Options of `departures` and `arrivals`.
 *
 * @since 0.1.0
 * @category models
 */
export interface DeparturesArrivalsOptions {
  /** Start of the board. Default: now. */
  readonly when?: Date | string | number | undefined
  /** Minutes the board covers. Default 10. */
  readonly duration?: number | undefined
  /** The most results. */
  readonly results?: number | undefined
  /** Only vehicles calling at this stop afterwards (departures). */
  readonly direction?: string | undefined
  /** Only this line (its EFA line ID). */
  readonly line?: string | undefined
  /** Products on or off. */
  readonly products?: Fptf.Products | undefined
  /** The stops before and after. Default `false`. */
  readonly stopovers?: boolean | undefined
  /** Notices. Default `true`. */
  readonly remarks?: boolean | undefined
  readonly linesOfStops?: boolean | undefined
  readonly subStops?: boolean | undefined
  readonly entrances?: boolean | undefined
  readonly includeRelatedStations?: boolean | undefined
  readonly language?: string | undefined
}

/**
 * Options of `journeys`.
 *
 * @since 0.1.0
 * @category models
 */
export interface JourneysOptions {
  readonly departure?: Date | string | number | undefined
  readonly arrival?: Date | string | number | undefined
  readonly earlierThan?: string | undefined
  readonly laterThan?: string | undefined
  /** The number of journeys (EFA's `calcNumberOfTrips`). */
  readonly results?: number | undefined
  readonly via?: Place | undefined
  readonly stopovers?: boolean | undefined
  /** Most transfers, 0..9 (`-1`: the server's default). */
  readonly transfers?: number | undefined
  /** Not offered by EFA (it has a change speed, `walkingSpeed`); ignored. */
  readonly transferTime?: number | undefined
  /** `complete`: wheelchair-accessible vehicles only. */
  readonly accessibility?: string | undefined
  readonly bike?: boolean | undefined
  readonly products?: Fptf.Products | undefined
  readonly tickets?: boolean | undefined
  readonly polylines?: boolean | undefined
  readonly remarks?: boolean | undefined
  /** `slow`, `normal`, `fast`: EFA's change speed. */
  readonly walkingSpeed?: string | undefined
  /** Consider stops around the origin. */
  readonly startWithWalking?: boolean | undefined
  readonly subStops?: boolean | undefined
  readonly entrances?: boolean | undefined
  readonly scheduledDays?: boolean | undefined
  readonly language?: string | undefined
}

/**
 * The answers' common field. EFA does not say when its real-time data was updated: left out.
 *
 * @since 0.1.0
 * @category models
 */
export interface RealtimeDataUpdatedAt {
  readonly realtimeDataUpdatedAt?: number
}

/**
 * The client: hafas-client's methods where the deployment offers them, its `profile`, and `close`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Client {
  readonly profile: HafasProfile.HafasProfile
  readonly locations: (
    query: string,
    options?: {
      readonly results?: number | undefined
      readonly stops?: boolean | undefined
      readonly addresses?: boolean | undefined
      readonly poi?: boolean | undefined
      readonly fuzzy?: boolean | undefined
      readonly subStops?: boolean | undefined
      readonly entrances?: boolean | undefined
      readonly linesOfStops?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<Array<Fptf.Stop | Fptf.Location>>
  readonly stop: (
    stop: Station,
    options?: {
      readonly linesOfStops?: boolean | undefined
      readonly subStops?: boolean | undefined
      readonly entrances?: boolean | undefined
      readonly remarks?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<Fptf.Stop | Fptf.Location>
  readonly nearby: (
    location: { readonly type: "location"; readonly latitude?: number; readonly longitude?: number },
    options?: {
      readonly results?: number | undefined
      readonly distance?: number | undefined
      readonly poi?: boolean | undefined
      readonly stops?: boolean | undefined
      readonly products?: Fptf.Products | undefined
      readonly subStops?: boolean | undefined
      readonly entrances?: boolean | undefined
      readonly linesOfStops?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<Array<Fptf.Stop | Fptf.Location>>
  readonly departures: (
    station: Station,
    options?: DeparturesArrivalsOptions
  ) => Promise<{ readonly departures: Array<Fptf.Alternative> } & RealtimeDataUpdatedAt>
  readonly arrivals: (
    station: Station,
    options?: DeparturesArrivalsOptions
  ) => Promise<{ readonly arrivals: Array<Fptf.Alternative> } & RealtimeDataUpdatedAt>
  readonly journeys: (
    from: Place,
    to: Place,
    options?: JourneysOptions
  ) => Promise<
    & {
      readonly journeys: Array<Fptf.Journey>
      readonly earlierRef: string
      readonly laterRef: string
    }
    & RealtimeDataUpdatedAt
  >
  readonly refreshJourney?: (
    refreshToken: string,
    options?: {
      readonly stopovers?: boolean | undefined
      readonly polylines?: boolean | undefined
      readonly tickets?: boolean | undefined
      readonly remarks?: boolean | undefined
      readonly subStops?: boolean | undefined
      readonly entrances?: boolean | undefined
      readonly scheduledDays?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<{ readonly journey: Fptf.Journey } & RealtimeDataUpdatedAt>
  readonly trip?: (
    id: string,
    options?: {
      readonly stopovers?: boolean | undefined
      readonly polyline?: boolean | undefined
      readonly remarks?: boolean | undefined
      readonly subStops?: boolean | undefined
      readonly entrances?: boolean | undefined
      readonly scheduledDays?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<{ readonly trip: Fptf.Trip } & RealtimeDataUpdatedAt>
  readonly lines?: (
    query: string,
    options?: { readonly language?: string | undefined }
  ) => Promise<{ readonly lines: Array<Fptf.Line> } & RealtimeDataUpdatedAt>
  readonly remarks?: (
    options?: {
      /** Only the remarks still valid then. Default: now; `null`: every remark. */
      readonly from?: Date | number | null | undefined
      readonly to?: Date | number | undefined
      readonly results?: number | undefined
      readonly products?: Fptf.Products | undefined
      readonly polylines?: boolean | undefined
      readonly language?: string | undefined
    }
  ) => Promise<{ readonly remarks: Array<Fptf.Warning> } & RealtimeDataUpdatedAt>
  readonly serverInfo: (
    options?: { readonly versionInfo?: boolean | undefined; readonly language?: string | undefined }
  ) => Promise<
    {
      readonly hciVersion?: string
      readonly timetableStart?: string
      readonly timetableEnd?: string
      readonly serverTime?: string
    } & RealtimeDataUpdatedAt
  >
  /** Releases efa-kit's client (its rate limiter, cache and connections). */
  readonly close: () => Promise<void>
}

const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value.length > 0

const stationId = (station: Station, name: string): string => {
  if (isNonEmptyString(station)) return station
  if (typeof station === "object" && station !== null && isNonEmptyString(station.id)) return station.id
  throw new TypeError(`${name} must be a non-empty string or an object with an id.`)
}

const pointOf = (place: Place, name: string): Point.Point => {
  if (isNonEmptyString(place)) return Point.any(place)
  if (typeof place !== "object" || place === null) throw new TypeError(`${name} must be a string or an object.`)
  if ((place.type === "stop" || place.type === "station") && isNonEmptyString(place.id)) return Point.stop(place.id)
  if (place.type === "location") {
    if (place.poi === true && isNonEmptyString(place.id)) return Point.any(place.id)
    if (typeof place.latitude === "number" && typeof place.longitude === "number") {
      return Point.coord({ lat: place.latitude, lon: place.longitude })
    }
    if (isNonEmptyString(place.id)) return Point.any(place.id)
    if (isNonEmptyString(place.address)) return Point.any(place.address)
  }
  throw new TypeError(`${name}: expected a stop ID, a stop, a station or a location with coordinates.`)
}

const SPEEDS = new Set(["slow", "normal", "fast"])

// every stop (`type: "stop"`) of an answer without its location, and every location with an ID but no coordinates
const withoutCoordinates = (
  value: unknown,
  into: Array<Fptf.Stop | Fptf.Location & { readonly id: string }>
): Array<Fptf.Stop | Fptf.Location & { readonly id: string }> => {
  if (Array.isArray(value)) {
    for (const item of value) withoutCoordinates(item, into)
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>
    if (
      typeof record.id === "string" &&
      ((record.type === "stop" && record.location === undefined) ||
        (record.type === "location" && record.latitude === undefined))
    ) {
      into.push(value as Fptf.Stop | Fptf.Location & { readonly id: string })
    }
    for (const key in record) {
      if (key !== "location") withoutCoordinates(record[key], into)
    }
  }
  return into
}

/**
 * A client of a deployment, made synchronously as hafas-client's is: from efa-kit's settings
 * (`createClient({ profile: "vvs" })`, `createClient({ baseUrl, dialect })`), or as hafas-client is called,
 * from a profile in its shape and a user agent (`createClient(HafasProfile.profiles.vvs, "my-app")`), with
 * efa-kit's settings as a third argument. Bad settings throw efa-kit's `InvalidOptionsError` (an unknown
 * profile name a `TypeError`).
 *
 * @example
 * ```ts
 * import { createClient, HafasProfile } from "@efa-kit/hafas"
 *
 * const client = createClient({ profile: "vvs" })
 * assert.strictEqual(client.profile.timezone, "Europe/Berlin")
 * assert.strictEqual(typeof client.journeys, "function")
 * assert.strictEqual("radar" in client, false)
 * // as hafas-client is called
 * const same = createClient(HafasProfile.profiles.vvs, "my-app (me@example.org)")
 * assert.strictEqual(same.profile.endpoint, "https://www3.vvs.de/mngvvs/")
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const createClient: {
  (options: Options): Client
  (profile: HafasProfile.HafasProfile, userAgent: string, options?: Options): Client
} = (first: Options | HafasProfile.HafasProfile, userAgent?: string, more?: Options): Client => {
  if (!HafasProfile.isHafasProfile(first)) return make(first)
  // as hafas-client: the operators should be able to reach the program
  if (typeof userAgent !== "string" || userAgent.length === 0) throw new TypeError("userAgent must be a string")
  return make({
    ...(first.efa === undefined ? {} : { profile: first.efa }),
    baseUrl: first.endpoint,
    timeZone: first.timezone,
    ...more,
    userAgent
  })
}

// how many stops' coordinates a client keeps
const MAX_PLACES = 10_000

const make = (options: Options): Client => {
  const profile = HafasProfile.make(options)
  const { fetch, stopLocations, userAgent, ...efaOptions } = options
  const headers = userAgent === undefined ? efaOptions.headers : { ...efaOptions.headers, "user-agent": userAgent }
  const efa = EfaPromise.createClient(
    { ...efaOptions, ...(headers === undefined ? {} : { headers }) },
    fetch === undefined ? undefined : { fetch }
  )
  const ctx: Context = { timeZone: profile.timezone, products: HafasProfile.deploymentProducts(profile.efa) }

  // the client's known coordinates by stop or place ID (the most recent `MAX_PLACES`; a look-up that failed is
  // forgotten, so that a later answer asks again)
  const places = new Map<string, Promise<Fptf.Location | undefined>>()
  const keep = (id: string, location: Promise<Fptf.Location | undefined>) => {
    places.delete(id)
    places.set(id, location)
    if (places.size > MAX_PLACES) places.delete(places.keys().next().value!)
  }
  const remember = (id: string, location: Fptf.Location | undefined) => {
    if (location !== undefined) keep(id, Promise.resolve(location))
  }
  const placeOf = (id: string, isStop: boolean): Promise<Fptf.Location | undefined> => {
    let found = places.get(id)
    if (found === undefined) {
      found = efa.stopFinder({ input: isStop ? Point.stop(id) : Point.any(id), maxResults: 1 }).then(
        (answer) => {
          const hit = answer.locations.find((location) => location.id === id) ?? answer.locations[0]
          return hit?.coord === undefined ? undefined : { ...locationOf(hit.coord), id }
        },
        () => {
          places.delete(id)
          return undefined
        }
      )
      keep(id, found)
    }
    return found
  }
  // fills in the coordinates an answer lacks
  const withLocations = async <A>(answer: A): Promise<A> => {
    if (stopLocations === false) return answer
    await Promise.all(
      withoutCoordinates(answer, []).map(async (place) => {
        const location = await placeOf(place.id, place.type === "stop")
        if (location === undefined) return
        if (place.type === "stop") {
          place.location = location
        } else {
          place.latitude = location.latitude!
          place.longitude = location.longitude!
        }
      })
    )
    return answer
  }

  // the lines serving each stop of a list (`linesOfStops`), and the products they are, where the deployment
  // answers serving lines
  const withLines = async <A extends Fptf.Stop | Fptf.Location>(
    found: Array<A>,
    linesOfStops: boolean | undefined
  ): Promise<Array<A>> => {
    if (linesOfStops !== true || !Profile.offers(profile.efa, "servingLines")) return found
    await Promise.all(found.map(async (place) => {
      if (place.type !== "stop") return
      const { servingLines } = await efa.servingLines({ _tag: "ByStop", stop: Point.stop(place.id) })
      const byId = new Map<string, Fptf.Line>()
      for (const line of servingLines) {
        const id = line.lineId ?? `${line.number}|${line.mot}`
        const known = byId.get(id) ??
          { ...lineOf(ctx, { id, mode: { name: line.name, mot: line.mot, number: line.number } }), directions: [] }
        if (!known.directions!.includes(line.direction)) known.directions!.push(line.direction)
        byId.set(id, known)
      }
      const lines = [...byId.values()]
      place.lines = lines
      place.products ??= Object.fromEntries(
        ctx.products.map((product) => [product.id, lines.some((line) => line.product === product.id)])
      )
    }))
    return found
  }

  const guarded =
    <Args extends Array<any>, A>(method: (...args: Args) => Promise<A>) => async (...args: Args): Promise<A> => {
      try {
        return await method(...args)
      } catch (error) {
        throw fromEfaError(error)
      }
    }

  const locations: Client["locations"] = guarded(async (query, opt = {}) => {
    if (!isNonEmptyString(query)) throw new TypeError("query must be a non-empty string.")
    const kinds: Array<"stop" | "poi" | "address" | "street" | "locality"> = []
    if (opt.stops !== false) kinds.push("stop")
    if (opt.addresses !== false) kinds.push("address", "street", "locality")
    if (opt.poi !== false) kinds.push("poi")
    if (kinds.length === 0) return []
    const answer = await efa.stopFinder({ input: Point.any(query), maxResults: opt.results ?? 5, objectKinds: kinds })
    const found = answer.locations.map((location) => {
      if (location.coord !== undefined) remember(location.id, { ...locationOf(location.coord), id: location.id })
      return fromStopFinder(ctx, location)
    })
    return withLocations(await withLines(found.slice(0, opt.results ?? 5), opt.linesOfStops))
  })

  const stop: Client["stop"] = guarded(async (station, opt = {}) => {
    const id = stationId(station, "stop")
    const answer = await efa.stopFinder({ input: Point.stop(id), maxResults: 1 })
    const hit = answer.locations.find((location) => location.id === id) ??
      answer.locations.find((location) => location.type === "stop")
    if (hit === undefined) throw new HafasError(`stop ${id} not found`, { code: NOT_FOUND })
    const [found] = await withLines([fromStopFinder(ctx, hit)], opt.linesOfStops)
    return withLocations(found!)
  })

  const nearby: Client["nearby"] = guarded(async (location, opt = {}) => {
    if (typeof location !== "object" || location === null || location.type !== "location") {
      throw new TypeError("location must be an object of type location.")
    }
    if (typeof location.latitude !== "number") throw new TypeError("location.latitude must be a number.")
    if (typeof location.longitude !== "number") throw new TypeError("location.longitude must be a number.")
    const radius = opt.distance ?? 1000
    const stops = { type: "STOP", radius } as const
    const pois = { type: "POI_POINT", radius } as const
    const filters = opt.stops === false
      ? (opt.poi === true ? [pois] as const : undefined)
      : (opt.poi === true ? [stops, pois] as const : [stops] as const)
    if (filters === undefined) return []
    const answer = await efa.coordInfo({
      searchSpace: { _tag: "Circle", centre: { lat: location.latitude, lon: location.longitude } },
      filters,
      maxResults: opt.results ?? 8
    })
    const excluded = excludedMots(ctx.products, opt.products)
    const found = answer.pins
      .map((pin) => ({ pin, mots: CoordInfo.motIds(pin) }))
      .filter(({ mots, pin }) =>
        excluded.length === 0 || pin.type !== "STOP" || mots.some((m) => !excluded.includes(m))
      )
      .sort((a, b) => (a.pin.distance ?? 0) - (b.pin.distance ?? 0))
      .slice(0, opt.results ?? 8)
      .map(({ mots, pin }) => fromPin(ctx, pin, mots))
    return withLocations(await withLines(found, opt.linesOfStops))
  })

  const board = async (
    kind: "departure" | "arrival",
    station: Station,
    opt: DeparturesArrivalsOptions
  ): Promise<Array<Fptf.Alternative>> => {
    const id = stationId(station, "station")
    const when = toDate(opt.when, "opt.when") ?? new Date()
    const duration = opt.duration ?? 10
    if (typeof duration !== "number" || !(duration > 0)) throw new TypeError("opt.duration must be a positive number.")
    const excluded = excludedMots(ctx.products, opt.products)
    const modes = excluded.length === 0
      ? undefined
      : ctx.products.flatMap((product) => product.mots).filter((mot) => !excluded.includes(mot)).sort((a, b) => a - b)
    if (modes !== undefined && modes.length === 0) return []
    const request: Pages.BoardRequest = {
      stop: Point.stop(id),
      dateTime: when,
      dateTimeRefersTo: kind,
      window: duration * 60_000,
      ...(opt.results === undefined || opt.results === null ? {} : { limit: Math.min(Math.max(1, opt.results), 500) }),
      ...(opt.direction === undefined ? {} : { direction: Point.stop(opt.direction) }),
      ...(opt.line === undefined ? {} : { lines: [opt.line] }),
      ...(modes === undefined ? {} : { modes }),
      ...(opt.stopovers === true ? { stopSequence: true } : {})
    }
    const page = await efa.departures(request)
    for (const location of page.locations) {
      if (location.coord !== undefined) remember(location.id, { ...locationOf(location.coord), id: location.id })
    }
    const until = when.getTime() + duration * 60_000
    const timeOf = (event: Departures.StopEvent | EfaPromise.PlainResponse<Departures.StopEvent>) =>
      (kind === "arrival" ? event.arrivalTimePlanned ?? event.departureTimePlanned : event.departureTimePlanned)
        .valueOf() as number
    const events = page.events.filter((event) => timeOf(event) < until)
    const answer = events
      .slice(0, opt.results ?? events.length)
      .map((event) =>
        alternativeOf(ctx, event, kind, { stopovers: opt.stopovers === true, remarks: opt.remarks !== false })
      )
      .sort((a, b) => Date.parse(a.when ?? a.plannedWhen) - Date.parse(b.when ?? b.plannedWhen))
    return withLocations(answer)
  }

  const departures: Client["departures"] = guarded(async (station, opt = {}) => ({
    departures: await board("departure", station, opt)
  }))
  const arrivals: Client["arrivals"] = guarded(async (station, opt = {}) => ({
    arrivals: await board("arrival", station, opt)
  }))

  const journeyOptions = (opt: {
    readonly stopovers?: boolean | undefined
    readonly polylines?: boolean | undefined
    readonly remarks?: boolean | undefined
    readonly tickets?: boolean | undefined
  }): JourneyOptions => ({
    stopovers: opt.stopovers === true,
    polylines: opt.polylines === true,
    remarks: opt.remarks !== false,
    tickets: opt.tickets === true
  })

  const journeys: Client["journeys"] = guarded(async (from, to, opt = {}) => {
    const origin = pointOf(from, "from")
    const destination = pointOf(to, "to")
    if ("earlierThan" in opt && "laterThan" in opt) {
      throw new TypeError("opt.earlierThan and opt.laterThan are mutually exclusive.")
    }
    if ("departure" in opt && "arrival" in opt) {
      throw new TypeError("opt.departure and opt.arrival are mutually exclusive.")
    }
    if ((opt as { when?: unknown }).when !== undefined) {
      throw new Error("opt.when is not supported anymore. Use opt.departure/opt.arrival.")
    }
    const ref = opt.earlierThan ?? opt.laterThan
    if (("earlierThan" in opt || "laterThan" in opt) && !isNonEmptyString(ref)) {
      throw new TypeError("opt.earlierThan/opt.laterThan must be a non-empty string.")
    }
    if (ref !== undefined && (opt.departure !== undefined || opt.arrival !== undefined)) {
      throw new TypeError("opt.earlierThan/opt.laterThan and opt.departure/opt.arrival are mutually exclusive.")
    }
    const walkingSpeed = opt.walkingSpeed ?? "normal"
    if (!SPEEDS.has(walkingSpeed)) {
      throw new Error("opt.walkingSpeed must be one of these values: \"slow\", \"normal\", \"fast\".")
    }
    let page: EfaPromise.PlainResponse<Pages.TripPage>
    if (ref !== undefined) {
      page = await efa.trip({ page: ref })
    } else {
      const arrival = toDate(opt.arrival, "opt.arrival")
      const when = arrival ?? toDate(opt.departure, "opt.departure") ?? new Date()
      const excluded = excludedMots(ctx.products, opt.products)
      const transfers = opt.transfers ?? -1
      const request: TripModule.TripRequestInput = {
        origin,
        destination,
        dateTime: when,
        dateTimeRefersTo: arrival === undefined ? "departure" : "arrival",
        realtime: true,
        ...(opt.results === undefined || opt.results === null
          ? {}
          : { numberOfTrips: Math.min(Math.max(1, opt.results), 100) }),
        ...(opt.tickets === true ? { fares: true } : {}),
        ...(opt.via === undefined || opt.via === null ? {} : { via: { point: pointOf(opt.via, "opt.via") } }),
        ...(excluded.length === 0 ? {} : { modes: { excluded } }),
        ...(opt.accessibility === "complete" ? { mobility: { wheelchair: true } } : {}),
        publicTransport: {
          changeSpeed: walkingSpeed as TripModule.Speed,
          ...(transfers >= 0 ? { maxChanges: Math.min(transfers, 9) } : {}),
          ...(opt.startWithWalking === false ? {} : { nearbyStopsAtOrigin: true })
        }
      }
      page = await efa.trip(request)
    }
    const options = journeyOptions(opt)
    const found = page.trips.map((trip) => journeyOf(ctx, trip, options))
    return withLocations({
      journeys: opt.results === undefined || opt.results === null ? found : found.slice(0, opt.results),
      earlierRef: page.earlier,
      laterRef: page.later
    })
  })

  const refreshJourney: NonNullable<Client["refreshJourney"]> = guarded(async (refreshToken, opt = {}) => {
    if (!isNonEmptyString(refreshToken)) throw new TypeError("refreshToken must be a non-empty string.")
    const decoded = tripOfToken(refreshToken) as { trip?: EfaPromise.PlainResponse<TripModule.Trip>; invalid?: string }
    if (decoded.trip === undefined) throw new HafasError(decoded.invalid!, { code: INVALID_REQUEST })
    const refreshed = await efa.refreshTrip(decoded.trip)
    const journey = journeyOf(ctx, refreshed.trip, journeyOptions(opt))
    return withLocations({ journey: { ...journey, refreshToken } })
  })

  const trip: NonNullable<Client["trip"]> = guarded(async (id, opt = {}) => {
    if (!isNonEmptyString(id)) throw new TypeError("id must be a non-empty string.")
    const run = runOf(id)
    if (typeof run === "string") throw new HafasError(run, { code: INVALID_REQUEST })
    const answer = await efa.tripStops(run)
    const found = tripOf(ctx, id, answer, { stopovers: opt.stopovers !== false })
    if (found === undefined) throw new HafasError(`no stops of trip ${id}`, { code: NOT_FOUND })
    return withLocations({ trip: found })
  })

  const lines: NonNullable<Client["lines"]> = guarded(async (query) => {
    if (!isNonEmptyString(query)) throw new TypeError("query must be a non-empty string.")
    const answer = await efa.lines({})
    const needle = query.toLowerCase()
    const byId = new Map<string, Fptf.Line>()
    for (const line of answer.lines) {
      const names = [line.mode.number, line.mode.name, line.lineId].filter((name) => name !== undefined)
      if (!names.some((name) => name.toLowerCase().includes(needle))) continue
      const formatted = lineOf(ctx, { id: line.lineId, mode: line.mode })
      const known = byId.get(line.lineId) ?? { ...formatted, directions: [] }
      if (line.destination !== undefined && !known.directions!.includes(line.destination.name)) {
        known.directions!.push(line.destination.name)
      }
      byId.set(line.lineId, known)
    }
    return { lines: [...byId.values()] }
  })

  const remarks: NonNullable<Client["remarks"]> = guarded(async (opt = {}) => {
    // from now on unless told otherwise, as hafas-client does
    const from = "from" in opt && (opt.from === null || opt.from === undefined)
      ? undefined
      : toDate(opt.from ?? Date.now(), "opt.from")
    const to = toDate(opt.to, "opt.to")
    const answer = await efa.addInfo({})
    const warnings = answer.infos
      .map((notice) => warningOf(ctx, notice))
      .filter((warning) =>
        (from === undefined || warning.validUntil === undefined || Date.parse(warning.validUntil) >= from.getTime()) &&
        (to === undefined || warning.validFrom === undefined || Date.parse(warning.validFrom) <= to.getTime())
      )
    return { remarks: warnings.slice(0, opt.results ?? 100) }
  })

  const serverInfo: Client["serverInfo"] = guarded(async () => {
    if (!profile.serverInfo) return {}
    const info = await efa.systemInfo({})
    const day = (date: string | undefined) => date?.replaceAll("-", "")
    const start = day(info.validity?.from)
    const end = day(info.validity?.to)
    const version = info.version ?? info.kernel?.appVersion
    return {
      ...(version === undefined ? {} : { hciVersion: version }),
      ...(start === undefined ? {} : { timetableStart: start }),
      ...(end === undefined ? {} : { timetableEnd: end })
    }
  })

  const client: Record<string, unknown> = {
    locations,
    stop,
    nearby,
    departures,
    arrivals,
    journeys,
    serverInfo,
    close: () => efa.close()
  }
  if (profile.refreshJourney) client.refreshJourney = refreshJourney
  if (profile.trip) client.trip = trip
  if (profile.lines) client.lines = lines
  if (profile.remarks) client.remarks = remarks
  Object.defineProperty(client, "profile", { value: profile, enumerable: false })
  return client as unknown as Client
}
