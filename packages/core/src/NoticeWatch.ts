/**
 * Watching service notices. EFA has no push channel: clients poll `XML_ADDINFO_REQUEST`. This module
 * does the polling and turns successive answers into a stream of changes.
 *
 * - The first successful poll emits every current notice as `Added`.
 * - Later polls emit `Added` for new IDs, `Changed` when a known ID comes back with other content, and
 *   `Removed` when a known ID is no longer returned (withdrawn, or moved to history). Notices are
 *   de-duplicated by `id` as `AddInfo.dedupe` does.
 * - Polls follow a `Schedule` (default: every 60 seconds, each pause jittered between 80% and 120%, so
 *   that many clients do not poll in lockstep); never more often than every {@link MIN_INTERVAL} (10
 *   seconds), whatever the schedule says.
 * - Failures follow the rule of every watch (see {@link Watch}): transient ones are retried within the poll
 *   (default: exponential from 1 second, jittered, 4 retries), then the stream waits for the next poll. Each
 *   failed attempt is logged at warning level, or emitted as a `PollFailed` event with `failures: "event"`.
 *   Known notices are kept across failed polls: a failure is not a removal. A permanent failure fails the
 *   stream with its tagged error: an invalid request, a refused interface version, a redirect the client does
 *   not follow, or an HTTP status that will not change by asking again (4xx other than 408 and 429).
 * - Interrupting the stream stops polling at once; a request in flight is aborted.
 * - The watch is the clients' `watchNotices` too (the Promise client's as an async iterable); {@link watch}
 *   runs the `EfaClient` of the context.
 *
 * @since 0.1.0
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type * as AddInfo from "./AddInfo.js"
import { type AddInfoError, EfaClient } from "./EfaClient.js"
import * as Notices from "./internal/watch/notices.js"
import * as Watch from "./Watch.js"

/**
 * A change between polls.
 *
 * @since 0.1.0
 * @category models
 */
export type NoticeChange = Notices.NoticeChange

/**
 * Constructors and matchers of {@link NoticeChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const NoticeChange = Notices.NoticeChange

/**
 * Options of {@link watch}: the notice filters (`request`, default: all current notices), and the options every
 * watch takes ({@link Watch.Options}: `schedule`, `retry`, `failures`).
 *
 * @since 0.1.0
 * @category models
 */
export type WatchOptions = Notices.WatchOptions

/**
 * The shortest pause between two polls, whatever the schedule says (`Watch.MIN_INTERVAL`, the same floor as
 * every watch's).
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Watch.MIN_INTERVAL

/**
 * The default pause between polls: every 60 seconds, each pause jittered between 80% and 120%.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Notices.defaultSchedule

/**
 * The default retries of a failed poll: exponential from 1 second, jittered, 4 retries.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, AddInfoError> = Notices.defaultRetry

/**
 * Whether an error will not go away by polling again (`Watch.isPermanent`, the rule of every watch).
 *
 * @since 0.1.0
 * @category utils
 */
export const isPermanent: (error: AddInfoError) => boolean = Watch.isPermanent

/**
 * The changes from one set of notices to the next, in the order of the new answer, removals last.
 *
 * @example
 * ```ts
 * import { NoticeWatch } from "@efa-kit/core"
 *
 * const before = { id: "n1", type: "lineInfo", title: "U5", text: "Single units", lines: [] }
 * const after = { ...before, text: "Single units until Friday" }
 * const changes = NoticeWatch.diff(new Map([[before.id, before]]), [after])
 * assert.deepStrictEqual(changes.map((change) => change._tag), ["Changed"])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const diff: (
  previous: ReadonlyMap<string, AddInfo.Notice>,
  current: ReadonlyArray<AddInfo.Notice>
) => Array<NoticeChange> = Notices.diff

/**
 * Polls notices and streams their changes, with the client of the context (its `watchNotices`). See the module
 * documentation for the rules.
 *
 * @example
 * ```ts
 * import { FetchHttpClient } from "@effect/platform"
 * import { EfaClient, NoticeWatch } from "@efa-kit/core"
 * import { Console, Effect, Schedule, Stream } from "effect"
 *
 * // print every change of the blocking notices, polling every two minutes, for good
 * const program = NoticeWatch.watch({
 *   request: { noticeTypes: ["lineBlocking", "stopBlocking"] },
 *   schedule: Schedule.spaced("2 minutes")
 * }).pipe(
 *   Stream.runForEach((change) =>
 *     change._tag === "PollFailed" ? Effect.void : Console.log(change._tag, change.notice.title)
 *   ),
 *   Effect.provide(EfaClient.layer({ baseUrl: "https://efa.example/mngvvs/" })),
 *   Effect.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const watch = (options: WatchOptions = {}): Stream.Stream<NoticeChange, AddInfoError, EfaClient> =>
  Stream.unwrap(Effect.map(EfaClient, (efa) => efa.watchNotices(options)))
