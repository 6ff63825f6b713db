// EFA's answers (as efa-kit's Promise client gives them) in FPTF 2, as hafas-client writes it.
import type * as AddInfo from "@efa-kit/core/AddInfo"
import type * as CoordInfo from "@efa-kit/core/CoordInfo"
import type * as Departures from "@efa-kit/core/Departures"
import type * as Point from "@efa-kit/core/Point"
import type { PlainResponse } from "@efa-kit/core/promise"
import type * as StopFinder from "@efa-kit/core/StopFinder"
import * as TripModule from "@efa-kit/core/Trip"
import type * as TripStops from "@efa-kit/core/TripStops"
import type * as Fptf from "../Fptf.js"
import { type DeploymentProduct, isWalk, productOfMot } from "./products.js"
import { isoInZone } from "./time.js"
import { refreshTokenOf, tripIdOf } from "./tokens.js"

type Plain<A> = PlainResponse<A>

/** What formatting needs of the client. */
export interface Context {
  readonly timeZone: string
  readonly products: ReadonlyArray<DeploymentProduct>
}

const iso = (ctx: Context, date: Date): string => isoInZone(date, ctx.timeZone)

const delaySeconds = (planned: Date, estimated: Date | undefined): number | undefined =>
  estimated === undefined ? undefined : Math.round((estimated.getTime() - planned.getTime()) / 1000)

/** An object whose optional fields may be given as `undefined`. */
type Loose<A> = { [K in keyof A]: A[K] | undefined }

/** Copies the defined values only, so that an absent value stays absent (never `undefined`). */
const defined = <A extends object>(value: Loose<A>): A => {
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item
  return out as A
}

const LOAD_FACTORS: Record<string, string> = {
  empty: "low-to-medium",
  manySeats: "low-to-medium",
  fewSeats: "high",
  standingOnly: "very-high",
  full: "exceptionally-high"
}

const loadFactor = (occupancy: string | undefined): string | undefined =>
  occupancy === undefined ? undefined : LOAD_FACTORS[occupancy]

/**
 * The stop of an EFA location: a platform's stop (its `parent`, as `TripStops.fromEvent` and `fromLeg` read
 * it), else the location itself.
 */
export const stopOf = (
  place: {
    readonly id: string
    readonly name: string
    readonly type?: string | undefined
    readonly parent?: Plain<Point.ParentPlace> | undefined
  }
): Fptf.Stop =>
  place.parent?.id !== undefined && (place.parent.type === "stop" || place.type === "platform")
    ? { type: "stop", id: place.parent.id, name: place.parent.name }
    : { type: "stop", id: place.id, name: place.name }

// EFA's IDs of what is not a stop: a coordinate (`9.18:48.78:WGS84[dd.ddddd]`, `coord:...`), an address, a street, a
// place or a point of interest
const COORD_ID = /^(?:coord:)?(-?\d+(?:\.\d+)?):(-?\d+(?:\.\d+)?):WGS84/
const NOT_A_STOP = /^(?:coord|poiID|streetID|placeID|addressID|suburbID|singlehouseID|crossingID|loc):/i

/**
 * Where a leg starts or ends: a stop (a platform's stop), or a location for a coordinate, an address or a point
 * of interest (its coordinates read from a coordinate's ID, else looked up later).
 */
export const endpointOf = (
  place: {
    readonly id: string
    readonly name: string
    readonly type?: string | undefined
    readonly parent?: Plain<Point.ParentPlace> | undefined
  }
): Fptf.Stop | Fptf.Location => {
  const coord = COORD_ID.exec(place.id)
  if (coord !== null) {
    return { type: "location", address: place.name, longitude: Number(coord[1]), latitude: Number(coord[2]) }
  }
  if (NOT_A_STOP.test(place.id)) {
    return place.id.toLowerCase().startsWith("poiid:")
      ? { type: "location", id: place.id, name: place.name, poi: true }
      : { type: "location", id: place.id, address: place.name }
  }
  return stopOf(place)
}

/** A coordinate as an FPTF location. */
export const locationOf = (coord: { readonly lat: number; readonly lon: number }): Fptf.Location => ({
  type: "location",
  latitude: coord.lat,
  longitude: coord.lon
})

