/**
 * Pages of trips and boards, and boards over a time window.
 *
 * Every answer of the client's `trip` and `departures` carries `earlier` and `later`: opaque references
 * (strings, so they survive JSON and can be stored) that `trip({ page })` / `departures({ page })` turn into
 * the previous or next page. Paging asks the server again, without a session:
 *
 * - the later page of trips asks from one minute after the last departure of the page; the earlier page asks,
 *   with `itdTripDateTimeDepArr=arr`, for trips arriving up to one minute before the first arrival. Trips the
 *   page already had (same legs, same lines, same planned times) are dropped, so pages do not repeat;
 * - the later page of a board asks again from the last event's planned time; the earlier page from as far
 *   before the first event as the page spans. Events the page already had (by `Departures.eventKey`, the board watch's key) are
 *   dropped;
 * - `departures({ ..., window: "60 minutes" })` asks as many pages as the window needs, from the requested
 *   time (else the board's first event) to the window's end, each event once; `limit` caps the total.
 *
 * Each page is one call of the client: it goes through the rate limit, the cache and the retries as any call.
 * A reference is bound to nothing on the server, so it stays valid as long as the timetable it points into.
 *
 * Where the deployment keeps sessions (`sessions: true` on its profile), pages of trips and boards are asked
 * the stateful way EFA offers: the first call with `sessionID=0`, the next with the answer's `sessionID` and
 * `requestID` and `command=tripNext` / `tripPrev` (trips) or `dmNext` / `dmPrev` (boards); a board window
 * asks its pages after the first with `dmNext`. The reference carries the stateless request too: a session
 * the server does not know (any more) falls back to it, silently for the caller; the current span gets
 * `efa.page.session` `"fallback"` with the reason in `efa.page.session.reason`.
 *
 * @since 0.1.0
 */
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Departures from "./Departures.js"
import { type CommonError, InvalidRequestError } from "./EfaError.js"
import { withoutUndefined } from "./internal/executor/request.js"
import * as Trip from "./Trip.js"

/**
 * A request for the page a reference points to.
 *
 * @since 0.1.0
 * @category models
 */
export interface PageRequest {
  /** An `earlier` or `later` reference of a previous answer. */
  readonly page: string
}

/**
 * A trip answer with the references of its neighbouring pages.
 *
 * @since 0.1.0
 * @category models
 */
export interface TripPage extends Trip.TripResponse {
  /** The page of trips before this one. */
  readonly earlier: string
  /** The page of trips after this one. */
  readonly later: string
}

/**
 * A board request, optionally over a time window.
 *
 * @since 0.1.0
 * @category models
 */
export type BoardRequest = Departures.DeparturesRequestInput & {
  /** The span of time the board covers (`"60 minutes"`), asked in as many pages as it needs. */
  readonly window?: Duration.DurationInput | undefined
}

/**
 * A board answer with the references of its neighbouring pages.
 *
 * @since 0.1.0
 * @category models
 */
export interface BoardPage extends Departures.DeparturesResponse {
  /** The page of events before this one. */
  readonly earlier: string
  /** The page of events after this one. */
  readonly later: string
}

/**
 * Which way a stream of pages goes.
 *
 * @since 0.1.0
 * @category models
 */
export type Direction = "earlier" | "later"

/**
 * Whether a request asks for a page by reference.
 *
 * @since 0.1.0
 * @category utils
 */
export const isPageRequest = (request: unknown): request is PageRequest =>
  typeof request === "object" && request !== null && "page" in request

// ---------------------------------------------------------------------------------------------------
// references
// ---------------------------------------------------------------------------------------------------

const Reference = Schema.Struct({
  v: Schema.Literal(1),
  operation: Schema.Literal("trip", "departures"),
  /** The request of the page, as written (instants as ISO strings). */
  request: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  /** Short hashes of what the previous page had. */
  seen: Schema.Array(Schema.String),
  /** The server's session and the command for this page, where the answer came from one. */
  session: Schema.optional(Schema.Struct({
    id: Schema.String,
    requestID: Schema.String,
    command: Schema.Literal("tripNext", "tripPrev", "dmNext", "dmPrev")
  }))
})
type Reference = typeof Reference.Type

