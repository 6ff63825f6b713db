import { Point, type StopFinder } from "@efa-kit/core"
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import { findLocations } from "../src/search/locations.js"
import { dataset } from "./helpers.js"

// The search scores names matching more of the query first and stops once the hits asked for are out of reach
// of the rest: a capped search must find the first hits of a search that scores every name.
const words = Array.from(
  new Set(
    [...dataset.stops, ...dataset.pois, ...dataset.places!.localities, ...dataset.places!.streets]
      .flatMap((object) => object.name.split(/[\s,()/-]+/))
  )
).filter((word) => word.length > 0)

// a word as typed: whole, its beginning, or with one letter changed
const typed = fc.constantFrom(...words).chain((word) =>
  fc.oneof(
    fc.constant(word),
    fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)),
    fc.integer({ min: 0, max: word.length - 1 }).map((i) => word.slice(0, i) + "x" + word.slice(i + 1))
  )
)

const kinds = fc.constantFrom<Array<StopFinder.ObjectKind>>(
  ["stop"],
  ["poi"],
  ["stop", "poi"],
  ["locality", "stop"],
  ["street", "address"],
  ["crossing", "postcode"]
)
const options = fc.record({
  maxResults: fc.integer({ min: 1, max: 12 }),
  minQuality: fc.integer({ min: 0, max: 60 }),
  relevanceWeight: fc.integer({ min: 0, max: 100 }),
  objectKinds: kinds,
  alwaysPreferKinds: kinds,
  preferKindsAmongBest: kinds,
  localityMainStop: fc.boolean(),
  houseNumberResolution: fc.boolean(),
  // nearness to a stop adds up to 100
  near: fc.constantFrom(...dataset.stops.map((stop) => stop.coord))
}, { requiredKeys: ["maxResults"] })

// text may end in a house number: one a street has, or one it does not
const houseNumber = fc.option(fc.constantFrom("1", "12", "13", "100", "7a"), { nil: undefined })
  .map((number) => number === undefined ? [] : [number])

const found = (hits: ReturnType<typeof findLocations>) =>
  hits.map((hit) => ({ id: hit.object.id, kind: hit.kind, quality: hit.quality }))

describe("location search", () => {
  it("a capped search finds the first hits of an uncapped one", () => {
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 4 }), houseNumber, options, (parts, number, {
        maxResults,
        near,
        ...rest
      }) => {
        const request = {
          input: Point.any([...parts, ...number].join(" ")),
          ...rest,
          ...(near === undefined ? {} : { rankingMethod: "DISTANCEFROMCENTER" as const, referencePoint: near })
        }
        const all = findLocations({ ...request, maxResults: 10_000 }, dataset)
        expect(found(findLocations({ ...request, maxResults }, dataset))).toEqual(found(all.slice(0, maxResults)))
      }),
      { numRuns: propertyRuns(400) }
    )
  })

  it("a city's name every stop has still ranks the stops by lines, then by name", () => {
    const hits = findLocations({ input: Point.any("Stuttgart"), maxResults: 3 }, dataset)
    const all = findLocations({ input: Point.any("Stuttgart"), maxResults: 10_000 }, dataset)
    expect(all.length).toBeGreaterThan(3)
    expect(found(hits)).toEqual(found(all.slice(0, 3)))
  })
})
