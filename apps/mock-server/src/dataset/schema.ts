/**
 * The fake's dataset: one coherent transit network (stops, lines with timetables and geometries,
 * points of interest, parking, sharing, notices) from which every answer is computed.
 *
 * A dataset is a folder of JSON files, one per top-level field of {@link Dataset} (`meta.json`,
 * `stops.json`, ...); {@link DatasetFiles} names them. Where the core has a record schema for an item
 * that a response carries, the dataset item is built from it and adds what only the fake needs
 * (timetables, facilities, municipality keys).
 *
 * @since 0.1.0
 */
import {
  AddInfo,
  Coord,
  CoordInfo,
  LineId,
  LocalDateTime,
  Mot,
  OpArea as CoreOpArea,
  Point,
  StopFinder,
  VehicleDetail
} from "@efa-kit/core"
import { Schema } from "effect"
import { Timetable } from "./trips.js"

const opt = <S extends Schema.Schema.All>(schema: S) => Schema.optionalWith(schema, { exact: true })

const Text = Schema.String.pipe(Schema.nonEmptyString())

/**
 * A `[lat, lon]` pair, latitude first as responses carry geometries.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LatLon = Schema.Tuple(Coord.Latitude, Coord.Longitude).annotations({ identifier: "LatLon" })

/**
 * @since 0.1.0
 * @category models
 */
export type LatLon = typeof LatLon.Type

/**
 * A closed ring of `[lat, lon]` pairs: at least four pairs, the first equal to the last.
 *
 * @since 0.1.0
 * @category schemas
 */
const Ring = Schema.Array(LatLon).pipe(
  Schema.minItems(4),
  Schema.filter((ring) => {
    const first = ring[0]!
    const last = ring[ring.length - 1]!
    return first[0] === last[0] && first[1] === last[1] ? undefined : "a ring must end with its first pair"
  }),
  Schema.annotations({ identifier: "Ring" })
)

/**
 * A service-day time `HH:MM`; hours may run past 24 for trips after midnight that belong to the
 * previous service day (`24:35`).
 *
 * @since 0.1.0
 * @category schemas
 */
const ServiceTime = Schema.String.pipe(
  Schema.pattern(/^([01]\d|2\d|3[0-2]):[0-5]\d$/, {
    message: (issue) => `expected a service time HH:MM (00:00..32:59), got ${JSON.stringify(issue.actual)}`
  }),
  Schema.annotations({ identifier: "ServiceTime" })
)

/**
 * Minutes after the service day's midnight of a {@link ServiceTime}.
 *
 * @since 0.1.0
 * @category utils
 */
export const serviceMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

// ---------------------------------------------------------------------------------------------------
// meta
// ---------------------------------------------------------------------------------------------------

