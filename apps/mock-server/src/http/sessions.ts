/**
 * Trip sessions, as a real EFA server keeps them: a trip request with `sessionID=0` opens a session and
 * its answer carries the session's `sessionID` and `requestID` (contract JSON: top-level fields; rapidJSON:
 * in the answer's `properties`, as legacy JSON carries them in `parameters`). `command=tripNext` /
 * `tripPrev` with that `sessionID` and `requestID` answers the next or previous page of the stored request:
 * from a minute after the last departure of the session's latest page, or, by arrival, up to a minute
 * before its first arrival.
 *
 * A session lives {@link SESSION_TTL_MILLIS} of the fake's clock after its last use, and at most
 * {@link MAX_SESSIONS} are kept (the least recently used goes first), so memory stays bounded. An unknown
 * or expired session, or a `requestID` the session did not give, answers HTTP 400 with a JSON body naming
 * the parameter, as a server behind a load balancer answers a session it does not hold.
 *
 * @since 0.1.0
 */
import { LocalDateTime, type Operation } from "@efa-kit/core"
import { DateTime } from "effect"
import { invalidBody } from "./responses.js"

/**
 * How long a session lives after its last use, on the fake's clock.
 *
 * @since 0.1.0
 * @category constants
 */
export const SESSION_TTL_MILLIS = 5 * 60_000

/**
 * The most sessions kept at once.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_SESSIONS = 1000

const MINUTE = 60_000

/** The parameters of the session protocol, taken off before the request is answered. */
const SESSION_PARAMS = new Set(["sessionID", "requestID", "command"])

type Pairs = ReadonlyArray<readonly [string, string]>

interface Session {
  readonly pairs: Pairs
  readonly requestID: number
  readonly lastDeparture: number | undefined
  readonly firstArrival: number | undefined
  readonly usedAt: number
}

/**
 * A finished answer as the session layer sees it.
 *
 * @since 0.1.0
 * @category models
 */
export interface SessionAnswer {
  readonly status: 200 | 400
  readonly body: string
}

/**
 * Whether a query speaks the session protocol (has `sessionID`).
 *
 * @since 0.1.0
 * @category utils
 */
export const hasSession = (pairs: Pairs): boolean => pairs.some(([key]) => key === "sessionID")

const valueOf = (pairs: Pairs, key: string): string | undefined => pairs.find(([name]) => name === key)?.[1]

// the first departure and last arrival of each trip of an answer, in either dialect
const tripTimes = (body: Record<string, unknown>): { departures: Array<number>; arrivals: Array<number> } => {
  const trips = (Array.isArray(body.trips) ? body.trips : Array.isArray(body.journeys) ? body.journeys : []) as Array<
    { legs?: Array<{ origin?: { departureTimePlanned?: string }; destination?: { arrivalTimePlanned?: string } }> }
  >
  const departures: Array<number> = []
  const arrivals: Array<number> = []
  for (const trip of trips) {
    const legs = trip.legs ?? []
    const departure = Date.parse(legs[0]?.origin?.departureTimePlanned ?? "")
    const arrival = Date.parse(legs.at(-1)?.destination?.arrivalTimePlanned ?? "")
    if (Number.isFinite(departure)) departures.push(departure)
    if (Number.isFinite(arrival)) arrivals.push(arrival)
  }
  return { departures, arrivals }
}

const extreme = (pick: (...values: Array<number>) => number, values: Array<number | undefined>) => {
  const known = values.filter((value): value is number => value !== undefined)
  return known.length === 0 ? undefined : pick(...known)
}

const withIds = (body: Record<string, unknown>, sessionID: string, requestID: number): Record<string, unknown> => {
  const ids = { sessionID, requestID: String(requestID) }
  // rapidJSON answers have `version`; its free-form `properties` holds what the schema has no field for
  if (typeof body.version === "string") {
    const properties = typeof body.properties === "object" && body.properties !== null ? body.properties : {}
    return { ...body, properties: { ...properties, ...ids } }
  }
  return { ...body, ...ids }
}

/**
 * The sessions of one fake: cleared with the admin reset.
 *
 * @since 0.1.0
 * @category models
 */
