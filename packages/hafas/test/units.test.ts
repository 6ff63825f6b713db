import * as Arbitraries from "@efa-kit/core/arbitraries"
import { HttpStatusError, InvalidRequestError, ServerMessageError, StopNotResolvedError } from "@efa-kit/core/promise"
import * as Trip from "@efa-kit/core/Trip"
import { describe, expect, it } from "@effect/vitest"
import { FastCheck, Schema } from "effect"
import { fromEfaError, HafasError, isHafasError } from "../src/HafasError.js"
import * as HafasProfile from "../src/HafasProfile.js"
import { excludedMots } from "../src/internal/products.js"
import { isoInZone } from "../src/internal/time.js"
import { refreshTokenOf, runOf, tripIdOf, tripOfToken } from "../src/internal/tokens.js"

describe("times", () => {
  it("are the wall-clock time of the deployment's zone with its offset", () => {
    const instant = new Date("2026-03-02T07:34:00Z")
    expect(isoInZone(instant, "Europe/Berlin")).toBe("2026-03-02T08:34:00+01:00")
    expect(isoInZone(instant, "Australia/Sydney")).toBe("2026-03-02T18:34:00+11:00")
    expect(isoInZone(new Date("2026-07-01T22:30:00Z"), "Europe/Vienna")).toBe("2026-07-02T00:30:00+02:00")
    expect(isoInZone(new Date("2026-07-01T22:30:00Z"), "America/St_Johns")).toBe("2026-07-01T20:00:00-02:30")
  })

  it.prop("read back as the same instant, in any zone", [
    FastCheck.date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true
    }),
    FastCheck.constantFrom("Europe/Berlin", "Europe/Vienna", "Australia/Sydney", "America/St_Johns", "UTC")
  ], ([date, zone]) => {
    const seconds = new Date(Math.floor(date.getTime() / 1000) * 1000)
    expect(Date.parse(isoInZone(seconds, zone))).toBe(seconds.getTime())
  })
})

describe("trip IDs and refresh tokens", () => {
  it.prop("a trip ID carries the run", [
    FastCheck.record({
      line: FastCheck.string({ minLength: 1 }),
      stop: FastCheck.string({ minLength: 1 }),
      tripCode: FastCheck.nat(99_999_999),
      minutes: FastCheck.integer({ min: 0, max: 100_000_000 })
    })
  ], ([run]) => {
    const key = { line: run.line, stop: run.stop, tripCode: run.tripCode, dateTime: new Date(run.minutes * 60_000) }
    expect(runOf(tripIdOf(key))).toEqual(key)
  })

  it("a string that is not a trip ID says so", () => {
    expect(runOf("1|2345|678")).toMatch(/^not a trip ID/)
    expect(runOf("efa1|x|de:1|1|l")).toMatch(/^not a trip ID/)
  })

  it.prop("a refresh token carries the planned trip", [Arbitraries.make(Trip.Trip)], ([trip]) => {
    const plain = Schema.encodeSync(Schema.parseJson(Trip.Trip))(trip)
    // the Promise client's plain trip: instants as `Date`s
    const planned = JSON.parse(
      plain,
      (_, value) =>
        typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) ? new Date(value) : value
    )
    expect(tripOfToken(refreshTokenOf(planned))).toEqual({ trip: planned })
  }, { fastCheck: { numRuns: 10 } })

  it("a string that is not a refresh token says so", () => {
    expect(tripOfToken("efa1.%%%")).toMatchObject({ invalid: expect.stringMatching(/^not a refresh token/) })
    expect(tripOfToken("something")).toMatchObject({ invalid: expect.stringMatching(/^not a refresh token/) })
  })
})

describe("errors", () => {
  it("are hafas-client's, with efa-kit's error as the cause", () => {
    const cases = [
      [
        new InvalidRequestError({ operation: "trip", issues: [{ field: "origin", message: "expected a point" }] }),
        "INVALID_REQUEST"
      ],
      [new StopNotResolvedError({ operation: "departures", reason: "unknown", candidates: [] }), "NOT_FOUND"],
      [
        new ServerMessageError({ operation: "trip", messages: [{ type: "error", code: -4000, text: "no trip" }] }),
        "NOT_FOUND"
      ],
      [
        new ServerMessageError({ operation: "trip", messages: [{ type: "error", code: -1, text: "?" }] }),
        "SERVER_ERROR"
      ],
      [new HttpStatusError({ operation: "trip", status: 403, url: "u", bodyExcerpt: "" }), "ACCESS_DENIED"],
      [new HttpStatusError({ operation: "trip", status: 503, url: "u", bodyExcerpt: "" }), "SERVER_ERROR"]
    ] as const
    for (const [cause, code] of cases) {
      const error = fromEfaError(cause) as HafasError
      expect(isHafasError(error)).toBe(true)
      expect(error).toBeInstanceOf(Error)
      expect(error.code).toBe(code)
      expect(error.cause).toBe(cause)
    }
    expect(
      (fromEfaError(
        new ServerMessageError({ operation: "trip", messages: [{ type: "error", code: -4000, text: "" }] })
      ) as HafasError).hafasCode
    ).toBe("-4000")
    const typeError = new TypeError("from must be a string")
    expect(fromEfaError(typeError)).toBe(typeError)
  })
})

describe("profiles", () => {
  it("say what each deployment offers", () => {
    const { tfnsw, vvs } = HafasProfile.profiles
    expect(vvs).toMatchObject({
      timezone: "Europe/Berlin",
      locale: "de",
      trip: true,
      refreshJourney: true,
      lines: true
    })
    expect(vvs).toMatchObject({ radar: false, reachableFrom: false, journeysFromTrip: false, tripsByName: false })
    expect(tfnsw).toMatchObject({
      timezone: "Australia/Sydney",
      trip: false,
      lines: false,
      remarks: true,
      serverInfo: false
    })
    expect(tfnsw.products.map((product) => product.id)).toEqual(["train", "subway", "tram", "bus", "coach", "ferry"])
    // TfNSW's buses are MOT-ID 5 (its classes 5 and 11)
    expect(tfnsw.products.find((product) => product.id === "bus")!.bitmasks).toEqual([2 ** 5])
    for (const profile of Object.values(HafasProfile.profiles)) {
      expect(new Set(profile.products.map((product) => product.id)).size).toBe(profile.products.length)
      expect(profile.products.every((product) => product.default && product.bitmasks.length > 0)).toBe(true)
    }
  })

  it("products switched off are the modes left out", () => {
    const products = HafasProfile.deploymentProducts(undefined)
    expect(excludedMots(products, { bus: false, suburban: true })).toEqual([5, 6, 7, 11, 17, 19])
    expect(() => excludedMots(products, { hovercraft: false })).toThrow(/unknown product "hovercraft"/)
  })
})
