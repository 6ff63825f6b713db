/**
 * Departure and arrival boards (`XML_DM_REQUEST`, the "departure monitor"): the next vehicles leaving
 * (or reaching) one stop, with real-time estimates, platforms, cancellations and the notices attached
 * to them.
 *
 * The request is encoded as the public EFA clients send it: `mode=direct` (board the stop directly
 * rather than list candidates), the stop in `type_dm` / `name_dm`, `useRealtime=1`, the time in
 * `itdDate` / `itdTime` (wall-clock time in the deployment's zone) and `itdDateTimeDepArr`.
 *
 * Decisions where EFA is silent or deployments differ:
 * - `dateTimeRefersTo` is always sent (`dep` when not given), so that a board never depends on a
 *   server's default; a query without `itdDateTimeDepArr` reads as a departure board.
 * - `timetableOnly: true` leaves out `useRealtime=1`; a query without it reads as `timetableOnly`.
 * - `mergeAssignedStops` is sent as `deleteAssignedStops_dm=0` (merge the stops assigned to this one)
 *   or `1` (this stop only), `nearbyStops` as `useProxFootSearch=1` / `0`; absent: the server's default.
 * - `modes` keeps only those modes: `includedMeans=checkbox` and `inclMOT_<id>=1` for each.
 * - `stopSequence` sends `depType=stopEvents` and `includeCompleteStopSeq=1`: each event then carries
 *   the stops before and after it, with their times.
 *
 * The answer: no departures (`-4030`, `-4050`) is an empty board, not an error, when the stop was
 * resolved (a location marked `isBest`). A stop that was not resolved (candidates in `locations`, none
 * of them marked best, and no events) fails the call with a `StopNotResolvedError` naming the
 * candidates. Messages next to events (`-8011`) do not fail the call.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import type { StopNotResolvedError } from "./EfaError.js"
import { Timestamp } from "./internal/decode/instant.js"
import { millisOf, type Plain } from "./internal/decode/plain.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { localDateTime } from "./internal/schema/dateTimeParam.js"
import { modeFamilyParams, readModeFamily } from "./internal/schema/families.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import {
  FlagParam,
  ModelFlag,
  ModelText,
  opt,
  PresenceParam,
  SetFromList,
  TextParam
} from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { definedOnly, defineZonedQuery, type IssueCollector } from "./internal/schema/query.js"
import {
  BinaryParam,
  DateTimeRefersTo as SharedDateTimeRefersTo,
  DepArrParam,
  FixedParam,
  isAscendingDistinct,
  repeated,
  sessionRows,
  sortedDistinct
} from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as Mot from "./Mot.js"
import * as Occupancy from "./Occupancy.js"
import type { Operation, Query, QueryContext } from "./Operation.js"
import * as Point from "./Point.js"
import * as StopFinder from "./StopFinder.js"
import * as SystemMessage from "./SystemMessage.js"

// ---------------------------------------------------------------------------------------------
// request
// ---------------------------------------------------------------------------------------------

/**
 * Whether the board lists departures or arrivals (`itdDateTimeDepArr` `dep` / `arr`).
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

/**
 * The largest `limit` a server gives (EFA documentation: up to 500 events, never beyond 24 hours).
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_LIMIT = 500

/**
 * Modes to keep on a board, as people write them: any order, repeats allowed; canonical: ascending
 * without repeats.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ModeSet = SetFromList(
  Mot.MotId,
  Schema.Array(Mot.MotId).pipe(
    Schema.filter(isAscendingDistinct, { message: () => "MOT-IDs must be ascending and distinct" }),
    Schema.annotations(arbitraryHint({ subset: Array.from({ length: 20 }, (_, id) => id), minLength: 1 }))
  ),
  sortedDistinct
).pipe(
  Schema.minItems(1, { message: () => "must not be empty: leave the field out to keep every mode" }),
  Schema.annotations({ identifier: "ModeSet" })
)

const INCLUDED_MODE_PREFIX = "inclMOT_"

// The board's stop (`type_dm`, `name_dm`) and the direction (`type_arr`, `name_arr`).
const stopPoint = ParamTable.point("dm")
const directionPoint = ParamTable.point("arr")
// The board's start in the deployment's zone (`itdDate`, `itdTime`).
const start = localDateTime("itdDate", "itdTime")

// The board's parameters that map to one field each, in wire order.
const table = ParamTable.make({
  /** The most events to return (`limit`); servers default to 40 and stop at 500 or 24 hours. */
  limit: ParamTable.int("limit", { min: 1, max: MAX_LIMIT }),
  /**
   * Whether the stops assigned to this one (its platforms, a station's other stops) are merged into the
   * board (`deleteAssignedStops_dm=0`) or left out (`deleteAssignedStops_dm=1`). Absent: the server's default.
   */
  mergeAssignedStops: ParamTable.param(
    "deleteAssignedStops_dm",
    Schema.Boolean,
    BinaryParam("DeleteAssignedStopsParam", true)
  ),
  /**
   * Whether stops within walking distance are boarded too (`useProxFootSearch=1` / `0`); EFA documents
   * sending `0` with a stop ID, or nearby stops leak in. Absent: the server's default.
   */
  nearbyStops: ParamTable.param("useProxFootSearch", Schema.Boolean, BinaryParam("UseProxFootSearchParam", false)),
  /**
   * Only these lines (`line`, repeated): stateless line IDs as events carry them in `lineId`
   * (`vvs:11001: :H:j26`).
   */
  lines: repeated("line", ModelText, TextParam),
  /** Paging in the server's session (`sessionID`, `requestID`, `command`: `dmNext` or `dmPrev`); see `Pages`. */
  ...sessionRows({ dmNext: "dmNext", dmPrev: "dmPrev" }, "BoardCommandParam")
})

