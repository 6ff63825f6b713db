import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Layer } from "effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { EfaClient, Point } from "../src/index.js"

// One tiny upstream whose behaviour is picked by the stop-finder text, to provoke every error tag
// over a real socket.
const behaviours: Record<string, (res: Http.ServerResponse) => void> = {
  ok: (res) => json(res, 200, { locations: [location("de:08111:6118", "Stuttgart Hauptbahnhof", true)] }),
  html: (res) => {
    res.writeHead(200, { "content-type": "text/html" })
    res.end("<html><body>Service temporarily unavailable</body></html>")
  },
  empty: (res) => {
    res.writeHead(200, { "content-type": "application/json" })
    res.end()
  },
  status503: (res) => {
    res.writeHead(503, { "content-type": "text/plain", "retry-after": "7" })
    res.end("down for maintenance")
  },
  shape: (res) => json(res, 200, { locations: [{ id: 42, name: "x", type: "stop", matchQuality: 1 }] }),
  servererror: (res) =>
    json(res, 200, {
      locations: [],
      systemMessages: [{ type: "error", module: "BROKER", code: -8012, text: "no match" }]
    }),
  warning: (res) =>
    json(res, 200, {
      locations: [location("de:08111:6056", "Charlottenplatz", true)],
      systemMessages: [{ type: "error", module: "BROKER", code: -8011, text: "partial" }]
    }),
  drop: (res) => res.socket?.destroy(),
  slow: (res) => {
    const timer = setTimeout(() => json(res, 200, { locations: [] }), 5_000)
    res.on("close", () => clearTimeout(timer))
  }
}

const location = (id: string, name: string, isBest: boolean) => ({
  id,
  name,
  type: "stop",
  isBest,
  matchQuality: 950,
  coord: { lat: 48.7838, lon: 9.1816 }
})

const json = (res: Http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

const received: Array<string> = []
const apiKeys: Array<string | undefined> = []

const startUpstream = Effect.gen(function*() {
  const server = yield* Effect.acquireRelease(
    Effect.async<Http.Server>((resume) => {
      const server = Http.createServer((req, res) => {
        received.push(req.url ?? "")
        apiKeys.push(req.headers["x-api-key"] as string | undefined)
        const url = new URL(req.url ?? "/", "http://localhost")
        const behaviour = behaviours[url.searchParams.get("name_sf") ?? ""]
        if (url.pathname !== "/efa/XML_STOPFINDER_REQUEST" || behaviour === undefined) return json(res, 404, {})
        behaviour(res)
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )
  return server.address() as AddressInfo
})

const Upstream = Layer.scoped(
  EfaClient.EfaClient,
  Effect.gen(function*() {
    const { port } = yield* startUpstream
    return yield* EfaClient.make({ baseUrl: `http://127.0.0.1:${port}/efa`, timeout: "300 millis", retry: false })
  })
).pipe(Layer.provide(FetchHttpClient.layer))

const search = (text: string) =>
  Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any(text) }))

describe("EfaClient over HTTP", () => {
  it.scoped("decodes a successful answer and sends outputFormat=JSON", () =>
    Effect.gen(function*() {
      const response = yield* search("ok")
      expect(response.locations[0]?.id).toBe("de:08111:6118")
      expect(received.at(-1)).toBe("/efa/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=ok&outputFormat=JSON")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("keeps error messages that come with a result", () =>
    Effect.gen(function*() {
      const response = yield* search("warning")
      expect(response.locations).toHaveLength(1)
      expect(response.systemMessages?.[0]?.code).toBe(-8011)
    }).pipe(Effect.provide(Upstream)))

  it.scoped("InvalidRequestError: refused before sending, naming the field", () =>
    Effect.gen(function*() {
      const before = received.length
      const error = yield* Effect.flip(
        Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("ok"), minQuality: 101 }))
      )
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.message).toContain("minQuality")
      expect(received.length).toBe(before)
    }).pipe(Effect.provide(Upstream)))

  it.scoped("HttpStatusError: status, content type, excerpt and Retry-After", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("status503"))
      expect(error._tag).toBe("HttpStatusError")
      if (error._tag !== "HttpStatusError") return
      expect(error.status).toBe(503)
      expect(error.contentType).toBe("text/plain")
      expect(error.bodyExcerpt).toBe("down for maintenance")
      expect(error.retryAfter).toBe("7")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("DecodeError: an HTML page with status 200", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("html"))
      expect(error._tag).toBe("DecodeError")
      if (error._tag !== "DecodeError") return
      expect(error.reason).toBe("not-json")
      expect(error.message).toContain("HTML")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("DecodeError: an empty body", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("empty"))
      expect(error._tag === "DecodeError" && error.reason).toBe("empty")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("DecodeError: JSON of the wrong shape, with the path", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("shape"))
      expect(error._tag).toBe("DecodeError")
      if (error._tag !== "DecodeError") return
      expect(error.reason).toBe("schema")
      expect(error.path).toBe("$.locations.0.id")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("ServerMessageError: an error message and no result", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("servererror"))
      expect(error._tag).toBe("ServerMessageError")
      if (error._tag !== "ServerMessageError") return
      expect(error.code).toBe(-8012)
      expect(error.message).toContain("no match")
    }).pipe(Effect.provide(Upstream)))

  it.scoped("TransportError: the connection drops", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("drop"))
      expect(error._tag === "TransportError" && error.reason).toBe("network")
    }).pipe(Effect.provide(Upstream)))

  it.live("TransportError: the attempt times out", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(search("slow"))
      expect(error._tag === "TransportError" && error.reason).toBe("timeout")
    }).pipe(Effect.provide(Upstream), Effect.scoped))
})

