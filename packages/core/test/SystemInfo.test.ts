import { describe, expect, it } from "@effect/vitest"
import { DateTime, Either, ParseResult, Schema } from "effect"
import { readFileSync } from "node:fs"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { RapidJson, SystemInfo } from "../src/index.js"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import { fromQueryString, toQueryString } from "../src/internal/schema/query.js"

const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
const rapid = RapidJson.responses({ timeZone: berlin }).systemInfo

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

// Decodes as the client does (fast path) and as Effect does; both must agree.
const decode = <A>(schema: Schema.Schema<A, any>, text: string): Either.Either<A, string> => {
  const client = makeJsonDecoder(schema)(JSON.parse(text), text)
  const effect = Schema.decodeUnknownEither(schema)(JSON.parse(text))
  expect(Either.isRight(client)).toBe(Either.isRight(effect))
  return Either.mapLeft(effect, (error) => ParseResult.TreeFormatter.formatErrorSync(error))
}

describe("SystemInfo request", () => {
  it("has no parameters either way; other parameters are ignored", () => {
    expect(toQueryString(Schema.encodeSync(SystemInfo.SystemInfoQuery)({}))).toBe("")
    expect(Schema.decodeUnknownSync(SystemInfo.SystemInfoQuery)(fromQueryString("language=de&foo=1"))).toEqual({})
  })
})

describe("SystemInfo response", () => {
  it("reads rapidJSON: version, ptKernel as the kernel, the validity", () => {
    expect(decode(rapid, fixture("system-info"))).toEqual(Either.right({
      version: "10.5.17.3",
      kernel: {
        appVersion: "10.5.17.3 build 2026-03-30",
        dataFormat: "EFA10_04_00",
        dataBuild: DateTime.unsafeMake("2026-03-30T21:05:00Z")
      },
      validity: { from: "2026-03-29", to: "2026-10-24" }
    }))
  })

  it("names the path of a bad validity in the server's document", () => {
    const bad = JSON.stringify({ version: "10.5.17.3", validity: { from: "29.03.2026", to: "2026-10-24" } })
    const result = decode(rapid, bad)
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) expect(result.left).toMatch(/\["validity"\][\s\S]*\["from"\]/)
  })

  it("reads the contract's format", () => {
    const text = JSON.stringify({ validity: { from: "2026-03-29", to: "2026-10-24" } })
    expect(decode(SystemInfo.SystemInfoResponse, text)).toEqual(
      Either.right({ validity: { from: "2026-03-29", to: "2026-10-24" } })
    )
  })

  it("isValidOn: both days included", () => {
    const info = { validity: { from: "2026-03-29", to: "2026-10-24" } }
    expect(["2026-03-28", "2026-03-29", "2026-10-24", "2026-10-25"].map((day) => SystemInfo.isValidOn(info, day)))
      .toEqual([false, true, true, false])
    expect(SystemInfo.isValidOn({}, "2026-04-01")).toBe(false)
  })

  it.prop(
    "rapidJSON encode then decode gives the response back",
    [Arbitraries.make(Schema.typeSchema(SystemInfo.SystemInfoResponse))],
    ([response]) => {
      const text = JSON.stringify(Schema.encodeSync(rapid)(response))
      expect(Schema.decodeUnknownSync(rapid)(JSON.parse(text))).toEqual(response)
    },
    { fastCheck: { numRuns: propertyRuns(100) } }
  )
})