/**
 * A board request.
 *
 * @example
 * ```ts
 * import { Departures, Operation, Point } from "@efa-kit/core"
 * import { DateTime, Schema } from "effect"
 *
 * const request = Schema.decodeSync(Departures.DeparturesRequest)({
 *   stop: Point.any("de:08111:6118"),
 *   dateTime: "2026-03-02T07:30:00Z",
 *   limit: 10
 * })
 * const query = Schema.encodeSync(Departures.DeparturesQuery({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }))(
 *   request
 * )
 * assert.strictEqual(
 *   Operation.toQueryString(query),
 *   "mode=direct&type_dm=any&name_dm=de:08111:6118&useRealtime=1&limit=10&itdDate=20260302&itdTime=0830" +
 *     "&itdDateTimeDepArr=dep"
 * )
 * ```
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeparturesRequest = Schema.Struct(ParamTable.fieldsOf(
  {
    /** The stop: an ID from the stop finder, text, or a coordinate (`type_dm`, `name_dm`). */
    stop: Point.Point,
    /**
     * The board's start (`itdDate` `YYYYMMDD`, `itdTime` `HHMM`, wall-clock time in the deployment's zone):
     * a `DateTime`, a `Date` or an ISO 8601 string with an offset, truncated to the minute. Absent: now.
     */
    dateTime: opt(LocalDateTime.MinuteInstantFromInput),
    /** A departure or an arrival board (`itdDateTimeDepArr=dep|arr`). Default: `departure`, always sent. */
    dateTimeRefersTo: Schema.optionalWith(DateTimeRefersTo, { exact: true, default: () => "departure" as const }),
    /** Leave out real-time data (no `useRealtime=1`): planned times only. */
    timetableOnly: opt(ModelFlag)
  },
  table.fields,
  {
    /** Only vehicles calling at this stop after the board's stop (`type_arr`, `name_arr`). */
    direction: opt(Point.Point),
    /** Only these modes, in any order (`includedMeans=checkbox` and `inclMOT_<id>=1` for each). */
    modes: opt(ModeSet),
    /**
     * Each event with the stops before and after it (`depType=stopEvents`, `includeCompleteStopSeq=1`):
     * `previousStops` and `onwardStops`.
     */
    stopSequence: opt(ModelFlag)
  }
)).annotations({ identifier: "DeparturesRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export interface DeparturesRequest extends Schema.Schema.Type<typeof DeparturesRequest> {}

/**
 * A {@link DeparturesRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type DeparturesRequestInput = typeof DeparturesRequest.Encoded

/**
 * The query parameters of a board, by their wire names. `inclMOT_<id>` is an index signature: any value
 * (also none) keeps the mode.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeparturesParams = Schema.Struct(
  {
    mode: FixedParam("direct", "DirectModeParam"),
    ...stopPoint.params,
    useRealtime: opt(FlagParam),
    ...table.params,
    ...start.optionalParams,
    itdDateTimeDepArr: opt(DepArrParam),
    ...directionPoint.optionalParams,
    includedMeans: opt(FixedParam("checkbox", "IncludedMeansParam")),
    depType: opt(FixedParam("stopEvents", "DepTypeParam")),
    includeCompleteStopSeq: opt(FlagParam)
  },
  Schema.Record({ key: Schema.TemplateLiteral(INCLUDED_MODE_PREFIX, Schema.String), value: PresenceParam })
).annotations({ identifier: "DeparturesParams" })

type DeparturesParams = typeof DeparturesParams.Type

const decodeRequest = (
  p: DeparturesParams,
  timeZone: DateTime.TimeZone,
  issues: IssueCollector
): DeparturesRequest | undefined => {
  const stop = stopPoint.decode(p, issues)

  const dateTime = start.decode(p, timeZone, issues)

  const direction = directionPoint.decode(p, issues)

  const included = readModeFamily(p, INCLUDED_MODE_PREFIX, issues, `expected ${INCLUDED_MODE_PREFIX}<MOT-ID>`)
  if (included.size > 0 && p.includedMeans === undefined) {
    issues.add(
      "includedMeans",
      undefined,
      `${[...included.values()].join(", ")} take effect only with includedMeans=checkbox`
    )
  }
  const modes = sortedDistinct(included.keys())
  if (issues.issues.length > 0 || stop === undefined) return undefined
  return table.decode(
    p,
    issues,
    definedOnly({
      stop,
      dateTime,
      dateTimeRefersTo: p.itdDateTimeDepArr ?? "departure" as const,
      timetableOnly: p.useRealtime === undefined ? true as const : undefined,
      direction,
      modes: modes.length > 0 ? modes : undefined,
      stopSequence: p.includeCompleteStopSeq === true ? true as const : undefined
    })
  )
}

const encodeRequest = (request: DeparturesRequest, timeZone: DateTime.TimeZone): DeparturesParams => {
  const modes = request.modes ?? []
  const params = table.encode(
    request,
    stopPoint.encode(
      request.stop,
      definedOnly({
        mode: true as const,
        useRealtime: request.timetableOnly === true ? undefined : true as const
      })
    )
  )
  if (request.dateTime !== undefined) start.encode(request.dateTime, timeZone, params)
  if (request.direction !== undefined) directionPoint.encode(request.direction, params)
  return Object.assign(
    params,
    definedOnly({
      itdDateTimeDepArr: request.dateTimeRefersTo,
      includedMeans: modes.length > 0 ? true as const : undefined,
      depType: request.stopSequence === true ? true as const : undefined,
      includeCompleteStopSeq: request.stopSequence === true ? true as const : undefined
    }),
    modeFamilyParams(INCLUDED_MODE_PREFIX, modes)
  )
}

/**
 * The board request as query parameters and back, with date and time written in the deployment's time
 * zone. One schema per zone, kept for reuse.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeparturesQuery: (context: QueryContext) => Schema.Schema<DeparturesRequest, Query> = defineZonedQuery(
  "DeparturesQuery",
  DeparturesParams,
  DeparturesRequest,
  (timeZone) => ({
    decode: (p, issues) => decodeRequest(p, timeZone, issues),
    encode: (request) => encodeRequest(request, timeZone)
  })
)
// ---------------------------------------------------------------------------------------------
// response
// ---------------------------------------------------------------------------------------------

/**
 * Where an event happens: the stop, or the platform with its stop as `parent` (rapidJSON `location`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EventLocation = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  /** `stop` or `platform`, where the server says. */
  type: opt(Schema.String),
  parent: opt(Point.ParentPlace)
}).annotations({ identifier: "EventLocation" })

