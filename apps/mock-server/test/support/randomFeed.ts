/**
 * Small random GTFS feeds for property tests of the router, and a second search to check it against.
 *
 * A feed is generated as a model (stations with platforms, the change time at each station, walks between
 * stations, routes with trips, frequencies and calendars with exceptions), written as GTFS files, and the
 * reference searches the model itself: it reads nothing the conversion made.
 *
 * The reference is written to be obviously right rather than fast: the rides (connections) of the three service
 * days around the query's sorted by departure, scanned once per number of rides, with the rules of
 * `shared/spec/gtfs-routing.md` as the fake documents them:
 *
 * - the first ride boards at the origin at or after the query time, or at a station one walk from the origin;
 * - between two rides a passenger changes at one station (its change time, 120 s where the feed gives none,
 *   never where it forbids) or walks to another station (the walk's time, nothing more), never two walks;
 * - a row of `transfers.txt` naming the arriving or the leaving trip or route applies to those only, and the most
 *   specific row wins (both trips, a trip and a route, one trip, both routes, one route, then the stations' rows);
 *   among equally specific rows the longest time;
 * - after the last ride one walk may take the passenger to the destination (the stations' rows only).
 */
import { FastCheck as fc } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** The service day the queries ask about (a Wednesday), and the days of the feed's calendars. */
export const QUERY_DATE = "2026-06-10"
const FEED_DATES = ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12"]

/** The change time where the feed gives none. */
export const DEFAULT_CHANGE = 120

export interface Station {
  readonly id: string
  readonly platforms: ReadonlyArray<string>
  /** Seconds to change here; undefined: the default; "forbidden": no change here. */
  readonly change: number | "forbidden" | undefined
  /** How the change time is written: on the station, or on one of its platforms (index). */
  readonly changeOn: number
  /** Where it is (`[lat, lon]`); else on a grid about a kilometre apart. */
  readonly position?: readonly [number, number] | undefined
}

export interface Walk {
  readonly from: number
  readonly to: number
  readonly seconds: number
  /** The platforms the row names (-1: the station). */
  readonly fromOn: number
  readonly toOn: number
  /** transfer_type: 2 with the time, or 0 with a time (allowed too). */
  readonly type: 0 | 2
}

export interface Trip {
  readonly id: string
  /** Stations in travel order, with the platform each call uses. */
  readonly calls: ReadonlyArray<{ readonly station: number; readonly platform: number }>
  /** Seconds after the service day's origin. */
  readonly arrivals: ReadonlyArray<number>
  readonly departures: ReadonlyArray<number>
  readonly service: number
  readonly direction: 0 | 1
  /** Its `trip_headsign`, else none. */
  readonly headsign?: string | undefined
  /** Frequencies: the start times of its copies, else undefined. */
  readonly frequency?: { readonly start: number; readonly end: number; readonly headway: number } | undefined
  /** Its route (`R<route>`), shared with other trips; else a route of its own (`R<id>`). */
  readonly route?: number | undefined
}

/**
 * A row of `transfers.txt` for trips or routes: from a station (or one of its platforms) reached by a trip or a route
 * to a station left by one. A side names a trip (index into the trips) or a route, or neither.
 */
export interface ScopedTransfer {
  readonly from: number
  readonly to: number
  /** The platforms the row names (-1: the station). */
  readonly fromOn: number
  readonly toOn: number
  readonly fromTrip?: number | undefined
  readonly toTrip?: number | undefined
  readonly fromRoute?: number | undefined
  readonly toRoute?: number | undefined
  readonly type: 0 | 1 | 2 | 3
  /** `min_transfer_time` (required for type 2, none for 3; between two stations always given). */
  readonly seconds?: number | undefined
}

export interface Service {
  /** Weekdays it runs (0 Sunday). */
  readonly weekdays: ReadonlyArray<boolean>
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
}

