import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import type { AddressInfo } from "node:net"
import { startServer } from "../src/index.js"
import { admin, call, fake } from "./helpers.js"

const STOPS = { outputFormat: "JSON", type_sf: "any", name_sf: "Hauptbahnhof" }

describe("the admin API's protections", () => {
  it("a text/plain POST from a page (no preflight) is refused with 415 and changes nothing", async () => {
    const server = fake()
    const before = server.state.nowIso()
    const response = await server.app.request("/__admin/clock", {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ advance: 3600 })
    })
    expect(response.status).toBe(415)
    expect((await response.json()).message).toContain("application/json")
    const form = await server.app.request("/__admin/reset", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" }
    })
    expect(form.status).toBe(415)
    const noType = await server.app.request("/__admin/faults", {
      method: "POST",
      headers: { "content-length": "30" },
      body: JSON.stringify({ sequence: [{ status: 503 }] })
    })
    expect(noType.status).toBe(415)
    expect(server.state.nowIso()).toBe(before)
    expect(server.state.scripts()).toHaveLength(0)
  })

  it("requests from pages of another origin are refused, whatever their content type", async () => {
    const server = fake()
    for (
      const headers of [
        { origin: "https://evil.example", "content-type": "application/json" },
        { "sec-fetch-site": "cross-site" },
        { origin: "null" }
      ]
    ) {
      const response = await server.app.request("/__admin/reset", { method: "POST", headers })
      expect(response.status, JSON.stringify(headers)).toBe(403)
    }
    // the same origin and tools without an Origin may
    const same = await server.app.request("http://localhost/__admin/reset", {
      method: "POST",
      headers: { origin: "http://localhost" }
    })
    expect(same.status).toBe(200)
  })

  it("every admin route is behind the guard", async () => {
    const server = fake({ admin: { token: "t" } })
    const routes = [
      ["GET", "health"],
      ["GET", "journal"],
      ["DELETE", "journal"],
      ["POST", "journal/reset"],
      ["GET", "faults"],
      ["POST", "faults"],
      ["DELETE", "faults"],
      ["GET", "clock"],
      ["POST", "clock"],
      ["DELETE", "clock"],
      ["POST", "reset"],
      ["GET", "no-such-route"]
    ] as const
    for (const [method, path] of routes) {
      const response = await server.app.request(`/__admin/${path}`, { method })
      expect(response.status, `${method} ${path}`).toBe(401)
    }
  })

  it("admin answers and admin preflights carry no CORS headers", async () => {
    const server = fake()
    const origin = { origin: "https://app.example" }
    const preflight = await server.app.request("/__admin/clock", {
      method: "OPTIONS",
      headers: { ...origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" }
    })
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull()
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull()
    const unknown = await server.app.request("/__admin/nothing", { method: "OPTIONS", headers: origin })
    expect(unknown.headers.get("access-control-allow-origin")).toBeNull()
    for (const path of ["/__admin/health", "/__admin/journal", "/__admin/nothing"]) {
      const response = await server.app.request(path)
      expect(response.headers.get("access-control-allow-origin"), path).toBeNull()
    }
    // the operations keep theirs
    const answer = await call(server, "/XML_STOPFINDER_REQUEST", STOPS)
    expect(answer.headers.get("access-control-allow-origin")).toBe("*")
  })

  it("with a token, admin requests need Authorization: Bearer <token>", async () => {
    const server = fake({ admin: { token: "s3cret" } })
    expect((await admin(server, "GET", "health")).status).toBe(401)
    const wrong = await server.app.request("/__admin/health", { headers: { authorization: "Bearer s3cre" } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer")
    expect((await wrong.json()).message).toContain("Authorization")
    const right = await server.app.request("/__admin/health", { headers: { authorization: "Bearer s3cret" } })
    expect(right.status).toBe(200)
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
  })

  it("admin: { enabled: false } turns the admin API off; the operations still answer", async () => {
    const server = fake({ admin: { enabled: false } })
    for (const [method, path] of [["GET", "health"], ["GET", "journal"], ["POST", "reset"], ["POST", "clock"]]) {
      const response = await admin(server, method!, path!, method === "POST" ? { advance: 60 } : undefined)
      expect(response.status, path).toBe(404)
      expect(response.json.message).toContain("turned off")
    }
    expect((await call(server, "/XML_STOPFINDER_REQUEST", STOPS)).status).toBe(200)
  })

  it("an empty token is refused", () => {
    expect(() => fake({ admin: { token: " " } })).toThrow(/admin.token/)
  })
})

describe("listening", () => {
  it("listens on 127.0.0.1 unless told otherwise", async () => {
    const started = await startServer({ port: 0, onError: () => {} })
    if (Either.isLeft(started)) throw new Error(started.left.message)
    try {
      expect((started.right.server.address() as AddressInfo).address).toBe("127.0.0.1")
      expect(started.right.baseUrl).toBe(`http://127.0.0.1:${started.right.port}/`)
      const response = await fetch(`${started.right.baseUrl}__admin/health`)
      expect(response.status).toBe(200)
    } finally {
      await started.right.close()
    }
  })
})