/**
 * @since 0.1.0
 * @category models
 */
export interface EventLocation extends Schema.Schema.Type<typeof EventLocation> {}

/**
 * A stop of the trip before or after the board's stop, with its times (`includeCompleteStopSeq=1`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const SequenceStop = Schema.Struct({
  id: Point.LocationId,
  name: Schema.String,
  parent: opt(Point.ParentPlace),
  platform: opt(Schema.String),
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  departureTimePlanned: opt(Timestamp),
  departureTimeEstimated: opt(Timestamp),
  /**
   * `true` where the vehicle does not call here today (rapidJSON: a cancelling call status in
   * `properties.realtimeStatus`); absent where it does, or where the server does not say.
   */
  cancelled: opt(Schema.Literal(true))
}).annotations({ identifier: "SequenceStop" })

/**
 * @since 0.1.0
 * @category models
 */
export interface SequenceStop extends Schema.Schema.Type<typeof SequenceStop> {}

/**
 * A notice attached to an event (rapidJSON `infos`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const EventNotice = Schema.Struct({
  id: opt(Schema.String),
  /** `lineInfo`, `stopInfo`, ... */
  type: opt(Schema.String),
  title: Schema.String,
  /** The text, HTML as the server sends it. */
  text: opt(Schema.String),
  url: opt(Schema.String),
  /** `veryLow` .. `veryHigh`, as sent. */
  priority: opt(Schema.String)
}).annotations({ identifier: "EventNotice" })