export interface FeedModel {
  readonly stations: ReadonlyArray<Station>
  readonly walks: ReadonlyArray<Walk>
  readonly trips: ReadonlyArray<Trip>
  readonly services: ReadonlyArray<Service>
  /** Forbidden walks written as transfer_type 3 rows (they must change nothing). */
  readonly forbiddenWalks: ReadonlyArray<readonly [number, number]>
  /** Rows for trips or routes. */
  readonly scoped?: ReadonlyArray<ScopedTransfer> | undefined
}

/** The route of a trip as `routes.txt` has it. */
export const routeOf = (trip: Trip): string => trip.route === undefined ? `R${trip.id}` : `R${trip.route}`

const time = (seconds: number): string => {
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`
}

const stationArb = (i: number) =>
  fc.record({
    platforms: fc.integer({ min: 1, max: 2 }),
    change: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(0, 0, 30, 180, 300, 900),
      fc.constant("forbidden" as const)
    ),
    changeOn: fc.integer({ min: -1, max: 1 })
  }).map(({ change, changeOn, platforms }): Station => ({
    id: `ST${i}`,
    platforms: Array.from({ length: platforms }, (_, p) => `ST${i}_P${p}`),
    change,
    changeOn: Math.min(changeOn, platforms - 1)
  }))

const tripArb = (stations: number, services: number, id: number) =>
  fc.record({
    stops: fc.uniqueArray(fc.integer({ min: 0, max: stations - 1 }), { minLength: 2, maxLength: 5 }),
    platformSeed: fc.integer({ min: 0, max: 3 }),
    // from 04:00 to 26:40 (runs past midnight), most in one busy hour so that trips meet
    start: fc.oneof(
      { arbitrary: fc.integer({ min: 4 * 3600, max: 26 * 3600 + 2400 }), weight: 1 },
      { arbitrary: fc.integer({ min: 7 * 3600, max: 8 * 3600 }), weight: 2 }
    ).map((t) => t - (t % 30)),
    runs: fc.array(fc.constantFrom(0, 60, 120, 240, 400, 600, 1200), { minLength: 4, maxLength: 4 }),
    dwells: fc.array(fc.constantFrom(0, 0, 30, 60), { minLength: 4, maxLength: 4 }),
    service: fc.integer({ min: 0, max: services - 1 }),
    direction: fc.constantFrom(0 as const, 1 as const),
    frequency: fc.option(
      fc.record({ headway: fc.constantFrom(300, 600, 900), copies: fc.integer({ min: 1, max: 4 }) }),
      { freq: 4 }
    ),
    route: fc.integer({ min: 0, max: 3 })
  }).map((r): Trip => {
    const arrivals: Array<number> = []
    const departures: Array<number> = []
    let t = r.start
    r.stops.forEach((_, i) => {
      if (i > 0) t += r.runs[i - 1]!
      arrivals.push(t)
      if (i > 0 && i < r.stops.length - 1) t += r.dwells[i - 1]!
      departures.push(t)
    })
    return {
      id: `T${id}`,
      calls: r.stops.map((station, i) => ({ station, platform: (r.platformSeed + i) % 2 })),
      arrivals,
      departures,
      service: r.service,
      direction: r.direction,
      route: r.route,
      frequency: r.frequency === null
        ? undefined
        : { start: r.start, end: r.start + r.frequency.headway * r.frequency.copies, headway: r.frequency.headway }
    }
  })

const serviceArb: fc.Arbitrary<Service> = fc.record({
  weekdays: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  added: fc.subarray(FEED_DATES),
  removed: fc.subarray(FEED_DATES)
}).map((s) => ({ ...s, removed: s.removed.filter((date) => !s.added.includes(date)) }))

// rows for trips or routes, most where two trips meet (the arriving one calls at the station, the leaving one at it
// or at another one of its calls, a walk), one row per stations and scope (the feed refuses a repeated row; rows for
// one station's platforms would merge, which the stations' rows test)
const scopedArb = (n: number, trips: ReadonlyArray<Trip>): fc.Arbitrary<Array<ScopedTransfer>> =>
  fc.uniqueArray(
    fc.record({
      arriving: fc.integer({ min: 0, max: trips.length - 1 }),
      leaving: fc.integer({ min: 0, max: trips.length - 1 }),
      at: fc.nat(),
      walkTo: fc.oneof(
        { arbitrary: fc.constant(null), weight: 3 },
        { arbitrary: fc.integer({ min: 0, max: n - 1 }), weight: 1 }
      ),
      fromOn: fc.integer({ min: -1, max: 1 }),
      toOn: fc.integer({ min: -1, max: 1 }),
      // the side's scope: the trip, its route, or neither
      fromSide: fc.constantFrom("trip", "route", "route", "none"),
      toSide: fc.constantFrom("trip", "route", "route", "none"),
      type: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const, 3 as const),
      seconds: fc.constantFrom(0, 0, 60, 180, 600)
    }).filter(({ fromSide, toSide }) => fromSide !== "none" || toSide !== "none").map(
      ({ arriving, at, fromOn, fromSide, leaving, seconds, toOn, toSide, type, walkTo }): ScopedTransfer => {
        const a = trips[arriving]!
        const b = trips[leaving]!
        const from = a.calls[at % a.calls.length]!.station
        const meet = b.calls.some((call) => call.station === from)
        // within the station where the two meet, else a walk to the leaving trip's call (or a station of the feed)
        const to = walkTo === null && meet ? from : walkTo ?? b.calls[at % b.calls.length]!.station
        const within = to === from
        const side = (kind: string, trip: number, route: number | undefined) =>
          kind === "trip" ? { trip } : kind === "route" && route !== undefined ? { route } : {}
        const fromScope = side(fromSide, arriving, a.route)
        const toScope = side(toSide, leaving, b.route)
        return {
          from,
          to,
          fromOn: within ? -1 : fromOn,
          toOn: within ? -1 : toOn,
          fromTrip: "trip" in fromScope ? fromScope.trip : undefined,
          fromRoute: "route" in fromScope ? fromScope.route : undefined,
          toTrip: "trip" in toScope ? toScope.trip : undefined,
          toRoute: "route" in toScope ? toScope.route : undefined,
          type,
          // types 0 and 1 within a station without a time: the station's own
          seconds: type === 3 ? undefined : within && type < 2 && seconds === 0 ? undefined : seconds
        }
      }
    ).filter((row) =>
      row.fromTrip !== undefined || row.fromRoute !== undefined || row.toTrip !== undefined ||
      row.toRoute !== undefined
    ),
    {
      maxLength: 8,
      selector: (row) => `${row.from}>${row.to}|${row.fromTrip}|${row.fromRoute}|${row.toTrip}|${row.toRoute}`
    }
  )

/**
 * A random feed: 3 to 8 stations, 2 to 10 trips on 1 to 3 services, walks between some stations.
 */
export const feedArb: fc.Arbitrary<FeedModel> = fc.integer({ min: 3, max: 8 }).chain((n) =>
  fc.record({
    stations: fc.tuple(...Array.from({ length: n }, (_, i) => stationArb(i))),
    services: fc.array(serviceArb, { minLength: 1, maxLength: 3 }),
    walks: fc.uniqueArray(
      fc.record({
        from: fc.integer({ min: 0, max: n - 1 }),
        to: fc.integer({ min: 0, max: n - 1 }),
        seconds: fc.constantFrom(0, 60, 180, 300, 420, 900),
        fromOn: fc.integer({ min: -1, max: 1 }),
        toOn: fc.integer({ min: -1, max: 1 }),
        type: fc.constantFrom(0 as const, 2 as const)
      }).filter((walk) => walk.from !== walk.to),
      { maxLength: 2 * n, selector: (walk) => `${walk.from}>${walk.to}` }
    ),
    // one row a pair: a feed that repeats a row is refused
    forbiddenWalks: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
      maxLength: 2,
      selector: ([a, b]) => `${a}>${b}`
    }),
    tripCount: fc.integer({ min: 2, max: 10 })
  }).chain(({ forbiddenWalks, services, stations, tripCount, walks }) =>
    fc.tuple(...Array.from({ length: tripCount }, (_, i) => tripArb(n, services.length, i))).chain((trips) =>
      fc.tuple(fc.constant(trips), scopedArb(n, trips))
    ).map(([trips, scoped]) => {
      const onPlatform = (station: number, on: number) =>
        on < 0 ? -1 : Math.min(on, stations[station]!.platforms.length - 1)
      const walkKeys = new Set(walks.map((walk) => `${walk.from}>${walk.to}`))
      // the first service runs on the query day, so that the feed has a day to run on
      const first = services[0]!
      return {
        stations,
        services: [
          {
            ...first,
            added: [...first.added.filter((date) => date !== QUERY_DATE), QUERY_DATE],
            removed: first.removed.filter((date) => date !== QUERY_DATE)
          },
          ...services.slice(1)
        ],
        walks: walks.map((walk) => ({
          ...walk,
          fromOn: onPlatform(walk.from, walk.fromOn),
          toOn: onPlatform(walk.to, walk.toOn)
        })),
        // a forbidden row between stations no walk joins (a row that forbids and one that allows the same walk
        // would be a contradiction the feed should not have)
        forbiddenWalks: forbiddenWalks.filter(([a, b]) => a !== b && !walkKeys.has(`${a}>${b}`)),
        scoped: scoped.map((row) => ({
          ...row,
          fromOn: onPlatform(row.from, row.fromOn),
          toOn: onPlatform(row.to, row.toOn)
        })),
        // the first trip runs on the first service, so that some trip runs on some day
        trips: trips.map((trip, i) => ({
          ...trip,
          service: i === 0 ? 0 : trip.service,
          calls: trip.calls.map((call) => ({
            ...call,
            platform: Math.min(call.platform, stations[call.station]!.platforms.length - 1)
          }))
        }))
      }
    })
  )
)

/** Writes the model as GTFS files in a new folder; returns the folder. */
export const writeFeed = (model: FeedModel): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-random-"))
  const write = (name: string, lines: ReadonlyArray<string>) =>
    fs.writeFileSync(path.join(folder, name), `${lines.join("\n")}\n`)
  write("agency.txt", ["agency_id,agency_name,agency_url,agency_timezone", "A,Random Transit,https://example.org,UTC"])
  write("stops.txt", [
    "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code",
    ...model.stations.flatMap((station, i) => {
      const [lat, lon] = station.position ?? [50 + i * 0.01, 8 + (i % 3) * 0.01]
      const at = `${lat.toFixed(5)},${lon.toFixed(5)}`
      return [
        `${station.id},Station ${i},${at},1,,`,
        ...station.platforms.map((platform, p) => `${platform},Station ${i} platform,${at},0,${station.id},${p + 1}`)
      ]
    })
  ])
  write("routes.txt", [
    "route_id,agency_id,route_short_name,route_long_name,route_type",
    ...Array.from(
      new Set(["R0", "R1", "R2", "R3", ...model.trips.map(routeOf)]),
      (route) => `${route},A,${route.slice(1)},,3`
    )
  ])
  write("trips.txt", [
    "route_id,service_id,trip_id,trip_headsign,direction_id",
    ...model.trips.map((trip) =>
      `${routeOf(trip)},S${trip.service},${trip.id},${trip.headsign ?? ""},${trip.direction}`
    )
  ])
  write("stop_times.txt", [
    "trip_id,arrival_time,departure_time,stop_id,stop_sequence",
    ...model.trips.flatMap((trip) =>
      trip.calls.map((call, i) =>
        `${trip.id},${time(trip.arrivals[i]!)},${time(trip.departures[i]!)},${
          model.stations[call.station]!.platforms[call.platform]
        },${i * 10 + 1}`
      )
    )
  ])
  const compact = (date: string) => date.replaceAll("-", "")
  write("calendar.txt", [
    "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date",
    ...model.services.map((service, i) =>
      `S${i},${[1, 2, 3, 4, 5, 6, 0].map((day) => (service.weekdays[day] ? 1 : 0)).join(",")},${
        compact(FEED_DATES[0]!)
      },${compact(FEED_DATES[FEED_DATES.length - 1]!)}`
    )
  ])
  write("calendar_dates.txt", [
    "service_id,date,exception_type",
    ...model.services.flatMap((service, i) => [
      ...service.added.map((date) => `S${i},${compact(date)},1`),
      ...service.removed.map((date) => `S${i},${compact(date)},2`)
    ])
  ])
  const frequencies = model.trips.filter((trip) => trip.frequency !== undefined)
  if (frequencies.length > 0) {
    write("frequencies.txt", [
      "trip_id,start_time,end_time,headway_secs",
      ...frequencies.map((trip) =>
        `${trip.id},${time(trip.frequency!.start)},${time(trip.frequency!.end)},${trip.frequency!.headway}`
      )
    ])
  }
  const named = (station: number, on: number) =>
    on < 0 ? model.stations[station]!.id : model.stations[station]!.platforms[on]!
  const tripId = (trip: number | undefined) => trip === undefined ? "" : model.trips[trip]!.id
  const routeId = (route: number | undefined) => route === undefined ? "" : `R${route}`
  write("transfers.txt", [
    "from_stop_id,to_stop_id,transfer_type,min_transfer_time,from_route_id,to_route_id,from_trip_id,to_trip_id",
    ...model.stations.flatMap((station, i) => {
      if (station.change === undefined) return []
      const id = named(i, station.changeOn)
      return [station.change === "forbidden" ? `${id},${id},3,,,,,` : `${id},${id},2,${station.change},,,,`]
    }),
    ...model.walks.map((walk) =>
      `${named(walk.from, walk.fromOn)},${named(walk.to, walk.toOn)},${walk.type},${walk.seconds},,,,`
    ),
    ...model.forbiddenWalks.map(([a, b]) => `${model.stations[a]!.id},${model.stations[b]!.id},3,,,,,`),
    ...(model.scoped ?? []).map((row) =>
      [
        named(row.from, row.fromOn),
        named(row.to, row.toOn),
        row.type,
        row.seconds ?? "",
        routeId(row.fromRoute),
        routeId(row.toRoute),
        tripId(row.fromTrip),
        tripId(row.toTrip)
      ].join(",")
    )
  ])
  return folder
}

// ---------------------------------------------------------------------------------------------------
// the reference
// ---------------------------------------------------------------------------------------------------

/** Epoch seconds of a service day's origin (the feed's zone is UTC: midnight). */
export const originOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 1000

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const runsOnDate = (service: Service, date: string): boolean => {
  if (!FEED_DATES.includes(date)) return false
  if (service.added.includes(date)) return true
  if (service.removed.includes(date)) return false
  return service.weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!
}

/** One vehicle run of the model on one day, times in epoch seconds. */
export interface ModelRun {
  /** The trip's ID (`<trip_id>@<HH:MM:SS>` for a copy by frequencies). */
  readonly id: string
  /** The trip it is a run of (index into the model's trips). */
  readonly trip: number
  readonly date: string
  readonly stations: ReadonlyArray<string>
  readonly arrivals: ReadonlyArray<number>
  readonly departures: ReadonlyArray<number>
}

/** Every run of the model on the service days around a date. */
export const modelRuns = (model: FeedModel, date: string): Array<ModelRun> => {
  const runs: Array<ModelRun> = []
  for (const day of [addDays(date, -1), date, addDays(date, 1)]) {
    const origin = originOf(day)
    for (const [index, trip] of model.trips.entries()) {
      if (!runsOnDate(model.services[trip.service]!, day)) continue
      const stations = trip.calls.map((call) => model.stations[call.station]!.id)
      const starts = trip.frequency === undefined ? [trip.departures[0]!] : (() => {
        const list: Array<number> = []
        for (let t = trip.frequency.start; t < trip.frequency.end; t += trip.frequency.headway) list.push(t)
        return list
      })()
      for (const start of starts) {
        const shift = start - trip.departures[0]!
        runs.push({
          id: trip.frequency === undefined ? trip.id : `${trip.id}@${time(start)}`,
          trip: index,
          date: day,
          stations,
          arrivals: trip.arrivals.map((t) => origin + t + shift),
          departures: trip.departures.map((t) => origin + t + shift)
        })
      }
    }
  }
  return runs
}

/** The change time at a station (infinite: forbidden). */
export const changeSeconds = (model: FeedModel, station: string): number => {
  const found = model.stations.find((s) => s.id === station)!
  return found.change === "forbidden" ? Number.POSITIVE_INFINITY : found.change ?? DEFAULT_CHANGE
}

/** The walk from one station to another, in seconds, or undefined. */
export const walkSeconds = (model: FeedModel, from: string, to: string): number | undefined =>
  model.walks.find((walk) => model.stations[walk.from]!.id === from && model.stations[walk.to]!.id === to)?.seconds

// how specific a scoped row is: both trips, a trip and a route, one trip, both routes, one route
const specificity = (row: ScopedTransfer): number =>
  (row.fromTrip !== undefined ? 4 : row.fromRoute !== undefined ? 1 : 0) +
  (row.toTrip !== undefined ? 4 : row.toRoute !== undefined ? 1 : 0)

/**
 * Seconds from arriving at station `from` with a run of trip `arriving` to leaving station `to` with a run of trip
 * `leaving` (a change within a station, or a walk between two); infinite where it is not allowed. The most
 * specific row of `transfers.txt` naming these trips or their routes wins (the longest of equally specific ones),
 * else the station's change time or the walk.
 */
export const transferSeconds = (
  model: FeedModel,
  from: string,
  arriving: number,
  to: string,
  leaving: number
): number => {
  const i = model.stations.findIndex((station) => station.id === from)
  const j = model.stations.findIndex((station) => station.id === to)
  const a = model.trips[arriving]!
  const b = model.trips[leaving]!
  const route = (trip: Trip) => trip.route ?? -1
  const matching = (model.scoped ?? []).filter((row) =>
    row.from === i && row.to === j &&
    (row.fromTrip === undefined || row.fromTrip === arriving) &&
    (row.toTrip === undefined || row.toTrip === leaving) &&
    (row.fromRoute === undefined || row.fromRoute === route(a)) &&
    (row.toRoute === undefined || row.toRoute === route(b))
  )
  if (matching.length === 0) {
    return i === j ? changeSeconds(model, from) : walkSeconds(model, from, to) ?? Number.POSITIVE_INFINITY
  }
  const top = Math.max(...matching.map(specificity))
  const own = model.stations[i]!.change
  return Math.max(
    ...matching.filter((row) => specificity(row) === top).map((row) =>
      row.type === 3
        ? Number.POSITIVE_INFINITY
        : row.seconds ?? (typeof own === "number" ? own : DEFAULT_CHANGE)
    )
  )
}

/**
 * The reference's Pareto set: for 0 (a walk alone) to `maxRides` rides, `[arrival, rides]` where the earliest
 * arrival with at most that many rides is earlier than with fewer.
 */
export const referenceSearch = (
  model: FeedModel,
  date: string,
  origin: string,
  destination: string,
  departure: number,
  maxRides: number
): Array<readonly [number, number]> => {
  const runs = modelRuns(model, date)
  const connections = runs.flatMap((run, r) =>
    run.stations.slice(1).map((_, i) => ({
      run: r,
      from: run.stations[i]!,
      to: run.stations[i + 1]!,
      departure: run.departures[i]!,
      arrival: run.arrivals[i + 1]!
    }))
  ).sort((a, b) => a.departure - b.departure)
  const ids = model.stations.map((station) => station.id)
  const infinity = Number.POSITIVE_INFINITY
  const walksFrom = (station: string) =>
    model.walks
      .filter((walk) => ids[walk.from] === station)
      .map((walk) => ({ to: ids[walk.to]!, seconds: walk.seconds }))
  // round 0: at the origin at the query time, or one walk from it
  const access = new Map<string, number>()
  for (const walk of walksFrom(origin)) access.set(walk.to, departure + walk.seconds)
  // a walk alone
  let best = access.get(destination) ?? infinity
  const result: Array<readonly [number, number]> = best < infinity ? [[best, 0]] : []
  // the previous round's arrivals by each run at each station
  let arrived: Array<{ readonly station: string; readonly run: number; readonly arrival: number }> = []
  for (let k = 1; k <= maxRides; k++) {
    const readyAt = new Map<string, number>()
    const ready = (station: string, run: number): number => {
      const key = `${station}|${run}`
      let found = readyAt.get(key)
      if (found === undefined) {
        found = k === 1
          ? Math.min(station === origin ? departure : infinity, access.get(station) ?? infinity)
          : Math.min(
            infinity,
            ...arrived.map((label) =>
              label.arrival + transferSeconds(model, label.station, runs[label.run]!.trip, station, runs[run]!.trip)
            )
          )
        readyAt.set(key, found)
      }
      return found
    }
    const boarded = new Set<number>()
    const byRun = new Map<string, { readonly station: string; readonly run: number; readonly arrival: number }>()
    for (const c of connections) {
      if (!boarded.has(c.run) && ready(c.from, c.run) <= c.departure) boarded.add(c.run)
      if (boarded.has(c.run)) {
        const key = `${c.to}|${c.run}`
        if (c.arrival < (byRun.get(key)?.arrival ?? infinity)) {
          byRun.set(key, { station: c.to, run: c.run, arrival: c.arrival })
        }
      }
    }
    arrived = Array.from(byRun.values())
    // at the destination by a ride, or one walk from a ride's end
    let arrival = infinity
    for (const label of arrived) {
      if (label.station === destination) arrival = Math.min(arrival, label.arrival)
      for (const walk of walksFrom(label.station)) {
        if (walk.to === destination) arrival = Math.min(arrival, label.arrival + walk.seconds)
      }
    }
    if (arrival < best) {
      best = arrival
      result.push([arrival, k])
    }
  }
  return result
}

/**
 * Queries where the model's rows for trips or routes may decide: for runs on the query's days that meet where a row
 * leads (the leaving run leaves within 20 minutes of the arrival, or up to a minute before), from the arriving
 * run's first station just before it leaves to the leaving run's last; a few a row.
 */
export const scopedQueries = (model: FeedModel): Array<{ origin: number; destination: number; time: number }> => {
  const runs = modelRuns(model, QUERY_DATE)
  const index = (id: string) => model.stations.findIndex((station) => station.id === id)
  const queries: Array<{ origin: number; destination: number; time: number }> = []
  for (const row of model.scoped ?? []) {
    const from = model.stations[row.from]!.id
    const to = model.stations[row.to]!.id
    const fits = (run: ModelRun, trip: number | undefined, route: number | undefined) =>
      (trip === undefined || trip === run.trip) && (route === undefined || route === model.trips[run.trip]!.route)
    let found = 0
    for (const a of runs) {
      const at = a.stations.indexOf(from)
      if (at <= 0 || !fits(a, row.fromTrip, row.fromRoute)) continue
      for (const b of runs) {
        const on = b.stations.indexOf(to)
        if (b === a || on < 0 || on === b.stations.length - 1 || !fits(b, row.toTrip, row.toRoute)) continue
        const gap = b.departures[on]! - a.arrivals[at]!
        const time = a.departures[0]! - originOf(QUERY_DATE) - 30
        if (gap < -60 || gap > 1200 || time < 0 || time > 27 * 3600 || found >= 3) continue
        const origin = index(a.stations[0]!)
        const destination = index(b.stations[b.stations.length - 1]!)
        if (origin === destination) continue
        queries.push({ origin, destination, time })
        found++
      }
    }
  }
  return queries
}
