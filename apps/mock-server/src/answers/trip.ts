/**
 * The trip answer (`XML_TRIP_REQUEST2`): connections computed from the dataset's timetable with
 * RAPTOR, for any pair of points.
 *
 * - Points: a stop ID, a POI ID, a coordinate, or text (the stop finder's best match). A coordinate
 *   or POI walks to the stops around it (great-circle distance times the dataset's detour factor at its
 *   walking speed, scaled by `changeSpeed` of the individual-transport options) within the dataset's
 *   access radius, or within `trITMOTvalue` / `trITDepMOTvalue` / `trITArrMOTvalue` minutes when
 *   given. With `useProxFootSearchOrig` / `useProxFootSearchDest` a stop origin or destination also
 *   uses the stops within walking distance of it.
 * - Time: `itdDate` / `itdTime` (default: the fake's clock). `dep`: the Pareto set of arrival and changes
 *   of a search from the time (for each number of changes the earliest arrival, where earlier than with
 *   fewer), then successive searches, each from a second after the earliest departure of the one before,
 *   up to `calcNumberOfTrips`; a trip that another leaves no earlier than, arrives no later than and with
 *   no more changes is dropped. `arr`: the same searches over the hours before the time, keeping the
 *   latest `calcNumberOfTrips` trips that arrive by it.
 * - Changes: `maxChanges` bounds the vehicles per trip (the default 9 is capped at 5 changes); the
 *   minimum change time is the timetable's at the stop (a GTFS feed's `transfers.txt`), else the
 *   dataset's, times 0.5 / 1 / 2 for `changeSpeed` fast / normal / slow (a timetable's own time is
 *   never shortened). Walks between stops as the dataset has them: before the first ride, between two
 *   rides, after the last.
 *   `routeType=leastinterchange` takes the trip with the fewest vehicles, the others the fastest.
 * - Modes: `inclMOT_*` keeps only those modes, `exclMOT_*` drops modes; walking is never filtered.
 * - Mobility: `lowPlatformVhcl` and `wheelchair` keep only lines whose vehicles are low-floor or
 *   wheelchair accessible. A change at a stop (or a walk between stops) needs a way between the
 *   platforms the traveller can use: stops without elevator, escalator or stairs are level; with
 *   `noElevators` / `noEscalators` / `noSolidStairs` one of the other ways must exist; with
 *   `wheelchair` an elevator (or level access) must.
 * - Via: origin to via, the dwell time (`dwellTime_via`, default 0), via to destination; the via point
 *   ends one leg and starts the next in every trip.
 * - Legs: vehicles carry `{ name: "<product> <number>", mot }`; walks between a point and a stop
 *   carry MOT 100, walks between two stops MOT 99. Durations are seconds, times UTC.
 * - Real time (`useRealtime=1`): as the departure board tells it (`engine/realtime.ts`): within the
 *   real-time window a call gets `departureTimeEstimated` / `arrivalTimeEstimated` from a deterministic
 *   delay per run and stop, or the dataset's delay once announced; a leg on a run cancelled by then says
 *   `realtimeStatus: "TRIP_CANCELLED"` without estimates, others `"MONITORED"`, both with
 *   `isRealtimeControlled: true`; routing itself uses the planned times.
 * - Rides (`engine/legDetails.ts`): every stop from boarding to alighting with the board's times, platforms
 *   and, with real time, estimates and cancellations; the run's trip code (`XML_STOPSEQCOORD_REQUEST` finds the
 *   run by it); the line with its operator and destination; the dataset's notices on the line and the stops;
 *   occupancy per run and stop; step-free stops; the vehicle's wheelchair access and low floor; the walk to
 *   change on the ride before a change (stairs, escalators or lifts as the mobility options allow).
 * - Path and days: each ride's `coords`, the line's geometry from boarding to alighting; the trip's
 *   `daysOfService` (`rvb`, a bit per day of the timetable's period: the days of the same day type as its rides'),
 *   as `engine/legDetails.ts` computes them; none for the single trips of a feed, whose calendars are their own.
 * - Fares (`useUT=1`, `engine/fares.ts`): from the dataset's tariff: its fares where it has them (a GTFS feed's,
 *   the cheapest that cover the rides, a ticket per run of rides one fare covers), else an adult and a child ticket
 *   priced by the number of zones the rides touch; each ride's zones; none without `useUT` or without a tariff.
 * - Not modelled: bicycle and park-and-ride routing, `lineRestriction` (every line of the dataset is
 *   an association line without surcharge), `calcOneDirection` (no earlier variants are produced).
 * - Messages: an unknown point answers `-2000`, a date outside the timetable `-4001`, no trip
 *   `-4000`, each with `trips: []`.
 * - Work budget (`context.budget`): every routing search and RAPTOR round takes from it. When it runs
 *   out (searches, rounds or time), the search stops as EFA's router does when it gives up: the trips
 *   found so far with a `warning` message, or `trips: []` with an `error` message, code `-4000`, whose
 *   text begins `search stopped:` and names the budget.
 *
 * @since 0.1.0
 */
