import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { faultKinds, faultSpec, fieldModifiers, formatFault, modifierEntries, parseFault } from "../src/http/faults.js"
import { fetchInProcess } from "../src/index.js"
import { admin, call, fake } from "./helpers.js"

const STOPS = { outputFormat: "JSON", type_sf: "any", name_sf: "Feuersee" }
const withFault = (server: ReturnType<typeof fake>, fault: string, params: Record<string, string> = STOPS) =>
  call(server, "/XML_STOPFINDER_REQUEST", params, { headers: { "x-efa-fault": fault } })

describe("fault header", () => {
  const server = fake()

  it("answers any status with an optional Retry-After", async () => {
    const unavailable = await withFault(server, "status=503;retry-after=1")
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get("retry-after")).toBe("1")
    expect(unavailable.json).toMatchObject({ error: "injected-fault", status: 503 })
    const limited = await withFault(server, "status=429, retry-after=Wed, 21 Oct 2026 07:28:00 GMT")
    expect(limited.status).toBe(429)
    const teapot = await withFault(server, "status=418")
    expect(teapot.status).toBe(418)
    expect(teapot.headers.get("retry-after")).toBeNull()
  })

  it("adds latency, then answers normally", async () => {
    const delayed = await withFault(server, "latency=20")
    expect(delayed.status).toBe(200)
    expect(delayed.json.locations[0].id).toBe("de:08111:6052")
  })

  it("sends an HTML error page with status 200, or with a given status", async () => {
    const page = await withFault(server, "html")
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toContain("text/html")
    expect(page.text).toMatch(/^<!DOCTYPE html>/)
    const gateway = await withFault(server, "html;status=502")
    expect(gateway.status).toBe(502)
  })

  it("sends an empty body", async () => {
    const empty = await withFault(server, "empty")
    expect(empty.status).toBe(200)
    expect(empty.text).toBe("")
    expect(empty.headers.get("content-type")).toContain("application/json")
  })

  it("sends invalid JSON", async () => {
    const invalid = await withFault(server, "invalid-json")
    expect(invalid.status).toBe(200)
    expect(() => JSON.parse(invalid.text)).toThrow()
  })

  it("truncates the real answer", async () => {
    const full = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    const cut = await withFault(server, "truncated")
    expect(cut.status).toBe(200)
    expect(cut.text.length).toBeLessThan(full.text.length)
    expect(full.text.startsWith(cut.text)).toBe(true)
    expect(() => JSON.parse(cut.text)).toThrow()
  })

  it("drops the connection: the in-process fetch rejects, a bare app.fetch body fails", async () => {
    const fetch = fetchInProcess(server)
    await expect(
      fetch("http://efa.test/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Feuersee", {
        headers: { "x-efa-fault": "drop" }
      })
    ).rejects.toThrow(TypeError)
    const bare = await server.app.request("/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=x", {
      headers: { "x-efa-fault": "drop" }
    })
    await expect(bare.text()).rejects.toThrow()
  })

  it("answers an EFA system error: status 200, an empty result and systemMessages", async () => {
    const failed = await withFault(server, "system-error")
    expect(failed.status).toBe(200)
    expect(failed.json.locations).toEqual([])
    expect(failed.json.systemMessages).toEqual([
      { type: "error", module: "stopfinder", code: -8012, text: "no matching location found" }
    ])
    const coded = await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" }, {
      headers: { "x-efa-fault": "system-error=-4001" }
    })
    expect(coded.json).toEqual({ providers: [], systemMessages: [expect.objectContaining({ code: -4001 })] })
  })

  it("still refuses an invalid request under a system-error fault", async () => {
    const { status } = await withFault(server, "system-error", { type_sf: "any" })
    expect(status).toBe(400)
  })

  it("sends no body with a status that cannot have one", async () => {
    for (const fault of ["status=204", "empty;status=204", "truncated;status=304", "html;status=205"]) {
      const answer = await withFault(server, fault)
      expect(answer.status).toBe(Number(fault.slice(-3)))
      expect(answer.text).toBe("")
    }
    expect(server.errors).toEqual([])
  })

  it("refuses an unreadable fault header with 400", async () => {
    const bad = await withFault(server, "explode")
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({ error: "invalid-fault", header: "x-efa-fault" })
    expect(Object.keys(bad.json.directives)).toEqual(expect.arrayContaining(["latency=<ms>", "system-error[=<code>]"]))
    expect((await withFault(server, "html;empty")).status).toBe(400)
    expect((await withFault(server, "status=99")).status).toBe(400)
  })

  it("stops waiting when the client aborts during latency", async () => {
    const fetch = fetchInProcess(server)
    const controller = new AbortController()
    const pending = fetch("http://efa.test/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Feuersee", {
      headers: { "x-efa-fault": "latency=60000" },
      signal: controller.signal
    })
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})

