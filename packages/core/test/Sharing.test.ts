import * as RateLimiter from "@effect/experimental/RateLimiter"
import { FetchHttpClient, HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import {
  Clock,
  DateTime,
  Deferred,
  Duration,
  Effect,
  Fiber,
  Layer,
  Option,
  Redacted,
  Schema,
  Scope,
  TestClock
} from "effect"
import { EfaClient, Operation, OperationClient, Point, SharedStore, StopFinder } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { makeDialect } from "../src/internal/executor/dialect.js"
import { sharedBackend } from "../src/internal/executor/responseCache.js"
import { LATE_TOLERANCE_MILLIS, turnSpacingMillis } from "../src/internal/executor/sharedLimiter.js"
import { deploymentKey } from "../src/internal/executor/sharing.js"
import { layerRateLimitStoreWith } from "../src/Redis.js"
import { okBody } from "./support/upstream.js"

interface Answer {
  readonly status?: number
  readonly body?: string
  readonly headers?: Record<string, string>
}

// An HttpClient that answers from `answer` and records the `name_sf` of each request and when it came.
const recording = (answer: (name: string) => Answer = () => ({})) => {
  const sent: Array<string> = []
  const layer = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => {
        const name = new URL(request.url).searchParams.get("name_sf") ?? ""
        sent.push(name)
        const { body = okBody, headers = {}, status = 200 } = answer(name)
        return HttpClientResponse.fromWeb(request, new Response(body, { status, headers }))
      })
    )
  )
  return { sent, layer }
}

const find = (name: string, options?: OperationClient.CallOptions) =>
  Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any(name) }, options))

const client = (options: Omit<EfaClient.Options, "baseUrl">, http: Layer.Layer<HttpClient.HttpClient>) =>
  EfaClient.layer({ baseUrl: "http://efa.test", retry: false, ...options }).pipe(Layer.provide(http))

