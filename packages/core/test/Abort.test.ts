import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import { EfaClient, Point } from "../src/index.js"

const okBody = JSON.stringify({
  locations: [{ id: "de:08111:6118", name: "Hauptbahnhof", type: "stop", isBest: true, matchQuality: 900 }]
})

// A `fetch` that answers `okBody` or never answers ("hang"), and counts the requests it saw aborted.
const upstream = (mode: "hang" | "answer") => {
  const state = { requests: 0, aborted: 0 }
  const fetch = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    state.requests++
    const signal = init?.signal
    signal?.addEventListener("abort", () => state.aborted++)
    if (mode === "answer") return Promise.resolve(new Response(okBody, { status: 200 }))
    return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)))
  }
  const layer = FetchHttpClient.layer.pipe(
    Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch as typeof globalThis.fetch))
  )
  return { state, layer }
}

const clientOn = (mode: "hang" | "answer", options: Partial<EfaClient.Options> = {}) => {
  const { layer, state } = upstream(mode)
  return {
    state,
    layer: EfaClient.layer({ baseUrl: "http://efa.test/", retry: false, ...options }).pipe(Layer.provide(layer))
  }
}

const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") }))

describe("aborting requests", () => {
  it.live("the per-attempt timeout aborts the request (live clock)", () => {
    const { layer, state } = clientOn("hang", { timeout: "30 millis" })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(stopFinder)
      expect(error._tag === "TransportError" && error.reason).toBe("timeout")
      expect(state.aborted).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("the per-attempt timeout follows the test clock and aborts the request", () => {
    const { layer, state } = clientOn("hang", { timeout: "5 seconds" })
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.flip(stopFinder))
      yield* TestClock.adjust("4 seconds")
      expect(state.aborted).toBe(0)
      yield* TestClock.adjust("1 second")
      const error = yield* Fiber.join(fiber)
      expect(error._tag === "TransportError" && error.reason).toBe("timeout")
      expect(state.aborted).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.live("interrupting a call aborts the request", () => {
    const { layer, state } = clientOn("hang")
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(stopFinder)
      while (state.requests === 0) yield* Effect.sleep("1 millis")
      yield* Fiber.interrupt(fiber)
      expect(state.aborted).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.live("a request read to the end is not aborted afterwards", () => {
    const { layer, state } = clientOn("answer", { timeout: "20 millis" })
    return Effect.gen(function*() {
      const response = yield* stopFinder
      expect(response.locations[0]?.id).toBe("de:08111:6118")
      // past the timeout: its timer was cleared
      yield* Effect.sleep("40 millis")
      expect(state.aborted).toBe(0)
    }).pipe(Effect.provide(layer))
  })
})