const productsFlags = (ctx: Context, mots: ReadonlyArray<number>): Fptf.Products => {
  const flags: Fptf.Products = {}
  for (const product of ctx.products) flags[product.id] = product.mots.some((mot) => mots.includes(mot))
  return flags
}

/** A stop-finder location: a stop, or a location (an address, a point of interest, a place). */
export const fromStopFinder = (ctx: Context, location: Plain<StopFinder.Location>): Fptf.Stop | Fptf.Location => {
  const where = location.coord === undefined ? undefined : locationOf(location.coord)
  if (location.type === "stop") {
    const classes = location.assignedStops?.find((stop) => stop.id === location.id)?.productClasses
    return defined<Fptf.Stop>({
      ...stopOf(location),
      location: where === undefined ? undefined : { ...where, id: location.id },
      products: classes === undefined ? undefined : productsFlags(ctx, classes),
      distance: location.distance
    })
  }
  return defined<Fptf.Location>({
    ...(where ?? { type: "location" as const }),
    id: location.id,
    name: location.name,
    poi: location.type === "poi" ? true : undefined,
    address: location.type === "poi" ? undefined : location.name,
    distance: location.distance
  })
}

/** A coordinate search's pin: a stop with its products, or a point of interest. */
export const fromPin = (
  ctx: Context,
  pin: Plain<CoordInfo.Pin>,
  mots: ReadonlyArray<number>
): Fptf.Stop | Fptf.Location =>
  pin.type === "STOP" || pin.type === "stop"
    ? defined<Fptf.Stop>({
      type: "stop" as const,
      id: pin.id ?? pin.name,
      name: pin.name,
      location: pin.id === undefined ? locationOf(pin.coord) : { ...locationOf(pin.coord), id: pin.id },
      products: productsFlags(ctx, mots),
      distance: pin.distance
    })
    : defined<Fptf.Location>({
      ...locationOf(pin.coord),
      id: pin.id,
      name: pin.name,
      poi: true,
      distance: pin.distance
    })

/** A line from its EFA line ID and mode. */
export const lineOf = (
  ctx: Context,
  line: {
    readonly id: string
    readonly mode: { readonly name: string; readonly mot: number; readonly number?: string | undefined }
    readonly shortName?: string | undefined
    readonly tripCode?: number | undefined
    readonly product?: string | undefined
    readonly operator?: { readonly id?: string | undefined; readonly name: string } | undefined
  }
): Fptf.Line => {
  const product = productOfMot(ctx.products, line.mode.mot)
  return defined<Fptf.Line>({
    type: "line" as const,
    id: line.id,
    name: line.shortName ?? line.mode.number ?? line.mode.name,
    fahrtNr: line.tripCode === undefined ? undefined : String(line.tripCode),
    public: true,
    mode: product?.mode ?? (isWalk(line.mode.mot) ? "walking" : line.mode.mot === 107 ? "bicycle" : "bus"),
    product: product?.id ?? "other",
    productName: line.product ?? product?.short,
    operator: line.operator === undefined
      ? undefined
      : { type: "operator" as const, id: line.operator.id ?? line.operator.name, name: line.operator.name }
  })
}

const remarkOf = (notice: {
  readonly id?: string | undefined
  readonly type?: string | undefined
  readonly title?: string | undefined
  readonly text?: string | undefined
  readonly url?: string | undefined
  readonly priority?: string | undefined
}): Fptf.Remark =>
  defined<Fptf.Remark>({
    type: notice.priority === "high" || notice.priority === "veryHigh" || notice.priority === "warning"
      ? "warning" as const
      : "hint" as const,
    id: notice.id,
    code: notice.type,
    summary: notice.title,
    text: notice.text ?? notice.title ?? "",
    url: notice.url
  })

/** A notice of the deployment as a warning. */
export const warningOf = (ctx: Context, notice: Plain<AddInfo.Notice>): Fptf.Warning =>
  defined<Fptf.Warning>({
    type: "warning" as const,
    id: notice.id,
    code: notice.type,
    summary: notice.title,
    text: notice.text,
    url: notice.url,
    validFrom: notice.validFrom === undefined ? undefined : iso(ctx, dayStart(notice.validFrom, ctx.timeZone)),
    validUntil: notice.validTo === undefined ? undefined : iso(ctx, dayStart(notice.validTo, ctx.timeZone, 1))
  })