/**
 * What the dataset is and the clock it was made for.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Meta = Schema.Struct({
  /** A title for logs and the admin health answer. */
  name: Text,
  /** Where the network is. */
  region: Text,
  /** IANA zone in which the timetable's wall-clock times are read. */
  timeZone: Text,
  /** The default "now" of the fake (ISO instant with `Z`), unless configured otherwise. */
  defaultNow: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/)),
  /** First and last day the timetable is valid (inclusive); other days have no service (-4001). */
  validFrom: LocalDateTime.CalendarDate,
  validTo: LocalDateTime.CalendarDate,
  /** Public holidays in the validity period; they run the Sunday timetable. */
  holidays: Schema.Array(LocalDateTime.CalendarDate),
  /** Walking speed in km/h used for access, egress and transfers between nearby stops. */
  walkingSpeedKmh: Schema.Number.pipe(Schema.between(1, 10)),
  /** Factor on the straight-line distance for walking, for the street network's detours. */
  walkingDetourFactor: Schema.Number.pipe(Schema.between(1, 3)),
  /** Minimum minutes to change between two vehicles at the same stop. */
  minChangeMinutes: Schema.Int.pipe(Schema.between(0, 30)),
  /** Stops closer than this (meters) are linked by walking transfers. */
  transferRadiusMeters: Schema.Int.pipe(Schema.between(0, 2000)),
  /** Farthest walk (meters) from a coordinate to a stop. */
  accessRadiusMeters: Schema.Int.pipe(Schema.between(100, 5000)),
  /**
   * The coordinates rapidJSON answers carry without `coordOutputFormat`: absent, the native grid of German
   * deployments (Gauss-Krueger zone 3); `WGS84`, degrees (a GTFS feed that is not German).
   */
  nativeCoordinates: Schema.optionalWith(Schema.Literal("WGS84"), { exact: true })
}).annotations({ identifier: "Meta" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Meta extends Schema.Schema.Type<typeof Meta> {}

// ---------------------------------------------------------------------------------------------------
// stops
// ---------------------------------------------------------------------------------------------------

/**
 * What is between the street and the platforms of a stop, for the mobility-restriction options
 * (`noElevators`, `noEscalators`, `noSolidStairs`): a change at a stop that needs one the traveller
 * avoids is not offered.
 *
 * @since 0.1.0
 * @category schemas
 */
const Facilities = Schema.Struct({
  elevator: Schema.Boolean,
  escalator: Schema.Boolean,
  stairs: Schema.Boolean
}).annotations({ identifier: "Facilities" })

/**
 * @since 0.1.0
 * @category models
 */
interface Facilities extends Schema.Schema.Type<typeof Facilities> {}

/**
 * A stop. The ID is the global stop ID (`de:<AGS>:<number>`) the stop finder returns and every other
 * operation accepts.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Stop = Schema.Struct({
  id: StopFinder.Location.fields.id,
  /** Full name with the place, as the stop finder shows it (`Stuttgart, Schloßplatz`). */
  name: StopFinder.Location.fields.name.pipe(Schema.nonEmptyString()),
  /** The place (municipality) name. */
  place: Text,
  /** The municipality key (OMC), eight digits (`8111000`). */
  omc: Schema.String.pipe(Schema.pattern(/^\d{7,8}$/)),
  /** The place ID within the municipality, for `filterOMC_PlaceID`. */
  placeId: Schema.String.pipe(Schema.pattern(/^\d+$/)),
  coord: Coord.Coord,
  /** Other names the stop is known by (`Stuttgart Hbf`). */
  aliases: Schema.optionalWith(Schema.Array(Text), { default: () => [] }),
  facilities: Facilities
}).annotations({ identifier: "Stop" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Stop extends Schema.Schema.Type<typeof Stop> {}

// ---------------------------------------------------------------------------------------------------
// lines
// ---------------------------------------------------------------------------------------------------

/**
 * The day types a timetable distinguishes. Holidays run the `sunday` timetable.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DayType = Schema.Literal("weekday", "saturday", "sunday")

/**
 * @since 0.1.0
 * @category models
 */
export type DayType = typeof DayType.Type

/**
 * A time band: departures from the first stop at `from`, then every `every` minutes while before
 * `until` (exclusive).
 *
 * @since 0.1.0
 * @category schemas
 */
const Band = Schema.Struct({
  from: ServiceTime,
  until: ServiceTime,
  every: Schema.Int.pipe(Schema.between(1, 240))
}).pipe(
  Schema.filter((band) => serviceMinutes(band.from) < serviceMinutes(band.until) || "from must be before until"),
  Schema.annotations({ identifier: "Band" })
)

/**
 * @since 0.1.0
 * @category models
 */
interface Band extends Schema.Schema.Type<typeof Band> {}

/**
 * The departure pattern of a line on some day types.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Service = Schema.Struct({
  days: Schema.Array(DayType).pipe(Schema.minItems(1)),
  /** Runs only between these two stops of the line (short turns, construction); absent: the whole line. */
  between: opt(Schema.Tuple(Point.LocationId, Point.LocationId)),
  bands: Schema.Array(Band).pipe(Schema.minItems(1))
}).annotations({ identifier: "Service" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Service extends Schema.Schema.Type<typeof Service> {}

/**
 * One direction of a line: `H` runs along `Line.stops`, `R` the other way.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DirectionCode = Schema.Literal("H", "R")

/**
 * @since 0.1.0
 * @category models
 */
export type DirectionCode = typeof DirectionCode.Type

/**
 * The timetable of one direction.
 *
 * @since 0.1.0
 * @category schemas
 */
const Direction = Schema.Struct({
  /** The destination shown on the vehicle (`Kirchheim (T)`). */
  towards: Text,
  /** Minutes by which this direction's departures are shifted against the bands. */
  offset: Schema.optionalWith(Schema.Int.pipe(Schema.between(0, 120)), { default: () => 0 }),
  /** Empty where the direction's runs are the single trips of `timetable.json`. */
  services: Schema.Array(Service)
}).annotations({ identifier: "Direction" })

/**
 * @since 0.1.0
 * @category models
 */
interface Direction extends Schema.Schema.Type<typeof Direction> {}

/**
 * A stop on a line, with the minutes from the previous stop (0 on the first).
 *
 * @since 0.1.0
 * @category schemas
 */
const LineStop = Schema.Struct({
  stop: Point.LocationId,
  run: Schema.Int.pipe(Schema.between(0, 120))
}).annotations({ identifier: "LineStop" })

/**
 * @since 0.1.0
 * @category models
 */
interface LineStop extends Schema.Schema.Type<typeof LineStop> {}

/**
 * The timetable kinds of `lineReqType` a line belongs to.
 *
 * @since 0.1.0
 * @category schemas
 */
const LineKind = Schema.Literal("STT", "TTB", "ROB", "StationTT")

/**
 * A line. Its identifier per direction is `<network>:<code>:<supplement>:<direction>`
 * (`vvs:10001: :H`); that string is what notices list in `lines` and what `XML_GEOOBJECT_REQUEST`
 * takes as `line`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Line = Schema.Struct({
  /** The network (`vvs`). */
  network: Schema.String.pipe(Schema.pattern(/^[a-z]+$/)),
  /** The internal line code (`10001`). */
  code: Schema.String.pipe(Schema.pattern(/^[0-9A-Z]+$/)),
  /** The supplement of the identifier; EFA writes a missing one as a single space. */
  supplement: Schema.String.pipe(Schema.pattern(/^[^:]{1,10}$/)),
  /** The public line number (`S1`, `U14`, `42`). */
  number: Text,
  /** The product name shown with the number (`S-Bahn`, `Stadtbahn`, `Bus`). */
  product: Text,
  mot: Mot.MotId,
  operator: Schema.Struct({ code: Text, name: Text }),
  kinds: Schema.Array(LineKind).pipe(Schema.minItems(1)),
  /** The vehicles run on the line. */
  vehicles: Schema.Struct({ lowFloor: Schema.Boolean, wheelchair: Schema.Boolean }),
  /** The stops in direction `H`. */
  stops: Schema.Array(LineStop).pipe(Schema.minItems(2)),
  /** Minutes a vehicle waits at each intermediate stop. */
  dwell: Schema.optionalWith(Schema.Int.pipe(Schema.between(0, 10)), { default: () => 0 }),
  directions: Schema.Struct({ H: Direction, R: Direction }),
  /** The route in direction `H`, `[lat, lon]`, passing every stop. */
  geometry: Schema.Array(LatLon).pipe(Schema.minItems(2))
}).annotations({ identifier: "Line" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Line extends Schema.Schema.Type<typeof Line> {}

/**
 * The identifier of one direction of a line: `<network>:<code>:<supplement>:<direction>`.
 *
 * @since 0.1.0
 * @category utils
 */
export const lineId = (line: Line, direction: DirectionCode): string =>
  LineId.format({ subnetwork: line.network, lineNumber: line.code, supplement: line.supplement, direction })

// ---------------------------------------------------------------------------------------------------
// points of interest
// ---------------------------------------------------------------------------------------------------

/**
 * A point of interest.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Poi = Schema.Struct({
  id: StopFinder.Location.fields.id,
  name: StopFinder.Location.fields.name.pipe(Schema.nonEmptyString()),
  place: Text,
  omc: Schema.String.pipe(Schema.pattern(/^\d{7,8}$/)),
  /** The category (`museum`, `shopping`, `sports`, ...). */
  category: Text,
  /** The POI hierarchy ID for `inclPOIH_<i>`. */
  hierarchy: Text,
  coord: Coord.Coord
}).annotations({ identifier: "Poi" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Poi extends Schema.Schema.Type<typeof Poi> {}

// ---------------------------------------------------------------------------------------------------
// places, streets and house numbers
// ---------------------------------------------------------------------------------------------------

const Omc = Schema.String.pipe(Schema.pattern(/^\d{7,8}$/))

/**
 * A place the stop finder knows by name: a municipality (`locality`) or one of its districts (`suburb`), with
 * its main stop (the one `useLocalityMainStop=1` maps it to, and a trip from it starts at).
 *
 * @since 0.1.0
 * @category schemas
 */
const Locality = Schema.Struct({
  kind: Schema.Literal("locality", "suburb"),
  /** Its name (`Stuttgart`, `Stuttgart-Bad Cannstatt`). */
  name: Text,
  /** The municipality key (OMC): a suburb's is its municipality's. */
  omc: Omc,
  /** The place ID within the municipality, as its stops have it. */
  placeId: Schema.String.pipe(Schema.pattern(/^\d+$/)),
  /** Its centre. */
  coord: Coord.Coord,
  mainStop: Point.LocationId
}).annotations({ identifier: "Locality" })

/**
 * @since 0.1.0
 * @category models
 */
interface Locality extends Schema.Schema.Type<typeof Locality> {}

/**
 * A house number of a street and where the house is.
 *
 * @since 0.1.0
 * @category schemas
 */
const House = Schema.Struct({
  /** `12`, `12a`. */
  number: Schema.String.pipe(Schema.pattern(/^\d{1,4}[a-z]?$/)),
  coord: Coord.Coord
}).annotations({ identifier: "House" })

/**
 * @since 0.1.0
 * @category models
 */
interface House extends Schema.Schema.Type<typeof House> {}

/**
 * A street of a municipality: its course, its postcode and the house numbers the search resolves. Two streets
 * of a municipality that share a point of their course cross there (a crossing the stop finder finds); the
 * postcodes of the streets are the postcodes it finds.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Street = Schema.Struct({
  /** The street's key, unique in the dataset (its ID is `streetID:<key>::<omc>:<placeId>`). */
  key: Schema.String.pipe(Schema.pattern(/^\d{1,12}$/)),
  /** Its name without the place (`Königstraße`). */
  name: Text,
  /** The municipality key (OMC) of the locality it lies in. */
  omc: Omc,
  /** The place ID within the municipality (its district), as its stops have it. */
  placeId: Schema.String.pipe(Schema.pattern(/^\d+$/)),
  postcode: Schema.String.pipe(Schema.pattern(/^\d{4,5}$/)),
  /** Its course, `[lat, lon]` pairs. */
  geometry: Schema.Array(LatLon).pipe(Schema.minItems(2)),
  houses: Schema.optionalWith(Schema.Array(House), { default: () => [] })
}).annotations({ identifier: "Street" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Street extends Schema.Schema.Type<typeof Street> {}

/**
 * What the stop finder knows besides stops and POIs (`places.json`, optional): localities and suburbs, streets
 * with their house numbers; crossings and postcodes follow from the streets.
 *
 * @since 0.1.0
 * @category schemas
 */
const Places = Schema.Struct({
  localities: Schema.Array(Locality),
  streets: Schema.Array(Street)
}).annotations({ identifier: "Places" })

/**
 * @since 0.1.0
 * @category models
 */
interface Places extends Schema.Schema.Type<typeof Places> {}

// ---------------------------------------------------------------------------------------------------
// parking
// ---------------------------------------------------------------------------------------------------

/**
 * The parking object kinds, named as the bits of `parkingObjectType` (1 car park building, 2 lot,
 * 4 single space, 8 zone, 32 charging points).
 *
 * @since 0.1.0
 * @category schemas
 */
const ParkingKind = Schema.Literal(
  ...(Object.keys(CoordInfo.ParkingObjectKinds) as [CoordInfo.ParkingObjectKind, ...Array<CoordInfo.ParkingObjectKind>])
)

/**
 * @since 0.1.0
 * @category models
 */
type ParkingKind = typeof ParkingKind.Type

/**
 * A parking object. Occupancy is a deterministic profile: the percentage of occupied spaces for each
 * hour of a weekday (index 0..23, local time); weekends use 60 % of it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Parking = Schema.Struct({
  id: Text,
  name: Text,
  kind: ParkingKind,
  coord: Coord.Coord,
  /** A zone's area, a closed `[lat, lon]` ring. */
  area: opt(Ring),
  capacity: Schema.Int.pipe(Schema.nonNegative()),
  charge: CoordInfo.ParkingCharge,
  bikeAndRide: Schema.Boolean,
  parkAndRide: Schema.Boolean,
  /** The stop it serves (park and ride, bike and ride). */
  stop: opt(Point.LocationId),
  /** Charging points: connector kinds and power. */
  charging: opt(Schema.Struct({ points: Schema.Int.pipe(Schema.positive()), powerKw: Schema.Number })),
  occupancyByHour: Schema.Array(Schema.Int.pipe(Schema.between(0, 100))).pipe(Schema.itemsCount(24))
}).annotations({ identifier: "Parking" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Parking extends Schema.Schema.Type<typeof Parking> {}

// ---------------------------------------------------------------------------------------------------
// sharing
// ---------------------------------------------------------------------------------------------------

// Core's sharing records allow empty IDs and names (servers send them); the dataset's may not.
const namedItem = { id: Text, name: Text }

/**
 * An operating area of a sharing provider.
 *
 * @since 0.1.0
 * @category schemas
 */
export const OpArea = Schema.Struct({ ...CoreOpArea.Area.fields, ...namedItem, polygon: Ring }).annotations({
  identifier: "OpArea"
})

/**
 * @since 0.1.0
 * @category models
 */
export interface OpArea extends Schema.Schema.Type<typeof OpArea> {}

/**
 * A sharing provider with its operating areas.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Provider = Schema.Struct({
  ...CoreOpArea.Provider.fields,
  ...namedItem,
  vehicleType: CoreOpArea.VehicleKind,
  areas: Schema.Array(OpArea).pipe(Schema.minItems(1))
}).annotations({ identifier: "Provider" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Provider extends Schema.Schema.Type<typeof Provider> {}

/**
 * A sharing vehicle. Its reference for `SharingRefId` is `<id>:<provider>:<area>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Vehicle = Schema.Struct({
  id: Schema.String.pipe(Schema.pattern(/^[^:\s]+$/)),
  provider: Text,
  area: Text,
  kind: VehicleDetail.VehicleKind,
  /** Drive; absent for vehicles without one (plain bicycles). */
  engineType: opt(VehicleDetail.EngineType),
  locationType: VehicleDetail.LocationType,
  /** The station's name for station-based vehicles. */
  station: opt(Text),
  coord: Coord.Coord,
  available: Schema.Boolean,
  /** Battery or tank level in percent. */
  battery: opt(Schema.Int.pipe(Schema.between(0, 100))),
  /** Range in km with the current level. */
  rangeKm: opt(Schema.Number.pipe(Schema.nonNegative())),
  model: Text,
  seats: Schema.Int.pipe(Schema.between(1, 9)),
  licensePlate: opt(Text)
}).annotations({ identifier: "Vehicle" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Vehicle extends Schema.Schema.Type<typeof Vehicle> {}

/**
 * Sharing providers and their vehicles.
 *
 * @since 0.1.0
 * @category schemas
 */
const Sharing = Schema.Struct({
  providers: Schema.Array(Provider),
  vehicles: Schema.Array(Vehicle)
}).annotations({ identifier: "Sharing" })

/**
 * @since 0.1.0
 * @category models
 */
interface Sharing extends Schema.Schema.Type<typeof Sharing> {}

// ---------------------------------------------------------------------------------------------------
// notices
// ---------------------------------------------------------------------------------------------------

/**
 * The eight notice types.
 *
 * @since 0.1.0
 * @category schemas
 */
const NoticeType = AddInfo.NoticeType

/**
 * A service notice: the record `XML_ADDINFO_REQUEST` returns, plus what its filters look at.
 *
 * Publication status relative to the fake's clock: a notice is `current` while its `validTo` has not
 * passed (also when it starts in the future) and `history` afterwards.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Notice = Schema.Struct({
  ...AddInfo.Notice.fields,
  // the dataset states what the response may leave out
  type: NoticeType,
  validFrom: LocalDateTime.CalendarDate,
  validTo: LocalDateTime.CalendarDate,
  /** Line identifiers `<network>:<code>:<supplement>:<direction>`. */
  lines: Schema.Array(Text),
  severity: Text,
  /** Affected stops. */
  stops: Schema.Array(Point.LocationId),
  /** Municipality keys (OMC) the notice concerns. */
  omcs: Schema.Array(Schema.String.pipe(Schema.pattern(/^\d{7,8}$/))),
  /** Places, `<OMC>:<PlaceID>`. */
  places: Schema.Array(Schema.String.pipe(Schema.pattern(/^\d{7,8}:\d+$/))),
  /** The author's provider code (`VVS`, `SSB`). */
  provider: Text,
  /** The system the notice came from (`DIVA`, `ICS`). */
  sourceSystem: Text
}).annotations({ identifier: "Notice" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Notice extends Schema.Schema.Type<typeof Notice> {}

// ---------------------------------------------------------------------------------------------------
// real time
// ---------------------------------------------------------------------------------------------------

const disruptionFields = {
  /** The line direction (`vvs:10001: :H`). */
  line: Schema.String,
  /** The day types it happens on. */
  days: Schema.NonEmptyArray(DayType),
  /** The run's time at its first stop (the `HHMM` of its run ID), a service time. */
  departs: ServiceTime,
  /** When real time learns of it, a service time of the run's day: before it the run runs as usual. */
  announced: ServiceTime
}

/**
 * One real-time event of the dataset: a run delayed from its first stop on, a run cancelled, or a run
 * leaving one stop from another platform. The real-time engine applies it from `announced` on.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Disruption = Schema.Union(
  Schema.Struct({
    kind: Schema.Literal("delay"),
    ...disruptionFields,
    minutes: Schema.Int.pipe(Schema.between(1, 600))
  }),
  Schema.Struct({ kind: Schema.Literal("cancellation"), ...disruptionFields }),
  Schema.Struct({
    kind: Schema.Literal("platformChange"),
    ...disruptionFields,
    /** The stop where the platform changes. */
    stop: Schema.String,
    platform: Schema.String.pipe(Schema.nonEmptyString())
  })
).annotations({ identifier: "Disruption" })

