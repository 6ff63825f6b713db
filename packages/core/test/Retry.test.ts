import { HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Option, Schedule, TestClock } from "effect"
import { EfaClient, Point } from "../src/index.js"
import { parseRetryAfter } from "../src/internal/executor/client.js"

interface Scripted {
  readonly status: number
  readonly body?: string
  readonly headers?: Record<string, string>
}

const okBody = JSON.stringify({
  locations: [{ id: "de:08111:6118", name: "Hauptbahnhof", type: "stop", isBest: true, matchQuality: 900 }]
})

// An HttpClient that answers from a script, one entry per request, and counts the requests.
const scriptedClient = (script: Array<Scripted>) => {
  const calls: Array<string> = []
  const client = HttpClient.make((request) =>
    Effect.sync(() => {
      calls.push(request.url)
      const next = script.shift() ?? { status: 200, body: okBody }
      return HttpClientResponse.fromWeb(
        request,
        new Response(next.body ?? "", {
          status: next.status,
          headers: { "content-type": "application/json", ...next.headers }
        })
      )
    })
  )
  return { calls, layer: Layer.succeed(HttpClient.HttpClient, client) }
}

const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") }))

const withClient = (options: Partial<EfaClient.Options>, script: Array<Scripted>) => {
  const scripted = scriptedClient(script)
  const layer = EfaClient.layer({ baseUrl: "http://efa.test", ...options }).pipe(Layer.provide(scripted.layer))
  return { calls: scripted.calls, layer }
}

