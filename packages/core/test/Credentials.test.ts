import { FetchHttpClient, HttpClient, HttpClientResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Logger, LogLevel, Option, Redacted, Tracer } from "effect"
import * as Net from "node:net"
import { Dialect, EfaClient, Point, SharedStore } from "../src/index.js"
import { okBody } from "./support/upstream.js"

// A password no message, key or command may carry.
const SECRET = "s3cret-Pw"

// A shared store that records every key it is asked about.
const recordingStore = () => {
  const keys: Array<string> = []
  const store: SharedStore.ResponseStore = {
    get: (key) => Effect.sync(() => (keys.push(key), Option.none())),
    set: (key) => Effect.sync(() => void keys.push(key)),
    claim: (key) => Effect.sync(() => (keys.push(key), true)),
    release: (key) => Effect.sync(() => void keys.push(key))
  }
  return { keys, layer: Layer.succeed(SharedStore.ResponseStore, store) }
}

// everything an error shows: printed, as JSON, and the pretty cause
const shown = (error: unknown) =>
  `${String(error)}\n${JSON.stringify(error)}\n${Cause.pretty(Cause.fail(error))}\n${
    (error as { message?: string }).message
  }`

// a port nothing listens on
const closedPort = Effect.promise(() =>
  new Promise<number>((resolve) => {
    const server = Net.createServer()
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as Net.AddressInfo
      server.close(() => resolve(port))
    })
  })
)

describe("credentials in the base URL", () => {
  const bases = [
    `https://user:${SECRET}@efa.example/efa/`,
    `http://${SECRET}@efa.example/`,
    new URL(`https://user:${SECRET}@efa.example/`),
    // not a URL at all: still not repeated
    `https://user:${SECRET}@efa example/`
  ]
  for (const baseUrl of bases) {
    it.effect(`are refused when the options are checked, and repeated nowhere: ${String(baseUrl)}`, () =>
      Effect.gen(function*() {
        const { keys, layer } = recordingStore()
        const exit = yield* Effect.exit(
          EfaClient.make({ baseUrl, cache: { store: layer } }).pipe(
            Effect.flatMap((efa) => efa.stopFinder({ input: Point.any("Markt") })),
            Effect.provide(FetchHttpClient.layer),
            Effect.scoped
          )
        )
        expect(Exit.isFailure(exit)).toBe(true)
        if (Exit.isSuccess(exit)) return
        const error = Cause.squash(exit.cause) as { _tag?: string; option?: string }
        expect(error._tag).toBe("InvalidOptionsError")
        expect(error.option).toBe("baseUrl")
        expect(shown(error)).not.toContain(SECRET)
        expect(keys).toEqual([])
      }))
  }

  it.effect("are refused by Dialect.probe, whose error repeats them nowhere", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Dialect.probe({ baseUrl: `https://user:${SECRET}@efa.example/` }).pipe(Effect.provide(FetchHttpClient.layer))
      )
      expect(error._tag).toBe("TransportError")
      expect(shown(error)).not.toContain(SECRET)
    }))
})

describe("credentials in headers and the API key", () => {
  it.effect("reach neither a failed call's error nor a shared store's keys", () =>
    Effect.gen(function*() {
      const port = yield* closedPort
      const { keys, layer } = recordingStore()
      const error = yield* Effect.flip(
        EfaClient.make({
          baseUrl: `http://127.0.0.1:${port}/efa/`,
          headers: { authorization: `Basic ${SECRET}`, cookie: `session=${SECRET}` },
          apiKey: Redacted.make(`key-${SECRET}`),
          retry: false,
          cache: { store: layer }
        }).pipe(
          Effect.flatMap((efa) => efa.stopFinder({ input: Point.any("Markt") })),
          Effect.provide(FetchHttpClient.layer),
          Effect.scoped
        )
      )
      expect(error._tag).toBe("TransportError")
      expect(shown(error)).not.toContain(SECRET)
      expect(keys.length).toBeGreaterThan(0)
      for (const key of keys) expect(key).not.toContain(SECRET)
    }))
})

describe("credentials in spans and log lines", () => {
  it.live("no span attribute or log line of a call carries the API key or a header", () =>
    Effect.gen(function*() {
      const statuses = [503, 200]
      const http = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make((request) =>
          Effect.sync(() =>
            HttpClientResponse.fromWeb(request, new Response(okBody, { status: statuses.shift() ?? 200 }))
          )
        )
      )
      // a store that fails every command: the client logs that it skips it
      const failing = Layer.succeed(SharedStore.ResponseStore, {
        get: () => Effect.fail(new SharedStore.StoreError({ action: "read", detail: "down" })),
        set: () => Effect.fail(new SharedStore.StoreError({ action: "write", detail: "down" }))
      })
      const spans: Array<Tracer.Span> = []
      const lines: Array<string> = []
      const call = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Hbf") })).pipe(
        Effect.provide(
          EfaClient.layer({
            baseUrl: "http://efa.test/",
            headers: { authorization: `Basic ${SECRET}` },
            apiKey: Redacted.make(`key-${SECRET}`),
            cache: { store: failing }
          }).pipe(Layer.provide(http))
        ),
        (effect) =>
          Effect.tracerWith((base) =>
            Effect.withTracer(
              effect,
              Tracer.make({
                span: (...args) => {
                  const span = base.span(...args)
                  spans.push(span)
                  return span
                },
                context: base.context
              })
            )
          ),
        Effect.provide(Logger.replace(Logger.defaultLogger, Logger.make(({ message }) => lines.push(String(message))))),
        Logger.withMinimumLogLevel(LogLevel.All)
      )
      yield* call
      expect(spans.length).toBeGreaterThan(0)
      expect(lines.length).toBeGreaterThan(0)
      const seen = JSON.stringify({
        spans: spans.map((span) => ({ name: span.name, attributes: Array.from(span.attributes) })),
        lines
      })
      expect(seen).not.toContain(SECRET)
    }))
})
