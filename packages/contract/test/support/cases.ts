import {
  Coord,
  CoordInfo,
  type Departures,
  type EfaClient,
  type EfaError,
  LineId,
  OpArea,
  type Operations,
  Point,
  ServingLines,
  StopFinder,
  type Trip
} from "@efa-kit/core"
import { expect } from "@effect/vitest"
import { DateTime, type Schema } from "effect"
import { dataset } from "./fake.js"

export type Requests = EfaClient.Requests
export type OperationName = keyof Requests

/** The decoded response of each operation, by method name. */
export type Responses = {
  readonly [K in OperationName]: Schema.Schema.Type<(typeof Operations.all)[K]["response"]>
}

/** One request of the contract, what the fake must receive for it, and the effect it must have. */
export interface Case<K extends OperationName = OperationName> {
  readonly op: K
  readonly name: string
  readonly request: Requests[K]
  /** The query the contract prescribes, `outputFormat=JSON` aside, spelled out by hand. */
  readonly params?: ReadonlyArray<readonly [string, string]>
  /**
   * What the answer must show, in the dialect it was read from (rapidJSON names some things as real
   * servers do: a coordinate the stop finder echoes is a location of type `unknown`).
   */
  readonly check?: (response: Responses[K], dialect: "contract" | "rapidJSON") => void
  /** For requests the fake answers with a failure: what the client's error must be. */
  readonly fails?: (error: EfaError.EfaError) => void
}

export type AnyCase = { [K in OperationName]: Case<K> }[OperationName]

const make = <K extends OperationName>(op: K) =>
(
  name: string,
  request: Requests[K],
  rest: Omit<Case<K>, "op" | "name" | "request"> = {}
): AnyCase => ({ op, name, request, ...rest }) as unknown as AnyCase

// ---------------------------------------------------------------------------------------------------
// the dataset's places
// ---------------------------------------------------------------------------------------------------

const stop = (id: string) => {
  const found = dataset.stops.find((s) => s.id === id)
  if (found === undefined) throw new Error(`no stop ${id} in the dataset`)
  return found
}

export const HBF = "de:08111:6118"
const BOEBLINGEN = "de:08115:3200"
const ESSLINGEN = "de:08116:2400"
const NELLINGEN = "de:08116:7800"
const CANNSTATT = "de:08111:6200"
const SCHLOSSPLATZ = "de:08111:5006"
const MARIENPLATZ = "de:08111:5152"
const DEGERLOCH = "de:08111:5420"
const FLUGHAFEN = "de:08116:7720"
const LUDWIGSBURG = "de:08118:4800"
const ZUFFENHAUSEN = "de:08111:6333"
const FAVORITEPARK = "de:08118:4810"

/** The fake's default clock: Monday 2 March 2026, 08:30 in Berlin. */
export const NOW = DateTime.unsafeMake("2026-03-02T07:30:00Z")
const TODAY = "2026-03-02"

const utc = (iso: string) => DateTime.unsafeMake(iso)
const millis = (instant: DateTime.DateTime) => DateTime.toEpochMillis(instant)
const MINUTE = 60_000

// ---------------------------------------------------------------------------------------------------
// geometry
// ---------------------------------------------------------------------------------------------------

/** Great-circle distance in metres. */
export const meters = (a: Coord.Coord, b: Coord.Coord): number => {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(s)))
}

const inside = (box: { readonly upperLeft: Coord.Coord; readonly lowerRight: Coord.Coord }, c: Coord.Coord) =>
  c.lat <= box.upperLeft.lat && c.lat >= box.lowerRight.lat && c.lon >= box.upperLeft.lon &&
  c.lon <= box.lowerRight.lon

// Distances are compared with a metre of slack: the fake and this test compute them slightly differently.
const SLACK = 1

// ---------------------------------------------------------------------------------------------------
// trips
// ---------------------------------------------------------------------------------------------------

const WALKS = new Set([99, 100])
const vehicleLegs = (trip: Trip.Trip) => trip.legs.filter((leg) => !WALKS.has(leg.mode.mot))
const firstLeg = (trip: Trip.Trip) => trip.legs[0]!
const lastLeg = (trip: Trip.Trip) => trip.legs[trip.legs.length - 1]!
// The stop of a leg's end or stop: rapidJSON gives a ride's ends and stops as platforms, the stop as `parent` (as
// real servers do); the contract's format as stops
export const stopOf = (
  end: { readonly id: string; readonly type?: string; readonly parent?: { readonly id?: string } }
) => end.type === "platform" && end.parent?.id !== undefined ? end.parent.id : end.id
const departure = (trip: Trip.Trip) => millis(firstLeg(trip).origin.departureTimePlanned)
const arrival = (trip: Trip.Trip) => millis(lastLeg(trip).destination.arrivalTimePlanned)

const between = (origin: string, destination: string) => (trips: ReadonlyArray<Trip.Trip>) => {
  expect(trips.length).toBeGreaterThan(0)
  for (const trip of trips) {
    expect(stopOf(firstLeg(trip).origin)).toBe(origin)
    expect(stopOf(lastLeg(trip).destination)).toBe(destination)
  }
}

const motsOf = (trips: ReadonlyArray<Trip.Trip>) => new Set(trips.flatMap((trip) => trip.legs.map((l) => l.mode.mot)))

const trip = make("trip")

