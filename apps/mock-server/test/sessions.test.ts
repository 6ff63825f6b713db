import { Operations } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { MAX_SESSIONS, PageSessions, SESSION_TTL_MILLIS } from "../src/http/sessions.js"
import { admin, call, fake } from "./helpers.js"

const TRIP = {
  type_origin: "any",
  name_origin: "de:08115:2100",
  type_destination: "any",
  name_destination: "de:08116:5300",
  itdDate: "20260302",
  itdTime: "0800"
}

const dialects = [
  { name: "contract JSON", format: "JSON", trips: (json: any) => json.trips, ids: (json: any) => json },
  { name: "rapidJSON", format: "rapidJSON", trips: (json: any) => json.journeys, ids: (json: any) => json.properties }
] as const

const departureOf = (trip: any): number => Date.parse(trip.legs[0].origin.departureTimePlanned)
const arrivalOf = (trip: any): number => Date.parse(trip.legs.at(-1).destination.arrivalTimePlanned)

describe.each(dialects)("trip sessions in $name", ({ format, ids, trips }) => {
  const ask = (server: ReturnType<typeof fake>, params: Record<string, string>) =>
    call(server, "/XML_TRIP_REQUEST2", { ...TRIP, outputFormat: format, ...params })

  it("opens a session with sessionID=0 and pages later and earlier with tripNext / tripPrev", async () => {
    const server = fake()
    const first = await ask(server, { sessionID: "0", requestID: "0" })
    expect(first.status).toBe(200)
    const { requestID, sessionID } = ids(first.json)
    expect(sessionID).toMatch(/^FAKE_[0-9a-f]{32}$/)
    expect(requestID).toMatch(/^[1-9]\d{18}$/)
    // the same trips as without a session
    const plain = await ask(server, {})
    expect(trips(first.json)).toEqual(trips(plain.json))

    const next = await ask(server, { sessionID, requestID, command: "tripNext" })
    expect(next.status).toBe(200)
    expect(ids(next.json).sessionID).toBe(sessionID)
    const second = ids(next.json).requestID
    expect(second).toMatch(/^[1-9]\d{18}$/)
    expect(second).not.toBe(requestID)
    const lastDeparture = Math.max(...trips(first.json).map(departureOf))
    expect(trips(next.json).length).toBeGreaterThan(0)
    for (const trip of trips(next.json)) expect(departureOf(trip)).toBeGreaterThan(lastDeparture)
    // as a stateless request from a minute after the last departure answers
    const shifted = new Date(lastDeparture + 60_000)
    const hhmm = shifted.toLocaleTimeString("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" })
    const stateless = await ask(server, { itdTime: hhmm.replace(":", "") })
    expect(trips(next.json)).toEqual(trips(stateless.json))

    // the first page's requestID is spent
    const spent = await ask(server, { sessionID, requestID, command: "tripPrev" })
    expect(spent.status).toBe(400)
    expect(spent.json.issues[0].parameter).toBe("requestID")
    const previous = await ask(server, { sessionID, requestID: second, command: "tripPrev" })
    expect(previous.status).toBe(200)
    expect(ids(previous.json).sessionID).toBe(sessionID)
    expect([requestID, second]).not.toContain(ids(previous.json).requestID)
    const firstArrival = Math.min(...trips(first.json).map(arrivalOf))
    expect(trips(previous.json).length).toBeGreaterThan(0)
    for (const trip of trips(previous.json)) expect(arrivalOf(trip)).toBeLessThan(firstArrival)
    expect(server.errors).toEqual([])
  })

  it("answers an unknown, expired or reset session, and a stale requestID, with 400 naming the parameter", async () => {
    const server = fake()
    const unknown = await ask(server, { sessionID: "FAKE_999", requestID: "1", command: "tripNext" })
    expect(unknown.status).toBe(400)
    expect(unknown.json.issues.map((issue: any) => issue.parameter)).toEqual(["sessionID"])

    const { requestID, sessionID } = ids((await ask(server, { sessionID: "0" })).json)
    const stale = await ask(server, { sessionID, requestID: "7", command: "tripNext" })
    expect(stale.status).toBe(400)
    expect(stale.json.issues[0].parameter).toBe("requestID")
    const bad = await ask(server, { sessionID, requestID, command: "dmNext" })
    expect(bad.status).toBe(400)
    expect(bad.json.issues[0].parameter).toBe("command")

    // still alive just before the lifetime ends, gone after it
    await admin(server, "POST", "clock", { advance: SESSION_TTL_MILLIS / 1000 - 1 })
    const alive = await ask(server, { sessionID, requestID, command: "tripNext" })
    expect(alive.status).toBe(200)
    await admin(server, "POST", "clock", { advance: SESSION_TTL_MILLIS / 1000 + 1 })
    const expired = await ask(server, { sessionID, requestID: ids(alive.json).requestID, command: "tripNext" })
    expect(expired.status).toBe(400)
    expect(expired.json.issues[0].parameter).toBe("sessionID")

    const again = ids((await ask(server, { sessionID: "0" })).json)
    await admin(server, "POST", "reset")
    const reset = await ask(server, { sessionID: again.sessionID, requestID: again.requestID, command: "tripNext" })
    expect(reset.status).toBe(400)
  })
})