/**
 * @since 0.1.0
 * @category models
 */
export interface EventNotice extends Schema.Schema.Type<typeof EventNotice> {}

/**
 * Where a trip goes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Destination = Schema.Struct({
  id: opt(Schema.String),
  name: Schema.String
}).annotations({ identifier: "Destination" })

/**
 * One departure (or arrival) of a vehicle at the board's stop.
 *
 * - `departureTimeEstimated` is absent when the server has no real-time data for it: that is not "on
 *   time".
 * - `platform` is the platform the vehicle uses, `plannedPlatform` the timetable's; when they differ the
 *   platform changed.
 * - `cancelled` is true when the server says so (`isCancelled`, or `TRIP_CANCELLED` /
 *   `DEPARTURE_CANCELLED` in `realtimeStatus`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const StopEvent = Schema.Struct({
  /** The stop or platform (rapidJSON `location`). */
  location: EventLocation,
  departureTimePlanned: Timestamp,
  departureTimeEstimated: opt(Timestamp),
  /** On arrival boards. */
  arrivalTimePlanned: opt(Timestamp),
  arrivalTimeEstimated: opt(Timestamp),
  /** The platform used (rapidJSON `properties.platformName`, else `properties.platform`). */
  platform: opt(Schema.String),
  /** The timetable's platform (rapidJSON `properties.plannedPlatformName`). */
  plannedPlatform: opt(Schema.String),
  /**
   * The server's stateless line ID, verbatim (`vvs:11001: :H:j26`): send it as the line-geometry
   * request's `line`, a board's `lines` filter, or a trip's stops request's `line`.
   */
  lineId: LineId.LineId,
  /** The line's short name (`U1`, `304`; rapidJSON `disassembledName`, else `number`). */
  lineName: Schema.String,
  /**
   * The mode as on trip legs: the line's full name (`Stadtbahn U1`, `Sydney Buses Network 304`) and its
   * MOT-ID (through the deployment's product classes).
   */
  mode: Mot.LegMode,
  destination: Destination,
  /** The trip's number within its line and day (rapidJSON `transportation.properties.tripCode`). */
  tripCode: opt(Schema.NonNegativeInt),
  cancelled: Schema.Boolean,
  /** `MONITORED`, `TRIP_CANCELLED`, `EXTRA_TRIP`, ... as sent. */
  realtimeStatus: opt(Schema.Array(Schema.String)),
  notices: opt(Schema.Array(EventNotice)),
  /** With `stopSequence`: the stops before the board's stop, in travel order. */
  previousStops: opt(Schema.Array(SequenceStop)),
  /** With `stopSequence`: the stops after the board's stop, in travel order. */
  onwardStops: opt(Schema.Array(SequenceStop)),
  /** How full the vehicle is here (rapidJSON `location.properties.occupancy`). */
  ...Occupancy.fields,
  /** Whether the vehicle takes wheelchairs (rapidJSON event `properties.WheelchairAccess`, `PlanWheelChairAccess`). */
  wheelchairAccessible: opt(Schema.Boolean),
  /** Whether the vehicle has a low floor (rapidJSON event `properties.PlanLowFloorVehicle`). */
  lowFloor: opt(Schema.Boolean)
}).annotations({ identifier: "StopEvent" })

