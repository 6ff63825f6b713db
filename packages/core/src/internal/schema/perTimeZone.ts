/**
 * One value per deployment time zone, built on first use and kept: the query codecs that write dates and
 * times in the deployment's zone are built once per zone, not once per request.
 *
 * @internal
 */
import * as DateTime from "effect/DateTime"

/** @internal */
export const perTimeZone = <A>(
  make: (timeZone: DateTime.TimeZone) => A
): (context: { readonly timeZone: DateTime.TimeZone }) => A => {
  const built = new Map<string, A>()
  return (context) => {
    const key = DateTime.zoneToString(context.timeZone)
    let value = built.get(key)
    if (value === undefined) {
      value = make(context.timeZone)
      built.set(key, value)
    }
    return value
  }
}
