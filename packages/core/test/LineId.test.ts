import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, FastCheck as fc, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { LineId, RapidJson } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"

const ids = Arbitraries.make(LineId.Parts)
// the text of an identifier as servers write it: four parts or more, each without ":" (the period may have some)
const part = fc.string({ maxLength: 6 }).filter((text) => !text.includes(":"))
const texts = fc.tuple(part, part, part, part, fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 })).map(
  ([subnetwork, line, supplement, direction, rest]) => [subnetwork, line, supplement, direction, ...rest].join(":")
)

describe("LineId", () => {
  it("reads the identifiers servers send: five parts with a period, an empty period, four parts", () => {
    expect(LineId.parse("vvs:20003: :H:j26")).toEqual(
      Either.right({ subnetwork: "vvs", lineNumber: "20003", supplement: " ", direction: "H", period: "j26" })
    )
    expect(LineId.parse("vvs:10001: :H:")).toEqual(
      Either.right({ subnetwork: "vvs", lineNumber: "10001", supplement: " ", direction: "H", period: "" })
    )
    expect(LineId.parse("mus:10003:+:R")).toEqual(
      Either.right({ subnetwork: "mus", lineNumber: "10003", supplement: "+", direction: "R" })
    )
    expect(LineId.parse("nsw:020T1: :R:sj2:x")).toEqual(
      Either.right({ subnetwork: "nsw", lineNumber: "020T1", supplement: " ", direction: "R", period: "sj2:x" })
    )
  })

  it("refuses a text of fewer than four parts, naming the form", () => {
    expect(LineId.parse("vvs:10001")).toEqual(
      Either.left(`expected a line identifier of 4 or more parts separated by ":" (vvs:10001: :H:j26)`)
    )
    expect(Either.isLeft(Schema.decodeUnknownEither(LineId.FromString)("U1"))).toBe(true)
  })

  it("is the same line whatever the timetable period, and not across directions or lines", () => {
    expect(LineId.sameLine("vvs:10001: :H:j25", "vvs:10001: :H:j26")).toBe(true)
    expect(LineId.sameLine("vvs:10001: :H:", "vvs:10001: :H")).toBe(true)
    expect(LineId.sameLine("vvs:10001: :H:j26", "vvs:10001: :R:j26")).toBe(false)
    expect(LineId.sameLine("vvs:10001: :H:j26", "vvs:10002: :H:j26")).toBe(false)
    expect(LineId.sameLine("U1", "U1")).toBe(true)
    expect(LineId.sameLine("U1", "U1:x")).toBe(false)
  })

  it.prop("format(parse(text)) = text", [texts], ([text]) => {
    const parsed = LineId.parse(text)
    expect(Either.map(parsed, LineId.format)).toEqual(Either.right(text))
    expect(Schema.encodeSync(LineId.FromString)(Schema.decodeSync(LineId.FromString)(text))).toBe(text)
  }, { fastCheck: { numRuns: propertyRuns(200) } })

  it.prop("parse(format(id)) = id", [ids], ([id]) => {
    expect(LineId.parse(LineId.format(id))).toEqual(Either.right(id))
  }, { fastCheck: { numRuns: propertyRuns(200) } })

  it.prop(
    "the same line as itself with any other period",
    [ids, fc.option(fc.string(), { nil: undefined })],
    ([id, period]) => {
      const { period: _, ...parts } = id
      const next: LineId.Parts = period === undefined ? parts : { ...parts, period }
      expect(LineId.equivalence(id, next)).toBe(true)
      expect(LineId.sameLine(LineId.format(id), LineId.format(next))).toBe(true)
    },
    { fastCheck: { numRuns: propertyRuns(200) } }
  )

  it("takes any text a server sends as a line identifier, and gives it back as it came", () => {
    for (const text of ["vvs:10001: :H:j26", "U1", "", "nsw:020T1:W:R:"]) {
      expect(Schema.decodeUnknownSync(LineId.LineId)(text)).toBe(text)
      expect(Schema.encodeSync(LineId.LineId)(LineId.make(text))).toBe(text)
    }
  })

  it("checks a request's identifier, naming what is wrong", () => {
    const check = Schema.decodeUnknownEither(LineId.Checked)
    expect(check("vvs:10001: :H")).toEqual(Either.right("vvs:10001: :H"))
    expect(check("ddb:92D01::R:")).toEqual(Either.right("ddb:92D01::R:"))
    expect(check("nsw:020T1:W:R:sj2")).toEqual(Either.right("nsw:020T1:W:R:sj2"))
    const problem = (text: string) => Either.match(check(text), { onLeft: String, onRight: () => "" })
    expect(problem("vvs:10001")).toMatch(/4 or more parts/)
    expect(problem(":10001: :H")).toMatch(/subnetwork/)
    expect(problem("vvs:U 1: :H")).toMatch(/lineNumber/)
    expect(problem("vvs:10001: : ")).toMatch(/direction/)
  })

  it.prop("a checked identifier reads into its parts and back", [Arbitraries.make(LineId.Checked)], ([id]) => {
    expect(Either.map(LineId.parse(id), LineId.format)).toEqual(Either.right(id))
  }, { fastCheck: { numRuns: propertyRuns(100) } })
})

