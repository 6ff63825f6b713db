/**
 * Sessions to page in, as a real EFA server keeps them, for trips and boards: a trip or board request with
 * `sessionID=0` opens a session and its answer carries the session's `sessionID` and `requestID` (contract
 * JSON: top-level fields; rapidJSON: in the answer's `properties`, as legacy JSON carries them in
 * `parameters`). With that `sessionID` and `requestID`, `command=tripNext` / `tripPrev` (trips) or
 * `dmNext` / `dmPrev` (boards) answers the next or previous page of the stored request:
 *
 * - trips: from a minute after the latest departure the session has given, or, by arrival, up to a minute
 *   before its earliest arrival;
 * - boards (departures and arrivals): the page's size of events after the latest event the session has
 *   given, or before its earliest, never one it gave.
 *
 * A session's ID is `FAKE_` and 128 random bits in hex, and each page's `requestID` a new random number of 19
 * digits: another client cannot guess a session, nor the next page's request from a page it saw.
 *
 * A session lives {@link SESSION_TTL_MILLIS} of the fake's clock after its last use, and at most
 * {@link MAX_SESSIONS} are kept (the least recently used goes first), so memory stays bounded. An unknown
 * or expired session, a `requestID` the session did not give, or a command of another kind answers HTTP 400
 * with a JSON body naming the parameter, as a server behind a load balancer answers a session it does not hold.
 *
 * @since 0.1.0
 */
import { LocalDateTime, type Operation } from "@efa-kit/core"
import { DateTime } from "effect"
import { DEFAULT_LIMIT } from "../answers/departures.js"
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

/** The most events a board answers (the contract's `limit` bound). */
const MAX_BOARD = 500

/** The parameters of the session protocol, taken off before the request is answered. */
const SESSION_PARAMS = new Set(["sessionID", "requestID", "command"])

type Pairs = ReadonlyArray<readonly [string, string]>

type Body = Record<string, unknown>

/**
 * A finished answer as the session layer sees it.
 *
 * @since 0.1.0
 * @category models
 */
interface SessionAnswer {
  readonly status: 200 | 400
  readonly body: string
}

/** The answer of a page: a body to pass on with the session's ids, or a refusal as it is. */
type PageAnswer = { readonly status: 200; readonly json: Body } | SessionAnswer & { readonly status: 400 }

const parsed = (answer: SessionAnswer): PageAnswer =>
  answer.status === 200 ? { status: 200, json: JSON.parse(answer.body) as Body } : { ...answer, status: 400 }

/**
 * What differs between the kinds of pages (trips, boards): the commands, what the session remembers of the
 * pages it gave, and how the next or previous page is asked.
 */
interface PageKind<Edges> {
  readonly next: string
  readonly previous: string
  /** What the session remembers after a page (`before`: what it remembered before it). */
  readonly edges: (body: Body, stored: Pairs, before: Edges | undefined) => Edges
  /** The next (`later`) or previous page of the stored request. */
  readonly page: (
    stored: Pairs,
    edges: Edges,
    later: boolean,
    timeZone: DateTime.TimeZone,
    answer: (pairs: Pairs) => SessionAnswer
  ) => PageAnswer
}

interface Session {
  readonly kind: PageKind<unknown>
  readonly pairs: Pairs
  readonly requestID: string
  readonly edges: unknown
  readonly usedAt: number
}

/**
 * Whether a query speaks the session protocol (has `sessionID`).
 *
 * @since 0.1.0
 * @category utils
 */
export const hasSession = (pairs: Pairs): boolean => pairs.some(([key]) => key === "sessionID")

const valueOf = (pairs: Pairs, key: string): string | undefined => pairs.find(([name]) => name === key)?.[1]

const extreme = (pick: (...values: Array<number>) => number, values: Array<number | undefined>) => {
  const known = values.filter((value): value is number => value !== undefined)
  return known.length === 0 ? undefined : pick(...known)
}

// the stored request at another wall-clock time (and other parameters), in the deployment's zone
const at = (stored: Pairs, millis: number, timeZone: DateTime.TimeZone, extra: Pairs): Pairs => {
  const local = LocalDateTime.toLocalParts(DateTime.unsafeMake(millis), timeZone)
  const replaced = new Set(["itdDate", "itdTime", ...extra.map(([key]) => key)])
  return [...stored.filter(([key]) => !replaced.has(key)), ["itdDate", local.date], ["itdTime", local.time], ...extra]
}

// ---------------------------------------------------------------------------------------------------
// trips
// ---------------------------------------------------------------------------------------------------

interface TripEdges {
  readonly lastDeparture: number | undefined
  readonly firstArrival: number | undefined
}

