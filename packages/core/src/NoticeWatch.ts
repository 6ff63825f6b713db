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
 * - A failed poll does not end the stream: transient failures are retried within the poll (default:
 *   exponential from 1 second, jittered, 4 retries), then the stream waits for the next poll. Each
 *   failed attempt is logged at warning level, or emitted as a `PollFailed` event with
 *   `failures: "event"`. Known notices are kept across failed polls: a failure is not a removal.
 * - A permanent failure fails the stream with its tagged error: an invalid request, a refused interface
 *   version, a redirect the client does not follow, or an HTTP status that will not change by asking
 *   again (4xx other than 408 and 429). The rule is the board watch's and the trip watch's.
 * - Interrupting the stream stops polling at once; a request in flight is aborted.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as AddInfo from "./AddInfo.js"
import { type AddInfoError, EfaClient } from "./EfaClient.js"
import * as Watch from "./internal/watch/poll.js"

/**
 * A change between polls.
 *
 * @since 0.1.0
 * @category models
 */
export type NoticeChange = Data.TaggedEnum<{
  /** A notice that was not there before (on the first poll: every notice). */
  Added: { readonly notice: AddInfo.Notice }
  /** A known notice whose content changed. */
  Changed: { readonly notice: AddInfo.Notice; readonly previous: AddInfo.Notice }
  /** A known notice that is no longer returned; `notice` is its last known content. */
  Removed: { readonly notice: AddInfo.Notice }
  /** A poll attempt failed with a transient error; polling goes on. Only with `failures: "event"`. */
  PollFailed: { readonly error: AddInfoError; readonly attempt: number }
}>

/**
 * Constructors and matchers of {@link NoticeChange}.
 *
 * @since 0.1.0
 * @category constructors
 */
export const NoticeChange = Data.taggedEnum<NoticeChange>()

/**
 * Options of {@link watch}.
 *
 * @since 0.1.0
 * @category models
 */
export interface WatchOptions {
  /** The notice filters. Default: all current notices. */
  readonly request?: AddInfo.AddInfoRequest | undefined
  /** When to poll again after a poll. Default: every 60 seconds, jittered; never faster than {@link MIN_INTERVAL}. */
  readonly schedule?: Schedule.Schedule<unknown> | undefined
  /**
   * How to retry transient failures within one poll. Default: exponential from 1 s, jittered, 4 retries. Never
   * sooner than 1 second apart, at most 10 attempts a poll, whatever the schedule says.
   */
  readonly retry?: Schedule.Schedule<unknown, AddInfoError> | undefined
  /** Whether transient failures are logged (default) or emitted as `PollFailed` events. */
  readonly failures?: "log" | "event" | undefined
}

/**
 * The shortest pause between two polls, whatever the schedule says (the same floor as every watch's).
 *
 * @since 0.1.0
 * @category constants
 */
export const MIN_INTERVAL: Duration.Duration = Watch.MIN_INTERVAL

/**
 * The default pause between polls.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Schedule.spaced(Duration.seconds(60)).pipe(
  Schedule.jitteredWith({ min: 0.8, max: 1.2 })
)

/**
 * The default retries of a failed poll.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaultRetry: Schedule.Schedule<unknown, AddInfoError> = Schedule.exponential(Duration.seconds(1)).pipe(
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(4))
)

/**
 * Whether an error will not go away by polling again.
 *
 * @since 0.1.0
 * @category utils
 */
export const isPermanent: (error: AddInfoError) => boolean = Watch.isPermanent

const sameNotice = Schema.equivalence(AddInfo.Notice)

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
export const diff = (
  previous: ReadonlyMap<string, AddInfo.Notice>,
  current: ReadonlyArray<AddInfo.Notice>
): Array<NoticeChange> => {
  const changes: Array<NoticeChange> = []
  const seen = new Set<string>()
  for (const notice of current) {
    seen.add(notice.id)
    const before = previous.get(notice.id)
    if (before === undefined) changes.push(NoticeChange.Added({ notice }))
    else if (!sameNotice(before, notice)) changes.push(NoticeChange.Changed({ notice, previous: before }))
  }
  for (const [id, notice] of previous) if (!seen.has(id)) changes.push(NoticeChange.Removed({ notice }))
  return changes
}

/**
 * Polls notices and streams their changes. See the module documentation for the rules.
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
  Stream.unwrap(
    Effect.map(EfaClient, (efa) => {
      let known = new Map<string, AddInfo.Notice>()
      return Watch.poll({
        subject: "notice",
        ask: efa.addInfo(options.request ?? { publicationStatus: "current" }),
        changes: (response) => {
          const notices = AddInfo.dedupe(response.infos)
          const changes = diff(known, notices)
          known = new Map(notices.map((notice) => [notice.id, notice]))
          return changes
        },
        pollFailed: (error, attempt) => NoticeChange.PollFailed({ error, attempt }),
        schedule: options.schedule ?? defaultSchedule,
        retry: options.retry ?? defaultRetry,
        failures: options.failures
      })
    })
  )
