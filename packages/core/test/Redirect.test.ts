import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { EfaClient, Point } from "../src/index.js"
import { okBody, transports, upstream } from "./support/upstream.js"

const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") }))

const call = (transport: Layer.Layer<any>, options: EfaClient.Options) =>
  stopFinder.pipe(Effect.provide(EfaClient.layer({ retry: false, ...options }).pipe(Layer.provide(transport))))

const SECRET_HEADERS = { "x-api-key": "secret-key", authorization: "apikey secret" }

describe.each(transports)("redirects with %s", (_name, transport) => {
  it.scopedLive("a same-origin redirect is followed, with the configured headers", () =>
    Effect.gen(function*() {
      const server = yield* upstream((request, response) => {
        if (request.url?.startsWith("/old/")) {
          response.writeHead(302, { location: request.url.replace("/old/", "/new/") }).end("moved")
        } else {
          response.writeHead(200, { "content-type": "application/json" }).end(okBody)
        }
      })
      const answer = yield* call(transport, { baseUrl: `${server.base}/old/`, headers: SECRET_HEADERS })
      expect(answer.locations[0]?.name).toBe("Hauptbahnhof")
      expect(server.seen.map((seen) => seen.url.split("?")[0])).toEqual([
        "/old/XML_STOPFINDER_REQUEST",
        "/new/XML_STOPFINDER_REQUEST"
      ])
      expect(server.seen[1]?.headers["x-api-key"]).toBe("secret-key")
    }))

  it.scopedLive("a cross-origin redirect fails by default, naming the target; nothing reaches the other origin", () =>
    Effect.gen(function*() {
      const other = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end(okBody)
      })
      const server = yield* upstream((_request, response) => {
        response.writeHead(302, { location: `${other.base}/efa/XML_STOPFINDER_REQUEST` }).end()
      })
      const error = yield* Effect.flip(call(transport, { baseUrl: server.base, headers: SECRET_HEADERS }))
      expect(error._tag).toBe("RedirectError")
      if (error._tag !== "RedirectError") return
      expect(error.reason).toBe("cross-origin")
      expect(error.target).toBe(`${other.base}/efa/XML_STOPFINDER_REQUEST`)
      expect(error.message).toContain(other.base)
      expect(other.seen).toHaveLength(0)
    }))

  it.scopedLive("crossOrigin: follow follows it without any configured header", () =>
    Effect.gen(function*() {
      const other = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end(okBody)
      })
      const server = yield* upstream((request, response) => {
        if (request.url?.startsWith("/back")) {
          response.writeHead(200, { "content-type": "application/json" }).end(okBody)
        } else {
          response.writeHead(307, { location: `${other.base}/elsewhere` }).end()
        }
      })
      const answer = yield* call(transport, {
        baseUrl: server.base,
        headers: SECRET_HEADERS,
        redirects: { crossOrigin: "follow" }
      })
      expect(answer.locations).toHaveLength(1)
      expect(other.seen).toHaveLength(1)
      const headers = other.seen[0]!.headers
      expect(headers["x-api-key"]).toBeUndefined()
      expect(headers.authorization).toBeUndefined()
      expect(server.seen[0]?.headers["x-api-key"]).toBe("secret-key")
    }))

  it.scopedLive("the API key stays with the base origin when a redirect to another origin is followed", () =>
    Effect.gen(function*() {
      const other = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end(okBody)
      })
      const server = yield* upstream((_request, response) => {
        response.writeHead(302, { location: `${other.base}/elsewhere` }).end()
      })
      yield* call(transport, { baseUrl: server.base, apiKey: "the-api-key", redirects: { crossOrigin: "follow" } })
      expect(server.seen[0]?.headers.authorization).toContain("the-api-key")
      expect(other.seen).toHaveLength(1)
      expect(JSON.stringify(other.seen[0]!.headers)).not.toContain("the-api-key")
    }))

  it.scopedLive("a 301 loop ends with a redirect loop error listing the locations", () =>
    Effect.gen(function*() {
      const server = yield* upstream((request, response) => {
        const next = request.url?.startsWith("/a") ? "/b" : "/a"
        response.writeHead(301, { location: next }).end()
      })
      const error = yield* Effect.flip(call(transport, { baseUrl: `${server.base}/a` }))
      expect(error._tag).toBe("RedirectError")
      if (error._tag !== "RedirectError") return
      expect(error.reason).toBe("loop")
      expect(error.message).toContain("redirect loop")
      expect(error.locations).toEqual([
        expect.stringContaining(`${server.base}/a/XML_STOPFINDER_REQUEST`),
        `${server.base}/b`,
        `${server.base}/a`
      ])
      expect(server.seen).toHaveLength(3)
    }))

  it.scopedLive("more than redirects.max hops fail; redirects: false follows none", () =>
    Effect.gen(function*() {
      let hop = 0
      const server = yield* upstream((_request, response) => {
        response.writeHead(302, { location: `/hop${++hop}` }).end()
      })
      const tooMany = yield* Effect.flip(call(transport, { baseUrl: server.base, redirects: { max: 2 } }))
      expect(tooMany._tag === "RedirectError" && tooMany.reason).toBe("too-many")
      expect(server.seen).toHaveLength(3)
      const disabled = yield* Effect.flip(call(transport, { baseUrl: server.base, redirects: false }))
      expect(disabled._tag === "RedirectError" && disabled.reason).toBe("disabled")
      expect(server.seen).toHaveLength(4)
    }))
})
