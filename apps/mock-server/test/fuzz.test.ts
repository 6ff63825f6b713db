import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import { PATHS } from "../src/index.js"
import { call, fake } from "./helpers.js"

// Whatever the query, an operation path answers 2xx or 4xx with a JSON body; a 5xx would be a bug of
// the fake (its own failures are 500s) and is what this looks for.

const server = fake()

// The wire parameters of each path, from the fake's OpenAPI document, with the families' placeholders
// filled in (`type_<n>` → `type_0`), so that queries reach the parameter decoders and the answers.
const openapi = (await call(server, "/openapi.json")).json
const parametersOf = new Map<string, ReadonlyArray<string>>(
  PATHS.map((path) => [
    path,
    openapi.paths[`/${path}`].get.parameters.map((p: { name: string }) => p.name.replace(/<[^>]*>/, "0"))
  ])
)

const special = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", ""]

// A text as it may come on the wire: encoded properly, raw, or with odd and invalid percent-escapes.
const oddEscapes = [
  ...["%", "%Z", "%ZZ", "%2", "%25", "%00", "%FF"],
  // truncated, overlong and surrogate UTF-8
  ...["%E0%A4%A", "%C0%AF", "%ED%A0%80", "%F0%9F"],
  ...["+", "&&", "=="]
]
const wire = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    text.map(encodeURIComponent),
    text,
    fc.tuple(text, fc.constantFrom(...oddEscapes), text).map(([a, odd, b]) => encodeURIComponent(a) + odd + b)
  )

const value = fc.oneof(
  fc.constant(""),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom("any", "stop", "coord", "JSON", "ALL", "RADIAL", "VEHICLEDETAIL", "odv", "line", "1", "0", "-1"),
  fc.tuple(fc.double({ noNaN: false }), fc.double()).map(([a, b]) => `${a}:${b}:WGS84[dd.ddddd]`),
  fc.nat({ max: 6000 }).map((n) => "x".repeat(n))
)

const query = (path: string) => {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...parametersOf.get(path)!) },
    { weight: 1, arbitrary: fc.constantFrom(...special) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }
  )
  const pair = fc.tuple(wire(name), fc.option(wire(value), { nil: undefined }))
    .map(([key, v]) => (v === undefined ? key : `${key}=${v}`))
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(pair, { maxLength: 24 }) },
    // thousands of parameters, most of them repeats
    { weight: 1, arbitrary: fc.tuple(pair, fc.integer({ min: 400, max: 3000 })).map(([p, n]) => Array(n).fill(p)) }
  ).map((pairs) => pairs.join("&"))
}

const request = fc.constantFrom(...PATHS).chain((path) => query(path).map((q) => ({ path, query: q })))

describe("fuzzing the fake's query strings", () => {
  it("every operation path answers 2xx or 4xx with a JSON body", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ path, query }) => {
        const response = await server.app.request(`/${path}?${query}`)
        const text = await response.text()
        expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(200)
        expect(response.status, text.slice(0, 300)).toBeLessThan(500)
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
        expect(() => JSON.parse(text)).not.toThrow()
      }),
      { numRuns: propertyRuns(300) }
    )
    expect(server.errors).toEqual([])
    expect(Object.prototype).toEqual({})
  })

  it("repeats of a known-good query with extra noise still answer 2xx or 4xx", async () => {
    const good = "type_sf=any&name_sf=Feuersee"
    await fc.assert(
      fc.asyncProperty(query("XML_STOPFINDER_REQUEST"), fc.nat({ max: 3 }), async (noise, repeats) => {
        const body = Array(repeats + 1).fill(good).join("&")
        const response = await server.app.request(`/XML_STOPFINDER_REQUEST?${body}&${noise}`)
        expect(response.status).toBeLessThan(500)
        JSON.parse(await response.text())
      }),
      { numRuns: propertyRuns(100) }
    )
    expect(server.errors).toEqual([])
  })
})
