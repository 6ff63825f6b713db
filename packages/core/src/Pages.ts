/**
 * Pages of trips and boards, and boards over a time window.
 *
 * Every answer of the client's `trip` and `departures` carries `earlier` and `later`: opaque references
 * (strings, so they survive JSON and can be stored) that `trip({ page })` / `departures({ page })` turn into
 * the previous or next page. Paging asks the server again, without a session.
 *
 * A reference holds a cut in the order of the answers: a minute and what of that minute lies before the cut
 * (short hashes of the events or trips of that minute given so far). Servers are asked by the minute, so the
 * cut is what makes pages exact: following `later` from any page gives every event after it once, in order,
 * and never an empty page while more exist, for every `limit`, also when more events share a minute than a
 * page holds; following `earlier` gives every event before it once.
 *
 * - boards: the later page asks from the cut's minute for as many more events as the cut has in that minute,
 *   and leaves those out; the earlier page asks from before the cut (a quarter of an hour, then twice as far,
 *   up to a day) until it has a page of events before it, and takes the last of them. A request without
 *   `limit` pages by the size of the server's first answer;
 * - trips: the later page asks by departure from the minute of the page's last departure, the earlier page by
 *   arrival (`itdTripDateTimeDepArr=arr`) up to the minute of its first arrival, each for as many more trips as
 *   the page had in that minute, and leaves those out;
 * - `departures({ ..., window: "60 minutes" })` asks as many pages as the window needs, from the requested
 *   time (else the board's first event) to the window's end, each event once; `limit` caps the total.
 *
 * Each page is one call of the client (an earlier board page may take a few): it goes through the rate limit,
 * the cache and the retries as any call. A reference is bound to nothing on the server, so it stays valid as
 * long as the timetable it points into.
 *
 * References are input: an application hands them to browsers and takes them back. One longer than
 * {@link MAX_REFERENCE_LENGTH} characters, nested deeper than {@link MAX_REFERENCE_DEPTH}, whose request would
 * not pass as a request of the same operation (or names the session parameters), or that was altered, is an
 * `InvalidRequestError` at `page`, before any request. Without a key, a checksum catches a reference that was
 * corrupted; with `pageKey` in the client's options, each reference carries an HMAC-SHA-256 over its contents
 * and one that was edited or forged is refused. Set the key where references pass through other people's hands
 * (a web page, a link, a cookie); instances that exchange references, or keep them across restarts, share it.
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
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Departures from "./Departures.js"
import { type CommonError, InvalidRequestError } from "./EfaError.js"
import { millisOf, type Plain } from "./internal/decode/plain.js"
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

/**
 * The longest page reference read, in characters (a board page of 500 events in one minute fits).
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_REFERENCE_LENGTH = 16_384

/**
 * The deepest nesting of objects and lists a page reference may have.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_REFERENCE_DEPTH = 12

/**
 * How pages are asked of the deployment, and how their references are sealed.
 *
 * @since 0.1.0
 * @category models
 */
export interface SessionOptions {
  /** Whether the server keeps sessions to page in (the profile's `sessions`). Default: `false`. */
  readonly sessions?: boolean | undefined
  /**
   * The key references are signed with (HMAC-SHA-256), the client's `pageKey`: a reference that was edited or
   * that another key made is refused. Default: none (a checksum catches corruption only).
   */
  readonly pageKey?: Redacted.Redacted<string> | string | undefined
}

const Hash = Schema.String.pipe(Schema.pattern(/^[0-9a-z]{1,7}$/))

/** A cut in the order of a board or a list of trips: a minute, and the hashes of that minute's items before it. */
const Cut = Schema.Struct({
  at: Schema.Int,
  before: Schema.Array(Hash).pipe(Schema.maxItems(Departures.MAX_LIMIT))
})
type Cut = typeof Cut.Type

const SessionId = Schema.String.pipe(Schema.pattern(/^[\x21-\x7e]{1,200}$/))