describe("the answer cache", () => {
  it.effect("gives an identical call the kept answer, asks again for another query or with cache: false", () => {
    const { layer, sent } = recording()
    return Effect.gen(function*() {
      const first = yield* find("Hbf")
      const second = yield* find("Hbf")
      expect(second).toBe(first)
      expect(sent).toEqual(["Hbf"])
      yield* find("Rathaus")
      expect(sent).toEqual(["Hbf", "Rathaus"])
      yield* find("Hbf", { cache: false })
      expect(sent).toEqual(["Hbf", "Rathaus", "Hbf"])
    }).pipe(Effect.provide(client({ cache: true }, layer)))
  })

  it.effect("keeps a stop search six hours by default, and as long as cache.timeToLive says", () => {
    const { layer, sent } = recording()
    return Effect.gen(function*() {
      yield* find("Hbf")
      yield* TestClock.adjust("5 hours")
      yield* find("Hbf")
      expect(sent).toEqual(["Hbf"])
      yield* TestClock.adjust("61 minutes")
      yield* find("Hbf")
      expect(sent).toEqual(["Hbf", "Hbf"])
    }).pipe(Effect.provide(client({ cache: true }, layer)))
  })

  it.effect("a time to live of 0 keeps none of the operation's answers", () => {
    const { layer, sent } = recording()
    return Effect.gen(function*() {
      yield* find("Hbf")
      yield* find("Hbf")
      expect(sent).toEqual(["Hbf", "Hbf"])
    }).pipe(Effect.provide(client({ cache: { timeToLive: { stopFinder: 0 } } }, layer)))
  })

  it.effect("never keeps errors nor answers with EFA error messages", () => {
    const partial = JSON.stringify({
      ...JSON.parse(okBody),
      systemMessages: [{ type: "error", module: "BROKER", code: -8010, text: "" }]
    })
    const { layer, sent } = recording((name) =>
      name === "broken" ? { status: 503, body: "down" } : name === "partial" ? { body: partial } : {}
    )
    return Effect.gen(function*() {
      expect((yield* Effect.flip(find("broken")))._tag).toBe("HttpStatusError")
      expect((yield* Effect.flip(find("broken")))._tag).toBe("HttpStatusError")
      const answer = yield* find("partial")
      expect(answer.locations).toHaveLength(1)
      yield* find("partial")
      expect(sent).toEqual(["broken", "broken", "partial", "partial"])
    }).pipe(Effect.provide(client({ cache: true }, layer)))
  })

  it.effect("never keeps an answer with a warning that the search stopped early; other warnings are kept", () => {
    const withWarning = (code: number, text: string) =>
      JSON.stringify({ ...JSON.parse(okBody), systemMessages: [{ type: "warning", module: "BROKER", code, text }] })
    const { layer, sent } = recording((name) => {
      switch (name) {
        // the fake's own, when its router ran out of its budget
        case "stopped":
          return { body: withWarning(-4000, "search stopped: 2000 connections examined") }
        case "timeout":
          return { body: withWarning(-1, "routing timed out, results may be incomplete") }
        default:
          // a warning that comes with ordinary trips
          return { body: withWarning(-10015, "itp") }
      }
    })
    return Effect.gen(function*() {
      for (const name of ["stopped", "stopped", "timeout", "timeout", "itp", "itp"]) yield* find(name)
      expect(sent).toEqual(["stopped", "stopped", "timeout", "timeout", "itp"])
    }).pipe(Effect.provide(client({ cache: true }, layer)))
  })

  it.effect("honours Cache-Control and Expires", () => {
    const { layer, sent } = recording((name) => {
      switch (name) {
        case "no-store":
          return { headers: { "cache-control": "no-store" } }
        case "max-age":
          return { headers: { "cache-control": "public, max-age=60", age: "20" } }
        case "expires":
          return {
            headers: { date: "Mon, 02 Mar 2026 07:30:00 GMT", expires: "Mon, 02 Mar 2026 07:32:00 GMT" }
          }
        default:
          return {}
      }
    })
    return Effect.gen(function*() {
      yield* find("no-store")
      yield* find("no-store")
      expect(sent).toEqual(["no-store", "no-store"])
      sent.length = 0
      // max-age 60 less an age of 20: fresh 40 seconds
      yield* find("max-age")
      yield* TestClock.adjust("39 seconds")
      yield* find("max-age")
      yield* TestClock.adjust("2 seconds")
      yield* find("max-age")
      expect(sent).toEqual(["max-age", "max-age"])
      sent.length = 0
      // two minutes after the server's Date
      yield* find("expires")
      yield* TestClock.adjust("119 seconds")
      yield* find("expires")
      yield* TestClock.adjust("2 seconds")
      yield* find("expires")
      expect(sent).toEqual(["expires", "expires"])
    }).pipe(Effect.provide(client({ cache: true }, layer)))
  })

  it.effect("drops the least recently used answer beyond maxEntries", () => {
    const { layer, sent } = recording()
    return Effect.gen(function*() {
      yield* find("a")
      yield* find("b")
      yield* find("a")
      yield* find("c")
      yield* find("a")
      yield* find("b")
      expect(sent).toEqual(["a", "b", "c", "b"])
    }).pipe(Effect.provide(client({ cache: { maxEntries: 2 } }, layer)))
  })

  it.effect("refuses unusable cache settings", () =>
    Effect.gen(function*() {
      const make = (options: Omit<EfaClient.Options, "baseUrl">) =>
        Effect.flip(Effect.scoped(EfaClient.make({ baseUrl: "http://efa.test", ...options })))
      const { layer } = recording()
      const errors = yield* Effect.all([
        make({ cache: { maxEntries: 0 } }),
        make({ cache: { timeToLive: { trip: "soon" as any } } }),
        make({ cache: { store: "redis" as any } }),
        make({ rateLimit: { requestsPerSecond: 1, store: "memory", onStoreFailure: "retry" as any } }),
        make({ rateLimit: { concurrency: 1, store: Layer.succeed(SharedStore.RateLimitStore, unusedStore) } })
      ]).pipe(Effect.provide(layer))
      expect(errors.map((error) => error.option)).toEqual([
        "cache.maxEntries",
        "cache.timeToLive.trip",
        "cache.store",
        "rateLimit.onStoreFailure",
        "rateLimit.store"
      ])
    }))
})

const unusedStore: SharedStore.RateLimitStore = { take: () => Effect.succeed(Duration.zero) }

