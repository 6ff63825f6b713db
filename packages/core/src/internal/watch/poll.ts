/**
 * The one poll loop of every watch (boards, notices, trips): EFA has no push channel, so a watch asks again
 * on a schedule, never more often than {@link MIN_INTERVAL}, retries transient failures within a poll (no
 * sooner than {@link MIN_RETRY_DELAY} apart, at most {@link MAX_ATTEMPTS_PER_POLL} attempts), and
 * turns each answer into changes. One rule decides which failures end a watch ({@link isPermanent}) and
 * which are reported (logged, or emitted as events) and survived.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Equal from "effect/Equal"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as Utils from "effect/Utils"
import type { EfaError } from "../../EfaError.js"

/** The shortest pause between two polls of any watch. */
export const MIN_INTERVAL: Duration.Duration = Duration.seconds(10)

/** Whether a watch logs the transient failures of its polls (`log`, the default) or emits them (`event`). */
export type Failures = "log" | "event"

/** The default pause between polls of the board and trip watches: every 30 seconds, jittered by 10%. */
export const defaultSchedule: Schedule.Schedule<unknown> = Schedule.spaced(Duration.seconds(30)).pipe(
  Schedule.jitteredWith({ min: 0.9, max: 1.1 })
)

/** The default retries of a failed poll of the board and trip watches: exponential from 1 s, jittered, 3 retries. */
export const defaultRetry: Schedule.Schedule<unknown, EfaError> = Schedule.exponential(Duration.seconds(1)).pipe(
  Schedule.jittered,
  Schedule.intersect(Schedule.recurs(3))
)

/**
 * Whether an error will not go away by polling again: an invalid request, a refused interface version, a
 * redirect the client does not follow, a stop the server cannot resolve, a 4xx status other than 408 and 429.
 */
export const isPermanent = (error: EfaError): boolean =>
  error._tag === "InvalidRequestError" || error._tag === "InterfaceVersionError" ||
  error._tag === "RedirectError" || error._tag === "StopNotResolvedError" ||
  (error._tag === "HttpStatusError" && error.status >= 400 && error.status < 500 && error.status !== 408 &&
    error.status !== 429)

/**
 * Whether two decoded answers' items (a board's event, a notice) are the same: plain objects and arrays compared
 * by their contents, instants by their time. The watches load with their first call: this stands in for
 * `Schema.equivalence`, whose code would otherwise come with every program that has a client.
 */
export const same = <A>(a: A, b: A): boolean => Utils.structuralRegion(() => Equal.equals(a, b))

/** The shortest pause between two attempts within one poll. */
export const MIN_RETRY_DELAY: Duration.Duration = Duration.seconds(1)

/** The most attempts of one poll (and so the most failures it reports), whatever the retry schedule says. */
export const MAX_ATTEMPTS_PER_POLL = 10

/**
 * A poll's retry schedule with its floor and its bound: a pause below {@link MIN_RETRY_DELAY} becomes the floor,
 * and it stops after {@link MAX_ATTEMPTS_PER_POLL} attempts (the poll then waits for the next one).
 */
const retryWithFloor = <Out, In, R>(
  schedule: Schedule.Schedule<Out, In, R>
): Schedule.Schedule<unknown, In, R> =>
  Schedule.intersect(
    Schedule.modifyDelay(schedule, (_, delay) => Duration.max(delay, MIN_RETRY_DELAY)),
    Schedule.recurs(MAX_ATTEMPTS_PER_POLL - 1)
  )

/** A schedule stretched to the floor: a pause it asks for below {@link MIN_INTERVAL} becomes the floor. */
const withFloor = <Out, In, R>(schedule: Schedule.Schedule<Out, In, R>): Schedule.Schedule<Out, In, R> =>
  Schedule.modifyDelay(schedule, (_, delay) => Duration.max(delay, MIN_INTERVAL))

/** What a watch polls and how it reads the answers. */
export interface PollOptions<A, Change, E extends EfaError = EfaError> {
  /** What the watch is of, for the log: `board`, `notice`, `trip`. */
  readonly subject: string
  /** One poll's request. */
  readonly ask: Effect.Effect<A, E>
  /** The changes an answer brings (the caller keeps what it knows between answers). */
  readonly changes: (answer: A) => Effect.Effect<ReadonlyArray<Change>> | ReadonlyArray<Change>
  /** The event of a failed attempt, with `failures: "event"`. */
  readonly pollFailed: (error: E, attempt: number) => Change
  /** When to poll again after a poll; stretched to {@link MIN_INTERVAL}. */
  readonly schedule: Schedule.Schedule<unknown>
  /**
   * How to retry transient failures within one poll; no sooner than {@link MIN_RETRY_DELAY}, at most
   * {@link MAX_ATTEMPTS_PER_POLL} attempts.
   */
  readonly retry: Schedule.Schedule<unknown, E>
  /** Whether transient failures are logged (default) or emitted. */
  readonly failures?: Failures | undefined
}

/**
 * Polls on the floored schedule and streams the changes of each answer. A transient failure is retried
 * within the poll, reported and survived (the caller's state is untouched: a failure is not a removal); a
 * permanent one fails the stream. Interrupting the stream aborts a request in flight.
 */
export const poll = <A, Change, E extends EfaError = EfaError>(
  options: PollOptions<A, Change, E>
): Stream.Stream<Change, E> => {
  const asEvents = options.failures === "event"
  const once = Effect.suspend(() => {
    const failures: Array<Change> = []
    let attempt = 0
    const report = (error: E) => {
      attempt++
      if (isPermanent(error)) return Effect.void
      if (asEvents) return Effect.sync(() => failures.push(options.pollFailed(error, attempt)))
      return Effect.logWarning(`${options.subject} poll attempt ${attempt} failed: ${error.message}`)
    }
    return options.ask.pipe(
      Effect.tapError(report),
      Effect.retry({ schedule: retryWithFloor(options.retry), while: (error) => !isPermanent(error) }),
      Effect.flatMap((answer) => {
        const changes = options.changes(answer)
        return Effect.isEffect(changes) ? changes : Effect.succeed(changes)
      }),
      Effect.map((changes): ReadonlyArray<Change> => failures.length === 0 ? changes : [...failures, ...changes]),
      Effect.catchAll((error) => (isPermanent(error) ? Effect.fail(error) : Effect.succeed(failures)))
    )
  })
  return Stream.repeatEffectWithSchedule(once, withFloor(options.schedule)).pipe(Stream.flattenIterables)
}
