/**
 * UTC instants made from epoch milliseconds without the detour through a `Date`: a copy of one instance with
 * its time replaced, which must give exactly what `DateTime.unsafeMake` gives (the agreement test compares
 * them).
 *
 * @internal
 */
import * as DateTime from "effect/DateTime"

const EPOCH = DateTime.unsafeMake(0)

/**
 * The UTC instant at `millis` since the epoch: `DateTime.unsafeMake(millis)` without the detour
 * through a `Date`, which costs more than the rest of decoding a timestamp.
 *
 * @internal
 */
export const utcFromMillis = (millis: number): DateTime.Utc => DateTime.mapEpochMillis(EPOCH, () => millis)
