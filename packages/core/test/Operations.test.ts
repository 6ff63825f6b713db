import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { EfaClient, OpenApi, type Operation, OperationClient, Operations, Profile } from "../src/index.js"
import { derived } from "../src/internal/client/derived.js"
import { contractPaths as paths } from "../src/internal/schema/operationNames.js"

const names = Object.keys(Operations.all) as Array<EfaClient.OperationName>

// A runner that answers every call with the operation's name, and every URL with its path.
const echo: OperationClient.Service = {
  run: (operation) => Effect.succeed(operation.name as never),
  url: (operation) => Either.right(operation.path)
}

describe("Operations.all", () => {
  it("lists the operations in the contract's order, each under its own name", () => {
    // the contract's order is the path table's (`operationNames.ts`), where an operation is added
    expect(names).toEqual(Object.keys(paths))
    expect(names.slice(0, 4)).toEqual(["trip", "coordInfo", "vehicleDetail", "stopFinder"])
    for (const name of names) expect(Operations.all[name].name).toBe(name)
  })

  it("gives each operation the path of the path table", () => {
    for (const name of names) expect(Operations.all[name].path).toBe(paths[name])
  })

  it("gives each operation a time to live for cached answers, real-time data shortest", () => {
    const seconds = Object.fromEntries(
      Object.values(Operations.all).map((operation) => [
        operation.name,
        Duration.toSeconds(Duration.decode(operation.timeToLive!))
      ])
    )
    expect(Object.keys(seconds)).toEqual(Object.keys(Operations.all))
    expect(seconds.departures).toBe(15)
    expect(seconds.vehicleDetail).toBe(15)
    expect(seconds.stopFinder).toBe(6 * 3600)
    expect(seconds.opArea).toBe(24 * 3600)
    for (const realTime of ["departures", "vehicleDetail", "trip", "tripStops"]) {
      expect(seconds[realTime]).toBeLessThanOrEqual(30)
    }
  })

  it.effect("makes one client method per operation, url and tripPages; trip and departures answer with pages", () =>
    Effect.gen(function*() {
      const efa = EfaClient.fromRunner(echo)
      expect(Object.keys(efa).sort()).toEqual([...new Set([...names, ...Object.keys(derived), "url"])].sort())
      for (const name of names) {
        expect(yield* Effect.either(efa.url(name, {} as never))).toEqual(Either.right(Operations.all[name].path))
        // trip and departures read the answer for its page references (see Pages.test.ts)
        if (name === "trip" || name === "departures") continue
        const method = efa[name] as (request: unknown) => Effect.Effect<unknown, unknown>
        expect(yield* method({})).toBe(name)
      }
    }))

  it.effect("drives OperationClient.methods with any part of the list", () =>
    Effect.gen(function*() {
      const { stopFinder, trip } = Operations.all
      const client = OperationClient.methods(echo, { trip, stopFinder })
      expect(Object.keys(client)).toEqual(["trip", "stopFinder"])
      expect(yield* client.stopFinder({} as Operation.InputOf<typeof stopFinder>)).toBe("stopFinder")
    }))
})

describe("Profile.pathOf", () => {
  it("is the contract's path unless the profile names its own", () => {
    for (const name of names) {
      expect(Profile.pathOf(undefined, name)).toBe(Operations.all[name].path)
      expect(Profile.pathOf(Profile.get("vvs"), name)).toBe(Operations.all[name].path)
    }
    expect(Profile.pathOf(Profile.get("tfnsw"), "stopFinder")).toBe("stop_finder")
    expect(Profile.pathOf(Profile.get("tfnsw"), "geoObject")).toBe(Operations.all.geoObject.path)
  })
})

describe("OpenApi.make", () => {
  it("documents every operation of the list by default, in its order", () => {
    const byDefault = OpenApi.make()
    const listed = OpenApi.make(Object.values(Operations.all))
    expect(byDefault).toEqual(listed)
    const expected = [...new Set(names.map((name) => `/${Operations.all[name].path}`))]
    expect(Object.keys(byDefault.paths)).toEqual(expected)
  })
})