import { Mot, type Point, Trip } from "@efa-kit/core"
import { DateTime } from "effect"
import { perDatasetAndKey } from "../dataset/cache.js"
import { distanceMeters, walkSeconds } from "../dataset/geometry.js"
import { accessStops, lookupOf } from "../dataset/lookup.js"
import type { Dataset, Line, Stop } from "../dataset/schema.js"
import { fareOf } from "../engine/fares.js"
import { daysOfService, interchangeWalk, type Mobility } from "../engine/legDetails.js"
import { type ResolvedPoint, resolvePoint, unknownPointMessage } from "../engine/points.js"
import { type Journey, type Pattern, searchAll, type SearchOptions, timetableAround } from "../engine/raptor.js"
import { rideLeg } from "../engine/rides.js"
import { dayTypeOf, localDate } from "../engine/timetable.js"
import type { Answer, AnswerContext } from "./types.js"

/**
 * The number of trips when `calcNumberOfTrips` is absent.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_NUMBER_OF_TRIPS = 4

/**
 * The most changes a trip may have, whatever `maxChanges` says.
 *
 * @since 0.1.0
 * @category constants
 */
const MAX_CHANGES = 5

const WALK_TO_STOP = { name: "Fußweg", mot: Mot.Mot.Walk } as const
const WALK_BETWEEN_STOPS = { name: "Fußweg", mot: Mot.Mot.WalkInsideStop } as const

// ---------------------------------------------------------------------------------------------------
// endpoints
// ---------------------------------------------------------------------------------------------------

interface Access {
  readonly stop: Stop
  readonly seconds: number
}

interface Endpoint {
  readonly point: ResolvedPoint
  readonly access: ReadonlyArray<Access>
}

const endpoint = (
  dataset: Dataset,
  point: ResolvedPoint,
  nearby: boolean,
  maxSeconds: number | undefined,
  speedFactor: number
): Endpoint => {
  const meta = dataset.meta
  if (point._tag === "Stop") {
    const access: Array<Access> = [{ stop: point.stop, seconds: 0 }]
    if (nearby) {
      for (const transfer of lookupOf(dataset).transfers.get(point.stop.id) ?? []) {
        const seconds = walkSeconds(transfer.meters, meta, speedFactor)
        if (maxSeconds === undefined || seconds <= maxSeconds) {
          access.push({ stop: lookupOf(dataset).stopById.get(transfer.to)!, seconds })
        }
      }
    }
    return { point, access }
  }
  const access = accessStops(dataset, point.coord, meta.accessRadiusMeters)
    .map((entry) => ({ stop: entry.stop, seconds: walkSeconds(entry.meters, meta, speedFactor) }))
    .filter((entry) => maxSeconds === undefined || entry.seconds <= maxSeconds)
  return { point, access }
}

const accessSeconds = (end: Endpoint, stopId: string): number =>
  end.access.find((entry) => entry.stop.id === stopId)?.seconds ?? 0

// ---------------------------------------------------------------------------------------------------
// journeys
// ---------------------------------------------------------------------------------------------------

interface Part {
  readonly from: Endpoint
  readonly to: Endpoint
  readonly journey: Journey
  /** When the part leaves its origin point (before the access walk). */
  readonly departure: number
  /** When the part reaches its destination point (after the egress walk). */
  readonly arrival: number
}

interface Candidate {
  readonly parts: ReadonlyArray<Part>
  readonly departure: number
  readonly arrival: number
  readonly rides: number
}

const firstDeparture = (journey: Journey): number => {
  const first = journey.segments[0]!
  return first._tag === "Ride" ? first.run.departures[first.board]! : first.departure
}

