/**
 * The places the stop finder knows besides stops and POIs, as locations: localities and suburbs, streets,
 * addresses (a street's house numbers), crossings (two streets of a municipality sharing a point of their
 * course) and postcodes (those of the streets, at the middle of their streets). Built from the dataset's
 * `places`; a dataset without them (a GTFS feed) has none.
 *
 * IDs, each usable as a point in later requests:
 * - locality `placeID:<omc>:<placeId>` (the ID a stop's `parent` has), suburb `suburbID:<omc>:<placeId>`;
 * - street `streetID:<key>::<omc>:<placeId>`, address `addressID:<key>:<number>:<omc>`;
 * - crossing `crossingID:<key>:<key>:<omc>` (the smaller key first), postcode `postcodeID:<postcode>:<omc>`.
 *
 * @since 0.1.0
 */
import type { Coord } from "@efa-kit/core"
import { Point } from "@efa-kit/core"
import { nearestOnPolyline, pointAlong } from "./geometry.js"
import type { Dataset, Street } from "./schema.js"

/**
 * The kinds of sites, as the stop finder's `type` names them in the contract's dialect.
 *
 * @since 0.1.0
 * @category models
 */
export type SiteKind = "locality" | "suburb" | "street" | "singlehouse" | "crossing" | "postcode"

/**
 * A place the stop finder finds besides stops and POIs.
 *
 * @since 0.1.0
 * @category models
 */
export interface Site {
  readonly kind: SiteKind
  readonly id: Point.LocationId
  /** As the stop finder shows it: `Stuttgart, Königstraße 12`, `70173 Stuttgart`, `Stuttgart-Bad Cannstatt`. */
  readonly name: string
  /** Without its place (`Königstraße 12`). */
  readonly shortName: string
  readonly coord: Coord.Coord
  /** The municipality key and the place ID of its locality. */
  readonly omc: string
  readonly placeId: string
  /** Its municipality's name. */
  readonly place: string
  readonly streetName?: string
  readonly houseNumber?: string
  readonly postcode?: string
  /** A locality's or suburb's main stop. */
  readonly mainStop?: string
  /** Its street, for a street or an address. */
  readonly street?: Street
  /** An address whose number the street does not have: placed where the number would be. */
  readonly interpolated?: boolean
}

/**
 * The sites of a dataset and how to find them.
 *
 * @since 0.1.0
 * @category models
 */
export interface Sites {
  /** Localities, suburbs, streets, crossings and postcodes (not addresses: those come with their street). */
  readonly all: ReadonlyArray<Site>
  /** Every site by ID, the addresses of the streets' house numbers included. */
  readonly byId: ReadonlyMap<string, Site>
  /** Each municipality's name, by its key. */
  readonly municipalities: ReadonlyMap<string, string>
}

const id = (text: string): Point.LocationId => Point.LocationId.make(text)

const streetSite = (street: Street, place: string): Site => ({
  kind: "street",
  id: id(`streetID:${street.key}::${street.omc}:${street.placeId}`),
  name: `${place}, ${street.name}`,
  shortName: street.name,
  coord: pointAlong(street.geometry, 0.5),
  omc: street.omc,
  placeId: street.placeId,
  place,
  streetName: street.name,
  postcode: street.postcode,
  street
})

const numberValue = (number: string): number => Number.parseInt(number, 10)

/**
 * The address of a house number of a street: the house where the street has it, else (with `interpolate`)
 * the point of the street where the number would be, between the nearest numbers below and above it (the
 * nearest house past the last one, the street's middle on a street without numbers), flagged `interpolated`.
 *
 * @since 0.1.0
 * @category sites
 */
export const addressOf = (street: Site, number: string, interpolate: boolean): Site | undefined => {
  const course = street.street
  if (course === undefined) return undefined
  const wanted = number.replace(/\s+/g, "").toLowerCase()
  const house = course.houses.find((house) => house.number === wanted)
  if (house === undefined && !interpolate) return undefined
  let coord: Coord.Coord
  if (house !== undefined) {
    coord = house.coord
  } else {
    const value = numberValue(wanted)
    const placed = course.houses
      .map((house) => ({
        value: numberValue(house.number),
        along: nearestOnPolyline(course.geometry, house.coord).along
      }))
      .sort((a, b) => a.value - b.value)
    const below = placed.filter((house) => house.value <= value).at(-1)
    const above = placed.find((house) => house.value > value)
    const along = below !== undefined && above !== undefined
      ? below.along + (above.along - below.along) * ((value - below.value) / (above.value - below.value))
      : (below ?? above)?.along ?? 0.5
    coord = pointAlong(course.geometry, along)
  }
  return {
    kind: "singlehouse",
    id: id(`addressID:${course.key}:${wanted}:${course.omc}`),
    name: `${street.name} ${wanted}`,
    shortName: `${course.name} ${wanted}`,
    coord,
    omc: street.omc,
    placeId: street.placeId,
    place: street.place,
    streetName: course.name,
    houseNumber: wanted,
    postcode: course.postcode,
    street: course,
    ...(house === undefined ? { interpolated: true } : {})
  }
}