describe("retries", () => {
  it.effect("503, 503, then success, waiting Retry-After: 1 each time", () => {
    const { calls, layer } = withClient({}, [
      { status: 503, body: "down", headers: { "retry-after": "1" } },
      { status: 503, body: "down", headers: { "retry-after": "1" } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(stopFinder)
      yield* TestClock.adjust("999 millis")
      expect(calls).toHaveLength(1)
      yield* TestClock.adjust("1 millis")
      expect(calls).toHaveLength(2)
      yield* TestClock.adjust("1 second")
      const response = yield* Fiber.join(fiber)
      expect(calls).toHaveLength(3)
      expect(response.locations[0]?.name).toBe("Hauptbahnhof")
    }).pipe(Effect.provide(layer))
  })

  it.effect("backs off exponentially with jitter between half and all of each step", () => {
    const { calls, layer } = withClient({ retry: { maxAttempts: 3, baseDelay: "200 millis" } }, [
      { status: 500 },
      { status: 500 }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(stopFinder)
      yield* TestClock.adjust("99 millis")
      expect(calls).toHaveLength(1)
      yield* TestClock.adjust("101 millis")
      expect(calls).toHaveLength(2)
      // the second call came at 100..200 ms and the second step is 200..400 ms: the third is at 300..600 ms
      yield* TestClock.adjust("99 millis")
      expect(calls).toHaveLength(2)
      yield* TestClock.adjust("301 millis")
      yield* Fiber.join(fiber)
      expect(calls).toHaveLength(3)
    }).pipe(Effect.provide(layer))
  })

  it.effect("gives up after maxAttempts with the last error", () => {
    const { calls, layer } = withClient({ retry: { maxAttempts: 2 } }, [
      { status: 502, body: "bad gateway" },
      { status: 502, body: "still bad" },
      { status: 200, body: okBody }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.flip(stopFinder))
      yield* TestClock.adjust("10 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error._tag === "HttpStatusError" && error.bodyExcerpt).toBe("still bad")
      expect(calls).toHaveLength(2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("does not retry a 404, a body of the wrong shape or a server message", () =>
    Effect.gen(function*() {
      for (
        const entry of [
          { status: 404, body: "moved" },
          { status: 200, body: JSON.stringify({ locations: [{ id: 1 }] }) },
          { status: 200, body: JSON.stringify({ locations: [], systemMessages: [{ type: "error", code: -8012 }] }) }
        ]
      ) {
        const { calls, layer } = withClient({}, [entry])
        yield* Effect.flip(stopFinder).pipe(Effect.provide(layer))
        expect(calls).toHaveLength(1)
      }
    }))

  it.effect("retries an HTML page and an empty body with status 200", () => {
    const { calls, layer } = withClient({}, [
      { status: 200, body: "<html>maintenance</html>", headers: { "content-type": "text/html" } },
      { status: 200, body: "" }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(stopFinder)
      yield* TestClock.adjust("5 seconds")
      yield* Fiber.join(fiber)
      expect(calls).toHaveLength(3)
    }).pipe(Effect.provide(layer))
  })

  it.effect("caps Retry-After at maxRetryAfter", () => {
    const { calls, layer } = withClient({ retry: { maxRetryAfter: "2 seconds" } }, [
      { status: 429, body: "slow down", headers: { "retry-after": "3600" } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(stopFinder)
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.join(fiber)
      expect(calls).toHaveLength(2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("retry: false makes one attempt", () => {
    const { calls, layer } = withClient({ retry: false }, [{ status: 503 }])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(stopFinder)
      expect(error._tag).toBe("HttpStatusError")
      expect(calls).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("the deadline bounds retries and pauses", () => {
    const { layer } = withClient({ deadline: "3 seconds", retry: { maxAttempts: 10 } }, [
      { status: 503, headers: { "retry-after": "2" } },
      { status: 503, headers: { "retry-after": "2" } }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.flip(stopFinder))
      yield* TestClock.adjust("3 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error._tag === "TransportError" && error.detail).toContain("deadline")
    }).pipe(Effect.provide(layer))
  })

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-03-02T07:30:00Z")
    expect(parseRetryAfter("120", now)).toEqual(Option.some(Duration.seconds(120)))
    expect(parseRetryAfter("Mon, 02 Mar 2026 07:30:30 GMT", now)).toEqual(Option.some(Duration.millis(30_000)))
    expect(parseRetryAfter("soon", now)).toEqual(Option.none())
  })
})

describe("rate limits", () => {
  it.effect("requestsPerSecond spaces requests out", () => {
    const { calls, layer } = withClient({ rateLimit: { requestsPerSecond: 2 } }, [])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.all(Array.from({ length: 6 }, () => stopFinder), { concurrency: 6 }))
      yield* TestClock.adjust("10 millis")
      expect(calls.length).toBeLessThanOrEqual(2)
      yield* TestClock.adjust("3 seconds")
      yield* Fiber.join(fiber)
      expect(calls).toHaveLength(6)
    }).pipe(Effect.provide(layer))
  })

  it.effect("refuses unusable options", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.scoped(EfaClient.make({ baseUrl: "http://efa.test", rateLimit: { concurrency: 0 } })).pipe(
          Effect.provide(scriptedClient([]).layer)
        )
      )
      expect(error.option).toBe("rateLimit.concurrency")
    }))
})

describe("a retry schedule", () => {
  const spacedTwice = Schedule.spaced("1 second").pipe(Schedule.intersect(Schedule.recurs(2)))

  it.effect("replaces the backoff: retries when and as often as the schedule says", () => {
    const { calls, layer } = withClient({ retry: { schedule: spacedTwice } }, [
      { status: 503 },
      { status: 503 },
      { status: 503 },
      { status: 200, body: okBody }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.flip(stopFinder))
      yield* TestClock.adjust("999 millis")
      expect(calls).toHaveLength(1)
      yield* TestClock.adjust("1 millis")
      expect(calls).toHaveLength(2)
      yield* TestClock.adjust("1 second")
      const error = yield* Fiber.join(fiber)
      expect(calls).toHaveLength(3)
      expect(error._tag === "HttpStatusError" && error.status).toBe(503)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a longer Retry-After still wins; failures that are not transient are not retried", () => {
    const { calls, layer } = withClient({ retry: { schedule: spacedTwice } }, [
      { status: 429, headers: { "retry-after": "5" } },
      { status: 404 }
    ])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(Effect.flip(stopFinder))
      yield* TestClock.adjust("4 seconds")
      expect(calls).toHaveLength(1)
      yield* TestClock.adjust("1 second")
      const error = yield* Fiber.join(fiber)
      expect(calls).toHaveLength(2)
      expect(error._tag === "HttpStatusError" && error.status).toBe(404)
    }).pipe(Effect.provide(layer))
  })
})
