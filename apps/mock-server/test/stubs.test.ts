import { describe, expect, it } from "@effect/vitest"
import { HeaderLog } from "../src/http/testing/verify.js"
import { makeAdmin, VerificationError } from "../src/index.js"
import { fetchInProcess } from "../src/inProcess.js"
import { admin, call, fake } from "./helpers.js"

const stopFinder = { outputFormat: "JSON", type_sf: "any", name_sf: "Nowhere at all" }

const adminOf = (server: ReturnType<typeof fake>) =>
  makeAdmin({ baseUrl: "http://efa.test/", fetch: fetchInProcess(server) })

describe("stubs", () => {
  it("answers a matching request with the stub and leaves others to the dataset", async () => {
    const server = fake()
    const added = await admin(server, "POST", "stubs", {
      request: { path: "XML_STOPFINDER_REQUEST", params: { name_sf: { matches: "^Nowhere" } } },
      response: {
        json: { locations: [{ id: "x:1", name: "Stubbed", type: "stop", matchQuality: 1000, isBest: true }] }
      }
    })
    expect(added.status).toBe(201)
    expect(added.json.id).toBe("stub-1")
    const stubbed = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(stubbed.status).toBe(200)
    expect(stubbed.json.locations[0].name).toBe("Stubbed")
    expect(stubbed.headers.get("x-efa-mock-stub")).toBe("stub-1")
    const real = await call(server, "/XML_STOPFINDER_REQUEST", { ...stopFinder, name_sf: "Stuttgart Hbf" })
    expect(real.json.locations[0].name).toBe("Stuttgart, Hauptbahnhof")
    const listed = await admin(server, "GET", "stubs")
    expect(listed.json[0]).toMatchObject({ id: "stub-1", matched: 1, remaining: null, priority: 5 })
  })

  it("matches present, absent and header conditions", async () => {
    const server = fake()
    const stubs = adminOf(server)
    await stubs.stub({
      request: {
        path: "XML_STOPFINDER_REQUEST",
        params: { anyMaxSizeHitList: { present: true }, doNotSearchForStops_sf: { absent: true } },
        headers: { "X-Tenant": "blue" }
      },
      response: { json: { locations: [] } }
    })
    const withAll = await call(server, "/XML_STOPFINDER_REQUEST", { ...stopFinder, anyMaxSizeHitList: "3" }, {
      headers: { "x-tenant": "blue" }
    })
    expect(withAll.headers.get("x-efa-mock-stub")).toBe("stub-1")
    const wrongHeader = await call(server, "/XML_STOPFINDER_REQUEST", { ...stopFinder, anyMaxSizeHitList: "3" }, {
      headers: { "x-tenant": "red" }
    })
    expect(wrongHeader.headers.get("x-efa-mock-stub")).toBeNull()
    const notPresent = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder, { headers: { "x-tenant": "blue" } })
    expect(notPresent.headers.get("x-efa-mock-stub")).toBeNull()
  })

  it("tries the lowest priority number first, then the newest; times runs out", async () => {
    const server = fake()
    const stubs = adminOf(server)
    await stubs.stub({
      id: "general",
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { json: { locations: [] } }
    })
    await stubs.stub({
      id: "urgent",
      priority: 1,
      times: 1,
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { status: 503, body: "busy", contentType: "text/plain" }
    })
    await stubs.stub({
      id: "newer",
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { json: { locations: [] } }
    })
    const first = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect([first.status, first.text, first.headers.get("content-type")]).toEqual([503, "busy", "text/plain"])
    const second = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(second.headers.get("x-efa-mock-stub")).toBe("newer")
    expect((await stubs.stubs()).map((stub) => [stub.id, stub.remaining, stub.matched])).toEqual([
      ["urgent", 0, 1],
      ["newer", null, 1],
      ["general", null, 0]
    ])
  })

  it("a fault from the header wins over a stub; a stub may be a fault", async () => {
    const server = fake()
    const stubs = adminOf(server)
    await stubs.stub({ request: { path: "XML_STOPFINDER_REQUEST" }, response: { json: { locations: [] } } })
    const faulted = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder, {
      headers: { "x-efa-fault": "status=502" }
    })
    expect(faulted.status).toBe(502)
    const truncated = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder, {
      headers: { "x-efa-fault": "truncated" }
    })
    expect(truncated.text).toBe(`{"locati`)
    await stubs.clearStubs()
    await stubs.stub({ request: { path: "XML_TRIP_REQUEST2" }, fault: "status=503;retry-after=2" })
    const trip = await call(server, "/XML_TRIP_REQUEST2", {
      type_origin: "any",
      name_origin: "de:08111:6118",
      type_destination: "any",
      name_destination: "de:08115:3200"
    })
    expect([trip.status, trip.headers.get("retry-after")]).toEqual([503, "2"])
    expect(server.state.journal()[2]?.fault).toBe("status=503;retry-after=2")
  })

  it("a stub with a response and a fault: the fault applies to the stub's response", async () => {
    const server = fake()
    await adminOf(server).stub({
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { status: 200, body: "0123456789", contentType: "text/plain" },
      fault: "truncated;retry-after=3"
    })
    const answer = await call(server, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect([answer.status, answer.text, answer.headers.get("retry-after")]).toEqual([200, "01234", "3"])
    expect(server.state.journal()[0]?.fault).toBe("retry-after=3;truncated")
  })

  it("refuses a stub whose JSON body is not the operation's response, unless told not to check", async () => {
    const server = fake()
    const refused = await admin(server, "POST", "stubs", {
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { json: { locations: [{ id: 5 }] } }
    })
    expect(refused.status).toBe(400)
    expect(refused.json.message).toContain("locations.0")
    const unchecked = await admin(server, "POST", "stubs", {
      request: { path: "XML_STOPFINDER_REQUEST" },
      response: { json: { locations: [{ id: 5 }] } },
      validate: false
    })
    expect(unchecked.status).toBe(201)
  })

  it("names what is wrong with a stub", async () => {
    const server = fake()
    const cases: Array<[unknown, string]> = [
      [{ request: {} }, "a stub needs a response, a fault, or both"],
      [{ request: { path: "XML_NOPE" }, response: {} }, "not an operation"],
      [{ request: { params: { a: { matches: "(" } } }, response: {} }, "not a pattern RE2 takes"],
      [{ request: {}, response: { status: 99 } }, "response.status"],
      [{ request: {}, fault: "explode" }, "unknown directive"]
    ]
    for (const [body, message] of cases) {
      const answer = await admin(server, "POST", "stubs", body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.json.message).toContain(message)
    }
  })

  it("reset and DELETE remove stubs", async () => {
    const server = fake()
    const stubs = adminOf(server)
    await stubs.stub({ id: "a", request: {}, response: { json: {} }, validate: false })
    await stubs.stub({ id: "b", request: {}, response: { json: {} }, validate: false })
    await stubs.removeStub("a")
    expect((await stubs.stubs()).map((stub) => stub.id)).toEqual(["b"])
    expect((await admin(server, "DELETE", "stubs/a")).status).toBe(404)
    await stubs.reset()
    expect(await stubs.stubs()).toEqual([])
  })
})

