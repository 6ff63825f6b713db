import { describe, expect, it } from "@effect/vitest"
import { call, fake } from "./helpers.js"

// Points as public clients send them to real servers: names with type `stop` (with or without a place), and
// platforms by their ID.

const server = fake()
const HBF = "de:08111:6118"
const FLUGHAFEN = "de:08116:7720"
const RAPID = { outputFormat: "rapidJSON", coordOutputFormat: "WGS84[dd.ddddd]" }
const rapid = (path: string, params: Record<string, string>) => call(server, path, { ...RAPID, ...params })

describe("a name sent with type stop", () => {
  it("the stop finder searches it among the stops", async () => {
    const { json } = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "stop", name_sf: "Stuttgart Hauptbahnhof" })
    expect(json.systemMessages).toEqual([])
    expect(json.locations[0]).toMatchObject({ id: HBF, type: "stop", isBest: true })
    expect(json.locations.every((location: any) => location.type === "stop")).toBe(true)
  })

  it("an ID the dataset does not have still finds nothing (-8012)", async () => {
    const { json } = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "stop", name_sf: "de:08111:9999999" })
    expect(json.locations).toEqual([])
    expect(json.systemMessages.map((m: any) => m.code)).toEqual([-8012])
  })

  it("a board reads it with its place (place_dm) as the stop finder's best stop", async () => {
    const byName = await rapid("/XML_DM_REQUEST", {
      mode: "direct",
      type_dm: "stop",
      name_dm: "Hauptbahnhof",
      place_dm: "Stuttgart"
    })
    const byId = await rapid("/XML_DM_REQUEST", { mode: "direct", type_dm: "stop", name_dm: HBF })
    expect(byName.json.systemMessages).toEqual([])
    expect(byName.json.stopEvents.length).toBeGreaterThan(0)
    expect(byName.json.stopEvents).toEqual(byId.json.stopEvents)
  })

  it("a trip's origin and destination read so, the time with a trailing h", async () => {
    const { json } = await rapid("/XML_TRIP_REQUEST2", {
      type_origin: "stop",
      name_origin: "Hauptbahnhof",
      place_origin: "Stuttgart",
      type_destination: "stop",
      name_destination: "Flughafen",
      itdDate: "20260302",
      itdTime: "0930h"
    })
    expect(json.systemMessages).toEqual([])
    const legs = json.journeys[0].legs
    const stopOf = (end: any) => (end.type === "platform" ? end.parent.id : end.id)
    expect(stopOf(legs[0].origin)).toBe(HBF)
    expect(stopOf(legs.at(-1).destination)).toBe(FLUGHAFEN)
    expect(Date.parse(legs[0].origin.departureTimePlanned)).toBeGreaterThanOrEqual(Date.parse("2026-03-02T08:30:00Z"))
  })
})

describe("a platform's ID with type_dm=platform", () => {
  it("boards the calls at that platform of its stop", async () => {
    const whole = await rapid("/XML_DM_REQUEST", { mode: "direct", type_dm: "stop", name_dm: HBF })
    const first = whole.json.stopEvents[0].location
    expect(first.type).toBe("platform")
    const { json } = await rapid("/XML_DM_REQUEST", { mode: "direct", type_dm: "platform", name_dm: first.id })
    expect(json.systemMessages).toEqual([])
    expect(json.stopEvents.length).toBeGreaterThan(0)
    expect(new Set(json.stopEvents.map((event: any) => event.location.id))).toEqual(new Set([first.id]))
    expect(new Set(whole.json.stopEvents.map((event: any) => event.location.id)).size).toBeGreaterThan(1)
  })

  it("the stop finder finds the platform's stop", async () => {
    const { json } = await rapid("/XML_STOPFINDER_REQUEST", { type_sf: "platform", name_sf: `${HBF}:1:2` })
    expect(json.locations.map((location: any) => location.id)).toEqual([HBF])
  })
})
