/**
 * The departure board (`XML_DM_REQUEST`): the calls of the timetable's runs at a stop, with the real-time
 * engine's estimates, cancellations and platforms.
 *
 * - Stop (`type_dm` / `name_dm`): a stop ID; a platform's ID (`type_dm=platform` or `any`, as answers describe
 *   platforms: `<stop ID>:1:<number>`), the calls at that platform of its stop; a coordinate or a POI, the nearest stop;
 *   text (also a name with `type_dm=stop`), the stop finder's best stop. Text that several stops match equally well (`Bahnhof`) is ambiguous: the
 *   candidates in `locations` (none `isBest`), no events, no message. An unknown stop answers `-2000`
 *   with no locations; a stop no line serves `-4050`, a board without departures in its window `-4030`,
 *   both with the stop in `locations` (marked `isBest`) and no events.
 * - Time: `itdDate` / `itdTime` (default: the fake's clock); `itdDateTimeDepArr=arr` lists arrivals
 *   (runs ending at the stop included, runs starting there left out), `dep` departures. Window: 24 hours;
 *   `limit` events at most (default 40, up to 500), sorted by planned time.
 * - Real time (`useRealtime=1`): calls up to an hour ahead of the fake's clock have estimates
 *   (`realtimeStatus: ["MONITORED"]`); later ones have planned times only. The dataset's disruptions
 *   (`realtime.json`) apply once announced: a delay, a cancellation (`cancelled`, `TRIP_CANCELLED`, no
 *   estimate), a platform change (`platform` differs from `plannedPlatform`). Without `useRealtime`:
 *   planned times and platforms only.
 * - Filters: `line` (a line ID; its first four parts are compared, so `vvs:11001: :H:j26` and
 *   `vvs:11001: :H` match the same line direction, and three parts match both directions);
 *   `inclMOT_<id>` keeps those modes; `name_arr` keeps runs calling at that stop after the board's stop.
 * - `useProxFootSearch=1` boards the stops within the dataset's transfer radius too.
 *   `deleteAssignedStops_dm` is accepted without effect: the dataset's stops have no assigned stops.
 * - `includeCompleteStopSeq=1`: each event with its run's previous and onward stops and their times.
 * - Notices: the current notices naming the event's line direction or the board's stop.
 * - Vehicle: each event's `occupancy` (the run's at the board's stop, as a trip's leg has it), and the line's
 *   vehicles' `wheelchairAccessible` and `lowFloor`.
 *
 * @since 0.1.0
 */
import { type Departures, type Point, type StopFinder, type SystemMessage } from "@efa-kit/core"
import { DateTime } from "effect"
import { lineDisplayName, lookupOf, serverLineId } from "../dataset/lookup.js"
import type { Dataset, Notice, Stop } from "../dataset/schema.js"
import { type Call, callsAt, locality, stopTimes, tripCodeOf } from "../engine/board.js"
import { occupancyAt } from "../engine/legDetails.js"
import { resolveBoardStop, resolvePoint } from "../engine/points.js"
import { callState } from "../engine/realtime.js"
import { headsignAt, localDate } from "../engine/timetable.js"
import { PERFECT } from "../search/text.js"
import type { Answer, AnswerContext } from "./types.js"

