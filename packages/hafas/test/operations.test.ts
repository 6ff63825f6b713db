import { Profile } from "@efa-kit/core"
import { afterAll, describe, expect, it } from "vitest"
import { isHafasError } from "../src/HafasError.js"
import { BOEBLINGEN, clientOf, NOW, type Setup, STUTTGART_HBF } from "./support/fake.js"
import { check, checkAll } from "./support/fptf.js"

// Every method a deployment's flags offer, against the fake in both dialects and as each built-in profile; every
// answer checked as FPTF; pages through `earlierRef`/`laterRef`, refreshes through `refreshToken`, runs through
// `tripId`.
// (the stopovers of boards, journeys and trips, a stop-finder look-up per stop for its location, only in the two
// dialects: the profiles' are the same code)
const setups: ReadonlyArray<Setup> = [
  { name: "the fake (contract dialect)", dialect: "contract" },
  { name: "the fake (rapidJSON dialect)", dialect: "rapidJSON" },
  ...Profile.names.map((name) => ({ name: `the fake as profile ${name}`, profile: name }))
]

describe.each(setups)("$name", (setup) => {
  const client = clientOf(setup)
  afterAll(() => client.close())

  it("locations, stop and nearby answer stops with their locations", async () => {
    const found = await client.locations("Stuttgart Hbf", { results: 3 })
    expect(found.length).toBeGreaterThan(0)
    checkAll("place", found, "locations")
    expect(found[0]).toMatchObject({ type: "stop", id: STUTTGART_HBF })

    const stop = await client.stop(STUTTGART_HBF, { linesOfStops: true })
    check("stop", stop)
    expect(stop).toMatchObject({ type: "stop", id: STUTTGART_HBF, name: "Stuttgart, Hauptbahnhof" })
    if (Profile.offers(client.profile.efa, "servingLines")) {
      const lines = (stop as { lines?: ReadonlyArray<unknown> }).lines ?? []
      expect(lines.length).toBeGreaterThan(0)
      checkAll("line", lines, "stop.lines")
      expect(stop).toMatchObject({ products: { suburban: true } })
    }

    const near = await client.nearby({ type: "location", latitude: 48.784, longitude: 9.1816 }, { distance: 800 })
    expect(near.length).toBeGreaterThan(0)
    checkAll("place", near, "nearby")
    expect(near.map((place) => place.id)).toContain(STUTTGART_HBF)
  })

  it("departures and arrivals, with stopovers", async () => {
    const stopovers = setup.profile === undefined
    const duration = stopovers ? 30 : 15
    const { departures } = await client.departures(STUTTGART_HBF, { when: NOW, duration, stopovers })
    if (stopovers) expect(departures.some((departure) => departure.nextStopovers!.length > 0)).toBe(true)
    expect(departures.length).toBeGreaterThan(0)
    checkAll("departure", departures, "departures")
    for (const departure of departures) {
      expect(Date.parse(departure.plannedWhen)).toBeGreaterThanOrEqual(NOW.getTime())
      expect(Date.parse(departure.plannedWhen)).toBeLessThan(NOW.getTime() + duration * 60_000)
    }
    const limited = await client.departures({ type: "stop", id: STUTTGART_HBF }, { when: NOW, results: 2 })
    expect(limited.departures.length).toBeLessThanOrEqual(2)

    const { arrivals } = await client.arrivals(STUTTGART_HBF, { when: NOW, duration })
    expect(arrivals.length).toBeGreaterThan(0)
    checkAll("arrival", arrivals, "arrivals")
  })

  it.runIf(setup.profile === undefined)("products switched off leave their modes out", async () => {
    const { departures } = await client.departures(STUTTGART_HBF, {
      when: NOW,
      duration: 30,
      products: { tram: false }
    })
    expect(departures.length).toBeGreaterThan(0)
    expect(departures.filter((departure) => departure.line.product === "tram")).toEqual([])
    const { journeys } = await client.journeys(STUTTGART_HBF, BOEBLINGEN, {
      departure: NOW,
      results: 2,
      products: { bus: false, tram: false }
    })
    checkAll("journey", journeys)
    const products = journeys.flatMap((journey) => journey.legs).map((leg) => leg.line?.product)
    expect(products).not.toContain("bus")
    expect(products).not.toContain("tram")
  })

  it("journeys, their pages, a refresh and a run", async () => {
    const first = await client.journeys(STUTTGART_HBF, BOEBLINGEN, {
      departure: NOW,
      results: 2,
      stopovers: setup.profile === undefined,
      polylines: true,
      tickets: true
    })
    expect(first.journeys.length).toBeGreaterThan(0)
    checkAll("journey", first.journeys, "journeys")
    const departureOf = (journey: (typeof first.journeys)[number]) => Date.parse(journey.legs[0]!.plannedDeparture)

    const later = await client.journeys(STUTTGART_HBF, BOEBLINGEN, { laterThan: first.laterRef })
    checkAll("journey", later.journeys, "later journeys")
    expect(later.journeys.length).toBeGreaterThan(0)
    expect(departureOf(later.journeys[0]!)).toBeGreaterThan(departureOf(first.journeys[0]!))

    const earlier = await client.journeys(STUTTGART_HBF, BOEBLINGEN, { earlierThan: first.earlierRef })
    checkAll("journey", earlier.journeys, "earlier journeys")
    for (const journey of earlier.journeys) {
      expect(departureOf(journey)).toBeLessThan(departureOf(first.journeys[0]!))
    }

    const planned = first.journeys[0]!
    expect(client.profile.refreshJourney).toBe(true)
    const { journey } = await client.refreshJourney!(planned.refreshToken, { stopovers: true })
    check("journey", journey, "refreshed journey")
    expect(journey.legs.map((leg) => leg.plannedDeparture)).toEqual(planned.legs.map((leg) => leg.plannedDeparture))

    const ride = planned.legs.find((leg) => leg.tripId !== undefined)!
    if (client.profile.trip) {
      const stopovers = setup.profile === undefined
      const { trip } = await client.trip!(ride.tripId!, { stopovers })
      check("trip", trip)
      expect(trip.line?.id).toBe(ride.line?.id)
      if (stopovers) expect(trip.stopovers!.map((stopover) => stopover.stop.id)).toContain(ride.origin.id)
    } else {
      expect(client.trip).toBeUndefined()
    }
  })

  it("lines, remarks and serverInfo where the deployment offers them", async () => {
    if (client.profile.lines) {
      const { lines } = await client.lines!("S1")
      expect(lines.length).toBeGreaterThan(0)
      checkAll("line", lines, "lines")
    } else {
      expect(client.lines).toBeUndefined()
    }
    if (client.profile.remarks) {
      const { remarks } = await client.remarks!({ from: NOW })
      expect(remarks.length).toBeGreaterThan(0)
      checkAll("warning", remarks, "remarks")
    } else {
      expect(client.remarks).toBeUndefined()
    }
    const info = await client.serverInfo()
    if (client.profile.serverInfo) expect(info.timetableStart).toMatch(/^\d{8}$/)
  })

  it("fails as hafas-client does, with efa-kit's error as the cause", async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(() => expect.unreachable("answered"), (error: unknown) => error)
    const unknown = await failure(client.journeys("de:99999:1", BOEBLINGEN, { departure: NOW }))
    expect(isHafasError(unknown)).toBe(true)
    expect(unknown).toMatchObject({ code: "NOT_FOUND", cause: { _tag: "ServerMessageError" } })
    expect(await failure(client.stop("de:99999:1"))).toMatchObject({ code: "NOT_FOUND", isHafasError: true })
    expect(await failure(client.departures("de:99999:1", { when: NOW }))).toMatchObject({
      code: "NOT_FOUND",
      cause: { _tag: "StopNotResolvedError" }
    })
    const token = await failure(client.refreshJourney!("not a token"))
    expect(token).toMatchObject({ code: "INVALID_REQUEST", isHafasError: true })
    // a bad argument is a TypeError, as in hafas-client
    expect(await failure(client.journeys(STUTTGART_HBF, BOEBLINGEN, { earlierThan: "a", laterThan: "b" })))
      .toBeInstanceOf(TypeError)
    // what EFA has no request for is no method, as hafas-client has none for a profile without it
    for (const method of ["radar", "reachableFrom", "journeysFromTrip", "tripsByName"]) {
      expect(method in client, method).toBe(false)
    }
  })
})