const Reference = Schema.Struct({
  v: Schema.Literal(2),
  operation: Schema.Literal("trip", "departures"),
  direction: Schema.Literal("earlier", "later"),
  /** The request of the pages, as written (instants as ISO strings): checked as a request of the operation. */
  request: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  /** Where the page starts (later) or ends (earlier); none where the first answer had nothing to cut at. */
  cut: Schema.optional(Cut),
  /** The page size of a request without its own (the server's first answer). */
  size: Schema.optional(Schema.Int.pipe(Schema.between(1, Departures.MAX_LIMIT))),
  /** The server's session and the command for this page, where the answer came from one. */
  session: Schema.optional(Schema.Struct({
    id: SessionId,
    requestID: SessionId,
    command: Schema.Literal("tripNext", "tripPrev", "dmNext", "dmPrev")
  }))
})
type Reference = typeof Reference.Type

const decodeReference = Schema.decodeUnknownEither(Reference, { onExcessProperty: "error" })

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

// the deepest nesting of a JSON text, read without parsing it (strings skipped)
const jsonDepth = (text: string): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth)
    else if (c === 125 || c === 93) depth--
  }
  return deepest
}

// FNV-1a, 32 bits: an item of a page, short enough to travel in a reference
const hash = (text: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36)
}

// a reference's checksum without a key: two FNV-1a runs with other offsets, 64 bits
const checksum = (text: string): string => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x0100019d) >>> 0
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")
}

const keys = new Map<string, Promise<CryptoKey>>()

const hmac = (key: string, payload: string): Effect.Effect<string> =>
  Effect.promise(async () => {
    let cryptoKey = keys.get(key)
    if (cryptoKey === undefined) {
      if (keys.size > 16) keys.clear()
      cryptoKey = globalThis.crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(key),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"]
      )
      keys.set(key, cryptoKey)
    }
    const signature = await globalThis.crypto.subtle.sign(
      "HMAC",
      await cryptoKey,
      new TextEncoder().encode(`efa-kit page\n${payload}`)
    )
    return toBase64Url(new Uint8Array(signature))
  })

const keyOf = (options: SessionOptions | undefined): string | undefined => {
  const key = options?.pageKey
  return key === undefined ? undefined : Redacted.isRedacted(key) ? Redacted.value(key) : key
}

// a reference: its contents, a dot, then `h` and the HMAC with a key, or `c` and the checksum without
const seal = (reference: Reference, key: string | undefined): Effect.Effect<string> => {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(reference)))
  return key === undefined
    ? Effect.succeed(`${payload}.c${checksum(payload)}`)
    : Effect.map(hmac(key, payload), (mac) => `${payload}.h${mac}`)
}

