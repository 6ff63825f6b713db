import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { CoordInfo, EfaClient, type EfaError, Point, ServingLines } from "../src/index.js"

// A body that is not the dialect's is never an empty result: only an `error` system message explains an absent
// result, and a body carrying the other dialect's result key is a `DecodeError` with the hint, whatever its
// messages say. Small invented bodies, one per operation and dialect.

const answering = (body: unknown) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.succeed(
        HttpClientResponse.fromWeb(
          request,
          new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })
        )
      )
    )
  )

type Dialect = "contract" | "rapidJSON"

const call = (
  dialect: Dialect,
  body: unknown,
  use: (efa: EfaClient.Service) => Effect.Effect<unknown, EfaError.EfaError>
) =>
  Effect.either(
    Effect.flatMap(EfaClient.EfaClient, use).pipe(
      Effect.provide(
        EfaClient.layer({ baseUrl: "http://efa.test/", dialect, retry: false }).pipe(
          Layer.provide(answering(body)),
          Layer.orDie
        )
      )
    )
  )

const warning = { type: "warning", module: "BROKER", code: -10015, text: "itp", subType: "itp-monomodal" }
const error = { type: "error", module: "BROKER", code: -8011, text: "no connection" }

// One call per operation, and each dialect's result keys with an empty result in them.
const operations: ReadonlyArray<{
  readonly name: EfaClient.OperationName
  readonly use: (efa: EfaClient.Service) => Effect.Effect<unknown, EfaError.EfaError>
  readonly contract: Record<string, unknown>
  readonly rapidJSON: Record<string, unknown>
}> = [
  {
    name: "trip",
    use: (efa) => efa.trip({ origin: Point.any("A"), destination: Point.any("B") }),
    contract: { trips: [] },
    rapidJSON: { journeys: [] }
  },
  {
    name: "departures",
    use: (efa) => efa.departures({ stop: Point.any("de:99001:100") }),
    contract: { events: [], locations: [] },
    rapidJSON: { stopEvents: [], locations: [] }
  },
  {
    // both dialects name it `locations`: the key cannot tell them apart, the decode of a location does
    name: "stopFinder",
    use: (efa) => efa.stopFinder({ input: Point.any("Linden") }),
    contract: { locations: [] },
    rapidJSON: { locations: [] }
  },
  {
    name: "coordInfo",
    use: (efa) =>
      efa.coordInfo({
        searchSpace: CoordInfo.circle({ lat: 48.78, lon: 9.18 }),
        filters: [{ type: "STOP", radius: 500 }]
      }),
    contract: { pins: [] },
    rapidJSON: { locations: [] }
  },
  {
    name: "vehicleDetail",
    use: (efa) => efa.vehicleDetail({ vehicle: { vehicleId: "v", operatorId: "o", opAreaId: "a" } }),
    contract: { pins: [] },
    rapidJSON: { locations: [] }
  },
  {
    name: "servingLines",
    use: (efa) => efa.servingLines(ServingLines.byLineName("U7")),
    contract: { servingLines: [] },
    rapidJSON: { lines: [] }
  },
  {
    name: "addInfo",
    use: (efa) => efa.addInfo({}),
    contract: { infos: [] },
    rapidJSON: { infos: { current: [], historic: [] } }
  },
  {
    name: "opArea",
    use: (efa) => efa.opArea({ _tag: "All" }),
    contract: { providers: [] },
    rapidJSON: { operatingAreas: [] }
  },
  {
    name: "geoObject",
    use: (efa) => efa.geoObject({ line: "tst:10007: :H:j30" }),
    contract: { geometry: [], stops: [] },
    rapidJSON: { transportations: [] }
  }
]

const other = (dialect: Dialect): Dialect => (dialect === "contract" ? "rapidJSON" : "contract")
const hint = (dialect: Dialect) =>
  dialect === "contract"
    ? `looks like rapidJSON: set dialect "rapidJSON"`
    : `looks like the contract format: set dialect "contract"`

const decodeErrorOf = (result: Either.Either<unknown, EfaError.EfaError>) => {
  const failure = Either.flip(result).pipe(Either.getOrThrow)
  expect(failure._tag).toBe("DecodeError")
  return failure as EfaError.DecodeError
}

describe("no silent empties", () => {
  for (const dialect of ["contract", "rapidJSON"] as const) {
    for (const operation of operations) {
      const theirs = operation[other(dialect)]
      const distinct = JSON.stringify(theirs) !== JSON.stringify(operation[dialect])
      describe(`${dialect} dialect, ${operation.name}`, () => {
        it.effect.skipIf(!distinct)(
          `a body with the other dialect's result and a harmless warning is a DecodeError with the hint`,
          () =>
            Effect.gen(function*() {
              const result = yield* call(
                dialect,
                { version: "10.9.1.1", systemMessages: [warning], ...theirs },
                operation.use
              )
              expect(decodeErrorOf(result).detail).toContain(hint(dialect))
            })
        )

        it.effect.skipIf(!distinct)(
          `a body with the other dialect's result and an error message is still a DecodeError with the hint`,
          () =>
            Effect.gen(function*() {
              const result = yield* call(dialect, { systemMessages: [error], ...theirs }, operation.use)
              expect(decodeErrorOf(result).detail).toContain(hint(dialect))
            })
        )

        it.effect("a body without any result and only a warning is a DecodeError naming the missing result", () =>
          Effect.gen(function*() {
            const result = yield* call(dialect, { systemMessages: [warning] }, operation.use)
            expect(decodeErrorOf(result).detail).toContain("no system message explains it")
          }))

        it.effect("an error message explains a body without result", () =>
          Effect.gen(function*() {
            const result = yield* call(dialect, { systemMessages: [error] }, operation.use)
            expect(Either.flip(result).pipe(Either.getOrThrow)._tag).toBe("ServerMessageError")
          }))

        it.effect("the dialect's own empty result next to a warning is an empty result", () =>
          Effect.gen(function*() {
            const result = yield* call(dialect, { systemMessages: [warning], ...operation[dialect] }, operation.use)
            expect(Either.isRight(result)).toBe(true)
          }))
      })
    }
  }
})
