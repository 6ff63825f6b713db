/**
 * The real time of a planned trip (`XML_GETRTFORTRIP_REQUEST`): the same journey with today's estimates,
 * platforms and cancellations, asked in one request (the client's `refreshTrip` uses it where the deployment
 * offers it, see `TripRefresh`).
 *
 * Decisions where the contract is silent (no public documentation of its request parameters exists):
 * - efa-kit sends the stateless form: the journey itself, not the session of the trip request it came from.
 *   A stored trip is refreshed minutes or hours later, long after any server session expired, and behind a
 *   load balancer another server would answer.
 * - The journey travels as one parameter, `journey`: a JSON subset of the Mentz `journey` definition, per leg
 *   the line (`transportation.id`), the product class and the run's trip code where known
 *   (`transportation.product.class`, `transportation.properties.tripCode`), and both ends' IDs with their
 *   planned times (`origin.id`, `departureTimePlanned`, `destination.id`, `arrivalTimePlanned`). No stop
 *   sequences, no coordinates: the URL stays short. Its Schema is the base of the trip codec's wire legs, so
 *   it cannot drift from the journeys answers carry.
 * - The answer is one trip: the contract dialect `{ trip }` in the contract's trip shape, rapidJSON
 *   `{ journey }` (`GETREALTIMEFORTRIP_Schema.json`), read as the trip operation reads its journeys.
 * - A leg whose run the server cannot find comes back as sent, without estimates, with the status
 *   `PROGNOSIS_IMPOSSIBLE` (the fake's rule; `refreshTrip` reports such a leg as `RunNotFound`).
 * - No public deployment is known to answer it in JSON: the built-in profiles do not offer it (a profile that
 *   lists it in its `operations` does); a client without a profile (the fake, a deployment of one's own) may
 *   ask it.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { journeyKeyOf, WireJourneyKey } from "./internal/rapidjson/journeyKey.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { defineQuery } from "./internal/schema/query.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"
import * as Trip from "./Trip.js"

/**
 * The identifying parts of a journey (see the module documentation), as the request carries them: per leg its
 * `transportation` (`id`, `product.class`, `properties.tripCode`), `origin` (`id`, `departureTimePlanned`) and
 * `destination` (`id`, `arrivalTimePlanned`), the times as people write them (a `DateTime`, a `Date` or an ISO
 * string, to the minute). {@link fromTrip} makes one from a trip.
 *
 * @since 0.1.0
 * @category schemas
 */
export const JourneyKey = journeyKeyOf(LocalDateTime.MinuteInstantFromInput).annotations({ identifier: "JourneyKey" })

/**
 * @since 0.1.0
 * @category models
 */
export type JourneyKey = typeof JourneyKey.Type

/**
 * The `journey` parameter: a {@link JourneyKey} as JSON, its instants ISO 8601 with `Z`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const JourneyParam: Schema.Schema<JourneyKey, string> = Schema.parseJson(WireJourneyKey).annotations({
  identifier: "JourneyParam"
})

// The real-time-for-trip parameters, in wire order.
const table = ParamTable.make({
  /** The journey's identifying parts, as JSON (`journey`). */
  journey: ParamTable.required(ParamTable.param("journey", JourneyKey, JourneyParam))
})

/**
 * A request for the real time of a planned trip.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RealtimeForTripRequest = Schema.Struct(table.fields).annotations({
  identifier: "RealtimeForTripRequest"
})

/**
 * @since 0.1.0
 * @category models
 */
export interface RealtimeForTripRequest extends Schema.Schema.Type<typeof RealtimeForTripRequest> {}

/**
 * A {@link RealtimeForTripRequest} as written.
 *
 * @since 0.1.0
 * @category models
 */
export type RealtimeForTripRequestInput = typeof RealtimeForTripRequest.Encoded

