import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import * as zlib from "node:zlib"
import { EfaClient, Point } from "../src/index.js"
import { okBody, transports, upstream } from "./support/upstream.js"

const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") }))

const call = (transport: Layer.Layer<any>, options: EfaClient.Options) =>
  stopFinder.pipe(Effect.provide(EfaClient.layer({ retry: false, ...options }).pipe(Layer.provide(transport))))

const MiB = 1024 * 1024

describe.each(transports)("response size limit with %s", (_name, transport) => {
  it.scopedLive("an endless body stops at maxResponseBytes with an error naming the limit", () =>
    Effect.gen(function*() {
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const server = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) { /* fill the socket buffer */ }
          if (!response.destroyed) response.once("drain", pump)
        }
        pump()
      })
      const error = yield* Effect.flip(call(transport, { baseUrl: server.base, maxResponseBytes: MiB }))
      expect(error._tag).toBe("ResponseTooLargeError")
      if (error._tag !== "ResponseTooLargeError") return
      expect(error.limit).toBe(MiB)
      expect(error.declared).toBe(false)
      expect(error.received).toBeGreaterThan(MiB)
      expect(error.received).toBeLessThanOrEqual(MiB + 1024 * 1024)
      expect(error.message).toContain(`${MiB} bytes`)
    }))

  it.scopedLive("a declared Content-Length over the limit is refused before the body is read", () =>
    Effect.gen(function*() {
      const server = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": String(500 * MiB) })
        response.write("[")
      })
      const error = yield* Effect.flip(call(transport, { baseUrl: server.base }))
      expect(error._tag).toBe("ResponseTooLargeError")
      if (error._tag !== "ResponseTooLargeError") return
      expect(error.declared).toBe(true)
      expect(error.received).toBe(500 * MiB)
      expect(error.limit).toBe(EfaClient.DEFAULT_MAX_RESPONSE_BYTES)
    }))

  it.scopedLive("a body within the limit, with or without Content-Length, is read", () =>
    Effect.gen(function*() {
      const server = yield* upstream((request, response) => {
        response.writeHead(200, { "content-type": "application/json" })
        if (request.url?.startsWith("/chunked")) {
          response.write(okBody.slice(0, 10))
          response.end(okBody.slice(10))
        } else {
          response.end(okBody)
        }
      })
      const limit = Buffer.byteLength(okBody)
      for (const base of [server.base, `${server.base}/chunked`]) {
        const answer = yield* call(transport, { baseUrl: base, maxResponseBytes: limit })
        expect(answer.locations).toHaveLength(1)
      }
    }))
})

describe("response size limit", () => {
  it.scopedLive("a compressed body is counted as it expands", () =>
    Effect.gen(function*() {
      const bomb = zlib.gzipSync(Buffer.alloc(8 * MiB, 0x20))
      const server = yield* upstream((_request, response) => {
        response.writeHead(200, {
          "content-type": "application/json",
          "content-encoding": "gzip",
          "content-length": String(bomb.length)
        }).end(bomb)
      })
      const error = yield* Effect.flip(call(transports[0]![1], { baseUrl: server.base, maxResponseBytes: MiB }))
      expect(error._tag === "ResponseTooLargeError" && error.declared).toBe(false)
    }))

  it.effect("refuses an unusable limit", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(call(transports[0]![1], { baseUrl: "http://efa.test", maxResponseBytes: 0 }))
      expect(error._tag === "InvalidOptionsError" && error.option).toBe("maxResponseBytes")
    }))
})

// Counts reads of the platform's `text` (a fiber per response, to cache it) and `headers` (a record of all
// of them, built anew on every read) on the responses of `client`.
const countingPlatformReads = (client: HttpClient.HttpClient) => {
  const reads = { text: 0, headers: 0 }
  const counted = HttpClient.transformResponse(
    client,
    (response) =>
      Effect.map(response, (response) =>
        new Proxy(response, {
          get: (target, key, receiver) => {
            if (key === "text" || key === "headers") reads[key]++
            return Reflect.get(target, key, receiver)
          }
        }))
  )
  return { reads, counted }
}

describe.each(transports)("reading a body with %s", (_name, transport) => {
  it.scopedLive("a body of declared length is read with the transport's own text() and headers", () =>
    Effect.gen(function*() {
      const server = yield* upstream((_request, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(okBody) })
        response.end(okBody)
      })
      const { counted, reads } = countingPlatformReads(yield* HttpClient.HttpClient)
      const answer = yield* call(Layer.succeed(HttpClient.HttpClient, counted), { baseUrl: server.base })
      expect(answer.locations).toHaveLength(1)
      expect(reads).toEqual({ text: 0, headers: 0 })
    }).pipe(Effect.provide(transport)))
})