/**
 * @since 0.1.0
 * @category models
 */
export interface StopEvent extends Schema.Schema.Type<typeof StopEvent> {}

/**
 * The identity of an event on a board, the same on every page and every poll: its trip (line ID and trip code),
 * its planned time (epoch milliseconds: every instant an answer decodes to has them) and its stop. Board pages
 * and windows drop repeats by it, and the board watch matches events by it.
 * Takes an event of either client (the Promise client's, with `Date`s, too).
 *
 * @example
 * ```ts
 * import { Departures } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const event = {
 *   lineId: "vvs:10001: :H:",
 *   tripCode: 17,
 *   departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *   location: { id: "de:08111:6118" }
 * } as unknown as Departures.StopEvent
 * assert.strictEqual(Departures.eventKey(event), "vvs:10001: :H:|17|1772436960000|de:08111:6118")
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const eventKey = (event: StopEvent | Plain<StopEvent>): string =>
  `${event.lineId}|${event.tripCode ?? ""}|${
    millisOf(event.arrivalTimePlanned ?? event.departureTimePlanned)
  }|${event.location.id}`

/**
 * A location of a board: the stop the server resolved or a candidate, as the stop finder's `Location`, but
 * `isBest` and `matchQuality` only where the server sent them (boards often leave them out).
 *
 * @since 0.1.0
 * @category schemas
 */
export const BoardLocation = Schema.Struct({
  ...StopFinder.Location.fields,
  isBest: opt(Schema.Boolean),
  matchQuality: opt(Schema.Finite)
}).annotations({ identifier: "BoardLocation" })

/**
 * @since 0.1.0
 * @category models
 */
export interface BoardLocation extends Schema.Schema.Type<typeof BoardLocation> {}

/**
 * The board response: events sorted by planned time, and the stop the server resolved (or the
 * candidates, when it could not). Missing `events` or `locations` read as empty lists.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeparturesResponse = Schema.Struct({
  events: Schema.optionalWith(Schema.Array(StopEvent), { exact: true, default: () => [] }),
  locations: Schema.optionalWith(Schema.Array(BoardLocation), { exact: true, default: () => [] }),
  /** The server's session the answer belongs to, where the request opened or continued one. */
  sessionID: opt(Schema.String),
  /** The request of the session the answer is (the next page asks with it). */
  requestID: opt(Schema.String),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "DeparturesResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface DeparturesResponse extends Schema.Schema.Type<typeof DeparturesResponse> {}

