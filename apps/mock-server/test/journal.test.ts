import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { DEFAULT_LIMITS, MockState } from "../src/index.js"
import { admin, fake } from "./helpers.js"

const now = DateTime.unsafeMake("2026-03-02T07:30:00Z")
const EIGHT_KB_QUERY = `name_sf=${"x".repeat(8 * 1024)}`

describe("the journal's bounds", () => {
  it("10,000 requests with 8 kB URLs stay within maxJournalBytes, the oldest dropped first", () => {
    const { maxJournalBytes, maxJournalEntries, maxScriptedFaults } = DEFAULT_LIMITS
    const state = new MockState(now, maxJournalEntries, maxScriptedFaults, maxJournalBytes)
    for (let i = 0; i < 10_000; i++) state.record("GET", "XML_STOPFINDER_REQUEST", `${EIGHT_KB_QUERY}&i=${i}`)
    expect(state.journalBytes).toBeLessThanOrEqual(maxJournalBytes)
    expect(state.journalSize).toBeLessThan(10_000)
    expect(state.journalSize).toBeGreaterThan(500)
    const kept = state.journal()
    expect(kept[kept.length - 1]!.seq).toBe(10_000)
    expect(kept[0]!.seq).toBe(10_000 - kept.length + 1)
  })

  it("reading the journal does not grow it", () => {
    const state = new MockState(now, 100, 10, 1024 * 1024)
    for (let i = 0; i < 50; i++) state.record("GET", "XML_STOPFINDER_REQUEST", `a=${i}&b=2`)
    const before = state.journalBytes
    state.journal()
    state.journal({ parameter: "a", value: "3" })
    expect(state.journalBytes).toBe(before)
  })

  it("an entry larger than the whole bound is not kept, and nothing else is dropped for it", () => {
    const state = new MockState(now, 100, 10, 4096)
    state.record("GET", "XML_STOPFINDER_REQUEST", "a=1")
    state.record("GET", "XML_STOPFINDER_REQUEST", "x".repeat(5000))
    expect(state.journal().map((entry) => entry.seq)).toEqual([1])
  })
})

const journalOf = async (server: ReturnType<typeof fake>, query: string) => {
  const response = await server.app.request(`/__admin/journal${query}`)
  const reader = response.body!.getReader()
  let chunks = 0
  let text = ""
  const decoder = new TextDecoder()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks++
    text += decoder.decode(value, { stream: true })
  }
  return {
    response,
    chunks,
    entries: JSON.parse(text) as Array<{ seq: number; path: string; params: Array<[string, string]> }>
  }
}

describe("GET /__admin/journal", () => {
  it("pages: at most limit entries, and the next page's since in x-efa-journal-next", async () => {
    const server = fake()
    for (let i = 1; i <= 25; i++) await server.app.request(`/XML_OPAREA_REQUEST?opareaSM=ALL&i=${i}`)
    const first = await journalOf(server, "?limit=10")
    expect(first.entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(first.response.headers.get("x-efa-journal-next")).toBe("10")
    expect(first.response.headers.get("link")).toBe(`</__admin/journal?limit=10&since=10>; rel="next"`)
    const third = await journalOf(server, "?limit=10&since=20")
    expect(third.entries.map((entry) => entry.seq)).toEqual([21, 22, 23, 24, 25])
    expect(third.response.headers.get("x-efa-journal-next")).toBeNull()
    // the default page is 1,000 entries
    const all = await journalOf(server, "")
    expect(all.entries).toHaveLength(25)
  })

  it("filters by path, by parameter and by parameter value", async () => {
    const server = fake()
    await server.app.request("/XML_OPAREA_REQUEST?opareaSM=ALL")
    await server.app.request("/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Hbf")
    await server.app.request("/XML_STOPFINDER_REQUEST?type_sf=stop&name_sf=Vaihingen")
    expect((await journalOf(server, "?path=XML_STOPFINDER_REQUEST")).entries.map((e) => e.seq)).toEqual([2, 3])
    expect((await journalOf(server, "?param=opareaSM")).entries.map((e) => e.seq)).toEqual([1])
    expect((await journalOf(server, "?param=type_sf%3Dstop")).entries.map((e) => e.seq)).toEqual([3])
    expect((await journalOf(server, "?param=name_sf%3DHbf&path=XML_STOPFINDER_REQUEST")).entries.map((e) => e.seq))
      .toEqual([2])
    expect((await journalOf(server, "?param=nothing")).entries).toEqual([])
  })

  it("streams a large page in slices instead of one body", async () => {
    const server = fake()
    for (let i = 0; i < 1000; i++) server.state.record("GET", "XML_STOPFINDER_REQUEST", `${EIGHT_KB_QUERY}&i=${i}`)
    const page = await journalOf(server, "")
    expect(page.entries).toHaveLength(1000)
    expect(page.chunks).toBeGreaterThanOrEqual(10)
  })

  it("refuses a bad limit, since or param with 400", async () => {
    const server = fake()
    for (const query of ["?limit=0", "?limit=10001", "?limit=ten", "?since=x", "?param=%3Dvalue"]) {
      expect((await admin(server, "GET", `journal${query}`)).status, query).toBe(400)
    }
  })
})
