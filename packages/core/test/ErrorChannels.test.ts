import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as EfaClient from "../src/EfaClient.js"
import type * as EfaError from "../src/EfaError.js"
import type * as Operation from "../src/Operation.js"
import * as Operations from "../src/Operations.js"
import type * as PromiseClient from "../src/PromiseClient.js"

// Each method fails with the common errors and those its operation's descriptor declares; `tsc -b` checks
// this file, so a `catchTag` of an error an operation cannot raise is a compile error.

describe("each operation's error channel", () => {
  it("names the common errors and what the descriptor declares", () => {
    expectTypeOf<EfaClient.StopFinderError>().toEqualTypeOf<EfaError.CommonError>()
    expectTypeOf<EfaClient.TripError>().toEqualTypeOf<EfaError.CommonError>()
    expectTypeOf<EfaClient.TripStopsError>().toEqualTypeOf<EfaError.CommonError>()
    expectTypeOf<EfaClient.DeparturesError>().toEqualTypeOf<
      EfaError.CommonError | EfaError.StopNotResolvedError
    >()
    expectTypeOf<ReturnType<EfaClient.Service["stopFinder"]>>().toEqualTypeOf<
      Effect.Effect<Operation.ResponseOf<typeof Operations.all.stopFinder>, EfaClient.StopFinderError>
    >()
    expectTypeOf<PromiseClient.EfaPromiseErrors>().toEqualTypeOf<EfaClient.Errors>()
  })

  it("a catchTag of an error the operation cannot raise does not compile", () => {
    // built, not run
    const stops = Effect.flatMap(
      EfaClient.EfaClient,
      (client) => client.stopFinder({ input: { _tag: "Any", value: "Hauptbahnhof" } })
    )
    // @ts-expect-error the stop finder cannot fail with StopNotResolvedError
    Effect.catchTag(stops, "StopNotResolvedError", () => Effect.void)
    const trips = Effect.flatMap(EfaClient.EfaClient, (client) =>
      client.trip({
        origin: { _tag: "Any", value: "a" },
        destination: { _tag: "Any", value: "b" }
      }))
    // @ts-expect-error a trip request cannot fail with StopNotResolvedError
    Effect.catchTag(trips, "StopNotResolvedError", () => Effect.void)
    // what every operation can raise is caught
    const caught = Effect.catchTag(trips, "TransportError", () => Effect.void)
    expect(Effect.isEffect(caught)).toBe(true)
  })

  it("a catchTag of an error the operation declares compiles and leaves the rest", () => {
    const board = Effect.flatMap(
      EfaClient.EfaClient,
      (client) => client.departures({ stop: { _tag: "Any", value: "de:08111:6118" } })
    )
    const caught = Effect.catchTag(board, "StopNotResolvedError", () => Effect.void)
    expectTypeOf<Effect.Effect.Error<typeof caught>>().toEqualTypeOf<EfaError.CommonError>()
    expect(Effect.isEffect(caught)).toBe(true)
  })

  it("a descriptor with `unresolved` declares StopNotResolvedError, and only such a descriptor does", () => {
    const declared = Object.values(Operations.all).map((operation) => [
      operation.name,
      operation.unresolved !== undefined,
      "StopNotResolvedError" in operation.errors
    ])
    expect(declared.filter(([, unresolved, declares]) => unresolved !== declares)).toEqual([])
    expect(declared.some(([, unresolved]) => unresolved)).toBe(true)
  })
})