const BOARD = {
  mode: "direct",
  type_dm: "any",
  name_dm: "de:08111:6118",
  itdDate: "20260302",
  itdTime: "0800",
  limit: "8"
}

const boardDialects = [
  { name: "contract JSON", format: "JSON", events: (json: any) => json.events, ids: (json: any) => json },
  {
    name: "rapidJSON",
    format: "rapidJSON",
    events: (json: any) => json.stopEvents,
    ids: (json: any) => json.properties
  }
] as const

const boardKey = (event: any): string =>
  [
    event.lineId ?? event.transportation.id,
    event.tripCode ?? event.transportation.properties?.tripCode,
    event.arrivalTimePlanned ?? event.departureTimePlanned,
    event.location.id
  ].join("|")

const timeOf = (event: any): number => Date.parse(event.arrivalTimePlanned ?? event.departureTimePlanned)

describe.each(boardDialects)("board sessions in $name", ({ events, format, ids }) => {
  const ask = (server: ReturnType<typeof fake>, params: Record<string, string>) =>
    call(server, "/XML_DM_REQUEST", { ...BOARD, outputFormat: format, ...params })

  it.each(["dep", "arr"])(
    "pages a %s board with dmNext without repeats or gaps, and back with dmPrev",
    async (depArr) => {
      const server = fake()
      const first = await ask(server, { itdDateTimeDepArr: depArr, sessionID: "0", requestID: "0" })
      expect(first.status).toBe(200)
      const { requestID, sessionID } = ids(first.json)
      expect(sessionID).toMatch(/^FAKE_[0-9a-f]{32}$/)
      expect(requestID).toMatch(/^[1-9]\d{18}$/)
      const plain = await ask(server, { itdDateTimeDepArr: depArr })
      expect(events(first.json)).toEqual(events(plain.json))

      const pages = [events(first.json)]
      let latest = requestID
      for (let i = 0; i < 3; i++) {
        const next = await ask(server, { itdDateTimeDepArr: depArr, sessionID, requestID: latest, command: "dmNext" })
        expect(next.status).toBe(200)
        expect(ids(next.json).requestID).not.toBe(latest)
        latest = ids(next.json).requestID
        expect(events(next.json)).toHaveLength(8)
        // each page starts where the one before ended
        expect(timeOf(events(next.json)[0])).toBeGreaterThanOrEqual(timeOf(pages.at(-1)!.at(-1)))
        pages.push(events(next.json))
      }
      // the four pages are the board of 32 events, each once
      const big = await ask(server, { itdDateTimeDepArr: depArr, limit: "32" })
      const paged = pages.flat().map(boardKey)
      expect(new Set(paged).size).toBe(paged.length)
      expect([...paged].sort()).toEqual(events(big.json).map(boardKey).sort())

      // the previous page goes back before the first page, the page before it on the board
      const previous = await ask(server, { itdDateTimeDepArr: depArr, sessionID, requestID: latest, command: "dmPrev" })
      expect(previous.status).toBe(200)
      const back = events(previous.json)
      expect(back.length).toBeGreaterThan(0)
      expect(back.length).toBeLessThanOrEqual(8)
      for (const event of back) expect(timeOf(event)).toBeLessThanOrEqual(timeOf(pages[0]![0]))
      const shown = new Set(paged)
      for (const event of back) expect(shown.has(boardKey(event))).toBe(false)
      // it ends where the first page begins: a board from its first event holds it and the first page
      const from = new Date(timeOf(back[0]))
      const hhmm = from.toLocaleTimeString("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" })
      const around = await ask(server, { itdDateTimeDepArr: depArr, itdTime: hhmm.replace(":", ""), limit: "40" })
      const aroundKeys = events(around.json).map(boardKey)
      for (const key of [...back.map(boardKey), ...pages[0]!.map(boardKey)]) expect(aroundKeys).toContain(key)
      // (the page may begin within a minute: the rest of that minute is the page before it)
      const between = events(around.json).filter((event: any) =>
        timeOf(event) > timeOf(back[0]) && timeOf(event) <= timeOf(pages[0]![0])
      ).map(boardKey)
      for (const key of between) expect([...back.map(boardKey), ...pages[0]!.map(boardKey)]).toContain(key)
      expect(server.errors).toEqual([])
    }
  )

  it("refuses a trip command, an unknown and an expired board session with 400 naming the parameter", async () => {
    const server = fake()
    const { requestID, sessionID } = ids((await ask(server, { sessionID: "0" })).json)
    const tripCommand = await ask(server, { sessionID, requestID, command: "tripNext" })
    expect(tripCommand.status).toBe(400)
    expect(tripCommand.json.issues[0].parameter).toBe("command")
    const unknown = await ask(server, { sessionID: "FAKE_999", requestID: "1", command: "dmNext" })
    expect(unknown.status).toBe(400)
    expect(unknown.json.issues[0].parameter).toBe("sessionID")
    await admin(server, "POST", "clock", { advance: SESSION_TTL_MILLIS / 1000 + 1 })
    const expired = await ask(server, { sessionID, requestID, command: "dmNext" })
    expect(expired.status).toBe(400)
    expect(expired.json.issues[0].parameter).toBe("sessionID")
    // a trip session is no board's
    const trip = await call(server, "/XML_TRIP_REQUEST2", { ...TRIP, outputFormat: format, sessionID: "0" })
    const tripIds = ids(trip.json)
    const mixed = await ask(server, { sessionID: tripIds.sessionID, requestID: tripIds.requestID, command: "dmNext" })
    expect(mixed.status).toBe(400)
    expect(mixed.json.issues[0].parameter).toBe("command")
  })
})