// The line identifiers of a rapidJSON document as the server wrote them: `transportation.id`, and the `id` of each
// of `transportations` and `lines` (serving lines, a notice's `affected.lines`).
const wireLineIds = (document: unknown): Array<string> => {
  const out: Array<string> = []
  const idOf = (value: unknown) => {
    if (typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string") {
      out.push((value as { id: string }).id)
    }
  }
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (typeof value !== "object" || value === null) return
    for (const [key, item] of Object.entries(value)) {
      if (key === "transportation") idOf(item)
      if ((key === "transportations" || key === "lines") && Array.isArray(item)) item.forEach(idOf)
      walk(item)
    }
  }
  walk(document)
  return out
}

// The line identifiers of a decoded answer: every `lineId`, and the texts of a notice's `lines`.
const modelLineIds = (value: unknown): Array<string> => {
  const out: Array<string> = []
  const walk = (item: unknown): void => {
    if (Array.isArray(item)) return item.forEach(walk)
    if (typeof item !== "object" || item === null) return
    for (const [key, field] of Object.entries(item)) {
      if (key === "lineId" && typeof field === "string") out.push(field)
      else if (key === "lines" && Array.isArray(field) && field.every((line) => typeof line === "string")) {
        out.push(...field)
      } else walk(field)
    }
  }
  walk(value)
  return out
}

describe("a line's identity in every model", () => {
  const responses = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
  // every fixture of the operations whose answers carry a line's identity
  const cases = [
    [responses.trip, ["trip", "trip-fare", "trip-notices", "trip-platform-legs", "trip-stop-sequence"]],
    [responses.departures, ["departures-cancelled", "departures-platform-change", "arrivals"]],
    [responses.servingLines, ["serving-lines"]],
    [responses.lines, ["lines"]],
    [responses.tripStops, ["trip-stops", "trip-stops-leg", "trip-stops-cancelled"]],
    [responses.addInfo, ["add-info"]]
  ] as const

  it("decodes every recorded document as before, each identifier verbatim, on both decoders", () => {
    for (const [schema, names] of cases) {
      for (const name of names) {
        const text = readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")
        const decoded = Schema.decodeUnknownSync(schema as Schema.Schema<unknown, unknown>)(JSON.parse(text))
        expect(makeJsonDecoder(schema as Schema.Schema<unknown, unknown>)(JSON.parse(text), text)).toEqual(
          Either.right(decoded)
        )
        const ids = modelLineIds(decoded)
        expect(ids.length, name).toBeGreaterThan(0)
        expect(new Set(ids), name).toEqual(new Set(wireLineIds(JSON.parse(text))))
      }
    }
  })

  it.prop("takes any text as a line identifier, as the plain text it replaced did", [fc.string()], ([text]) => {
    expect(Schema.decodeUnknownEither(LineId.LineId)(text)).toEqual(Either.right(text))
    expect(makeJsonDecoder(LineId.LineId)(text, JSON.stringify(text))).toEqual(Either.right(text))
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})