// the start of a calendar day (plus days) in a zone
const dayStart = (day: string, timeZone: string, plusDays = 0): Date => {
  const [y, m, d] = day.split("-").map(Number)
  const guess = new Date(Date.UTC(y!, m! - 1, d! + plusDays))
  const offset = isoInZone(guess, timeZone).slice(19)
  return new Date(`${guess.toISOString().slice(0, 10)}T00:00:00${offset === "" ? "Z" : offset}`)
}

interface Times {
  readonly arrivalTimePlanned?: Date | undefined
  readonly arrivalTimeEstimated?: Date | undefined
  readonly departureTimePlanned?: Date | undefined
  readonly departureTimeEstimated?: Date | undefined
}

const side = (ctx: Context, planned: Date | undefined, estimated: Date | undefined, cancelled: boolean) =>
  planned === undefined
    ? {}
    : cancelled
    ? { planned: iso(ctx, planned), prognosed: estimated === undefined ? undefined : iso(ctx, estimated) }
    : {
      when: iso(ctx, estimated ?? planned),
      planned: iso(ctx, planned),
      prognosed: estimated === undefined ? undefined : iso(ctx, estimated),
      delay: delaySeconds(planned, estimated)
    }

/** A stop of a run (a leg's, a board event's sequence, a trip's) as a stopover. */
export const stopoverOf = (
  ctx: Context,
  stop: Times & {
    readonly id: string
    readonly name: string
    readonly parent?: Plain<Point.ParentPlace> | undefined
    readonly platform?: string | undefined
    readonly plannedPlatform?: string | undefined
    readonly cancelled?: boolean | undefined
    readonly occupancy?: string | undefined
  }
): Fptf.StopOver => {
  const cancelled = stop.cancelled === true
  const arrival = side(ctx, stop.arrivalTimePlanned, stop.arrivalTimeEstimated, cancelled)
  const departure = side(ctx, stop.departureTimePlanned, stop.departureTimeEstimated, cancelled)
  const platform = cancelled ? undefined : stop.platform
  const plannedPlatform = stop.plannedPlatform ?? stop.platform
  return defined<Fptf.StopOver>({
    stop: stopOf(stop),
    arrival: arrival.when,
    plannedArrival: arrival.planned,
    prognosedArrival: arrival.prognosed,
    arrivalDelay: arrival.delay,
    arrivalPlatform: stop.arrivalTimePlanned === undefined ? undefined : platform,
    plannedArrivalPlatform: stop.arrivalTimePlanned === undefined ? undefined : plannedPlatform,
    departure: departure.when,
    plannedDeparture: departure.planned,
    prognosedDeparture: departure.prognosed,
    departureDelay: departure.delay,
    departurePlatform: stop.departureTimePlanned === undefined ? undefined : platform,
    plannedDeparturePlatform: stop.departureTimePlanned === undefined ? undefined : plannedPlatform,
    cancelled: cancelled ? true : undefined,
    loadFactor: loadFactor(stop.occupancy)
  })
}