/**
 * The place a site lies in, as a location's `parent` names it: its municipality's locality
 * (`placeID:<omc>:<placeId>`; a suburb's is the municipality's own, place ID 1); none for a locality.
 *
 * @since 0.1.0
 * @category sites
 */
export const parentOfSite = (
  site: Site
): { readonly id: string; readonly name: string; readonly type: "locality" } | undefined =>
  site.kind === "locality"
    ? undefined
    : { id: `placeID:${site.omc}:${site.kind === "suburb" ? "1" : site.placeId}`, name: site.place, type: "locality" }

const samePair = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1]

/**
 * The sites of a dataset (built once per dataset by the look-up index).
 *
 * @since 0.1.0
 * @category constructors
 */
export const sitesOf = (dataset: Dataset): Sites => {
  const places = dataset.places
  const municipalities = new Map<string, string>()
  for (const locality of places?.localities ?? []) {
    if (locality.kind === "locality") municipalities.set(locality.omc, locality.name)
  }
  const all: Array<Site> = []
  const byId = new Map<string, Site>()
  const add = (site: Site) => {
    all.push(site)
    byId.set(site.id, site)
  }
  for (const locality of places?.localities ?? []) {
    const name = municipalities.get(locality.omc)!
    add({
      kind: locality.kind,
      id: id(`${locality.kind === "locality" ? "placeID" : "suburbID"}:${locality.omc}:${locality.placeId}`),
      name: locality.name,
      shortName: locality.name,
      coord: locality.coord,
      omc: locality.omc,
      placeId: locality.placeId,
      place: name,
      mainStop: locality.mainStop
    })
  }
  const streets = (places?.streets ?? []).map((street) => streetSite(street, municipalities.get(street.omc)!))
  for (const street of streets) {
    add(street)
    for (const house of street.street!.houses) {
      const address = addressOf(street, house.number, false)!
      byId.set(address.id, address)
    }
  }
  // crossings: two streets of a municipality with a point in common
  for (let i = 0; i < streets.length; i++) {
    for (let j = i + 1; j < streets.length; j++) {
      const a = streets[i]!.street!
      const b = streets[j]!.street!
      if (a.omc !== b.omc) continue
      const shared = a.geometry.find((pair) => b.geometry.some((other) => samePair(pair, other)))
      if (shared === undefined) continue
      const [first, second] = Number(a.key) <= Number(b.key) ? [a, b] : [b, a]
      const place = streets[i]!.place
      add({
        kind: "crossing",
        id: id(`crossingID:${first.key}:${second.key}:${a.omc}`),
        name: `${place}, ${first.name} / ${second.name}`,
        shortName: `${first.name} / ${second.name}`,
        coord: { lat: shared[0], lon: shared[1] },
        omc: a.omc,
        placeId: a.placeId,
        place,
        streetName: first.name,
        postcode: first.postcode
      })
    }
  }
  // postcodes: at the middle of their streets' middles
  const byPostcode = new Map<string, Array<Site>>()
  for (const street of streets) {
    const key = `${street.postcode}:${street.omc}`
    const list = byPostcode.get(key)
    if (list === undefined) byPostcode.set(key, [street])
    else list.push(street)
  }
  for (const [key, members] of byPostcode) {
    const first = members[0]!
    const postcode = first.street!.postcode
    const mean = (pick: (coord: Coord.Coord) => number) =>
      Math.round(members.reduce((sum, street) => sum + pick(street.coord), 0) / members.length * 1e6) / 1e6
    add({
      kind: "postcode",
      id: id(`postcodeID:${key}`),
      name: `${postcode} ${first.place}`,
      shortName: postcode,
      coord: { lat: mean((c) => c.lat), lon: mean((c) => c.lon) },
      omc: first.omc,
      placeId: first.placeId,
      place: first.place,
      postcode
    })
  }
  return { all, byId, municipalities }
}

/**
 * The address an `addressID:<key>:<number>:<omc>` names, found or placed on its street (a number the street
 * does not have is placed where it would be), or undefined.
 *
 * @since 0.1.0
 * @category sites
 */
export const siteOfId = (sites: Sites, value: string): Site | undefined => {
  const known = sites.byId.get(value)
  if (known !== undefined) return known
  const address = /^addressID:(\d+):(\d{1,4}[a-z]?):(\d+)$/.exec(value)
  if (address === null) return undefined
  const street = sites.all.find((site) =>
    site.kind === "street" && site.street!.key === address[1] && site.omc === address[3]
  )
  return street === undefined ? undefined : addressOf(street, address[2]!, true)
}
