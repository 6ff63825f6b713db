/**
 * Trip planning (`XML_TRIP_REQUEST2`, with the trailing `2`): connections between two points, by
 * departure or arrival time, with a via point, mode filters, mobility restrictions, public and
 * individual transport options, bicycle and park and ride.
 *
 * The encoder owns the quirks of the interface:
 * - `tripReductionMacro=1` is always sent. Decoding accepts a query without it (the server answers,
 *   with incomplete results), so a fake can serve such requests; a value other than `1` is refused.
 * - `exclMOT_<id>` / `inclMOT_<id>` are sent (as `1`) only for the modes that are filtered, with
 *   `excludedMeans=checkbox` / `includedMeans=checkbox`. Decoding reads their presence: any value, also
 *   `0` or `false`, turns the filter on. `excludedMeans=<MOT-ID>` (and likewise `includedMeans=<MOT-ID>`)
 *   filters that one mode directly and is folded into the list.
 * - `imparedOptionsActive=1`, `ptOptionsActive=1`, `itOptionsActive=1` are sent when their group sends
 *   anything. Decoding refuses options of a group whose activation parameter is missing (the server
 *   would ignore them, which a request model cannot express), naming the missing parameter.
 * - `changeSpeed` is one parameter with two scales (public transport change time: fast 50, normal 100,
 *   slow 200; individual transport speed: fast 120, normal 100, slow 80). The server applies it to
 *   every active group, so when both groups are used, `publicTransport.changeSpeed` and
 *   `individualTransport.speed` must be equal (both given with the same value, or both left out);
 *   otherwise the request is refused at `individualTransport.speed`. When one group is used, its value
 *   is sent. Decoding gives the value to each active group.
 *
 * An empty group (or one whose flags are all `false`, or whose lists are empty) sends nothing and
 * decodes as absent; arbitraries produce only groups that send something.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { Timestamp as InstantTimestamp } from "./internal/decode/instant.js"
import type { Plain } from "./internal/decode/plain.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { localDateTime } from "./internal/schema/dateTimeParam.js"
import { modeFamilyParams, readModeFamily } from "./internal/schema/families.js"
import { LatLonPairs } from "./internal/schema/latLonPairs.js"
import { noticeFields } from "./internal/schema/noticeFields.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { opt, PresenceParam, SetFromList } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineZonedQuery, IssueCollector } from "./internal/schema/query.js"
import {
  ClockTimeParam,
  DateTimeRefersTo as SharedDateTimeRefersTo,
  DepArrParam,
  FixedParam,
  isAscendingDistinct,
  NamedParam,
  namesOf,
  sessionRows,
  sortedDistinct
} from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as Mot from "./Mot.js"
import * as Occupancy from "./Occupancy.js"
import type { Operation, Query, QueryContext } from "./Operation.js"
import * as Point from "./Point.js"
import * as SystemMessage from "./SystemMessage.js"

// ---------------------------------------------------------------------------------------------
// named values
// ---------------------------------------------------------------------------------------------

/**
 * The change-time factors of `changeSpeed` for public transport (with `ptOptionsActive=1`).
 *
 * @since 0.1.0
 * @category constants
 */
export const ChangeSpeedFactors = { fast: 50, normal: 100, slow: 200 } as const

/**
 * The walking and cycling speed factors of `changeSpeed` for individual transport (with
 * `itOptionsActive=1`).
 *
 * @since 0.1.0
 * @category constants
 */
export const IndividualSpeedFactors = { fast: 120, normal: 100, slow: 80 } as const

/**
 * A speed step of `changeSpeed`: `fast`, `normal` (the server default) or `slow`. What it means depends
 * on the group (see {@link ChangeSpeedFactors} and {@link IndividualSpeedFactors}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Speed = namesOf(ChangeSpeedFactors).annotations({ identifier: "Speed" })

/**
 * @since 0.1.0
 * @category models
 */
export type Speed = typeof Speed.Type

/**
 * The line-type filters of `lineRestriction`.
 *
 * @since 0.1.0
 * @category constants
 */
export const LineRestrictions = {
  /** `400`: all lines. */
  all: "400",
  /** `401`: no high-speed trains. */
  noHighSpeedTrains: "401",
  /** `402`: the transport association without surcharge. */
  associationWithoutSurcharge: "402",
  /** `403`: the transport association plus regional trains. */
  associationPlusRegional: "403"
} as const

/**
 * A line-type filter by name (`lineRestriction`, see {@link LineRestrictions}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineRestriction = namesOf(LineRestrictions).annotations({ identifier: "LineRestriction" })

/**
 * @since 0.1.0
 * @category models
 */
export type LineRestriction = typeof LineRestriction.Type

/**
 * The optimisation goals of `routeType`.
 *
 * @since 0.1.0
 * @category constants
 */
export const RouteTypes = {
  /** `leastinterchange`: fewest changes. */
  leastInterchange: "leastinterchange",
  /** `lasttime`: fastest, the server default. */
  fastest: "lasttime",
  /** `leastwalking`: least walking. */
  leastWalking: "leastwalking"
} as const

/**
 * An optimisation goal by name (`routeType`, see {@link RouteTypes}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const RouteType = namesOf(RouteTypes).annotations({ identifier: "RouteType" })

/**
 * @since 0.1.0
 * @category models
 */
export type RouteType = typeof RouteType.Type

/**
 * The individual-transport modes of `trITMOT`, `trITDepMOT` and `trITArrMOT`.
 *
 * @since 0.1.0
 * @category constants
 */
export const ItModes = {
  foot: "100",
  bikeAndRide: "101",
  bikeInPublicTransport: "102",
  kissAndRide: "103",
  parkAndRide: "104",
  taxi: "105"
} as const

/**
 * An individual-transport mode by name (see {@link ItModes}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItMode = namesOf(ItModes).annotations({ identifier: "ItMode" })

/**
 * @since 0.1.0
 * @category models
 */
export type ItMode = typeof ItMode.Type

