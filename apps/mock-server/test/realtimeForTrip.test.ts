import { Point, type RealtimeForTrip } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { answerRealtimeForTrip } from "../src/answers/realtimeForTrip.js"
import { admin, call, fake } from "./helpers.js"
import { contextAt } from "./support/answerContext.js"

const HBF = "de:08111:6118"
const BOEBLINGEN = "de:08115:3200"
const VAIHINGEN = "de:08111:6002"
const CANNSTATT = "de:08111:6200"
const SCHLOSSPLATZ = "de:08111:5006"

type LegKey = RealtimeForTrip.JourneyKey["legs"][number]
const utc = (text: string) => DateTime.unsafeMake(text)
const ride = (
  line: string,
  tripCode: number | undefined,
  [origin, departure]: readonly [string, string],
  [destination, arrival]: readonly [string, string]
): LegKey => ({
  transportation: { id: line, ...(tripCode === undefined ? {} : { properties: { tripCode } }) },
  origin: { id: Point.LocationId.make(origin), departureTimePlanned: utc(departure) },
  destination: { id: Point.LocationId.make(destination), arrivalTimePlanned: utc(arrival) }
})
// the dataset's real time (realtime.json), each announced on weekdays: the S1 of 08:06 12 minutes late at 08:35,
// the S2 of 08:21 to platform 4 at Hauptbahnhof at 08:33, the U1 of 08:30 cancelled at 08:38 (Berlin)
const s1 = ride("vvs:10001: :H:", 48600, [BOEBLINGEN, "2026-03-02T07:25:00Z"], [VAIHINGEN, "2026-03-02T07:37:00Z"])
const s2 = ride("vvs:10002: :H:", 50100, [HBF, "2026-03-02T07:56:00Z"], [CANNSTATT, "2026-03-02T08:00:00Z"])
const u1 = ride("vvs:11001: :H:", 51000, [HBF, "2026-03-02T07:47:00Z"], [SCHLOSSPLATZ, "2026-03-02T07:48:00Z"])
const walk: LegKey = {
  transportation: { product: { class: 99 } },
  origin: { id: Point.LocationId.make(VAIHINGEN), departureTimePlanned: utc("2026-03-02T07:37:00Z") },
  destination: { id: Point.LocationId.make(HBF), arrivalTimePlanned: utc("2026-03-02T07:50:00Z") }
}
const answer = (legs: readonly [LegKey, ...Array<LegKey>], now: string) =>
  answerRealtimeForTrip({ journey: { legs } }, contextAt(now)).trip!
const minutesLate = (estimated: DateTime.Utc | undefined, planned: DateTime.Utc) =>
  estimated === undefined ? undefined : (DateTime.toEpochMillis(estimated) - DateTime.toEpochMillis(planned)) / 60_000