describe("the session store", () => {
  it("keeps at most its bound, dropping the least recently used", () => {
    const sessions = new PageSessions(3)
    const body = JSON.stringify({ trips: [] })
    const opened: Array<string> = []
    for (let i = 0; i < 10; i++) {
      const answer = sessions.answer(
        Operations.all.trip,
        [["sessionID", "0"]],
        DateTime.unsafeMake(i * 1000),
        DateTime.zoneUnsafeMakeNamed("Europe/Berlin"),
        () => ({ status: 200, body })
      )
      opened.push(JSON.parse(answer.body).sessionID)
    }
    expect(sessions.size).toBe(3)
    expect(new Set(opened).size).toBe(10)
    expect(MAX_SESSIONS).toBeLessThan(100_000)
  })

  it("gives unguessable ids: 128 random bits a session, a random requestID a page, none from a counter", () => {
    const sessions = new PageSessions()
    const zone = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
    const body = JSON.stringify({ trips: [] })
    const ask = (pairs: Array<[string, string]>) =>
      JSON.parse(
        sessions.answer(Operations.all.trip, pairs, DateTime.unsafeMake(0), zone, () => ({ status: 200, body }))
          .body
      )
    const opened = Array.from({ length: 200 }, () => ask([["sessionID", "0"]]))
    const hexes = opened.map((answer) => answer.sessionID.slice("FAKE_".length))
    for (const hex of hexes) expect(hex).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(hexes).size).toBe(200)
    // every bit varies across the ids: no counter, no fixed prefix
    const bits = (hex: string) => BigInt(`0x${hex}`)
    const varying = hexes.map(bits).reduce((acc, id) => acc | (id ^ bits(hexes[0]!)), 0n)
    expect(varying.toString(2).length).toBeGreaterThan(120)
    // the requestIDs of one session's pages: no two alike, none one more than the one before
    const requestIds = [opened[0].requestID]
    for (let i = 0; i < 20; i++) {
      requestIds.push(
        ask([["sessionID", opened[0].sessionID], ["requestID", requestIds.at(-1)!], ["command", "tripNext"]]).requestID
      )
    }
    expect(new Set(requestIds).size).toBe(21)
    for (let i = 1; i < requestIds.length; i++) {
      expect(BigInt(requestIds[i]!) - BigInt(requestIds[i - 1]!)).not.toBe(1n)
    }
  })
})