/**
 * The query parameters of the real time of a planned trip, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RealtimeForTripParams = Schema.Struct({ ...table.params }).annotations({
  identifier: "RealtimeForTripParams"
})

/**
 * The request for the real time of a planned trip as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RealtimeForTripQuery: Schema.Schema<RealtimeForTripRequest, ReadonlyArray<readonly [string, string]>> =
  defineQuery(
    "RealtimeForTripQuery",
    RealtimeForTripParams,
    RealtimeForTripRequest,
    {
      decode: (p, issues) => table.decode(p, issues, {}),
      encode: (request) => table.encode(request, {})
    }
  )

/**
 * The request for the real time of a trip: each leg's line, product class and trip code (where the leg has
 * them) and its two ends with their planned times; `undefined` for a trip without legs.
 *
 * @example
 * ```ts
 * import { RealtimeForTrip, Trip } from "@efa-kit/core"
 * import { DateTime, Schema } from "effect"
 *
 * const trip = Schema.decodeUnknownSync(Trip.Trip)({
 *   duration: 1200,
 *   interchange: 0,
 *   legs: [{
 *     mode: { name: "S-Bahn S1", mot: 1 },
 *     lineId: "vvs:10001: :H:",
 *     tripCode: 48600,
 *     origin: { id: "de:08115:3210", name: "Vaihingen", departureTimePlanned: "2026-03-02T07:21:00Z" },
 *     destination: { id: "de:08111:6052", name: "Feuersee", arrivalTimePlanned: "2026-03-02T07:41:00Z" }
 *   }]
 * })
 * const request = RealtimeForTrip.fromTrip(trip)!
 * const leg = request.journey.legs[0]
 * assert.deepStrictEqual(leg.transportation, { id: "vvs:10001: :H:", product: { class: 1 }, properties: { tripCode: 48600 } })
 * assert.strictEqual(DateTime.formatIso(leg.origin.departureTimePlanned), "2026-03-02T07:21:00.000Z")
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromTrip = (trip: Trip.Trip): RealtimeForTripRequest | undefined => {
  const [first, ...rest] = trip.legs.map((leg): JourneyKey["legs"][number] => {
    const transportation: {
      id?: string
      product?: { readonly class?: number }
      properties?: { readonly tripCode?: number }
    } = {}
    if (leg.lineId !== undefined) transportation.id = leg.lineId
    if (leg.mode.mot !== undefined) transportation.product = { class: leg.mode.mot }
    if (leg.tripCode !== undefined) transportation.properties = { tripCode: leg.tripCode }
    return {
      transportation,
      origin: { id: leg.origin.id, departureTimePlanned: leg.origin.departureTimePlanned },
      destination: { id: leg.destination.id, arrivalTimePlanned: leg.destination.arrivalTimePlanned }
    }
  })
  return first === undefined ? undefined : { journey: { legs: [first, ...rest] } }
}

/**
 * The real time of a planned trip: the trip with today's estimates, platforms and cancellations, absent where
 * the server found none of it.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RealtimeForTripResponse = Schema.Struct({
  trip: opt(Trip.Trip),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "RealtimeForTripResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface RealtimeForTripResponse extends Schema.Schema.Type<typeof RealtimeForTripResponse> {}

// operation list entry (pnpm gen:operations)
// order: 15
// path: XML_GETRTFORTRIP_REQUEST
// method: A planned trip with today's estimates, platforms and cancellations, asked with its journey in one request.
/**
 * The real-time-for-trip operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "realtimeForTrip",
  RealtimeForTripRequest,
  RealtimeForTripResponse,
  typeof RealtimeForTripResponse.Encoded,
  RealtimeForTripRequestInput
> = {
  name: "realtimeForTrip",
  errors: {},
  path: contractPaths.realtimeForTrip,
  summary: "A planned trip with today's estimates, platforms and cancellations, from its journey",
  params: RealtimeForTripParams,
  request: RealtimeForTripRequest,
  query: () => RealtimeForTripQuery,
  response: RealtimeForTripResponse,
  hasResult: (response) => response.trip !== undefined,
  resultKeys: { contract: ["trip"], rapidJSON: ["journey"] },
  // real-time data: an answer is true for a few seconds
  timeToLive: "15 seconds",
  rapidJson: () =>
    import("./internal/rapidjson/RealtimeForTrip.js").then((module) => module.codec(RealtimeForTripResponse))
}
