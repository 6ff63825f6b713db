// The row kind of a date with its time in the deployment's zone: two wire parameters (a compact date and a
// clock time) that map to one instant of the model, read and written as wall-clock time in the zone the
// query codec is built for. Every operation that takes a time uses it, so that the rules (both halves or
// neither, the formats, the zone) are written once. Built here rather than in `paramTable.ts` so that a
// program using only the stop finder does not load the date handling.
import type * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import type * as Schema from "effect/Schema"
import * as LocalDateTime from "../../LocalDateTime.js"
import { opt } from "./params.js"
import type { IssueCollector } from "./query.js"
import { ClockTimeParam } from "./wireValues.js"

/**
 * How the time goes out: `HHMM` (`itdTime`, as the trip and board requests take it) or `HH:MM` (the trip's
 * stops request's `time`). Both forms are read.
 *
 * @internal
 */
export type TimeFormat = "HHMM" | "HH:MM"

type DateTimeFields<D extends string, T extends string> =
  & { readonly [K in D]: typeof LocalDateTime.CompactDateParam }
  & { readonly [K in T]: typeof ClockTimeParam }

type OptionalDateTimeFields<D extends string, T extends string> =
  & { readonly [K in D]: Schema.optionalWith<typeof LocalDateTime.CompactDateParam, { exact: true }> }
  & { readonly [K in T]: Schema.optionalWith<typeof ClockTimeParam, { exact: true }> }

type DateTimeValues<D extends string, T extends string> =
  & { readonly [K in D]: LocalDateTime.CalendarDate }
  & { readonly [K in T]: string }

/**
 * A date and its time in the deployment's zone: the wire parameters `date` (`YYYYMMDD`) and `time`, one
 * instant in the model. A problem with the date is reported at the date's parameter, with the time at the
 * time's; one half without the other at the missing one.
 *
 * @internal
 */
export interface LocalDateTimeParam<D extends string, T extends string> {
  readonly dateName: D
  readonly timeName: T
  /** The wire fields, for a time every request has. */
  readonly params: DateTimeFields<D, T>
  /** The wire fields, for a time a request may leave out. */
  readonly optionalParams: OptionalDateTimeFields<D, T>
  /** Wire to model: the instant, or `undefined` when both halves are absent or it does not read (then with an issue). */
  readonly decode: (params: object, timeZone: DateTime.TimeZone, issues: IssueCollector) => DateTime.Utc | undefined
  /** Model to wire: both parameters, added to `into`. */
  readonly encode: <Into extends object>(
    instant: DateTime.Utc,
    timeZone: DateTime.TimeZone,
    into: Into
  ) => Into & DateTimeValues<D, T>
}

/**
 * Builds the date-and-time parameters `date`/`time` of a request, read and written in the deployment's zone.
 *
 * @internal
 */
export const localDateTime = <const D extends string, const T extends string>(
  dateName: D,
  timeName: T,
  options: { readonly timeFormat?: TimeFormat } = {}
): LocalDateTimeParam<D, T> => {
  const colon = options.timeFormat === "HH:MM"
  // computed keys are typed as a string index: the two fields are the row's
  const params = { [dateName]: LocalDateTime.CompactDateParam, [timeName]: ClockTimeParam } as DateTimeFields<D, T>
  const optionalParams = {
    [dateName]: opt(LocalDateTime.CompactDateParam),
    [timeName]: opt(ClockTimeParam)
  } as OptionalDateTimeFields<D, T>
  return {
    dateName,
    timeName,
    params,
    optionalParams,
    decode: (p, timeZone, issues) => {
      const date: LocalDateTime.CalendarDate | undefined = Reflect.get(p, dateName)
      const time: string | undefined = Reflect.get(p, timeName)
      if (date === undefined || time === undefined) {
        if (date !== undefined) issues.add(timeName, undefined, `${dateName} needs ${timeName}`)
        else if (time !== undefined) issues.add(dateName, undefined, `${timeName} needs ${dateName}`)
        return undefined
      }
      const instant = LocalDateTime.fromLocalParts(date.replace(/-/g, ""), time, timeZone)
      if (Either.isRight(instant)) return instant.right
      const field = instant.left.field === "date" ? dateName : timeName
      issues.add(field, field === dateName ? date : time, instant.left.message)
      return undefined
    },
    encode: (instant, timeZone, into) => {
      const local = LocalDateTime.toLocalParts(instant, timeZone)
      // the date parameter's model is the calendar date (`YYYY-MM-DD`); its schema writes `YYYYMMDD`
      Reflect.set(into, dateName, `${local.date.slice(0, 4)}-${local.date.slice(4, 6)}-${local.date.slice(6)}`)
      Reflect.set(into, timeName, colon ? `${local.time.slice(0, 2)}:${local.time.slice(2)}` : local.time)
      // the two fields were set just above
      return into as typeof into & DateTimeValues<D, T>
    }
  }
}