// the first departure and last arrival of each trip of an answer, in either dialect
const tripTimes = (body: Body): { departures: Array<number>; arrivals: Array<number> } => {
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

const trips: PageKind<TripEdges> = {
  next: "tripNext",
  previous: "tripPrev",
  // the session spans every page it gave: the next page follows the latest, the previous precedes the first
  edges: (body, _, before) => {
    const { arrivals, departures } = tripTimes(body)
    return {
      lastDeparture: extreme(Math.max, [...departures, before?.lastDeparture]),
      firstArrival: extreme(Math.min, [...arrivals, before?.firstArrival])
    }
  },
  page: (stored, edges, later, timeZone, answer) => {
    const time = later ? edges.lastDeparture : edges.firstArrival
    if (time === undefined) return parsed(answer(stored))
    const shifted = at(stored, later ? time + MINUTE : time - MINUTE, timeZone, [
      ["itdTripDateTimeDepArr", later ? "dep" : "arr"]
    ])
    return parsed(answer(shifted))
  }
}

// ---------------------------------------------------------------------------------------------------
// boards
// ---------------------------------------------------------------------------------------------------

interface BoardEvent {
  readonly key: string
  readonly time: number
}

interface BoardEdges {
  /** The events given in the minute of the earliest event and of the latest, each once. */
  readonly atEdges: ReadonlyArray<BoardEvent>
  readonly first: number | undefined
  readonly last: number | undefined
  /** The events of a page. */
  readonly size: number
}

type WireEvent = {
  readonly departureTimePlanned?: string
  readonly arrivalTimePlanned?: string
  readonly lineId?: string
  readonly tripCode?: number | string
  readonly transportation?: { readonly id?: string; readonly properties?: { readonly tripCode?: number | string } }
  readonly location?: { readonly id?: string }
}

// a board's events in either dialect (contract JSON `events`, rapidJSON `stopEvents`)
const eventsField = (body: Body): "events" | "stopEvents" => Array.isArray(body.stopEvents) ? "stopEvents" : "events"

const boardEvents = (body: Body): ReadonlyArray<WireEvent> => {
  const events = body[eventsField(body)]
  return Array.isArray(events) ? events as ReadonlyArray<WireEvent> : []
}

// an event's time as its board orders it (the arrival on arrival boards) and its identity across pages
const boardEvent = (event: WireEvent): BoardEvent => {
  const time = Date.parse(event.arrivalTimePlanned ?? event.departureTimePlanned ?? "")
  const line = event.lineId ?? event.transportation?.id ?? ""
  const tripCode = event.tripCode ?? event.transportation?.properties?.tripCode ?? ""
  return { key: `${line}|${tripCode}|${time}|${event.location?.id ?? ""}`, time }
}

const minuteOf = (millis: number) => Math.floor(millis / MINUTE) * MINUTE

const withEvents = (body: Body, events: ReadonlyArray<WireEvent>): Body => ({ ...body, [eventsField(body)]: events })

const boards: PageKind<BoardEdges> = {
  next: "dmNext",
  previous: "dmPrev",
  edges: (body, stored, before) => {
    const given = [...(before?.atEdges ?? []), ...boardEvents(body).map(boardEvent)].filter((e) =>
      Number.isFinite(e.time)
    )
    const first = extreme(Math.min, given.map((event) => event.time))
    const last = extreme(Math.max, given.map((event) => event.time))
    const edges = new Map<string, BoardEvent>()
    for (const event of given) {
      const inEdge = (first !== undefined && event.time < minuteOf(first) + MINUTE) ||
        (last !== undefined && event.time >= minuteOf(last))
      if (inEdge) edges.set(event.key, event)
    }
    const limit = Number(valueOf(stored, "limit"))
    return { atEdges: [...edges.values()], first, last, size: limit > 0 ? limit : DEFAULT_LIMIT }
  },
  page: (stored, state, later, timeZone, answer) => {
    const { atEdges, first, last, size } = state
    const given = new Set(atEdges.map((event) => event.key))
    if (later) {
      if (last === undefined) return parsed(answer(stored))
      // from the latest event's minute, enough to make up for the events of that minute already given
      const asked = parsed(
        answer(at(stored, last, timeZone, [["limit", String(Math.min(MAX_BOARD, size + atEdges.length))]]))
      )
      if (asked.status !== 200) return asked
      const events = boardEvents(asked.json).filter((event) => {
        const { key, time } = boardEvent(event)
        return time >= minuteOf(last) && !given.has(key)
      })
      return { status: 200, json: withEvents(asked.json, events.slice(0, size)) }
    }
    if (first === undefined) return parsed(answer(stored))
    // back as far as it takes to fill a page before the earliest event (at most a day, as a board reaches)
    for (let span = 15 * MINUTE;; span *= 2) {
      const asked = parsed(answer(at(stored, first - span, timeZone, [["limit", String(MAX_BOARD)]])))
      if (asked.status !== 200) return asked
      const before = boardEvents(asked.json).filter((event) => {
        const { key, time } = boardEvent(event)
        return time <= first && !given.has(key)
      })
      if (before.length >= size || span >= 24 * 60 * MINUTE) {
        return { status: 200, json: withEvents(asked.json, before.slice(-size)) }
      }
    }
  }
}

const KINDS: Readonly<Record<string, PageKind<unknown>>> = {
  trip: trips as PageKind<unknown>,
  departures: boards as PageKind<unknown>
}

/**
 * Whether the fake keeps sessions for an operation (trips and boards).
 *
 * @since 0.1.0
 * @category utils
 */
export const pagesInSessions = (operation: Operation.Any): boolean => Object.hasOwn(KINDS, operation.name)

const withIds = (body: Body, sessionID: string, requestID: string): Body => {
  const ids = { sessionID, requestID }
  // rapidJSON answers have `version`; its free-form `properties` holds what the schema has no field for
  if (typeof body.version === "string") {
    const properties = typeof body.properties === "object" && body.properties !== null ? body.properties : {}
    return { ...body, properties: { ...properties, ...ids } }
  }
  return { ...body, ...ids }
}

const randomHex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("")

// A session's ID: 128 random bits, so that no client can guess another's session.
const sessionId = (): string => `FAKE_${randomHex(16)}`

// A request's ID within a session: a random whole number (as a real server's, digits), new with every page, so that
// knowing one page's ID tells nothing of the next.
const requestId = (): string =>
  String(BigInt(`0x${randomHex(8)}`) % 9_000_000_000_000_000_000n + 1_000_000_000_000_000_000n)

/**
 * The sessions of one fake, trips and boards in one store: cleared with the admin reset.
 *
 * @since 0.1.0
 * @category models
 */
export class PageSessions {
  readonly #sessions = new Map<string, Session>()

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
   * Answers a trip or board query with `sessionID`: `answer` answers the plain request (without the session
   * parameters). A query whose plain answer is refused (status 400) opens no session.
   */
  answer(
    operation: Operation.Any,
    pairs: Pairs,
    now: DateTime.Utc,
    timeZone: DateTime.TimeZone,
    answer: (pairs: Pairs) => SessionAnswer
  ): SessionAnswer {
    const kind = Object.hasOwn(KINDS, operation.name) ? KINDS[operation.name] : undefined
    const invalid = (parameter: string, message: string): SessionAnswer => ({
      status: 400,
      body: JSON.stringify(invalidBody(operation, [{ parameter, message }]))
    })
    if (kind === undefined) {
      return invalid("sessionID", `${operation.name} keeps no sessions`)
    }
    const nowMillis = DateTime.toEpochMillis(now)
    const sessionID = valueOf(pairs, "sessionID") ?? "0"
    const command = valueOf(pairs, "command")
    const plain = pairs.filter(([key]) => !SESSION_PARAMS.has(key))
    if (sessionID === "0" && (command === undefined || command === "")) {
      return this.#keep(kind, sessionId(), plain, requestId(), undefined, nowMillis, parsed(answer(plain)))
    }
    if (command !== kind.next && command !== kind.previous) {
      return invalid("command", `must be ${kind.next} or ${kind.previous} with a session, or absent with sessionID=0`)
    }
    const session = this.#live(sessionID, nowMillis)
    if (session === undefined) return invalid("sessionID", "is no session of this server (unknown or expired)")
    if (session.kind !== kind) return invalid("command", `session ${sessionID} is not one of ${operation.name}`)
    if (valueOf(pairs, "requestID") !== session.requestID) {
      return invalid("requestID", `is not the request of session ${sessionID}`)
    }
    const page = kind.page(session.pairs, session.edges, command === kind.next, timeZone, answer)
    return this.#keep(kind, sessionID, session.pairs, requestId(), session.edges, nowMillis, page)
  }

  #keep(
    kind: PageKind<unknown>,
    id: string,
    stored: Pairs,
    requestID: string,
    before: unknown,
    now: number,
    page: PageAnswer
  ): SessionAnswer {
    if (page.status !== 200) return page
    this.#store(id, { kind, pairs: stored, requestID, edges: kind.edges(page.json, stored, before), usedAt: now })
    return { status: 200, body: JSON.stringify(withIds(page.json, id, requestID)) }
  }
}
