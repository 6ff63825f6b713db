import { DateTime } from "effect"

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/

// Two decimal digits at `at`, or -1.
const two = (text: string, at: number): number => {
  const a = text.charCodeAt(at) - 48
  const b = text.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

const DAY = 86_400_000

// Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's `days_from_civil`).
const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28)
    : month === 4 || month === 6 || month === 9 || month === 11
    ? 30
    : 31

// `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS.sssZ` with every field in range, else NaN.
const parseCommon = (text: string): number => {
  const length = text.length
  if ((length !== 20 && length !== 24) || text.charCodeAt(length - 1) !== 90) return Number.NaN
  if (
    text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58
  ) return Number.NaN
  const century = two(text, 0)
  const yearOfCentury = two(text, 2)
  const month = two(text, 5)
  const day = two(text, 8)
  const hour = two(text, 11)
  const minute = two(text, 14)
  const second = two(text, 17)
  if (century < 0 || yearOfCentury < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return Number.NaN
  if (second < 0 || second > 59 || month < 1 || month > 12 || day < 1) return Number.NaN
  const year = century * 100 + yearOfCentury
  if (day > daysInMonth(year, month)) return Number.NaN
  let millis = 0
  if (length === 24) {
    if (text.charCodeAt(19) !== 46) return Number.NaN
    const high = two(text, 20)
    const low = text.charCodeAt(22) - 48
    if (high < 0 || low < 0 || low > 9) return Number.NaN
    millis = high * 10 + low
  }
  return daysFromCivil(year, month, day) * DAY + hour * 3_600_000 + minute * 60_000 + second * 1000 + millis
}

/**
 * Reads an ISO 8601 instant with `Z` or an explicit offset: milliseconds since the epoch, or `NaN`
 * when the text is not one. The common forms `YYYY-MM-DDTHH:MM:SS(.sss)Z` with a valid date and time
 * are read by hand, about four times faster than `Date.parse`; everything else goes to `Date.parse`,
 * which gives the same number for the common forms.
 *
 * @internal
 */
export const parseInstant = (text: string): number => {
  const millis = parseCommon(text)
  if (!Number.isNaN(millis)) return millis
  return isoInstant.test(text) ? Date.parse(text) : Number.NaN
}

const EPOCH = DateTime.unsafeMake(0)

/**
 * The UTC instant at `millis` since the epoch: `DateTime.unsafeMake(millis)` without the detour
 * through a `Date`, which costs more than the rest of decoding a timestamp.
 *
 * @internal
 */
export const utcFromMillis = (millis: number): DateTime.Utc => DateTime.mapEpochMillis(EPOCH, () => millis) as DateTime.Utc
