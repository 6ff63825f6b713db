import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { parseQuota, Quota } from "../src/http/quota.js"
import { admin, call, fake } from "./helpers.js"

const search = { outputFormat: "JSON", type_sf: "any", name_sf: "Hauptbahnhof" }
const day = Date.parse("2026-03-02T00:00:00Z")

describe("the quota per API key", () => {
  it("reads the command line's limits and names what it cannot read", () => {
    expect(parseQuota("5/s,1000/day")).toEqual(Either.right({ perSecond: 5, perDay: 1000 }))
    expect(parseQuota("10/s")).toEqual(Either.right({ perSecond: 10 }))
    expect(parseQuota("5/minute")).toEqual(
      Either.left(`invalid quota "5/minute": expected <n>/s or <n>/day, e.g. 5/s,1000/day`)
    )
    expect(Either.isLeft(parseQuota("0/s"))).toBe(true)
  })

  it("lets a key send n requests a second, evenly or in a burst of n, and refuses more with 429", () => {
    const quota = new Quota({ perSecond: 5 })
    // a burst of five at once, then one every 200 ms
    for (let i = 0; i < 5; i++) expect(quota.take("k", day)).toBeUndefined()
    expect(quota.take("k", day)).toEqual({
      status: 429,
      message: "Rate limit exceeded: at most 5 requests per second for this API key",
      retryAfter: 1
    })
    expect(quota.take("k", day + 199)?.status).toBe(429)
    expect(quota.take("k", day + 200)).toBeUndefined()
    // another key has its own
    expect(quota.take("other", day + 200)).toBeUndefined()
    // an even 5 a second, late or early by a little, is never refused
    const even = new Quota({ perSecond: 5 })
    for (let i = 0; i < 50; i++) expect(even.take("k", day + i * 200 + (i % 2 === 0 ? 30 : 0))).toBeUndefined()
  })

  it("refuses a key past its daily quota with 403 until the next UTC day", () => {
    const quota = new Quota({ perDay: 3 })
    for (let i = 0; i < 3; i++) expect(quota.take("k", day + i)).toBeUndefined()
    expect(quota.take("k", day + 10)).toEqual({
      status: 403,
      message: "The daily quota of 3 requests for this API key is used up"
    })
    expect(quota.take("other", day + 10)).toBeUndefined()
    expect(quota.take("k", day + 24 * 3600 * 1000)).toBeUndefined()
  })

  it("answers as the gateway does, journals the refusals, and counts per key", async () => {
    const server = fake({ quota: "1/s,3/day" })
    const key = (value: string) => ({ headers: { authorization: value } })
    expect((await call(server, "/XML_STOPFINDER_REQUEST", search, key("one"))).status).toBe(200)
    const refused = await call(server, "/XML_STOPFINDER_REQUEST", search, key("one"))
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).toBe("1")
    expect(refused.json.ErrorDetails).toMatchObject({
      Message: "Rate limit exceeded: at most 1 requests per second for this API key",
      RequestedUrl: "/XML_STOPFINDER_REQUEST",
      RequestedMethod: "GET"
    })
    expect((await call(server, "/XML_STOPFINDER_REQUEST", search, key("two"))).status).toBe(200)
    const journal = (await admin(server, "GET", "journal")).json
    expect(journal.map((entry: { status: number }) => entry.status)).toEqual([200, 429, 200])
  })

  it("with a profile, counts by its API-key header; the daily quota answers 403", async () => {
    const server = fake({ profile: "tfnsw", quota: "2/day" })
    const key = { headers: { authorization: "apikey one" } }
    expect((await call(server, "/stop_finder", search, key)).status).toBe(200)
    expect((await call(server, "/stop_finder", search, key)).status).toBe(200)
    const refused = await call(server, "/stop_finder", search, key)
    expect(refused.status).toBe(403)
    expect(refused.json.ErrorDetails.Message).toBe("The daily quota of 2 requests for this API key is used up")
  })

  it("refuses a quota it cannot read when the fake is built", () => {
    expect(() => fake({ quota: "lots" })).toThrow(`invalid option quota: invalid quota "lots"`)
  })
})
