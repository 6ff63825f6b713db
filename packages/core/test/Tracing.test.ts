import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, FiberRef, Layer, TestClock, Tracer } from "effect"
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

// A tracer that records every span it opens into `spans`, made by `base`.
const recordingTracer = (base: Tracer.Tracer, spans: Array<Tracer.Span>) =>
  Tracer.make({
    span: (...args) => {
      const span = base.span(...args)
      spans.push(span)
      return span
    },
    context: base.context
  })

// Runs `effect` with a tracer that records every span it opens.
const recordingSpans = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tracerWith((base) => {
    const spans: Array<Tracer.Span> = []
    return Effect.map(Effect.withTracer(effect, recordingTracer(base, spans)), () => spans)
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

  it.effect("carries the caller's span annotations and links, as Effect's own spans do", () =>
    Effect.gen(function*() {
      const linked = Tracer.externalSpan({ traceId: "t".repeat(32), spanId: "s".repeat(16) })
      const spans = yield* recordingSpans(
        stopFinder.pipe(Effect.annotateSpans("app.tenant", "north"), Effect.linkSpans(linked))
      )
      const call = spans.find((span) => span.name === "EfaClient.stopFinder")!
      expect(call.attributes.get("app.tenant")).toBe("north")
      expect(call.attributes.get("efa.operation")).toBe("stopFinder")
      expect(call.links.map((link) => link.span.spanId)).toEqual([linked.spanId])
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([]))))))

  it.effect("skips a parent that opted out of propagation", () =>
    Effect.gen(function*() {
      const spans = yield* recordingSpans(
        Effect.withSpan(
          Effect.withSpan(stopFinder, "quiet", { context: Tracer.DisablePropagation.context(true) }),
          "outer"
        )
      )
      const outer = spans.find((span) => span.name === "outer")!
      const call = spans.find((span) => span.name === "EfaClient.stopFinder")!
      expect(call.parent._tag === "Some" && call.parent.value.spanId).toBe(outer.spanId)
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([]))))))

  it.effect("ends with the call when it fails", () =>
    Effect.gen(function*() {
      const spans = yield* recordingSpans(Effect.flip(stopFinder))
      const call = spans.find((span) => span.name === "EfaClient.stopFinder")!
      expect(call.status._tag === "Ended" && call.status.exit._tag).toBe("Failure")
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([404]))))))

  it.effect("ends with the call when it is interrupted", () =>
    Effect.gen(function*() {
      const spans: Array<Tracer.Span> = []
      const fiber = yield* Effect.fork(Effect.withTracer(stopFinder, recordingTracer(yield* Effect.tracer, spans)))
      yield* TestClock.adjust("1 second")
      expect(spans.map((span) => span.status._tag)).toEqual(["Started"])
      yield* Fiber.interrupt(fiber)
      const call = spans[0]!
      expect(call.status._tag === "Ended" && Exit.isInterrupted(call.status.exit)).toBe(true)
    }).pipe(
      Effect.provide(
        EfaClient.layer({ baseUrl: "http://efa.test", timeout: "1 minute" }).pipe(
          Layer.provide(Layer.succeed(HttpClient.HttpClient, HttpClient.make(() => Effect.never)))
        )
      )
    ))

  it.effect("opens none where tracing is off", () =>
    Effect.gen(function*() {
      const spans = yield* recordingSpans(Effect.withTracerEnabled(stopFinder, false))
      expect(spans).toEqual([])
    }).pipe(Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test" }).pipe(Layer.provide(scripted([]))))))

  it.effect("with Effect's default tracer: ids, parent, attributes and status", () => {
    const seen: Array<Tracer.Span> = []
    return Effect.gen(function*() {
      const caller = yield* Effect.withSpan(
        Effect.zipLeft(Effect.orDie(Effect.currentSpan), stopFinder),
        "caller"
      )
      const [call] = seen
      expect(call!.name).toBe("EfaClient.stopFinder")
      expect(call!.kind).toBe("client")
      expect(call!.spanId).toMatch(/^[0-9a-f]{16}$/)
      expect(call!.traceId).toBe(caller.traceId)
      expect(call!.parent._tag === "Some" && call!.parent.value.spanId).toBe(caller.spanId)
      expect(call!.attributes.get("efa.operation")).toBe("stopFinder")
      expect(call!.attributes.get("http.response.status_code")).toBe(200)
      expect(call!.status._tag === "Ended" && call!.status.exit._tag).toBe("Success")
      // a root call starts a trace of its own
      yield* stopFinder
      expect(seen[1]!.traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(seen[1]!.traceId).not.toBe(caller.traceId)
      expect(seen[1]!.parent._tag).toBe("None")
    }).pipe(
      Effect.provide(
        EfaClient.layer({
          baseUrl: "http://efa.test",
          transformClient: HttpClient.tapRequest(() =>
            Effect.flatMap(Effect.orDie(Effect.currentSpan), (span) => Effect.sync(() => seen.push(span)))
          )
        }).pipe(Layer.provide(scripted([])))
      )
    )
  })

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
