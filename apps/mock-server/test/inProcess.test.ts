import { EfaClient, Point } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { layerInProcess } from "../src/index.js"
import { dataset, fake } from "./helpers.js"

// Retries off: each request meets exactly one scripted fault.
const clientFor = (source: Parameters<typeof layerInProcess>[0]) =>
  EfaClient.layer({ baseUrl: "http://efa.test/", retry: false }).pipe(Layer.provide(layerInProcess(source)))

describe("in-process layer", () => {
  it.effect("runs the real client against the fake without a port", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
      expect(locations[0]?.id).toBe("de:08111:6118")
      expect(locations[0]?.isBest).toBe(true)
    }).pipe(Effect.provide(clientFor({ dataset }))))

  it.effect("surfaces every fault kind as the client's tagged error", () => {
    const server = fake()
    return Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const request = { input: Point.any("Feuersee") }
      const post = (sequence: Array<unknown>) =>
        Effect.promise(async () =>
          server.app.request("/__admin/faults", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ path: "XML_STOPFINDER_REQUEST", sequence })
          })
        )
      yield* post([
        { status: 503, retryAfter: 1 },
        { kind: "html" },
        { kind: "empty" },
        { kind: "invalid-json" },
        { kind: "truncated" },
        { kind: "drop" },
        { kind: "system-error" },
        { latency: 5 }
      ])
      const tags: Array<string> = []
      for (let i = 0; i < 7; i++) {
        const result = yield* Effect.either(efa.stopFinder(request))
        tags.push(Either.isLeft(result) ? result.left._tag : "ok")
        if (i === 0 && Either.isLeft(result) && result.left._tag === "HttpStatusError") {
          expect(result.left.status).toBe(503)
          expect(result.left.retryAfter).toBe("1")
        }
      }
      expect(tags).toEqual([
        "HttpStatusError",
        "DecodeError",
        "DecodeError",
        "DecodeError",
        "DecodeError",
        "TransportError",
        "ServerMessageError"
      ])
      const delayed = yield* efa.stopFinder(request)
      expect(delayed.locations[0]?.id).toBe("de:08111:6052")
    }).pipe(Effect.provide(clientFor(server)))
  })

  it.effect("reports a bad request the client cannot build before anything is sent", () => {
    const server = fake()
    return Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const result = yield* Effect.either(efa.stopFinder({ input: Point.any("x"), minQuality: 500 }))
      expect(Either.isLeft(result) && result.left._tag).toBe("InvalidRequestError")
      expect(server.state.journal()).toEqual([])
    }).pipe(Effect.provide(clientFor(server)))
  })
})
