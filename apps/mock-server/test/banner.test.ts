import { describe, expect, it } from "@effect/vitest"
import { type BannerInput, bannerLines } from "../src/banner.js"

// What the command prints once it listens: the mode it is in, from its settings.
const base: BannerInput = {
  baseUrl: "http://localhost:8080/",
  dataset: { name: "VVS sample", stops: 40, lines: 12 },
  now: "2026-03-02T08:30:00+01:00",
  admin: "open",
  strict: false,
  upstream: {},
  tryPath: "XML_STOPFINDER_REQUEST?name_sf=Hbf"
}
const labels = (input: BannerInput) => bannerLines(input).slice(1).map((line) => line.trim().split(":")[0])

describe("the start-up banner", () => {
  it("on the dataset: where it listens, the dataset, its clock, and where to look", () => {
    const lines = bannerLines(base)
    expect(lines[0]).toBe("efa-mock-server listening on http://localhost:8080/")
    expect(labels(base)).toEqual(["dataset", "clock", "try", "admin", "page"])
    expect(lines.join("\n")).toContain("VVS sample (40 stops, 12 lines)")
    expect(lines.join("\n")).toContain("2026-03-02T08:30:00+01:00 (POST http://localhost:8080/__admin/clock")
  })

  it("says the profile, the quota and strict reading when they are set", () => {
    const input = { ...base, profile: "tfnsw", quota: "5/s,1000/day", strict: true }
    expect(labels(input)).toEqual(["dataset", "clock", "profile", "quota", "strict", "try", "admin", "page"])
    const text = bannerLines(input).join("\n")
    expect(text).toContain("profile: tfnsw")
    expect(text).toContain("quota:   5/s,1000/day per API key")
  })

  it("while proxying, names the deployment and does not offer the dataset or the fake's clock", () => {
    const input = { ...base, profile: "vvs", upstream: { proxy: { baseUrl: "https://efa.example.org/mobidata-bw/" } } }
    expect(labels(input)).toEqual(["profile", "try", "admin", "page", "proxy"])
    expect(bannerLines(input).join("\n")).not.toContain("VVS sample")
    expect(bannerLines(input).at(-1)).toBe("  proxy:  forwards to https://efa.example.org/mobidata-bw/")
  })

  it("says when the admin API is off or needs a token", () => {
    expect(bannerLines({ ...base, admin: "off" }).join("\n")).toContain("admin:   off (--no-admin)")
    expect(bannerLines({ ...base, admin: "off" }).join("\n")).not.toContain("__admin/clock")
    expect(bannerLines({ ...base, admin: "token" }).join("\n")).toContain("(with Authorization: Bearer <token>)")
  })
})

describe("the fake at the wall clock (now: \"now\")", () => {
  it("the banner says the clock is the wall clock and the day the dataset is laid on", () => {
    const text = bannerLines({ ...base, today: "2026-12-01" }).join("\n")
    expect(text).toContain("clock:   the wall clock (2026-03-02T08:30:00+01:00)")
    expect(text).toContain("the dataset's timetable and real time laid on today, 2026-12-01")
  })

  it(
    "lays the dataset's dates on today, runs its clock, and goes back to the wall clock",
    { timeout: 60_000 },
    async () => {
      const { layOnToday } = await import("../src/http/options.js")
      const { dataset } = await import("./helpers.js")
      const { DateTime } = await import("effect")
      const { makeMockServer } = await import("../src/index.js")
      const zone = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
      // 2026-03-02 is the dataset's default day: a day later, every date a day later
      const laid = layOnToday(dataset, DateTime.unsafeMake("2026-03-03T10:00:00Z"), zone)
      expect(laid.meta.validFrom).toBe("2025-12-15")
      expect(laid.meta.validTo).toBe("2026-12-13")
      expect(laid.notices[0]!.validFrom > dataset.notices[0]!.validFrom).toBe(true)
      const mock = makeMockServer({ dataset, now: "now" })
      expect(mock.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(mock.state.wallClock).toBe(true)
      expect(Math.abs(DateTime.toEpochMillis(mock.state.now) - Date.now())).toBeLessThan(60_000)
      mock.state.setNow(DateTime.unsafeMake("2026-03-02T07:30:00Z"))
      expect(DateTime.formatIso(mock.state.now).slice(0, 13)).toBe("2026-03-02T07")
      mock.state.resetClock()
      expect(Math.abs(DateTime.toEpochMillis(mock.state.now) - Date.now())).toBeLessThan(60_000)
    }
  )
})
