/**
 * Dates and times as EFA takes them: wall-clock values in the deployment's time zone (`itdDate`
 * `YYYYMMDD`, `itdTime` `HHMM`), calendar dates in `YYYYMMDD` or, for notices only, `DD-MM-YYYY`.
 *
 * Instants are converted in the deployment's zone with its daylight-saving rules. A wall-clock time
 * that occurs twice (the autumn change) reads as the earlier instant; one that does not exist (the
 * spring change) reads as the instant one hour later, as Temporal's "compatible" rule does.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { parseInstant, utcFromMillis } from "./internal/decode/instant.js"
import { FastPredicateId } from "./internal/effect/fastDecode.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { ParamString } from "./internal/schema/params.js"

/**
 * The time zone of German deployments, the default.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_TIME_ZONE = "Europe/Berlin"

/**
 * Resolves an IANA zone name.
 *
 * @since 0.1.0
 * @category constructors
 */
export const zone = (name: string): Either.Either<DateTime.TimeZone, string> =>
  Option.match(DateTime.zoneMakeNamed(name), {
    onNone: () => Either.left(`unknown time zone "${name}"`),
    onSome: (z) => Either.right(z)
  })

const pad = (n: number, width: number) => String(n).padStart(width, "0")

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

// Arithmetic rather than a Date: notices carry two dates each and arrive by the hundred.
const isValidDate = (year: number, month: number, day: number): boolean => {
  if (!(month >= 1 && month <= 12 && day >= 1)) return false
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0)
}

const digitAt = (text: string, at: number): number => {
  const digit = text.charCodeAt(at) - 48
  return digit >= 0 && digit <= 9 ? digit : -100_000
}

// `YYYY-MM-DD` naming a day that exists; character arithmetic, as this runs for every date of a response.
const isCalendarDateText = (text: string): boolean => {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false
  const year = digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3)
  const month = digitAt(text, 5) * 10 + digitAt(text, 6)
  const day = digitAt(text, 8) * 10 + digitAt(text, 9)
  return year >= 0 && isValidDate(year, month, day)
}

/**
 * A calendar date, ISO `YYYY-MM-DD`, checked to exist.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CalendarDate = Schema.String.pipe(
  Schema.filter(
    isCalendarDateText,
    {
      message: (issue) => `${JSON.stringify(issue.actual)} is not a calendar date as YYYY-MM-DD`,
      jsonSchema: { pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
      [FastPredicateId]: isCalendarDateText
    }
  ),
  Schema.annotations({
    identifier: "CalendarDate",
    description: "A calendar date, YYYY-MM-DD",
    ...arbitraryHint("calendarDate")
  })
)

/**
 * @since 0.1.0
 * @category models
 */
export type CalendarDate = string

const compactDate = /^(\d{4})(\d{2})(\d{2})$/
const dashedDate = /^(\d{2})-(\d{2})-(\d{4})$/

/**
 * A calendar date in the `YYYYMMDD` request format.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CompactDateParam: Schema.Schema<CalendarDate, string> = Schema.transformOrFail(
  ParamString,
  CalendarDate,
  {
    strict: true,
    decode: (text, _, ast) => {
      const match = compactDate.exec(text)
      return match === null
        ? ParseResult.fail(new ParseResult.Type(ast, text, `expected a date as YYYYMMDD, got "${text}"`))
        : ParseResult.succeed(`${match[1]}-${match[2]}-${match[3]}`)
    },
    encode: (date) => ParseResult.succeed(date.replace(/-/g, ""))
  }
).annotations({ identifier: "CompactDateParam", jsonSchema: { type: "string", pattern: "^\\d{8}$" } })

/**
 * A calendar date in the `DD-MM-YYYY` format of the notice operation.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DashedDateParam: Schema.Schema<CalendarDate, string> = Schema.transformOrFail(
  ParamString,
  CalendarDate,
  {
    strict: true,
    decode: (text, _, ast) => {
      const match = dashedDate.exec(text)
      return match === null
        ? ParseResult.fail(new ParseResult.Type(ast, text, `expected a date as DD-MM-YYYY, got "${text}"`))
        : ParseResult.succeed(`${match[3]}-${match[2]}-${match[1]}`)
    },
    encode: (date) => ParseResult.succeed(`${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`)
  }
).annotations({ identifier: "DashedDateParam", jsonSchema: { type: "string", pattern: "^\\d{2}-\\d{2}-\\d{4}$" } })

/**
 * Wall-clock date and time in a zone, as `itdDate` and `itdTime` carry them.
 *
 * @since 0.1.0
 * @category models
 */
export interface LocalParts {
  /** `YYYYMMDD` */
  readonly date: string
  /** `HHMM`, 24-hour */
  readonly time: string
}

/**
 * Formats an instant as the deployment's wall-clock date and time.
 *
 * @example
 * ```ts
 * import { LocalDateTime } from "@efa-kit/core"
 * import { DateTime } from "effect"
 *
 * const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
 * // 07:30 UTC is 08:30 in Berlin in winter
 * assert.deepStrictEqual(LocalDateTime.toLocalParts(DateTime.unsafeMake("2026-03-02T07:30:00Z"), berlin), {
 *   date: "20260302",
 *   time: "0830"
 * })
 * ```
 *
 * @since 0.1.0
 * @category formatting
 */
