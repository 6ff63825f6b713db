// The strings hafas-client's callers keep and give back: a trip's ID carries what a run's stops request needs
// (line, stop, trip code, time); a refresh token carries the planned trip that `refreshTrip` asks again.

/** What `tripStops` needs of a run. */
export interface RunKey {
  readonly line: string
  readonly stop: string
  readonly tripCode: number
  readonly dateTime: Date
}

const PREFIX = "efa1"

/** `efa1|<trip code>|<stop>|<epoch minutes>|<line>`, each part URI-encoded. */
export const tripIdOf = (key: RunKey): string =>
  [PREFIX, String(key.tripCode), key.stop, String(Math.floor(key.dateTime.getTime() / 60_000)), key.line]
    .map(encodeURIComponent).join("|")

/** The run of a trip ID, or why it is not one of this client's. */
export const runOf = (tripId: string): RunKey | string => {
  const parts = tripId.split("|").map((part) => {
    try {
      return decodeURIComponent(part)
    } catch {
      return ""
    }
  })
  const [prefix, code, stop, minutes, line] = parts
  const tripCode = Number(code)
  const epochMinutes = Number(minutes)
  if (
    parts.length !== 5 || prefix !== PREFIX || !Number.isSafeInteger(tripCode) || tripCode < 0 || !stop ||
    !Number.isSafeInteger(epochMinutes) || !line
  ) {
    return `not a trip ID of an EFA client: ${JSON.stringify(tripId)}`
  }
  return { line, stop, tripCode, dateTime: new Date(epochMinutes * 60_000) }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text)
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): string => {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"))
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}

/** A refresh token: the planned trip as JSON (instants as ISO strings), base64url. */
export const refreshTokenOf = (trip: unknown): string => `${PREFIX}.${toBase64Url(JSON.stringify(trip))}`

/** The planned trip of a refresh token (instants as `Date`s again), or why it is not one. */
export const tripOfToken = (token: string): unknown => {
  const invalid = `not a refresh token of an EFA client: ${JSON.stringify(token.slice(0, 40))}`
  if (!token.startsWith(`${PREFIX}.`)) return { invalid }
  try {
    const trip = JSON.parse(
      fromBase64Url(token.slice(PREFIX.length + 1)),
      (_, value) => typeof value === "string" && ISO_INSTANT.test(value) ? new Date(value) : value
    )
    return typeof trip === "object" && trip !== null && Array.isArray(trip.legs) ? { trip } : { invalid }
  } catch {
    return { invalid }
  }
}
