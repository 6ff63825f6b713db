/**
 * Large, invented responses in the shape of the contract, one per operation, for the decode
 * benchmark. Deterministic: the same seed gives the same documents.
 */

/** A small deterministic generator (mulberry32). */
const random = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number

const int = (next: Random, min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
const pick = <A>(next: Random, items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
const degrees = (value: number): number => Math.round(value * 1_000_000) / 1_000_000

const PLACES = ["Stuttgart", "Esslingen", "Ludwigsburg", "Böblingen", "Waiblingen", "Fellbach", "Sindelfingen"]
const STREETS = ["Hauptbahnhof", "Schlossplatz", "Marktplatz", "Rathaus", "Bahnhofstraße", "Nordbahnhof", "Uni"]

const stopName = (next: Random): string => `${pick(next, PLACES)}, ${pick(next, STREETS)}`
const stopId = (next: Random): string => `de:08111:${int(next, 1, 9999)}`

const systemMessages = [
  { type: "warning", module: "BROKER", code: -8011, text: "" },
  { type: "message", module: "ITKernel", code: 9999, text: "partial result", subType: "unclassified" }
]

// A wandering line near Stuttgart, so that consecutive points look like a route.
const walk = (next: Random, count: number, lat = 48.78, lon = 9.18): Array<[number, number]> => {
  const points: Array<[number, number]> = new Array(count)
  for (let i = 0; i < count; i++) {
    lat = Math.max(-90, Math.min(90, lat + (next() - 0.5) * 0.002))
    lon = Math.max(-180, Math.min(180, lon + (next() - 0.5) * 0.002))
    points[i] = [degrees(lat), degrees(lon)]
  }
  return points
}

/** A line geometry of 20,000 `[lat, lon]` points and 60 stops with their serving lines. */
export const geoObject = (): unknown => {
  const next = random(1)
  const geometry = walk(next, 20_000)
  return {
    geometry,
    stops: Array.from({ length: 60 }, (_, i) => ({
      id: stopId(next),
      name: stopName(next),
      coord: { lat: geometry[i * 300]![0], lon: geometry[i * 300]![1] },
      servingLines: [{ name: `U${int(next, 1, 15)}` }, { name: `Bus ${int(next, 40, 99)}` }]
    })),
    systemMessages
  }
}

const isoAt = (millis: number): string => new Date(millis).toISOString().replace(".000Z", "Z")

/** 20 trips of 8 legs, with planned and estimated times. */
export const trip = (): unknown => {
  const next = random(2)
  const start = Date.UTC(2026, 2, 2, 7, 30)
  return {
    trips: Array.from({ length: 20 }, (_, t) => {
      let time = start + t * 10 * 60_000
      const legs = Array.from({ length: 8 }, () => {
        const departure = time
        const arrival = departure + int(next, 2, 25) * 60_000
        time = arrival + int(next, 1, 8) * 60_000
        const delay = int(next, 0, 3) * 60_000
        const mot = pick(next, [1, 2, 4, 5, 6, 100])
        return {
          mode: { name: mot === 100 ? "Fußweg" : `S${int(next, 1, 6)}`, mot },
          origin: {
            id: stopId(next),
            name: stopName(next),
            departureTimePlanned: isoAt(departure),
            departureTimeEstimated: isoAt(departure + delay)
          },
          destination: {
            id: stopId(next),
            name: stopName(next),
            arrivalTimePlanned: isoAt(arrival),
            arrivalTimeEstimated: isoAt(arrival + delay)
          },
          realtimeStatus: "MONITORED",
          isRealtimeControlled: true
        }
      })
      return { duration: (time - start) / 1000, interchange: 7, legs }
    }),
    systemMessages
  }
}

/** 1,000 stop-finder locations, most with a coordinate, some with assigned stops. */
export const stopFinder = (): unknown => {
  const next = random(3)
  return {
    locations: Array.from({ length: 1000 }, (_, i) => {
      const location: Record<string, unknown> = {
        id: stopId(next),
        name: stopName(next),
        type: pick(next, ["stop", "street", "poi", "address", "suburb"]),
        matchQuality: int(next, 100, 1000),
        coord: { lat: degrees(48 + next()), lon: degrees(9 + next()) }
      }
      if (i === 0) location.isBest = true
      if (i % 3 === 0) location.assignedStops = [{ id: stopId(next), name: stopName(next) }]
      return location
    }),
    systemMessages
  }
}

/** 5,000 coordinate-search pins. */
export const coordInfo = (): unknown => {
  const next = random(4)
  return {
    pins: Array.from({ length: 5000 }, (_, i) => {
      const stop = i % 2 === 0
      const pin: Record<string, unknown> = {
        type: stop ? "STOP" : pick(next, ["POI_POINT", "BUS_POINT", "TAXI", "PARKING"]),
        name: stopName(next),
        coord: { lat: degrees(48 + next()), lon: degrees(9 + next()) }
      }
      if (stop) {
        pin.id = stopId(next)
        pin.motTypes = "1,2,5"
      }
      return pin
    }),
    systemMessages
  }
}

/** 500 service notices with distinct IDs. */
export const addInfo = (): unknown => {
  const next = random(5)
  const types = ["stopInfo", "lineInfo", "routeBlocking", "generalInfo"]
  return {
    infos: Array.from({ length: 500 }, (_, i) => ({
      id: `notice-${i}`,
      type: pick(next, types),
      title: `Construction works at ${stopName(next)}`,
      text: `Between ${stopName(next)} and ${stopName(next)} buses replace the trains. `.repeat(int(next, 1, 4)),
      validFrom: "2026-03-01",
      validTo: "2026-04-30",
      lines: Array.from({ length: int(next, 0, 4) }, () => `ddb:9${int(next, 1000, 9999)}: :H`),
      ...(i % 4 === 0 ? { severity: "warning" } : {})
    })),
    systemMessages
  }
}

/** 20 sharing providers with 5 operating areas each, every area a closed ring of 400 points. */
export const opArea = (): unknown => {
  const next = random(6)
  return {
    providers: Array.from({ length: 20 }, (_, p) => ({
      id: `provider-${p}`,
      name: `Sharing ${p}`,
      vehicleType: pick(next, ["BIKE", "CAR", "SCOOTER"]),
      areas: Array.from({ length: 5 }, (_, a) => {
        const ring = walk(next, 400, 48 + next(), 9 + next())
        ring.push([ring[0]![0], ring[0]![1]])
        return { id: `area-${p}-${a}`, name: `Zone ${a}`, polygon: ring }
      })
    })),
    systemMessages
  }
}

/** 2,000 serving lines. */
export const servingLines = (): unknown => {
  const next = random(7)
  return {
    servingLines: Array.from({ length: 2000 }, () => {
      const number = `${int(next, 1, 999)}`
      return { name: `Bus ${number}`, number, mot: pick(next, [1, 2, 4, 5, 6]), direction: stopName(next) }
    }),
    systemMessages
  }
}

/** 2,000 sharing vehicles, with the fields the contract leaves open. */
export const vehicleDetail = (): unknown => {
  const next = random(8)
  return {
    pins: Array.from({ length: 2000 }, (_, i) => ({
      id: `vehicle-${i}`,
      name: `Bike ${i}`,
      type: "BIKE",
      coord: { lat: degrees(48 + next()), lon: degrees(9 + next()) },
      battery: int(next, 0, 100),
      provider: { id: "provider-1", name: "Sharing 1" }
    })),
    systemMessages
  }
}

/**
 * The same document with three fields the schemas do not declare added to every object, as real
 * answers carry many.
 */
export const withUnknownFields = (document: unknown): unknown => {
  if (Array.isArray(document)) return document.map(withUnknownFields)
  if (typeof document !== "object" || document === null) return document
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(document)) out[key] = withUnknownFields(value)
  out.extraText = "not in the contract"
  out.extraNumber = 12345
  out.extraFlag = false
  return out
}

const platformPoint = (next: Random, time: Record<string, string>) => {
  const stop = stopId(next)
  const name = stopName(next)
  const platform = String(int(next, 1, 12))
  return {
    isGlobalId: true,
    id: `${stop}:1:${platform}`,
    name,
    disassembledName: platform,
    type: "platform",
    pointType: "TRACK",
    coord: [degrees(48 + next()), degrees(9 + next())],
    niveau: 0,
    parent: {
      isGlobalId: true,
      id: stop,
      name,
      type: "stop",
      parent: { id: `placeID:8111000:${int(next, 1, 99)}`, name: pick(next, PLACES), type: "locality" },
      properties: { stopId: String(int(next, 5000000, 5009999)) }
    },
    productClasses: [1, 3, 5],
    ...time,
    properties: { AREA_NIVEAU_DIVA: "0", stoppingPointPlanned: platform, areaGid: `${stop}:1`, platform }
  }
}

/**
 * 20 rapidJSON journeys of 8 legs as real servers write them: every public-transport leg with its full stop
 * sequence (8 to 14 stops with planned and estimated times, platforms, occupancy, wheelchair access), trip code,
 * operator and destination, notices in `infos` and `hints`, the walk to change, and each journey's fare with four
 * tickets and two zones.
 */
export const rapidJsonTrip = (): unknown => {
  const next = random(11)
  const start = Date.UTC(2026, 2, 2, 7, 30)
  const occupancies = ["MANY_SEATS", "FEW_SEATS", "STANDING_ONLY", "FULL", "EMPTY"]
  return {
    serverInfo: { controllerVersion: "10.9.1.1", serverID: "efa-bench", virtDir: "bench", calcTime: 120.5 },
    version: "10.9.1.1",
    systemMessages: [{ type: "warning", module: "BROKER", code: -10015, text: "itp", subType: "itp-monomodal" }],
    journeys: Array.from({ length: 20 }, (_, t) => {
      let time = start + t * 10 * 60_000
      const legs = Array.from({ length: 8 }, () => {
        const departure = time
        const productClass = pick(next, [1, 2, 4, 5, 6, 100])
        const count = productClass === 100 ? 0 : int(next, 8, 14)
        const delay = int(next, 0, 3) * 60_000
        // the stops: a minute or three apart, the first without arrival, the last without departure
        let at = departure
        const stopSequence = Array.from({ length: count }, (_, i) => {
          const arrival = at
          const leave = arrival + (i === 0 ? 0 : 30_000)
          at = leave + int(next, 1, 3) * 60_000
          const times: Record<string, string> = {}
          if (i > 0) {
            times.arrivalTimePlanned = isoAt(arrival)
            times.arrivalTimeEstimated = isoAt(arrival + delay)
          }
          if (i < count - 1) {
            times.departureTimePlanned = isoAt(leave)
            times.departureTimeEstimated = isoAt(leave + delay)
          }
          const point = platformPoint(next, times)
          return {
            ...point,
            properties: {
              ...point.properties,
              platformName: `Gleis ${point.disassembledName}`,
              plannedPlatformName: `Gleis ${point.disassembledName}`,
              zone: `vvs:${int(next, 1, 5)}`,
              occupancy: pick(next, occupancies),
              WheelchairAccess: pick(next, ["true", "false"])
            }
          }
        })
        const arrival = productClass === 100 ? departure + int(next, 2, 10) * 60_000 : at
        time = arrival + int(next, 1, 8) * 60_000
        const line = int(next, 1, 99)
        return {
          duration: (arrival - departure) / 1000,
          isRealtimeControlled: true,
          realtimeStatus: ["MONITORED"],
          origin: platformPoint(next, {
            departureTimePlanned: isoAt(departure),
            departureTimeEstimated: isoAt(departure + delay)
          }),
          destination: platformPoint(next, {
            arrivalTimePlanned: isoAt(arrival),
            arrivalTimeEstimated: isoAt(arrival + delay)
          }),
          transportation: productClass === 100
            ? { product: { class: 100, name: "footpath", iconId: 100 } }
            : {
              id: `vvs:2${pad3(line)}: :H:j26`,
              name: `Bus ${line}`,
              disassembledName: String(line),
              number: String(line),
              description: `${stopName(next)} - ${stopName(next)}`,
              product: { id: productClass, class: productClass, name: "Bus", iconId: 3 },
              operator: { id: "01", name: "Verkehrsbetrieb" },
              destination: { id: String(int(next, 5000000, 5009999)), name: stopName(next), type: "stop" },
              properties: { isTTB: true, isSTT: true, isROP: true, tripCode: int(next, 1, 999), lineDisplay: "LINE" }
            },
          ...(productClass === 100 ? {} : { stopSequence }),
          infos: next() < 0.3
            ? [{
              priority: "normal",
              id: `ems-${int(next, 1, 999)}`,
              version: 3,
              type: "lineInfo",
              title: "Bauarbeiten",
              subtitle: "Bauarbeiten",
              content: "<p>Zwischen zwei Haltestellen fahren Busse.</p>",
              url: "https://example.test/info",
              properties: { publisher: "ems.comm.addinfo", infoType: "lineInfo" }
            }]
            : [],
          ...(next() < 0.3
            ? { hints: [{ content: "Fahrradmitnahme begrenzt möglich", providerCode: "FK", type: "Timetable" }] }
            : {}),
          coords: walk(next, 30),
          footPathInfo: [{
            position: productClass === 100 ? "IDEST" : "AFTER",
            duration: 120,
            footPathElem: [
              {
                description: "",
                type: "LEVEL",
                levelFrom: 0,
                levelTo: 0,
                level: "LEVEL",
                attributes: { distance: 40 }
              },
              {
                description: "",
                type: "STAIRS",
                levelFrom: 0,
                levelTo: -1,
                level: "DOWN",
                attributes: { distance: 8 }
              },
              { description: "", type: "ELEVATOR", levelFrom: -1, levelTo: 0, level: "UP", attributes: { distance: 3 } }
            ]
          }],
          properties: { PlanLowFloorVehicle: "1", PlanWheelChairAccess: "1" }
        }
      })
      const ticket = (id: string, person: string, price: number) => ({
        id,
        name: "Einzelfahrschein",
        comment: "",
        URL: "",
        currency: "EUR",
        priceLevel: "2",
        priceBrutto: price,
        priceNetto: Math.round(price / 1.07 * 100) / 100,
        taxPercent: 7,
        fromLeg: 0,
        toLeg: 7,
        net: "vvs",
        person,
        travellerClass: "SECOND",
        timeValidity: "SINGLE",
        validMinutes: 180,
        isShortHaul: "NO",
        returnsAllowed: "NO",
        validForOneJourneyOnly: "YES",
        validForOneOperatorOnly: "NO",
        numberOfChanges: 0,
        nameValidityArea: "",
        relationKeys: [{ id: "", code: "", name: "" }]
      })
      return {
        rating: 0,
        isAdditional: false,
        interchanges: 7,
        legs,
        fare: {
          tickets: [
            ticket("020121", "ADULT", 3.8),
            ticket("020221", "CHILD", 1.8),
            ticket("020151", "ADULT", 3.6),
            ticket("020251", "CHILD", 1.7)
          ],
          zones: [
            { net: "vvs", fromLeg: 0, toLeg: 3, neutralZone: "", zones: [["1", "2"]] },
            { net: "vvs", fromLeg: 4, toLeg: 7, neutralZone: "", zones: [["2"]] }
          ]
        }
      }
    })
  }
}

const pad3 = (n: number): string => String(n).padStart(4, "0")

/** 1,000 rapidJSON stop-finder locations with parents, properties and product classes. */
export const rapidJsonStopFinder = (): unknown => {
  const next = random(12)
  return {
    serverInfo: { controllerVersion: "10.9.1.1", serverID: "efa-bench", calcTime: 40.1 },
    version: "10.9.1.1",
    systemMessages: [],
    locations: Array.from({ length: 1000 }, (_, i) => {
      const name = stopName(next)
      const location: Record<string, unknown> = {
        id: stopId(next),
        isGlobalId: true,
        name,
        disassembledName: name.split(", ")[1],
        coord: [degrees(48 + next()), degrees(9 + next())],
        type: pick(next, ["stop", "street", "poi", "address", "suburb"]),
        matchQuality: int(next, 100, 1000),
        isBest: i === 0,
        productClasses: [1, 5],
        parent: { id: `placeID:8111000:${int(next, 1, 99)}`, name: name.split(", ")[0], type: "locality" },
        properties: { stopId: String(int(next, 5000000, 5009999)) }
      }
      if (i % 3 === 0) {
        location.assignedStops = [{
          id: stopId(next),
          name: stopName(next),
          type: "stop",
          coord: [degrees(48 + next()), degrees(9 + next())],
          distance: int(next, 0, 900),
          duration: int(next, 0, 12),
          connectingMode: 100
        }]
      }
      return location
    })
  }
}

/** A rapidJSON board of 500 stop events, as TfNSW and VRR send them: platforms, estimates, notices. */
export const rapidJsonBoard = (): unknown => {
  const next = random(13)
  const start = Date.UTC(2026, 2, 2, 7, 30)
  const board = { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof", type: "stop" }
  return {
    version: "10.6.21.17",
    systemMessages: [],
    locations: [{
      ...board,
      isGlobalId: true,
      disassembledName: "Hauptbahnhof",
      coord: [48.784081, 9.181636],
      matchQuality: 100000,
      isBest: true,
      parent: { id: "placeID:8111000:1", name: "Stuttgart", type: "locality" },
      assignedStops: [{ ...board, connectingMode: 100, modes: [1, 3, 5] }],
      properties: { stopId: "5006118" }
    }],
    stopEvents: Array.from({ length: 500 }, (_, i) => {
      const planned = start + Math.floor(i / 3) * 60_000
      const platform = String(int(next, 1, 16))
      const line = int(next, 1, 99)
      const estimated = next() < 0.8
      const productClass = pick(next, [1, 4, 5, 9])
      const event: Record<string, unknown> = {
        ...(estimated ? { realtimeStatus: ["MONITORED"], isRealtimeControlled: true } : {}),
        location: {
          id: `de:08111:6118:1:${platform}`,
          isGlobalId: true,
          name: `Gleis ${platform}`,
          disassembledName: platform,
          type: "platform",
          coord: [48.784081, 9.181636],
          properties: {
            stopId: "5006118",
            area: "1",
            platform,
            platformName: `Gleis ${platform}`,
            plannedPlatformName: `Gleis ${next() < 0.05 ? String(int(next, 1, 16)) : platform}`
          },
          parent: { ...board, parent: { name: "Stuttgart", type: "locality" }, properties: { stopId: "5006118" } }
        },
        departureTimePlanned: isoAt(planned),
        departureTimeBaseTimetable: isoAt(planned),
        ...(estimated ? { departureTimeEstimated: isoAt(planned + int(next, 0, 5) * 60_000) } : {}),
        transportation: {
          id: `vvs:3${pad3(line)}: :H:j26`,
          name: `Bus ${line}`,
          disassembledName: String(line),
          number: String(line),
          description: `${stopName(next)} - ${stopName(next)}`,
          product: { id: productClass, class: productClass, name: "Bus", iconId: 3 },
          operator: { id: "01", name: "Verkehrsbetrieb" },
          destination: { id: String(int(next, 5000000, 5009999)), name: stopName(next), type: "stop" },
          properties: { isTTB: true, tripCode: int(next, 1, 9999), lineDisplay: "LINE" },
          origin: { id: String(int(next, 5000000, 5009999)), name: stopName(next), type: "stop" }
        },
        properties: { WheelchairAccess: "true", RealtimeTripId: String(int(next, 1, 9_999_999)) }
      }
      if (next() < 0.25) {
        event.infos = [{
          priority: "normal",
          id: `ems-${int(next, 1, 999)}`,
          version: 3,
          type: "lineInfo",
          urlText: "Changed stops",
          url: "https://example.invalid/info",
          content: "<div>Stops may change at short notice.</div>",
          subtitle: "Changed stops"
        }]
      }
      return event
    })
  }
}

/** A board of 500 events in the contract's format. */
export const board = (): unknown => {
  const next = random(14)
  const start = Date.UTC(2026, 2, 2, 7, 30)
  return {
    locations: [{
      id: "de:08111:6118",
      name: "Stuttgart, Hauptbahnhof",
      type: "stop",
      isBest: true,
      matchQuality: 1000
    }],
    events: Array.from({ length: 500 }, (_, i) => {
      const planned = start + Math.floor(i / 3) * 60_000
      const line = int(next, 1, 99)
      const platform = String(int(next, 1, 16))
      return {
        location: { id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof", type: "stop" },
        departureTimePlanned: isoAt(planned),
        departureTimeEstimated: isoAt(planned + int(next, 0, 5) * 60_000),
        platform,
        plannedPlatform: platform,
        lineId: `vvs:3${pad3(line)}: :H:`,
        lineName: String(line),
        mode: { name: `Bus ${line}`, mot: 5 },
        destination: { id: stopId(next), name: stopName(next) },
        tripCode: int(next, 1, 9999),
        cancelled: false,
        realtimeStatus: ["MONITORED"]
      }
    })
  }
}
