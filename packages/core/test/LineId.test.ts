import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { LineId } from "../src/index.js"

const ids = Arbitraries.make(LineId.LineId)
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
      const next: LineId.LineId = period === undefined ? parts : { ...parts, period }
      expect(LineId.equivalence(id, next)).toBe(true)
      expect(LineId.sameLine(LineId.format(id), LineId.format(next))).toBe(true)
    },
    { fastCheck: { numRuns: propertyRuns(200) } }
  )
})