describe("reading a body", () => {
  // An HttpClient answering with a fetch `Response` made by `WebResponse`.
  const answeringWith = (WebResponse: typeof Response) =>
    countingPlatformReads(HttpClient.make((request) =>
      Effect.sync(() => {
        const headers = { "content-type": "application/json", "content-length": String(Buffer.byteLength(okBody)) }
        return HttpClientResponse.fromWeb(request, new WebResponse(okBody, { headers }))
      })
    ))

  it.effect("a fetch Response is read with its own text() where another class replaced the global Response", () => {
    const WebResponse = globalThis.Response
    const { counted, reads } = answeringWith(WebResponse)
    return Effect.gen(function*() {
      // as @hono/node-server does in a process that also serves
      globalThis.Response = class LightweightResponse {} as unknown as typeof Response
      const answer = yield* call(Layer.succeed(HttpClient.HttpClient, counted), { baseUrl: "http://efa.test" })
      expect(answer.locations).toHaveLength(1)
      expect(reads).toEqual({ text: 0, headers: 0 })
    }).pipe(Effect.ensuring(Effect.sync(() => {
      globalThis.Response = WebResponse
    })))
  })

  it.effect("a response this client does not know is read through the platform's text and headers", () =>
    Effect.gen(function*() {
      const { counted, reads } = countingPlatformReads(HttpClient.make((request) =>
        Effect.sync(() => {
          const headers = { "content-length": String(Buffer.byteLength(okBody)) }
          const response = HttpClientResponse.fromWeb(request, new Response(okBody, { headers }))
          // a transport of its own: nothing of it is reachable but the platform's interface
          return new Proxy(response, { get: (target, key) => key === "source" ? undefined : Reflect.get(target, key) })
        })
      ))
      const answer = yield* call(Layer.succeed(HttpClient.HttpClient, counted), { baseUrl: "http://efa.test" })
      expect(answer.locations).toHaveLength(1)
      expect(reads.text).toBe(1)
      expect(reads.headers).toBeGreaterThan(0)
    }))
})

// An HttpClient that answers every request with one body.
const answering = (body: string, status = 200) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.succeed(
        HttpClientResponse.fromWeb(
          request,
          new Response(body, { status, headers: { "content-type": "application/json" } })
        )
      )
    )
  )

describe("hostile bodies", () => {
  it.effect("JSON nested 5,000 levels deep where the schema expects a list is a DecodeError, not a defect", () =>
    Effect.gen(function*() {
      const body = `{"locations":${"[".repeat(5000)}${"]".repeat(5000)}}`
      const error = yield* Effect.flip(call(answering(body), { baseUrl: "http://efa.test" }))
      expect(error._tag).toBe("DecodeError")
      if (error._tag !== "DecodeError") return
      expect(error.reason).toBe("schema")
      expect(error.path.startsWith("$.locations")).toBe(true)
      expect(error.detail).toContain("array of 1 items")
      expect(error.message.length).toBeLessThan(2000)
    }))

  it.effect("objects nested 100,000 levels deep are a DecodeError", () =>
    Effect.gen(function*() {
      const body = `{"locations":[${`{"a":`.repeat(100_000)}1${"}".repeat(100_000)}]}`
      const error = yield* Effect.flip(call(answering(body), { baseUrl: "http://efa.test" }))
      expect(error._tag).toBe("DecodeError")
    }))

  it.effect("a huge value in the wrong place gives a short message", () =>
    Effect.gen(function*() {
      const body = JSON.stringify({ locations: [{ id: "x".repeat(2_000_000), name: 5 }] })
      const error = yield* Effect.flip(call(answering(body), { baseUrl: "http://efa.test" }))
      expect(error._tag).toBe("DecodeError")
      expect(error.message.length).toBeLessThan(2000)
    }))

  it.effect("a deeply nested error body gives an HttpStatusError with a short excerpt", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(call(answering("[".repeat(100_000), 500), { baseUrl: "http://efa.test" }))
      expect(error._tag === "HttpStatusError" && error.bodyExcerpt.length).toBeLessThanOrEqual(201)
    }))
})

describe("Retry-After", () => {
  const scripted = (answers: Array<{ status: number; headers?: Record<string, string> }>) => {
    const calls: Array<number> = []
    const layer = Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => {
          calls.push(calls.length)
          const next = answers.shift()
          return HttpClientResponse.fromWeb(
            request,
            next === undefined
              ? new Response(okBody, { status: 200 })
              : new Response("busy", { status: next.status, headers: next.headers ?? {} })
          )
        })
      )
    )
    return { calls, layer }
  }

  for (const retryAfter of ["0", "Thu, 01 Jan 1970 00:00:00 GMT"]) {
    it.effect(`Retry-After: ${retryAfter} still waits the base delay`, () => {
      const { calls, layer } = scripted([
        { status: 503, headers: { "retry-after": retryAfter } },
        { status: 503, headers: { "retry-after": retryAfter } }
      ])
      return Effect.gen(function*() {
        const fiber = yield* Effect.fork(stopFinder)
        yield* TestClock.adjust("199 millis")
        expect(calls).toHaveLength(1)
        yield* TestClock.adjust("1 millis")
        expect(calls).toHaveLength(2)
        yield* TestClock.adjust("200 millis")
        yield* Fiber.join(fiber)
        expect(calls).toHaveLength(3)
      }).pipe(
        Effect.provide(
          EfaClient.layer({ baseUrl: "http://efa.test", retry: { baseDelay: "200 millis" } }).pipe(
            Layer.provide(layer)
          )
        )
      )
    })
  }
})
