import { HttpClient, HttpClientResponse } from "@effect/platform"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, Layer, Scope } from "effect"
import { Redis as IORedis } from "ioredis"
import * as fs from "node:fs"
import { hasRedis, type RunningRedis, startRedis } from "../../../test-support/redis.js"
import { OperationClient, Point, SharedStore, StopFinder } from "../src/index.js"
import * as Redis from "../src/Redis.js"
import { okBody } from "./support/upstream.js"

// An HttpClient that answers at once and records the `name_sf` of each request.
const recording = () => {
  const sent: Array<string> = []
  const layer = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => {
        sent.push(new URL(request.url).searchParams.get("name_sf") ?? "")
        return HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 }))
      })
    )
  )
  return { sent, layer }
}

// A client as one process of an application builds it: its own Redis connections.
const processClient = (options: OperationClient.Options, http: Layer.Layer<HttpClient.HttpClient>) =>
  Effect.flatMap(
    Scope.Scope,
    (scope) => Effect.provide(OperationClient.make(options), Layer.merge(http, Layer.succeed(Scope.Scope, scope)))
  )

const find = (client: OperationClient.Service, name: string, options?: OperationClient.CallOptions) =>
  client.run(StopFinder.operation, { input: Point.any(name) }, options)

const name = hasRedis
  ? "shared stores on a real Redis"
  : "shared stores on a real Redis (skipped: redis-server is not installed)"

