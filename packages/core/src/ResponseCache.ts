/**
 * How long a client with `cache` keeps an answer: per operation a time to live that fits how fast its
 * data changes, unless the server says otherwise (`Cache-Control`, `Expires`) or the client's
 * `cache.timeToLive` replaces it.
 *
 * ```ts
 * import { EfaClient } from "@efa-kit/core"
 *
 * // stop searches kept an hour instead of six, notices not at all
 * EfaClient.layer({
 *   baseUrl: "https://efa.example/mngvvs/",
 *   cache: { timeToLive: { stopFinder: "1 hour", addInfo: 0 } }
 * })
 * ```
 *
 * @since 0.1.0
 */
import * as Duration from "effect/Duration"

/**
 * The default time to live of each operation's answers, by method name. An operation not listed
 * keeps its answers {@link DEFAULT_TIME_TO_LIVE}.
 *
 * - real-time answers (a departure board, a sharing vehicle, trips with delays): seconds;
 * - notices: a minute, as they are published and withdrawn during the day;
 * - stop searches, stops near a point, the lines of a stop: six hours (timetable data, changed at
 *   night);
 * - operating areas and line geometry: a day.
 *
 * @since 0.1.0
 * @category constants
 */
export const timesToLive: Readonly<Record<string, Duration.Duration>> = {
  departures: Duration.seconds(15),
  vehicleDetail: Duration.seconds(15),
  trip: Duration.seconds(30),
  addInfo: Duration.minutes(1),
  stopFinder: Duration.hours(6),
  coordInfo: Duration.hours(6),
  servingLines: Duration.hours(6),
  opArea: Duration.hours(24),
  geoObject: Duration.hours(24)
}

/**
 * The time to live of an operation that {@link timesToLive} does not list.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_TIME_TO_LIVE: Duration.Duration = Duration.seconds(30)