/**
 * How bicycle and public transport combine (`std3_bikeSettings`).
 *
 * @since 0.1.0
 * @category constants
 */
export const BikeCombinations = {
  /** `takealong`: the bicycle rides along in public transport. */
  takeAlong: "takealong",
  /** `toFirstStop`: cycle to the first stop. */
  toFirstStop: "toFirstStop",
  /** `fromLastStop`: cycle from the last stop. */
  fromLastStop: "fromLastStop"
} as const

/**
 * A bicycle combination by name (see {@link BikeCombinations}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const BikeCombination = namesOf(BikeCombinations).annotations({ identifier: "BikeCombination" })

/**
 * @since 0.1.0
 * @category models
 */
export type BikeCombination = typeof BikeCombination.Type

/**
 * Whether the requested time is the departure or the arrival time (`itdTripDateTimeDepArr`: `dep`, the
 * server default, or `arr`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const DateTimeRefersTo: Schema.Literal<["departure", "arrival"]> = SharedDateTimeRefersTo

/**
 * @since 0.1.0
 * @category models
 */
export type DateTimeRefersTo = typeof DateTimeRefersTo.Type

// ---------------------------------------------------------------------------------------------
// request model
// ---------------------------------------------------------------------------------------------

const minutes = <const Wire extends string>(wire: Wire) => ParamTable.int(wire, { min: 0, max: 1440 })
const meters = <const Wire extends string>(wire: Wire) => ParamTable.int(wire, { min: 0, max: 1_000_000 })

const MAX_MOT_ID = 9999
const EXCLUDED_MODE_PREFIX = "exclMOT_"
const INCLUDED_MODE_PREFIX = "inclMOT_"
// Generated mode filters draw from these MOT-IDs (a hint for the test generators, see Arbitraries).
const ARBITRARY_MOT_IDS: ReadonlyArray<number> = Array.from({ length: 22 }, (_, id) => id)

/**
 * A list of MOT-IDs for a mode filter, ascending and without repeats (see {@link normalizeMotIds}). An
 * empty list filters nothing.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotIdList = Schema.Array(Mot.MotId.pipe(Schema.lessThanOrEqualTo(MAX_MOT_ID))).pipe(
  Schema.filter(isAscendingDistinct, { message: () => "MOT-IDs must be ascending and distinct" }),
  Schema.annotations({
    identifier: "MotIdList",
    ...arbitraryHint({ subset: ARBITRARY_MOT_IDS, minLength: 1 })
  })
)

/**
 * A set of MOT-IDs as written: any order, repeats allowed, read as the {@link MotIdList} it names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MotIdSet: Schema.Schema<ReadonlyArray<Mot.MotId>, ReadonlyArray<Mot.MotId>> = SetFromList(
  Mot.MotId.pipe(Schema.lessThanOrEqualTo(MAX_MOT_ID)),
  MotIdList,
  (ids) => normalizeMotIds(ids)
)

/**
 * Sorts MOT-IDs ascending and drops repeats, the order {@link MotIdList} expects.
 *
 * @since 0.1.0
 * @category utils
 */
export const normalizeMotIds = (ids: Iterable<Mot.MotId>): Array<Mot.MotId> => sortedDistinct(ids)

/**
 * Whether a group of options sends anything: some field is set, other than `false` or an empty list.
 *
 * @since 0.1.0
 * @category utils
 */
export const sendsSomething: (group: object | undefined) => boolean = ParamTable.sendsSomething

// Groups that send nothing decode as absent, so arbitraries produce only groups that send something.
const group = <Fields extends Schema.Struct.Fields>(fields: Fields, identifier: string) => {
  return Schema.Struct(fields).annotations({ identifier, ...arbitraryHint("sendsSomething") })
}

// The parameters that map to one field each, by group, in wire order; a group with an activation parameter
// is a `ParamTable.group`, `changeSpeed` a row both groups of public and individual transport share.

// Wire schemas used by several rows, so that each is one definition in the OpenAPI document.
const ItModeParam = NamedParam(ItModes, "ItModeParam")

// The requested time in the deployment's zone (`itdDate`, `itdTime`).
const requestedTime = localDateTime("itdDate", "itdTime")
const originPoint = ParamTable.point("origin")
const destinationPoint = ParamTable.point("destination")
const viaPoint = ParamTable.point("via", {
  /** Dwell time at the via point in minutes, 0..1440 (`dwellTime_via`); `0` excludes addresses and POIs as via. */
  dwellMinutes: minutes("dwellTime_via")
})

const changeSpeed = ParamTable.shared(
  ["ptOptionsActive", "itOptionsActive"],
  ParamTable.param(
    "changeSpeed",
    Speed,
    NamedParam({ fast: "fast", normal: "normal", slow: "slow" }, "ChangeSpeedParam")
  )
)

const tripTable = ParamTable.make({
  /** Whether `dateTime` is the departure or the arrival (`itdTripDateTimeDepArr`: `dep` or `arr`). */
  dateTimeRefersTo: ParamTable.param("itdTripDateTimeDepArr", DateTimeRefersTo, DepArrParam),
  /** Number of connections, 1..100 (`calcNumberOfTrips`; server default 4). */
  numberOfTrips: ParamTable.int("calcNumberOfTrips", { min: 1, max: 100 }),
  /** No earlier or later variants (`calcOneDirection=1`). */
  oneDirection: ParamTable.flag("calcOneDirection"),
  /** Enrich with real-time data (`useRealtime=1`). */
  realtime: ParamTable.flag("useRealtime"),
  /** Ask for the trips' fares, tickets and zones (`useUT=1`). */
  fares: ParamTable.flag("useUT"),
  /** Paging in the server's session (`sessionID`, `requestID`, `command`: `tripNext` or `tripPrev`); see `Pages`. */
  ...sessionRows({ tripNext: "tripNext", tripPrev: "tripPrev" }, "TripCommandParam")
})

