/**
 * Watching a departure board. EFA has no push channel: clients poll `XML_DM_REQUEST`. This module polls
 * politely and turns successive boards into a stream of changes.
 *
 * - Events are identified by trip and stop: line ID, trip code (else the planned time), planned time and
 *   the event's stop, so a board that lists a trip twice (two platforms of a merged stop) keeps both, and
 *   a repeat within one answer is dropped.
 * - The first successful poll emits every event as `Added`. Later polls emit `Added` for new events,
 *   `Cancelled` when an event becomes cancelled, `Delayed` when its estimated time changes (also when an
 *   estimate appears or goes), `PlatformChanged` when its platform changes, `Changed` for any other
 *   change, and `Removed` when an event is no longer on the board (it left, or the board moved on).
 *   An event may give several changes in one poll (cancelled and delayed).
 * - Polls follow a `Schedule` (default: every 30 seconds, jittered between 90% and 110%); never more
 *   often than every {@link MIN_INTERVAL} (10 seconds), whatever the schedule says.
 * - Failures follow the rule of every watch (see {@link Watch}): transient ones are retried within the poll
 *   (default: exponential from 1 second, jittered, 3 retries), then logged, or emitted as `PollFailed` with
 *   `failures: "event"`, and the stream waits for the next poll; known events are kept across failed polls (a
 *   failure is not a removal). A permanent failure fails the stream: an invalid request, a stop the server
 *   cannot resolve, a refused interface version, a redirect the client does not follow, a 4xx status other than
 *   408 and 429.
 * - The watch is the clients' `watchDepartures` too (the Promise client's as an async iterable); {@link watch}
 *   runs the `EfaClient` of the context.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as Departures from "./Departures.js"
import { type DeparturesError, EfaClient } from "./EfaClient.js"
import type { EfaError } from "./EfaError.js"
import * as Board from "./internal/watch/board.js"
import * as Watch from "./Watch.js"

/**
 * A change between polls.
 *
 * @since 0.1.0
 * @category models
 */
export type BoardChange = Board.BoardChange

/**
 * Constructors and matchers of {@link BoardChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const BoardChange = Board.BoardChange

/**
 * Options of {@link watch}: the board (`request`), and the options every watch takes ({@link Watch.Options}:
 * `schedule`, `retry`, `failures`).
 *
 * @since 0.1.0
 * @category models
 */
export type WatchOptions = Board.WatchOptions

/**
 * The shortest pause between two polls (`Watch.MIN_INTERVAL`).
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Watch.MIN_INTERVAL

/**
 * The default pause between polls: every 30 seconds, jittered (`Watch.defaultSchedule`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Watch.defaultSchedule

/**
 * The default retries of a failed poll: exponential from 1 second, jittered, 3 retries (`Watch.defaultRetry`).
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = Watch.defaultRetry

/**
 * Whether an error will not go away by polling again (`Watch.isPermanent`, the rule of every watch).
 *
 * @since 0.1.0
 * @category utils
 */
export const isPermanent: (error: EfaError) => boolean = Watch.isPermanent

/**
 * The identity of an event on a board: its trip (line ID and trip code), planned time and stop
 * (`Departures.eventKey`, the key board pages drop repeats by).
 *
 * @since 0.1.0
 * @category utils
 */
export const eventKey: (event: Departures.StopEvent) => string = Departures.eventKey

/**
 * The events of a board by {@link eventKey}, the first of a repeat kept.
 *
 * @since 0.1.0
 * @category utils
 */
export const eventsByKey: (events: ReadonlyArray<Departures.StopEvent>) => Map<string, Departures.StopEvent> =
  Board.eventsByKey

/**
 * The changes from one board to the next, in the order of the new board, removals last.
 *
 * @example
 * ```ts
 * import { type Departures, DepartureWatch, LineId, Point } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const before: Departures.StopEvent = {
 *   location: { id: Point.LocationId.make("de:08111:6118"), name: "Stuttgart, Hauptbahnhof" },
 *   departureTimePlanned: DateTime.unsafeMake("2026-03-02T07:36:00Z"),
 *   lineId: LineId.make("vvs:10001: :H:"),
 *   lineName: "S1",
 *   mode: { name: "S-Bahn S1", mot: 1 },
 *   destination: { name: "Plochingen" },
 *   tripCode: 17,
 *   cancelled: false
 * }
 * const after = { ...before, departureTimeEstimated: DateTime.unsafeMake("2026-03-02T07:41:00Z") }
 * const changes = DepartureWatch.diff(new Map([[DepartureWatch.eventKey(before), before]]), [after])
 * assert.deepStrictEqual(changes.map((change) => change._tag), ["Delayed"])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const diff: (
  previous: ReadonlyMap<string, Departures.StopEvent>,
  current: ReadonlyArray<Departures.StopEvent>
) => Array<BoardChange> = Board.diff

/**
 * Polls a board and streams its changes, with the client of the context (its `watchDepartures`). See the module
 * documentation for the rules.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { DepartureWatch, EfaClient, Point } from "@efa-kit/core"
 * import { Console, Effect, Stream } from "effect"
 *
 * // print what changes on the board of Stuttgart Hbf, polling every 30 seconds, for good
 * const program = DepartureWatch.watch({ request: { stop: Point.any("de:08111:6118"), limit: 20 } }).pipe(
 *   Stream.runForEach((change) =>
 *     change._tag === "PollFailed" ? Effect.void : Console.log(change._tag, change.event.lineName)
 *   ),
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const watch = (options: WatchOptions): Stream.Stream<BoardChange, DeparturesError, EfaClient> =>
  Stream.unwrap(Effect.map(EfaClient, (efa) => efa.watchDepartures(options)))
