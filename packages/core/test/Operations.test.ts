import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { EfaClient, OpenApi, type Operation, OperationClient, Profile } from "../src/index.js"
import { derived } from "../src/internal/client/derived.js"
import { contractPaths as paths } from "../src/internal/schema/operationNames.js"

const names = Object.keys(EfaClient.operations) as Array<EfaClient.OperationName>

// A runner that answers every call with the operation's name, and every URL with its path.
const echo: OperationClient.Service = {
  run: (operation) => Effect.succeed(operation.name as never),
  url: (operation) => Either.right(operation.path)
}

describe("EfaClient.operations", () => {
  it("lists the operations in the contract's order, each under its own name", () => {
    expect(names).toEqual([
      "trip",
      "coordInfo",
      "vehicleDetail",
      "stopFinder",
      "servingLines",
      "addInfo",
      "opArea",
      "geoObject",
      "departures",
      "tripStops",
      "systemInfo",
      "lines",
      "lineStops",
      "stops",
      "realtimeForTrip"
    ])
    for (const name of names) expect(EfaClient.operations[name].name).toBe(name)
  })

  it("gives each operation the path of the path table", () => {
    for (const name of names) expect(EfaClient.operations[name].path).toBe(paths[name])
    expect(Object.keys(paths).sort()).toEqual([...names].sort())
  })

  it("gives each operation a time to live for cached answers, real-time data shortest", () => {
    const seconds = Object.fromEntries(
      Object.values(EfaClient.operations).map((operation) => [
        operation.name,
        Duration.toSeconds(Duration.decode(operation.timeToLive!))
      ])
    )
    expect(Object.keys(seconds)).toEqual(Object.keys(EfaClient.operations))
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
        expect(yield* Effect.either(efa.url(name, {} as never))).toEqual(Either.right(EfaClient.operations[name].path))
        // trip and departures read the answer for its page references (see Pages.test.ts)
        if (name === "trip" || name === "departures") continue
        const method = efa[name] as (request: unknown) => Effect.Effect<unknown, unknown>
        expect(yield* method({})).toBe(name)
      }
    }))

  it.effect("drives OperationClient.methods with any part of the list", () =>
    Effect.gen(function*() {
      const { stopFinder, trip } = EfaClient.operations
      const client = OperationClient.methods(echo, { trip, stopFinder })
      expect(Object.keys(client)).toEqual(["trip", "stopFinder"])
      expect(yield* client.stopFinder({} as Operation.InputOf<typeof stopFinder>)).toBe("stopFinder")
    }))
})

describe("Profile.pathOf", () => {
  it("is the contract's path unless the profile names its own", () => {
    for (const name of names) {
      expect(Profile.pathOf(undefined, name)).toBe(EfaClient.operations[name].path)
      expect(Profile.pathOf(Profile.get("vvs"), name)).toBe(EfaClient.operations[name].path)
    }
    expect(Profile.pathOf(Profile.get("tfnsw"), "stopFinder")).toBe("stop_finder")
    expect(Profile.pathOf(Profile.get("tfnsw"), "geoObject")).toBe(EfaClient.operations.geoObject.path)
  })
})

describe("OpenApi.make", () => {
  it("documents every operation of the list by default, in its order", () => {
    const byDefault = OpenApi.make()
    const listed = OpenApi.make(Object.values(EfaClient.operations))
    expect(byDefault).toEqual(listed)
    const expected = [...new Set(names.map((name) => `/${EfaClient.operations[name].path}`))]
    expect(Object.keys(byDefault.paths)).toEqual(expected)
  })
})