const mobilityTable = ParamTable.group("imparedOptionsActive", {
  /** Only low-floor vehicles (`lowPlatformVhcl=1`). */
  lowFloorVehicles: ParamTable.flag("lowPlatformVhcl"),
  /** Avoid changes with an elevator (`noElevators=1`). */
  noElevators: ParamTable.flag("noElevators"),
  /** Avoid changes with an escalator (`noEscalators=1`). */
  noEscalators: ParamTable.flag("noEscalators"),
  /** Avoid changes with fixed stairs (`noSolidStairs=1`). */
  noSolidStairs: ParamTable.flag("noSolidStairs"),
  /** Only wheelchair-accessible vehicles (`wheelchair=1`). */
  wheelchair: ParamTable.flag("wheelchair")
})

const publicTransportTable = ParamTable.group("ptOptionsActive", {
  /**
   * Change-time factor (`changeSpeed`): fast 50, normal 100 (default), slow 200. Shares its parameter
   * with `individualTransport.speed`: when both groups are used, both must have the same value.
   */
  changeSpeed,
  /** Line-type filter (`lineRestriction`: 400 all, 401, 402, 403). */
  lineRestriction: ParamTable.param(
    "lineRestriction",
    LineRestriction,
    NamedParam(LineRestrictions, "LineRestrictionParam")
  ),
  /** Maximum number of changes, 0..9 (`maxChanges`; 0 direct only, 9 the server default). */
  maxChanges: ParamTable.int("maxChanges", { min: 0, max: 9 }),
  /** Optimisation goal (`routeType`). */
  routeType: ParamTable.param("routeType", RouteType, NamedParam(RouteTypes, "RouteTypeParam")),
  /** Consider stops around the origin (`useProxFootSearchOrig=1`). */
  nearbyStopsAtOrigin: ParamTable.flag("useProxFootSearchOrig"),
  /** Consider stops around the destination (`useProxFootSearchDest=1`). */
  nearbyStopsAtDestination: ParamTable.flag("useProxFootSearchDest")
})

const individualTransportTable = ParamTable.group("itOptionsActive", {
  /**
   * Walking or cycling speed factor (`changeSpeed`): fast 120, normal 100 (default), slow 80. Shares its
   * parameter with `publicTransport.changeSpeed`: when both groups are used, both must have the same
   * value.
   */
  speed: changeSpeed,
  /** Access and egress mode (`trITMOT`). */
  mode: ParamTable.param("trITMOT", ItMode, ItModeParam),
  /** Maximum minutes of the individual part, 0..1440 (`trITMOTvalue`; server default 10). */
  maxMinutes: minutes("trITMOTvalue"),
  /** Mode of the departure part (`trITDepMOT`). */
  departureMode: ParamTable.param("trITDepMOT", ItMode, ItModeParam),
  /** Maximum minutes of the departure part (`trITDepMOTvalue`). */
  departureMaxMinutes: minutes("trITDepMOTvalue"),
  /** Mode of the arrival part (`trITArrMOT`). */
  arrivalMode: ParamTable.param("trITArrMOT", ItMode, ItModeParam),
  /** Maximum minutes of the arrival part (`trITArrMOTvalue`). */
  arrivalMaxMinutes: minutes("trITArrMOTvalue")
})

const bicycleTable = ParamTable.make({
  /** Bicycle routing (`calcBicycleMacro=on`). */
  routing: ParamTable.flag("calcBicycleMacro", FixedParam("on", "CalcBicycleMacroParam")),
  /** Bike and ride connections (`brRoutingMacro=true`). */
  bikeAndRide: ParamTable.flag("brRoutingMacro", FixedParam("true", "BrRoutingMacroParam")),
  /** How bicycle and public transport combine (`std3_bikeSettings`). */
  combination: ParamTable.param(
    "std3_bikeSettings",
    BikeCombination,
    NamedParam(BikeCombinations, "BikeSettingsParam")
  ),
  /** Cycling speed in km/h, 1..100 (`cycleSpeed`). */
  speed: ParamTable.int("cycleSpeed", { min: 1, max: 100 }),
  /** Maximum minutes on the bicycle, 0..1440 (`maxTimeBicycle`). */
  maxMinutes: minutes("maxTimeBicycle"),
  /** Search radius for bicycle parking in meters (`parkingMaxDistance`). */
  parkingMaxDistance: meters("parkingMaxDistance")
})

const parkAndRideTable = ParamTable.make({
  /** Park and ride routing (`prRoutingMacro=true`). */
  routing: ParamTable.flag("prRoutingMacro", FixedParam("true", "PrRoutingMacroParam")),
  /** Maximum car distance in meters (`maxLengthCar`). */
  maxCarDistance: meters("maxLengthCar"),
  /** Maximum minutes by car, 0..1440 (`maxTimeCar`). */
  maxCarMinutes: minutes("maxTimeCar")
})

/**
 * A via point with an optional dwell time.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Via = Schema.Struct(ParamTable.fieldsOf({
  /** The via point (`type_via`, `name_via`). */
  point: Point.Point
}, viaPoint.options.fields)).annotations({ identifier: "Via" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Via extends Schema.Schema.Type<typeof Via> {}

/**
 * Mode filters by MOT-ID. A mode may not be both included and excluded.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ModeFilter = Schema.Struct({
  /** Modes to avoid, in any order (`excludedMeans=checkbox` and `exclMOT_<id>=1` for each). */
  excluded: opt(MotIdSet),
  /** The only modes to use, in any order (`includedMeans=checkbox` and `inclMOT_<id>=1` for each). */
  included: opt(MotIdSet)
}).pipe(
  Schema.filter((filter) => {
    const both = (filter.included ?? []).filter((id) => filter.excluded?.includes(id))
    return both.length === 0
      ? undefined
      : { path: ["included"], message: `MOT-ID ${both.join(", ")} is both included and excluded` }
  }),
  Schema.annotations({
    identifier: "ModeFilter",
    ...arbitraryHint("modeFilter")
  })
)

/**
 * @since 0.1.0
 * @category models
 */
export interface ModeFilter extends Schema.Schema.Type<typeof ModeFilter> {}

