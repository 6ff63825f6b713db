// The shortcuts of `src/internal/effect/` agree with what Effect's public functions do: a schedule stepped by
// hand makes the attempts and pauses of `Effect.retry`, a request's refs set in one step are those that
// `Effect.provideService` and `Effect.locally` give, a call's span is the one `Effect.useSpan`
// makes, an instant made from milliseconds is `DateTime.unsafeMake`'s, the live clock is told from a test clock.
// (The fast decoder's agreement with `Schema.decodeUnknown` is in `fastDecode.test.ts`.)
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import {
  Clock,
  Context,
  DateTime,
  Duration,
  Effect,
  Exit,
  Fiber,
  FiberRef,
  Layer,
  Option,
  Ref,
  Schedule,
  TestClock,
  Tracer
} from "effect"
import { type EfaError, TransportError } from "../src/EfaError.js"
import { callSpanOptions, withCallSpan } from "../src/internal/effect/callSpan.js"
import { isLiveClock } from "../src/internal/effect/clock.js"
import { withRequestRefs } from "../src/internal/effect/requestRefs.js"
import { utcFromMillis } from "../src/internal/effect/utc.js"
import { type ResolvedRetry, retrying } from "../src/internal/executor/retry.js"

// A run that always fails with a transient error numbered by its attempt, noting the clock at each attempt.
const failingRun = (times: Ref.Ref<Array<number>>): Effect.Effect<never, EfaError> =>
  Effect.flatMap(
    Clock.currentTimeMillis,
    (now) =>
      Effect.flatMap(Ref.updateAndGet(times, (list) => [...list, now]), (list) =>
        Effect.fail(
          new TransportError({ operation: "StopFinder", reason: "network", url: "u", detail: String(list.length) })
        ))
  )

const attemptTimes = (retried: (run: Effect.Effect<never, EfaError>) => Effect.Effect<never, EfaError>) =>
  Effect.gen(function*() {
    const times = yield* Ref.make<Array<number>>([])
    const fiber = yield* Effect.fork(retried(failingRun(times)))
    yield* TestClock.adjust("1 hour")
    const exit = yield* Fiber.await(fiber)
    expect(Exit.isFailure(exit)).toBe(true)
    return yield* Ref.get(times)
  })

const schedules: Record<string, Schedule.Schedule<unknown, EfaError>> = {
  "spaced, three times": Schedule.intersect(Schedule.spaced("1 second"), Schedule.recurs(3)),
  "exponential, up to 4 seconds in all": Schedule.upTo(Schedule.exponential("100 millis"), "4 seconds"),
  "fibonacci, four times": Schedule.intersect(Schedule.fibonacci("50 millis"), Schedule.recurs(4)),
  "fixed, while the input says so": Schedule.whileInput(
    Schedule.fixed("300 millis"),
    (error: EfaError) => error._tag === "TransportError" && error.detail !== "5"
  ),
  "once": Schedule.once
}

const withSchedule = (schedule: Schedule.Schedule<unknown, EfaError>): ResolvedRetry => ({
  maxAttempts: 3,
  baseDelay: Duration.millis(200),
  maxDelay: Duration.seconds(5),
  maxRetryAfter: Duration.seconds(30),
  schedule
})

describe("a schedule stepped between attempts", () => {
  for (const [name, schedule] of Object.entries(schedules)) {
    it.effect(`makes the attempts and pauses of Effect.retry: ${name}`, () =>
      Effect.gen(function*() {
        const ours = yield* attemptTimes((run) => retrying(withSchedule(schedule), run))
        const effects = yield* attemptTimes((run) => Effect.retry(run, schedule))
        expect(ours.length).toBeGreaterThan(1)
        // both start at the clock's time of their own first attempt
        expect(ours.map((at) => at - ours[0]!)).toEqual(effects.map((at) => at - effects[0]!))
      }))
  }
})

class Greeting extends Context.Tag("Greeting")<Greeting, string>() {}

const request = HttpClientRequest.get("http://localhost/")

// What a request sees of its context and of the platform's tracer settings.
const observed = Effect.gen(function*() {
  const greeting = yield* Effect.serviceOption(Greeting)
  const disabledWhen = yield* FiberRef.get(HttpClient.currentTracerDisabledWhen)
  const propagation = yield* FiberRef.get(HttpClient.currentTracerPropagation)
  return { greeting, disabled: disabledWhen(request), propagation }
})

describe("a request's refs set in one step", () => {
  it.effect("are what Effect.provideService and Effect.locally give, and are restored after", () =>
    Effect.gen(function*() {
      const ours = yield* withRequestRefs(observed, (_, services) => {
        services.set(Greeting.key, "hello")
      })
      const effects = yield* observed.pipe(
        Effect.provideService(Greeting, "hello"),
        Effect.locally(HttpClient.currentTracerDisabledWhen, () => true),
        Effect.locally(HttpClient.currentTracerPropagation, false)
      )
      expect(ours).toEqual(effects)
      expect(ours).toEqual({ greeting: Option.some("hello"), disabled: true, propagation: false })
      expect(yield* observed).toEqual({ greeting: Option.none(), disabled: false, propagation: true })
    }))

  it.effect("keep the services already there and are restored after a failure", () =>
    Effect.gen(function*() {
      const failed = yield* Effect.exit(
        withRequestRefs(Effect.zipRight(observed, Effect.fail("no")), (current, services) => {
          services.set(Greeting.key, `${Option.getOrElse(Context.getOption(current, Greeting), () => "nobody")}, again`)
        })
      )
      expect(failed).toEqual(Exit.fail("no"))
      const ours = yield* withRequestRefs(observed, (current, services) => {
        services.set(Greeting.key, `${Option.getOrElse(Context.getOption(current, Greeting), () => "nobody")}, again`)
      })
      expect(ours.greeting).toEqual(Option.some("hi, again"))
      expect(yield* observed).toEqual({ greeting: Option.some("hi"), disabled: false, propagation: true })
    }).pipe(Effect.provideService(Greeting, "hi")))
})

