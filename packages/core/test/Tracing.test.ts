import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock, Tracer } from "effect"
import { EfaClient, Point } from "../src/index.js"
import { okBody } from "./support/upstream.js"

const scripted = (statuses: Array<number>) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => HttpClientResponse.fromWeb(request, new Response(okBody, { status: statuses.shift() ?? 200 })))
    )
  )

const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") }))

// Runs `effect` with a tracer that records every span it opens.
const recordingSpans = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tracerWith((base) => {
    const spans: Array<Tracer.Span> = []
    const tracer = Tracer.make({
      span: (...args) => {
        const span = base.span(...args)
        spans.push(span)
        return span
      },
      context: base.context
    })
    return Effect.map(Effect.withTracer(effect, tracer), () => spans)
  })

describe("a span per call", () => {
  it.effect("names the operation and reports the path, the attempts and the last status", () =>
    Effect.gen(function*() {
      const fiber = yield* Effect.fork(recordingSpans(stopFinder))
      yield* TestClock.adjust("10 seconds")
      const spans = yield* Fiber.join(fiber)
      const calls = spans.filter((span) => span.name.startsWith("EfaClient."))
      expect(calls.map((span) => span.name)).toEqual(["EfaClient.stopFinder"])
      const attributes = Object.fromEntries(calls[0]!.attributes)
      expect(attributes).toMatchObject({
        "efa.operation": "stopFinder",
        "url.path": "XML_STOPFINDER_REQUEST",
        "efa.attempts": 2,
        "http.response.status_code": 200
      })
      expect(calls[0]!.kind).toBe("client")
      // no span per HTTP request
      expect(spans.filter((span) => span.name.startsWith("http."))).toEqual([])
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([503]))))))

  it.effect("spans: false opens none", () =>
    Effect.gen(function*() {
      const spans = yield* recordingSpans(stopFinder)
      expect(spans).toEqual([])
    }).pipe(
      Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test", spans: false }).pipe(Layer.provide(scripted([]))))
    ))
})

describe("transformClient", () => {
  it.effect("puts middleware in front of the HttpClient", () => {
    const seen: Array<string> = []
    return Effect.gen(function*() {
      yield* stopFinder
      expect(seen).toHaveLength(1)
      expect(seen[0]).toContain("XML_STOPFINDER_REQUEST")
    }).pipe(
      Effect.provide(
        EfaClient.layer({
          baseUrl: "http://efa.test",
          transformClient: HttpClient.tapRequest((request) => Effect.sync(() => seen.push(request.url)))
        }).pipe(Layer.provide(scripted([])))
      )
    )
  })
})