describe("verification", () => {
  const trip = {
    outputFormat: "JSON",
    type_origin: "any",
    name_origin: "de:08111:6118",
    type_destination: "any",
    name_destination: "de:08115:3200",
    tripReductionMacro: "1"
  }

  it("verifies a count and explains a miss with the nearest requests", async () => {
    const server = fake()
    const verifier = adminOf(server)
    await call(server, "/XML_TRIP_REQUEST2", { ...trip, exclMOT_5: "1" })
    await call(server, "/XML_TRIP_REQUEST2", { ...trip, exclMOT_4: "1" }, { headers: { "x-client": "app" } })
    const ok = await verifier.verify({ path: "XML_TRIP_REQUEST2", params: { exclMOT_5: { present: true } } }, 1)
    expect(ok.matches).toEqual([1])
    await verifier.verify({ path: "XML_TRIP_REQUEST2", headers: { "x-client": "app" } }, { atLeast: 1, atMost: 1 })
    const missed = await verifier.verify({ path: "XML_TRIP_REQUEST2", params: { exclMOT_5: { present: true } } }, 2)
      .then(() => undefined, (error: unknown) => error)
    expect(missed).toBeInstanceOf(VerificationError)
    expect((missed as VerificationError).message).toBe(
      "expected exactly 2 XML_TRIP_REQUEST2 with exclMOT_5 present; got 1 matching request (#1) among 2 journaled requests"
    )
    const none = await verifier.verify({
      path: "XML_TRIP_REQUEST2",
      params: { exclMOT_5: { present: true }, name_destination: "de:08116:7720" }
    }).then(() => undefined, (error: VerificationError) => error.message)
    expect(none).toBe(
      [
        `expected at least 1 XML_TRIP_REQUEST2 with exclMOT_5 present, name_destination = "de:08116:7720"; ` +
        `got 0 matching requests among 2 journaled requests`,
        "nearest requests:",
        `  #1 XML_TRIP_REQUEST2: name_destination = "de:08116:7720" expected, sent "de:08115:3200"`,
        `  #2 XML_TRIP_REQUEST2: exclMOT_5 present expected, not sent; ` +
        `name_destination = "de:08116:7720" expected, sent "de:08115:3200"`
      ].join("\n")
    )
  })

  it("finds matching requests, and the journal's clearing also clears the headers seen", async () => {
    const server = fake()
    const verifier = adminOf(server)
    await call(server, "/XML_TRIP_REQUEST2", trip, { headers: { "x-client": "one" } })
    expect((await verifier.find({ headers: { "x-client": "one" } })).map((entry) => entry.seq)).toEqual([1])
    await verifier.clearJournal()
    await call(server, "/XML_TRIP_REQUEST2", trip)
    expect(await verifier.find({ headers: { "x-client": "one" } })).toEqual([])
  })
})

describe("the header log of verification", () => {
  it("keeps the latest requests' headers, and forgets them all when the journal starts again", () => {
    const log = new HeaderLog(2)
    log.note(1, new Headers({ "x-a": "1" }))
    log.note(2, { "x-a": "2" })
    log.note(3, { "x-a": ["3", "three"] })
    expect([1, 2, 3].map((seq) => log.header(seq)("X-A"))).toEqual([undefined, "2", "3, three"])
    log.note(1, { "x-b": "new" })
    expect([log.header(1)("x-b"), log.header(2)("x-a"), log.header(3)("x-a")]).toEqual(["new", undefined, undefined])
  })
})