/**
 * The time a vehicle is expected: the estimate where there is one, else the planned time (of the
 * arrival on arrival boards).
 *
 * @since 0.1.0
 * @category utils
 */
export const expectedTime = (event: StopEvent): DateTime.Utc =>
  event.arrivalTimePlanned !== undefined
    ? event.arrivalTimeEstimated ?? event.arrivalTimePlanned
    : event.departureTimeEstimated ?? event.departureTimePlanned

/**
 * The delay in whole minutes of an event with real-time data; `undefined` without it.
 *
 * @example
 * ```ts
 * import { Departures } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const event = {
 *   location: { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof" },
 *   departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *   departureTimeEstimated: DateTime.unsafeMake("2026-03-02T07:39:00Z"),
 *   lineId: "vvs:10001: :H:",
 *   lineName: "S1",
 *   mode: { name: "S-Bahn S1", mot: 1 },
 *   destination: { name: "Plochingen" },
 *   cancelled: false
 * } as unknown as Departures.StopEvent
 * assert.strictEqual(Departures.delayMinutes(event), 3)
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const delayMinutes = (event: StopEvent | Plain<StopEvent>): number | undefined => {
  const arrival = event.arrivalTimePlanned !== undefined
  const estimated = arrival ? event.arrivalTimeEstimated : event.departureTimeEstimated
  if (estimated === undefined) return undefined
  const planned = arrival ? event.arrivalTimePlanned! : event.departureTimePlanned
  return Math.round((millisOf(estimated) - millisOf(planned)) / 60_000) + 0
}

/**
 * Why a board has no stop: the candidates when the server could not decide (`ambiguous`), or none that
 * fits (`unknown`). `undefined` when the stop was resolved.
 *
 * @since 0.1.0
 * @category utils
 */
export const unresolvedStop = (
  response: DeparturesResponse
):
  | { readonly reason: "ambiguous" | "unknown"; readonly candidates: ReadonlyArray<BoardLocation> }
  | undefined =>
{
  if (response.events.length > 0 || response.locations.some((location) => location.isBest)) return undefined
  if (response.locations.length > 1) return { reason: "ambiguous", candidates: response.locations }
  const invalid = SystemMessage.errors(response.systemMessages).some((message) => message.code === -2000)
  if (response.locations.length === 1 || invalid) return { reason: "unknown", candidates: response.locations }
  return undefined
}

// operation list entry (pnpm gen:operations)
// order: 9
// path: XML_DM_REQUEST
// method: The departure or arrival board of a stop, with real-time estimates, platforms and cancellations.
/**
 * The departure-board operation. Its `params` also match `inclMOT_<id>` through an index signature.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "departures",
  DeparturesRequest,
  DeparturesResponse,
  typeof DeparturesResponse.Encoded,
  DeparturesRequestInput,
  StopNotResolvedError
> = {
  name: "departures",
  // a stop the server could not resolve (`unresolved`)
  errors: { StopNotResolvedError: true },
  path: contractPaths.departures,
  summary: "Departure or arrival board of a stop, with real-time estimates, platforms and cancellations",
  params: DeparturesParams,
  request: DeparturesRequest,
  query: DeparturesQuery,
  response: DeparturesResponse,
  hasResult: (response) => response.events.length > 0 || response.locations.some((location) => location.isBest),
  unresolved: unresolvedStop,
  resultKeys: { contract: ["events", "locations"], rapidJSON: ["stopEvents", "locations"] },
  // a board is real-time data
  timeToLive: "15 seconds",
  modeFilters: [{ in: "suffix", prefix: INCLUDED_MODE_PREFIX, keeps: "modes" }],
  rapidJson: () => import("./internal/rapidjson/Departures.js").then((module) => module.codec(DeparturesResponse))
}