/**
 * Mobility restrictions; any of them sends `imparedOptionsActive=1`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Mobility = group(mobilityTable.fields, "Mobility")

/**
 * @since 0.1.0
 * @category models
 */
export interface Mobility extends Schema.Schema.Type<typeof Mobility> {}

/**
 * Public transport options; any of them sends `ptOptionsActive=1`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const PublicTransportOptions = group(publicTransportTable.fields, "PublicTransportOptions")

/**
 * @since 0.1.0
 * @category models
 */
export interface PublicTransportOptions extends Schema.Schema.Type<typeof PublicTransportOptions> {}

/**
 * Individual transport options (the walk, ride or drive to and from public transport); any of them
 * sends `itOptionsActive=1`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const IndividualTransportOptions = group(individualTransportTable.fields, "IndividualTransportOptions")

/**
 * @since 0.1.0
 * @category models
 */
export interface IndividualTransportOptions extends Schema.Schema.Type<typeof IndividualTransportOptions> {}

/**
 * Bicycle routing.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BicycleOptions = group(bicycleTable.fields, "BicycleOptions")

/**
 * @since 0.1.0
 * @category models
 */
export interface BicycleOptions extends Schema.Schema.Type<typeof BicycleOptions> {}

/**
 * Park and ride routing.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ParkAndRideOptions = group(parkAndRideTable.fields, "ParkAndRideOptions")

/**
 * @since 0.1.0
 * @category models
 */
export interface ParkAndRideOptions extends Schema.Schema.Type<typeof ParkAndRideOptions> {}

const speedConflict = (request: {
  readonly publicTransport?: PublicTransportOptions
  readonly individualTransport?: IndividualTransportOptions
}): string | undefined => {
  const { individualTransport: it, publicTransport: pt } = request
  if (!sendsSomething(pt) || !sendsSomething(it) || pt!.changeSpeed === it!.speed) return undefined
  return `EFA has one changeSpeed parameter, which applies to both groups when both are used: ` +
    `publicTransport.changeSpeed (${pt!.changeSpeed ?? "not given"}) and individualTransport.speed ` +
    `(${it!.speed ?? "not given"}) must be equal`
}

/**
 * A trip request. `tripReductionMacro=1` is always sent; the groups of options are sent with their
 * activation parameters.
 *
 * @example
 * ```ts
 * import { Operation, Point, Trip } from "@efa-kit/core"
 * import { DateTime, Schema } from "effect"
 *
 * const request: Trip.TripRequest = {
 *   origin: Point.any("de:08111:6118"),
 *   destination: Point.any("Böblingen"),
 *   dateTime: DateTime.unsafeMake("2026-03-02T07:30:00Z"),
 *   publicTransport: { maxChanges: 1 }
 * }
 * // the time goes out as wall-clock time in the deployment's zone
 * const query = Trip.TripQuery({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(query)(request)),
 *   "type_origin=any&name_origin=de:08111:6118&type_destination=any&name_destination=B%C3%B6blingen" +
 *     "&tripReductionMacro=1&itdDate=20260302&itdTime=0830&ptOptionsActive=1&maxChanges=1"
 * )
 * ```
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripRequest = Schema.Struct(ParamTable.fieldsOf(
  {
    /** Where the trip starts (`type_origin`, `name_origin`). */
    origin: Point.Point,
    /** Where the trip ends (`type_destination`, `name_destination`). */
    destination: Point.Point,
    /** A point to pass, with dwell time (`type_via`, `name_via`, `dwellTime_via`). */
    via: opt(Via),
    /**
     * The requested time (`itdDate` `YYYYMMDD` and `itdTime` `HHMM`, wall-clock time in the deployment's
     * zone): a `DateTime` (UTC or zoned), a `Date` or an ISO 8601 string with an offset, truncated to the
     * minute. Absent: now.
     */
    dateTime: opt(LocalDateTime.MinuteInstantFromInput)
  },
  tripTable.fields,
  {
    /** Modes to exclude or to keep (`excludedMeans`, `exclMOT_<id>`, `includedMeans`, `inclMOT_<id>`). */
    modes: opt(ModeFilter),
    /** Mobility restrictions (`imparedOptionsActive=1` and the flags). */
    mobility: opt(Mobility),
    /** Public transport options (`ptOptionsActive=1` and the options). */
    publicTransport: opt(PublicTransportOptions),
    /** Individual transport options (`itOptionsActive=1` and the options). */
    individualTransport: opt(IndividualTransportOptions),
    /** Bicycle routing (`calcBicycleMacro`, `brRoutingMacro`, `std3_bikeSettings`, ...). */
    bicycle: opt(BicycleOptions),
    /** Park and ride routing (`prRoutingMacro`, `maxLengthCar`, `maxTimeCar`). */
    parkAndRide: opt(ParkAndRideOptions)
  }
)).pipe(
  Schema.filter((request) => {
    const conflict = speedConflict(request)
    return conflict === undefined ? undefined : { path: ["individualTransport", "speed"], message: conflict }
  }),
  Schema.annotations({ identifier: "TripRequest" })
)

/**
 * @since 0.1.0
 * @category models
 */
export interface TripRequest extends Schema.Schema.Type<typeof TripRequest> {}

/**
 * A {@link TripRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type TripRequestInput = typeof TripRequest.Encoded

// ---------------------------------------------------------------------------------------------
// wire parameters
// ---------------------------------------------------------------------------------------------

/**
 * `itdTime`: `HHMM`, 24-hour; `HH:MM`, `H:MM`, `HMM` and `HH:MM:SS` are read too (the seconds dropped).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TimeParam: Schema.Schema<string, string> = ClockTimeParam

/**
 * `excludedMeans` / `includedMeans`: `checkbox` (the `exclMOT_<id>` / `inclMOT_<id>` parameters apply)
 * or one MOT-ID (filter that mode directly).
 *
 * @since 0.1.0
 * @category schemas
 */
