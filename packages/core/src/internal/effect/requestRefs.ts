/**
 * Running an HTTP request of the client with services added to its context and the platform's own span and
 * trace headers off, all set in one copy of the fiber's refs and restored after: `Effect.provideService` and
 * `Effect.locally` cost several microseconds each, per request. The agreement test checks that the request
 * sees what those public functions would give it.
 *
 * @internal
 */
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as FiberId from "effect/FiberId"
import * as FiberRef from "effect/FiberRef"
import * as FiberRefs from "effect/FiberRefs"
import { constTrue } from "effect/Function"
import type { Predicate } from "effect/Predicate"

interface SavedRefs {
  readonly context: Context.Context<never>
  readonly tracerDisabledWhen: Predicate<HttpClientRequest.HttpClientRequest>
  readonly tracerPropagation: boolean
}

// The fiber refs a request of the client runs with, set in one copy of the fiber's refs.
const setRefs = (
  refs: FiberRefs.FiberRefs,
  fiberId: FiberId.Single,
  context: Context.Context<never>,
  tracerDisabledWhen: Predicate<HttpClientRequest.HttpClientRequest>,
  tracerPropagation: boolean
): FiberRefs.FiberRefs =>
  FiberRefs.updateManyAs(refs, {
    entries: [
      [FiberRef.currentContext, [[fiberId, context]]],
      [HttpClient.currentTracerDisabledWhen, [[fiberId, tracerDisabledWhen]]],
      [HttpClient.currentTracerPropagation, [[fiberId, tracerPropagation]]]
    ]
  })

/**
 * The services to add: each tag's key with its value; `add` reads the current context and writes into the
 * map, which starts as a copy of it.
 *
 * @internal
 */
export type AddServices = (current: Context.Context<never>, services: Map<string, unknown>) => void

/**
 * Runs `effect` with the services `add` writes added to the context, `HttpClient.withTracerDisabledWhen`
 * set to every request and `HttpClient.withTracerPropagation(false)`, as `Effect.provideService` and
 * `Effect.locally` would, and restores the three after, however `effect` ends.
 *
 * @internal
 */
export const withRequestRefs = <A, E>(
  effect: Effect.Effect<A, E, unknown>,
  add: AddServices
): Effect.Effect<A, E> =>
  Effect.suspend(() => {
    let saved: SavedRefs | undefined
    const enter = Effect.updateFiberRefs((fiberId, refs) => {
      const context = FiberRefs.getOrDefault(refs, FiberRef.currentContext)
      saved = {
        context,
        tracerDisabledWhen: FiberRefs.getOrDefault(refs, HttpClient.currentTracerDisabledWhen),
        tracerPropagation: FiberRefs.getOrDefault(refs, HttpClient.currentTracerPropagation)
      }
      const services = new Map(context.unsafeMap)
      add(context, services)
      return setRefs(refs, fiberId, Context.unsafeMake(services), constTrue, false)
    })
    const leave = Effect.updateFiberRefs((fiberId, refs) =>
      saved === undefined
        ? refs
        : setRefs(refs, fiberId, saved.context, saved.tracerDisabledWhen, saved.tracerPropagation)
    )
    // the services the effect needs are in the context `enter` sets
    return Effect.onExit(Effect.zipRight(enter, effect as Effect.Effect<A, E>), () => leave)
  })