describe.skipIf(!hasRedis)(name, () => {
  let redis: RunningRedis
  beforeAll(async () => {
    redis = await startRedis()
  }, 20_000)
  afterAll(async () => {
    await redis?.stop()
  })

  const redisCommand = async <A>(run: (connection: IORedis) => Promise<A>): Promise<A> => {
    const connection = new IORedis({ host: redis.host, port: redis.port })
    try {
      return await run(connection)
    } finally {
      connection.disconnect()
    }
  }

  const keys = async (pattern: string) => {
    const connection = new IORedis({ host: redis.host, port: redis.port })
    try {
      return (await connection.keys(pattern)).sort()
    } finally {
      connection.disconnect()
    }
  }

  it.live("hands out turns of one quota in order across connections", () =>
    Effect.gen(function*() {
      const scope = yield* Scope.make()
      const take = (layer: Layer.Layer<SharedStore.RateLimitStore>) =>
        Effect.map(
          Layer.buildWithScope(layer, scope),
          (context) => context.unsafeMap.get(SharedStore.RateLimitStore.key)
        )
      const one = (yield* take(Redis.layerRateLimitStore({ url: redis.url }))) as SharedStore.RateLimitStore
      const two = (yield* take(Redis.layerRateLimitStore({ url: redis.url }))) as SharedStore.RateLimitStore
      // one request per 10 seconds: each turn waits 10 s longer than the one before
      const ask = { key: "efa-kit:quota:test-turns", limit: 1, window: Duration.seconds(10) }
      const delays: Array<number> = []
      for (const store of [one, two, one, two]) delays.push(Duration.toMillis(yield* store.take(ask)))
      expect(delays[0]).toBe(0)
      for (let i = 1; i < delays.length; i++) {
        expect(Math.round(delays[i]! / 10_000)).toBe(i)
      }
      yield* Scope.close(scope, Effect.void as any)
    }))

  it.live("two processes share a quota, counted per deployment and key, never under the key itself", () =>
    Effect.scoped(Effect.gen(function*() {
      const http = recording()
      // one request per 10 seconds
      const options = (apiKey: string): OperationClient.Options => ({
        baseUrl: "http://efa.test/",
        apiKey,
        rateLimit: { requestsPerSecond: 0.1, store: Redis.layer({ url: redis.url }) }
      })
      const a = yield* processClient(options("key-one"), http.layer)
      const b = yield* processClient(options("key-one"), http.layer)
      const other = yield* processClient(options("key-two"), http.layer)
      yield* find(a, "a1")
      // the other key has a quota of its own
      yield* find(other, "o1")
      // the second process waits for the first one's quota to allow another request
      const waiting = yield* Effect.fork(find(b, "b1"))
      yield* Effect.sleep("300 millis")
      expect(http.sent).toEqual(["a1", "o1"])
      yield* Fiber.interrupt(waiting)
      const quotas = yield* Effect.promise(() => keys("efa-kit:quota:*"))
      expect(quotas.filter((key) => key.startsWith("efa-kit:quota:http://efa.test/#"))).toHaveLength(2)
      expect(quotas.join(" ")).not.toContain("key-one")
    })))

  it.live("answers kept by one process are given to another with the same deployment and key", () =>
    Effect.scoped(Effect.gen(function*() {
      const http = recording()
      const options = (apiKey: string): OperationClient.Options => ({
        baseUrl: "http://efa.test/",
        apiKey,
        cache: { store: Redis.layer({ url: redis.url }) }
      })
      const a = yield* processClient(options("key-one"), http.layer)
      const b = yield* processClient(options("key-one"), http.layer)
      const other = yield* processClient(options("key-two"), http.layer)
      const first = yield* find(a, "Hbf")
      const second = yield* find(b, "Hbf")
      expect(second).toEqual(first)
      expect(http.sent).toEqual(["Hbf"])
      yield* find(other, "Hbf")
      expect(http.sent).toEqual(["Hbf", "Hbf"])
      yield* find(b, "Hbf", { cache: false })
      expect(http.sent).toEqual(["Hbf", "Hbf", "Hbf"])
      const answers = yield* Effect.promise(() => keys("efa-kit:answer:*"))
      expect(answers).toHaveLength(2)
      expect(answers.join(" ")).not.toContain("key-one")
    })))

  it.live("two tenants whose keys travel in x-api-key share no answer and no quota, and neither key is written", () =>
    Effect.scoped(Effect.gen(function*() {
      const http = recording()
      const shared = Redis.layer({ url: redis.url, keySecret: "fleet-secret" })
      const options = (key: string): OperationClient.Options => ({
        baseUrl: "http://tenants.test/",
        headers: { "x-api-key": key },
        // one request per 10 seconds
        rateLimit: { requestsPerSecond: 0.1, store: shared },
        cache: { store: shared }
      })
      const one = yield* processClient(options("tenant-one-key"), http.layer)
      const two = yield* processClient(options("tenant-two-key"), http.layer)
      yield* find(one, "Hbf")
      // another cache entry and another quota: asked at once
      yield* find(two, "Hbf").pipe(Effect.timeout("2 seconds"))
      expect(http.sent).toEqual(["Hbf", "Hbf"])
      const written = yield* Effect.promise(() =>
        redisCommand(async (connection) => {
          const found = await connection.keys("efa-kit:*tenants.test*")
          const values = await Promise.all(
            found.map((key) => connection.type(key).then((type) => type === "string" ? connection.get(key) : ""))
          )
          return [...found, ...values].join(" ")
        })
      )
      expect(written).toContain("efa-kit:answer:http://tenants.test/#")
      expect(written).not.toContain("tenant-one-key")
      expect(written).not.toContain("tenant-two-key")
    })))

  it.live("a rapidJSON answer kept by one process decodes to the same model in another", () =>
    Effect.scoped(Effect.gen(function*() {
      const body = fs.readFileSync(new URL("./fixtures/rapidjson/stop-finder.json", import.meta.url), "utf8")
      let sent = 0
      const http = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make((request) =>
          Effect.sync(() => {
            sent++
            return HttpClientResponse.fromWeb(request, new Response(body, { status: 200 }))
          })
        )
      )
      const options: OperationClient.Options = {
        baseUrl: "http://efa.test/",
        dialect: "rapidJSON",
        apiKey: "key-rapid",
        cache: { store: Redis.layer({ url: redis.url }) }
      }
      const a = yield* processClient(options, http)
      const b = yield* processClient(options, http)
      const first = yield* find(a, "Hbf")
      const second = yield* find(b, "Hbf")
      expect(sent).toBe(1)
      expect(second).toEqual(first)
    })))

  it.live(
    "three processes sharing a quota of 20 a second: no sliding second holds more than 20 requests",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const sentAt: Array<number> = []
        const http = Layer.succeed(
          HttpClient.HttpClient,
          HttpClient.make((request) =>
            Effect.sync(() => {
              sentAt.push(Date.now())
              return HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 }))
            })
          )
        )
        const options: OperationClient.Options = {
          baseUrl: "http://efa.test/",
          apiKey: "key-sliding",
          retry: false,
          rateLimit: { requestsPerSecond: 20, store: Redis.layerRateLimitStore({ url: redis.url }) }
        }
        const processes = [
          yield* processClient(options, http),
          yield* processClient(options, http),
          yield* processClient(options, http)
        ]
        const calls = processes.flatMap((client, p) => Array.from({ length: 24 }, (_, i) => find(client, `p${p}-${i}`)))
        const all = yield* Effect.fork(Effect.all(calls, { concurrency: "unbounded", discard: true }))
        // the event loop stalls twice while turns are due: the processes wake up late for them
        for (const stall of [150, 80]) {
          yield* Effect.sleep("700 millis")
          const stalled = Date.now()
          while (Date.now() - stalled < stall) {
            // busy
          }
        }
        yield* Fiber.join(all)
        expect(sentAt).toHaveLength(72)
        sentAt.sort((a, b) => a - b)
        let most = 0
        for (let i = 0, j = 0; i < sentAt.length; i++) {
          while (sentAt[i]! - sentAt[j]! >= 1000) j++
          most = Math.max(most, i - j + 1)
        }
        expect(most).toBeLessThanOrEqual(20)
      })),
    60_000
  )

  it.live("two processes missing one answer at once send one request: the second waits for the first's answer", () =>
    Effect.scoped(Effect.gen(function*() {
      const release = yield* Deferred.make<void>()
      const sent: Array<string> = []
      const http = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make((request) =>
          Effect.sync(() => sent.push(new URL(request.url).searchParams.get("name_sf") ?? "")).pipe(
            Effect.zipRight(Deferred.await(release)),
            Effect.as(HttpClientResponse.fromWeb(request, new Response(okBody, { status: 200 })))
          )
        )
      )
      const options: OperationClient.Options = {
        baseUrl: "http://efa.test/",
        apiKey: "key-in-flight",
        cache: { store: Redis.layer({ url: redis.url }) }
      }
      const a = yield* processClient(options, http)
      const b = yield* processClient(options, http)
      const first = yield* Effect.fork(find(a, "Hbf"))
      while (sent.length === 0) yield* Effect.sleep("5 millis")
      // the first process holds the mark while its request is in flight
      expect(yield* Effect.promise(() => keys("efa-kit:fetching:*"))).toHaveLength(1)
      const second = yield* Effect.fork(find(b, "Hbf"))
      yield* Effect.sleep("200 millis")
      expect(sent).toEqual(["Hbf"])
      yield* Deferred.succeed(release, undefined)
      const [one, two] = [yield* Fiber.join(first), yield* Fiber.join(second)]
      expect(two).toEqual(one)
      expect(sent).toEqual(["Hbf"])
      // the mark is gone with the request
      expect(yield* Effect.promise(() => keys("efa-kit:fetching:*"))).toEqual([])
    })))

  it.live("a mark whose holder died lets the others ask themselves once its lease runs out", () =>
    Effect.scoped(Effect.gen(function*() {
      const http = recording()
      const options: OperationClient.Options = {
        baseUrl: "http://efa.test/",
        apiKey: "key-died",
        cache: { store: Redis.layer({ url: redis.url }) }
      }
      const a = yield* processClient(options, http.layer)
      yield* Effect.promise(() => redisCommand((connection) => connection.flushdb()))
      yield* find(a, "Hbf")
      // what a process that died in the middle of its request leaves behind: its mark, no answer
      const [answer] = yield* Effect.promise(() => keys("efa-kit:answer:*"))
      const mark = answer!.replace("efa-kit:answer:", "efa-kit:fetching:")
      yield* Effect.promise(() =>
        redisCommand((connection) => connection.multi().del(answer!).set(mark, "gone", "PX", 300).exec())
      )
      const b = yield* processClient(options, http.layer)
      yield* find(b, "Hbf")
      expect(http.sent).toEqual(["Hbf", "Hbf"])
    })))

  it.live("an answer over maxResponseBytes in Redis is not read: the call asks the server", () =>
    Effect.scoped(Effect.gen(function*() {
      const http = recording()
      const client = yield* processClient({
        baseUrl: "http://large.test/",
        maxResponseBytes: 100_000,
        cache: { store: Redis.layer({ url: redis.url }) }
      }, http.layer)
      yield* find(client, "Hbf")
      const [answer] = yield* Effect.promise(() => keys("efa-kit:answer:http://large.test/*"))
      // the same answer, padded past the cap with whitespace that JSON ignores
      yield* Effect.promise(() =>
        redisCommand((connection) => connection.set(answer!, okBody + " ".repeat(200_000), "PX", 60_000))
      )
      yield* find(client, "Hbf")
      expect(http.sent).toEqual(["Hbf", "Hbf"])
    })))

  it.live(
    "a Redis full of cached answers (noeviction) refuses answers, never a turn of the quota",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const full = yield* Effect.acquireRelease(Effect.promise(() => startRedis()), (r) => Effect.promise(r.stop))
        const connection = yield* Effect.acquireRelease(
          Effect.sync(() => new IORedis({ host: full.host, port: full.port })),
          (c) => Effect.sync(() => c.disconnect())
        )
        const used = Number(/used_memory:(\d+)/.exec(yield* Effect.promise(() => connection.info("memory")))![1])
        yield* Effect.promise(() => connection.config("SET", "maxmemory", String(used + 2_000_000)))
        yield* Effect.promise(() => connection.config("SET", "maxmemory-policy", "noeviction"))
        // cached answers until Redis refuses more
        const filler = "x".repeat(100_000)
        const filled = yield* Effect.promise(async () => {
          for (let i = 0; i < 1000; i++) {
            try {
              await connection.set(`efa-kit:answer:http://full.test/#-:filler-${i}`, filler, "PX", 600_000)
            } catch (error) {
              return String(error)
            }
          }
          return "never full"
        })
        expect(filled).toContain("OOM")
        const http = recording()
        const shared = Redis.layer({ url: full.url })
        const client = yield* processClient({
          baseUrl: "http://full.test/",
          retry: false,
          rateLimit: { requestsPerSecond: 100, store: shared },
          cache: { store: shared }
        }, http.layer)
        // turns of the quota are still handed out; the answers are asked of the server, not kept
        for (const name of ["a", "b", "a"]) yield* find(client, name)
        expect(http.sent).toEqual(["a", "b", "a"])
      })),
    30_000
  )

  describe("when Redis stalls (SIGSTOP)", () => {
    // A Redis of its own, paused and resumed by the test; resumed before it is stopped.
    const stallable = Effect.acquireRelease(
      Effect.promise(() => startRedis()),
      (stalled) =>
        Effect.promise(async () => {
          stalled.process.kill("SIGCONT")
          await stalled.stop()
        })
    )
    const COMMAND_TIMEOUT = 1000

    it.live(
      "a cached call ends within its deadline: reads and marks give up before it, the write waits for no one",
      () =>
        Effect.scoped(Effect.gen(function*() {
          const stalled = yield* stallable
          const http = recording()
          const client = yield* processClient({
            baseUrl: "http://deadline.test/",
            retry: false,
            deadline: "800 millis",
            cache: { store: Redis.layer({ url: stalled.url, commandTimeout: COMMAND_TIMEOUT }) }
          }, http.layer)
          yield* find(client, "kept")
          stalled.process.kill("SIGSTOP")
          for (const name of ["kept", "new"]) {
            const started = Date.now()
            const result = yield* Effect.either(find(client, name))
            const took = Date.now() - started
            expect(result._tag, `${name}: ${result._tag === "Left" ? result.left.message : ""}`).toBe("Right")
            // the deadline bounds it; before, the read, the claim and the write each waited out a command timeout
            // (3 s): the margin is for a loaded machine's timers, not for the cache
            expect(took, name).toBeLessThan(800 + 600)
          }
          // neither read was answered: both asked the server
          expect(http.sent).toEqual(["kept", "kept", "new"])
          stalled.process.kill("SIGCONT")
        })),
      30_000
    )

    for (const onStoreFailure of ["fail", "local"] as const) {
      it.live(
        `30 queued calls of a shared quota end at once, within one command timeout (onStoreFailure: ${onStoreFailure})`,
        () =>
          Effect.scoped(Effect.gen(function*() {
            const stalled = yield* stallable
            const http = recording()
            const client = yield* processClient({
              baseUrl: "http://stall.test/",
              retry: false,
              rateLimit: {
                requestsPerSecond: 1000,
                maxQueue: 100,
                onStoreFailure,
                store: Redis.layer({ url: stalled.url, commandTimeout: COMMAND_TIMEOUT })
              }
            }, http.layer)
            yield* find(client, "before")
            stalled.process.kill("SIGSTOP")
            const started = Date.now()
            const ended = yield* Effect.all(
              Array.from({ length: 30 }, (_, i) =>
                find(client, `queued-${i}`).pipe(
                  Effect.either,
                  Effect.map((result) => ({ result, after: Date.now() - started }))
                )),
              { concurrency: "unbounded" }
            )
            for (const { result } of ended) {
              if (onStoreFailure === "fail") {
                expect(result._tag === "Left" && result.left._tag).toBe("RateLimitStoreError")
              } else {
                expect(result._tag).toBe("Right")
              }
            }
            // one command timeout and a margin for a loaded machine; one after another they took 30 timeouts
            expect(Math.max(...ended.map(({ after }) => after))).toBeLessThan(2 * COMMAND_TIMEOUT)
            // later calls find the outage at once, without a command timeout each
            const later = Date.now()
            const again = yield* Effect.either(find(client, "later"))
            expect(again._tag).toBe(onStoreFailure === "fail" ? "Left" : "Right")
            expect(Date.now() - later).toBeLessThan(COMMAND_TIMEOUT)
            // once Redis answers a probe, the shared quota counts again
            stalled.process.kill("SIGCONT")
            yield* Effect.sleep("700 millis")
            yield* find(client, "after")
            expect(http.sent).toContain("after")
          })),
        30_000
      )
    }
  })

  describe("when Redis is down", () => {
    let down: RunningRedis
    beforeAll(async () => {
      down = await startRedis()
      await down.stop()
    }, 20_000)

    // ioredis prints "[ioredis] Unhandled error event" to stderr for each failed connection attempt unless
    // the connection's `error` event is listened to: an outage must be told only through the calls.
    let printed: Array<string> = []
    let spy: MockInstance<typeof console.error> | undefined
    beforeEach(() => {
      printed = []
      spy = vi.spyOn(console, "error").mockImplementation((...args: Array<unknown>) => {
        printed.push(args.map(String).join(" "))
      })
    })
    afterEach(() => {
      spy?.mockRestore()
      expect(printed.filter((line) => line.includes("ioredis"))).toEqual([])
    })

    it.live(
      "Redis stopping under a running client: RateLimitStoreError for the quota, a miss for the cache",
      () =>
        Effect.scoped(Effect.gen(function*() {
          const dying = yield* Effect.promise(() => startRedis())
          const http = recording()
          const shared = Redis.layer({ url: dying.url })
          const client = yield* processClient({
            baseUrl: "http://efa.test/",
            retry: false,
            rateLimit: { requestsPerSecond: 100, store: shared },
            cache: { store: shared }
          }, http.layer)
          yield* find(client, "before")
          yield* find(client, "before")
          expect(http.sent).toEqual(["before"])
          yield* Effect.promise(() => dying.stop())
          const error = yield* Effect.flip(find(client, "during"))
          expect(error._tag).toBe("RateLimitStoreError")
          expect(error.message).toContain("shared rate limit")
          // the connection keeps trying to come back meanwhile, silently
          yield* Effect.sleep("500 millis")
          expect(http.sent).toEqual(["before"])
        })),
      30_000
    )

    it.live("the shared quota fails with RateLimitStoreError, nothing sent", () =>
      Effect.scoped(Effect.gen(function*() {
        const http = recording()
        const client = yield* processClient({
          baseUrl: "http://efa.test/",
          retry: false,
          rateLimit: { requestsPerSecond: 10, store: Redis.layer({ url: down.url }) }
        }, http.layer)
        const error = yield* Effect.flip(find(client, "Hbf"))
        expect(error._tag).toBe("RateLimitStoreError")
        expect(http.sent).toEqual([])
      })))

    it.live("with onStoreFailure: local, calls go through this process's own limiter", () =>
      Effect.scoped(Effect.gen(function*() {
        const http = recording()
        const client = yield* processClient({
          baseUrl: "http://efa.test/",
          retry: false,
          rateLimit: { requestsPerSecond: 100, store: Redis.layer({ url: down.url }), onStoreFailure: "local" }
        }, http.layer)
        yield* Effect.all([find(client, "a"), find(client, "b")])
        expect(http.sent).toEqual(["a", "b"])
      })))

    it.live("the shared cache is skipped: every call asks the server", () =>
      Effect.scoped(Effect.gen(function*() {
        const http = recording()
        const client = yield* processClient({
          baseUrl: "http://efa.test/",
          cache: { store: Redis.layer({ url: down.url }) }
        }, http.layer)
        yield* find(client, "Hbf")
        yield* find(client, "Hbf")
        expect(http.sent).toEqual(["Hbf", "Hbf"])
      })))
  })
})
