/**
 * Fares from the dataset's zone tariff (`tariff.json`): a single ticket for an adult and one for a child, priced
 * by the number of fare zones the trip's rides touch (every stop from boarding to alighting), for the legs from
 * the first ride to the last; the zones of each ride in travel order. A trip touching a stop without a zone, or
 * a dataset without a tariff, has no fare.
 *
 * @since 0.1.0
 */
import type { Trip } from "@efa-kit/core"
import type { Dataset } from "../dataset/schema.js"

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
  const zones: Array<Trip.FareZones> = []
  const touched = new Set<string>()
  for (const [index, leg] of legs.entries()) {
    if (leg.stops === undefined) continue
    const own: Array<string> = []
    for (const stop of leg.stops) {
      const zone = Object.hasOwn(tariff.zones, stop.id) ? tariff.zones[stop.id] : undefined
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
