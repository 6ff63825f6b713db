// The notice watch on a notice call (`NoticeWatch` documents it and re-exports what is public; the clients'
// `watchNotices` runs `watch` with their `addInfo` operation, loaded with its first call): notices de-duplicated by
// ID, each poll's notices compared with the last ones that came.
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as AddInfo from "../../AddInfo.js"
import type * as Operation from "../../Operation.js"
import type * as Watch from "../../Watch.js"
import * as Poll from "./poll.js"

/**
 * The errors of the notice search (`EfaClient.AddInfoError`).
 *
 * @internal
 */
export type AddInfoError = Operation.ErrorOf<typeof AddInfo.operation>

/**
 * A change between polls.
 *
 * @internal
 */
export type NoticeChange = Data.TaggedEnum<{
  /** A notice that was not there before (on the first poll: every notice). */
  Added: { readonly notice: AddInfo.Notice }
  /** A known notice whose content changed. */
  Changed: { readonly notice: AddInfo.Notice; readonly previous: AddInfo.Notice }
  /** A known notice that is no longer returned; `notice` is its last known content. */
  Removed: { readonly notice: AddInfo.Notice }
  /** A poll attempt failed with a transient error; polling goes on. Only with `failures: "event"`. */
  PollFailed: Watch.PollFailed<AddInfoError>
}>

/**
 * Constructors and matchers of {@link NoticeChange}.
 *
 * @internal
 */
export const NoticeChange = Data.taggedEnum<NoticeChange>()

/**
 * Options of the notice watch: the filters, and the options every watch takes (`Watch.Options`).
 *
 * @internal
 */
export interface WatchOptions extends Watch.Options<AddInfoError> {
  /** The notice filters. Default: all current notices. */
  readonly request?: AddInfo.AddInfoRequest | undefined
}

/**
 * The default pause between polls: every 60 seconds, each pause jittered between 80% and 120%.
 *
 * @internal
 */
export const defaultSchedule: Schedule.Schedule<unknown> = Schedule.spaced(Duration.seconds(60)).pipe(
  Schedule.jitteredWith({ min: 0.8, max: 1.2 })
)

/**
 * The default retries of a failed poll: exponential from 1 second, jittered, 4 retries.
 *
 * @internal
 */
export const defaultRetry: Schedule.Schedule<unknown, AddInfoError> = Schedule.exponential(Duration.seconds(1)).pipe(
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(4))
)

/**
 * The changes from one set of notices to the next, in the order of the new answer, removals last.
 *
 * @internal
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
    else if (!Poll.same(before, notice)) changes.push(NoticeChange.Changed({ notice, previous: before }))
  }
  for (const [id, notice] of previous) if (!seen.has(id)) changes.push(NoticeChange.Removed({ notice }))
  return changes
}

/**
 * Polls notices with `ask` (a client's call of the notice search) and streams their changes; each run of the
 * stream starts with no notice known.
 *
 * @internal
 */
export const watch = (
  ask: (request: AddInfo.AddInfoRequest) => Effect.Effect<AddInfo.AddInfoResponse, AddInfoError>,
  options: WatchOptions
): Stream.Stream<NoticeChange, AddInfoError> =>
  Stream.suspend(() => {
    let known = new Map<string, AddInfo.Notice>()
    return Poll.poll({
      subject: "notice",
      ask: ask(options.request ?? { publicationStatus: "current" }),
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