// compares in time independent of where the texts differ
const sameText = (a: string, b: string): boolean => {
  let differ = a.length ^ b.length
  for (let i = 0; i < Math.min(a.length, b.length); i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return differ === 0
}

const invalidPage = (operation: string, message: string) =>
  new InvalidRequestError({ operation, issues: [{ field: "page", message }] })

const decodeTripRequest = Schema.decodeUnknownEither(Trip.TripRequest, { onExcessProperty: "error" })
const decodeBoardRequest = Schema.decodeUnknownEither(Departures.DeparturesRequest, { onExcessProperty: "error" })

const SESSION_FIELDS = ["sessionID", "requestID", "command"] as const

// the request of a reference, as a request of its operation would be checked
const checkRequest = (
  operation: Reference["operation"],
  request: Record<string, unknown>
): string | undefined => {
  const named = SESSION_FIELDS.find((field) => Object.hasOwn(request, field))
  if (named !== undefined) return `names ${named}, which only the reference's session may`
  const valid = operation === "trip"
    ? Either.isRight(decodeTripRequest(request))
    : Either.isRight(decodeBoardRequest(request))
  return valid ? undefined : `holds no request of ${operation}`
}

const readReference = (
  operation: Reference["operation"],
  page: unknown,
  options: SessionOptions | undefined
): Effect.Effect<Reference, InvalidRequestError> =>
  Effect.gen(function*() {
    const refuse = (message: string) => Effect.fail(invalidPage(operation, message))
    if (typeof page !== "string") return yield* refuse("must be a page reference (a string)")
    if (page.length > MAX_REFERENCE_LENGTH) {
      return yield* refuse(`is longer than a page reference can be (${MAX_REFERENCE_LENGTH} characters)`)
    }
    const dot = page.lastIndexOf(".")
    const payload = page.slice(0, Math.max(dot, 0))
    const seal = dot < 0 ? "" : page.slice(dot + 1)
    const key = keyOf(options)
    if (key !== undefined) {
      if (!seal.startsWith("h")) return yield* refuse("is not signed with this client's key")
      if (!sameText(seal.slice(1), yield* hmac(key, payload))) {
        return yield* refuse("was altered, or made with another key")
      }
    } else if (seal.startsWith("h")) {
      return yield* refuse("is signed: the client needs the key it was made with (pageKey)")
    } else if (!seal.startsWith("c")) {
      return yield* refuse("is not a page reference of this client")
    } else if (seal.slice(1) !== checksum(payload)) {
      return yield* refuse("was altered (its checksum does not match)")
    }
    const text = fromBase64Url(payload)
    if (text === undefined) return yield* refuse("is not a page reference of this client")
    if (jsonDepth(text) > MAX_REFERENCE_DEPTH) {
      return yield* refuse(`is nested deeper than a page reference can be (${MAX_REFERENCE_DEPTH} levels)`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return yield* refuse("is not a page reference of this client")
    }
    const decoded = Either.getOrUndefined(decodeReference(json))
    if (decoded === undefined) return yield* refuse("is not a page reference of this client")
    if (decoded.operation !== operation) {
      return yield* refuse(`is a page of ${decoded.operation}, not of ${operation}`)
    }
    const problem = checkRequest(operation, decoded.request)
    if (problem !== undefined) return yield* refuse(problem)
    if (decoded.session !== undefined && !decoded.session.command.startsWith(operation === "trip" ? "trip" : "dm")) {
      return yield* refuse(`has a session command of another operation`)
    }
    return decoded
  })

// A canonical request as JSON: instants as ISO strings, which every request's time field reads back.
const requestJson = (request: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(request, function(this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key]
    return DateTime.isDateTime(raw) ? DateTime.formatIso(raw) : value
  }))

// an instant in a key: its epoch milliseconds (any instant an answer decodes to has them, not every one an ISO form)
const iso = (instant: DateTime.Utc | Date | undefined): string => instant === undefined ? "" : String(millisOf(instant))

const MINUTE = 60_000

const minuteOf = (millis: number): number => Math.floor(millis / MINUTE) * MINUTE

// the request time of a page, on the minute; none where the answer's times lie outside what a Date holds
const timeField = (millis: number | undefined): { readonly dateTime?: string } => {
  if (millis === undefined) return {}
  const date = new Date(minuteOf(millis))
  return Number.isNaN(date.getTime()) ? {} : { dateTime: date.toISOString() }
}

// ---------------------------------------------------------------------------------------------------
// cuts
// ---------------------------------------------------------------------------------------------------

/** An item of an ordered answer: its time (as the order has it) and its hash. */
interface Item<A> {
  readonly value: A
  readonly time: number
  readonly hash: string
}

const itemsOf = <A>(values: ReadonlyArray<A>, time: (a: A) => number, key: (a: A) => string): Array<Item<A>> =>
  values.flatMap((value) => {
    const at = time(value)
    return Number.isFinite(at) ? [{ value, time: at, hash: hash(key(value)) }] : []
  })

// whether an item lies after a cut: in a later minute, or in its minute and not one of those before it
const isAfter = (cut: Cut, before: ReadonlySet<string>) => (item: Item<unknown>): boolean => {
  const minute = minuteOf(item.time)
  return minute > cut.at || (minute === cut.at && !before.has(item.hash))
}

// the cut after the last of `items` (in order), continuing `from` where they end in its minute
const cutAfter = (items: ReadonlyArray<Item<unknown>>, from: Cut | undefined): Cut | undefined => {
  const last = items.at(-1)
  if (last === undefined) return from
  const at = minuteOf(last.time)
  const before = new Set(from !== undefined && from.at === at ? from.before : [])
  for (const item of items) if (minuteOf(item.time) === at) before.add(item.hash)
  return { at, before: [...before] }
}

// the cut before the first of `items`, where `earlier` holds what precedes them in the first one's minute
const cutBefore = (
  items: ReadonlyArray<Item<unknown>>,
  earlier: ReadonlyArray<Item<unknown>>,
  from: Cut | undefined
): Cut | undefined => {
  const first = items[0]
  if (first === undefined) return from
  const at = minuteOf(first.time)
  return { at, before: earlier.filter((item) => minuteOf(item.time) === at).map((item) => item.hash) }
}

// ---------------------------------------------------------------------------------------------------
// sessions
// ---------------------------------------------------------------------------------------------------

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
  const valid = (id: string | undefined): id is string => id !== undefined && Schema.is(SessionId)(id)
  return valid(sessionID) && valid(requestID) ? { session: { id: sessionID, requestID, command } } : {}
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

type SessionIds = { readonly sessionID?: string | undefined; readonly requestID?: string | undefined }

/**
 * The session a page's references go on in, each way: a server's next page follows the latest page of the
 * session and its previous page precedes the earliest, so a page goes on in its session only the way it is at
 * the session's edge (the first page both ways, a next page later, a previous page earlier).
 */
type SessionEdges = { readonly earlier?: SessionIds | undefined; readonly later?: SessionIds | undefined }

const edgesOf = (response: SessionIds, from: Reference | undefined, inSession: boolean): SessionEdges =>
  from === undefined ? { earlier: response, later: response } : inSession ? { [from.direction]: response } : {}

// the references of a page: each the request, its cut and the session's command for it
const references = (
  operation: Reference["operation"],
  request: object,
  cuts: { readonly earlier: Cut | undefined; readonly later: Cut | undefined },
  size: number | undefined,
  session: SessionEdges,
  commands: readonly [Command, Command],
  options: SessionOptions | undefined
): Effect.Effect<{ readonly earlier: string; readonly later: string }> => {
  const base = requestJson(request)
  const key = keyOf(options)
  const make = (direction: Direction, cut: Cut | undefined, command: Command) =>
    seal({
      v: 2,
      operation,
      direction,
      request: base,
      ...(cut === undefined ? {} : { cut }),
      ...(size === undefined ? {} : { size: Math.min(Math.max(size, 1), Departures.MAX_LIMIT) }),
      ...(session[direction] === undefined ? {} : sessionOf(session[direction], command))
    }, key)
  return Effect.all({
    earlier: make("earlier", cuts.earlier, commands[1]),
    later: make("later", cuts.later, commands[0])
  })
}

// ---------------------------------------------------------------------------------------------------
// trips
// ---------------------------------------------------------------------------------------------------

/**
 * The identity of a trip across pages: its legs, each by mode, line, stops and planned times. Takes a trip of
 * either client (the Promise client's, with `Date`s, too).
 *
 * @since 0.1.0
 * @category utils
 */
export const tripKey = (trip: Trip.Trip | Plain<Trip.Trip>): string =>
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

const byDeparture = (trips: ReadonlyArray<Trip.Trip>) =>
  itemsOf(trips, departureOf, tripKey).sort((a, b) => a.time - b.time)
const byArrival = (trips: ReadonlyArray<Trip.Trip>) =>
  itemsOf(trips, arrivalOf, tripKey).sort((a, b) => a.time - b.time)

/** The default number of trips a server answers (where the request names none). */
const TRIPS_DEFAULT = 5
const TRIPS_MAX = 100

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
    if (!isPageRequest(request)) {
      const response = yield* run(sessions ? { ...request, ...OPEN } : request)
      // the call has checked the request (fields set to undefined left out, as it does): decoding it again cannot fail
      const canonical = Either.getOrThrow(decodeTripRequest(withoutUndefined(request)))
      const size = canonical.numberOfTrips === undefined ? response.trips.length || undefined : undefined
      return {
        ...response,
        ...(yield* tripReferences(
          canonical,
          edgesOf(response, undefined, true),
          response.trips,
          undefined,
          size,
          options
        ))
      }
    }
    const reference = yield* readReference("trip", request.page, options)
    const canonical = Either.getOrThrow(decodeTripRequest(reference.request))
    const later = reference.direction === "later"
    const cut = reference.cut
    const before = new Set(cut?.before ?? [])
    const size = canonical.numberOfTrips ?? reference.size ?? TRIPS_DEFAULT
    // as many more trips as the page had in the cut's minute: those come again and are left out
    const stateless: Trip.TripRequestInput = cut === undefined
      ? reference.request as Trip.TripRequestInput
      : {
        ...reference.request as Trip.TripRequestInput,
        ...timeField(cut.at),
        dateTimeRefersTo: later ? "departure" : "arrival",
        ...(before.size > 0 || canonical.numberOfTrips === undefined
          ? { numberOfTrips: Math.min(TRIPS_MAX, size + before.size) }
          : {})
      }
    const { answer: response, inSession } = yield* askInSession(
      sessions ? reference.session : undefined,
      TRIP_COMMANDS,
      (ids) => run(ids === undefined ? stateless : { ...reference.request as Trip.TripRequestInput, ...ids })
    )
    const keep = (items: ReadonlyArray<Item<Trip.Trip>>): ReadonlyArray<Item<Trip.Trip>> => {
      if (cut === undefined) return items
      if (later) return items.filter(isAfter(cut, before)).slice(0, size)
      // by arrival: up to the cut's minute, not one the page had there, the latest of them
      return items.filter((item) =>
        minuteOf(item.time) < cut.at || (minuteOf(item.time) === cut.at && !before.has(item.hash))
      ).slice(-size)
    }
    const kept = new Set(keep(later ? byDeparture(response.trips) : byArrival(response.trips)).map((i) => i.value))
    const trips = response.trips.filter((t) => kept.has(t))
    return {
      ...response,
      trips,
      ...(yield* tripReferences(
        canonical,
        edgesOf(response, reference, inSession),
        trips,
        reference,
        reference.size,
        options
      ))
    }
  })

