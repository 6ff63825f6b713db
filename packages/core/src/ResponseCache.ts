/**
 * How long a client with `cache` keeps an answer: per operation a time to live that fits how fast its
 * data changes (`Operation.timeToLive`, in the operation's module: 15 seconds for a departure board, 6
 * hours for a stop search, a day for operating areas), unless the server says otherwise (`Cache-Control`,
 * `Expires`) or the client's `cache.timeToLive` replaces it.
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
 * The time to live of an operation whose descriptor gives none (`Operation.timeToLive`).
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_TIME_TO_LIVE: Duration.Duration = Duration.seconds(30)
