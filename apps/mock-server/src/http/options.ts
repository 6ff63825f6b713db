/**
 * The settings of a fake: its dataset, its clock, its time zone and the limits that keep it standing
 * whatever a client sends.
 *
 * @since 0.1.0
 */
import { LocalDateTime, Profile } from "@efa-kit/core"
import { DateTime, Either, Option } from "effect"
import type { Dataset } from "../dataset/schema.js"
import { addDays, localDate } from "../engine/timetable.js"
import type { AnswerRegistry } from "../registry.js"
import type { AdminOptions } from "./adminGuard.js"
import type { UpstreamOptions } from "./interceptor.js"
import type { QuotaLimits } from "./quota.js"

/**
 * The default "now" of the fake: Monday 2 March 2026, 08:30 in Berlin (07:30 UTC), a weekday morning
 * with the full timetable running. A dataset's `meta.defaultNow` replaces it, an explicit `now` option
 * replaces both.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_NOW = "2026-03-02T07:30:00Z"

/**
 * Bounds on what one request may ask of the fake.
 *
 * @since 0.1.0
 * @category models
 */
export interface Limits {
  /** Longest accepted request URL in characters; longer ones get 414. Default 8192. */
  readonly maxUrlLength: number
  /** Most query parameters in one request; more get 400. Default 500. */
  readonly maxParameters: number
  /** Journal entries kept; the oldest are dropped first. Default 10,000. */
  readonly maxJournalEntries: number
  /**
   * Memory the journal's entries may hold, in bytes (estimated from their texts); the oldest are
   * dropped first. Default 16 MiB.
   */
  readonly maxJournalBytes: number
  /** Longest injected latency in milliseconds. Default 60,000. */
  readonly maxLatencyMs: number
  /** Most scripted faults waiting at once. Default 10,000. */
  readonly maxScriptedFaults: number
  /**
   * Finished answers kept for repeated queries (least recently used first out; at most 32 MiB of
   * bodies). `0` answers every request afresh. Default 1,000.
   */
  readonly maxCachedAnswers: number
  /**
   * Routing searches one trip request may make (one per trip candidate, two with a via point).
   * Default 200.
   */
  readonly maxTripSearches: number
  /** RAPTOR rounds one trip request may make over all its searches. Default 1,200. */
  readonly maxTripRounds: number
  /**
   * Milliseconds of routing one trip request may take: a safety net behind the two counts above, which
   * alone keep answers the same on a busy machine. Default 1,000. Past any of the three bounds the
   * trip answer stops as EFA's router does when it gives up (see `answerTrip`), never with a 5xx.
   */
  readonly maxTripMillis: number
}

/**
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_LIMITS: Limits = {
  maxUrlLength: 8192,
  maxParameters: 500,
  maxJournalEntries: 10_000,
  maxJournalBytes: 16 * 1024 * 1024,
  maxLatencyMs: 60_000,
  maxScriptedFaults: 10_000,
  maxCachedAnswers: 1_000,
  maxTripSearches: 200,
  maxTripRounds: 1_200,
  maxTripMillis: 1_000
}

/**
 * What `makeApp` takes.
 *
 * @since 0.1.0
 * @category models
 */
