/**
 * The Friendly Public Transport Format (FPTF 2) objects as hafas-client 6 answers with them: stops, locations,
 * lines, stopovers, departures and arrivals, journeys and their legs, trips, remarks. Times are ISO 8601
 * strings with the deployment's offset, delays seconds; a value the deployment does not give is left out.
 *
 * @since 0.1.0
 */

/**
 * The modes of FPTF.
 *
 * @since 0.1.0
 * @category models
 */
export type Mode = "train" | "bus" | "watercraft" | "taxi" | "gondola" | "aircraft" | "car" | "bicycle" | "walking"

/**
 * Which products serve a stop (or are asked for): product ID to flag.
 *
 * @since 0.1.0
 * @category models
 */
export interface Products {
  [product: string]: boolean
}

/**
 * A point: coordinates, and the name and ID of an address or a point of interest.
 *
 * @since 0.1.0
 * @category models
 */
export interface Location {
  type: "location"
  id?: string
  name?: string
  poi?: boolean
  address?: string
  latitude?: number
  longitude?: number
  distance?: number
}

/**
 * A stop: EFA's stop (its ID, `de:08111:6118`), with its location and the products that serve it where known.
 *
 * @since 0.1.0
 * @category models
 */
export interface Stop {
  type: "stop"
  id: string
  name: string
  location?: Location
  products?: Products
  lines?: Array<Line>
  distance?: number
}

/**
 * An operator.
 *
 * @since 0.1.0
 * @category models
 */
export interface Operator {
  type: "operator"
  id: string
  name: string
}

/**
 * A line: its ID is EFA's line ID (`vvs:10001: :H:`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Line {
  type: "line"
  id: string
  name: string
  fahrtNr?: string
  public: boolean
  mode: Mode
  product: string
  productName?: string
  operator?: Operator
  directions?: Array<string>
}

/**
 * A hint or a warning: EFA's notices.
 *
 * @since 0.1.0
 * @category models
 */
export interface Remark {
  type: "hint" | "warning"
  id?: string
  code?: string
  summary?: string
  text: string
  priority?: number
  validFrom?: string
  validUntil?: string
  url?: string
}

/**
 * A warning of the deployment's notices (`remarks()`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Warning extends Remark {
  type: "warning"
  affectedLines?: Array<Line>
}

/**
 * A GeoJSON point of a shape.
 *
 * @since 0.1.0
 * @category models
 */
export interface Feature {
  type: "Feature"
  properties: {}
  geometry: { type: "Point"; coordinates: Array<number> }
}

/**
 * A shape: GeoJSON points in order.
 *
 * @since 0.1.0
 * @category models
 */
export interface FeatureCollection {
  type: "FeatureCollection"
  features: Array<Feature>
}

/**
 * A vehicle calling at a stop.
 *
 * @since 0.1.0
 * @category models
 */
export interface StopOver {
  stop: Stop
  arrival?: string
  plannedArrival?: string
  prognosedArrival?: string
  arrivalDelay?: number
  arrivalPlatform?: string
  plannedArrivalPlatform?: string
  departure?: string
  plannedDeparture?: string
  prognosedDeparture?: string
  departureDelay?: number
  departurePlatform?: string
  plannedDeparturePlatform?: string
  cancelled?: boolean
  loadFactor?: string
  remarks?: Array<Remark>
}

/**
 * A departure or an arrival at a stop.
 *
 * @since 0.1.0
 * @category models
 */
export interface Alternative {
  tripId: string
  stop: Stop
  when?: string
  plannedWhen: string
  prognosedWhen?: string
  delay?: number
  platform?: string
  plannedPlatform?: string
  direction?: string
  provenance?: string
  line: Line
  remarks?: Array<Remark>
  cancelled?: boolean
  loadFactor?: string
  destination?: Stop
  origin?: Stop
  previousStopovers?: Array<StopOver>
  nextStopovers?: Array<StopOver>
}

/**
 * A price.
 *
 * @since 0.1.0
 * @category models
 */
export interface Price {
  amount: number
  currency: string
  hint?: string
}

/**
 * A ticket of a journey's fare.
 *
 * @since 0.1.0
 * @category models
 */
export interface Ticket {
  name: string
  priceObj: { amount: number }
  currency: string
  person: string
  travellerClass?: string
}

/**
 * A leg of a journey, or a trip (a run of a line with its stopovers).
 *
 * @since 0.1.0
 * @category models
 */
export interface Leg {
  tripId?: string
  origin: Stop | Location
  destination: Stop | Location
  departure?: string
  plannedDeparture: string
  prognosedDeparture?: string
  departureDelay?: number
  departurePlatform?: string
  plannedDeparturePlatform?: string
  arrival?: string
  plannedArrival: string
  prognosedArrival?: string
  arrivalDelay?: number
  arrivalPlatform?: string
  plannedArrivalPlatform?: string
  line?: Line
  direction?: string
  walking?: boolean
  transfer?: boolean
  public?: boolean
  distance?: number
  stopovers?: Array<StopOver>
  polyline?: FeatureCollection
  remarks?: Array<Remark>
  cancelled?: boolean
  loadFactor?: string
}

/**
 * A run of a line with its stopovers (`trip()`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Trip extends Leg {
  id: string
}

/**
 * A journey: legs in order.
 *
 * @since 0.1.0
 * @category models
 */
export interface Journey {
  type: "journey"
  legs: Array<Leg>
  refreshToken: string
  remarks?: Array<Remark>
  price?: Price
  tickets?: Array<Ticket>
}