export class TripSessions {
  readonly #sessions = new Map<string, Session>()
  #next = 1

  constructor(readonly maxSessions: number = MAX_SESSIONS, readonly ttlMillis: number = SESSION_TTL_MILLIS) {}

  /** The sessions kept now. */
  get size(): number {
    return this.#sessions.size
  }

  /** Forgets every session. */
  clear(): void {
    this.#sessions.clear()
  }

  #store(id: string, session: Session): void {
    this.#sessions.delete(id)
    this.#sessions.set(id, session)
    while (this.#sessions.size > this.maxSessions) {
      this.#sessions.delete(this.#sessions.keys().next().value!)
    }
  }

  #live(id: string, now: number): Session | undefined {
    const session = this.#sessions.get(id)
    if (session === undefined) return undefined
    if (now - session.usedAt > this.ttlMillis || now < session.usedAt - this.ttlMillis) {
      this.#sessions.delete(id)
      return undefined
    }
    return session
  }

  /**
   * Answers a query with `sessionID`: `answer` answers the plain request (without the session parameters).
   * A query whose plain answer is no trip answer (status 400) opens no session.
   */
  answer(
    operation: Operation.Any,
    pairs: Pairs,
    now: DateTime.Utc,
    timeZone: DateTime.TimeZone,
    answer: (pairs: Pairs) => SessionAnswer
  ): SessionAnswer {
    const nowMillis = DateTime.toEpochMillis(now)
    const sessionID = valueOf(pairs, "sessionID") ?? "0"
    const command = valueOf(pairs, "command")
    const plain = pairs.filter(([key]) => !SESSION_PARAMS.has(key))
    if (sessionID === "0" && (command === undefined || command === "")) {
      const id = `FAKE_${this.#next++}`
      return this.#page(id, plain, 1, nowMillis, answer)
    }
    const invalid = (parameter: string, message: string): SessionAnswer => ({
      status: 400,
      body: JSON.stringify(invalidBody(operation, [{ parameter, message }]))
    })
    if (command !== "tripNext" && command !== "tripPrev") {
      return invalid("command", "must be tripNext or tripPrev with a session, or absent with sessionID=0")
    }
    const session = this.#live(sessionID, nowMillis)
    if (session === undefined) return invalid("sessionID", "is no session of this server (unknown or expired)")
    if (valueOf(pairs, "requestID") !== String(session.requestID)) {
      return invalid("requestID", `is not the request of session ${sessionID}`)
    }
    const later = command === "tripNext"
    const time = later ? session.lastDeparture : session.firstArrival
    if (time === undefined) return this.#page(sessionID, session.pairs, session.requestID + 1, nowMillis, answer)
    const at = LocalDateTime.toLocalParts(DateTime.unsafeMake(later ? time + MINUTE : time - MINUTE), timeZone)
    const shifted: Pairs = [
      ...session.pairs.filter(([key]) => key !== "itdDate" && key !== "itdTime" && key !== "itdTripDateTimeDepArr"),
      ["itdDate", at.date],
      ["itdTime", at.time],
      ["itdTripDateTimeDepArr", later ? "dep" : "arr"]
    ]
    return this.#page(sessionID, session.pairs, session.requestID + 1, nowMillis, answer, shifted)
  }

  #page(
    id: string,
    stored: Pairs,
    requestID: number,
    now: number,
    answer: (pairs: Pairs) => SessionAnswer,
    asked: Pairs = stored
  ): SessionAnswer {
    const plain = answer(asked)
    if (plain.status !== 200) return plain
    const body = JSON.parse(plain.body) as Record<string, unknown>
    const { arrivals, departures } = tripTimes(body)
    const previous = this.#sessions.get(id)
    this.#store(id, {
      pairs: stored,
      requestID,
      // the session spans every page it gave: the next page follows the latest, the previous precedes the first
      lastDeparture: extreme(Math.max, [...departures, previous?.lastDeparture]),
      firstArrival: extreme(Math.min, [...arrivals, previous?.firstArrival]),
      usedAt: now
    })
    return { status: 200, body: JSON.stringify(withIds(body, id, requestID)) }
  }
}