const decodeReference = Schema.decodeUnknownEither(Schema.parseJson(Reference))

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text)
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): string | undefined => {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

// A canonical request as JSON: instants as ISO strings, which every request's time field reads back.
const requestJson = (request: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(request, function(this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key]
    return DateTime.isDateTime(raw) ? DateTime.formatIso(raw) : value
  }))

const encodeReference = (reference: Reference): string => toBase64Url(JSON.stringify(reference))

const invalidPage = (operation: string, message: string) =>
  new InvalidRequestError({ operation, issues: [{ field: "page", message }] })

const readReference = (
  operation: Reference["operation"],
  page: string
): Either.Either<Reference, InvalidRequestError> => {
  const text = fromBase64Url(page)
  const decoded = text === undefined ? undefined : Either.getOrUndefined(decodeReference(text))
  if (decoded === undefined) return Either.left(invalidPage(operation, "is not a page reference of this client"))
  if (decoded.operation !== operation) {
    return Either.left(invalidPage(operation, `is a page of ${decoded.operation}, not of ${operation}`))
  }
  return Either.right(decoded)
}

// FNV-1a, 32 bits: what a page had, short enough to travel in a reference
const hash = (text: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36)
}

// an instant in a key: its epoch milliseconds (any instant an answer decodes to has them, not every one an ISO form)
const iso = (instant: DateTime.Utc | undefined): string =>
  instant === undefined ? "" : String(DateTime.toEpochMillis(instant))

const MINUTE = 60_000

// the request time of a page, on the minute; none where the answer's times lie outside what a Date holds
const timeField = (millis: number | undefined): { readonly dateTime?: string } => {
  if (millis === undefined) return {}
  const date = new Date(Math.floor(millis / MINUTE) * MINUTE)
  return Number.isNaN(date.getTime()) ? {} : { dateTime: date.toISOString() }
}

// ---------------------------------------------------------------------------------------------------
// sessions
// ---------------------------------------------------------------------------------------------------

/**
 * How pages are asked of the deployment.
 *
 * @since 0.1.0
 * @category models
 */
export interface SessionOptions {
  /** Whether the server keeps sessions to page in (the profile's `sessions`). Default: `false`. */
  readonly sessions?: boolean | undefined
}

// the server's answer to a session it does not hold: an HTTP status (400) or its error message
const isSessionRefused = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error &&
  (error._tag === "HttpStatusError" || error._tag === "ServerMessageError")

type Command = NonNullable<Reference["session"]>["command"]

// what opens a session: the first request of a paging
const OPEN = { sessionID: "0", requestID: "0" } as const

// the session of an answer, for the reference of its next or previous page
const sessionOf = (
  response: { readonly sessionID?: string | undefined; readonly requestID?: string | undefined },
  command: Command
): Pick<Reference, "session"> => {
  const { requestID, sessionID } = response
  return sessionID === undefined || requestID === undefined ? {} : { session: { id: sessionID, requestID, command } }
}

/**
 * Asks a page in its session, where it has one of this operation's `commands`: `ask` gets the session's
 * parameters, or none for the stateless request. A session the server refuses (or an answer that names
 * none) asks again the stateless way, marked on the current span; `inSession` says which way answered.
 */
const askInSession = <C extends Command, A extends { readonly sessionID?: string | undefined }, E, R>(
  session: Reference["session"],
  commands: ReadonlyArray<C>,
  ask: (
    session?: { readonly sessionID: string; readonly requestID: string; readonly command: C }
  ) => Effect.Effect<A, E, R>
): Effect.Effect<{ readonly answer: A; readonly inSession: boolean }, E, R> =>
  Effect.gen(function*() {
    const command = commands.find((known) => known === session?.command)
    if (session === undefined || command === undefined) return { answer: yield* ask(), inSession: false }
    const asked = yield* Effect.either(ask({ sessionID: session.id, requestID: session.requestID, command }))
    if (Either.isRight(asked) && asked.right.sessionID !== undefined) return { answer: asked.right, inSession: true }
    if (Either.isLeft(asked) && !isSessionRefused(asked.left)) return yield* Effect.fail(asked.left)
    // the session is gone (expired, or another server answered): the same page, asked without it
    yield* Effect.annotateCurrentSpan({
      "efa.page.session": "fallback",
      "efa.page.session.reason": Either.isLeft(asked)
        ? (asked.left as { readonly _tag: string })._tag
        : "the answer names no session"
    })
    return { answer: yield* ask(), inSession: false }
  })