describe("scripted faults", () => {
  it("consumes a sequence one per matching request, then answers normally", async () => {
    const server = fake()
    const added = await admin(server, "POST", "faults", {
      path: "XML_STOPFINDER_REQUEST",
      sequence: [{ status: 503 }, { status: 503, retryAfter: 1 }]
    })
    expect(added.status).toBe(201)
    expect(added.json.remaining).toEqual(["status=503", "status=503;retry-after=1"])
    // Another path is not affected.
    expect((await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })).status).toBe(200)
    const first = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    const second = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    const third = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    expect([first.status, second.status, third.status]).toEqual([503, 503, 200])
    expect(first.headers.get("retry-after")).toBeNull()
    expect(second.headers.get("retry-after")).toBe("1")
    expect((await admin(server, "GET", "faults")).json).toEqual([])
  })

  it("takes every kind, as objects or in header syntax, for any operation when no path is given", async () => {
    const server = fake()
    await admin(server, "POST", "faults", {
      sequence: [
        { kind: "html" },
        "empty",
        { kind: "invalid-json" },
        { kind: "truncated" },
        { kind: "system-error", code: -4000 },
        { latency: 5 },
        { kind: "drop" },
        {}
      ]
    })
    const html = await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    expect(html.headers.get("content-type")).toContain("text/html")
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).text).toBe("")
    const invalid = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    expect(invalid.json).toBeUndefined()
    const truncated = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    expect(truncated.status).toBe(200)
    expect(truncated.json).toBeUndefined()
    const system = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    expect(system.json.systemMessages[0].code).toBe(-4000)
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
    await expect(fetchInProcess(server)("http://efa.test/XML_OPAREA_REQUEST?opareaSM=ALL")).rejects.toThrow(TypeError)
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
    const journal = (await admin(server, "GET", "journal")).json
    expect(journal.map((e: any) => e.fault ?? null)).toEqual([
      "html",
      "empty",
      "invalid-json",
      "truncated",
      "system-error=-4000",
      "latency=5",
      "drop",
      null,
      null
    ])
    expect(journal[6].status).toBe(0)
  })

  it("prefers the header over a waiting script, and can be cleared", async () => {
    const server = fake()
    await admin(server, "POST", "faults", { sequence: [{ status: 500 }] })
    const header = await withFault(server, "status=502")
    expect(header.status).toBe(502)
    expect((await admin(server, "GET", "faults")).json).toHaveLength(1)
    await admin(server, "DELETE", "faults")
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
  })

  it("refuses an invalid script with 400", async () => {
    const server = fake()
    expect((await admin(server, "POST", "faults", { sequence: [] })).status).toBe(400)
    expect((await admin(server, "POST", "faults", { sequence: [{ status: 42 }] })).status).toBe(400)
    expect((await admin(server, "POST", "faults", { sequence: ["boom"] })).status).toBe(400)
    const oldTrip = await admin(server, "POST", "faults", { path: "XML_TRIP_REQUEST", sequence: [{}] })
    expect(oldTrip.json.message).toContain("XML_TRIP_REQUEST2")
    const notJson = await server.app.request("/__admin/faults", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" }
    })
    expect(notJson.status).toBe(400)
  })
})

describe("the table of fault kinds", () => {
  const kinds = Object.keys(faultKinds) as Array<keyof typeof faultKinds>
  const decodeStep = Schema.decodeUnknownEither(faultSpec(1000))

  it.each(kinds)("%s is read from the header and from a script object, and written back the same", (kind) => {
    const parsed = parseFault(`status=503;${kind}`, 1000)
    expect(parsed).toEqual(Either.right({ status: 503, kind }))
    if (Either.isRight(parsed)) expect(parseFault(formatFault(parsed.right), 1000)).toEqual(parsed)
    expect(decodeStep({ kind })).toEqual(Either.right({ kind }))
    expect(decodeStep(kind)).toEqual(Either.right({ kind }))
  })

  it.each(kinds)("%s changes the answer of a request", async (kind) => {
    const server = fake()
    const plain = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    if (kind === "drop") {
      const url = "http://efa.test/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Feuersee"
      await expect(fetchInProcess(server)(url, { headers: { "x-efa-fault": kind } })).rejects.toThrow(TypeError)
      return
    }
    const broken = await withFault(server, kind)
    expect([broken.status, broken.headers.get("content-type"), broken.text]).not.toEqual([
      plain.status,
      plain.headers.get("content-type"),
      plain.text
    ])
  })

  it("names every directive when one is unknown", () => {
    const unknown = parseFault("explode", 1000)
    expect(Either.isLeft(unknown)).toBe(true)
    if (Either.isLeft(unknown)) { for (const kind of kinds) expect(unknown.left).toContain(kind) }
  })
})

describe("the table of fault modifiers", () => {
  const decodeStep = Schema.decodeUnknownEither(faultSpec(1000))

  it.each(modifierEntries)(
    "%s is read from the header and from a script object, and written back the same",
    (name, entry) => {
      const parsed = parseFault(`${name}=${entry.example};html`, 1000)
      expect(Either.isRight(parsed)).toBe(true)
      if (Either.isLeft(parsed)) return
      const value: unknown = Reflect.get(parsed.right, entry.field)
      expect(value).toBeDefined()
      expect(parsed.right).toEqual({ [entry.field]: value, kind: "html" })
      expect(parseFault(formatFault(parsed.right), 1000)).toEqual(parsed)
      const object = { [entry.field]: Schema.encodeSync(entry.object)(value), kind: "html" }
      expect(decodeStep(object)).toEqual(parsed)
      expect(decodeStep(`${name}=${entry.example}`)).toEqual(Either.right({ [entry.field]: value }))
    }
  )

  it.each(modifierEntries)("%s without a value is refused, naming the directive", (name) => {
    const refused = parseFault(name, 1000)
    expect(Either.isLeft(refused)).toBe(true)
    if (Either.isLeft(refused)) expect(refused.left).toContain(name)
  })

  it("applies the latency's limit to the header and to a script object alike", () => {
    expect(parseFault("latency=2000", 1000)).toEqual(Either.left("latency 2000 exceeds the limit of 1000 ms"))
    expect(Either.isLeft(decodeStep({ latency: 2000 }))).toBe(true)
    expect(fieldModifiers.latency.check?.(2000, 1000)).toBe("latency 2000 exceeds the limit of 1000 ms")
  })

  it("reads seconds written as a number in a script object as the header's text", () => {
    expect(decodeStep({ retryAfter: 5 })).toEqual(Either.right({ retryAfter: "5" }))
  })
})
