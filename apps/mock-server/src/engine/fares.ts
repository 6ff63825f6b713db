/**
 * Fares from the dataset's zone tariff (`tariff.json`): a single ticket for an adult and one for a child, priced
 * by the number of fare zones the trip's rides touch (every stop from boarding to alighting), for the legs from
 * the first ride to the last; the zones of each ride in travel order. A trip touching a stop without a zone, or
 * a dataset without a tariff, has no fare.
 *
 * A tariff read from a GTFS feed prices by its `fares` instead: the rides (in travel order) are split into runs of
 * consecutive rides so that one fare covers each run and the sum of the prices is the least; each run's fare
 * is an adult ticket (GTFS fares v1 know no other persons). A fare covers a run when the run changes vehicle
 * at most `transfers` times, its last ride begins within `transferSeconds` of its first, every ride's line is
 * among the fare's `lines`, the zone of the first boarding and of the last alighting are one of its `journeys`
 * and the zones of all stops the run passes are exactly its `contains` (each absent: any). Rides no fare covers
 * leave the trip without a fare.
 *
 * @since 0.1.0
 */
import type { Trip } from "@efa-kit/core"
import { DateTime } from "effect"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset, Tariff, TariffFare } from "../dataset/schema.js"

const PERSONS = [{ person: "ADULT", code: "01", price: "adult" }, {
  person: "CHILD",
  code: "02",
  price: "child"
}] as const

/**
 * The fare of a trip's legs: the rides are the legs with stops.
 *
 * @since 0.1.0
 * @category fares
 */
export const fareOf = (dataset: Dataset, legs: ReadonlyArray<Trip.Leg>): Trip.Fare | undefined => {
  const tariff = dataset.tariff
  if (tariff === undefined) return undefined
  // a ride's stop at a platform with its own ID is in its stop's zone
  const { platformById } = lookupOf(dataset)
  const zoneOf = (id: string): string | undefined => {
    const stop = platformById.get(id)?.stop ?? id
    return Object.hasOwn(tariff.zones, stop) ? tariff.zones[stop] : undefined
  }
  if (tariff.fares !== undefined) return gtfsFareOf(tariff, zoneOf, tariff.fares, legs)
  if (tariff.prices === undefined) return undefined
  const zones: Array<Trip.FareZones> = []
  const touched = new Set<string>()
  for (const [index, leg] of legs.entries()) {
    if (leg.stops === undefined) continue
    const own: Array<string> = []
    for (const stop of leg.stops) {
      const zone = zoneOf(stop.id)
      if (zone === undefined) return undefined
      if (!own.includes(zone)) own.push(zone)
      touched.add(zone)
    }
    zones.push({ network: tariff.network, zones: own, fromLeg: index, toLeg: index })
  }
  if (zones.length === 0) return undefined
  const level = Math.min(touched.size, tariff.prices.length)
  const row = tariff.prices[level - 1]!
  const fromLeg = zones[0]!.fromLeg
  const toLeg = zones[zones.length - 1]!.toLeg
  const tickets = PERSONS.map(({ code, person, price }): Trip.Ticket => ({
    id: `${tariff.ticket.id}${code}${level}1`,
    name: tariff.ticket.name,
    price: row[price],
    currency: tariff.currency,
    person,
    travellerClass: "SECOND",
    validMinutes: row.validMinutes,
    network: tariff.network,
    priceLevel: String(level),
    fromLeg,
    toLeg
  }))
  return { tickets, zones }
}

interface Ride {
  readonly leg: number
  readonly line: string | undefined
  /** The zones of its stops in travel order, `undefined` for a stop without one. */
  readonly zones: ReadonlyArray<string | undefined>
  readonly departure: number
}

// the line code of a leg's line ID (`gtfs:R1: :H:`)
const lineCodeOf = (leg: Trip.Leg): string | undefined => leg.lineId?.split(":")[1]