// A tracer that keeps the spans it makes.
const recordingTracer = () => {
  const spans: Array<Tracer.Span> = []
  const tracer = Tracer.make({
    span: (name, parent, context, links, startTime, kind) => {
      const span = new NativeSpan(name, parent, context, links, startTime, kind)
      spans.push(span)
      return span
    },
    context: (f) => f()
  })
  return { spans, layer: Layer.setTracer(tracer) }
}

// Effect's own span class is internal: the tracer above makes plain spans like it.
class NativeSpan implements Tracer.Span {
  readonly _tag = "Span"
  readonly spanId = Math.random().toString(16).slice(2)
  readonly traceId = "trace"
  readonly sampled = true
  status: Tracer.SpanStatus
  readonly attributes = new Map<string, unknown>()
  readonly events: Array<unknown> = []
  constructor(
    readonly name: string,
    readonly parent: Option.Option<Tracer.AnySpan>,
    readonly context: Context.Context<never>,
    links: ReadonlyArray<Tracer.SpanLink>,
    startTime: bigint,
    readonly kind: Tracer.SpanKind
  ) {
    this.links = [...links]
    this.status = { _tag: "Started", startTime }
  }
  readonly links: Array<Tracer.SpanLink>
  addLinks(links: ReadonlyArray<Tracer.SpanLink>) {
    this.links.push(...links)
  }
  end(endTime: bigint, exit: Exit.Exit<unknown, unknown>) {
    this.status = { _tag: "Ended", endTime, exit, startTime: this.status.startTime }
  }
  attribute(key: string, value: unknown) {
    this.attributes.set(key, value)
  }
  event(name: string) {
    this.events.push(name)
  }
}

// What a span says, without its identity.
const described = (span: Tracer.Span) => ({
  name: span.name,
  kind: span.kind,
  parent: Option.map(span.parent, (parent) => parent.spanId),
  attributes: Object.fromEntries([...span.attributes].sort(([a], [b]) => a.localeCompare(b))),
  links: span.links.length,
  ended: span.status._tag,
  exit: span.status._tag === "Ended" ? span.status.exit : undefined
})

describe("a call's span", () => {
  const options = callSpanOptions("efa.StopFinder", "client", { "efa.operation": "StopFinder" })

  it.effect("is the span Effect.useSpan makes: name, kind, parent, attributes, annotations, links, exit", () => {
    const { layer, spans } = recordingTracer()
    const inEnvironment = <A, E>(effect: Effect.Effect<A, E>) =>
      effect.pipe(
        Effect.annotateSpans("tenant", "vvs"),
        Effect.linkSpans(Tracer.externalSpan({ spanId: "link", traceId: "trace" })),
        Effect.withSpan("parent"),
        Effect.exit
      )
    return Effect.gen(function*() {
      const body = (span: Tracer.Span | undefined) => {
        span?.attribute("efa.attempts", 1)
        return Effect.fail("no")
      }
      yield* inEnvironment(withCallSpan(options, body))
      yield* inEnvironment(Effect.useSpan(options.name, options.options, body))
      const [ourParent, ours, effectsParent, effects] = [
        spans.find((span) => span.name === "parent")!,
        spans.filter((span) => span.name === options.name)[0]!,
        spans.filter((span) => span.name === "parent")[1]!,
        spans.filter((span) => span.name === options.name)[1]!
      ]
      expect(described(ours)).toEqual({ ...described(effects), parent: Option.some(ourParent.spanId) })
      expect(described(effects).parent).toEqual(Option.some(effectsParent.spanId))
      expect(described(ours).attributes).toEqual({ "efa.attempts": 1, "efa.operation": "StopFinder", tenant: "vvs" })
      expect(described(ours).links).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("is not made where tracing is off", () => {
    const { layer, spans } = recordingTracer()
    return Effect.gen(function*() {
      const seen = yield* withCallSpan(options, (span) => Effect.succeed(span)).pipe(Effect.withTracerEnabled(false))
      expect(seen).toBeUndefined()
      expect(spans).toEqual([])
    }).pipe(Effect.provide(layer))
  })
})

describe("an instant from epoch milliseconds", () => {
  it("is what DateTime.unsafeMake makes, own properties and prototype", () => {
    for (const millis of [0, 1, -1, 1_772_436_960_000, 8.64e15, -8.64e15]) {
      const ours = utcFromMillis(millis)
      const effects = DateTime.unsafeMake(millis)
      expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(effects))
      expect({ ...ours }).toEqual({ ...effects })
      expect(DateTime.Equivalence(ours, effects)).toBe(true)
    }
  })
})

describe("the live clock", () => {
  it("is Effect's default clock, not a test clock", async () => {
    expect(await Effect.runPromise(Effect.clockWith((clock) => Effect.succeed(isLiveClock(clock))))).toBe(true)
  })

  it.effect("is not the TestClock", () =>
    Effect.clockWith((clock) => Effect.sync(() => expect(isLiveClock(clock)).toBe(false))))
})
