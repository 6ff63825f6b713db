// The board watch on a board call (`DepartureWatch` documents it and re-exports what is public; the clients'
// `watchDepartures` runs `watch` with their `departures` operation, loaded with its first call): events keyed by trip
// and stop, each poll's board compared with the last one that came.
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Departures from "../../Departures.js"
import type { EfaError } from "../../EfaError.js"
import type * as Watch from "../../Watch.js"
import * as Poll from "./poll.js"

/**
 * A change between polls.
 *
 * @internal
 */
export type BoardChange = Data.TaggedEnum<{
  /** An event that was not on the board before (on the first poll: every event). */
  Added: { readonly event: Departures.StopEvent }
  /** A known event that is no longer on the board; `event` is its last known state. */
  Removed: { readonly event: Departures.StopEvent }
  /** The estimated time changed: `delayMinutes` is the new delay (`undefined`: the estimate went). */
  Delayed: {
    readonly event: Departures.StopEvent
    readonly previous: Departures.StopEvent
    readonly delayMinutes: number | undefined
  }
  /** The event became cancelled. */
  Cancelled: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** The platform changed (`platform` of `previous` to that of `event`). */
  PlatformChanged: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** Anything else changed (a notice, the destination, a cancellation withdrawn). */
  Changed: { readonly event: Departures.StopEvent; readonly previous: Departures.StopEvent }
  /** A poll attempt failed with a transient error; polling goes on. Only with `failures: "event"`. */
  PollFailed: Watch.PollFailed<EfaError>
}>

/**
 * Constructors and matchers of {@link BoardChange}.
 *
 * @internal
 */
export const BoardChange = Data.taggedEnum<BoardChange>()

/**
 * Options of the board watch: the board, and the options every watch takes (`Watch.Options`; default schedule
 * and retries: `Watch.defaultSchedule`, `Watch.defaultRetry`).
 *
 * @internal
 */
export interface WatchOptions extends Watch.Options {
  /** The board to watch. */
  readonly request: Departures.DeparturesRequestInput
}

/**
 * The events of a board by `Departures.eventKey`, the first of a repeat kept.
 *
 * @internal
 */
export const eventsByKey = (events: ReadonlyArray<Departures.StopEvent>): Map<string, Departures.StopEvent> => {
  const byKey = new Map<string, Departures.StopEvent>()
  for (const event of events) {
    const key = Departures.eventKey(event)
    if (!byKey.has(key)) byKey.set(key, event)
  }
  return byKey
}

const estimateOf = (event: Departures.StopEvent): number | undefined => {
  const estimate = event.arrivalTimePlanned !== undefined ? event.arrivalTimeEstimated : event.departureTimeEstimated
  return estimate?.epochMillis
}

/**
 * The changes from one board to the next, in the order of the new board, removals last.
 *
 * @internal
 */
export const diff = (
  previous: ReadonlyMap<string, Departures.StopEvent>,
  current: ReadonlyArray<Departures.StopEvent>
): Array<BoardChange> => {
  const changes: Array<BoardChange> = []
  const seen = new Set<string>()
  for (const event of current) {
    const key = Departures.eventKey(event)
    if (seen.has(key)) continue
    seen.add(key)
    const before = previous.get(key)
    if (before === undefined) {
      changes.push(BoardChange.Added({ event }))
      continue
    }
    if (Poll.same(before, event)) continue
    let told = false
    if (event.cancelled && !before.cancelled) {
      changes.push(BoardChange.Cancelled({ event, previous: before }))
      told = true
    }
    if (estimateOf(event) !== estimateOf(before)) {
      changes.push(BoardChange.Delayed({ event, previous: before, delayMinutes: Departures.delayMinutes(event) }))
      told = true
    }
    if (event.platform !== before.platform) {
      changes.push(BoardChange.PlatformChanged({ event, previous: before }))
      told = true
    }
    if (!told) changes.push(BoardChange.Changed({ event, previous: before }))
  }
  for (const [key, event] of previous) if (!seen.has(key)) changes.push(BoardChange.Removed({ event }))
  return changes
}

/**
 * Polls a board with `ask` (a client's call of the departures operation) and streams its changes; each run of the
 * stream starts from an empty board.
 *
 * @internal
 */
export const watch = <E extends EfaError>(
  ask: (request: Departures.DeparturesRequestInput) => Effect.Effect<Departures.DeparturesResponse, E>,
  options: WatchOptions
): Stream.Stream<BoardChange, E> =>
  Stream.suspend(() => {
    let known = new Map<string, Departures.StopEvent>()
    return Poll.poll({
      subject: "board",
      ask: ask(options.request),
      changes: (response) => {
        const changes = diff(known, response.events)
        known = eventsByKey(response.events)
        return changes
      },
      pollFailed: (error, attempt) => BoardChange.PollFailed({ error, attempt }),
      schedule: options.schedule ?? Poll.defaultSchedule,
      retry: options.retry ?? Poll.defaultRetry,
      failures: options.failures
    })
  })
