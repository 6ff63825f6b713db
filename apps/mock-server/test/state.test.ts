import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { AnswerCache } from "../src/http/answerCache.js"
import { answers, MockState } from "../src/index.js"
import { admin, call, fake } from "./helpers.js"

const now = DateTime.unsafeMake("2026-03-02T07:30:00Z")

describe("the journal", () => {
  it("keeps the last maxJournalEntries requests in order, however many come", () => {
    const state = new MockState(now, 3, 10)
    for (let i = 1; i <= 10; i++) state.record("GET", "XML_STOPFINDER_REQUEST", `n=${i}`).status = 200
    expect(state.journal().map((entry) => [entry.seq, entry.params])).toEqual([
      [8, [["n", "8"]]],
      [9, [["n", "9"]]],
      [10, [["n", "10"]]]
    ])
    expect(state.journal({ since: 9 }).map((entry) => entry.seq)).toEqual([10])
    state.clearJournal()
    expect(state.journal()).toEqual([])
    expect(state.record("GET", "x", []).seq).toBe(1)
  })

  it("keeps nothing with maxJournalEntries 0, and entries are plain data", () => {
    const state = new MockState(now, 0, 10)
    const entry = state.record("GET", "XML_TRIP_REQUEST2", "a=1&flag")
    entry.status = 200
    expect(state.journal()).toEqual([])
    expect(JSON.parse(JSON.stringify(entry))).toEqual({
      seq: 1,
      method: "GET",
      path: "XML_TRIP_REQUEST2",
      params: [["a", "1"], ["flag", ""]],
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      status: 200
    })
  })

  it("stays bounded over a port-free burst of requests", async () => {
    const server = fake({ limits: { maxJournalEntries: 50 } })
    for (let i = 0; i < 300; i++) await server.app.request(`/XML_OPAREA_REQUEST?opareaSM=ALL&i=${i}`)
    const journal = (await admin(server, "GET", "journal")).json
    expect(journal).toHaveLength(50)
    expect(journal[0].seq).toBe(251)
    expect(journal.at(-1).params).toEqual([["opareaSM", "ALL"], ["i", "299"]])
  })
})

describe("the answer cache", () => {
  const answer = (body: string) => ({ entry: answers.opArea, status: 200 as const, body })

  it("drops the oldest answers beyond its entries and its characters, and empties when the clock moves", () => {
    const cache = new AnswerCache(2, 100)
    cache.set(1, "a", answer("1"))
    cache.set(1, "b", answer("2"))
    cache.set(1, "c", answer("3"))
    expect([cache.get(1, "a"), cache.get(1, "b")?.body, cache.get(1, "c")?.body]).toEqual([undefined, "2", "3"])
    cache.set(1, "d", answer("x".repeat(98)))
    expect(cache.size).toBe(1)
    cache.set(1, "e", answer("x".repeat(200)))
    expect(cache.get(1, "e")).toBeUndefined()
    expect(cache.get(2, "d")).toBeUndefined()
    cache.set(2, "f", answer("4"))
    expect(cache.get(1, "d")).toBeUndefined()
    expect(cache.size).toBe(1)
  })

  it("keeps nothing with maxCachedAnswers 0", () => {
    const cache = new AnswerCache(0)
    cache.set(1, "a", answer("1"))
    expect(cache.get(1, "a")).toBeUndefined()
  })

  it("answers follow the clock, and answers given through makeApp run every time", async () => {
    let calls = 0
    const counted: typeof answers.opArea.answer = (request, context) => {
      calls++
      return answers.opArea.answer(request, context)
    }
    const server = fake({ answers: { opArea: { ...answers.opArea, answer: counted } } })
    const notices = async () =>
      (await call(server, "/XML_ADDINFO_REQUEST", { filterPublicationStatus: "current" })).text
    const before = await notices()
    expect(await notices()).toBe(before)
    await admin(server, "POST", "clock", { now: "2025-01-01T08:00:00Z" })
    expect(await notices()).not.toBe(before)
    await admin(server, "DELETE", "clock")
    expect(await notices()).toBe(before)
    for (let i = 0; i < 3; i++) await call(server, "/XML_OPAREA_REQUEST", { opareaSM: "ALL" })
    expect(calls).toBe(3)
  })
})