const TRIP_COMMANDS = ["tripNext", "tripPrev"] as const
const BOARD_COMMANDS = ["dmNext", "dmPrev"] as const

// ---------------------------------------------------------------------------------------------------
// trips
// ---------------------------------------------------------------------------------------------------

/**
 * The identity of a trip across pages: its legs, each by mode, line, stops and planned times.
 *
 * @since 0.1.0
 * @category utils
 */
export const tripKey = (trip: Trip.Trip): string =>
  trip.legs.map((leg) =>
    [
      leg.mode.mot ?? "",
      leg.lineId ?? leg.mode.name,
      leg.tripCode ?? "",
      leg.origin.id,
      iso(leg.origin.departureTimePlanned),
      leg.destination.id,
      iso(leg.destination.arrivalTimePlanned)
    ].join("|")
  ).join(";")

const departureOf = (trip: Trip.Trip): number =>
  trip.legs.length === 0 ? Number.NaN : DateTime.toEpochMillis(trip.legs[0]!.origin.departureTimePlanned)

const arrivalOf = (trip: Trip.Trip): number =>
  trip.legs.length === 0 ? Number.NaN : DateTime.toEpochMillis(trip.legs.at(-1)!.destination.arrivalTimePlanned)

const decodeTripRequest = Schema.decodeUnknownEither(Trip.TripRequest)

/**
 * The references of a trip answer: later from a minute after its last departure, earlier by arrival up to a
 * minute before its first arrival; each carries what this page had.
 */
const tripReferences = (
  request: Trip.TripRequest,
  response: Trip.TripResponse,
  kept: ReadonlyArray<Trip.Trip>
): { readonly earlier: string; readonly later: string } => {
  const asked = response.trips
  const session = (command: "tripNext" | "tripPrev") => sessionOf(response, command)
  const base = requestJson(request)
  const seen = kept.map((trip) => hash(tripKey(trip)))
  const departures = asked.map(departureOf).filter(Number.isFinite)
  const arrivals = asked.map(arrivalOf).filter(Number.isFinite)
  const requested = request.dateTime === undefined ? undefined : DateTime.toEpochMillis(request.dateTime)
  const lastDeparture = departures.length > 0 ? Math.max(...departures) : requested
  const firstArrival = arrivals.length > 0 ? Math.min(...arrivals) : requested
  const at = timeField
  return {
    later: encodeReference({
      v: 1,
      operation: "trip",
      request: {
        ...base,
        ...at(lastDeparture === undefined ? undefined : lastDeparture + MINUTE),
        dateTimeRefersTo: "departure"
      },
      seen,
      ...session("tripNext")
    }),
    earlier: encodeReference({
      v: 1,
      operation: "trip",
      request: {
        ...base,
        ...at(firstArrival === undefined ? undefined : firstArrival - MINUTE),
        dateTimeRefersTo: "arrival"
      },
      seen,
      ...session("tripPrev")
    })
  }
}

/**
 * Asks for trips, or for the page a reference points to, and gives the answer with its references. `run`
 * is the client's call of the trip operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const trip = <E = never, R = never>(
  run: (request: Trip.TripRequestInput) => Effect.Effect<Trip.TripResponse, CommonError | E, R>,
  request: Trip.TripRequestInput | PageRequest,
  options?: SessionOptions
): Effect.Effect<TripPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const sessions = options?.sessions === true
    let input: Trip.TripRequestInput
    let seen: ReadonlySet<string> = new Set()
    let session: Reference["session"]
    if (isPageRequest(request)) {
      const reference = yield* readReference("trip", request.page)
      input = reference.request as unknown as Trip.TripRequestInput
      seen = new Set(reference.seen)
      session = sessions ? reference.session : undefined
    } else {
      input = request
    }
    const opening = sessions && !isPageRequest(request)
    const { answer: response } = yield* askInSession(
      session,
      TRIP_COMMANDS,
      (ids) => run(ids !== undefined ? { ...input, ...ids } : opening ? { ...input, ...OPEN } : input)
    )
    // the call has checked the request (fields set to undefined left out, as it does): decoding it again cannot fail
    const canonical = Either.getOrThrow(decodeTripRequest(withoutUndefined(input)))
    const trips = seen.size === 0 ? response.trips : response.trips.filter((t) => !seen.has(hash(tripKey(t))))
    return { ...response, trips, ...tripReferences(canonical, response, trips) }
  })

/**
 * Options of a stream of pages.
 *
 * @since 0.1.0
 * @category models
 */