/**
 * @since 0.1.0
 * @category models
 */
export type Disruption = typeof Disruption.Type

// ---------------------------------------------------------------------------------------------------
// the dataset
// ---------------------------------------------------------------------------------------------------

/**
 * One row of a zone tariff: the prices of a single ticket for a number of zones, adult and child, and how many
 * minutes it is valid.
 *
 * @since 0.1.0
 * @category schemas
 */
const TariffPrice = Schema.Struct({
  zones: Schema.Int.pipe(Schema.positive()),
  adult: Schema.Number.pipe(Schema.nonNegative()),
  child: Schema.Number.pipe(Schema.nonNegative()),
  validMinutes: Schema.Int.pipe(Schema.positive())
}).annotations({ identifier: "TariffPrice" })

/**
 * One fare of a tariff read from a GTFS feed (`fare_attributes.txt` with its `fare_rules.txt`): a ticket for the
 * rides it covers. The rules of the fare are kept together: every ride's line among `lines`, the first boarding's
 * and the last alighting's zones one of `journeys`, the zones of all stops passed exactly `contains`; each of them
 * absent allows any.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TariffFare = Schema.Struct({
  /** The fare's ID (GTFS `fare_id`), the ticket's ID. */
  id: Text,
  price: Schema.Number.pipe(Schema.nonNegative()),
  currency: Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/)),
  /** Changes of vehicle the ticket allows (GTFS `transfers`); absent: any number. */
  transfers: opt(Schema.Int.pipe(Schema.nonNegative())),
  /** Seconds from the first boarding within which the last ride must begin (GTFS `transfer_duration`). */
  transferSeconds: opt(Schema.Int.pipe(Schema.nonNegative())),
  /** The codes of the lines it is valid on (GTFS `route_id`s). */
  lines: opt(Schema.Array(Text).pipe(Schema.minItems(1))),
  /** From which zone to which (GTFS `origin_id`, `destination_id`); a side absent allows any zone. */
  journeys: opt(Schema.Array(Schema.Struct({ origin: opt(Text), destination: opt(Text) })).pipe(Schema.minItems(1))),
  /** The zones the rides pass, all of them (GTFS `contains_id`). */
  contains: opt(Schema.Array(Text).pipe(Schema.minItems(1)))
}).annotations({ identifier: "TariffFare" })

