/**
 * The stops of one trip (`XML_STOPSEQCOORD_REQUEST`): every stop a vehicle calls at, with its planned
 * and estimated times, from a board event (its line ID, trip code, stop and time).
 *
 * The request is encoded as public clients send it: `line` (the event's `lineId` verbatim), `stop`,
 * `tripCode`, `date` (`YYYYMMDD`) and `time` (`HH:MM`) of the event in the deployment's zone (without a
 * time servers answer yesterday's trip or nothing), `tStOTType=all` and `useRealtime=1`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Departures from "./Departures.js"
import { localDateTime } from "./internal/schema/dateTimeParam.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { FlagParam, IntParam, ModelText, opt, TextParam } from "./internal/schema/params.js"
import { defineZonedQuery } from "./internal/schema/query.js"
import { FixedParam } from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as Mot from "./Mot.js"
import type { Operation, Query, QueryContext } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"
import type * as Trip from "./Trip.js"

/**
 * A request for the stops of one trip.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripStopsRequest = Schema.Struct({
  /** The line ID of the trip, verbatim as a board event carries it (`line`). */
  line: ModelText,
  /** A stop of the trip: the board's stop (`stop`). */
  stop: ModelText,
  /** The trip's number within its line and day (`tripCode`). */
  tripCode: Schema.Int.pipe(Schema.between(0, 99_999_999)),
  /**
   * When the trip is at `stop` (`date` `YYYYMMDD`, `time` `HH:MM`, wall-clock time in the deployment's
   * zone), truncated to the minute.
   */
  dateTime: LocalDateTime.MinuteInstantFromInput
}).annotations({ identifier: "TripStopsRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export interface TripStopsRequest extends Schema.Schema.Type<typeof TripStopsRequest> {}

/**
 * A {@link TripStopsRequest} as written.
 *
 * @since 0.1.0
 * @category models
 */
export type TripStopsRequestInput = typeof TripStopsRequest.Encoded

/**
 * The request for the stops of a board event's trip, or `undefined` when the event has no trip code.
 * The stop is the event's stop (a platform's parent stop).
 *
 * @example
 * ```ts
 * import { Departures, TripStops } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const event = {
 *   location: { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof", type: "stop" },
 *   departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *   lineId: "vvs:10001: :H:",
 *   lineName: "S1",
 *   mode: { name: "S-Bahn S1", mot: 1 },
 *   destination: { name: "Plochingen" },
 *   tripCode: 17,
 *   cancelled: false
 * } as unknown as Departures.StopEvent
 * assert.deepStrictEqual(TripStops.fromEvent(event), {
 *   line: "vvs:10001: :H:",
 *   stop: "de:08111:6118",
 *   tripCode: 17,
 *   dateTime: DateTime.unsafeMake("2026-03-02T07:36:00Z")
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromEvent = (event: Departures.StopEvent): TripStopsRequest | undefined => {
  if (event.tripCode === undefined) return undefined
  const stop = event.location.type === "platform" && event.location.parent?.id !== undefined
    ? event.location.parent.id
    : event.location.id
  return {
    line: event.lineId,
    stop,
    tripCode: event.tripCode,
    dateTime: event.arrivalTimePlanned ?? event.departureTimePlanned
  }
}

// When the trip is at the stop, in the deployment's zone (`date`, `time` as `HH:MM`).
const when = localDateTime("date", "time", { timeFormat: "HH:MM" })

/**
 * The request for the whole run of a trip's public-transport leg, or `undefined` when the leg has no line ID or
 * trip code (a walk, or a server that does not say). The stop is the leg's origin (a platform's parent stop), the
 * time its planned departure.
 *
 * @example
 * ```ts
 * import { Trip, TripStops } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const leg = {
 *   mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
 *   origin: {
 *     id: "de:08111:6118:1:2",
 *     name: "Hauptbahnhof",
 *     departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *     parent: { id: "de:08111:6118", name: "Hauptbahnhof", type: "stop" }
 *   },
 *   destination: {
 *     id: "de:08111:6056",
 *     name: "Schwabstraße",
 *     arrivalTimePlanned: DateTime.unsafeMake("2026-03-02T07:41:00Z")
 *   },
 *   lineId: "vvs:10001: :H:",
 *   tripCode: 17,
 *   cancelled: false
 * } as unknown as Trip.Leg
 * assert.deepStrictEqual(TripStops.fromLeg(leg), {
 *   line: "vvs:10001: :H:",
 *   stop: "de:08111:6118",
 *   tripCode: 17,
 *   dateTime: DateTime.unsafeMake("2026-03-02T07:36:00Z")
 * })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromLeg = (leg: Trip.Leg): TripStopsRequest | undefined => {
  if (leg.tripCode === undefined || leg.lineId === undefined) return undefined
  const parent = leg.origin.parent
  return {
    line: leg.lineId,
    stop: parent?.type === "stop" && parent.id !== undefined ? parent.id : leg.origin.id,
    tripCode: leg.tripCode,
    dateTime: leg.origin.departureTimePlanned
  }
}

/**
 * The query parameters of a trip's stops, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripStopsParams = Schema.Struct({
  line: TextParam,
  stop: TextParam,
  tripCode: IntParam({ min: 0, max: 99_999_999 }),
  ...when.params,
  tStOTType: opt(FixedParam("all", "TripStopTimesTypeParam")),
  useRealtime: opt(FlagParam)
}).annotations({ identifier: "TripStopsParams" })

/**
 * The request as query parameters and back, in the deployment's time zone. One schema per zone.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripStopsQuery: (context: QueryContext) => Schema.Schema<TripStopsRequest, Query> = defineZonedQuery(
  "TripStopsQuery",
  TripStopsParams,
  TripStopsRequest,
  (timeZone) => ({
    decode: (p, issues) => {
      const line = p.line.trim()
      const stop = p.stop.trim()
      if (line.length === 0) issues.add("line", p.line, "must not be blank")
      if (stop.length === 0) issues.add("stop", p.stop, "must not be blank")
      const dateTime = when.decode(p, timeZone, issues)
      return dateTime === undefined ? undefined : { line, stop, tripCode: p.tripCode, dateTime }
    },
    encode: (request) =>
      when.encode(request.dateTime, timeZone, {
        line: request.line,
        stop: request.stop,
        tripCode: request.tripCode,
        tStOTType: true as const,
        useRealtime: true as const
      })
  })
)

/**
 * The stops of a trip in travel order, with the trip's line where the server names it. A missing
 * `stops` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TripStopsResponse = Schema.Struct({
  stops: Schema.optionalWith(Schema.Array(Departures.SequenceStop), { exact: true, default: () => [] }),
  lineId: opt(LineId.LineId),
  lineName: opt(Schema.String),
  mode: opt(Mot.LegMode),
  destination: opt(Departures.Destination),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "TripStopsResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface TripStopsResponse extends Schema.Schema.Type<typeof TripStopsResponse> {}

// operation list entry (pnpm gen:operations)
// order: 10
// path: XML_STOPSEQCOORD_REQUEST
// method: The stops of one trip with their times, from a board event (see `TripStops.fromEvent`).
/**
 * The trip's-stops operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "tripStops",
  TripStopsRequest,
  TripStopsResponse,
  typeof TripStopsResponse.Encoded,
  TripStopsRequestInput
> = {
  name: "tripStops",
  errors: {},
  path: contractPaths.tripStops,
  summary: "The stops of one trip with their times, from a board event",
  params: TripStopsParams,
  request: TripStopsRequest,
  query: TripStopsQuery,
  response: TripStopsResponse,
  hasResult: (response) => response.stops.length > 0,
  resultKeys: { contract: ["stops"], rapidJSON: ["transportation", "leg"] },
  // the stops of a trip carry delays
  timeToLive: "30 seconds",
  rapidJson: () => import("./internal/rapidjson/TripStops.js").then((module) => module.codec(TripStopsResponse))
}