export const toLocalParts = (instant: DateTime.DateTime, timeZone: DateTime.TimeZone): LocalParts => {
  const parts = DateTime.toParts(DateTime.setZone(instant, timeZone))
  return {
    date: `${pad(parts.year, 4)}${pad(parts.month, 2)}${pad(parts.day, 2)}`,
    time: `${pad(parts.hours, 2)}${pad(parts.minutes, 2)}`
  }
}

/**
 * Reads `itdDate` (`YYYYMMDD`) and `itdTime` (`HHMM`; also `HH:MM`, `H:MM`, `HMM` and `HH:MM:SS`, whose seconds
 * are dropped, each also with a trailing `h`, `0930h`) as wall-clock time in the zone.
 *
 * @example
 * ```ts
 * import { LocalDateTime } from "@efa-kit/core"
 * import { DateTime, Either } from "effect"
 *
 * const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
 * const instant = LocalDateTime.fromLocalParts("20260302", "0830", berlin)
 * assert.deepStrictEqual(Either.map(instant, DateTime.formatIso), Either.right("2026-03-02T07:30:00.000Z"))
 * ```
 *
 * @since 0.1.0
 * @category parsing
 */
export const fromLocalParts = (
  date: string,
  time: string,
  timeZone: DateTime.TimeZone
): Either.Either<DateTime.Utc, { readonly field: "date" | "time"; readonly message: string }> => {
  const d = compactDate.exec(date)
  if (d === null) return Either.left({ field: "date", message: `expected YYYYMMDD, got "${date}"` })
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  if (!isValidDate(year, month, day)) return Either.left({ field: "date", message: `${date} is not a calendar date` })
  // `HHMM` as sent; `HH:MM`, `H:MM`, `HMM` and `HH:MM:SS` as other clients send it (the seconds dropped), each
  // also with a trailing `h` (`0930h`, as a public VRR app sends it)
  const t = /^(\d{1,2}):?(\d{2})(?::\d{2})?h?$/.exec(time)
  if (t === null) return Either.left({ field: "time", message: `expected HHMM (24-hour), got "${time}"` })
  const [hours, minutes] = [Number(t[1]), Number(t[2])]
  if (hours > 23 || minutes > 59) return Either.left({ field: "time", message: `${time} is not a time of day` })
  const zoned = DateTime.makeZoned({ year, month, day, hours, minutes }, {
    timeZone,
    adjustForTimeZone: true,
    disambiguation: "compatible"
  })
  return Option.match(zoned, {
    onNone: () => Either.left({ field: "date", message: `${date} ${time} cannot be placed in the time zone` }),
    onSome: (z) => Either.right(DateTime.toUtc(z))
  })
}

/**
 * An instant given to the minute, as the wire format can carry it. Arbitraries avoid the hour the
 * autumn change repeats, which the wire format cannot tell apart.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MinuteInstant = Schema.DateTimeUtcFromSelf.pipe(
  Schema.filter((dt) => DateTime.toEpochMillis(dt) % 60_000 === 0, {
    message: () => "the time is sent to the minute: seconds and milliseconds must be zero"
  }),
  Schema.annotations({
    identifier: "MinuteInstant",
    ...arbitraryHint("minuteInstant")
  })
)

/**
 * A time as people write it: a `DateTime` (UTC or zoned), a JS `Date`, or an ISO 8601 string with `Z`
 * or an offset (`2026-03-02T07:30:00+01:00`).
 *
 * @since 0.1.0
 * @category models
 */
export type TimeInput = DateTime.DateTime | Date | string

const isTimeInput = (input: unknown): input is TimeInput =>
  DateTime.isDateTime(input) || input instanceof Date || typeof input === "string"

const TimeInputSchema = Schema.declare(isTimeInput, {
  identifier: "TimeInput",
  description: "a DateTime, a Date or an ISO 8601 string with an offset",
  message: () => "expected a time: a DateTime, a Date, or an ISO 8601 string with Z or an offset"
})

const ISO_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/

const inputMillis = (input: TimeInput): number | string => {
  if (DateTime.isDateTime(input)) return DateTime.toEpochMillis(input)
  if (input instanceof Date) {
    const millis = input.getTime()
    return Number.isNaN(millis) ? "the Date is invalid" : millis
  }
  const millis = parseInstant(input.trim())
  if (!Number.isNaN(millis)) return millis
  return ISO_WITHOUT_OFFSET.test(input.trim())
    ? `"${input}" has no time zone: add Z or an offset such as +01:00`
    : `"${input}" is not an ISO 8601 time such as 2026-03-02T07:30:00+01:00`
}

/**
 * A time as written ({@link TimeInput}) read as the instant it names, truncated to the minute (the
 * wire format carries minutes): `new Date()` is sent as the current minute. Encoding gives the
 * instant back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MinuteInstantFromInput: Schema.Schema<DateTime.Utc, TimeInput> = Schema.transformOrFail(
  TimeInputSchema,
  MinuteInstant,
  {
    strict: true,
    decode: (input, _, ast) => {
      const millis = inputMillis(input)
      return typeof millis === "string"
        ? ParseResult.fail(new ParseResult.Type(ast, input, millis))
        : ParseResult.succeed(utcFromMillis(Math.floor(millis / 60_000) * 60_000))
    },
    encode: (instant) => ParseResult.succeed(instant)
  }
).annotations({ identifier: "MinuteInstantFromInput" })
