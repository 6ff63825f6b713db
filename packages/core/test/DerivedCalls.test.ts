import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { EfaClient, type OperationClient, Operations } from "../src/index.js"
import { derived } from "../src/internal/client/derived.js"
import type * as Derived from "../src/internal/client/derived.js"
import { createClient, createClientFor, type EfaPromiseClient } from "../src/PromiseClient.js"

// The names come from the lists: a derived call added to the list is checked here with nothing else to change.
const operationNames = Object.keys(Operations.all) as Array<EfaClient.OperationName>
const derivedNames = Object.keys(derived) as Array<Derived.Name>

// A runner that answers every call with the operation's name, and every URL with its path.
const echo: OperationClient.Service = {
  run: (operation) => Effect.succeed(operation.name as never),
  url: (operation) => Either.right(operation.path)
}

const methodsOf = (client: object): Array<string> =>
  Object.keys(client).filter((name) => typeof (client as Record<string, unknown>)[name] === "function").sort()

const sorted = (names: ReadonlyArray<string>): Array<string> => [...new Set(names)].sort()

describe("derived calls", () => {
  it("are listed once, each naming operations of the list", () => {
    expect(derivedNames.length).toBeGreaterThanOrEqual(7)
    for (const name of derivedNames) {
      expect(derived[name].needs.length).toBeGreaterThan(0)
      for (const operation of derived[name].needs) expect(operationNames).toContain(operation)
    }
  })

  it("the Effect client has a method per operation and per derived call, and url", () => {
    const efa = EfaClient.fromRunner(echo)
    expect(methodsOf(efa)).toEqual(sorted([...operationNames, ...derivedNames, "url"]))
    expectTypeOf<keyof EfaClient.Service>().toEqualTypeOf<EfaClient.OperationName | Derived.Name | "url">()
  })

  it("the Promise client of every operation has the same methods, and close", async () => {
    const efa = createClient({ baseUrl: "https://efa.example/mngvvs/" })
    expect(methodsOf(efa)).toEqual(sorted([...operationNames, ...derivedNames, "close"]))
    expectTypeOf<Exclude<keyof EfaPromiseClient, symbol>>().toEqualTypeOf<
      EfaClient.OperationName | Derived.Name | "close"
    >()
    await efa.close()
  })

  it("a Promise client of some operations has the derived calls whose operations it has", async () => {
    const { addInfo, departures, stopFinder, trip } = Operations.all
    const subsets = [{ stopFinder }, { trip }, { departures }, { addInfo, stopFinder }, { trip, departures }]
    for (const operations of subsets) {
      const efa = createClientFor(operations, { baseUrl: "https://efa.example/mngvvs/" })
      const has = Object.keys(operations)
      const expected = derivedNames.filter((name) => derived[name].needs.every((need) => has.includes(need)))
      expect(methodsOf(efa)).toEqual(sorted([...has, ...expected, "close"]))
      await efa.close()
    }
    const boards = createClientFor({ departures }, { baseUrl: "https://efa.example/mngvvs/" })
    expectTypeOf<Exclude<keyof typeof boards, symbol>>().toEqualTypeOf<
      "departures" | "refreshTrip" | "watchTrip" | "watchDepartures" | "close"
    >()
    await boards.close()
    const finder = createClientFor({ stopFinder }, { baseUrl: "https://efa.example/mngvvs/" })
    expectTypeOf<Exclude<keyof typeof finder, symbol>>().toEqualTypeOf<"stopFinder" | "close">()
    await finder.close()
  })

  it("the Promise client's derived calls take the Effect client's inputs, answer plain values and take a signal", () => {
    type Effectful = EfaClient.Service["refreshTrip"]
    type Promised = EfaPromiseClient["refreshTrip"]
    expectTypeOf<Parameters<Effectful>[0]>().toMatchTypeOf<Parameters<Promised>[0]>()
    expectTypeOf<Awaited<ReturnType<Promised>>["trip"]["legs"][number]["origin"]["departureTimePlanned"]>()
      .toEqualTypeOf<Date>()
    expectTypeOf<NonNullable<Parameters<EfaPromiseClient["watchNotices"]>[1]>["signal"]>().toEqualTypeOf<
      AbortSignal | undefined
    >()
    expectTypeOf<ReturnType<EfaPromiseClient["watchDepartures"]>>().toMatchTypeOf<AsyncIterable<unknown>>()
  })
})
