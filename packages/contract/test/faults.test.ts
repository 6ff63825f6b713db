import { CoordInfo, EfaClient, type EfaError, OpArea, Operations, Point, ServingLines } from "@efa-kit/core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Either, Fiber, TestClock } from "effect"
import { HBF, HBF_COORD, type OperationName, type Requests } from "./support/cases.js"
import {
  clientLayer,
  endPause,
  eventually,
  type Fake,
  inProcess,
  journal,
  sleepPendingIn,
  transports
} from "./support/fake.js"

// One request per operation that the fake answers with a result.
const requests: { readonly [K in OperationName]: Requests[K] } = {
  trip: { origin: Point.any(HBF), destination: Point.any("de:08115:3200") },
  stopFinder: { input: Point.any("Stuttgart Hbf") },
  coordInfo: { searchSpace: CoordInfo.circle(HBF_COORD), filters: [{ type: "STOP", radius: 500 }] },
  vehicleDetail: { vehicle: { vehicleId: "SN-501", operatorId: "sharenow", opAreaId: "sn-stuttgart" } },
  opArea: OpArea.all(),
  servingLines: ServingLines.byStop(Point.any(HBF)),
  addInfo: {},
  geoObject: { line: "vvs:10001: :H" },
  departures: { stop: Point.any(HBF) },
  tripStops: { line: "vvs:10001: :H:", stop: HBF, tripCode: 48600, dateTime: "2026-03-02T07:57:00Z" },
  systemInfo: {},
  lines: { subnetwork: "vvs" },
  lineStops: { line: "vvs:10001: :H:" },
  stops: { subnetwork: "vvs" },
  realtimeForTrip: {
    journey: {
      legs: [{
        transportation: { id: "vvs:10001: :H:", properties: { tripCode: 48600 } },
        origin: { id: HBF, departureTimePlanned: "2026-03-02T07:57:00Z" },
        destination: { id: "de:08111:6052", arrivalTimePlanned: "2026-03-02T08:01:00Z" }
      }]
    }
  }
}
const names = Object.keys(requests) as Array<OperationName>

// The code the fake's system error carries when the fault names none, per operation.
const systemErrorCodes: { readonly [K in OperationName]: number } = {
  trip: -4000,
  stopFinder: -8012,
  coordInfo: -8020,
  vehicleDetail: -8020,
  opArea: -10,
  servingLines: -4050,
  addInfo: -10,
  geoObject: -2000,
  departures: -10,
  tripStops: -2000,
  systemInfo: -10,
  lines: -4050,
  lineStops: -2000,
  stops: -2000,
  realtimeForTrip: -10
}

const call = (efa: EfaClient.Service, name: OperationName) =>
  (efa[name] as (request: unknown) => Effect.Effect<unknown, EfaError.EfaError>)(requests[name])

const failure = (result: Either.Either<unknown, EfaError.EfaError>): EfaError.EfaError => {
  if (Either.isRight(result)) return expect.fail("expected the call to fail")
  return result.left
}

interface FaultCase {
  readonly header: string
  /** The journal's status for the request. */
  readonly status: number
  readonly check: (error: EfaError.EfaError, name: OperationName) => void
}

const HTTP_DATE = "Wed, 21 Oct 2026 07:28:00 GMT"

const faults: ReadonlyArray<FaultCase> = [
  {
    header: "status=503;retry-after=7",
    status: 503,
    check: (error) => {
      expect(error).toMatchObject({ _tag: "HttpStatusError", status: 503, retryAfter: "7" })
      expect(error._tag === "HttpStatusError" && error.contentType).toMatch(/^application\/json/)
      expect(error._tag === "HttpStatusError" && error.bodyExcerpt).toContain("injected-fault")
    }
  },
  {
    header: "status=429;retry-after=" + HTTP_DATE,
    status: 429,
    check: (error) => expect(error).toMatchObject({ _tag: "HttpStatusError", status: 429, retryAfter: HTTP_DATE })
  },
  {
    header: "status=404",
    status: 404,
    check: (error) => {
      expect(error).toMatchObject({ _tag: "HttpStatusError", status: 404 })
      expect(error._tag === "HttpStatusError" && error.retryAfter).toBeUndefined()
    }
  },
  {
    header: "status=502;html",
    status: 502,
    check: (error) => {
      expect(error).toMatchObject({ _tag: "HttpStatusError", status: 502 })
      expect(error._tag === "HttpStatusError" && error.contentType).toMatch(/^text\/html/)
    }
  },
  {
    header: "html",
    status: 200,
    check: (error) => {
      expect(error).toMatchObject({ _tag: "DecodeError", reason: "not-json" })
      expect(error._tag === "DecodeError" && error.detail).toContain("HTML")
    }
  },
  {
    header: "empty",
    status: 200,
    check: (error) => expect(error).toMatchObject({ _tag: "DecodeError", reason: "empty" })
  },
  {
    header: "invalid-json",
    status: 200,
    check: (error) => expect(error).toMatchObject({ _tag: "DecodeError", reason: "not-json" })
  },
  {
    header: "truncated",
    status: 200,
    check: (error) => {
      expect(error._tag).toBe("DecodeError")
      // half a JSON document rarely parses; when it does, it is not the documented shape
      expect(error._tag === "DecodeError" && error.reason).toMatch(/^(not-json|schema)$/)
    }
  },
  {
    header: "drop",
    status: 0,
    check: (error) => expect(error).toMatchObject({ _tag: "TransportError", reason: "network" })
  },
  {
    header: "system-error",
    status: 200,
    check: (error, name) => {
      // a line the server does not know is not found; any other message of no result is the server's error
      if (name === "lineStops") {
        expect(error._tag === "NotFoundError" && error.messages[0]?.code).toBe(systemErrorCodes[name])
        return
      }
      expect(error._tag).toBe("ServerMessageError")
      expect(error._tag === "ServerMessageError" && error.code).toBe(systemErrorCodes[name])
    }
  },
  {
    header: "system-error=-4001",
    status: 200,
    check: (error) => expect(error._tag === "ServerMessageError" && error.code).toBe(-4001)
  }
]

