import { FastCheck as fc } from "effect"
import { describe, expect, it } from "vitest"
import { scoreWith, scoreWithWorth } from "../src/search/text.js"

// a vocabulary of a few tokens, query and name tokens from it (a query token the names lack is -1), and how well
// each query token matches each vocabulary token
const case_ = fc.integer({ min: 1, max: 8 }).chain((size) =>
  fc.record({
    query: fc.array(fc.integer({ min: -1, max: size - 1 }), { minLength: 0, maxLength: 5 }),
    name: fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: 0, maxLength: 40 }),
    worth: fc.array(
      fc.array(fc.constantFrom(0, 0, 0, 0.5, 0.55, 0.7, 0.8, 0.95, 1), { minLength: size, maxLength: size }),
      { minLength: 5, maxLength: 5 }
    )
  })
)

describe("the stop finder's scoring of numbered tokens", () => {
  it("scores as the general scoring does", () => {
    fc.assert(
      fc.property(case_, ({ name, query, worth }) => {
        const arrays = worth.map((values) => Float64Array.from(values))
        expect(scoreWithWorth(query, name, arrays)).toBe(
          scoreWith(query, name, (part, token) => arrays[part]![token]!)
        )
      }),
      { numRuns: 2000 }
    )
  })
})