// The Pareto set of arrival and rides from one endpoint to another (fewest rides first), or with
// `leastInterchange` the journey with the fewest rides.
const runParts = (
  options: SearchOptions,
  timetable: ReturnType<typeof timetableAround>,
  from: Endpoint,
  to: Endpoint,
  time: number
): Array<Part> => {
  const sources = from.access.map((entry) => ({ stop: entry.stop.id, ready: time + entry.seconds }))
  const targets = to.access.map((entry) => ({ stop: entry.stop.id, egress: entry.seconds }))
  const journeys = searchAll(timetable, sources, targets, options)
  return (options.prefer === "leastInterchange" ? journeys.slice(0, 1) : journeys).map((journey) => {
    const access = from.access[journey.source]!.seconds
    const egress = to.access[journey.target]!.seconds
    return { from, to, journey, departure: firstDeparture(journey) - access, arrival: journey.arrival + egress }
  })
}

// whether `other` is at least as good as `candidate` in departure (later), arrival (earlier) and rides (fewer)
const covers = (other: Candidate, candidate: Candidate): boolean =>
  other.departure >= candidate.departure && other.arrival <= candidate.arrival && other.rides <= candidate.rides

// ---------------------------------------------------------------------------------------------------
// legs
// ---------------------------------------------------------------------------------------------------

const instant = (seconds: number): DateTime.Utc => DateTime.unsafeMake(seconds * 1000)
const pointId = (point: ResolvedPoint): Point.LocationId => (point._tag === "Stop" ? point.stop.id : point.id)
const pointName = (point: ResolvedPoint): string => (point._tag === "Stop" ? point.stop.name : point.name)

const walkLeg = (
  mode: Trip.Leg["mode"],
  from: { readonly id: Point.LocationId; readonly name: string },
  to: { readonly id: Point.LocationId; readonly name: string },
  departure: number,
  arrival: number
): Trip.Leg => ({
  mode,
  origin: { id: from.id, name: from.name, departureTimePlanned: instant(departure) },
  destination: { id: to.id, name: to.name, arrivalTimePlanned: instant(arrival) },
  cancelled: false
})

