/**
 * The real time of a planned trip (`XML_GETRTFORTRIP_REQUEST`), stateless: the journey's identifying parts come
 * in the `journey` parameter (per leg its line, product class, trip code, and both ends with their planned
 * times), and the answer is the same journey at the fake's clock.
 *
 * - A ride (a leg with a line ID) is found again in the timetable (`engine/rides.ts`): the run of that line
 *   direction, with that trip code where given, that leaves the leg's first stop (or the stop of its platform, as
 *   rapidJSON answers give a ride's ends) at its planned departure and
 *   reaches its last stop at its planned arrival. Its leg is told as the trip answer tells a ride with real time
 *   (`engine/realtime.ts`): the dataset's delays, platform changes and cancellations once announced (they take
 *   effect as `POST /__admin/clock` moves the clock), estimates within the real-time window; and the platforms at
 *   both ends, as the boards give them.
 * - A ride whose run is not found (an unknown line, trip code or stop, a time the run does not keep) comes back
 *   as sent, without estimates, with `realtimeStatus: "PROGNOSIS_IMPOSSIBLE"` (a value of the Mentz schema's
 *   `realtimeTripStatus`): the journey keeps its legs and their order, and a client tells that leg apart.
 * - A walk (a leg without line ID) comes back as sent, its mode from its product class (100 where none).
 * - Names come from the dataset (the ID where it does not know the stop); `interchange` counts the rides less
 *   one. No session is read or kept; `useRealtime` is not needed (real time is what is asked).
 *
 * @since 0.1.0
 */
import { LineId, Mot, type Point, type RealtimeForTrip, type Trip } from "@efa-kit/core"
import { DateTime } from "effect"
import { lineDisplayName, lookupOf } from "../dataset/lookup.js"
import { callState } from "../engine/realtime.js"
import { findRide, rideLeg } from "../engine/rides.js"
import { stopOfId } from "../search/locations.js"
import type { Answer } from "./types.js"

type LegKey = RealtimeForTrip.JourneyKey["legs"][number]

const seconds = (instant: DateTime.Utc) => Math.floor(DateTime.toEpochMillis(instant) / 1000)

const NO_PROGNOSIS = "PROGNOSIS_IMPOSSIBLE"

/**
 * Answers the real time of a planned trip from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerRealtimeForTrip: Answer<
  RealtimeForTrip.RealtimeForTripRequest,
  RealtimeForTrip.RealtimeForTripResponse
> = (request, { dataset, now, timeZone }) => {
  const lookup = lookupOf(dataset)
  const nowSeconds = seconds(now)
  const place = (id: Point.LocationId) => ({ id, name: stopOfId(dataset, id)?.name ?? id })

  // a leg as sent: its ends with the dataset's names, its mode from its line or product class
  const asSent = (key: LegKey): Trip.Leg => {
    const direction = key.transportation.id === undefined
      ? undefined
      : lookup.directionById.get(key.transportation.id.split(":").slice(0, 4).join(":"))
    const mot = key.transportation.product?.class ?? direction?.line.mot ??
      (key.transportation.id === undefined ? Mot.Mot.Walk : Mot.Mot.Other)
    const leg: Trip.Leg = {
      mode: direction === undefined
        ? { name: key.transportation.id === undefined ? "Fußweg" : key.transportation.id, mot }
        : { name: lineDisplayName(direction.line), mot, number: direction.line.number },
      origin: { ...place(key.origin.id), departureTimePlanned: key.origin.departureTimePlanned },
      destination: { ...place(key.destination.id), arrivalTimePlanned: key.destination.arrivalTimePlanned },
      cancelled: false
    }
    if (key.transportation.id === undefined) return leg
    const tripCode = key.transportation.properties?.tripCode
    return {
      ...leg,
      lineId: LineId.make(key.transportation.id),
      ...(tripCode === undefined ? {} : { tripCode }),
      realtimeStatus: NO_PROGNOSIS
    }
  }

  const legOf = (key: LegKey): Trip.Leg => {
    if (key.transportation.id === undefined) return asSent(key)
    const found = findRide(dataset, timeZone, {
      directionId: key.transportation.id.split(":").slice(0, 4).join(":"),
      tripCode: key.transportation.properties?.tripCode,
      // a ride's ends as rapidJSON answers give them: its platforms, each naming its stop
      origin: stopOfId(dataset, key.origin.id)?.id ?? key.origin.id,
      departure: seconds(key.origin.departureTimePlanned),
      destination: stopOfId(dataset, key.destination.id)?.id ?? key.destination.id,
      arrival: seconds(key.destination.arrivalTimePlanned)
    })
    if (found === undefined) return asSent(key)
    const { alight, board, run } = found
    const leg = rideLeg(dataset, run, board, alight, { nowSeconds, realtime: true })
    // the platforms at both ends, as the boards give them (a platform change once announced)
    return {
      ...leg,
      origin: { ...leg.origin, platform: callState(dataset, run, board, nowSeconds).platform },
      destination: { ...leg.destination, platform: callState(dataset, run, alight, nowSeconds).platform }
    }
  }

  const legs = request.journey.legs.map(legOf)
  const first = legs[0]!
  const last = legs[legs.length - 1]!
  const rides = legs.filter((leg) => leg.lineId !== undefined).length
  return {
    trip: {
      duration: seconds(last.destination.arrivalTimePlanned) - seconds(first.origin.departureTimePlanned),
      interchange: Math.max(0, rides - 1),
      legs,
      cancelled: legs.some((leg) => leg.cancelled)
    }
  }
}