// A fare's origin-destination pairs as a set (a zone tariff may have hundreds per fare), `ANY` for an absent side.
const ANY = "\u0001"
const journeySets = new WeakMap<ReadonlyArray<unknown>, ReadonlySet<string>>()
const journeysOf = (journeys: NonNullable<TariffFare["journeys"]>): ReadonlySet<string> => {
  let set = journeySets.get(journeys)
  if (set === undefined) {
    set = new Set(journeys.map((journey) => `${journey.origin ?? ANY}\u0000${journey.destination ?? ANY}`))
    journeySets.set(journeys, set)
  }
  return set
}

const covers = (fare: TariffFare, rides: ReadonlyArray<Ride>): boolean => {
  const first = rides[0]!
  const last = rides[rides.length - 1]!
  if (fare.transfers !== undefined && rides.length - 1 > fare.transfers) return false
  if (fare.transferSeconds !== undefined && last.departure - first.departure > fare.transferSeconds) return false
  if (fare.lines !== undefined && !rides.every((ride) => ride.line !== undefined && fare.lines!.includes(ride.line))) {
    return false
  }
  if (fare.journeys !== undefined) {
    const pairs = journeysOf(fare.journeys)
    const origin = first.zones[0]
    const destination = last.zones[last.zones.length - 1]
    // a side absent from a pair allows any zone, and a stop without one
    const sides = (zone: string | undefined) => zone === undefined ? [ANY] : [zone, ANY]
    const matches = sides(origin).some((o) => sides(destination).some((d) => pairs.has(`${o}\u0000${d}`)))
    if (!matches) return false
  }
  if (fare.contains !== undefined) {
    const passed = new Set(rides.flatMap((ride) => ride.zones))
    if (passed.has(undefined) || passed.size !== fare.contains.length) return false
    if (!fare.contains.every((zone) => passed.has(zone))) return false
  }
  return true
}

const gtfsFareOf = (
  tariff: Tariff,
  zoneOf: (id: string) => string | undefined,
  fares: ReadonlyArray<TariffFare>,
  legs: ReadonlyArray<Trip.Leg>
): Trip.Fare | undefined => {
  const rides: Array<Ride> = []
  for (const [index, leg] of legs.entries()) {
    if (leg.stops === undefined) continue
    rides.push({
      leg: index,
      line: lineCodeOf(leg),
      zones: leg.stops.map((stop) => zoneOf(stop.id)),
      departure: DateTime.toEpochMillis(leg.origin.departureTimePlanned) / 1000
    })
  }
  if (rides.length === 0) return undefined
  // the least sum of prices for the first `end` rides, and the last run's first ride and fare
  const least: Array<{ readonly price: number; readonly start: number; readonly fare: TariffFare | undefined }> = [
    { price: 0, start: 0, fare: undefined }
  ]
  for (let end = 1; end <= rides.length; end++) {
    let best: { price: number; start: number; fare: TariffFare | undefined } = {
      price: Infinity,
      start: 0,
      fare: undefined
    }
    for (let start = 0; start < end; start++) {
      const before = least[start]!.price
      if (before === Infinity) continue
      const run = rides.slice(start, end)
      for (const fare of fares) {
        if (before + fare.price < best.price && covers(fare, run)) best = { price: before + fare.price, start, fare }
      }
    }
    least.push(best)
  }
  if (least[rides.length]!.price === Infinity) return undefined
  const tickets: Array<Trip.Ticket> = []
  for (let end = rides.length; end > 0; end = least[end]!.start) {
    const { fare, start } = least[end]!
    tickets.unshift({
      id: fare!.id,
      name: tariff.ticket.name,
      price: fare!.price,
      currency: fare!.currency,
      person: "ADULT",
      travellerClass: "SECOND",
      ...(fare!.transferSeconds === undefined ? {} : { validMinutes: Math.ceil(fare!.transferSeconds / 60) }),
      network: tariff.network,
      fromLeg: rides[start]!.leg,
      toLeg: rides[end - 1]!.leg
    })
  }
  const zones = rides.flatMap((ride): Array<Trip.FareZones> => {
    const own = Array.from(new Set(ride.zones.filter((zone) => zone !== undefined)))
    return own.length === 0 ? [] : [{ network: tariff.network, zones: own, fromLeg: ride.leg, toLeg: ride.leg }]
  })
  return { tickets, zones }
}