export interface AppOptions extends UpstreamOptions {
  /** The network the fake answers from (see `loadDataset`). */
  readonly dataset: Dataset
  /**
   * The fake's fixed "now": an ISO instant, a `Date`, epoch milliseconds or an Effect `DateTime`.
   * Default: the dataset's `meta.defaultNow`, else {@link DEFAULT_NOW}. The clock does not run by
   * itself; `POST /__admin/clock` moves it.
   *
   * `"now"`: the clock is the machine's wall clock and runs, and the dataset is laid on today: its dates
   * (validity, holidays, notices, a feed's calendars and dated real time) move by the days from its default
   * day to today, so that today has the timetable of its day of the week and the real time announced for it,
   * whatever today's date (see {@link layOnToday}). `POST /__admin/clock` moves the clock from the wall clock.
   */
  readonly now?: DateTime.DateTime | Date | string | number | "now" | undefined
  /** The deployment's IANA time zone. Default: the dataset's `meta.timeZone`, else `Europe/Berlin`. */
  readonly timeZone?: string | undefined
  /** Overrides of {@link DEFAULT_LIMITS}. */
  readonly limits?: Partial<Limits> | undefined
  /**
   * The admin API: on by default, without a token. Its answers never carry CORS headers, and it takes
   * only JSON bodies and no request from a page of another origin.
   */
  readonly admin?: AdminOptions | undefined
  /**
   * A deployment profile (a built-in name such as `tfnsw`, or a `Profile`): the fake also answers on its
   * paths and, where it wants an API key, refuses requests without one with 401. Its time zone is the
   * fake's unless `timeZone` is given.
   */
  readonly profile?: string | Profile.Profile | undefined
  /**
   * A quota per API key, as a gateway enforces: `"5/s,1000/day"` (or `{ perSecond, perDay }`). Over the
   * rate the fake answers 429 with `Retry-After`, over the daily quota 403, both with a JSON
   * `ErrorDetails` body (see `http/quota.ts`). Default: none.
   */
  readonly quota?: string | QuotaLimits | undefined
  /** Replaces answers of some operations, keyed by operation name (`stopFinder`, ...). */
  readonly answers?: Partial<AnswerRegistry> | undefined
  /**
   * Reads rapidJSON requests as strictly as contract requests: a parameter the contract refuses gets a 400
   * naming it. Default `false`: rapidJSON requests are read as real servers read them (unknown parameters
   * ignored, filter blocks numbered from 1 taken, a parameter that cannot be read left out and named in a
   * `systemMessages` warning, a missing required one answered with the operation's EFA error). Contract
   * requests (`outputFormat=JSON`) are always read strictly.
   */
  readonly strict?: boolean | undefined
  /**
   * Called with every unexpected failure (the client gets a 500 without details). Default: one line on
   * standard error.
   */
  readonly onError?: ((error: unknown, request: { readonly method: string; readonly path: string }) => void) | undefined
}

/**
 * Options with every default filled in.
 *
 * @since 0.1.0
 * @category models
 */
export interface ResolvedOptions {
  readonly dataset: Dataset
  readonly now: DateTime.Utc
  /** Whether the clock is the wall clock (`now: "now"`): it runs from {@link ResolvedOptions.now}. */
  readonly wallClock: boolean
  readonly timeZone: DateTime.TimeZone
  readonly timeZoneName: string
  readonly profile: Profile.Profile | undefined
  readonly limits: Limits
  /** Whether rapidJSON requests are read as strictly as contract requests. */
  readonly strict: boolean
  readonly admin: {
    readonly enabled: boolean
    readonly token: string | undefined
    readonly allowedHosts: ReadonlyArray<string>
  }
  readonly onError: (error: unknown, request: { readonly method: string; readonly path: string }) => void
}

/**
 * Where unexpected failures go unless `onError` says otherwise: one line on standard error.
 *
 * @since 0.1.0
 * @category utils
 */
export const defaultOnError = (error: unknown, request: { readonly method: string; readonly path: string }): void => {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  console.error(`[efa-mock-server] ${request.method} ${request.path} failed: ${detail}`)
}

/**
 * Reads an instant for the clock, or says why it cannot.
 *
 * @since 0.1.0
 * @category utils
 */
export const parseInstant = (
  input: DateTime.DateTime | Date | string | number
): Either.Either<DateTime.Utc, string> => {
  const fields = typeof input === "string" ? ISO_INSTANT.exec(input) : undefined
  if (fields === null) {
    return Either.left(`expected an ISO 8601 instant with a zone (2026-03-02T07:30:00Z), got "${input}"`)
  }
  const made = DateTime.isDateTime(input) ? Option.some(input) : DateTime.make(input)
  if (made._tag === "None") return Either.left(`not an instant: ${String(input)}`)
  const utc = DateTime.toUtc(made.value)
  if (fields !== undefined) {
    // `Date` rolls February 31st over into March: the text's own date and time, at its offset, must come back
    const [, local, seconds = "00", sign, hours = "0", minutes = "0"] = fields
    const offset = (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes))
    const back = new Date(DateTime.toEpochMillis(utc) + offset * 60_000).toISOString()
    if (back.slice(0, 16) !== local || back.slice(17, 19) !== seconds) {
      return Either.left(`"${input}" is not a day and time of the calendar`)
    }
  }
  return inClockRange(DateTime.toEpochMillis(utc))
    ? Either.right(utc)
    : Either.left(`${String(input)} is outside the clock's range, ${CLOCK_RANGE.min} to ${CLOCK_RANGE.max}`)
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|([+-])(\d{2}):(\d{2}))$/

/**
 * The instants the fake's clock can be set to: years of four digits, which every date of its answers
 * and of the EFA formats it reads can write.
 *
 * @since 0.1.0
 * @category constants
 */