/** A board event as a departure or an arrival. */
export const alternativeOf = (
  ctx: Context,
  event: Plain<Departures.StopEvent>,
  kind: "departure" | "arrival",
  options: { readonly stopovers: boolean; readonly remarks: boolean }
): Fptf.Alternative => {
  const planned = kind === "arrival"
    ? event.arrivalTimePlanned ?? event.departureTimePlanned
    : event.departureTimePlanned
  const estimated = kind === "arrival"
    ? (event.arrivalTimePlanned === undefined ? event.departureTimeEstimated : event.arrivalTimeEstimated)
    : event.departureTimeEstimated
  const times = side(ctx, planned, estimated, event.cancelled)
  const stop = stopOf(event.location)
  // the run's stops are asked at the event's stop and planned time, as `TripStops.fromEvent` asks them
  const tripId = event.tripCode === undefined
    ? `${event.lineId}|${planned.getTime()}`
    : tripIdOf({
      line: event.lineId,
      stop: stop.id,
      tripCode: event.tripCode,
      dateTime: event.arrivalTimePlanned ?? event.departureTimePlanned
    })
  const destination = event.destination.id === undefined
    ? undefined
    : { type: "stop" as const, id: event.destination.id, name: event.destination.name }
  const origin = event.previousStops?.[0]
  return defined<Fptf.Alternative>({
    tripId,
    stop,
    when: times.when,
    plannedWhen: times.planned!,
    prognosedWhen: times.prognosed,
    delay: times.delay,
    platform: event.cancelled ? undefined : event.platform,
    plannedPlatform: event.plannedPlatform ?? event.platform,
    direction: kind === "departure" ? event.destination.name : undefined,
    provenance: kind === "arrival" && origin !== undefined ? origin.name : undefined,
    line: lineOf(ctx, { id: event.lineId, mode: event.mode, shortName: event.lineName, tripCode: event.tripCode }),
    remarks: options.remarks ? (event.notices ?? []).map(remarkOf) : undefined,
    cancelled: event.cancelled ? true : undefined,
    loadFactor: loadFactor(event.occupancy),
    destination: kind === "departure" ? destination : undefined,
    origin: kind === "arrival" && origin !== undefined ? stopOf(origin) : undefined,
    previousStopovers: options.stopovers ? (event.previousStops ?? []).map((s) => stopoverOf(ctx, s)) : undefined,
    nextStopovers: options.stopovers ? (event.onwardStops ?? []).map((s) => stopoverOf(ctx, s)) : undefined
  })
}

/** A shape as GeoJSON points. */
export const polylineOf = (coords: ReadonlyArray<readonly [number, number]>): Fptf.FeatureCollection => ({
  type: "FeatureCollection",
  features: coords.map(([lat, lon]) => ({
    type: "Feature" as const,
    properties: {},
    geometry: { type: "Point" as const, coordinates: [lon, lat] }
  }))
})

const EARTH_RADIUS = 6_371_000

/** The length of a shape in metres. */
export const lengthOf = (coords: ReadonlyArray<readonly [number, number]>): number => {
  let metres = 0
  for (let i = 1; i < coords.length; i++) {
    const [lat1, lon1] = coords[i - 1]!
    const [lat2, lon2] = coords[i]!
    const rad = Math.PI / 180
    const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
      Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
    metres += 2 * EARTH_RADIUS * Math.asin(Math.sqrt(a))
  }
  return Math.round(metres)
}

/** What a journey's answer includes. */
export interface JourneyOptions {
  readonly stopovers: boolean
  readonly polylines: boolean
  readonly remarks: boolean
  readonly tickets: boolean
}