export interface PagesOptions extends SessionOptions {
  /** Which way the pages go after the first. Default: `later`. */
  readonly direction?: Direction | undefined
}

/**
 * The pages of trips from a request (or a page reference) on, one way, for as long as the stream is pulled.
 *
 * @since 0.1.0
 * @category constructors
 */
export const tripPages = <E = never, R = never>(
  run: (request: Trip.TripRequestInput) => Effect.Effect<Trip.TripResponse, CommonError | E, R>,
  request: Trip.TripRequestInput | PageRequest,
  options?: PagesOptions
): Stream.Stream<TripPage, CommonError | E, R> => {
  const direction = options?.direction ?? "later"
  return Stream.unfoldEffect(
    request,
    (next) => Effect.map(trip(run, next, options), (page) => Option.some([page, { page: page[direction] }] as const))
  )
}

// ---------------------------------------------------------------------------------------------------
// boards
// ---------------------------------------------------------------------------------------------------

/**
 * The planned time of an event as its board orders it: the arrival on arrival boards, else the departure.
 *
 * @since 0.1.0
 * @category utils
 */
export const eventTime = (event: Departures.StopEvent): DateTime.Utc =>
  event.arrivalTimePlanned ?? event.departureTimePlanned

const eventKey = Departures.eventKey

const decodeBoardRequest = Schema.decodeUnknownEither(Departures.DeparturesRequest)

const boardReferences = (
  request: Departures.DeparturesRequest,
  asked: ReadonlyArray<Departures.StopEvent>,
  kept: ReadonlyArray<Departures.StopEvent>,
  session: { readonly sessionID?: string | undefined; readonly requestID?: string | undefined } = {}
): { readonly earlier: string; readonly later: string } => {
  const base = requestJson(request)
  const seen = kept.map((event) => hash(eventKey(event)))
  const times = asked.map((event) => DateTime.toEpochMillis(eventTime(event)))
  const requested = request.dateTime === undefined ? undefined : DateTime.toEpochMillis(request.dateTime)
  const first = times.length > 0 ? Math.min(...times) : requested
  const last = times.length > 0 ? Math.max(...times) : requested
  // the earlier page reaches back as far as this page spans, at least a quarter of an hour
  const span = first === undefined || last === undefined ? 0 : Math.max(last - first, 15 * MINUTE)
  const at = timeField
  return {
    later: encodeReference({
      v: 1,
      operation: "departures",
      request: { ...base, ...at(last) },
      seen,
      ...sessionOf(session, "dmNext")
    }),
    earlier: encodeReference({
      v: 1,
      operation: "departures",
      request: { ...base, ...at(first === undefined ? undefined : first - span) },
      seen: [...seen, ...(first === undefined ? [] : [`before:${first}`])],
      ...sessionOf(session, "dmPrev")
    })
  }
}

// drops what was seen; an earlier page also drops what comes at or after the page it came from (a session's
// earlier page goes back from everything the session gave: it needs no bound)
const unseen = (events: ReadonlyArray<Departures.StopEvent>, seen: ReadonlyArray<string>, inSession: boolean) => {
  if (seen.length === 0) return events
  const hashes = new Set(seen)
  const before = inSession ? undefined : seen.find((entry) => entry.startsWith("before:"))
  const limit = before === undefined ? Infinity : Number(before.slice("before:".length))
  return events.filter((event) =>
    !hashes.has(hash(eventKey(event))) && DateTime.toEpochMillis(eventTime(event)) < limit
  )
}

