import { describe, expect, it } from "@effect/vitest"
import { admin, call, fake } from "./helpers.js"

describe("admin API", () => {
  it("reports health", async () => {
    const server = fake()
    const { json, status } = await admin(server, "GET", "health")
    expect(status).toBe(200)
    expect(json).toMatchObject({ status: "ok", now: "2026-03-02T07:30:00.000Z", timeZone: "Europe/Berlin" })
    expect(json.dataset.counts.stops).toBeGreaterThanOrEqual(40)
  })

  it("journals path and every parameter, repeats included, in order, with the status", async () => {
    const server = fake()
    await call(server, "/XML_ADDINFO_REQUEST", [
      ["outputFormat", "JSON"],
      ["filterInfoType", "lineInfo"],
      ["filterPublicationStatus", "current"],
      ["filterInfoType", "stopInfo"],
      ["hideBannerInfo", ""]
    ])
    await call(server, "/XML_STOPFINDER_REQUEST", { type_sf: "any" })
    await call(server, "/nowhere", { a: "ä ö" })
    const { json } = await admin(server, "GET", "journal")
    expect(json).toEqual([
      {
        seq: 1,
        method: "GET",
        path: "XML_ADDINFO_REQUEST",
        params: [
          ["outputFormat", "JSON"],
          ["filterInfoType", "lineInfo"],
          ["filterPublicationStatus", "current"],
          ["filterInfoType", "stopInfo"],
          ["hideBannerInfo", ""]
        ],
        receivedAt: expect.any(String),
        status: 200
      },
      {
        seq: 2,
        method: "GET",
        path: "XML_STOPFINDER_REQUEST",
        params: [["type_sf", "any"]],
        receivedAt: expect.any(String),
        status: 400
      },
      { seq: 3, method: "GET", path: "nowhere", params: [["a", "ä ö"]], receivedAt: expect.any(String), status: 404 }
    ])
    const filtered = await server.app.request("/__admin/journal?path=XML_STOPFINDER_REQUEST")
    expect((await filtered.json()).map((e: any) => e.seq)).toEqual([2])
    const since = await server.app.request("/__admin/journal?since=2")
    expect((await since.json()).map((e: any) => e.seq)).toEqual([3])
  })

  it("keeps admin requests out of the journal and marks answers with their sequence number", async () => {
    const server = fake()
    const answer = await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    expect(answer.headers.get("x-efa-mock-seq")).toBe("1")
    await admin(server, "GET", "health")
    await call(server, "/openapi.json")
    expect((await admin(server, "GET", "journal")).json).toHaveLength(1)
  })

  it("clears the journal with DELETE and with POST .../reset", async () => {
    const server = fake()
    await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    await admin(server, "DELETE", "journal")
    expect((await admin(server, "GET", "journal")).json).toEqual([])
    await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    await admin(server, "POST", "journal/reset")
    expect((await admin(server, "GET", "journal")).json).toEqual([])
  })

  it("sets, advances and resets the clock", async () => {
    const server = fake()
    expect((await admin(server, "GET", "clock")).json).toEqual({
      now: "2026-03-02T07:30:00.000Z",
      timeZone: "Europe/Berlin",
      local: "2026-03-02T08:30:00.000+01:00[Europe/Berlin]"
    })
    const set = await admin(server, "POST", "clock", { now: "2026-07-01T10:00:00Z" })
    expect(set.json.now).toBe("2026-07-01T10:00:00.000Z")
    expect((await admin(server, "POST", "clock", { advance: 90 })).json.now).toBe("2026-07-01T10:01:30.000Z")
    expect((await admin(server, "POST", "clock", { advance: "1 hour" })).json.now).toBe("2026-07-01T11:01:30.000Z")
    expect((await admin(server, "POST", "clock", { advance: -30 })).json.now).toBe("2026-07-01T11:01:00.000Z")
    expect((await admin(server, "DELETE", "clock")).json.now).toBe("2026-03-02T07:30:00.000Z")
    expect((await admin(server, "POST", "clock", { now: "yesterday" })).status).toBe(400)
    expect((await admin(server, "POST", "clock", { advance: "soon" })).status).toBe(400)
  })

  it("refuses an impossible date and an instant beyond the clock's range, naming the field; boards go on", async () => {
    const server = fake()
    const refused = [
      [{ advance: 8.64e12 }, "advance"],
      [{ advance: -8.64e12 }, "advance"],
      [{ advance: "1000000 weeks" }, "advance"],
      [{ now: "2026-02-31T07:33:00Z" }, "now"],
      [{ now: "2026-04-30T24:00:00+02:00" }, "now"],
      [{ now: "0000-12-31T23:59:59Z" }, "now"]
    ] as const
    for (const [body, field] of refused) {
      const answer = await admin(server, "POST", "clock", body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.json.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}\\b`))
    }
    expect((await admin(server, "GET", "clock")).json.now).toBe("2026-03-02T07:30:00.000Z")
    expect((await admin(server, "POST", "clock", { now: "9999-12-31T12:00:00Z" })).status).toBe(200)
    const board = await call(server, "/XML_DM_REQUEST", {
      outputFormat: "JSON",
      type_dm: "any",
      name_dm: "de:08111:6118",
      mode: "direct"
    })
    expect(board.status, board.text).toBe(200)
    expect(server.errors).toEqual([])
  })

  it("uses a configured clock", async () => {
    const server = fake({ now: "2026-05-01T12:00:00+02:00" })
    expect((await admin(server, "GET", "clock")).json.now).toBe("2026-05-01T10:00:00.000Z")
  })

  it("resets journal, faults and clock at once", async () => {
    const server = fake()
    await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    await admin(server, "POST", "faults", { sequence: [{ status: 503 }] })
    await admin(server, "POST", "clock", { advance: 3600 })
    const reset = await admin(server, "POST", "reset")
    expect(reset.json).toMatchObject({ reset: true, now: "2026-03-02T07:30:00.000Z" })
    expect((await admin(server, "GET", "journal")).json).toEqual([])
    expect((await admin(server, "GET", "faults")).json).toEqual([])
    await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    expect((await admin(server, "GET", "journal")).json[0].seq).toBe(1)
  })

  it("answers unknown admin paths with 404 and wrong methods with 405", async () => {
    const server = fake()
    const unknown = await admin(server, "GET", "nothing")
    expect(unknown.status).toBe(404)
    expect(unknown.json.endpoints).toContain("GET /__admin/journal")
    const wrong = await admin(server, "PUT", "journal")
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, DELETE")
  })
})