export const MeansParam: Schema.Schema<"checkbox" | Mot.MotId, string> = parsedParam(
  Schema.Union(Schema.Literal("checkbox"), Mot.MotId),
  {
    decode: (text) =>
      text === "checkbox"
        ? Either.right("checkbox" as const)
        : /^\d{1,4}$/.test(text)
        ? Either.right(Number(text))
        : Either.left(`expected "checkbox" or a MOT-ID, got "${text}"`),
    encode: (value) => String(value)
  }
).annotations({ identifier: "MeansParam", jsonSchema: { type: "string", pattern: "^(checkbox|\\d+)$" } })

/**
 * The query parameters of a trip request, by their wire names. `exclMOT_<id>` and `inclMOT_<id>` are
 * index signatures: any value (also none) turns the filter on.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripParams = Schema.Struct(
  {
    ...originPoint.params,
    ...destinationPoint.params,
    tripReductionMacro: opt(FixedParam("1", "TripReductionMacroParam")),
    ...viaPoint.optionalParams,
    ...requestedTime.optionalParams,
    ...tripTable.params,
    ...mobilityTable.activationParam,
    ...mobilityTable.params,
    ...publicTransportTable.activationParam,
    ...publicTransportTable.params,
    ...individualTransportTable.activationParam,
    ...individualTransportTable.params,
    ...bicycleTable.params,
    ...parkAndRideTable.params,
    excludedMeans: opt(MeansParam),
    includedMeans: opt(MeansParam)
  },
  Schema.Record({ key: Schema.TemplateLiteral(EXCLUDED_MODE_PREFIX, Schema.String), value: PresenceParam }),
  Schema.Record({ key: Schema.TemplateLiteral(INCLUDED_MODE_PREFIX, Schema.String), value: PresenceParam })
).annotations({ identifier: "TripParams" })

type TripParams = typeof TripParams.Type

// ---------------------------------------------------------------------------------------------
// the mapping
// ---------------------------------------------------------------------------------------------

const nonEmpty = <A extends object>(record: A): A | undefined => (Object.keys(record).length > 0 ? record : undefined)

// Reads the `exclMOT_<id>` / `inclMOT_<id>` keys and the direct `excludedMeans=<id>` form.
const readModes = (
  p: TripParams,
  prefix: typeof EXCLUDED_MODE_PREFIX | typeof INCLUDED_MODE_PREFIX,
  means: "excludedMeans" | "includedMeans",
  issues: IssueCollector
): { readonly ids: Array<number>; readonly keys: Map<number, string> } => {
  const keys = readModeFamily(p, prefix, issues, `expected ${prefix}<MOT-ID>, a non-negative integer`)
  const mean = p[means]
  if (keys.size > 0 && mean === undefined) {
    issues.add(means, undefined, `${[...keys.values()].join(", ")} take effect only with ${means}=checkbox`)
  }
  const ids = new Set(keys.keys())
  if (typeof mean === "number") ids.add(mean)
  return { ids: normalizeMotIds(ids), keys }
}

const decodeRequest = (p: TripParams, timeZone: DateTime.TimeZone, issues: IssueCollector): TripRequest | undefined => {
  const origin = originPoint.decode(p, issues)
  const destination = destinationPoint.decode(p, issues)

  const via = viaPoint.decodeWith(p, issues)

  const dateTime = requestedTime.decode(p, timeZone, issues)

  // mode filters
  const excluded = readModes(p, EXCLUDED_MODE_PREFIX, "excludedMeans", issues)
  const included = readModes(p, INCLUDED_MODE_PREFIX, "includedMeans", issues)
  const both = included.ids.filter((id) => excluded.ids.includes(id))
  for (const id of both) {
    issues.add(included.keys.get(id) ?? "includedMeans", undefined, `MOT-ID ${id} is both included and excluded`)
  }

  // activation of the option groups
  mobilityTable.checkActivation(p, issues)
  publicTransportTable.checkActivation(p, issues)
  individualTransportTable.checkActivation(p, issues)
  if (issues.issues.length > 0) return undefined

  const modes = nonEmpty(definedOnly({
    excluded: excluded.ids.length > 0 ? excluded.ids : undefined,
    included: included.ids.length > 0 ? included.ids : undefined
  }))
  if (origin === undefined || destination === undefined) return undefined
  return tripTable.decode(
    p,
    issues,
    definedOnly({
      origin,
      destination,
      via,
      dateTime,
      modes,
      mobility: mobilityTable.decodeGroup(p, issues),
      publicTransport: publicTransportTable.decodeGroup(p, issues),
      individualTransport: individualTransportTable.decodeGroup(p, issues),
      bicycle: nonEmpty(bicycleTable.decode(p, issues)),
      parkAndRide: nonEmpty(parkAndRideTable.decode(p, issues))
    })
  )
}

const encodeRequest = (request: TripRequest, timeZone: DateTime.TimeZone): TripParams => {
  const excluded = request.modes?.excluded ?? []
  const included = request.modes?.included ?? []
  const pt = publicTransportTable.sent(request.publicTransport)
  const it = individualTransportTable.sent(request.individualTransport)
  const mobility = mobilityTable.sent(request.mobility)
  const scalars = definedOnly({
    tripReductionMacro: true as const,
    excludedMeans: excluded.length > 0 ? "checkbox" as const : undefined,
    includedMeans: included.length > 0 ? "checkbox" as const : undefined
  })
  const params = tripTable.encode(
    request,
    destinationPoint.encode(request.destination, originPoint.encode(request.origin, scalars))
  )
  if (request.dateTime !== undefined) requestedTime.encode(request.dateTime, timeZone, params)
  // the via point and the groups' parameters (with their activation flags) are added to the same object
  if (request.via !== undefined) viaPoint.encodeWith(request.via, params)
  if (mobility !== undefined) mobilityTable.encodeGroup(mobility, params)
  if (pt !== undefined) publicTransportTable.encodeGroup(pt, params)
  if (it !== undefined) individualTransportTable.encodeGroup(it, params)
  if (request.bicycle !== undefined) bicycleTable.encode(request.bicycle, params)
  if (request.parkAndRide !== undefined) parkAndRideTable.encode(request.parkAndRide, params)
  return Object.assign(
    params,
    modeFamilyParams(EXCLUDED_MODE_PREFIX, excluded),
    modeFamilyParams(INCLUDED_MODE_PREFIX, included)
  )
}

/**
 * The trip request as query parameters and back, with date and time written in the deployment's time
 * zone. One schema per zone, kept for reuse.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripQuery: (context: QueryContext) => Schema.Schema<TripRequest, Query> = defineZonedQuery(
  "TripQuery",
  TripParams,
  TripRequest,
  (timeZone) => ({
    decode: (p, issues) => decodeRequest(p, timeZone, issues),
    encode: (request) => encodeRequest(request, timeZone)
  })
)

// ---------------------------------------------------------------------------------------------
// response
// ---------------------------------------------------------------------------------------------

/**
 * A timestamp of a response: ISO 8601 with `Z` (an explicit offset is read too), decoded into an
 * instant. A timestamp without zone is refused, as it cannot be placed in time.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Timestamp: Schema.Schema<DateTime.Utc, string> = InstantTimestamp

/**
 * The mode of a leg: its name and MOT-ID (see {@link Mot.LegMode}).
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegMode = Mot.LegMode

/**
 * Where a leg starts. `departureTimeEstimated` comes with real-time data.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegOrigin = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  departureTimePlanned: Timestamp,
  departureTimeEstimated: opt(Timestamp),
  /**
   * `stop` or `platform`, where the server says: real servers give a ride's ends and stops as its platforms (the
   * platform's ID, the stop as `parent`), the contract's format as stops.
   */
  type: opt(Schema.String),
  /** The platform or track (rapidJSON `properties.platformName`, `properties.platform`). */
  platform: opt(Schema.String),
  /** The place it belongs to (rapidJSON `parent`): the stop of a platform, with its locality. */
  parent: opt(Point.ParentPlace)
}).annotations({ identifier: "LegOrigin" })