// the references of a trip page: later from the minute of its last departure, earlier by arrival from the minute
// of its first arrival, each leaving out what the page had in that minute
const tripReferences = (
  request: Trip.TripRequest,
  session: SessionEdges,
  trips: ReadonlyArray<Trip.Trip>,
  from: Reference | undefined,
  size: number | undefined,
  options: SessionOptions | undefined
) => {
  const requested = request.dateTime === undefined ? undefined : minuteOf(DateTime.toEpochMillis(request.dateTime))
  const empty = from?.cut ?? (requested === undefined ? undefined : { at: requested, before: [] })
  const departing = byDeparture(trips)
  const arriving = byArrival(trips)
  // a page after a later cut continues it in its minute; the earlier cut of an earlier page likewise
  const laterCut = cutAfter(departing, from?.direction === "later" ? from.cut : undefined) ?? empty
  const first = arriving[0]
  const earlierCut = first === undefined ? empty : {
    at: minuteOf(first.time),
    before: [
      ...new Set([
        ...(from?.direction === "earlier" && from.cut?.at === minuteOf(first.time) ? from.cut.before : []),
        ...arriving.filter((item) => minuteOf(item.time) === minuteOf(first.time)).map((item) => item.hash)
      ])
    ]
  }
  const { dateTimeRefersTo: _, ...base } = request
  return references("trip", base, { earlier: earlierCut, later: laterCut }, size, session, TRIP_COMMANDS, options)
}

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