/**
 * Asks for a board, the page a reference points to, or every event of a time window, and gives the
 * answer with its references. `run` is the client's call of the departures operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const departures = <E = never, R = never>(
  run: (request: Departures.DeparturesRequestInput) => Effect.Effect<Departures.DeparturesResponse, CommonError | E, R>,
  request: BoardRequest | PageRequest,
  options?: SessionOptions
): Effect.Effect<BoardPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const sessions = options?.sessions === true
    if (isPageRequest(request)) {
      const reference = yield* readReference("departures", request.page)
      const input = reference.request as unknown as Departures.DeparturesRequestInput
      const { answer: response, inSession } = yield* askInSession(
        sessions ? reference.session : undefined,
        BOARD_COMMANDS,
        (ids) => run(ids === undefined ? input : { ...input, ...ids })
      )
      const canonical = Either.getOrThrow(decodeBoardRequest(withoutUndefined(input)))
      const events = unseen(response.events, reference.seen, inSession)
      return { ...response, events, ...boardReferences(canonical, response.events, events, response) }
    }
    const { window, ...input } = request
    if (window === undefined) {
      const response = yield* run(sessions ? { ...input, ...OPEN } : input)
      const canonical = Either.getOrThrow(decodeBoardRequest(withoutUndefined(input)))
      return { ...response, ...boardReferences(canonical, response.events, response.events, response) }
    }
    const span = Duration.decodeUnknown(window)
    if (Option.isNone(span) || !Duration.isFinite(span.value) || Duration.toMillis(span.value) <= 0) {
      return yield* Effect.fail(
        new InvalidRequestError({
          operation: "departures",
          issues: [{ field: "window", message: "must be a positive duration such as \"60 minutes\"" }]
        })
      )
    }
    return yield* boardWindow(run, input, Duration.toMillis(span.value), sessions)
  })

/**
 * The most pages a board window asks (a day of a busy station at the servers' 40 events a page).
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_WINDOW_PAGES = 100

const boardWindow = <E, R>(
  run: (request: Departures.DeparturesRequestInput) => Effect.Effect<Departures.DeparturesResponse, CommonError | E, R>,
  input: Departures.DeparturesRequestInput,
  spanMillis: number,
  sessions: boolean
): Effect.Effect<BoardPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const cap = input.limit
    // each page asks the server's full page; the cap applies to the total
    const { limit: _, ...pageInput } = input
    let response = yield* run(sessions ? { ...pageInput, ...OPEN } : pageInput)
    const canonical = Either.getOrThrow(decodeBoardRequest(withoutUndefined(input)))
    const firstTimes = response.events.map((event) => DateTime.toEpochMillis(eventTime(event)))
    const start = canonical.dateTime !== undefined
      ? DateTime.toEpochMillis(canonical.dateTime)
      : firstTimes.length > 0
      ? Math.min(...firstTimes)
      : undefined
    if (start === undefined) return { ...response, ...boardReferences(canonical, [], []) }
    const end = start + spanMillis
    const byKey = new Map<string, Departures.StopEvent>()
    const inWindow = (event: Departures.StopEvent) => {
      const time = DateTime.toEpochMillis(eventTime(event))
      return time >= start && time < end
    }
    for (let pages = 1;; pages++) {
      let added = 0
      let last = -Infinity
      for (const event of response.events) {
        last = Math.max(last, DateTime.toEpochMillis(eventTime(event)))
        const key = eventKey(event)
        if (byKey.has(key) || !inWindow(event)) continue
        byKey.set(key, event)
        added++
      }
      const full = cap !== undefined && byKey.size >= cap
      // done at the window's end, at the cap, or when a page brought nothing new (the board has no more)
      if (full || last >= end || added === 0 || pages >= MAX_WINDOW_PAGES) break
      // the session's next page where the server keeps one, else the board again from the last event
      const stateless = { ...pageInput, ...timeField(last) }
      const next = yield* askInSession(
        sessions ? sessionOf(response, "dmNext").session : undefined,
        BOARD_COMMANDS,
        (ids) => run(ids === undefined ? stateless : { ...pageInput, ...ids })
      )
      response = next.answer
    }
    const events = [...byKey.values()]
      .sort((a, b) => DateTime.toEpochMillis(eventTime(a)) - DateTime.toEpochMillis(eventTime(b)))
      .slice(0, cap ?? Infinity)
    const windowRequest: Departures.DeparturesRequest = { ...canonical, dateTime: DateTime.unsafeMake(start) }
    // the window's neighbours are asked without the session: its latest page reaches past the window's end
    return { ...response, events, ...boardReferences(windowRequest, events, events) }
  })