/**
 * Where a leg ends. `arrivalTimeEstimated` comes with real-time data.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegDestination = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  arrivalTimePlanned: Timestamp,
  arrivalTimeEstimated: opt(Timestamp),
  /**
   * `stop` or `platform`, where the server says: real servers give a ride's ends and stops as its platforms (the
   * platform's ID, the stop as `parent`), the contract's format as stops.
   */
  type: opt(Schema.String),
  /** The platform or track (rapidJSON `properties.platformName`, `properties.platform`). */
  platform: opt(Schema.String),
  /** The place it belongs to (rapidJSON `parent`): the stop of a platform, with its locality. */
  parent: opt(Point.ParentPlace)
}).annotations({ identifier: "LegDestination" })

/**
 * One stop of a public-transport leg, the leg's origin and destination included (rapidJSON `stopSequence`).
 * The first stop of a leg may have no arrival and the last no departure; estimated times are absent where the
 * server gave none (that is not "on time").
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  /**
   * `stop` or `platform`, where the server says: real servers give a ride's ends and stops as its platforms (the
   * platform's ID, the stop as `parent`), the contract's format as stops.
   */
  type: opt(Schema.String),
  /** The place it belongs to (rapidJSON `parent`): the stop of a platform, with its locality. */
  parent: opt(Point.ParentPlace),
  /** The platform used (rapidJSON `properties.platformName`, else `platform`, else a platform's `disassembledName`). */
  platform: opt(Schema.String),
  /** The timetable's platform (rapidJSON `properties.plannedPlatformName`); differs from `platform` when it changed. */
  plannedPlatform: opt(Schema.String),
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  departureTimePlanned: opt(Timestamp),
  departureTimeEstimated: opt(Timestamp),
  /**
   * The vehicle does not call here as planned (rapidJSON `properties.realtimeStatus` with `TRIP_CANCELLED`,
   * `ARRIVAL_CANCELLED`, `DEPARTURE_CANCELLED` or `NO_CALL_AT_STOP`).
   */
  cancelled: Schema.optionalWith(Schema.Boolean, { exact: true, default: () => false }),
  ...Occupancy.fields,
  /** Whether the stop point is accessible by wheelchair (rapidJSON `properties.WheelchairAccess`). */
  wheelchairAccessible: opt(Schema.Boolean)
}).annotations({ identifier: "LegStop" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LegStop extends Schema.Schema.Type<typeof LegStop> {}

/**
 * A named party of a line: its operator, or where it goes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineParty = Schema.Struct({
  id: opt(Schema.String),
  name: Schema.String
}).annotations({ identifier: "LineParty" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LineParty extends Schema.Schema.Type<typeof LineParty> {}

/**
 * The line a public-transport leg rides (rapidJSON `transportation`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegLine = Schema.Struct({
  /** The full name (`Stadtbahn U7`, `Sydney Trains Network T8 Airport & South Line`), as the leg's `mode.name`. */
  name: Schema.String,
  /** The short name people read (`U7`, `T8`; rapidJSON `disassembledName`, else `number`), as `mode.number`. */
  shortName: opt(Schema.String),
  /** The route in words (rapidJSON `description`: `Vaihingen - Möhringen - Plieningen`). */
  description: opt(Schema.String),
  /** The product (rapidJSON `product.name`: `Stadtbahn`, `Sydney Trains Network`). */
  product: opt(Schema.String),
  /** Who runs it (rapidJSON `operator`). */
  operator: opt(LineParty),
  /** Where the run goes (rapidJSON `destination`): its direction. */
  destination: opt(LineParty)
}).annotations({ identifier: "LegLine" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LegLine extends Schema.Schema.Type<typeof LegLine> {}

/**
 * A notice on a leg: rapidJSON `infos` (`source: "info"`, typed as the notices of `addInfo` are: `lineInfo`,
 * `stopInfo`, `tripMessage`, ...) and `hints` (`source: "hint"`, with the server's hint type: `Timetable`,
 * `RTIncidentCall`, ...).
 *
 * @since 0.1.0
 * @category schemas
 */
export const LegNotice = Schema.Struct({
  id: opt(Schema.String),
  /** The notice's type as sent. */
  type: Schema.String,
  title: opt(Schema.String),
  /** The text, HTML as the server sends it. */
  text: Schema.String,
  url: opt(Schema.String),
  /** `veryLow` .. `veryHigh`, as sent. */
  priority: opt(Schema.String),
  ...noticeFields,
  /** Where the leg carries it: `info` (rapidJSON `infos`) or `hint` (rapidJSON `hints`). */
  source: Schema.Literal("info", "hint")
}).annotations({ identifier: "LegNotice" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LegNotice extends Schema.Schema.Type<typeof LegNotice> {}

/**
 * One element of an interchange walk (rapidJSON `footPathElem`): its kind, and where it changes level, the
 * levels and the direction.
 *
 * @since 0.1.0
 * @category schemas
 */
export const PathElement = Schema.Struct({
  /** `level`, `stairs`, `escalator`, `lift`, `ramp`, `illuminated`, `dangerous` (rapidJSON `LEVEL`, ..., `ELEVATOR`). */
  type: Schema.Literal("level", "stairs", "escalator", "lift", "ramp", "illuminated", "dangerous"),
  /** `up`, `down` or `level` (rapidJSON `level`). */
  direction: opt(Schema.Literal("up", "down", "level")),
  levelFrom: opt(Schema.Finite),
  levelTo: opt(Schema.Finite)
}).annotations({ identifier: "PathElement" })

/**
 * @since 0.1.0
 * @category models
 */
export interface PathElement extends Schema.Schema.Type<typeof PathElement> {}

/**
 * The walk to change before or after a leg (rapidJSON `footPathInfo`): its duration in seconds, its distance in
 * metres where the server gives one, and the path's elements (stairs, escalators, lifts, level changes).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Interchange = Schema.Struct({
  /** `before` or `after` the leg (rapidJSON `position`: `BEFORE`, `AFTER`; `IDEST`: `inside`). */
  position: Schema.Literal("before", "after", "inside"),
  duration: Schema.Finite,
  distance: opt(Schema.Finite),
  elements: Schema.Array(PathElement)
}).annotations({ identifier: "Interchange" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Interchange extends Schema.Schema.Type<typeof Interchange> {}

/**
 * One leg of a trip. `realtimeStatus` (seen: `MONITORED`; rapidJSON sends a list such as
 * `["MONITORED", "DEVIATION"]`, kept here joined with `,`) and `isRealtimeControlled` come with
 * real-time data. Public-transport legs carry their `stops`, `tripCode` and `line`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Leg = Schema.Struct({
  mode: LegMode,
  origin: LegOrigin,
  destination: LegDestination,
  realtimeStatus: opt(Schema.String),
  isRealtimeControlled: opt(Schema.Boolean),
  /**
   * The server's line identifier (rapidJSON `transportation.id`, 5 parts with a blank supplement:
   * `vvs:20003: :R:`), opaque: send it unchanged as the line-geometry request's `line`.
   */
  lineId: opt(LineId.LineId),
  /** The leg's path as `[lat, lon]` pairs (rapidJSON `coords`). */
  coords: opt(LatLonPairs),
  /** Every stop of a public-transport leg in order, origin and destination included (rapidJSON `stopSequence`). */
  stops: opt(Schema.Array(LegStop)),
  /**
   * The run's number within its line and day (rapidJSON `transportation.properties.tripCode`): with `lineId`, a
   * stop and a time it asks for the whole run (`TripStops.fromLeg`).
   */
  tripCode: opt(Schema.NonNegativeInt),
  /** The line of a public-transport leg: names, product, operator, direction. */
  line: opt(LegLine),
  /** Notices on the leg (rapidJSON `infos` and `hints`). */
  notices: opt(Schema.Array(LegNotice)),
  /** The run is cancelled (rapidJSON `TRIP_CANCELLED` in the leg's `realtimeStatus`). */
  cancelled: Schema.optionalWith(Schema.Boolean, { exact: true, default: () => false }),
  /** How full the vehicle is when boarding (rapidJSON `origin.properties.occupancy`). */
  ...Occupancy.fields,
  /** Whether the vehicle takes wheelchairs (rapidJSON leg `properties.PlanWheelChairAccess`). */
  wheelchairAccessible: opt(Schema.Boolean),
  /** Whether the vehicle has a low floor (rapidJSON leg `properties.PlanLowFloorVehicle`). */
  lowFloor: opt(Schema.Boolean),
  /** The walk to change before or after this leg (rapidJSON `footPathInfo`). */
  interchange: opt(Interchange)
}).annotations({ identifier: "Leg" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Leg extends Schema.Schema.Type<typeof Leg> {}

/**
 * One ticket for a part of a trip (rapidJSON `fare.tickets`). `price` is the price of the whole ticket
 * (`priceBrutto`), for the legs `fromLeg` to `toLeg` (indices into the trip's legs); tickets for different
 * travellers (`person`: `ADULT`, `CHILD`, ...) or classes are alternatives, not to be summed.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Ticket = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  price: Schema.Finite,
  /** `EUR`, `AUD`, ... */
  currency: Schema.String,
  /** Who it is for, as sent: `ADULT`, `CHILD`, `SENIOR`, ... */
  person: Schema.String,
  /** `FIRST`, `SECOND`, ..., as sent. */
  travellerClass: opt(Schema.String),
  /** How long it is valid, in minutes, where the server says (`0` is not sent: it means "for the journey"). */
  validMinutes: opt(Schema.Finite),
  /** The tariff network (rapidJSON `net`). */
  network: opt(Schema.String),
  /** The price level (rapidJSON `priceLevel`: `1`, `2`, ...; the number of zones in zone tariffs). */
  priceLevel: opt(Schema.String),
  fromLeg: Schema.NonNegativeInt,
  toLeg: Schema.NonNegativeInt
}).annotations({ identifier: "Ticket" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Ticket extends Schema.Schema.Type<typeof Ticket> {}

/**
 * The fare zones a part of a trip crosses, in a tariff network (rapidJSON `fare.zones`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const FareZones = Schema.Struct({
  /** The tariff network (rapidJSON `net`). */
  network: Schema.String,
  zones: Schema.Array(Schema.String),
  fromLeg: Schema.NonNegativeInt,
  toLeg: Schema.NonNegativeInt
}).annotations({ identifier: "FareZones" })

/**
 * @since 0.1.0
 * @category models
 */
export interface FareZones extends Schema.Schema.Type<typeof FareZones> {}

/**
 * What a trip costs (rapidJSON `fare`), asked with the request's `fares`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Fare = Schema.Struct({
  tickets: Schema.Array(Ticket),
  zones: Schema.Array(FareZones)
}).annotations({ identifier: "Fare" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Fare extends Schema.Schema.Type<typeof Fare> {}

/**
 * The days a connection runs (rapidJSON `daysOfService`), as the server writes them: `rvb`, a bit field in
 * hexadecimal digits, a bit per day of the timetable's period from its first day (the first day is the highest bit
 * of the first digit), and `texts`, the days in words, where the server gives them.
 *
 * @since 0.2.0
 * @category schemas
 */
export const DaysOfService = Schema.Struct({
  rvb: opt(Schema.String),
  texts: opt(Schema.Array(Schema.String))
}).annotations({ identifier: "DaysOfService" })

/**
 * @since 0.2.0
 * @category models
 */
export interface DaysOfService extends Schema.Schema.Type<typeof DaysOfService> {}

/**
 * One connection: its duration in seconds, its number of changes and its legs in order. `cancelled` when a leg
 * is; `fare` where the server priced it; `daysOfService` where the server says on which days it runs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Trip = Schema.Struct({
  duration: Schema.Finite,
  interchange: Schema.Finite,
  legs: Schema.Array(Leg),
  /** A leg of it is cancelled. */
  cancelled: Schema.optionalWith(Schema.Boolean, { exact: true, default: () => false }),
  fare: opt(Fare),
  /** The days it runs (rapidJSON `daysOfService`), where the server says. */
  daysOfService: opt(DaysOfService)
}).annotations({ identifier: "Trip" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Trip extends Schema.Schema.Type<typeof Trip> {}

/**
 * The price of a trip for a traveller (`ADULT` unless said): the cheapest ticket of the person that covers
 * every leg with a line, else the sum of the cheapest tickets of the person over parts of the trip that follow
 * one another (`undefined` when the tickets do not cover the trip). Walks need no ticket; prices of tickets are
 * never summed per leg. Takes a trip of either client (the Promise client's, with `Date`s, too).
 *
 * @since 0.1.0
 * @category utils
 */
export const price = (
  trip: Trip | Plain<Trip>,
  person = "ADULT"
): { readonly amount: number; readonly currency: string; readonly tickets: ReadonlyArray<Ticket> } | undefined => {
  const all: ReadonlyArray<Ticket> = trip.fare?.tickets ?? []
  const tickets = all.filter((ticket) => ticket.person === person)
  const last = trip.legs.length - 1
  // the cheapest cover of legs 0..last by tickets of consecutive parts: a shortest path over leg boundaries
  const best: Array<{ amount: number; tickets: Array<Ticket> } | undefined> = [{ amount: 0, tickets: [] }]
  for (let from = 0; from <= last; from++) {
    const here = best[from]
    if (here === undefined) continue
    // a leg without a line (a walk) needs no ticket
    const next = best[from + 1]
    if (trip.legs[from]!.line === undefined && (next === undefined || here.amount < next.amount)) best[from + 1] = here
    for (const ticket of tickets) {
      if (ticket.fromLeg !== from || ticket.toLeg < from || ticket.toLeg > last) continue
      const next = best[ticket.toLeg + 1]
      const amount = here.amount + ticket.price
      if (next === undefined || amount < next.amount) {
        best[ticket.toLeg + 1] = { amount, tickets: [...here.tickets, ticket] }
      }
    }
  }
  const found = last < 0 ? undefined : best[last + 1]
  if (found === undefined || found.tickets.length === 0) return undefined
  const currency = found.tickets[0]!.currency
  if (found.tickets.some((ticket) => ticket.currency !== currency)) return undefined
  return { amount: Math.round(found.amount * 100) / 100, currency, tickets: found.tickets }
}

/**
 * The trip response. A missing `trips` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripResponse = Schema.Struct({
  trips: Schema.optionalWith(Schema.Array(Trip), { default: () => [] }),
  /** The server's session the answer belongs to, where the request opened or continued one. */
  sessionID: Schema.optional(Schema.String),
  /** The request of the session the answer is (the next page asks with it). */
  requestID: Schema.optional(Schema.String),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "TripResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface TripResponse extends Schema.Schema.Type<typeof TripResponse> {}

// operation list entry (pnpm gen:operations)
// order: 1
// path: XML_TRIP_REQUEST2
// method: Plans trips between two points.
/**
 * The trip operation. Its `params` also match `exclMOT_<id>` and `inclMOT_<id>` through index
 * signatures.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "trip",
  TripRequest,
  TripResponse,
  typeof TripResponse.Encoded,
  TripRequestInput
> = {
  name: "trip",
  errors: {},
  path: contractPaths.trip,
  summary: "Connections between two points by departure or arrival time",
  params: TripParams,
  request: TripRequest,
  query: TripQuery,
  response: TripResponse,
  hasResult: (response) => response.trips.length > 0,
  resultKeys: { contract: ["trips"], rapidJSON: ["journeys"] },
  // trips carry delays
  timeToLive: "30 seconds",
  rapidJson: () => import("./internal/rapidjson/Trip.js").then((module) => module.codec(TripResponse)),
  modeFilters: [
    { in: "suffix", prefix: EXCLUDED_MODE_PREFIX },
    { in: "suffix", prefix: INCLUDED_MODE_PREFIX, keeps: "modes.included" }
  ]
}