describe("EfaClient settings", () => {
  it.scoped("layerConfig reads EFA_BASE_URL, EFA_TIMEOUT and EFA_HEADERS", () =>
    Effect.gen(function*() {
      const { port } = yield* startUpstream
      const config = ConfigProvider.fromMap(
        new Map([
          ["EFA_BASE_URL", `http://127.0.0.1:${port}/efa/`],
          ["EFA_TIMEOUT", "2 seconds"],
          ["EFA_HEADERS", JSON.stringify({ "x-api-key": "secret-key" })]
        ])
      )
      const layer = EfaClient.layerConfig().pipe(
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(Layer.setConfigProvider(config))
      )
      const response = yield* search("ok").pipe(Effect.provide(layer))
      expect(response.locations).toHaveLength(1)
      expect(apiKeys.at(-1)).toBe("secret-key")
    }))

  it.effect("layerConfig fails with a ConfigError when EFA_BASE_URL is missing", () =>
    Effect.gen(function*() {
      const layer = EfaClient.layerConfig().pipe(
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map())))
      )
      const error = yield* Effect.flip(search("ok").pipe(Effect.provide(layer)))
      expect(String(error)).toContain("EFA_BASE_URL")
    }))

  const urlOf = (baseUrl: string) =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.make({ baseUrl })
      return yield* Effect.either(efa.url("stopFinder", { input: Point.any("Böblingen") }))
    }).pipe(Effect.provide(FetchHttpClient.layer), Effect.scoped)

  it.effect("accepts a base URL with or without a trailing slash", () =>
    Effect.gen(function*() {
      const expected =
        "https://efa.example/mngvvs/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=B%C3%B6blingen&outputFormat=JSON"
      expect(yield* urlOf("https://efa.example/mngvvs")).toEqual(Either.right(expected))
      expect(yield* urlOf("https://efa.example/mngvvs/")).toEqual(Either.right(expected))
    }))

  it.effect("refuses an unusable base URL or zone", () =>
    Effect.gen(function*() {
      const badUrl = yield* Effect.flip(urlOf("not a url"))
      expect(badUrl.option).toBe("baseUrl")
      const badZone = yield* Effect.flip(
        EfaClient.make({ baseUrl: "https://efa.example", timeZone: "Mars/Olympus" }).pipe(
          Effect.provide(FetchHttpClient.layer),
          Effect.scoped
        )
      )
      expect(badZone.option).toBe("timeZone")
    }))
})