export const CLOCK_RANGE = { min: "0001-01-01T00:00:00.000Z", max: "9999-12-31T23:59:59.999Z" } as const

const CLOCK_MIN = Date.parse(CLOCK_RANGE.min)
const CLOCK_MAX = Date.parse(CLOCK_RANGE.max)

/**
 * Whether the clock can be set to an instant, in milliseconds since the epoch.
 *
 * @since 0.1.0
 * @category utils
 */
export const inClockRange = (millis: number): boolean => millis >= CLOCK_MIN && millis <= CLOCK_MAX

/**
 * Resolves a profile option: a name of a built-in profile or a profile.
 *
 * @since 0.1.0
 * @category utils
 */
const resolveProfile = (profile: string | Profile.Profile | undefined): Profile.Profile | undefined => {
  if (profile === undefined || typeof profile !== "string") return profile
  const found = Profile.get(profile)
  if (found === undefined) {
    throw new Error(`invalid option profile: unknown profile "${profile}"; known: ${Profile.names.join(", ")}`)
  }
  return found
}

/**
 * Fills in defaults and checks the settings.
 *
 * @since 0.1.0
 * @category constructors
 */
export const resolveOptions = (options: AppOptions): ResolvedOptions => {
  const wallClock = options.now === "now"
  const nowInput = wallClock ? Date.now() : options.now ?? options.dataset.meta.defaultNow ?? DEFAULT_NOW
  const now = parseInstant(nowInput)
  if (Either.isLeft(now)) throw new Error(`invalid option now: ${now.left} (or "now" for the wall clock)`)
  const profile = resolveProfile(options.profile)
  const timeZoneName = options.timeZone ?? profile?.timeZone ?? options.dataset.meta.timeZone ??
    LocalDateTime.DEFAULT_TIME_ZONE
  const timeZone = LocalDateTime.zone(timeZoneName)
  if (Either.isLeft(timeZone)) throw new Error(`invalid option timeZone: ${timeZone.left}`)
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (options.admin?.token !== undefined && options.admin.token.trim() === "") {
    throw new Error("invalid option admin.token: must not be empty")
  }
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`invalid limit ${key}: ${value}`)
  }
  return {
    dataset: wallClock ? layOnToday(options.dataset, now.right, timeZone.right) : options.dataset,
    now: now.right,
    wallClock,
    timeZone: timeZone.right,
    timeZoneName,
    profile,
    limits,
    strict: options.strict ?? false,
    admin: {
      enabled: options.admin?.enabled ?? true,
      token: options.admin?.token,
      allowedHosts: options.admin?.allowedHosts ?? []
    },
    onError: options.onError ?? defaultOnError
  }
}

/**
 * The dataset laid on the day of `now`: every date in it (the validity, the holidays, the notices' validity, a
 * feed's calendars and the dates of its real-time updates) moved by the days from the day of its default
 * "now" (`meta.defaultNow`, else {@link DEFAULT_NOW}) to the day of `now` in the zone. Runs and the real time
 * the dataset announces go by day of the week and time of day, so today gets the timetable of its day of the
 * week and its announced delays, cancellations and platform changes at the same hours.
 *
 * @since 0.1.0
 * @category utils
 */
export const layOnToday = (dataset: Dataset, now: DateTime.Utc, timeZone: DateTime.TimeZone): Dataset => {
  const base = parseInstant(dataset.meta.defaultNow ?? DEFAULT_NOW)
  if (Either.isLeft(base)) return dataset
  const from = localDate(base.right, timeZone)
  const to = localDate(now, timeZone)
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
  if (days === 0) return dataset
  const move = (date: string) => addDays(date, days)
  const { timetable } = dataset
  return {
    ...dataset,
    meta: {
      ...dataset.meta,
      validFrom: move(dataset.meta.validFrom),
      validTo: move(dataset.meta.validTo),
      holidays: dataset.meta.holidays.map(move)
    },
    notices: dataset.notices.map((notice) => ({
      ...notice,
      validFrom: move(notice.validFrom),
      validTo: move(notice.validTo)
    })),
    ...(timetable === undefined ? {} : {
      timetable: {
        ...timetable,
        calendars: timetable.calendars.map((calendar) => ({ ...calendar, dates: calendar.dates.map(move) })),
        updates: timetable.updates.map((update) =>
          update.date === undefined ? update : { ...update, date: move(update.date) }
        )
      }
    })
  }
}
