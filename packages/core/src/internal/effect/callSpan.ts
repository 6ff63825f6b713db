/**
 * The span of one call, made as `Effect.useSpan` makes it, with less work per call: the tracer, the clock
 * and the fiber refs are read in one step, the attributes set without an options object to spread, and
 * no span is made at all where tracing is off (`Effect.withTracerEnabled(false)`), where `useSpan` makes
 * a no-op one.
 *
 * @internal
 */
import * as Chunk from "effect/Chunk"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DefaultServices from "effect/DefaultServices"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as HashMap from "effect/HashMap"
import * as Option from "effect/Option"
import * as Tracer from "effect/Tracer"

const NO_LINKS: ReadonlyArray<Tracer.SpanLink> = []
const NO_TIME = BigInt(0)

// The parent a new span takes: the current span, skipping spans that opted out of propagation.
const parentOf = (current: Option.Option<Tracer.AnySpan>): Option.Option<Tracer.AnySpan> => {
  let parent = current
  while (parent._tag === "Some" && Context.get(parent.value.context, Tracer.DisablePropagation)) {
    parent = parent.value._tag === "Span" ? parent.value.parent : Option.none()
  }
  return parent
}

/**
 * What a call's span is made with, computed once per operation.
 *
 * @internal
 */
export interface CallSpanOptions {
  readonly name: string
  readonly options: Tracer.SpanOptions & { readonly kind: Tracer.SpanKind }
  readonly attributes: ReadonlyArray<readonly [string, unknown]>
}

/**
 * Makes the options of a call's span: its name, its kind and its attributes.
 *
 * @internal
 */
export const callSpanOptions = (
  name: string,
  kind: Tracer.SpanKind,
  attributes: Readonly<Record<string, unknown>>
): CallSpanOptions => ({
  name,
  options: { kind, captureStackTrace: false, attributes },
  attributes: Object.entries(attributes)
})

/**
 * Runs `body` within a span, ending it with the exit of `body`, whatever it is. `body` receives
 * `undefined` where tracing is off.
 *
 * @internal
 */
export const withCallSpan = <A, E>(
  { attributes, name, options }: CallSpanOptions,
  body: (span: Tracer.Span | undefined) => Effect.Effect<A, E>
): Effect.Effect<A, E> =>
  Effect.withFiberRuntime((fiber) => {
    if (!fiber.getFiberRef(FiberRef.currentTracerEnabled)) return body(undefined)
    const services = fiber.getFiberRef(DefaultServices.currentServices)
    const tracer = Context.get(services, Tracer.Tracer)
    const clock = Context.get(services, Clock.Clock)
    const timing = fiber.getFiberRef(FiberRef.currentTracerTimingEnabled)
    const parent = parentOf(Context.getOption(fiber.getFiberRef(FiberRef.currentContext), Tracer.ParentSpan))
    const links = fiber.getFiberRef(FiberRef.currentTracerSpanLinks)
    const span = tracer.span(
      name,
      parent,
      Context.empty(),
      Chunk.isEmpty(links) ? NO_LINKS : Chunk.toReadonlyArray(links),
      timing ? clock.unsafeCurrentTimeNanos() : NO_TIME,
      options.kind,
      options
    )
    const annotations = fiber.getFiberRef(FiberRef.currentTracerSpanAnnotations)
    if (HashMap.size(annotations) > 0) HashMap.forEach(annotations, (value, key) => span.attribute(key, value))
    for (const [key, value] of attributes) span.attribute(key, value)
    return Effect.onExit(body(span), (exit) =>
      Effect.sync(() => {
        if (span.status._tag !== "Ended") span.end(timing ? clock.unsafeCurrentTimeNanos() : NO_TIME, exit)
      }))
  })