/**
 * @since 0.1.0
 * @category models
 */
export interface TariffFare extends Schema.Schema.Type<typeof TariffFare> {}

/**
 * A zone tariff of the VVS kind: the fare zone of each stop, and the price of a single ticket by the number of
 * zones a trip's rides touch (more zones than the last row pay the last row's price). A tariff read from a GTFS
 * feed has `fares` instead of `prices`: the cheapest fares covering the rides (see `engine/fares.ts`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Tariff = Schema.Struct({
  /** The tariff network (`vvs`), as tickets and zones name it. */
  network: Text,
  currency: Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/)),
  /** The single ticket: its ID prefix (the ID adds the person and the price level) and name. */
  ticket: Schema.Struct({ id: Text, name: Text }),
  /** The fare zone of each stop, by stop ID; a trip touching a stop without zone has no fare by `prices`. */
  zones: Schema.Record({ key: Schema.String, value: Text }),
  /** By number of zones, ascending from 1 without gaps. */
  prices: opt(
    Schema.Array(TariffPrice).pipe(
      Schema.minItems(1),
      Schema.filter((rows) => rows.every((row, i) => row.zones === i + 1) || "rows must count zones 1, 2, 3, ...")
    )
  ),
  /** The fares of a GTFS feed; when given, they price trips and `prices` is not read. */
  fares: opt(Schema.Array(TariffFare).pipe(Schema.minItems(1)))
}).pipe(
  Schema.filter((tariff) => tariff.prices !== undefined || tariff.fares !== undefined || "needs prices or fares")
).annotations({ identifier: "Tariff" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Tariff extends Schema.Schema.Type<typeof Tariff> {}

/**
 * The files of a dataset folder and the schema of each.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DatasetFiles = {
  meta: { file: "meta.json", schema: Meta },
  stops: { file: "stops.json", schema: Schema.Array(Stop) },
  lines: { file: "lines.json", schema: Schema.Array(Line) },
  pois: { file: "pois.json", schema: Schema.Array(Poi) },
  parking: { file: "parking.json", schema: Schema.Array(Parking) },
  sharing: { file: "sharing.json", schema: Sharing },
  notices: { file: "notices.json", schema: Schema.Array(Notice) },
  realtime: { file: "realtime.json", schema: Schema.Array(Disruption) },
  timetable: { file: "timetable.json", schema: Timetable },
  /** Optional: without it trips have no fares. */
  tariff: { file: "tariff.json", schema: Tariff },
  /** Optional: without it the stop finder knows no places, streets, addresses, crossings or postcodes. */
  places: { file: "places.json", schema: Places }
} as const

/**
 * A whole dataset.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Dataset = Schema.Struct({
  meta: DatasetFiles.meta.schema,
  stops: DatasetFiles.stops.schema,
  lines: DatasetFiles.lines.schema,
  pois: DatasetFiles.pois.schema,
  parking: DatasetFiles.parking.schema,
  sharing: DatasetFiles.sharing.schema,
  notices: DatasetFiles.notices.schema,
  realtime: DatasetFiles.realtime.schema,
  /** Single trips (`timetable.json`, optional; see `trips.ts`). */
  timetable: opt(DatasetFiles.timetable.schema),
  /** The zone tariff (`tariff.json`, optional). */
  tariff: opt(DatasetFiles.tariff.schema),
  /** Localities, suburbs, streets and house numbers (`places.json`, optional). */
  places: opt(DatasetFiles.places.schema)
}).annotations({ identifier: "Dataset" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Dataset extends Schema.Schema.Type<typeof Dataset> {}
