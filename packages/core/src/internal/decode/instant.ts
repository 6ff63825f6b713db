import * as DateTime from "effect/DateTime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import { FastDecodeId, NoMatch } from "../effect/fastDecode.js"
import { utcFromMillis } from "../effect/utc.js"

// Four-digit years, or the expanded six-digit form with a sign that `DateTime.formatIso` writes outside 0..9999.
const isoInstant =
  /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/

// The decimal digit at `at`, or a number so negative that any field it is part of is out of range.
const digit = (text: string, at: number): number => {
  const value = text.charCodeAt(at) - 48
  return value >= 0 && value <= 9 ? value : -1_000_000
}

const DAY = 86_400_000

// Days before each month in a common year.
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

// `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS.sssZ` with every field in range, else NaN. The day
// number is ECMAScript's `DayFromYear` plus the day within the year, so the result is `Date.parse`'s.
const parseCommon = (text: string): number => {
  const length = text.length
  if ((length !== 20 && length !== 24) || text.charCodeAt(length - 1) !== 90) return Number.NaN
  if (
    text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58
  ) return Number.NaN
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3)
  const month = digit(text, 5) * 10 + digit(text, 6)
  const day = digit(text, 8) * 10 + digit(text, 9)
  const hour = digit(text, 11) * 10 + digit(text, 12)
  const minute = digit(text, 14) * 10 + digit(text, 15)
  const second = digit(text, 17) * 10 + digit(text, 18)
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return Number.NaN
  const leap = isLeapYear(year)
  if (day > daysInMonth(year, month)) return Number.NaN
  let millis = 0
  if (length === 24) {
    if (text.charCodeAt(19) !== 46) return Number.NaN
    millis = digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22)
    if (millis < 0) return Number.NaN
  }
  const days = 365 * (year - 1970) + Math.floor((year - 1969) / 4) - Math.floor((year - 1901) / 100) +
    Math.floor((year - 1601) / 400) + DAYS_BEFORE_MONTH[month - 1]! + (leap && month > 2 ? 1 : 0) + day - 1
  return days * DAY + hour * 3_600_000 + minute * 60_000 + second * 1000 + millis
}

/**
 * Reads an ISO 8601 instant with `Z` or an explicit offset: milliseconds since the epoch, or `NaN`
 * when the text is not one (a day or time out of range, as February 31st, included). The common forms `YYYY-MM-DDTHH:MM:SS(.sss)Z` with a valid date and time
 * are read by hand, about four times faster than `Date.parse`; everything else goes to `Date.parse`,
 * which gives the same number for the common forms.
 *
 * @internal
 */
export const parseInstant = (text: string): number => {
  const millis = parseCommon(text)
  if (!Number.isNaN(millis)) return millis
  const fields = isoInstant.exec(text)
  if (fields === null) return Number.NaN
  // `Date.parse` rolls a day past the month's end (February 31st) over into the next month: refused here
  // (a field left out is NaN, which no comparison holds for)
  const [, year, month, day, hour, minute, second, offsetHour, offsetMinute] = fields.map(Number) as Array<number>
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return Number.NaN
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHour! > 23 || offsetMinute! > 59) return Number.NaN
  return Date.parse(text)
}

/**
 * The UTC instant at `millis` since the epoch, made as Effect's internals allow (`effect/utc.ts`).
 *
 * @internal
 */
export { utcFromMillis }

// The instants decoded last, by their text: an answer repeats its times many times over (a planned time and an
// equal estimate, a leg's arrival and the next leg's departure, the stops that several trips share), and a
// `DateTime.Utc` is immutable, so one instance serves every repeat. The slot of a text comes from the last digit
// of its day and its time of day to ten seconds, read without parsing it; a text that meets another in its slot
// takes its place, which costs a parse and nothing else. Cheaper than a `Map`, which would hash every text in full.
const SLOTS = 8192
const texts: Array<string | undefined> = new Array(SLOTS).fill(undefined)
const instants: Array<DateTime.Utc | undefined> = new Array(SLOTS).fill(undefined)
// the call of `forgetInstants` each slot was filled after
const fills = new Int32Array(SLOTS)
let generation = 1

// The slot of `YYYY-MM-DDTHH:MM:SS...` by its ten seconds (any text of 18 characters or more has one; the character
// codes stand for the digits): instants less than 22 hours apart never share one, unless the last digit of the day
// goes from 9 to 0 between them.
const slotOf = (text: string): number =>
  (text.charCodeAt(9) * 8640 + text.charCodeAt(11) * 3600 + text.charCodeAt(12) * 360 + text.charCodeAt(14) * 60 +
    text.charCodeAt(15) * 6 + text.charCodeAt(17)) & (SLOTS - 1)

/**
 * Forgets the instants remembered: the decode benchmark starts each call from none, as a client that has
 * not seen the document's times before.
 *
 * @internal
 */
export const forgetInstants = (): void => {
  generation++
}

/**
 * The instant a timestamp's text names (see {@link parseInstant}), or `undefined` when it names none.
 *
 * @internal
 */
export const instantOf = (text: string): DateTime.Utc | undefined => {
  if (text.length < 18) {
    const millis = parseInstant(text)
    return Number.isNaN(millis) ? undefined : utcFromMillis(millis)
  }
  const slot = slotOf(text)
  if (texts[slot] === text && fills[slot] === generation) return instants[slot]
  const millis = parseInstant(text)
  if (Number.isNaN(millis)) return undefined
  const instant = utcFromMillis(millis)
  texts[slot] = text
  instants[slot] = instant
  fills[slot] = generation
  return instant
}

const decodeTimestamp = (text: string, _: unknown, ast: AST.Transformation) => {
  const instant = instantOf(text)
  return instant === undefined
    ? ParseResult.fail(new ParseResult.Type(ast, text, `expected an ISO 8601 timestamp in UTC, got "${text}"`))
    : ParseResult.succeed(instant)
}

// The fast decoder's way to the same result: no `Either`, nothing checked twice.
const fastTimestamp = (input: unknown): DateTime.Utc | NoMatch =>
  typeof input === "string" ? instantOf(input) ?? NoMatch : NoMatch

/**
 * A timestamp of a response (`Trip.Timestamp`), here so that rapidJSON codecs use it without loading the trip.
 *
 * @internal
 */
export const Timestamp: Schema.Schema<DateTime.Utc, string> = Schema.transformOrFail(
  Schema.String,
  Schema.DateTimeUtcFromSelf,
  {
    strict: true,
    decode: decodeTimestamp,
    encode: (instant) => ParseResult.succeed(DateTime.formatIso(instant))
  }
).annotations({
  identifier: "Timestamp",
  jsonSchema: { type: "string", format: "date-time" },
  [FastDecodeId]: fastTimestamp
})

/**
 * A timestamp as rapidJSON writes it: read as {@link Timestamp}, written without fractions of a second
 * when it has none (`2026-03-02T07:37:00Z`, the Mentz `dateTime` pattern), with them otherwise, so that
 * nothing is lost.
 *
 * @internal
 */
export const WireTimestamp: Schema.Schema<DateTime.Utc, string> = Schema.transformOrFail(
  Schema.String,
  Schema.DateTimeUtcFromSelf,
  {
    strict: true,
    decode: decodeTimestamp,
    encode: (instant) => {
      const text = DateTime.formatIso(instant)
      return ParseResult.succeed(text.endsWith(".000Z") ? `${text.slice(0, -5)}Z` : text)
    }
  }
).annotations({
  identifier: "WireTimestamp",
  jsonSchema: { type: "string", format: "date-time" },
  [FastDecodeId]: fastTimestamp
})