describe.each(transports)("every fault of the fake as the client's error, $name", ({ name: transport, start }) => {
  let fake: Fake
  beforeAll(async () => {
    fake = await start()
  })
  afterAll(() => fake.close())
  beforeEach(() => fake.admin("POST", "reset"))

  for (const fault of faults) {
    it.effect(`x-efa-fault: ${fault.header}, for every operation`, () =>
      Effect.gen(function*() {
        const efa = yield* EfaClient.EfaClient
        for (const name of names) {
          const result = yield* Effect.either(call(efa, name))
          if (fault.header === "system-error" && (name === "lines" || name === "stops")) {
            // their message of no result says nothing matched: an empty list, the message kept
            const answer = Either.getOrThrow(result) as { readonly systemMessages?: ReadonlyArray<{ code?: unknown }> }
            expect(answer.systemMessages?.[0]?.code).toBe(systemErrorCodes[name])
            continue
          }
          fault.check(failure(result), name)
        }
        // one request each (retries are off), journaled with the fault and the status answered
        const entries = yield* journal(fake)
        expect(entries.map((entry) => entry.path)).toEqual(names.map((name) => Operations.all[name].path))
        for (const entry of entries) expect(entry).toMatchObject({ status: fault.status, fault: fault.header })
      }).pipe(Effect.provide(clientLayer(fake, { headers: { "x-efa-fault": fault.header } }))))
  }

  it.effect("no fault: every request of the table has a result", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      for (const name of names) yield* call(efa, name)
    }).pipe(Effect.provide(clientLayer(fake))))

  it.live("latency beyond the client's timeout is a TransportError timeout", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      for (const name of ["stopFinder", "addInfo"] as const) {
        const error = failure(yield* Effect.either(call(efa, name)))
        expect(error).toMatchObject({ _tag: "TransportError", reason: "timeout" })
      }
      if (transport === "in process") {
        // the fake saw the client go away while it waited
        yield* eventually(
          "the fake answers the abandoned requests",
          Effect.map(journal(fake), (entries) => entries.length === 2 && entries.every((e) => e.status === 499))
        )
      }
    }).pipe(Effect.provide(clientLayer(fake, { timeout: "20 millis", headers: { "x-efa-fault": "latency=400" } }))))

  it.live("latency within the timeout only delays the answer, and combines with other directives", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const { locations } = yield* efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
      expect(locations[0]?.id).toBe(HBF)
      const error = failure(
        yield* Effect.either(
          Effect.flatMap(EfaClient.EfaClient, (other) => other.stopFinder({ input: Point.any("Stuttgart Hbf") })).pipe(
            Effect.provide(clientLayer(fake, { headers: { "x-efa-fault": "latency=10;status=500" } }))
          )
        )
      )
      expect(error).toMatchObject({ _tag: "HttpStatusError", status: 500 })
      const entries = yield* journal(fake)
      expect(entries.map((e) => e.fault)).toEqual(["latency=10", "latency=10;status=500"])
    }).pipe(Effect.provide(clientLayer(fake, { timeout: "5 seconds", headers: { "x-efa-fault": "latency=10" } }))))
})