// Lets the other fibers run until `done` holds (or gives up after many turns, for the assertion to say why).
const until = (done: () => boolean) =>
  Effect.gen(function*() {
    for (let i = 0; i < 1000 && !done(); i++) yield* Effect.yieldNow()
  })

const settle = Effect.repeatN(Effect.yieldNow(), 50)

describe("joined calls", () => {
  // An HttpClient whose answers wait for `release`.
  const held = () => {
    const release = Effect.runSync(Deferred.make<void>())
    const sent: Array<string> = []
    let aborted = 0
    const layer = Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => sent.push(new URL(request.url).searchParams.get("name_sf") ?? "")).pipe(
          Effect.zipRight(Deferred.await(release)),
          Effect.onInterrupt(() => Effect.sync(() => aborted++)),
          Effect.as(HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 })))
        )
      )
    )
    return { release, sent, layer, aborted: () => aborted }
  }

  it.effect("identical calls in flight at once share one request; others do not", () => {
    const { layer, release, sent } = held()
    return Effect.gen(function*() {
      const fibers = yield* Effect.all([find("Hbf"), find("Hbf"), find("Hbf"), find("Rathaus")].map(Effect.fork))
      yield* until(() => sent.length === 2)
      yield* settle
      expect(sent).toEqual(["Hbf", "Rathaus"])
      yield* Deferred.succeed(release, undefined)
      const [a, b, c] = yield* Fiber.joinAll(fibers)
      expect(b).toBe(a)
      expect(c).toBe(a)
    }).pipe(Effect.provide(client({ coalesce: true }, layer)))
  })

  it.effect("the request goes on while one caller still waits, and stops when the last one leaves", () => {
    const { aborted, layer, release, sent } = held()
    return Effect.gen(function*() {
      const first = yield* Effect.fork(find("Hbf"))
      const second = yield* Effect.fork(find("Hbf"))
      yield* until(() => sent.length === 1)
      yield* Fiber.interrupt(first)
      yield* settle
      expect(aborted()).toBe(0)
      yield* Fiber.interrupt(second)
      yield* until(() => aborted() === 1)
      // a new call asks again
      const third = yield* Effect.fork(find("Hbf"))
      yield* until(() => sent.length === 2)
      expect(sent).toEqual(["Hbf", "Hbf"])
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(third)
    }).pipe(Effect.provide(client({ coalesce: true }, layer)))
  })

  it.effect("without coalesce or cache, identical calls each send their request", () => {
    const { layer, release, sent } = held()
    return Effect.gen(function*() {
      const fibers = yield* Effect.all([find("Hbf"), find("Hbf")].map(Effect.fork))
      yield* until(() => sent.length === 2)
      expect(sent).toEqual(["Hbf", "Hbf"])
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.joinAll(fibers)
    }).pipe(Effect.provide(client({}, layer)))
  })
})

