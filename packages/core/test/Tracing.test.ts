import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, FiberRef, Layer, TestClock, Tracer } from "effect"
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

  it.effect("is the child of the caller's span and the parent of what runs inside the HTTP request", () => {
    const seenInside: Array<string> = []
    return Effect.gen(function*() {
      const spans = yield* recordingSpans(Effect.withSpan(stopFinder, "caller"))
      const caller = spans.find((span) => span.name === "caller")!
      const call = spans.find((span) => span.name === "EfaClient.stopFinder")!
      const middleware = spans.find((span) => span.name === "middleware")!
      expect(call.parent._tag === "Some" && call.parent.value.spanId).toBe(caller.spanId)
      expect(middleware.parent._tag === "Some" && middleware.parent.value.spanId).toBe(call.spanId)
      expect(seenInside).toEqual([call.spanId])
    }).pipe(
      Effect.provide(
        EfaClient.layer({
          baseUrl: "http://efa.test",
          transformClient: HttpClient.tapRequest(() =>
            Effect.flatMap(Effect.orDie(Effect.currentSpan), (span) => Effect.sync(() => seenInside.push(span.spanId)))
              .pipe(Effect.zipRight(Effect.withSpan(Effect.void, "middleware")))
          )
        }).pipe(Layer.provide(scripted([])))
      )
    )
  })

  it.effect("leaves the caller's context and fiber refs as they were", () =>
    Effect.gen(function*() {
      const before = yield* Effect.context<never>()
      const disabledBefore = yield* FiberRef.get(HttpClient.currentTracerDisabledWhen)
      const propagationBefore = yield* FiberRef.get(HttpClient.currentTracerPropagation)
      yield* stopFinder
      expect(yield* Effect.context<never>()).toBe(before)
      expect(yield* FiberRef.get(HttpClient.currentTracerDisabledWhen)).toBe(disabledBefore)
      expect(yield* FiberRef.get(HttpClient.currentTracerPropagation)).toBe(propagationBefore)
      // and so after a call that fails
      yield* Effect.flip(stopFinder)
      expect(yield* Effect.context<never>()).toBe(before)
      expect(yield* FiberRef.get(HttpClient.currentTracerPropagation)).toBe(propagationBefore)
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([200, 404]))))))

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