describe("retries against scripted faults, in process with the TestClock", () => {
  let fake: Fake
  beforeAll(async () => {
    fake = await inProcess()
  })
  beforeEach(() => fake.admin("POST", "reset"))

  const script = (sequence: ReadonlyArray<unknown>) =>
    Effect.promise(() => fake.admin("POST", "faults", { path: "XML_STOPFINDER_REQUEST", sequence }))
  const statuses = Effect.suspend(() => Effect.map(journal(fake), (entries) => entries.map((entry) => entry.status)))
  const stopFinder = Effect.flatMap(EfaClient.EfaClient, (efa) => efa.stopFinder({ input: Point.any("Stuttgart Hbf") }))
  const retrying = (options: Partial<EfaClient.Options> = {}) =>
    clientLayer(fake, { retry: { maxAttempts: 3 }, ...options })

  it.effect("503, 503, then success: the client waits Retry-After: 1 before each retry", () =>
    Effect.gen(function*() {
      yield* script([{ status: 503, retryAfter: 1 }, { status: 503, retryAfter: 1 }])
      const fiber = yield* Effect.fork(stopFinder)
      yield* eventually("the first attempt is answered and the pause starts", sleepPendingIn(1000))
      expect(yield* statuses).toEqual([503])
      yield* TestClock.adjust("999 millis")
      expect(yield* sleepPendingIn(1)).toBe(true)
      expect(yield* statuses).toEqual([503])
      yield* TestClock.adjust("1 millis")
      yield* eventually("the second attempt is answered and the pause starts", sleepPendingIn(1000))
      expect(yield* statuses).toEqual([503, 503])
      yield* TestClock.adjust("1 second")
      const response = yield* Fiber.join(fiber)
      expect(response.locations[0]?.id).toBe(HBF)
      const entries = yield* journal(fake)
      expect(entries.map((e) => [e.status, e.fault])).toEqual([
        [503, "status=503;retry-after=1"],
        [503, "status=503;retry-after=1"],
        [200, undefined]
      ])
      // every attempt sends the same query
      expect(new Set(entries.map((e) => JSON.stringify(e.params))).size).toBe(1)
      expect(yield* Effect.promise(() => fake.admin("GET", "faults"))).toEqual([])
    }).pipe(Effect.provide(retrying())))

  it.effect("after maxAttempts transient failures the last one is the error; the backoff doubles, jittered", () =>
    Effect.gen(function*() {
      yield* script([{ status: 500 }, { status: 502 }, { status: 503 }, {}])
      const fiber = yield* Effect.fork(Effect.either(stopFinder))
      // base delay 200 ms: the first pause is 100..200 ms, the second 200..400 ms
      const first = yield* endPause("the pause after attempt 1", 5000)
      expect(first).toBeGreaterThanOrEqual(100)
      expect(first).toBeLessThanOrEqual(200)
      const second = yield* endPause("the pause after attempt 2", 5000)
      expect(second).toBeGreaterThanOrEqual(200)
      expect(second).toBeLessThanOrEqual(400)
      expect(failure(yield* Fiber.join(fiber))).toMatchObject({ _tag: "HttpStatusError", status: 503 })
      expect(yield* statuses).toEqual([500, 502, 503])
      // the fourth step of the script is left for the next request
      expect(yield* Effect.promise(() => fake.admin("GET", "faults"))).toMatchObject([{ remaining: ["none"] }])
    }).pipe(Effect.provide(retrying())))

  it.effect("a status that will not change is not retried", () =>
    Effect.gen(function*() {
      yield* script([{ status: 400 }])
      expect(failure(yield* Effect.either(stopFinder))).toMatchObject({ _tag: "HttpStatusError", status: 400 })
      expect(yield* statuses).toEqual([400])
    }).pipe(Effect.provide(retrying())))

  it.effect("an empty answer and a dropped connection are retried with backoff", () =>
    Effect.gen(function*() {
      yield* script([{ kind: "empty" }, { kind: "drop" }])
      const fiber = yield* Effect.fork(stopFinder)
      yield* endPause("the pause after the empty answer", 5000)
      yield* endPause("the pause after the dropped connection", 5000)
      expect((yield* Fiber.join(fiber)).locations[0]?.id).toBe(HBF)
      expect((yield* journal(fake)).map((e) => [e.status, e.fault])).toEqual([
        [200, "empty"],
        [0, "drop"],
        [200, undefined]
      ])
    }).pipe(Effect.provide(retrying())))

  it.effect("the deadline ends a call whose Retry-After outlasts it", () =>
    Effect.gen(function*() {
      yield* script([{ status: 503, retryAfter: 30 }])
      const fiber = yield* Effect.fork(Effect.either(stopFinder))
      yield* eventually("the pause of 30 seconds starts", sleepPendingIn(30_000))
      yield* TestClock.adjust("5 seconds")
      const error = failure(yield* Fiber.join(fiber))
      expect(error).toMatchObject({ _tag: "TransportError", reason: "timeout" })
      expect(yield* statuses).toEqual([503])
    }).pipe(Effect.provide(retrying({ deadline: "5 seconds", timeout: "10 seconds" }))))
})