/** A leg of a trip as a journey's leg. */
export const legOf = (ctx: Context, leg: Plain<TripModule.Leg>, options: JourneyOptions): Fptf.Leg => {
  const cancelled = leg.cancelled
  const departure = side(ctx, leg.origin.departureTimePlanned, leg.origin.departureTimeEstimated, cancelled)
  const arrival = side(ctx, leg.destination.arrivalTimePlanned, leg.destination.arrivalTimeEstimated, cancelled)
  const first = leg.stops?.[0]
  const last = leg.stops?.[leg.stops.length - 1]
  const walk = isWalk(leg.mode.mot)
  const ride = leg.line !== undefined || (!walk && leg.mode.mot !== 107)
  // the run's stops are asked at the leg's origin and planned departure, as `TripStops.fromLeg` asks them
  const tripId = ride && leg.lineId !== undefined && leg.tripCode !== undefined
    ? tripIdOf({
      line: leg.lineId,
      stop: stopOf(leg.origin).id,
      tripCode: leg.tripCode,
      dateTime: leg.origin.departureTimePlanned
    })
    : undefined
  return defined<Fptf.Leg>({
    tripId,
    origin: endpointOf(leg.origin),
    destination: endpointOf(leg.destination),
    departure: departure.when,
    plannedDeparture: departure.planned!,
    prognosedDeparture: departure.prognosed,
    departureDelay: departure.delay,
    departurePlatform: cancelled ? undefined : leg.origin.platform,
    plannedDeparturePlatform: first?.plannedPlatform ?? leg.origin.platform,
    arrival: arrival.when,
    plannedArrival: arrival.planned!,
    prognosedArrival: arrival.prognosed,
    arrivalDelay: arrival.delay,
    arrivalPlatform: cancelled ? undefined : leg.destination.platform,
    plannedArrivalPlatform: last?.plannedPlatform ?? leg.destination.platform,
    line: ride
      ? lineOf(ctx, {
        id: leg.lineId ?? leg.mode.name,
        mode: leg.mode,
        shortName: leg.line?.shortName,
        tripCode: leg.tripCode,
        product: leg.line?.product,
        operator: leg.line?.operator
      })
      : undefined,
    direction: ride ? leg.line?.destination?.name : undefined,
    walking: walk ? true : undefined,
    transfer: leg.mode.mot === 97 || leg.mode.mot === 98 || leg.mode.mot === 99 ? true : undefined,
    public: true,
    distance: walk
      ? leg.interchange?.distance ?? (leg.coords === undefined ? undefined : lengthOf(leg.coords))
      : undefined,
    stopovers: options.stopovers && leg.stops !== undefined ? leg.stops.map((s) => stopoverOf(ctx, s)) : undefined,
    polyline: options.polylines && leg.coords !== undefined ? polylineOf(leg.coords) : undefined,
    remarks: options.remarks && leg.notices !== undefined ? leg.notices.map(remarkOf) : undefined,
    cancelled: cancelled ? true : undefined,
    loadFactor: loadFactor(leg.occupancy)
  })
}

/** A trip of EFA as a journey, its refresh token the planned trip itself. */
export const journeyOf = (ctx: Context, trip: Plain<TripModule.Trip>, options: JourneyOptions): Fptf.Journey => {
  const price = TripModule.price(trip as unknown as TripModule.Trip)
  return defined<Fptf.Journey>({
    type: "journey" as const,
    legs: trip.legs.map((leg) => legOf(ctx, leg, options)),
    refreshToken: refreshTokenOf(trip),
    price: price === undefined ? undefined : { amount: price.amount, currency: price.currency },
    tickets: options.tickets && trip.fare !== undefined
      ? trip.fare.tickets.map((ticket) =>
        defined<Fptf.Ticket>({
          name: ticket.name,
          priceObj: { amount: Math.round(ticket.price * 100) },
          currency: ticket.currency,
          person: ticket.person,
          travellerClass: ticket.travellerClass
        })
      )
      : undefined
  })
}

/** A run's stops as a trip. */
export const tripOf = (
  ctx: Context,
  tripId: string,
  run: Plain<TripStops.TripStopsResponse>,
  options: { readonly stopovers: boolean }
): Fptf.Trip | undefined => {
  const first = run.stops[0]
  const last = run.stops[run.stops.length - 1]
  if (first === undefined || last === undefined || run.mode === undefined) return undefined
  const origin = stopoverOf(ctx, first)
  const destination = stopoverOf(ctx, last)
  return defined<Fptf.Trip>({
    id: tripId,
    origin: origin.stop,
    destination: destination.stop,
    departure: origin.departure,
    plannedDeparture: origin.plannedDeparture ?? origin.plannedArrival!,
    prognosedDeparture: origin.prognosedDeparture,
    departureDelay: origin.departureDelay,
    departurePlatform: origin.departurePlatform,
    plannedDeparturePlatform: origin.plannedDeparturePlatform,
    arrival: destination.arrival,
    plannedArrival: destination.plannedArrival ?? destination.plannedDeparture!,
    prognosedArrival: destination.prognosedArrival,
    arrivalDelay: destination.arrivalDelay,
    arrivalPlatform: destination.arrivalPlatform,
    plannedArrivalPlatform: destination.plannedArrivalPlatform,
    line: lineOf(ctx, { id: run.lineId ?? run.mode.name, mode: run.mode, shortName: run.lineName }),
    direction: run.destination?.name,
    public: true,
    stopovers: options.stopovers ? run.stops.map((stop) => stopoverOf(ctx, stop)) : undefined,
    cancelled: run.stops.every((stop) => stop.cancelled === true) ? true : undefined
  })
}