const tripCases: Array<AnyCase> = [
  trip("the required parameters, a departure time in Berlin winter time (CET)", {
    origin: Point.any(HBF),
    destination: Point.any(BOEBLINGEN),
    dateTime: NOW
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", BOEBLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"]
    ],
    check: ({ trips }) => {
      between(HBF, BOEBLINGEN)(trips)
      // calcNumberOfTrips defaults to 4
      expect(trips).toHaveLength(4)
      for (const t of trips) expect(departure(t)).toBeGreaterThanOrEqual(millis(NOW))
    }
  }),
  trip("rides start and end at platforms, the stop as parent, as real servers write them (rapidJSON)", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW
  }, {
    check: ({ trips }, dialect) => {
      const rides = trips.flatMap(vehicleLegs)
      expect(rides.length).toBeGreaterThan(0)
      for (const ride of rides) {
        for (const end of [ride.origin, ride.destination, ...ride.stops!]) {
          if (dialect === "rapidJSON") {
            expect(end.type).toBe("platform")
            expect(end.parent).toMatchObject({ type: "stop", parent: { type: "locality" } })
            expect(end.id).toMatch(new RegExp(`^${end.parent!.id}:`))
          } else {
            // the contract's format: the stop, its platform named
            expect(end.type).toBeUndefined()
            expect(() => stop(end.id)).not.toThrow()
          }
          expect(end.platform).toMatch(/^\d+$/)
        }
      }
    }
  }),
  trip("every ride has its path: the line's geometry from the boarding to the alighting stop", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW
  }, {
    check: ({ trips }) => {
      const rides = trips.flatMap(vehicleLegs)
      expect(rides.length).toBeGreaterThan(0)
      for (const ride of rides) {
        const path = ride.coords!
        expect(path.length).toBeGreaterThan(2)
        const [from, to] = [stop(stopOf(ride.origin)).coord, stop(stopOf(ride.destination)).coord]
        expect(meters({ lat: path[0]![0], lon: path[0]![1] }, from)).toBeLessThan(300)
        expect(meters({ lat: path.at(-1)![0], lon: path.at(-1)![1] }, to)).toBeLessThan(300)
      }
    }
  }),
  trip("every trip says the days it runs (daysOfService rvb): a bit per day of the timetable, set on its day", {
    origin: Point.any(HBF),
    destination: Point.any(BOEBLINGEN),
    dateTime: NOW
  }, {
    check: ({ trips }) => {
      expect(trips.length).toBeGreaterThan(0)
      const days =
        (Date.parse(`${dataset.meta.validTo}T12:00:00Z`) - Date.parse(`${dataset.meta.validFrom}T12:00:00Z`)) /
          (24 * 3600 * 1000) + 1
      // the day of NOW, counted from the first day of the timetable
      const today = Math.round(
        (Date.parse(`${TODAY}T12:00:00Z`) - Date.parse(`${dataset.meta.validFrom}T12:00:00Z`)) /
          (24 * 3600 * 1000)
      )
      for (const t of trips) {
        const rvb = t.daysOfService!.rvb!
        expect(rvb).toHaveLength(Math.ceil(days / 4))
        const bits = [...rvb].map((digit) => parseInt(digit, 16).toString(2).padStart(4, "0")).join("")
        expect(bits[today]).toBe("1")
        // a Monday's trip does not run on the Sunday before
        expect(bits[today - 1]).toBe("0")
      }
    }
  }),
  trip("a ride's notices as real ones are (subtitle, version, links); its hints say what its vehicles offer", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW,
    numberOfTrips: 6
  }, {
    check: ({ trips }) => {
      const rides = trips.flatMap(vehicleLegs)
      const infos = rides.flatMap((ride) => ride.notices ?? []).filter((notice) => notice.source === "info")
      expect(infos.length).toBeGreaterThan(0)
      for (const notice of infos) {
        expect(notice.subtitle).toBe(notice.title)
        expect(notice.version).toMatch(/^\d+$/)
        expect(notice.links?.[0]?.content).toBe(notice.text)
      }
      for (const ride of rides) {
        const hints = (ride.notices ?? []).filter((notice) => notice.source === "hint")
        expect(hints.map((hint) => hint.id)).toEqual([
          ...(ride.lowFloor === true ? ["NF"] : []),
          ...(ride.wheelchairAccessible === true ? ["RO"] : [])
        ])
        for (const hint of hints) expect(hint.type).toBe("Timetable")
      }
    }
  }),
  trip("a departure time in Berlin summer time (CEST) is two hours ahead of UTC", {
    origin: Point.any(HBF),
    destination: Point.any(BOEBLINGEN),
    dateTime: utc("2026-07-01T06:15:00Z")
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", BOEBLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260701"],
      ["itdTime", "0815"]
    ],
    check: ({ trips }) => {
      between(HBF, BOEBLINGEN)(trips)
      const first = Math.min(...trips.map(departure))
      // read as 08:15 in Berlin: the first S-Bahn leaves within the quarter hour after 06:15 UTC
      expect(first).toBeGreaterThanOrEqual(millis(utc("2026-07-01T06:15:00Z")))
      expect(first).toBeLessThan(millis(utc("2026-07-01T06:30:00Z")))
    }
  }),
  trip("an arrival time: the trips arrive by it, as many as calcNumberOfTrips asks", {
    origin: Point.any(HBF),
    destination: Point.any(ESSLINGEN),
    dateTime: utc("2026-03-02T16:00:00Z"),
    dateTimeRefersTo: "arrival",
    numberOfTrips: 3
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", ESSLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "1700"],
      ["itdTripDateTimeDepArr", "arr"],
      ["calcNumberOfTrips", "3"]
    ],
    check: ({ trips }) => {
      between(HBF, ESSLINGEN)(trips)
      expect(trips).toHaveLength(3)
      const by = millis(utc("2026-03-02T16:00:00Z"))
      for (const t of trips) expect(arrival(t)).toBeLessThanOrEqual(by)
      expect(Math.max(...trips.map(arrival))).toBeGreaterThan(by - 30 * MINUTE)
    }
  }),
  trip("a via stop with dwell time appears in every trip", {
    origin: Point.any(HBF),
    destination: Point.any(ESSLINGEN),
    via: { point: Point.any(CANNSTATT), dwellMinutes: 5 },
    dateTime: NOW
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", ESSLINGEN],
      ["tripReductionMacro", "1"],
      ["type_via", "any"],
      ["name_via", CANNSTATT],
      ["dwellTime_via", "5"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"]
    ],
    check: ({ trips }) => {
      between(HBF, ESSLINGEN)(trips)
      for (const t of trips) {
        const at = t.legs.findIndex((leg) => stopOf(leg.destination) === CANNSTATT)
        expect(at).toBeGreaterThanOrEqual(0)
        const next = t.legs[at + 1]!
        expect(stopOf(next.origin)).toBe(CANNSTATT)
        const dwell = millis(next.origin.departureTimePlanned) - millis(t.legs[at]!.destination.arrivalTimePlanned)
        expect(dwell).toBeGreaterThanOrEqual(5 * MINUTE)
      }
    }
  }),
  trip("without a mode filter the Metropolexpress (MOT 13) runs to Ludwigsburg", {
    origin: Point.any(HBF),
    destination: Point.any(LUDWIGSBURG),
    dateTime: NOW
  }, { check: ({ trips }) => expect(motsOf(trips).has(13)).toBe(true) }),
  trip("excluding a mode: excludedMeans=checkbox and exclMOT_<id>; the mode is gone", {
    origin: Point.any(HBF),
    destination: Point.any(LUDWIGSBURG),
    dateTime: NOW,
    modes: { excluded: [13] }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", LUDWIGSBURG],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["excludedMeans", "checkbox"],
      ["exclMOT_13", "1"]
    ],
    check: ({ trips }) => {
      between(HBF, LUDWIGSBURG)(trips)
      expect(motsOf(trips).has(13)).toBe(false)
    }
  }),
  trip("without options the airport is also reached by Stadtbahn and bus, with a change", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW
  }, {
    check: ({ trips }) => {
      expect(trips.some((t) => t.interchange > 0)).toBe(true)
      expect([...motsOf(trips)].some((mot) => mot !== 1 && !WALKS.has(mot))).toBe(true)
    }
  }),
  trip("including modes: includedMeans=checkbox and inclMOT_<id>; only that mode rides", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW,
    modes: { included: [1] }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", FLUGHAFEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["includedMeans", "checkbox"],
      ["inclMOT_1", "1"]
    ],
    check: ({ trips }) => {
      between(HBF, FLUGHAFEN)(trips)
      for (const t of trips) for (const leg of vehicleLegs(t)) expect(leg.mode.mot).toBe(1)
    }
  }),
  trip("several excluded modes, each its own exclMOT_<id>", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW,
    modes: { excluded: [3, 6] }
  }, {
    check: ({ trips }) => {
      between(HBF, FLUGHAFEN)(trips)
      expect(motsOf(trips).has(3)).toBe(false)
      expect(motsOf(trips).has(6)).toBe(false)
    }
  }),
  trip("maxChanges=0 with ptOptionsActive=1 gives direct trips only", {
    origin: Point.any(HBF),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW,
    publicTransport: { maxChanges: 0 }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", FLUGHAFEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["ptOptionsActive", "1"],
      ["maxChanges", "0"]
    ],
    check: ({ trips }) => {
      between(HBF, FLUGHAFEN)(trips)
      for (const t of trips) {
        expect(t.interchange).toBe(0)
        expect(vehicleLegs(t)).toHaveLength(1)
      }
    }
  }),
  trip("without options the rack railway (MOT 8) climbs to Degerloch", {
    origin: Point.any(MARIENPLATZ),
    destination: Point.any(DEGERLOCH),
    dateTime: NOW
  }, { check: ({ trips }) => expect(motsOf(trips).has(8)).toBe(true) }),
  trip("wheelchair with imparedOptionsActive=1 avoids the rack railway, which is not accessible", {
    origin: Point.any(MARIENPLATZ),
    destination: Point.any(DEGERLOCH),
    dateTime: NOW,
    mobility: { wheelchair: true }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", MARIENPLATZ],
      ["type_destination", "any"],
      ["name_destination", DEGERLOCH],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["imparedOptionsActive", "1"],
      ["wheelchair", "1"]
    ],
    check: ({ trips }) => {
      between(MARIENPLATZ, DEGERLOCH)(trips)
      expect(motsOf(trips).has(8)).toBe(false)
    }
  }),
  trip("every mobility flag: low-floor vehicles only, no elevators, escalators or stairs", {
    origin: Point.any(ESSLINGEN),
    destination: Point.any(NELLINGEN),
    dateTime: NOW,
    mobility: { lowFloorVehicles: true, noElevators: true, noEscalators: true, noSolidStairs: true }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", ESSLINGEN],
      ["type_destination", "any"],
      ["name_destination", NELLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["imparedOptionsActive", "1"],
      ["lowPlatformVhcl", "1"],
      ["noElevators", "1"],
      ["noEscalators", "1"],
      ["noSolidStairs", "1"]
    ],
    check: ({ trips }) => {
      between(ESSLINGEN, NELLINGEN)(trips)
      const lowFloor = new Set(dataset.lines.filter((l) => l.vehicles.lowFloor).map((l) => l.mot))
      for (const t of trips) for (const leg of vehicleLegs(t)) expect(lowFloor.has(leg.mode.mot)).toBe(true)
    }
  }),
  trip("a coordinate origin goes out longitude first; individual transport options", {
    origin: Point.coord(Coord.make(48.7785, 9.1795)),
    destination: Point.any(BOEBLINGEN),
    dateTime: NOW,
    individualTransport: { speed: "fast", mode: "foot", maxMinutes: 15 }
  }, {
    params: [
      ["type_origin", "coord"],
      ["name_origin", "9.1795:48.7785:WGS84[dd.ddddd]"],
      ["type_destination", "any"],
      ["name_destination", BOEBLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["itOptionsActive", "1"],
      ["changeSpeed", "fast"],
      ["trITMOT", "100"],
      ["trITMOTvalue", "15"]
    ],
    check: ({ trips }) => {
      expect(trips.length).toBeGreaterThan(0)
      // the walk from the coordinate to the first stop
      for (const t of trips) expect(firstLeg(t).mode.mot).toBe(100)
    }
  }),
  trip("both option groups share one changeSpeed; the other public and individual options", {
    origin: Point.any(SCHLOSSPLATZ),
    destination: Point.any(BOEBLINGEN),
    dateTime: NOW,
    publicTransport: {
      changeSpeed: "slow",
      lineRestriction: "associationPlusRegional",
      routeType: "leastInterchange",
      nearbyStopsAtOrigin: true,
      nearbyStopsAtDestination: true
    },
    individualTransport: {
      speed: "slow",
      departureMode: "foot",
      departureMaxMinutes: 10,
      arrivalMode: "foot",
      arrivalMaxMinutes: 5
    }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", SCHLOSSPLATZ],
      ["type_destination", "any"],
      ["name_destination", BOEBLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["ptOptionsActive", "1"],
      ["changeSpeed", "slow"],
      ["lineRestriction", "403"],
      ["routeType", "leastinterchange"],
      ["useProxFootSearchOrig", "1"],
      ["useProxFootSearchDest", "1"],
      ["itOptionsActive", "1"],
      ["trITDepMOT", "100"],
      ["trITDepMOTvalue", "10"],
      ["trITArrMOT", "100"],
      ["trITArrMOTvalue", "5"]
    ],
    check: ({ trips }) => {
      expect(trips.length).toBeGreaterThan(0)
      // the fewest changes: one (Stadtbahn, then S-Bahn)
      for (const t of trips) expect(vehicleLegs(t).length).toBeLessThanOrEqual(2)
    }
  }),
  trip("useRealtime=1 adds estimated times and the MONITORED status within the hour; calcNumberOfTrips=6", {
    origin: Point.any(HBF),
    destination: Point.any(ESSLINGEN),
    dateTime: NOW,
    realtime: true,
    numberOfTrips: 6
  }, {
    check: ({ trips }) => {
      expect(trips).toHaveLength(6)
      // the fake's clock is NOW: calls within its real-time window (an hour) have estimates, later ones none
      const windowEnd = DateTime.toEpochMillis(NOW) + 3600_000
      const legs = trips.flatMap(vehicleLegs)
      const monitored = legs.filter((leg) => DateTime.toEpochMillis(leg.origin.departureTimePlanned) <= windowEnd)
      expect(monitored.length).toBeGreaterThan(0)
      for (const leg of monitored) {
        expect(leg.realtimeStatus).toBe("MONITORED")
        expect(leg.isRealtimeControlled).toBe(true)
        expect(leg.origin.departureTimeEstimated).toBeDefined()
      }
      for (const leg of legs) {
        if (DateTime.toEpochMillis(leg.origin.departureTimePlanned) > windowEnd) {
          expect(leg.origin.departureTimeEstimated).toBeUndefined()
        }
      }
    }
  }),
  trip("bicycle and park-and-ride macros and calcOneDirection are sent as the contract spells them", {
    origin: Point.any(HBF),
    destination: Point.any(BOEBLINGEN),
    dateTime: NOW,
    oneDirection: true,
    bicycle: {
      routing: true,
      bikeAndRide: true,
      combination: "takeAlong",
      speed: 18,
      maxMinutes: 20,
      parkingMaxDistance: 300
    },
    parkAndRide: { routing: true, maxCarDistance: 10_000, maxCarMinutes: 15 }
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", HBF],
      ["type_destination", "any"],
      ["name_destination", BOEBLINGEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"],
      ["calcOneDirection", "1"],
      ["calcBicycleMacro", "on"],
      ["brRoutingMacro", "true"],
      ["std3_bikeSettings", "takealong"],
      ["cycleSpeed", "18"],
      ["maxTimeBicycle", "20"],
      ["parkingMaxDistance", "300"],
      ["prRoutingMacro", "true"],
      ["maxLengthCar", "10000"],
      ["maxTimeCar", "15"]
    ],
    check: ({ trips }) => between(HBF, BOEBLINGEN)(trips)
  }),
  trip("text points are resolved by the server; without a time the fake's clock is used", {
    origin: Point.any("Stuttgart Hbf"),
    destination: Point.any("Esslingen Bahnhof")
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", "Stuttgart Hbf"],
      ["type_destination", "any"],
      ["name_destination", "Esslingen Bahnhof"],
      ["tripReductionMacro", "1"]
    ],
    check: ({ trips }) => {
      between(HBF, ESSLINGEN)(trips)
      for (const t of trips) expect(departure(t)).toBeGreaterThanOrEqual(millis(NOW))
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// stop finder
// ---------------------------------------------------------------------------------------------------

const stopFinder = make("stopFinder")
export const HBF_COORD = stop(HBF).coord
const ESSLINGEN_COORD = stop(ESSLINGEN).coord

const stopFinderCases: Array<AnyCase> = [
  stopFinder("free text: the best match is marked", { input: Point.any("Stuttgart Hbf") }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart Hbf"]],
    check: ({ locations }) => {
      expect(locations[0]?.id).toBe(HBF)
      expect(locations[0]?.isBest).toBe(true)
      expect(locations.filter((l) => l.isBest)).toHaveLength(1)
    }
  }),
  stopFinder("a name with type stop (as public clients send it) is searched among the stops", {
    input: Point.stop("Stuttgart Hauptbahnhof")
  }, {
    params: [["type_sf", "stop"], ["name_sf", "Stuttgart Hauptbahnhof"]],
    check: ({ locations }) => {
      expect(locations[0]).toMatchObject({ id: HBF, type: "stop", isBest: true })
      expect(locations.every((l) => l.type === "stop")).toBe(true)
    }
  }),
  stopFinder("without anyMaxSizeHitList a broad text finds many stops", { input: Point.any("Stuttgart") }, {
    check: ({ locations }) => expect(locations.length).toBeGreaterThan(3)
  }),
  stopFinder("anyMaxSizeHitList caps the list", { input: Point.any("Stuttgart"), maxResults: 3 }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart"], ["anyMaxSizeHitList", "3"]],
    check: ({ locations }) => expect(locations).toHaveLength(3)
  }),
  stopFinder("without prMinQu a partial text also finds weaker hits", { input: Point.any("Bahnhof Stuttgart") }, {
    check: ({ locations }) => expect(locations.some((l) => l.matchQuality < 900)).toBe(true)
  }),
  stopFinder("prMinQu drops the hits below the minimum quality", {
    input: Point.any("Bahnhof Stuttgart"),
    minQuality: 90
  }, {
    params: [["type_sf", "any"], ["name_sf", "Bahnhof Stuttgart"], ["prMinQu", "90"]],
    check: ({ locations }) => {
      expect(locations.length).toBeGreaterThan(0)
      for (const l of locations) expect(l.matchQuality).toBeGreaterThanOrEqual(900)
    }
  }),
  stopFinder("a coordinate goes out longitude first and finds the nearest stops", {
    input: Point.coord(HBF_COORD)
  }, {
    params: [["type_sf", "coord"], ["name_sf", "9.181636:48.784081:WGS84[dd.ddddd]"]],
    check: ({ locations }) => {
      expect(locations[0]?.id).toBe(HBF)
      const qualities = locations.map((l) => l.matchQuality)
      expect(qualities).toEqual([...qualities].sort((a, b) => b - a))
    }
  }),
  stopFinder("doNotSearchForStops_sf verifies the coordinate alone", {
    input: Point.coord(HBF_COORD),
    skipNearbyStops: true
  }, {
    params: [
      ["type_sf", "coord"],
      ["name_sf", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["doNotSearchForStops_sf", "1"]
    ],
    check: ({ locations }, dialect) => {
      expect(locations).toHaveLength(1)
      // the Mentz location types have no `coord`
      expect(locations[0]?.type).toBe(dialect === "contract" ? "coord" : "unknown")
      expect(locations[0]?.id).toBe("9.181636:48.784081:WGS84[dd.ddddd]")
    }
  }),
  stopFinder("anyObjFilter_sf=32 keeps points of interest, with their assigned stops", {
    input: Point.any("Stuttgart"),
    objectKinds: ["poi"]
  }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart"], ["anyObjFilter_sf", "32"]],
    check: ({ locations }) => {
      const pois = new Set<string>(dataset.pois.map((p) => p.id))
      expect(locations.length).toBeGreaterThan(0)
      for (const l of locations) {
        expect(pois.has(l.id)).toBe(true)
        expect(l.assignedStops?.length).toBeGreaterThan(0)
      }
    }
  }),
  stopFinder("anySigWhenPerfectNoOtherMatches returns only the perfect match", {
    input: Point.any("Stuttgart Hbf"),
    perfectMatchOnly: true
  }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart Hbf"], ["anySigWhenPerfectNoOtherMatches", "1"]],
    check: ({ locations }) => expect(locations.map((l) => l.id)).toEqual([HBF])
  }),
  stopFinder("anyOmc_sf restricts the search to one municipality", {
    input: Point.any("Bahnhof"),
    municipality: "8116019"
  }, {
    params: [["type_sf", "any"], ["name_sf", "Bahnhof"], ["anyOmc_sf", "8116019"]],
    check: ({ locations }) => {
      expect(locations.length).toBeGreaterThan(0)
      for (const l of locations) expect(l.name.startsWith("Esslingen")).toBe(true)
    }
  }),
  stopFinder("ranking: a reference point, DISTANCEFROMCENTER and prefStModeAm=30 for MOT-IDs 1..4", {
    input: Point.any("Bahnhof"),
    referencePoint: ESSLINGEN_COORD,
    rankingMethod: "DISTANCEFROMCENTER",
    preferModesAmongBest: [1, 2, 3, 4]
  }, {
    params: [
      ["type_sf", "any"],
      ["name_sf", "Bahnhof"],
      ["coord", "9.304104:48.737603:WGS84[dd.ddddd]"],
      ["prefStModeAm", "30"],
      ["rMethod", "DISTANCEFROMCENTER"]
    ],
    check: ({ locations }) => expect(locations[0]?.id).toBe(ESSLINGEN)
  }),
  stopFinder("the remaining options are sent under their names", {
    input: Point.any("Schloßplatz"),
    resultSorter: "7",
    houseNumberResolution: true,
    houseNumberList: true,
    localityMainStop: true,
    region: "1",
    retryWithoutMunicipality: true,
    alwaysPreferKinds: ["stop"],
    preferKindsAmongBest: ["stop", "poi"],
    alwaysPreferRegion: "1",
    preferRegionAmongBest: "2",
    relevanceWeight: 50
  }, {
    params: [
      ["type_sf", "any"],
      ["name_sf", "Schloßplatz"],
      ["anyResSort_sf", "7"],
      ["locationInfoActive", "1"],
      ["useHouseNumberList_sf", "1"],
      ["useLocalityMainStop", "1"],
      ["regionID_sf", "1"],
      ["tryFurtherAnyWithoutLoc", "1"],
      ["objPrefAl", "2"],
      ["objPrefAm", "34"],
      ["regPrefAl", "1"],
      ["regPrefAm", "2"],
      ["relInf", "50"]
    ],
    check: ({ locations }) => expect(locations[0]?.id).toBe(SCHLOSSPLATZ)
  })
]