/** The number of events a server answers where the request names none. */
const BOARD_DEFAULT = 40

const DAY = 24 * 60 * MINUTE

// a board's events in its order: by minute, the server's order within a minute
const boardItems = (events: ReadonlyArray<Departures.StopEvent>): Array<Item<Departures.StopEvent>> =>
  itemsOf(events, (event) => DateTime.toEpochMillis(eventTime(event)), Departures.eventKey)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => minuteOf(a.item.time) - minuteOf(b.item.time) || a.index - b.index)
    .map(({ item }) => item)

type BoardRun<E, R> = (
  request: Departures.DeparturesRequestInput
) => Effect.Effect<Departures.DeparturesResponse, CommonError | E, R>

const boardReferences = (
  request: Departures.DeparturesRequest,
  cuts: { readonly earlier: Cut | undefined; readonly later: Cut | undefined },
  size: number | undefined,
  session: SessionEdges,
  options: SessionOptions | undefined
) => references("departures", request, cuts, size, session, BOARD_COMMANDS, options)

const requestedCut = (request: Departures.DeparturesRequest): Cut | undefined =>
  request.dateTime === undefined ? undefined : { at: minuteOf(DateTime.toEpochMillis(request.dateTime)), before: [] }

/**
 * Asks for a board, the page a reference points to, or every event of a time window, and gives the
 * answer with its references. `run` is the client's call of the departures operation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const departures = <E = never, R = never>(
  run: BoardRun<E, R>,
  request: BoardRequest | PageRequest,
  options?: SessionOptions
): Effect.Effect<BoardPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const sessions = options?.sessions === true
    if (isPageRequest(request)) {
      const reference = yield* readReference("departures", request.page, options)
      return yield* boardPage(run, reference, options)
    }
    const { window, ...input } = request
    if (window === undefined) {
      const response = yield* run(sessions ? { ...input, ...OPEN } : input)
      const canonical = Either.getOrThrow(decodeBoardRequest(withoutUndefined(input)))
      const items = boardItems(response.events)
      const empty = requestedCut(canonical)
      const cuts = { earlier: cutBefore(items, [], empty), later: cutAfter(items, undefined) ?? empty }
      const size = canonical.limit === undefined && response.events.length > 0 ? response.events.length : undefined
      return {
        ...response,
        ...(yield* boardReferences(canonical, cuts, size, edgesOf(response, undefined, true), options))
      }
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
    return yield* boardWindow(run, input, Duration.toMillis(span.value), options)
  })

// the page of a board reference
const boardPage = <E, R>(
  run: BoardRun<E, R>,
  reference: Reference,
  options: SessionOptions | undefined
): Effect.Effect<BoardPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const sessions = options?.sessions === true
    const request = reference.request as Departures.DeparturesRequestInput
    const canonical = Either.getOrThrow(decodeBoardRequest(reference.request))
    const cut = reference.cut
    const before = new Set(cut?.before ?? [])
    const size = canonical.limit ?? reference.size
    const inSession = (ids: { readonly sessionID: string; readonly requestID: string; readonly command: string }) =>
      run({ ...request, ...ids } as Departures.DeparturesRequestInput)
    if (reference.direction === "later") {
      // from the cut's minute, as many more events as lie before the cut in it: those are left out
      const stateless = cut === undefined ? request : {
        ...request,
        ...timeField(cut.at),
        ...(before.size > 0 ? { limit: Math.min(Departures.MAX_LIMIT, (size ?? BOARD_DEFAULT) + before.size) } : {})
      }
      const { answer, inSession: asked } = yield* askInSession(
        sessions ? reference.session : undefined,
        BOARD_COMMANDS,
        (ids) => ids === undefined ? run(stateless) : inSession(ids)
      )
      const items = boardItems(answer.events)
      const after = cut === undefined ? items : items.filter(isAfter(cut, before))
      const kept = size === undefined ? after : after.slice(0, size)
      const first = kept[0]
      const earlier = first === undefined
        ? cut
        : { at: minuteOf(first.time), before: cut !== undefined && cut.at === minuteOf(first.time) ? cut.before : [] }
      const cuts = { earlier, later: cutAfter(kept, cut) }
      return {
        ...answer,
        events: kept.map((item) => item.value),
        ...(yield* boardReferences(canonical, cuts, reference.size, edgesOf(answer, reference, asked), options))
      }
    }
    const pageSize = size ?? BOARD_DEFAULT
    const { answer, inSession: asked } = yield* askInSession(
      sessions ? reference.session : undefined,
      BOARD_COMMANDS,
      (ids) => ids === undefined ? eventsBefore(run, request, cut, pageSize) : inSession(ids)
    )
    const items = boardItems(answer.events)
    // a session's previous page is the server's: what precedes it in its first minute is not known here, so only
    // what lies past the cut's minute is left out (and the page's own earlier cut starts at its first minute)
    const candidates = cut === undefined
      ? items
      : items.filter((item) => asked ? minuteOf(item.time) <= cut.at : !isAfter(cut, before)(item))
    const kept = candidates.slice(-pageSize)
    const cuts = {
      earlier: cutBefore(kept, candidates.slice(0, candidates.length - kept.length), cut),
      // the page ends where the cut it was asked before is
      later: cut ?? cutAfter(kept, undefined)
    }
    return {
      ...answer,
      events: kept.map((item) => item.value),
      ...(yield* boardReferences(canonical, cuts, reference.size, edgesOf(answer, reference, asked), options))
    }
  })

// the events before a cut, at least `size` of them where the board has them (back up to a day): asked from a
// quarter of an hour before, then twice as far, each time up to the cut
const eventsBefore = <E, R>(
  run: BoardRun<E, R>,
  request: Departures.DeparturesRequestInput,
  cut: Cut | undefined,
  size: number
): Effect.Effect<Departures.DeparturesResponse, CommonError | E, R> =>
  Effect.gen(function*() {
    if (cut === undefined) return yield* run(request)
    const before = new Set(cut.before)
    const beforeCut = (item: Item<unknown>) => !isAfter(cut, before)(item)
    for (let span = 15 * MINUTE;; span *= 2) {
      const events: Array<Departures.StopEvent> = []
      const seen = new Set<string>()
      let from: Cut = { at: cut.at - span, before: [] }
      let response: Departures.DeparturesResponse | undefined
      // pages of the most events a server gives, from the span's start until one reaches past the cut
      for (let pages = 0; pages < MAX_WINDOW_PAGES; pages++) {
        const given = new Set(from.before)
        response = yield* run({ ...request, ...timeField(from.at), limit: Departures.MAX_LIMIT })
        const items = boardItems(response.events).filter(isAfter(from, given))
        for (const item of items) {
          if (beforeCut(item) && !seen.has(item.hash)) {
            seen.add(item.hash)
            events.push(item.value)
          }
        }
        const reached = response.events.length < Departures.MAX_LIMIT || items.some((item) => !beforeCut(item))
        if (reached || items.length === 0) break
        from = cutAfter(items, from)!
      }
      if (events.length >= size || span >= DAY) return { ...response!, events }
    }
  })

/**
 * The most pages a board window asks (a day of a busy station at the servers' 40 events a page).
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_WINDOW_PAGES = 100

const boardWindow = <E, R>(
  run: BoardRun<E, R>,
  input: Departures.DeparturesRequestInput,
  spanMillis: number,
  options: SessionOptions | undefined
): Effect.Effect<BoardPage, CommonError | E, R> =>
  Effect.gen(function*() {
    const sessions = options?.sessions === true
    const cap = input.limit
    // each page asks the server's full page; the cap applies to the total
    const { limit: _, ...pageInput } = input
    let response = yield* run(sessions ? { ...pageInput, ...OPEN } : pageInput)
    const canonical = Either.getOrThrow(decodeBoardRequest(withoutUndefined(input)))
    const firstItems = boardItems(response.events)
    const start = canonical.dateTime !== undefined
      ? DateTime.toEpochMillis(canonical.dateTime)
      : firstItems[0]?.time
    if (start === undefined) {
      return {
        ...response,
        ...(yield* boardReferences(canonical, { earlier: undefined, later: undefined }, undefined, {}, options))
      }
    }
    const end = start + spanMillis
    const pageSize = Math.max(response.events.length, 1)
    const collected: Array<Item<Departures.StopEvent>> = []
    const seen = new Set<string>()
    let cut: Cut | undefined
    for (let pages = 1;; pages++) {
      const items = boardItems(response.events).filter(
        cut === undefined ? () => true : isAfter(cut, new Set(cut.before))
      )
      for (const item of items) {
        if (seen.has(item.hash) || item.time < start || item.time >= end) continue
        seen.add(item.hash)
        collected.push(item)
      }
      const full = cap !== undefined && collected.length >= cap
      const last = items.at(-1)
      // done at the window's end, at the cap, or when a page brought nothing new (the board has no more)
      if (full || last === undefined || last.time >= end || pages >= MAX_WINDOW_PAGES) break
      cut = cutAfter(items, cut)!
      const given = cut.before.length
      // the session's next page where the server keeps one, else the board again from the cut
      const stateless = {
        ...pageInput,
        ...timeField(cut.at),
        ...(given > 0 ? { limit: Math.min(Departures.MAX_LIMIT, pageSize + given) } : {})
      }
      const next = yield* askInSession(
        sessions ? sessionOf(response, "dmNext").session : undefined,
        BOARD_COMMANDS,
        (ids) => run(ids === undefined ? stateless : { ...pageInput, ...ids })
      )
      response = next.answer
    }
    const kept = collected.slice(0, cap ?? Infinity)
    const windowRequest: Departures.DeparturesRequest = { ...canonical, dateTime: DateTime.unsafeMake(start) }
    const empty = requestedCut(windowRequest)
    const cuts = { earlier: cutBefore(kept, [], empty), later: cutAfter(kept, undefined) ?? empty }
    // the window's neighbours are asked without the session: its latest page reaches past the window's end
    return {
      ...response,
      events: kept.map((item) => item.value),
      ...(yield* boardReferences(windowRequest, cuts, cap === undefined ? pageSize : undefined, {}, options))
    }
  })
