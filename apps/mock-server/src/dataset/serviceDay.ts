/**
 * The origin of a service day, from which its times count: noon minus twelve hours in the deployment's zone
 * (the GTFS convention), so `24:35` is 00:35 on the next calendar day and a daylight-saving change does not
 * shift the timetable. The dataset layer's, as a GTFS feed's conversion needs it too.
 *
 * @since 0.1.0
 */
import { DateTime, Option } from "effect"

/**
 * Epoch seconds of a service day's origin: noon minus twelve hours in the zone.
 *
 * @since 0.1.0
 * @category dates
 */
export const serviceDayOrigin = (date: string, timeZone: DateTime.TimeZone): number => {
  const noon = DateTime.makeZoned(
    { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hours: 12 },
    { timeZone, adjustForTimeZone: true }
  )
  const millis = Option.match(noon, {
    onNone: () => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12),
    onSome: DateTime.toEpochMillis
  })
  return Math.round(millis / 1000) - 12 * 3600
}