// the session's ids in `properties` keep a rapidJSON page valid against the Mentz schema
const checker = path.resolve(import.meta.dirname, "../../../../shared/tools/check-rapidjson.mjs")
const hasChecker = fs.existsSync(checker)

describe(`a session's rapidJSON page${hasChecker ? "" : " (skipped: ../shared/tools is absent)"}`, () => {
  it.skipIf(!hasChecker)("check-rapidjson.mjs --file reports it VALID against TRIP_Schema.json", async () => {
    const server = fake()
    const first = await call(server, "/XML_TRIP_REQUEST2", { ...TRIP, outputFormat: "rapidJSON", sessionID: "0" })
    const { requestID, sessionID } = first.json.properties
    const next = await call(server, "/XML_TRIP_REQUEST2", {
      ...TRIP,
      outputFormat: "rapidJSON",
      sessionID,
      requestID,
      command: "tripNext"
    })
    expect(next.status).toBe(200)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "session-page-")), "trip.json")
    fs.writeFileSync(file, next.text)
    const output = await new Promise<string>((resolve) => {
      execFile(process.execPath, [checker, "--file", file, "TRIP_Schema.json"], { timeout: 60_000 }, (_, out, err) => {
        resolve(`${out}${err}`)
      })
    })
    expect(output.startsWith("VALID "), output).toBe(true)
  }, 60_000)

  // both departure-monitor schemas: the checker asks live boards against STOPEVENT's
  it.skipIf(!hasChecker).each(["DMTTP_Schema.json", "STOPEVENT_Schema.json"])(
    "check-rapidjson.mjs --file reports a board's dmNext page VALID against %s",
    async (schema) => {
      const server = fake()
      const first = await call(server, "/XML_DM_REQUEST", { ...BOARD, outputFormat: "rapidJSON", sessionID: "0" })
      const { requestID, sessionID } = first.json.properties
      const next = await call(server, "/XML_DM_REQUEST", {
        ...BOARD,
        outputFormat: "rapidJSON",
        sessionID,
        requestID,
        command: "dmNext"
      })
      expect(next.status).toBe(200)
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "session-page-")), "board.json")
      fs.writeFileSync(file, next.text)
      const output = await new Promise<string>((resolve) => {
        execFile(
          process.execPath,
          [checker, "--file", file, schema],
          { timeout: 60_000 },
          (_, out, err) => {
            resolve(`${out}${err}`)
          }
        )
      })
      expect(output.startsWith("VALID "), output).toBe(true)
    },
    60_000
  )
})