describe("the size of a shared cache's entries", () => {
  const stopFinder: Operation.Any = StopFinder.operation
  it.effect("an answer whose JSON is over maxResponseBytes is not written; one within it is", () =>
    Effect.gen(function*() {
      const dialect = makeDialect({ dialect: "contract", timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
      const schema = dialect.response(stopFinder)
      const value = Schema.decodeUnknownSync(schema)(JSON.parse(okBody))
      const bytes = new TextEncoder().encode(JSON.stringify(Schema.encodeSync(schema)(value))).length
      const written: Array<string> = []
      const store: SharedStore.ResponseStore = {
        get: () => Effect.succeedNone,
        set: (key) => Effect.sync(() => void written.push(key))
      }
      yield* sharedBackend(store, "small:", dialect, makeJsonDecoder, bytes - 1).set(
        stopFinder,
        "Hbf",
        value,
        Duration.minutes(1)
      )
      yield* sharedBackend(store, "fits:", dialect, makeJsonDecoder, bytes).set(
        stopFinder,
        "Hbf",
        value,
        Duration.minutes(1)
      )
      expect(written).toEqual(["fits:Hbf"])
    }))

  it.effect("a store that gives a body over maxResponseBytes anyway: a miss, not parsed", () =>
    Effect.gen(function*() {
      const dialect = makeDialect({ dialect: "contract", timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
      const store: SharedStore.ResponseStore = {
        get: () => Effect.succeedSome(okBody + " ".repeat(1000)),
        set: () => Effect.void
      }
      const small = sharedBackend(store, "", dialect, makeJsonDecoder, okBody.length + 999)
      const roomy = sharedBackend(store, "", dialect, makeJsonDecoder, okBody.length + 1000)
      expect(Option.isNone(yield* small.get(stopFinder, "Hbf"))).toBe(true)
      expect(Option.isSome(yield* roomy.get(stopFinder, "Hbf"))).toBe(true)
    }))
})

describe("a miss in a shared store with marks", () => {
  // A shared store in memory that keeps marks as Redis does (without their lease).
  const markingStore = () => {
    const answers = new Map<string, string>()
    const marks = new Set<string>()
    const store: SharedStore.ResponseStore = {
      get: (key) => Effect.sync(() => Option.fromNullable(answers.get(key))),
      set: (key, body) => Effect.sync(() => void answers.set(key, body)),
      claim: (key) => Effect.sync(() => marks.has(key) ? false : (marks.add(key), true)),
      release: (key) => Effect.sync(() => void marks.delete(key))
    }
    return { store, marks, layer: Layer.succeed(SharedStore.ResponseStore, store) }
  }
  // Answers that wait for `release`; `partial` carries an EFA error message, so it is never kept.
  const held = () => {
    const release = Effect.runSync(Deferred.make<void>())
    const sent: Array<string> = []
    const partial = JSON.stringify({
      ...JSON.parse(okBody),
      systemMessages: [{ type: "error", module: "BROKER", code: -8010, text: "" }]
    })
    const layer = Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) => {
        const name = new URL(request.url).searchParams.get("name_sf") ?? ""
        return Effect.sync(() => sent.push(name)).pipe(
          Effect.zipRight(Deferred.await(release)),
          Effect.as(
            HttpClientResponse.fromWeb(request, new Response(name === "partial" ? partial : okBody, { status: 200 }))
          )
        )
      })
    )
    return { release, sent, layer }
  }

  const twoClients = (store: Layer.Layer<SharedStore.ResponseStore>, http: Layer.Layer<HttpClient.HttpClient>) =>
    Effect.gen(function*() {
      const scope = yield* Effect.scope
      const make = () =>
        Effect.provide(
          OperationClient.make({ baseUrl: "http://efa.test", retry: false, cache: { store } }),
          Layer.merge(http, Layer.succeed(Scope.Scope, scope))
        )
      return [yield* make(), yield* make()] as const
    })

  const call = (runner: OperationClient.Service, name: string) =>
    runner.run(StopFinder.operation, { input: Point.any(name) })

  it.scoped("the answer is returned before it is written to the store, and the mark removed after the write", () =>
    Effect.gen(function*() {
      const { marks, store } = markingStore()
      const written = yield* Deferred.make<void>()
      const writes: Array<string> = []
      const slow = Layer.succeed(SharedStore.ResponseStore, {
        ...store,
        set: (key, body, timeToLive) =>
          Effect.zipRight(
            Deferred.await(written),
            Effect.zipRight(store.set(key, body, timeToLive), Effect.sync(() => writes.push(key)))
          )
      })
      const http = held()
      yield* Deferred.succeed(http.release, undefined)
      const [a] = yield* twoClients(slow, http.layer)
      // the call ends while the write waits
      yield* call(a, "Hbf")
      expect(writes).toEqual([])
      expect(marks.size).toBe(1)
      yield* Deferred.succeed(written, undefined)
      yield* until(() => writes.length === 1 && marks.size === 0)
      expect(writes).toHaveLength(1)
      expect(marks.size).toBe(0)
    }))

  it.scoped("the second client waits for the first one's answer instead of asking", () =>
    Effect.gen(function*() {
      const { layer, marks } = markingStore()
      const http = held()
      const [a, b] = yield* twoClients(layer, http.layer)
      const first = yield* Effect.fork(call(a, "Hbf"))
      yield* until(() => http.sent.length === 1)
      expect(marks.size).toBe(1)
      const second = yield* Effect.fork(call(b, "Hbf"))
      yield* TestClock.adjust("1 seconds")
      expect(http.sent).toEqual(["Hbf"])
      yield* Deferred.succeed(http.release, undefined)
      yield* TestClock.adjust("100 millis")
      expect(yield* Fiber.join(second)).toEqual(yield* Fiber.join(first))
      expect(http.sent).toEqual(["Hbf"])
      expect(marks.size).toBe(0)
    }))

  it.scoped("an answer that may not be kept: the waiting client asks itself once the mark is gone", () =>
    Effect.gen(function*() {
      const { layer, marks } = markingStore()
      const http = held()
      const [a, b] = yield* twoClients(layer, http.layer)
      const first = yield* Effect.fork(call(a, "partial"))
      yield* until(() => http.sent.length === 1)
      const second = yield* Effect.fork(call(b, "partial"))
      yield* TestClock.adjust("1 seconds")
      expect(http.sent).toEqual(["partial"])
      yield* Deferred.succeed(http.release, undefined)
      yield* Fiber.join(first)
      yield* TestClock.adjust("100 millis")
      yield* Fiber.join(second)
      expect(http.sent).toEqual(["partial", "partial"])
      expect(marks.size).toBe(0)
    }))

  it.scoped("a store whose marks fail: every client asks", () =>
    Effect.gen(function*() {
      const { store } = markingStore()
      const failing = Layer.succeed(SharedStore.ResponseStore, {
        ...store,
        claim: () => Effect.fail(new SharedStore.StoreError({ action: "mark", detail: "connection refused" }))
      })
      const http = held()
      const [a, b] = yield* twoClients(failing, http.layer)
      const calls = yield* Effect.fork(Effect.all([call(a, "Hbf"), call(b, "Hbf")], { concurrency: 2 }))
      yield* until(() => http.sent.length === 2)
      expect(http.sent).toEqual(["Hbf", "Hbf"])
      yield* Deferred.succeed(http.release, undefined)
      yield* Fiber.join(calls)
    }))
})

// `@effect/experimental`'s in-memory RateLimiter store, read with Effect's clock: the TestClock drives it.
const memoryQuota = () => Layer.provide(layerRateLimitStoreWith, RateLimiter.layerStoreMemory)

// A store that fails while `down.value` is true.
const flaky = (store: SharedStore.RateLimitStore, down: { value: boolean }): SharedStore.RateLimitStore => ({
  take: (options) =>
    down.value
      ? Effect.fail(new SharedStore.StoreError({ action: "take", detail: "connection refused" }))
      : store.take(options)
})

describe("a shared rate limit", () => {
  it.effect("two clients sharing a store keep one rate together, each first come, first served", () => {
    const a = recording()
    const b = recording()
    return Effect.gen(function*() {
      const scope = yield* Scope.make()
      const quota = yield* Layer.buildWithScope(memoryQuota(), scope)
      const store = Layer.succeedContext(quota)
      const make = (http: Layer.Layer<HttpClient.HttpClient>) =>
        Effect.provide(
          OperationClient.make({ baseUrl: "http://efa.test", rateLimit: { requestsPerSecond: 10, store } }),
          Layer.merge(http, Layer.succeed(Scope.Scope, scope))
        )
      const clientA = yield* make(a.layer)
      const clientB = yield* make(b.layer)
      const call = (runner: OperationClient.Service, name: string) =>
        runner.run(StopFinder.operation, { input: Point.any(name) })
      const fibers = []
      for (let i = 0; i < 5; i++) {
        fibers.push(yield* Effect.fork(call(clientA, `a${i}`)))
        fibers.push(yield* Effect.fork(call(clientB, `b${i}`)))
      }
      // one turn every 105 ms: 10 a second with the safety margin
      expect(turnSpacingMillis(10)).toBe(105)
      yield* TestClock.adjust("1 millis")
      expect(a.sent.length + b.sent.length).toBe(1)
      yield* TestClock.adjust("103 millis")
      expect(a.sent.length + b.sent.length).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(a.sent.length + b.sent.length).toBe(2)
      yield* TestClock.adjust("400 millis")
      expect(a.sent.length + b.sent.length).toBe(5)
      yield* TestClock.adjust("600 millis")
      yield* Fiber.joinAll(fibers)
      // each process in its callers' order, the two taking turns
      expect(a.sent).toEqual(["a0", "a1", "a2", "a3", "a4"])
      expect(b.sent).toEqual(["b0", "b1", "b2", "b3", "b4"])
      yield* Scope.close(scope, Effect.void as any)
    })
  })

  it.effect("maxQueue counts this process's callers: a full queue fails at once", () => {
    const { layer } = recording()
    return Effect.gen(function*() {
      const fibers = yield* Effect.all([find("a"), find("b"), find("c")].map(Effect.fork))
      yield* TestClock.adjust("1 millis")
      const error = yield* Effect.flip(find("d"))
      expect(error._tag).toBe("QueueFullError")
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.joinAll(fibers)
    }).pipe(Effect.provide(client({ rateLimit: { requestsPerSecond: 2, maxQueue: 1, store: memoryQuota() } }, layer)))
  })

  it.effect("a store that fails: RateLimitStoreError, nothing sent (onStoreFailure: fail)", () => {
    const { layer, sent } = recording()
    const down = { value: true }
    const store = Layer.effect(
      SharedStore.RateLimitStore,
      Effect.map(SharedStore.RateLimitStore, (store) => flaky(store, down))
    ).pipe(Layer.provide(memoryQuota()))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(find("a"))
      expect(error._tag).toBe("RateLimitStoreError")
      expect(error.message).toContain("connection refused")
      expect(sent).toEqual([])
      down.value = false
      yield* find("b")
      expect(sent).toEqual(["b"])
    }).pipe(Effect.provide(client({ rateLimit: { requestsPerSecond: 2, store } }, layer)))
  })

  it.effect("a store that fails with onStoreFailure: local: this process's own limiter, at the same rate", () => {
    const { layer, sent } = recording()
    const down = { value: true }
    const store = Layer.effect(
      SharedStore.RateLimitStore,
      Effect.map(SharedStore.RateLimitStore, (store) => flaky(store, down))
    ).pipe(Layer.provide(memoryQuota()))
    return Effect.gen(function*() {
      const fibers = yield* Effect.all([find("a"), find("b"), find("c")].map(Effect.fork))
      yield* TestClock.adjust("1 millis")
      expect(sent).toEqual(["a"])
      yield* TestClock.adjust("500 millis")
      expect(sent).toEqual(["a", "b"])
      yield* TestClock.adjust("500 millis")
      yield* Fiber.joinAll(fibers)
      expect(sent).toEqual(["a", "b", "c"])
    }).pipe(
      Effect.provide(client({ rateLimit: { requestsPerSecond: 2, store, onStoreFailure: "local" } }, layer))
    )
  })

  it.live("a process that wakes up late for its turn takes a new one instead of bunching requests", () => {
    const { layer, sent } = recording()
    let takes = 0
    const store = Layer.succeed(SharedStore.RateLimitStore, {
      take: () =>
        Effect.sync(() => {
          takes++
          return Duration.millis(100)
        })
    })
    return Effect.gen(function*() {
      const call = yield* Effect.fork(find("a"))
      yield* until(() => takes === 1)
      // the event loop stalls while the turn is due: the process wakes up at least 200 ms late
      const stalled = Date.now()
      while (Date.now() - stalled < 300) {
        // busy
      }
      yield* Fiber.join(call)
      expect(takes).toBeGreaterThanOrEqual(2)
      expect(sent).toEqual(["a"])
    }).pipe(Effect.provide(client({ rateLimit: { requestsPerSecond: 10, store } }, layer)))
  })

  it.effect("the store's round trip counts as lateness: a turn whose answer came late is given up", () => {
    const { layer, sent } = recording()
    const asked: Array<number> = []
    // The store reads its clock as it is asked and answers 40 ms later the first time: the turn it
    // hands out is due 100 ms after it was asked, so a process that slept 100 ms from the answer would
    // send 40 ms after the turn.
    const store = Layer.succeed(SharedStore.RateLimitStore, {
      take: () =>
        Effect.gen(function*() {
          asked.push(yield* Clock.currentTimeMillis)
          if (asked.length === 1) yield* Effect.sleep("40 millis")
          return Duration.millis(100)
        })
    })
    return Effect.gen(function*() {
      const call = yield* Effect.fork(find("a"))
      yield* TestClock.adjust("140 millis")
      expect(sent).toEqual([])
      expect(asked).toEqual([0, 140])
      yield* TestClock.adjust("100 millis")
      yield* Fiber.join(call)
      expect(sent).toEqual(["a"])
      expect(LATE_TOLERANCE_MILLIS).toBeLessThan(40)
    }).pipe(Effect.provide(client({ rateLimit: { requestsPerSecond: 10, store } }, layer)))
  })

  it.effect("the deployment's key: its base URL and a keyed hash of every credential, never one in clear", () =>
    Effect.gen(function*() {
      const secret = Redacted.make("fleet-secret")
      const one = yield* deploymentKey("http://efa.test/", ["header x-api-key: k1"], secret)
      const two = yield* deploymentKey("http://efa.test/", ["header x-api-key: k2"], secret)
      const other = yield* deploymentKey("http://other.test/", ["header x-api-key: k1"], secret)
      const otherSecret = yield* deploymentKey("http://efa.test/", ["header x-api-key: k1"], Redacted.make("another"))
      const unkeyed = yield* deploymentKey("http://efa.test/", ["header x-api-key: k1"], undefined)
      expect(new Set([one, two, other, otherSecret, unkeyed]).size).toBe(5)
      // the same credentials and secret: the same key in every process
      expect(yield* deploymentKey("http://efa.test/", ["header x-api-key: k1"], secret)).toBe(one)
      // lines do not run into one another
      expect(yield* deploymentKey("http://efa.test/", ["a", "b"], secret)).not.toBe(
        yield* deploymentKey("http://efa.test/", ["a\nb"], secret)
      )
      for (const key of [one, unkeyed]) {
        expect(key).toMatch(/^http:\/\/efa\.test\/#[0-9a-f]{32}$/)
        expect(key).not.toContain("k1")
      }
      expect(yield* deploymentKey("http://efa.test/", [], secret)).toBe("http://efa.test/#-")
    }))

  it.effect("every credential a client sends sets its tenant apart: key, headers, RequestInit, profile parameters", () => {
    const { layer } = recording()
    const keys: Array<string> = []
    const store = Layer.succeed(SharedStore.RateLimitStore, {
      keySecret: Redacted.make("fleet-secret"),
      take: ({ key }) => Effect.sync(() => (keys.push(key), Duration.zero))
    })
    const profile = (value: string) => ({
      name: "custom",
      operator: "test",
      baseUrl: "http://efa.test/",
      timeZone: "Europe/Berlin",
      dialect: "contract" as const,
      params: { stopFinder: [["key", value] as const] },
      sources: "test"
    })
    const tenants: ReadonlyArray<Omit<EfaClient.Options, "baseUrl">> = [
      {},
      { apiKey: "secret-1" },
      { apiKey: "secret-2" },
      { headers: { Authorization: "secret-1" } },
      { headers: { "x-api-key": "secret-1" } },
      { headers: { "x-api-key": "secret-2" } },
      { headers: { "Ocp-Apim-Subscription-Key": "secret-1" } },
      { profile: profile("secret-1") },
      { profile: profile("secret-2") }
    ]
    return Effect.gen(function*() {
      for (const options of tenants) {
        yield* find("Hbf").pipe(
          Effect.provide(client({ ...options, rateLimit: { requestsPerSecond: 10, store } }, layer))
        )
      }
      yield* Effect.scoped(Effect.gen(function*() {
        const runner = yield* Effect.provide(
          OperationClient.make({ baseUrl: "http://efa.test", rateLimit: { requestsPerSecond: 10, store } }),
          Layer.mergeAll(
            layer,
            Layer.succeed(FetchHttpClient.RequestInit, { headers: { "x-api-key": "secret-3" } }),
            Layer.succeed(Scope.Scope, yield* Effect.scope)
          )
        )
        yield* runner.run(StopFinder.operation, { input: Point.any("Hbf") })
      }))
      expect(keys).toHaveLength(tenants.length + 1)
      // `apiKey` without a profile travels as `Authorization`: the same tenant as that header
      expect(keys[1]).toBe(keys[3])
      expect(new Set(keys).size).toBe(tenants.length)
      expect(keys[0]).toBe("efa-kit:quota:http://efa.test/#-")
      expect(keys.join(" ")).not.toContain("secret")
    })
  })
})
