// Instants as ISO 8601 strings with the offset of a time zone, as hafas-client writes them.

const formats = new Map<string, Intl.DateTimeFormat>()

const formatOf = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit"
    })
    formats.set(timeZone, format)
  }
  return format
}

const pad = (n: number): string => String(Math.abs(n)).padStart(2, "0")

/** `2026-03-02T08:34:00+01:00`: the wall-clock time of an instant in a zone, with the zone's offset then. */
export const isoInZone = (instant: Date, timeZone: string): string => {
  const parts: Record<string, string> = {}
  for (const part of formatOf(timeZone).formatToParts(instant)) parts[part.type] = part.value
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!)
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
  const sign = offsetMinutes < 0 ? "-" : "+"
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}` +
    `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`
}

/** A `when`-like option as a `Date`: a `Date`, epoch milliseconds or an ISO string; `undefined` stays. */
export const toDate = (value: unknown, name: string): Date | undefined => {
  if (value === undefined || value === null) return undefined
  const date = value instanceof Date ? value : new Date(value as string | number)
  if (Number.isNaN(date.getTime())) throw new TypeError(`${name} is invalid`)
  return date
}