/**
 * The number of events when `limit` is absent.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_LIMIT = 40

const message = (code: number, text: string): SystemMessage.SystemMessage => ({
  type: "error",
  module: "dm",
  code,
  text
})

const stopLocation = (stop: Stop, isBest: boolean, quality: number): StopFinder.Location => ({
  id: stop.id,
  name: stop.name,
  type: "stop",
  isBest,
  matchQuality: quality,
  coord: stop.coord,
  parent: locality(stop)
})

// the first four parts of a line ID: network, code, supplement, direction
const lineKey = (id: string): Array<string> => id.split(":").slice(0, 4)

const lineMatches = (filters: ReadonlyArray<ReadonlyArray<string>>, directionId: string): boolean => {
  const parts = directionId.split(":")
  return filters.some((filter) => filter.every((part, i) => part === "" && i === 3 || part === parts[i]))
}

const noticesOf = (dataset: Dataset, today: string, directionId: string, stop: Stop["id"]): Array<Notice> =>
  dataset.notices.filter((notice) =>
    notice.validFrom <= today && today <= notice.validTo &&
    (notice.lines.includes(directionId) || notice.stops.includes(stop))
  )

const instant = (seconds: number) => DateTime.unsafeMake(seconds * 1000)

// Where an event happens: at a platform with its own ID (a GTFS feed's), that platform with its stop as `parent`;
// else the stop.
const locationOf = (stop: Stop, platform: Point.LocationId | undefined): Departures.EventLocation =>
  platform === undefined
    ? { id: stop.id, name: stop.name, type: "stop", parent: locality(stop) }
    : { id: platform, name: stop.name, type: "platform", parent: { id: stop.id, name: stop.name, type: "stop" } }

const eventOf = (
  context: AnswerContext,
  call: Call,
  options: {
    readonly realtime: boolean
    readonly arrival: boolean
    readonly stopSequence: boolean
    readonly today: string
  }
): Departures.StopEvent => {
  const { dataset } = context
  const lookup = lookupOf(dataset)
  const { index, run } = call
  const stop = lookup.stopById.get(run.stops[index]!)!
  const nowSeconds = Math.floor(DateTime.toEpochMillis(context.now) / 1000)
  const state = callState(dataset, run, index, nowSeconds)
  const line = run.direction.line
  const last = lookup.stopById.get(run.stops[run.stops.length - 1]!)!
  const event: {
    -readonly [K in keyof Departures.StopEvent]: Departures.StopEvent[K]
  } = {
    location: locationOf(stop, run.trip?.platformIds[index]),
    departureTimePlanned: instant(index === run.stops.length - 1 ? run.arrivals[index]! : run.departures[index]!),
    platform: options.realtime ? state.platform : state.plannedPlatform,
    plannedPlatform: state.plannedPlatform,
    lineId: serverLineId(run.direction),
    lineName: line.number,
    mode: { name: lineDisplayName(line), mot: line.mot },
    // the destination shown at this call (GTFS `stop_headsign`, else `trip_headsign`) where the trip has one
    destination: { id: last.id, name: headsignAt(run, index) ?? last.name },
    tripCode: tripCodeOf(run),
    cancelled: options.realtime && state.cancelled,
    // the vehicle as the trip's legs describe it: how full the run is here, its wheelchair access and floor
    occupancy: occupancyAt(run, index),
    wheelchairAccessible: line.vehicles.wheelchair,
    lowFloor: line.vehicles.lowFloor
  }
  if (options.arrival) event.arrivalTimePlanned = instant(run.arrivals[index]!)
  if (options.realtime && state.monitored) {
    event.realtimeStatus = state.cancelled ? ["TRIP_CANCELLED"] : ["MONITORED"]
    if (state.departureDelay !== undefined && index < run.stops.length - 1) {
      event.departureTimeEstimated = instant(run.departures[index]! + state.departureDelay)
    }
    if (options.arrival && state.arrivalDelay !== undefined) {
      event.arrivalTimeEstimated = instant(run.arrivals[index]! + state.arrivalDelay)
    }
  }
  const notices = noticesOf(dataset, options.today, run.direction.id, stop.id)
  if (notices.length > 0) {
    event.notices = notices.map((notice) => ({
      id: notice.id,
      type: notice.type,
      title: notice.title,
      text: notice.text,
      priority: notice.severity
    }))
  }
  if (options.stopSequence) {
    const sequence = stopTimes(dataset, run, nowSeconds, options.realtime)
    event.previousStops = sequence.slice(0, index)
    event.onwardStops = sequence.slice(index + 1)
  }
  return event
}

/**
 * Answers a board request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerDepartures: Answer<Departures.DeparturesRequest, Departures.DeparturesResponse> = (
  request,
  context
) => {
  const { dataset } = context
  const lookup = lookupOf(dataset)
  const resolved = resolveBoardStop(request.stop, dataset)
  if (resolved._tag === "Unknown") {
    return { events: [], locations: [], systemMessages: [message(-2000, "stop invalid: no stop matches")] }
  }
  if (resolved._tag === "Ambiguous") {
    return {
      events: [],
      locations: resolved.candidates.map(({ quality, stop }) => stopLocation(stop, false, quality))
    }
  }
  const stop = resolved.stop
  const locations = [stopLocation(stop, true, PERFECT)]
  const stops = [stop.id as string]
  if (request.nearbyStops === true) {
    for (const transfer of lookup.transfers.get(stop.id) ?? []) stops.push(transfer.to)
  }
  if (stops.every((id) => (lookup.directionsAtStop.get(id) ?? []).length === 0)) {
    return { events: [], locations, systemMessages: [message(-4050, "no serving lines found")] }
  }

  const arrival = request.dateTimeRefersTo === "arrival"
  const filters = request.lines?.map(lineKey)
  const modes = request.modes
  const direction = request.direction === undefined ? undefined : resolvePoint(request.direction, dataset)
  const towards = direction?._tag === "Stop" ? direction.stop.id as string : undefined
  if (request.direction !== undefined && towards === undefined) {
    return { events: [], locations, systemMessages: [message(-2000, "direction stop invalid: no stop matches")] }
  }
  // a platform's ID keeps the line directions calling at that platform
  const asked = request.stop._tag === "Stop"
    ? request.stop.id
    : request.stop._tag === "Any"
    ? request.stop.value.trim()
    : ""
  // a platform with its own ID (a GTFS feed's) keeps the calls there
  const own = lookup.platformById.has(asked) ? asked : undefined
  const platform = asked !== stop.id && own === undefined ? /:1:(\d+)$/.exec(asked)?.[1] : undefined
  const keep = (call: Call): boolean => {
    const line = call.run.direction.line
    if (own !== undefined && call.run.trip?.platformIds[call.index] !== own) return false
    if (platform !== undefined && lookup.plannedPlatforms.get(`${stop.id}|${call.run.direction.id}`) !== platform) {
      return false
    }
    if (modes !== undefined && !modes.includes(line.mot)) return false
    if (filters !== undefined && !lineMatches(filters, call.run.direction.id)) return false
    if (towards !== undefined && call.run.stops.indexOf(towards, call.index + 1) < 0) return false
    return true
  }
  const from = Math.floor(DateTime.toEpochMillis(request.dateTime ?? context.now) / 1000)
  const calls = callsAt(dataset, context.timeZone, stops, {
    from,
    windowSeconds: 24 * 3600,
    arrival,
    limit: request.limit ?? DEFAULT_LIMIT,
    keep
  })
  if (calls.length === 0) {
    return { events: [], locations, systemMessages: [message(-4030, "no departures found in the time window")] }
  }
  const options = {
    realtime: request.timetableOnly !== true,
    arrival,
    stopSequence: request.stopSequence === true,
    today: localDate(context.now, context.timeZone)
  }
  return { events: calls.map((call) => eventOf(context, call, options)), locations }
}
