import { describe, expect, it } from "@effect/vitest"
import { FastCheck, Schema } from "effect"
import * as Arbitraries from "../src/Arbitraries.js"
import { RealtimeForTrip, SystemMessage } from "../src/index.js"

const numbersIn = (value: unknown): Array<number> =>
  typeof value === "number"
    ? [value]
    : Array.isArray(value)
    ? value.flatMap(numbersIn)
    : value !== null && typeof value === "object"
    ? Object.values(value).flatMap(numbersIn)
    : []

describe("Arbitraries", () => {
  // fast-check's doubles and integers hold -0; JSON writes it as 0, so a value with one would not come back
  it("generates no -0, which JSON and query strings cannot carry", () => {
    const schemas = [
      Schema.Struct({ finite: Schema.Finite, list: Schema.Array(Schema.Number) }),
      Schema.Array(SystemMessage.SystemMessage),
      Schema.typeSchema(RealtimeForTrip.RealtimeForTripRequest)
    ]
    for (const schema of schemas) {
      const numbers = FastCheck.sample(Arbitraries.make(schema as Schema.Schema<unknown>), 2000).flatMap(numbersIn)
      expect(numbers.length).toBeGreaterThan(0)
      expect(numbers.some((n) => Object.is(n, -0))).toBe(false)
    }
  })

  it("keeps what it generates JSON-safe: a SystemMessage list survives JSON", () => {
    const messages = Schema.Array(SystemMessage.SystemMessage)
    FastCheck.assert(
      FastCheck.property(Arbitraries.make(messages), (value) => {
        expect(JSON.parse(JSON.stringify(value))).toEqual(value)
      }),
      { numRuns: 2000 }
    )
  })
})