// ---------------------------------------------------------------------------------------------------
// coordinate search
// ---------------------------------------------------------------------------------------------------

const coordInfo = make("coordInfo")
const CENTRE_BOX = { upperLeft: Coord.make(48.786, 9.17), lowerRight: Coord.make(48.77, 9.19) }

const coordInfoCases: Array<AnyCase> = [
  coordInfo("a circle with one filter block: type_0 and radius_0", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "STOP", radius: 500 }]
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["type_0", "STOP"],
      ["radius_0", "500"]
    ],
    check: ({ pins }) => {
      expect(pins.map((p) => p.id)).toContain(HBF)
      for (const pin of pins) {
        expect(pin.type).toBe("STOP")
        expect(meters(HBF_COORD, pin.coord)).toBeLessThanOrEqual(500 + SLACK)
      }
    }
  }),
  coordInfo("an ANY block finds stops, points of interest, parking and sharing vehicles", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "ANY", radius: 1500 }]
  }, {
    check: ({ pins }) => {
      expect(pins.length).toBeGreaterThan(3)
      expect(new Set(pins.map((p) => p.type))).toEqual(new Set(["STOP", "POI_POINT", "PARKING", "SHARING_VEHICLE"]))
    }
  }),
  coordInfo("max caps the pins", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "ANY", radius: 1500 }],
    maxResults: 3
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["max", "3"],
      ["type_0", "ANY"],
      ["radius_0", "1500"]
    ],
    check: ({ pins }) => expect(pins).toHaveLength(3)
  }),
  coordInfo("exclMOT_<i> joins its MOT-IDs with a colon and takes the modes out", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "STOP", radius: 1000, excludeMots: [1, 3] }]
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["type_0", "STOP"],
      ["radius_0", "1000"],
      ["exclMOT_0", "1:3"]
    ],
    check: ({ pins }) => {
      expect(pins.length).toBeGreaterThan(0)
      for (const pin of pins) {
        const mots = CoordInfo.motIds(pin)
        expect(mots).not.toContain(1)
        expect(mots).not.toContain(3)
      }
    }
  }),
  coordInfo("two filter blocks are numbered 0 and 1, each with its own parameters", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [
      { type: "STOP", radius: 300, includeMots: [3] },
      { type: "POI_POINT", radius: 2000, includePoiHierarchies: ["1200"] }
    ]
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["type_0", "STOP"],
      ["radius_0", "300"],
      ["inclMOT_0", "3"],
      ["type_1", "POI_POINT"],
      ["radius_1", "2000"],
      ["inclPOIH_1", "1200"]
    ],
    check: ({ pins }) => {
      const hierarchy = new Map<string, string>(dataset.pois.map((p) => [p.id, p.hierarchy]))
      expect(pins.some((p) => p.type === "STOP")).toBe(true)
      expect(pins.some((p) => p.type === "POI_POINT")).toBe(true)
      for (const pin of pins) {
        if (pin.type === "STOP") {
          expect(CoordInfo.motIds(pin)).toContain(3)
          expect(meters(HBF_COORD, pin.coord)).toBeLessThanOrEqual(300 + SLACK)
        } else {
          expect(pin.type).toBe("POI_POINT")
          expect(hierarchy.get(pin.id!)).toBe("1200")
          expect(meters(HBF_COORD, pin.coord)).toBeLessThanOrEqual(2000 + SLACK)
        }
      }
    }
  }),
  coordInfo("a bounding box: the bare boundingBox flag and its corners; every pin lies inside", {
    searchSpace: CoordInfo.boundingBox(CENTRE_BOX.upperLeft, CENTRE_BOX.lowerRight),
    filters: [{ type: "STOP" }]
  }, {
    params: [
      ["boundingBox", ""],
      ["boundingBoxLU", "9.17:48.786:WGS84[dd.ddddd]"],
      ["boundingBoxRL", "9.19:48.77:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["type_0", "STOP"]
    ],
    check: ({ pins }) => {
      expect(pins.length).toBeGreaterThan(0)
      for (const pin of pins) expect(inside(CENTRE_BOX, pin.coord)).toBe(true)
    }
  }),
  coordInfo("parking options: the parking box, object kinds as a bitmask, details with real time", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "STOP", radius: 100 }],
    parkingBox: { upperLeft: Coord.make(48.9, 9.1), lowerRight: Coord.make(48.6, 9.3) },
    parkingObjectTypes: ["carPark", "parkingLot"],
    parkingCharge: "pay",
    bikeAndRide: "EXCLUDE",
    parkAndRide: "INCLUDE",
    parkingDetails: "realtime"
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["parkingSearchMethod", "BB"],
      ["parkingBB", "1"],
      ["parkingBBLU", "9.1:48.9:WGS84[dd.ddddd]"],
      ["parkingBBRL", "9.3:48.6:WGS84[dd.ddddd]"],
      ["parkingObjectType", "3"],
      ["parkingCharge", "pay"],
      ["parkingBikeRideInclusion", "EXCLUDE"],
      ["parkingParkRideInclusion", "INCLUDE"],
      ["parkObjInfo", "1"],
      ["parkObjInfoRealtime", "1"],
      ["type_0", "STOP"],
      ["radius_0", "100"]
    ],
    check: ({ pins }) => {
      const parking = new Map<string, (typeof dataset.parking)[number]>(dataset.parking.map((p) => [p.id, p]))
      const found = pins.filter((p) => p.type === "PARKING")
      expect(found.length).toBeGreaterThan(0)
      for (const pin of found) {
        const object = parking.get(pin.id!)!
        expect(["carPark", "parkingLot"]).toContain(object.kind)
        expect(object.charge).toBe("pay")
        expect(object.bikeAndRide).toBe(false)
        expect(inside({ upperLeft: Coord.make(48.9, 9.1), lowerRight: Coord.make(48.6, 9.3) }, pin.coord)).toBe(true)
      }
    }
  }),
  coordInfo("deadline goes out as YYYYMMDD; all parking kinds are -1", {
    searchSpace: CoordInfo.circle(HBF_COORD),
    filters: [{ type: "POI_POINT", radius: 800 }],
    deadline: TODAY,
    outputCoordinateSystem: "WGS84[dd.ddddd]",
    parkingObjectTypes: "all"
  }, {
    params: [
      ["coord", "9.181636:48.784081:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["deadline", "20260302"],
      ["mapNameOutput", "WGS84[dd.ddddd]"],
      ["parkingObjectType", "-1"],
      ["type_0", "POI_POINT"],
      ["radius_0", "800"]
    ],
    check: ({ pins }) => {
      expect(pins.some((p) => p.type === "POI_POINT")).toBe(true)
      expect(pins.some((p) => p.type === "PARKING")).toBe(true)
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// vehicle detail
// ---------------------------------------------------------------------------------------------------

const vehicleDetail = make("vehicleDetail")
const vehicleCoord = (id: string) => dataset.sharing.vehicles.find((v) => v.id === id)!.coord

const serverMessage = (code: number) => (error: EfaError.EfaError) => {
  expect(error._tag).toBe("ServerMessageError")
  expect(error._tag === "ServerMessageError" && error.code).toBe(code)
}

const vehicleDetailCases: Array<AnyCase> = [
  vehicleDetail("the detail mode parameters and the SharingRefId; the referenced vehicle comes back", {
    vehicle: { vehicleId: "RR-1001", operatorId: "regiorad", opAreaId: "rr-stuttgart" },
    atStation: true,
    specification: true,
    availability: true
  }, {
    params: [
      ["coordReqType", "VEHICLEDETAIL"],
      ["vehDetail", "1"],
      ["vehSM", "ID"],
      ["SharingRefId", "RR-1001:regiorad:rr-stuttgart"],
      ["vehAtStation", "1"],
      ["vehSpec", "1"],
      ["vehAvail", "1"]
    ],
    check: ({ pins }) => {
      expect(pins).toHaveLength(1)
      expect(pins[0]?.id).toBe("RR-1001:regiorad:rr-stuttgart")
      expect(pins[0]?.coord).toEqual(vehicleCoord("RR-1001"))
      expect(pins[0]?.specification).toBeDefined()
      expect(pins[0]?.availability).toBeDefined()
    }
  }),
  vehicleDetail("repeated vehEngineType and vehSF, numbered vehLocType<i>", {
    vehicle: { vehicleId: "SN-501", operatorId: "sharenow", opAreaId: "sn-stuttgart" },
    engineTypes: ["ELECTRIC", "HYBRID"],
    locationTypes: ["FREEFLOATER", "POSITION"],
    vehicleKinds: ["CAR", "BIKE"]
  }, {
    params: [
      ["coordReqType", "VEHICLEDETAIL"],
      ["vehDetail", "1"],
      ["vehSM", "ID"],
      ["SharingRefId", "SN-501:sharenow:sn-stuttgart"],
      ["vehEngineType", "ELECTRIC"],
      ["vehEngineType", "HYBRID"],
      ["vehSF", "CAR"],
      ["vehSF", "BIKE"],
      ["vehLocType0", "FREEFLOATER"],
      ["vehLocType1", "POSITION"]
    ],
    check: ({ pins }) => {
      expect(pins.map((p) => p.id)).toEqual(["SN-501:sharenow:sn-stuttgart"])
      expect(pins[0]?.coord).toEqual(vehicleCoord("SN-501"))
      expect(pins[0]?.specification).toBeUndefined()
    }
  }),
  vehicleDetail("a drive type filter that excludes the vehicle gives the server's -8020", {
    vehicle: { vehicleId: "SN-502", operatorId: "sharenow", opAreaId: "sn-stuttgart" },
    engineTypes: ["ELECTRIC"]
  }, { fails: serverMessage(-8020) }),
  vehicleDetail("a vehicle at a station is found only with vehAtStation=1", {
    vehicle: { vehicleId: "RR-1001", operatorId: "regiorad", opAreaId: "rr-stuttgart" }
  }, { fails: serverMessage(-8020) })
]

// ---------------------------------------------------------------------------------------------------
// operating areas
// ---------------------------------------------------------------------------------------------------

const opArea = make("opArea")

const isClosed = (polygon: ReadonlyArray<readonly [number, number]>) => {
  const first = polygon[0]!
  const last = polygon[polygon.length - 1]!
  return polygon.length >= 4 && first[0] === last[0] && first[1] === last[1]
}

// rapidJSON numbers providers and areas (the Mentz schema has numeric IDs), 1, 2, ... in dataset order
const providerIds = dataset.sharing.providers.map((p) => p.id)
const areaIds = dataset.sharing.providers.flatMap((p) => p.areas.map((a) => a.id))
const providerIdOf = (id: string, dialect: "contract" | "rapidJSON") =>
  dialect === "rapidJSON" ? providerIds[Number(id) - 1] ?? id : id
const areaIdOf = (id: string, dialect: "contract" | "rapidJSON") =>
  dialect === "rapidJSON" ? areaIds[Number(id) - 1] ?? id : id

const opAreaCases: Array<AnyCase> = [
  opArea("all providers, without geometry", OpArea.all(), {
    params: [["opareaSM", "ALL"]],
    check: ({ providers }, dialect) => {
      expect(providers.map((p) => providerIdOf(p.id, dialect))).toEqual(providerIds)
      for (const area of providers.flatMap((p) => p.areas)) expect(area.polygon).toBeUndefined()
    }
  }),
  opArea("operatingZoneGeometry=1 returns closed polygons", OpArea.all({ zoneGeometry: true }), {
    params: [["opareaSM", "ALL"], ["operatingZoneGeometry", "1"]],
    check: ({ providers }) => {
      const areas = providers.flatMap((p) => p.areas)
      expect(areas.length).toBeGreaterThan(0)
      for (const area of areas) expect(area.polygon !== undefined && isClosed(area.polygon)).toBe(true)
    }
  }),
  opArea(
    "radial: coordRadius longitude first with the radius, opASR=1; only providers near the centre",
    OpArea.radial(
      ESSLINGEN_COORD,
      { radius: 1000 }
    ),
    {
      params: [["opareaSM", "RADIAL"], ["coordRadius", "9.304104:48.737603:WGS84[dd.ddddd]:1000"], ["opASR", "1"]],
      check: ({ providers }, dialect) => {
        expect(providers.map((p) => providerIdOf(p.id, dialect))).toEqual(["regiorad"])
        expect(providers[0]?.areas.map((a) => areaIdOf(a.id, dialect))).toEqual(["rr-esslingen"])
      }
    }
  ),
  opArea("radial without a radius leaves the suffix out (the server's 500 m)", OpArea.radial(HBF_COORD), {
    params: [["opareaSM", "RADIAL"], ["coordRadius", "9.181636:48.784081:WGS84[dd.ddddd]"], ["opASR", "1"]],
    check: ({ providers }, dialect) => {
      expect(providers.map((p) => providerIdOf(p.id, dialect))).toEqual(["regiorad", "stadtmobil", "sharenow"])
      expect(providers.flatMap((p) => p.areas.map((a) => areaIdOf(a.id, dialect)))).not.toContain("rr-esslingen")
    }
  }),
  opArea(
    "vehPId<i> with the matching opAreaId<i>",
    OpArea.all({
      providers: [{ providerId: "regiorad", areaId: "rr-esslingen" }, { providerId: "stadtmobil" }]
    }),
    {
      params: [["opareaSM", "ALL"], ["vehPId0", "regiorad"], ["opAreaId0", "rr-esslingen"], ["vehPId1", "stadtmobil"]],
      check: ({ providers }, dialect) => {
        expect(providers.map((p) => [providerIdOf(p.id, dialect), p.areas.map((a) => areaIdOf(a.id, dialect))]))
          .toEqual([
            ["regiorad", ["rr-esslingen"]],
            ["stadtmobil", ["sm-stuttgart"]]
          ])
      }
    }
  ),
  opArea("vehSF keeps the providers of one vehicle kind", OpArea.all({ vehicleKind: "CAR" }), {
    params: [["opareaSM", "ALL"], ["vehSF", "CAR"]],
    check: ({ providers }) => {
      expect(providers.length).toBeGreaterThan(0)
      for (const provider of providers) expect(provider.vehicleType).toBe("CAR")
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// serving lines
// ---------------------------------------------------------------------------------------------------

const servingLines = make("servingLines")

const servingLinesCases: Array<AnyCase> = [
  servingLines(
    "by stop: mode=odv, lineReqType=0 and the stop as type_sl / name_sl",
    ServingLines.byStop(
      Point.any(HBF)
    ),
    {
      params: [["mode", "odv"], ["lineReqType", "0"], ["type_sl", "any"], ["name_sl", HBF]],
      check: ({ servingLines }) => {
        expect(new Set(servingLines.map((l) => l.number))).toEqual(
          new Set(["S1", "S2", "S4", "U1", "U5", "U14", "MEX 16", "MEX 17a"])
        )
        expect(servingLines.some((l) => l.mot === 1)).toBe(true)
      }
    }
  ),
  servingLines("exclMOT_<id> leaves the modes out", ServingLines.byStop(Point.any(HBF), { excludedModes: [13, 1] }), {
    params: [
      ["mode", "odv"],
      ["lineReqType", "0"],
      ["type_sl", "any"],
      ["name_sl", HBF],
      ["exclMOT_1", "1"],
      ["exclMOT_13", "1"]
    ],
    check: ({ servingLines }) => {
      expect(servingLines.length).toBeGreaterThan(0)
      for (const line of servingLines) expect([1, 13]).not.toContain(line.mot)
    }
  }),
  servingLines("by line name: mode=line and lineName; both directions of each match", ServingLines.byLineName("U"), {
    params: [["mode", "line"], ["lineReqType", "0"], ["lineName", "U"]],
    check: ({ servingLines }) => {
      expect(servingLines.map((l) => l.number).sort()).toEqual(["U1", "U1", "U14", "U14", "U5", "U5"])
    }
  }),
  servingLines(
    "lineReqType as a bitmask keeps the lines of those kinds",
    ServingLines.byStop(Point.any(MARIENPLATZ), {
      lineTypes: ["ROB"]
    }),
    {
      params: [["mode", "odv"], ["lineReqType", "8"], ["type_sl", "any"], ["name_sl", MARIENPLATZ]],
      check: ({ servingLines }) => {
        const rob = new Set(dataset.lines.filter((l) => l.kinds.includes("ROB")).map((l) => l.number))
        expect(servingLines.length).toBeGreaterThan(0)
        for (const line of servingLines) expect(rob.has(line.number)).toBe(true)
      }
    }
  ),
  servingLines(
    "a coordinate stop finds the nearest stop's lines",
    ServingLines.byStop(
      Point.coord(stop(LUDWIGSBURG).coord)
    ),
    {
      params: [
        ["mode", "odv"],
        ["lineReqType", "0"],
        ["type_sl", "coord"],
        ["name_sl", "9.185303:48.892103:WGS84[dd.ddddd]"]
      ],
      check: ({ servingLines }) => expect(servingLines.map((l) => l.number)).toContain("421")
    }
  )
]

// ---------------------------------------------------------------------------------------------------
// notices
// ---------------------------------------------------------------------------------------------------

const addInfo = make("addInfo")
const notices = dataset.notices
const isCurrent = (n: { readonly validTo?: string | undefined }) => n.validTo === undefined || n.validTo >= TODAY
const validOn = (date: string) => (n: { readonly validFrom?: string; readonly validTo?: string }) =>
  (n.validFrom ?? "0000-00-00") <= date && date <= (n.validTo ?? "9999-99-99")
const ids = (list: ReadonlyArray<{ readonly id: string }>) => list.map((n) => n.id).sort()

// The public line number's digits of a notice line `<network>:<code>:<supplement>:<direction>`.
const lineNumberOf = (line: string): number => {
  const code = line.split(":")[1]
  const number = dataset.lines.find((l) => l.code === code)?.number ?? ""
  return Number(number.replace(/\D/g, ""))
}

const addInfoCases: Array<AnyCase> = [
  addInfo("no filter: the current notices, de-duplicated", {}, {
    params: [],
    check: ({ infos }) => {
      expect(ids(infos)).toEqual(ids(notices.filter(isCurrent)))
      expect(new Set(infos.map((n) => n.id)).size).toBe(infos.length)
    }
  }),
  addInfo("every notice as real ones are: subtitle, page and its link text, version, short text, further links", {}, {
    check: ({ infos }) => {
      expect(infos.length).toBeGreaterThan(0)
      for (const notice of infos) {
        expect(notice.subtitle).toBe(notice.title)
        expect(notice.url).toMatch(/^https:\/\//)
        expect(notice.urlText).toBe(notice.title)
        expect(notice.version).toMatch(/^\d+$/)
        expect(notice.smsText).toBe(notice.title)
        expect(notice.links).toEqual([{
          url: notice.url,
          urlText: notice.title,
          subtitle: notice.title,
          content: notice.text
        }])
      }
    }
  }),
  addInfo("filterPublicationStatus=history: the notices that ended", { publicationStatus: "history" }, {
    params: [["filterPublicationStatus", "history"]],
    check: ({ infos }) => {
      expect(infos.length).toBeGreaterThan(0)
      expect(ids(infos)).toEqual(ids(notices.filter((n) => !isCurrent(n))))
    }
  }),
  addInfo("filterInfoType is repeated; only those types come back", {
    publicationStatus: "current",
    noticeTypes: ["stopInfo", "lineInfo"]
  }, {
    params: [["filterPublicationStatus", "current"], ["filterInfoType", "stopInfo"], ["filterInfoType", "lineInfo"]],
    check: ({ infos }) => {
      expect(new Set(infos.map((n) => n.type))).toEqual(new Set(["stopInfo", "lineInfo"]))
      expect(ids(infos)).toEqual(
        ids(notices.filter((n) => isCurrent(n) && (n.type === "stopInfo" || n.type === "lineInfo")))
      )
    }
  }),
  addInfo("the line-number interval", { lineNumberStart: 1, lineNumberEnd: 5 }, {
    params: [["filterLineNumberIntervalStart", "1"], ["filterLineNumberIntervalEnd", "5"]],
    check: ({ infos }) => {
      const expected = notices.filter((n) =>
        isCurrent(n) && n.lines.some((line) => lineNumberOf(line) >= 1 && lineNumberOf(line) <= 5)
      )
      expect(expected.length).toBeGreaterThan(0)
      expect(ids(infos)).toEqual(ids(expected))
    }
  }),
  addInfo("filterDateValid goes out as DD-MM-YYYY, repeated", {
    validOn: { mode: "dates", dates: ["2026-02-12", "2026-04-20"] }
  }, {
    params: [["filterDateValid", "12-02-2026"], ["filterDateValid", "20-04-2026"]],
    check: ({ infos }) => {
      expect(ids(infos)).toEqual(ids(notices.filter((n) => validOn("2026-02-12")(n) || validOn("2026-04-20")(n))))
      expect(ids(infos)).toContain("VVS-2026-0151")
      expect(ids(infos)).toContain("SSB-2026-0064")
    }
  }),
  addInfo("a validity date in components", { validOn: { mode: "components", date: "2026-02-13" } }, {
    params: [
      ["filterDateValidComponentsActive", "1"],
      ["filterDateValidDay", "13"],
      ["filterDateValidMonth", "02"],
      ["filterDateValidYear", "2026"]
    ],
    check: ({ infos }) => expect(ids(infos)).toEqual(ids(notices.filter(validOn("2026-02-13"))))
  }),
  addInfo("a validity interval in DD-MM-YYYY, bounds inclusive", {
    validIntervalStart: "2026-01-01",
    validIntervalEnd: "2026-01-31"
  }, {
    params: [["filterValidIntervalStart", "01-01-2026"], ["filterValidIntervalEnd", "31-01-2026"]],
    check: ({ infos }) => {
      const overlapping = notices.filter((n) => n.validFrom! <= "2026-01-31" && n.validTo! >= "2026-01-01")
      expect(ids(infos)).toEqual(ids(overlapping))
    }
  }),
  addInfo("the combined line filter with passedStops", {
    line: "vvs:10001: :H:",
    passedStops: true
  }, {
    params: [["line", "vvs:10001: :H:"], ["passedStops", "1"]],
    check: ({ infos }) => {
      expect(ids(infos)).toContain("DB-2026-1187")
      expect(ids(infos)).toContain("VVS-2026-0311")
      for (const n of infos) expect(isCurrent(n)).toBe(true)
    }
  }),
  addInfo("the other filters, repeated where the contract says so", {
    municipalities: ["8111000", "8116019"],
    places: [{ municipality: "8111000", placeId: "5" }],
    modes: [1, 3],
    lineDirections: [{ network: "vvs", line: "10001", direction: "H" }],
    lineSupplements: [{ network: "vvs", line: "10001", supplement: " " }],
    selectedLines: ["S1"],
    operators: ["DBR"],
    stops: ["de:08111:6052"],
    noticeIds: ["VVS-2026-0311", "DB-2026-1187"],
    providerCodes: ["VVS"],
    sourceSystems: ["DIVA"],
    hideBanners: true
  }, {
    params: [
      ["filterOMC", "8111000:8116019"],
      ["filterOMC_PlaceID", "8111000:5"],
      ["filterMOTType", "1"],
      ["filterMOTType", "3"],
      ["filterPNLineDir", "vvs:10001:H"],
      ["filterPNLineSub", "vvs:10001: "],
      ["itdLPxx_selLine", "S1"],
      ["itdLPxx_selOperator", "DBR"],
      ["itdLPxx_selStop", "de:08111:6052"],
      ["filterInfoID", "VVS-2026-0311"],
      ["filterInfoID", "DB-2026-1187"],
      ["filterProviderCode", "VVS"],
      ["filterSourceSystemName", "DIVA"],
      ["hideBannerInfo", "1"]
    ],
    check: ({ infos }) => expect(ids(infos)).toEqual(["VVS-2026-0311"])
  }),
  addInfo("hideBannerInfo leaves the banners out", { hideBanners: true }, {
    params: [["hideBannerInfo", "1"]],
    check: ({ infos }) => {
      expect(infos.length).toBeGreaterThan(0)
      for (const n of infos) expect(n.type).not.toBe("bannerInfo")
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// line geometry
// ---------------------------------------------------------------------------------------------------

const geoObject = make("geoObject")
const S1 = LineId.format({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H" })
const S4 = LineId.format({ subnetwork: "vvs", lineNumber: "10004", supplement: " ", direction: "H" })
const GEO_BOX = { upperLeft: Coord.make(48.79, 9.15), lowerRight: Coord.make(48.76, 9.2) }

const geoObjectCases: Array<AnyCase> = [
  geoObject("the line identifier with a blank supplement", { line: S1 }, {
    params: [["line", "vvs:10001: :H"]],
    check: ({ geometry, stops }) => {
      const s1 = dataset.lines.find((l) => l.code === "10001")!
      expect(stops.map((s) => s.id)).toEqual(s1.stops.map((s) => s.stop))
      expect(geometry.length).toBeGreaterThan(stops.length)
      for (const s of stops) expect(s.servingLines).toBeUndefined()
    }
  }),
  geoObject("vSL=1 gives every stop its serving lines", { line: S1, servingLines: true }, {
    params: [["line", "vvs:10001: :H"], ["vSL", "1"]],
    check: ({ stops }) => {
      expect(stops.length).toBeGreaterThan(0)
      for (const s of stops) expect(s.servingLines?.map((l) => l.name).join(" ")).toContain("S1")
      expect(stops.find((s) => s.id === HBF)?.servingLines?.length).toBeGreaterThan(1)
    }
  }),
  geoObject("a bounding box (bare flag and corners) clips the geometry and the stops", {
    line: S1,
    boundingBox: GEO_BOX
  }, {
    params: [
      ["line", "vvs:10001: :H"],
      ["boundingBox", ""],
      ["boundingBoxLU", "9.15:48.79:WGS84[dd.ddddd]"],
      ["boundingBoxRL", "9.2:48.76:WGS84[dd.ddddd]"]
    ],
    check: ({ geometry, stops }) => {
      expect(geometry.length).toBeGreaterThan(0)
      expect(stops.length).toBeGreaterThan(0)
      const tolerance = 1e-9
      for (const [lat, lon] of geometry) {
        expect(lat).toBeLessThanOrEqual(GEO_BOX.upperLeft.lat + tolerance)
        expect(lat).toBeGreaterThanOrEqual(GEO_BOX.lowerRight.lat - tolerance)
        expect(lon).toBeGreaterThanOrEqual(GEO_BOX.upperLeft.lon - tolerance)
        expect(lon).toBeLessThanOrEqual(GEO_BOX.lowerRight.lon + tolerance)
      }
      for (const s of stops) expect(inside(GEO_BOX, stop(s.id).coord)).toBe(true)
    }
  }),
  geoObject("filterStopID is repeated; two stops give the section between them", {
    line: S1,
    stopIds: [HBF, ESSLINGEN]
  }, {
    params: [["line", "vvs:10001: :H"], ["filterStopID", HBF], ["filterStopID", ESSLINGEN]],
    check: ({ stops }) => {
      expect(stops[0]?.id).toBe(HBF)
      expect(stops[stops.length - 1]?.id).toBe(ESSLINGEN)
    }
  }),
  geoObject("filterDate as YYYYMMDD selects the variant: on a Saturday the S4 turns at Zuffenhausen", {
    line: S4,
    date: "2026-03-07"
  }, {
    params: [["line", "vvs:10004: :H"], ["filterDate", "20260307"]],
    check: ({ stops }) => {
      expect(stops[stops.length - 1]?.id).toBe(ZUFFENHAUSEN)
      expect(stops.map((s) => s.id)).not.toContain(FAVORITEPARK)
    }
  }),
  geoObject("on a weekday the S4 runs through to Favoritepark", { line: S4, date: TODAY }, {
    params: [["line", "vvs:10004: :H"], ["filterDate", "20260302"]],
    check: ({ stops }) => expect(stops[stops.length - 1]?.id).toBe(FAVORITEPARK)
  }),
  geoObject("the public number in place of the code; no lineReqType without line types", {
    line: LineId.format({ subnetwork: "vvs", lineNumber: "S1", supplement: " ", direction: "R" })
  }, {
    params: [["line", "vvs:S1: :R"]],
    check: ({ stops }) => {
      const s1 = dataset.lines.find((l) => l.code === "10001")!
      expect(stops.map((s) => s.id)).toEqual(s1.stops.map((s) => s.stop).reverse())
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// departures and a trip's stops
// ---------------------------------------------------------------------------------------------------

const departures = make("departures")
const LEONBERG_MUSEUM = "de:08115:5620"
const BOARD_PARAMS = [["mode", "direct"], ["type_dm", "any"], ["name_dm", HBF], ["useRealtime", "1"]] as const
const AT_NOW = [["itdDate", "20260302"], ["itdTime", "0830"]] as const
const plannedOf = (event: Departures.StopEvent) => millis(event.arrivalTimePlanned ?? event.departureTimePlanned)
const sortedByPlanned = (events: ReadonlyArray<Departures.StopEvent>) => {
  for (let i = 1; i < events.length; i++) {
    expect(plannedOf(events[i]!)).toBeGreaterThanOrEqual(plannedOf(events[i - 1]!))
  }
}
const unresolved = (reason: "ambiguous" | "unknown", minCandidates: number) => (error: EfaError.EfaError) => {
  expect(error._tag).toBe("StopNotResolvedError")
  if (error._tag !== "StopNotResolvedError") return
  expect(error.reason).toBe(reason)
  expect(error.candidates.length).toBeGreaterThanOrEqual(minCandidates)
}

const departuresCases: Array<AnyCase> = [
  departures("the next departures of a stop from a time, with estimates within the real-time window", {
    stop: Point.any(HBF),
    dateTime: NOW,
    dateTimeRefersTo: "departure",
    limit: 20
  }, {
    params: [...BOARD_PARAMS, ["limit", "20"], ...AT_NOW, ["itdDateTimeDepArr", "dep"]],
    check: ({ events, locations }) => {
      expect(events).toHaveLength(20)
      sortedByPlanned(events)
      expect(locations[0]).toMatchObject({ id: HBF, isBest: true })
      for (const event of events) {
        // the stop, or (rapidJSON, as real boards write it) the platform with the stop as parent
        expect(event.location.type === "platform" ? event.location.parent?.id : event.location.id).toBe(HBF)
        expect(millis(event.departureTimePlanned)).toBeGreaterThanOrEqual(millis(NOW))
        expect(event.lineId).toMatch(/^vvs:\d{5}: :[HR]:$/)
        expect(event.plannedPlatform).toBeDefined()
        expect(event.tripCode).toBeDefined()
        if (!event.cancelled) expect(event.departureTimeEstimated).toBeDefined()
      }
    }
  }),
  departures("a board of a stop given by its ID: type_dm=stop", {
    stop: Point.stop(HBF),
    dateTime: NOW,
    dateTimeRefersTo: "departure",
    limit: 5
  }, {
    params: [
      ["mode", "direct"],
      ["type_dm", "stop"],
      ["name_dm", HBF],
      ["useRealtime", "1"],
      ["limit", "5"],
      ...AT_NOW,
      ["itdDateTimeDepArr", "dep"]
    ],
    check: ({ events, locations }) => {
      expect(events).toHaveLength(5)
      expect(locations[0]).toMatchObject({ id: HBF, isBest: true })
    }
  }),
  departures("a board of a stop given by its name with type_dm=stop, as public clients send it", {
    stop: Point.stop("Stuttgart Hauptbahnhof"),
    dateTime: NOW,
    dateTimeRefersTo: "departure",
    limit: 5
  }, {
    check: ({ events, locations }) => {
      expect(events).toHaveLength(5)
      expect(locations[0]).toMatchObject({ id: HBF, isBest: true })
    }
  }),
  departures("the dataset's cancellation and platform change: cancelled without estimate, the platform differs", {
    stop: Point.any(HBF),
    dateTime: NOW,
    dateTimeRefersTo: "departure",
    limit: 40
  }, {
    params: [...BOARD_PARAMS, ["limit", "40"], ...AT_NOW, ["itdDateTimeDepArr", "dep"]],
    check: ({ events }) => {
      const cancelled = events.filter((event) => event.cancelled)
      expect(cancelled.map((event) => event.lineName)).toEqual(["U14"])
      expect(cancelled[0]!.departureTimeEstimated).toBeUndefined()
      expect(cancelled[0]!.realtimeStatus).toEqual(["TRIP_CANCELLED"])
      const moved = events.filter((event) => event.platform !== event.plannedPlatform)
      expect(moved.map((event) => [event.lineName, event.plannedPlatform, event.platform])).toEqual([["S4", "5", "6"]])
    }
  }),
  departures("beyond the real-time window an event has no estimate", {
    stop: Point.any(HBF),
    dateTime: utc("2026-03-02T12:00:00Z"),
    dateTimeRefersTo: "departure",
    limit: 5
  }, {
    params: [...BOARD_PARAMS, ["limit", "5"], ["itdDate", "20260302"], ["itdTime", "1300"], [
      "itdDateTimeDepArr",
      "dep"
    ]],
    check: ({ events }) => {
      expect(events).toHaveLength(5)
      for (const event of events) {
        expect(event.departureTimeEstimated).toBeUndefined()
        expect(event.realtimeStatus).toBeUndefined()
      }
    }
  }),
  departures("an arrival board (itdDateTimeDepArr=arr) lists arrivals, runs ending at the stop included", {
    stop: Point.any(ESSLINGEN),
    dateTime: NOW,
    dateTimeRefersTo: "arrival",
    limit: 10
  }, {
    params: [
      ["mode", "direct"],
      ["type_dm", "any"],
      ["name_dm", ESSLINGEN],
      ["useRealtime", "1"],
      ["limit", "10"],
      ...AT_NOW,
      ["itdDateTimeDepArr", "arr"]
    ],
    check: ({ events }) => {
      expect(events).toHaveLength(10)
      sortedByPlanned(events)
      for (const event of events) {
        expect(event.arrivalTimePlanned).toBeDefined()
        expect(millis(event.arrivalTimePlanned!)).toBeGreaterThanOrEqual(millis(NOW))
      }
      expect(events.some((event) => event.destination.id === ESSLINGEN)).toBe(true)
    }
  }),
  departures("timetableOnly leaves out useRealtime: planned times only", {
    stop: Point.any(HBF),
    dateTime: NOW,
    dateTimeRefersTo: "departure",
    timetableOnly: true,
    limit: 10
  }, {
    params: [["mode", "direct"], ["type_dm", "any"], ["name_dm", HBF], ["limit", "10"], ...AT_NOW, [
      "itdDateTimeDepArr",
      "dep"
    ]],
    check: ({ events }) => {
      for (const event of events) {
        expect(event.departureTimeEstimated).toBeUndefined()
        expect(event.cancelled).toBe(false)
        expect(event.platform).toBe(event.plannedPlatform)
      }
    }
  }),
  departures("modes keep those modes only (includedMeans=checkbox, inclMOT_<id>=1)", {
    stop: Point.any(HBF),
    dateTimeRefersTo: "departure",
    modes: [3]
  }, {
    params: [...BOARD_PARAMS, ["itdDateTimeDepArr", "dep"], ["includedMeans", "checkbox"], ["inclMOT_3", "1"]],
    check: ({ events }) => {
      expect(events).toHaveLength(40)
      for (const event of events) expect(event.mode.mot).toBe(3)
    }
  }),
  departures("a line ID filter (line, repeated) matches the line direction whatever its timetable suffix", {
    stop: Point.any(HBF),
    dateTimeRefersTo: "departure",
    lines: ["vvs:10001: :H:j26", "vvs:11005: :R:"]
  }, {
    params: [...BOARD_PARAMS, ["line", "vvs:10001: :H:j26"], ["line", "vvs:11005: :R:"], ["itdDateTimeDepArr", "dep"]],
    check: ({ events }) => {
      expect(new Set(events.map((event) => event.lineId))).toEqual(new Set(["vvs:10001: :H:", "vvs:11005: :R:"]))
    }
  }),
  departures("a direction (name_arr) keeps trips calling there later; stopSequence gives their stops", {
    stop: Point.any(HBF),
    dateTimeRefersTo: "departure",
    direction: Point.any(ESSLINGEN),
    stopSequence: true,
    limit: 6
  }, {
    params: [
      ...BOARD_PARAMS,
      ["limit", "6"],
      ["itdDateTimeDepArr", "dep"],
      ["type_arr", "any"],
      ["name_arr", ESSLINGEN],
      ["depType", "stopEvents"],
      ["includeCompleteStopSeq", "1"]
    ],
    check: ({ events }) => {
      expect(events).toHaveLength(6)
      for (const event of events) {
        expect(event.onwardStops?.map((s) => s.id)).toContain(ESSLINGEN)
        expect(event.previousStops?.map((s) => s.id)).not.toContain(HBF)
        const next = event.onwardStops![0]!
        expect(millis(next.arrivalTimePlanned!)).toBeGreaterThan(millis(event.departureTimePlanned))
      }
    }
  }),
  departures("nearby and assigned stops (useProxFootSearch=1, deleteAssignedStops_dm=0)", {
    stop: Point.any(HBF),
    dateTimeRefersTo: "departure",
    mergeAssignedStops: true,
    nearbyStops: true
  }, {
    params: [
      ...BOARD_PARAMS,
      ["deleteAssignedStops_dm", "0"],
      ["useProxFootSearch", "1"],
      ["itdDateTimeDepArr", "dep"]
    ],
    check: ({ events }) => {
      expect(events.length).toBeGreaterThan(0)
    }
  }),
  departures("a stop no line serves is an empty board (-4050), not an error", {
    stop: Point.any(LEONBERG_MUSEUM),
    dateTimeRefersTo: "departure"
  }, {
    params: [["mode", "direct"], ["type_dm", "any"], ["name_dm", LEONBERG_MUSEUM], ["useRealtime", "1"], [
      "itdDateTimeDepArr",
      "dep"
    ]],
    check: ({ events, locations, systemMessages }) => {
      expect(events).toEqual([])
      expect(locations.map((l) => l.id)).toEqual([LEONBERG_MUSEUM])
      expect(systemMessages?.map((m) => m.code)).toEqual([-4050])
    }
  }),
  departures("text several stops match equally well fails with the candidates", {
    stop: Point.any("Bahnhof"),
    dateTimeRefersTo: "departure"
  }, {
    params: [["mode", "direct"], ["type_dm", "any"], ["name_dm", "Bahnhof"], ["useRealtime", "1"], [
      "itdDateTimeDepArr",
      "dep"
    ]],
    fails: unresolved("ambiguous", 2)
  }),
  departures("an unknown stop ID fails as unknown", {
    stop: Point.any("de:08111:9999"),
    dateTimeRefersTo: "departure"
  }, {
    fails: unresolved("unknown", 0)
  })
]

const tripStops = make("tripStops")

const tripStopsCases: Array<AnyCase> = [
  tripStops("the stops of a board event's trip, by line, trip code, stop and time", {
    line: "vvs:10001: :H:",
    stop: HBF,
    tripCode: 48600,
    dateTime: utc("2026-03-02T07:57:00Z")
  }, {
    params: [
      ["line", "vvs:10001: :H:"],
      ["stop", HBF],
      ["tripCode", "48600"],
      ["date", "20260302"],
      ["time", "08:57"],
      ["tStOTType", "all"],
      ["useRealtime", "1"]
    ],
    check: ({ lineId, lineName, stops }) => {
      const s1 = dataset.lines.find((l) => l.code === "10001")!
      expect(stops.map((s) => s.id)).toEqual(s1.stops.map((s) => s.stop))
      expect(lineId).toBe("vvs:10001: :H:")
      expect(lineName).toBe("S1")
      const hbf = stops.find((s) => s.id === HBF)!
      expect(hbf.departureTimePlanned).toEqual(utc("2026-03-02T07:57:00Z"))
    }
  }),
  tripStops("no trip with that code calls there: -2000", {
    line: "vvs:10001: :H:",
    stop: HBF,
    tripCode: 1,
    dateTime: NOW
  }, { fails: serverMessage(-2000) })
]

// ---------------------------------------------------------------------------------------------------
// the network catalogue
// ---------------------------------------------------------------------------------------------------

const systemInfo = make("systemInfo")

const systemInfoCases: Array<AnyCase> = [
  systemInfo("the timetable's validity and the kernel's data build, without parameters", {}, {
    params: [],
    check: ({ kernel, validity }) => {
      expect(validity).toEqual({ from: dataset.meta.validFrom, to: dataset.meta.validTo })
      expect(kernel?.dataBuild).toEqual(utc(`${dataset.meta.validFrom}T00:00:00Z`))
      expect(kernel?.dataFormat).toBe("EFA10_02_00")
    }
  })
]

const lines = make("lines")

const linesCases: Array<AnyCase> = [
  lines("every line direction of a subnetwork, each with its server line ID", { subnetwork: "vvs" }, {
    params: [["lineListSubnetwork", "vvs"]],
    check: ({ lines }) => {
      expect(lines).toHaveLength(dataset.lines.length * 2)
      const s1 = lines.find((line) => line.lineId === "vvs:10001: :H:")!
      expect(s1.mode).toEqual({ name: "S-Bahn S1", mot: 1, number: "S1" })
      expect(s1.destination?.id).toBe(dataset.lines.find((l) => l.code === "10001")!.stops.at(-1)!.stop)
    }
  }),
  lines("mergeDir=1: one entry per line", { subnetwork: "vvs", mergeDirections: true }, {
    params: [["lineListSubnetwork", "vvs"], ["mergeDir", "1"]],
    check: ({ lines }) => {
      expect(lines.map((line) => line.lineId)).toEqual(dataset.lines.map((l) => `vvs:${l.code}:${l.supplement}:H:`))
    }
  }),
  lines("a subnetwork the deployment does not have: nothing matches, an empty list with -4050 kept", {
    subnetwork: "xyz"
  }, {
    params: [["lineListSubnetwork", "xyz"]],
    check: ({ lines, systemMessages }) => {
      expect(lines).toEqual([])
      expect(systemMessages?.map((message) => message.code)).toEqual([-4050])
    }
  })
]

const lineStops = make("lineStops")

const lineStopsCases: Array<AnyCase> = [
  lineStops("a line's stops in travel order, from the line ID the line list gives", { line: "vvs:10001: :R:" }, {
    params: [["line", "vvs:10001: :R:"]],
    check: ({ stops }) => {
      const s1 = dataset.lines.find((l) => l.code === "10001")!
      expect(stops.map((s) => s.id)).toEqual(s1.stops.map((s) => s.stop).reverse())
    }
  }),
  lineStops("a line the deployment does not have: NotFoundError naming it (-2000)", { line: "vvs:99999: :H:" }, {
    params: [["line", "vvs:99999: :H:"]],
    fails: (error) => {
      expect(error).toMatchObject({ _tag: "NotFoundError", field: "line", value: "vvs:99999: :H:" })
      expect(error._tag === "NotFoundError" && error.messages[0]?.code).toBe(-2000)
    }
  })
]

const stops = make("stops")

const stopsCases: Array<AnyCase> = [
  stops("the stops of a municipality, in dataset order, each with its place", { municipality: "8116019" }, {
    params: [["stopListOMC", "8116019"]],
    check: ({ stops }) => {
      const esslingen = dataset.stops.filter((s) => s.omc === "8116019")
      expect(stops.map((s) => s.id)).toEqual(esslingen.map((s) => s.id))
      for (const stop of stops) expect(stop.parent?.name).toBe("Esslingen am Neckar")
    }
  }),
  stops("the stops of one place of a municipality", { municipality: "8111000", place: "6" }, {
    params: [["stopListOMC", "8111000"], ["stopListPlaceId", "6"]],
    check: ({ stops }) => {
      const place = dataset.stops.filter((s) => s.omc === "8111000" && s.placeId === "6")
      expect(stops.map((s) => s.id)).toEqual(place.map((s) => s.id))
    }
  }),
  stops("the stops a subnetwork's lines call at", { subnetwork: "vvs" }, {
    params: [["stopListSubnetwork", "vvs"]],
    check: ({ stops }) => {
      const served = new Set(dataset.lines.flatMap((l) => l.stops.map((s) => s.stop)))
      expect(stops.length).toBeGreaterThan(0)
      for (const stop of stops) expect(served.has(stop.id)).toBe(true)
    }
  }),
  stops("a municipality the deployment does not have: nothing matches, an empty list with -2000 kept", {
    municipality: "9999999"
  }, {
    params: [["stopListOMC", "9999999"]],
    check: ({ stops, systemMessages }) => {
      expect(stops).toEqual([])
      expect(systemMessages?.map((message) => message.code)).toEqual([-2000])
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// the real time of a planned trip
// ---------------------------------------------------------------------------------------------------

const realtimeForTrip = make("realtimeForTrip")
const VAIHINGEN = "de:08111:6002"

// the S1 that leaves Herrenberg at 08:06, from Böblingen to Vaihingen, then a walk
const s1Ride = {
  transportation: { id: "vvs:10001: :H:", product: { class: 1 }, properties: { tripCode: 48600 } },
  origin: { id: BOEBLINGEN, departureTimePlanned: utc("2026-03-02T07:25:00Z") },
  destination: { id: VAIHINGEN, arrivalTimePlanned: utc("2026-03-02T07:37:00Z") }
}
const walkOn = {
  transportation: { product: { class: 100 } },
  origin: { id: VAIHINGEN, departureTimePlanned: utc("2026-03-02T07:37:00Z") },
  destination: { id: HBF, arrivalTimePlanned: utc("2026-03-02T07:50:00Z") }
}
// the same journey as the parameter writes it
const s1RideJson = `{"transportation":{"id":"vvs:10001: :H:","product":{"class":1},"properties":{"tripCode":48600}},` +
  `"origin":{"id":"${BOEBLINGEN}","departureTimePlanned":"2026-03-02T07:25:00Z"},` +
  `"destination":{"id":"${VAIHINGEN}","arrivalTimePlanned":"2026-03-02T07:37:00Z"}}`
const walkOnJson = `{"transportation":{"product":{"class":100}},` +
  `"origin":{"id":"${VAIHINGEN}","departureTimePlanned":"2026-03-02T07:37:00Z"},` +
  `"destination":{"id":"${HBF}","arrivalTimePlanned":"2026-03-02T07:50:00Z"}}`

const realtimeForTripCases: Array<AnyCase> = [
  realtimeForTrip("a ride found again by its line, trip code, stops and planned times; a walk as sent", {
    journey: { legs: [s1Ride, walkOn] }
  }, {
    params: [["journey", `{"legs":[${s1RideJson},${walkOnJson}]}`]],
    check: ({ trip }) => {
      const [ride, walk] = trip!.legs
      expect(trip!.legs).toHaveLength(2)
      expect([ride!.lineId, ride!.tripCode, ride!.mode.name]).toEqual(["vvs:10001: :H:", 48600, "S-Bahn S1"])
      expect(ride!.origin.departureTimePlanned).toEqual(utc("2026-03-02T07:25:00Z"))
      expect(ride!.destination.arrivalTimePlanned).toEqual(utc("2026-03-02T07:37:00Z"))
      // within the real-time window at the fake's clock: estimates, and the platforms at both ends
      expect(ride!.origin.departureTimeEstimated).toBeDefined()
      expect(ride!.origin.platform).toBeDefined()
      expect(ride!.destination.platform).toBeDefined()
      expect(ride!.realtimeStatus).toBe("MONITORED")
      expect(walk!.mode.mot).toBe(100)
      expect(walk!.lineId).toBeUndefined()
      expect(walk!.destination.name).toBe(stop(HBF).name)
    }
  }),
  realtimeForTrip("a ride the timetable does not have comes back as sent: PROGNOSIS_IMPOSSIBLE", {
    journey: { legs: [{ ...s1Ride, transportation: { id: "vvs:10001: :H:", properties: { tripCode: 1 } } }] }
  }, {
    check: ({ trip }) => {
      const ride = trip!.legs[0]!
      expect(ride.realtimeStatus).toBe("PROGNOSIS_IMPOSSIBLE")
      expect(ride.origin.departureTimeEstimated).toBeUndefined()
      expect([ride.lineId, ride.tripCode, stopOf(ride.origin)]).toEqual(["vvs:10001: :H:", 1, BOEBLINGEN])
    }
  })
]

// ---------------------------------------------------------------------------------------------------
// places, streets, addresses, crossings and postcodes
// ---------------------------------------------------------------------------------------------------

const KOENIGSTRASSE = "streetID:1500000001::8111000:1"
const KOENIGSTRASSE_12 = "addressID:1500000001:12:8111000"
const STUTTGART = { id: "placeID:8111000:1", name: "Stuttgart", type: "locality" }

// An address is `singlehouse` in the contract's dialect (and TfNSW's), `address` in the Mentz schema's; a postcode
// is `unknown` in rapidJSON, whose types have none. `StopFinder.kindOf` reads either.
const addressType = (dialect: "contract" | "rapidJSON") => (dialect === "contract" ? "singlehouse" : "address")

// Every location that is not a stop has its nearest stops, with their distance and the walk in minutes.
const hasAssignedStops = (location: StopFinder.Location) => {
  expect(location.assignedStops?.length).toBeGreaterThan(0)
  const distances = location.assignedStops!.map((assigned) => assigned.distance!)
  expect(distances).toEqual([...distances].sort((a, b) => a - b))
  for (const assigned of location.assignedStops!) {
    expect(Math.abs(assigned.distance! - meters(location.coord!, stop(assigned.id).coord))).toBeLessThanOrEqual(SLACK)
    expect(assigned.duration).toBeGreaterThan(0)
  }
}

const kinds = (locations: ReadonlyArray<StopFinder.Location>) => new Set(locations.map(StopFinder.kindOf))

const placeCases: Array<AnyCase> = [
  stopFinder("a street by text, with its place, postcode and nearest stops", { input: Point.any("Königstraße") }, {
    check: ({ locations }) => {
      const street = locations.find((l) => l.id === KOENIGSTRASSE)
      expect(street).toMatchObject({
        name: "Stuttgart, Königstraße",
        type: "street",
        streetName: "Königstraße",
        postcode: "70173",
        parent: STUTTGART
      })
      hasAssignedStops(street!)
      // the stop Schloßplatz lies on it
      expect(street!.assignedStops!.map((a) => a.id)).toContain(SCHLOSSPLATZ)
    }
  }),
  stopFinder("anyObjFilter_sf=4 keeps streets: Bahnhofstraße in several places", {
    input: Point.any("Bahnhofstraße"),
    objectKinds: ["street"]
  }, {
    params: [["type_sf", "any"], ["name_sf", "Bahnhofstraße"], ["anyObjFilter_sf", "4"]],
    check: ({ locations }) => {
      expect(locations.length).toBeGreaterThan(3)
      expect(kinds(locations)).toEqual(new Set(["street"]))
      expect(new Set(locations.map((l) => Point.locality(l.parent))).size).toBe(locations.length)
      for (const l of locations) expect(l.streetName).toBe("Bahnhofstraße")
    }
  }),
  stopFinder("an address with a house number by text", { input: Point.any("Königstraße 12") }, {
    check: ({ locations }, dialect) => {
      expect(locations[0]).toMatchObject({
        id: KOENIGSTRASSE_12,
        name: "Stuttgart, Königstraße 12",
        type: addressType(dialect),
        isBest: true,
        streetName: "Königstraße",
        houseNumber: "12",
        postcode: "70173",
        parent: STUTTGART
      })
      expect(locations[0]?.interpolated).toBeUndefined()
      expect(StopFinder.kindOf(locations[0]!)).toBe("address")
      hasAssignedStops(locations[0]!)
      // the street comes after its house
      expect(locations.findIndex((l) => l.id === KOENIGSTRASSE)).toBeGreaterThan(0)
    }
  }),
  stopFinder("anyObjFilter_sf=8 keeps addresses", { input: Point.any("Königstraße 12"), objectKinds: ["address"] }, {
    params: [["type_sf", "any"], ["name_sf", "Königstraße 12"], ["anyObjFilter_sf", "8"]],
    check: ({ locations }) => expect(locations.map((l) => l.id)).toEqual([KOENIGSTRASSE_12])
  }),
  stopFinder("locationInfoActive places a house number the street does not have where it would be", {
    input: Point.any("Königstraße 13"),
    houseNumberResolution: true
  }, {
    params: [["type_sf", "any"], ["name_sf", "Königstraße 13"], ["locationInfoActive", "1"]],
    check: ({ locations }, dialect) => {
      const [first] = locations
      expect(first).toMatchObject({ type: addressType(dialect), houseNumber: "13", interpolated: true })
      expect(first!.matchQuality).toBeLessThan(locations.find((l) => l.id === KOENIGSTRASSE_12)?.matchQuality ?? 1000)
      // between numbers 12 and 20 of the street
      const twelve = dataset.places!.streets[0]!.houses.find((h) => h.number === "12")!.coord
      expect(meters(first!.coord!, twelve)).toBeLessThan(200)
    }
  }),
  stopFinder("without locationInfoActive a number the street does not have finds the street", {
    input: Point.any("Königstraße 13")
  }, {
    check: ({ locations }) => {
      expect(locations[0]?.id).toBe(KOENIGSTRASSE)
      expect(locations.some((l) => l.houseNumber !== undefined)).toBe(false)
    }
  }),
  stopFinder("a place by text: the locality, its main stop assigned", { input: Point.any("Stuttgart") }, {
    check: ({ locations }) => {
      expect(locations[0]).toMatchObject({ ...STUTTGART, matchQuality: 1000, isBest: true })
      expect(locations[0]?.assignedStops?.map((a) => a.id)).toEqual([HBF])
      expect(locations[0]?.parent).toBeUndefined()
    }
  }),
  stopFinder("anyObjFilter_sf=1 keeps localities and their suburbs", {
    input: Point.any("Bad Cannstatt"),
    objectKinds: ["locality"]
  }, {
    params: [["type_sf", "any"], ["name_sf", "Bad Cannstatt"], ["anyObjFilter_sf", "1"]],
    check: ({ locations }) => {
      expect(locations[0]).toMatchObject({
        id: "suburbID:8111000:6",
        name: "Stuttgart-Bad Cannstatt",
        type: "suburb",
        parent: STUTTGART
      })
      expect(locations[0]?.assignedStops?.map((a) => a.id)).toEqual([CANNSTATT])
      expect(kinds(locations)).toEqual(new Set(["locality"]))
    }
  }),
  stopFinder("useLocalityMainStop finds a suburb's main stop in its place", {
    input: Point.any("Stuttgart-Bad Cannstatt"),
    localityMainStop: true
  }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart-Bad Cannstatt"], ["useLocalityMainStop", "1"]],
    check: ({ locations }) => {
      expect(locations[0]).toMatchObject({ id: CANNSTATT, type: "stop", matchQuality: 1000 })
      expect(locations.some((l) => l.type === "suburb")).toBe(false)
    }
  }),
  stopFinder("a crossing by text: both streets", { input: Point.any("Königstraße Schulstraße") }, {
    check: ({ locations }) => {
      expect(locations[0]).toMatchObject({
        id: "crossingID:1500000001:1500000002:8111000",
        name: "Stuttgart, Königstraße / Schulstraße",
        type: "crossing",
        streetName: "Königstraße",
        parent: STUTTGART
      })
      hasAssignedStops(locations[0]!)
    }
  }),
  stopFinder("anyObjFilter_sf=16 keeps crossings: where Königstraße meets other streets", {
    input: Point.any("Königstraße"),
    objectKinds: ["crossing"]
  }, {
    params: [["type_sf", "any"], ["name_sf", "Königstraße"], ["anyObjFilter_sf", "16"]],
    check: ({ locations }) => {
      expect(locations.length).toBeGreaterThan(2)
      expect(kinds(locations)).toEqual(new Set(["crossing"]))
      for (const l of locations) expect(l.name).toContain("Königstraße")
    }
  }),
  stopFinder("a postcode by text", { input: Point.any("70173") }, {
    check: ({ locations }, dialect) => {
      expect(locations[0]).toMatchObject({
        id: "postcodeID:70173:8111000",
        name: "70173 Stuttgart",
        type: dialect === "contract" ? "postcode" : "unknown",
        postcode: "70173",
        parent: STUTTGART
      })
      expect(StopFinder.kindOf(locations[0]!)).toBe("postcode")
      hasAssignedStops(locations[0]!)
    }
  }),
  stopFinder("anyObjFilter_sf=64 keeps postcodes: those of a place", {
    input: Point.any("Stuttgart"),
    objectKinds: ["postcode"]
  }, {
    params: [["type_sf", "any"], ["name_sf", "Stuttgart"], ["anyObjFilter_sf", "64"]],
    check: ({ locations }) => {
      expect(locations.length).toBeGreaterThan(3)
      expect(kinds(locations)).toEqual(new Set(["postcode"]))
      for (const l of locations) expect(l.name).toMatch(/^\d{5} Stuttgart$/)
    }
  }),
  stopFinder("an address's ID finds that address", { input: Point.fromId(KOENIGSTRASSE_12) }, {
    check: ({ locations }) => {
      expect(locations.map((l) => l.id)).toEqual([KOENIGSTRASSE_12])
      expect(locations[0]?.matchQuality).toBe(1000)
    }
  }),
  coordInfo("a STREET block finds the streets through the circle, each at its nearest point", {
    searchSpace: CoordInfo.circle(stop(SCHLOSSPLATZ).coord),
    filters: [{ type: "STREET", radius: 300 }]
  }, {
    params: [
      ["coord", "9.179219:48.778702:WGS84[dd.ddddd]"],
      ["inclFilter", "1"],
      ["type_0", "STREET"],
      ["radius_0", "300"]
    ],
    check: ({ pins }) => {
      expect(pins.length).toBeGreaterThan(1)
      expect(new Set(pins.map((p) => p.type))).toEqual(new Set(["STREET"]))
      // the stop lies on Königstraße
      expect(pins[0]).toMatchObject({ id: KOENIGSTRASSE, name: "Stuttgart, Königstraße", parent: STUTTGART })
      for (const pin of pins) expect(meters(stop(SCHLOSSPLATZ).coord, pin.coord)).toBeLessThanOrEqual(300 + SLACK)
    }
  }),
  trip("from an address to a stop: a walk to one of the address's stops first", {
    origin: Point.fromId(KOENIGSTRASSE_12),
    destination: Point.any(FLUGHAFEN),
    dateTime: NOW
  }, {
    params: [
      ["type_origin", "any"],
      ["name_origin", KOENIGSTRASSE_12],
      ["type_destination", "any"],
      ["name_destination", FLUGHAFEN],
      ["tripReductionMacro", "1"],
      ["itdDate", "20260302"],
      ["itdTime", "0830"]
    ],
    check: ({ trips }) => {
      between(KOENIGSTRASSE_12, FLUGHAFEN)(trips)
      for (const trip of trips) {
        const walk = firstLeg(trip)
        expect(WALKS.has(walk.mode.mot)).toBe(true)
        expect(walk.origin.name).toBe("Stuttgart, Königstraße 12")
        expect(meters(stop(walk.destination.id).coord, dataset.places!.streets[0]!.houses[1]!.coord))
          .toBeLessThanOrEqual(dataset.meta.accessRadiusMeters)
        expect(vehicleLegs(trip).length).toBeGreaterThan(0)
      }
    }
  }),
  trip("from a stop back to an address: a walk from one of the address's stops last", {
    origin: Point.any(FLUGHAFEN),
    destination: Point.fromId(KOENIGSTRASSE_12),
    dateTime: NOW
  }, {
    check: ({ trips }) => {
      between(FLUGHAFEN, KOENIGSTRASSE_12)(trips)
      for (const trip of trips) {
        const walk = lastLeg(trip)
        expect(WALKS.has(walk.mode.mot)).toBe(true)
        expect(walk.destination.name).toBe("Stuttgart, Königstraße 12")
        expect(arrival(trip)).toBeGreaterThan(departure(trip))
      }
    }
  })
]

/** Every case, operation by operation. */
export const cases: ReadonlyArray<AnyCase> = [
  ...tripCases,
  ...stopFinderCases,
  ...placeCases,
  ...coordInfoCases,
  ...vehicleDetailCases,
  ...opAreaCases,
  ...servingLinesCases,
  ...addInfoCases,
  ...geoObjectCases,
  ...departuresCases,
  ...tripStopsCases,
  ...systemInfoCases,
  ...linesCases,
  ...lineStopsCases,
  ...stopsCases,
  ...realtimeForTripCases
]