// What the legs tell besides the route: the fake's clock, whether real time is asked, the traveller's ways
// between levels, whether fares are asked, and the time to change at a stop.
interface Detail {
  readonly nowSeconds: number
  readonly realtime: boolean
  readonly mobility: Mobility
  readonly fares: boolean
  readonly changeSeconds: number
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const legsOf = (dataset: Dataset, part: Part, detail: Detail): Array<Trip.Leg> => {
  const index = lookupOf(dataset)
  const stopRef = (id: string) => {
    const stop = index.stopById.get(id)!
    return { id: stop.id, name: stop.name }
  }
  const legs: Array<Trip.Leg> = []
  const { journey, from, to } = part
  const firstStop = from.access[journey.source]!.stop
  const lastStop = to.access[journey.target]!.stop
  const access = accessSeconds(from, firstStop.id)
  if (access > 0) {
    const mode = from.point._tag === "Stop" ? WALK_BETWEEN_STOPS : WALK_TO_STOP
    const leave = firstDeparture(journey)
    const start = { id: pointId(from.point), name: pointName(from.point) }
    legs.push(walkLeg(mode, start, stopRef(firstStop.id), leave - access, leave))
  }
  // the ride before a change: its leg and where it alights, to give it the walk to the next ride
  let previous: { readonly leg: number; readonly stop: string } | undefined
  let walk: { readonly to: string; readonly seconds: number } | undefined
  for (const segment of journey.segments) {
    if (segment._tag === "Walk") {
      const { arrival, departure } = segment
      legs.push(walkLeg(WALK_BETWEEN_STOPS, stopRef(segment.from), stopRef(segment.to), departure, arrival))
      walk = { to: segment.to, seconds: arrival - departure }
      continue
    }
    const { run, board, alight } = segment
    if (previous !== undefined) {
      // the change: the walk between the stops, or the change time at one stop
      const meters = walk === undefined
        ? undefined
        : index.transfers.get(previous.stop)?.find((transfer) => transfer.to === walk!.to)?.meters
      const interchange = interchangeWalk(
        index.stopById.get(previous.stop)!,
        index.stopById.get(run.stops[board]!)!,
        walk?.seconds ?? changeSecondsAt(index, previous.stop, detail.changeSeconds),
        meters,
        detail.mobility
      )
      legs[previous.leg] = { ...legs[previous.leg]!, interchange }
    }
    walk = undefined
    const alightStop = run.stops[alight]!
    const leg = rideLeg(dataset, run, board, alight, detail)
    previous = { leg: legs.length, stop: alightStop }
    legs.push(leg)
  }
  const egress = accessSeconds(to, lastStop.id)
  if (egress > 0) {
    const mode = to.point._tag === "Stop" ? WALK_BETWEEN_STOPS : WALK_TO_STOP
    const end = { id: pointId(to.point), name: pointName(to.point) }
    legs.push(walkLeg(mode, stopRef(lastStop.id), end, journey.arrival, journey.arrival + egress))
  }
  return legs
}

// the change time at a stop: the timetable's where it gives one, else the request's
const changeSecondsAt = (index: ReturnType<typeof lookupOf>, stop: string, otherwise: number): number => {
  const own = index.changeSeconds.get(stop)
  return own === undefined || !Number.isFinite(own) ? otherwise : own
}

const tripOf = (dataset: Dataset, candidate: Candidate, detail: Detail): Trip.Trip => {
  const legs = candidate.parts.flatMap((part) => legsOf(dataset, part, detail))
  const rides = candidate.parts.reduce((sum, part) => sum + part.journey.rides, 0)
  const trip: Mutable<Trip.Trip> = {
    duration: candidate.arrival - candidate.departure,
    interchange: Math.max(0, rides - 1),
    legs,
    cancelled: legs.some((leg) => leg.cancelled)
  }
  const fare = detail.fares ? fareOf(dataset, legs) : undefined
  if (fare !== undefined) trip.fare = fare
  // the days it runs, where the rides' runs repeat by day type (a feed's single trips have calendars of their own)
  const runs = candidate.parts.flatMap((part) =>
    part.journey.segments.flatMap((segment) => (segment._tag === "Walk" ? [] : [segment.run]))
  )
  const days = runs.some((run) => run.trip !== undefined)
    ? undefined
    : daysOfService(dataset, runs.map((run) => run.serviceDate))
  if (days !== undefined) trip.daysOfService = days
  return trip
}

// ---------------------------------------------------------------------------------------------------
// the answer
// ---------------------------------------------------------------------------------------------------

const error = (code: number, text: string): Trip.TripResponse => ({
  trips: [],
  systemMessages: [{ type: "error", module: "BROKER", code, text }]
})

// core's factors are percentages of the normal speed and the normal change time
const speedFactorOf = (speed: Trip.Speed = "normal"): number => Trip.IndividualSpeedFactors[speed] / 100
const changeFactorOf = (speed: Trip.Speed = "normal"): number => Trip.ChangeSpeedFactors[speed] / 100

// The lines and stops a request's modes and mobility allow, kept per dataset for the same modes and mobility:
// the router's tables of them (per stop and per pattern) are then built once, not per request.
const filtersCache = perDatasetAndKey<Pick<SearchOptions, "usePattern" | "changeAt">>(32)

const filtersOf = (request: Trip.TripRequest, dataset: Dataset): Pick<SearchOptions, "usePattern" | "changeAt"> => {
  const included = request.modes?.included ?? []
  const excluded = request.modes?.excluded ?? []
  const mobility = request.mobility ?? {}
  const key = JSON.stringify([included, excluded, mobility])
  return filtersCache(dataset, key, () => filters(dataset, included, excluded, mobility))
}

const filters = (
  dataset: Dataset,
  included: NonNullable<Trip.TripRequest["modes"]>["included"] & {},
  excluded: NonNullable<Trip.TripRequest["modes"]>["excluded"] & {},
  mobility: NonNullable<Trip.TripRequest["mobility"]>
): Pick<SearchOptions, "usePattern" | "changeAt"> => {
  const index = lookupOf(dataset)
  const lineAllowed = (line: Line): boolean =>
    (included.length === 0 || included.includes(line.mot)) &&
    !excluded.includes(line.mot) &&
    (mobility.lowFloorVehicles !== true || line.vehicles.lowFloor) &&
    (mobility.wheelchair !== true || line.vehicles.wheelchair)
  const changeAt = (stopId: string): boolean => {
    const f = index.stopById.get(stopId)!.facilities
    if (!f.elevator && !f.escalator && !f.stairs) return true
    if (mobility.wheelchair === true) return f.elevator && mobility.noElevators !== true
    return (f.elevator && mobility.noElevators !== true) ||
      (f.escalator && mobility.noEscalators !== true) ||
      (f.stairs && mobility.noSolidStairs !== true)
  }
  return { usePattern: (pattern: Pattern) => lineAllowed(pattern.runs[0]!.direction.line), changeAt }
}

const searchOptions = (request: Trip.TripRequest, context: AnswerContext): SearchOptions => {
  const { dataset } = context
  const maxChanges = Math.min(request.publicTransport?.maxChanges ?? 9, MAX_CHANGES)
  const changeFactor = changeFactorOf(request.publicTransport?.changeSpeed)
  return {
    maxRides: maxChanges + 1,
    changeSeconds: Math.round(dataset.meta.minChangeMinutes * 60 * changeFactor),
    changeFactor,
    ...filtersOf(request, dataset),
    prefer: request.publicTransport?.routeType === "leastInterchange" ? "leastInterchange" : "fastest"
  }
}

/**
 * Answers a trip request from the dataset's timetable.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerTrip: Answer<Trip.TripRequest, Trip.TripResponse> = (request, context) => {
  const { dataset, timeZone } = context
  const origin = resolvePoint(request.origin, context.dataset)
  if (origin === undefined) return { trips: [], systemMessages: [unknownPointMessage("origin", request.origin)] }
  const destination = resolvePoint(request.destination, context.dataset)
  if (destination === undefined) {
    return { trips: [], systemMessages: [unknownPointMessage("destination", request.destination)] }
  }
  const via = request.via === undefined ? undefined : resolvePoint(request.via.point, context.dataset)
  if (request.via !== undefined && via === undefined) {
    return { trips: [], systemMessages: [unknownPointMessage("via", request.via.point)] }
  }
  const when = request.dateTime ?? context.now
  const date = localDate(when, timeZone)
  if (dayTypeOf(date, dataset.meta) === undefined) {
    return error(-4001, `${date} is outside the timetable (${dataset.meta.validFrom} to ${dataset.meta.validTo})`)
  }
  if (
    origin._tag === "Stop" && destination._tag === "Stop" && origin.stop.id === destination.stop.id && via === undefined
  ) {
    return error(-4000, "origin and destination are the same stop")
  }

  const it = request.individualTransport
  const speed = speedFactorOf(it?.speed)
  const minutes = (value: number | undefined) => (value === undefined ? undefined : value * 60)
  const departureLimit = minutes(it?.departureMaxMinutes ?? it?.maxMinutes)
  const arrivalLimit = minutes(it?.arrivalMaxMinutes ?? it?.maxMinutes)
  const pt = request.publicTransport
  const from = endpoint(dataset, origin, pt?.nearbyStopsAtOrigin === true, departureLimit, speed)
  const to = endpoint(dataset, destination, pt?.nearbyStopsAtDestination === true, arrivalLimit, speed)
  const viaEnd = via === undefined ? undefined : endpoint(dataset, via, false, undefined, speed)
  const dwell = (request.via?.dwellMinutes ?? 0) * 60

  const budget = context.budget
  const options = { ...searchOptions(request, context), budget }
  const timetable = timetableAround(dataset, date, timeZone)
  // One routing search, if the budget allows it.
  const searchParts = (origin: Endpoint, target: Endpoint, time: number): Array<Part> =>
    budget !== undefined && !budget.search() ? [] : runParts(options, timetable, origin, target, time)
  const fastest = (parts: ReadonlyArray<Part>): Part | undefined =>
    options.prefer === "leastInterchange" ? parts[0] : parts[parts.length - 1]

  // the journeys of one search: its Pareto set; with a via, the best to the via and from there the best on
  const candidatesFrom = (time: number): Array<Candidate> => {
    if (viaEnd === undefined) {
      return searchParts(from, to, time).map((part) => ({
        parts: [part],
        departure: part.departure,
        arrival: part.arrival,
        rides: part.journey.rides
      }))
    }
    const first = fastest(searchParts(from, viaEnd, time))
    if (first === undefined) return []
    const second = fastest(searchParts(viaEnd, to, first.arrival + dwell))
    if (second === undefined) return []
    return [{
      parts: [first, second],
      departure: first.departure,
      arrival: second.arrival,
      rides: first.journey.rides + second.journey.rides
    }]
  }

  const wanted = request.numberOfTrips ?? DEFAULT_NUMBER_OF_TRIPS
  const time = Math.floor(DateTime.toEpochMillis(when) / 1000)
  // Successive searches, each from a second after the earliest departure of the one before, while `enough` says
  // more are needed; the journeys no other covers (leaving no earlier, arriving no later, with no more rides), the
  // first search's marked. A walk without a ride is taken from the first search only (it could leave at any time).
  const collect = (
    start: number,
    keep: (candidate: Candidate) => boolean,
    enough: (found: number) => boolean
  ): Array<Candidate & { readonly first: boolean }> => {
    let found: Array<Candidate & { readonly first: boolean }> = []
    let t = start
    // bounded: a day of departures at most
    for (let step = 0; step < 400 && t < start + 30 * 3600 && !enough(found.length); step++) {
      const all = candidatesFrom(t).filter((candidate) => step === 0 || candidate.rides > 0)
      const riding = all.filter((candidate) => candidate.rides > 0)
      const kept = all.filter(keep)
      if (kept.length === 0) break
      for (const candidate of kept) {
        if (found.some((other) => covers(other, candidate))) continue
        found = found.filter((other) => !covers(candidate, other))
        found.push({ ...candidate, first: step === 0 })
      }
      if (riding.length === 0) break
      t = Math.min(...riding.map((candidate) => candidate.departure)) + 1
    }
    return found.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival || a.rides - b.rides)
  }

  let chosen: Array<Candidate>
  if (request.dateTimeRefersTo === "arrival") {
    chosen = []
    for (const hours of [3, 8, 16]) {
      chosen = collect(time - hours * 3600, (candidate) => candidate.arrival <= time, () => false).slice(-wanted)
      if (chosen.length >= wanted) break
    }
  } else {
    // the first search's journeys all, then later ones up to the count asked; one more is searched, so that the
    // last one kept is known not to be covered by a later one
    const found = collect(time, () => true, (count) => count > wanted)
    const firsts = found.filter((candidate) => candidate.first).length
    let later = Math.max(0, wanted - firsts)
    chosen = found.filter((candidate) => candidate.first || later-- > 0)
  }

  const detail: Detail = {
    nowSeconds: Math.floor(DateTime.toEpochMillis(context.now) / 1000),
    realtime: request.realtime === true,
    mobility: request.mobility ?? {},
    fares: request.fares === true,
    changeSeconds: options.changeSeconds
  }
  if (budget?.exceeded !== undefined) {
    // As EFA does when its router gives up: what was found, with a message; an error when nothing was.
    const text = `search stopped: ${budget.describe()}`
    if (chosen.length === 0) return error(-4000, text)
    return {
      trips: chosen.map((candidate) => tripOf(dataset, candidate, detail)),
      systemMessages: [{ type: "warning", module: "BROKER", code: -4000, text }]
    }
  }
  if (chosen.length === 0) {
    const walk = directWalk(dataset, origin, destination, via, time, speed, request.dateTimeRefersTo === "arrival")
    if (walk !== undefined) return { trips: [walk] }
    return error(-4000, "no connection found for the given time and options")
  }
  return { trips: chosen.map((candidate) => tripOf(dataset, candidate, detail)) }
}

// Points close together without a connection: one walk, if it is within the access radius.
const directWalk = (
  dataset: Dataset,
  origin: ResolvedPoint,
  destination: ResolvedPoint,
  via: ResolvedPoint | undefined,
  time: number,
  speed: number,
  arriveBy: boolean
): Trip.Trip | undefined => {
  if (via !== undefined) return undefined
  const a = origin._tag === "Stop" ? origin.stop.coord : origin.coord
  const b = destination._tag === "Stop" ? destination.stop.coord : destination.coord
  const meters = distanceMeters(a, b)
  if (meters > dataset.meta.accessRadiusMeters) return undefined
  const seconds = walkSeconds(meters, dataset.meta, speed)
  const departure = arriveBy ? time - seconds : time
  const mode = origin._tag === "Stop" && destination._tag === "Stop" ? WALK_BETWEEN_STOPS : WALK_TO_STOP
  return {
    duration: seconds,
    interchange: 0,
    cancelled: false,
    legs: [
      walkLeg(
        mode,
        { id: pointId(origin), name: pointName(origin) },
        { id: pointId(destination), name: pointName(destination) },
        departure,
        departure + seconds
      )
    ]
  }
}