describe("the real time of a planned trip", () => {
  it("a ride found again: no estimates before the real-time window, the announced delay once the clock passed it", () => {
    const early = answer([s1, walk], "2026-03-02T05:00:00Z")
    expect(early.legs[0]!.origin.departureTimeEstimated).toBeUndefined()
    expect(early.legs[0]!.realtimeStatus).toBeUndefined()
    const late = answer([s1, walk], "2026-03-02T07:40:00Z")
    const leg = late.legs[0]!
    expect([leg.mode.name, leg.lineId, leg.tripCode, leg.realtimeStatus]).toEqual([
      "S-Bahn S1",
      "vvs:10001: :H:",
      48600,
      "MONITORED"
    ])
    expect(minutesLate(leg.origin.departureTimeEstimated, leg.origin.departureTimePlanned)).toBe(12)
    expect(minutesLate(leg.destination.arrivalTimeEstimated, leg.destination.arrivalTimePlanned)).toBe(12)
    expect(leg.stops!.map((stop) => stop.id).at(0)).toBe(BOEBLINGEN)
    expect(leg.stops!.map((stop) => stop.id).at(-1)).toBe(VAIHINGEN)
    // the walk as sent, with the dataset's names
    expect(late.legs[1]).toEqual({
      mode: { name: "Fußweg", mot: 99 },
      origin: { id: VAIHINGEN, name: "Stuttgart, Vaihingen", departureTimePlanned: utc("2026-03-02T07:37:00Z") },
      destination: { id: HBF, name: "Stuttgart, Hauptbahnhof", arrivalTimePlanned: utc("2026-03-02T07:50:00Z") },
      cancelled: false
    })
    expect([late.interchange, late.duration, late.cancelled]).toEqual([0, 25 * 60, false])
  })

  it("a platform change and a cancellation take effect once announced", () => {
    const before = answer([s2, u1], "2026-03-02T07:20:00Z")
    expect(before.legs[0]!.origin.platform).toBe("3")
    expect(before.legs[1]!.cancelled).toBe(false)
    const after = answer([s2, u1], "2026-03-02T07:39:00Z")
    expect(after.legs[0]!.origin.platform).toBe("4")
    expect(after.legs[1]!.cancelled).toBe(true)
    expect(after.legs[1]!.realtimeStatus).toBe("TRIP_CANCELLED")
    expect(after.legs[1]!.origin.departureTimeEstimated).toBeUndefined()
    expect(after.cancelled).toBe(true)
  })

  it("a ride the timetable does not have (another trip code, time or line) comes back as sent: PROGNOSIS_IMPOSSIBLE", () => {
    const unknown = [
      { ...s1, transportation: { id: "vvs:10001: :H:", properties: { tripCode: 1 } } },
      { ...s1, origin: { ...s1.origin, departureTimePlanned: utc("2026-03-02T07:26:00Z") } },
      { ...s1, transportation: { id: "vvs:19999: :H:" } }
    ] as const
    const { legs } = answer(unknown, "2026-03-02T07:40:00Z")
    expect(legs.map((leg) => leg.realtimeStatus)).toEqual(Array(3).fill("PROGNOSIS_IMPOSSIBLE"))
    expect(legs[0]).toEqual({
      mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
      origin: { id: BOEBLINGEN, name: "Böblingen, Bahnhof", departureTimePlanned: utc("2026-03-02T07:25:00Z") },
      destination: { id: VAIHINGEN, name: "Stuttgart, Vaihingen", arrivalTimePlanned: utc("2026-03-02T07:37:00Z") },
      lineId: "vvs:10001: :H:",
      tripCode: 1,
      realtimeStatus: "PROGNOSIS_IMPOSSIBLE",
      cancelled: false
    })
    expect(legs[2]!.mode).toEqual({ name: "vvs:19999: :H:", mot: 11 })
  })

  // the journey as the parameter writes it
  const journey = JSON.stringify({
    legs: [{
      transportation: { id: "vvs:10001: :H:", properties: { tripCode: 48600 } },
      origin: { id: BOEBLINGEN, departureTimePlanned: "2026-03-02T07:25:00Z" },
      destination: { id: VAIHINGEN, arrivalTimePlanned: "2026-03-02T07:37:00Z" }
    }]
  })

  it("through the app: the delay takes effect as POST /__admin/clock moves the clock", async () => {
    const server = fake()
    const ask = async () => (await call(server, "/XML_GETRTFORTRIP_REQUEST", { outputFormat: "JSON", journey })).json
    await admin(server, "POST", "clock", { now: "2026-03-02T07:30:00Z" })
    const first = (await ask()).trip.legs[0]
    expect(first.destination.arrivalTimeEstimated).not.toBe("2026-03-02T07:49:00.000Z")
    await admin(server, "POST", "clock", { now: "2026-03-02T07:40:00Z" })
    expect((await ask()).trip.legs[0].destination.arrivalTimeEstimated).toBe("2026-03-02T07:49:00.000Z")
  })

  it("a missing or garbled journey: 400 naming journey", async () => {
    const server = fake()
    for (const params of [{}, { journey: "{x" }, { journey: "{\"legs\":[]}" }]) {
      const { json, status } = await call(server, "/XML_GETRTFORTRIP_REQUEST", { outputFormat: "JSON", ...params })
      expect(status).toBe(400)
      expect(json.issues.map((issue: { parameter: string }) => issue.parameter)).toEqual(["journey"])
    }
  })

  const checker = path.resolve(import.meta.dirname, "../../../../shared/tools/check-rapidjson.mjs")
  const hasChecker = fs.existsSync(checker)

  it.skipIf(!hasChecker)(
    `its rapidJSON answer is VALID against GETREALTIMEFORTRIP_Schema.json${
      hasChecker ? "" : " (skipped: ../shared/tools is absent)"
    }`,
    async () => {
      const server = fake()
      await admin(server, "POST", "clock", { now: "2026-03-02T07:40:00Z" })
      const unknown = JSON.stringify({
        legs: [
          ...JSON.parse(journey).legs,
          {
            transportation: { id: "vvs:19999: :H:" },
            origin: { id: VAIHINGEN, departureTimePlanned: "2026-03-02T07:40:00Z" },
            destination: { id: HBF, arrivalTimePlanned: "2026-03-02T07:50:00Z" }
          }
        ]
      })
      const { status, text } = await call(server, "/XML_GETRTFORTRIP_REQUEST", {
        outputFormat: "rapidJSON",
        journey: unknown
      })
      expect(status).toBe(200)
      expect(JSON.parse(text).journey.legs.map((leg: { realtimeStatus: Array<string> }) => leg.realtimeStatus))
        .toEqual([["MONITORED"], ["PROGNOSIS_IMPOSSIBLE"]])
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rtfortrip-")), "answer.json")
      fs.writeFileSync(file, text)
      const output = await new Promise<string>((resolve) => {
        execFile(
          process.execPath,
          [checker, "--file", file, "GETREALTIMEFORTRIP_Schema.json"],
          { timeout: 60_000 },
          (_, out, err) => resolve(`${out}${err}`)
        )
      })
      expect(output.startsWith("VALID "), output).toBe(true)
    },
    60_000
  )
})
