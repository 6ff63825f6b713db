import { NoticeWatch } from "@efa-kit/core"
import { createClient, HttpStatusError } from "@efa-kit/core/promise"
import { answers } from "@efa-kit/mock-server"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Queue, Schedule, Stream, TestClock } from "effect"
import { clientLayer, dataset, eventually, inProcess, journal, sleepPendingIn } from "./support/fake.js"

// The notices the fake calls current on a day: those not ended before it (also those starting later).
const currentOn = (date: string) => dataset.notices.filter((n) => n.validTo >= date).map((n) => n.id).sort()

const describeChange = (change: NoticeWatch.NoticeChange): string =>
  NoticeWatch.NoticeChange.$match(change, {
    Added: ({ notice }) => `added ${notice.id}`,
    Changed: ({ notice }) => `changed ${notice.id}`,
    Removed: ({ notice }) => `removed ${notice.id}`,
    PollFailed: ({ attempt, error }) => `failed ${attempt} ${error._tag}`
  })

describe("NoticeWatch against the fake, with the TestClock", () => {
  it.effect("notices come and go with the fake's clock; a failed poll is retried; interruption stops polling", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const setClock = (now: string) => Effect.promise(() => fake.admin("POST", "clock", { now }))
      const changes = yield* Queue.unbounded<NoticeWatch.NoticeChange>()
      const take = (n: number) =>
        Effect.map(Queue.takeBetween(changes, n, n), (chunk) => Array.from(chunk, describeChange))
      const polls = Effect.map(journal(fake), (entries) => entries.length)

      const fiber = yield* NoticeWatch.watch({
        schedule: Schedule.spaced("10 minutes"),
        retry: Schedule.spaced("1 second"),
        failures: "event"
      }).pipe(
        Stream.runForEach((change) => Queue.offer(changes, change)),
        Effect.provide(clientLayer(fake)),
        Effect.fork
      )

      // first poll at once: every current notice of Monday 2 March 2026
      const monday = currentOn("2026-03-02")
      expect((yield* take(monday.length)).sort()).toEqual(monday.map((id) => `added ${id}`))

      // twelve days on, two notices have ended: they are removed
      yield* setClock("2026-03-14T08:00:00Z")
      yield* TestClock.adjust("10 minutes")
      const ended = monday.filter((id) => !currentOn("2026-03-14").includes(id))
      expect(ended).toEqual(["FVS-2026-0003", "SSB-2026-0042"])
      expect((yield* take(ended.length)).sort()).toEqual(ended.map((id) => `removed ${id}`))

      // back to February, with a transient failure first: the poll is retried after a second, and the failed
      // attempt comes before the changes of the poll it belongs to
      yield* Effect.promise(() =>
        fake.admin("POST", "faults", { path: "XML_ADDINFO_REQUEST", sequence: [{ status: 503 }] })
      )
      yield* setClock("2026-02-27T08:00:00Z")
      yield* TestClock.adjust("10 minutes")
      yield* eventually("the failed poll's retry pause", sleepPendingIn(1000))
      expect(yield* Queue.size(changes)).toBe(0)
      yield* TestClock.adjust("1 second")
      const back = currentOn("2026-02-27").filter((id) => !currentOn("2026-03-14").includes(id))
      expect(back).toEqual(["FVS-2026-0003", "GABW-2026-0031", "SSB-2026-0042"])
      const afterFailure = yield* take(1 + back.length)
      expect(afterFailure[0]).toBe("failed 1 HttpStatusError")
      expect(afterFailure.slice(1).sort()).toEqual(back.map((id) => `added ${id}`))

      // every poll asked for the current notices and nothing else
      const entries = yield* journal(fake)
      expect(entries.map((e) => e.status)).toEqual([200, 200, 503, 200])
      for (const entry of entries) {
        expect(entry.params).toEqual([["filterPublicationStatus", "current"], ["outputFormat", "JSON"]])
      }

      // the next poll hangs in the fake; interrupting the stream aborts it and no poll follows
      yield* Effect.promise(() =>
        fake.admin("POST", "faults", { path: "XML_ADDINFO_REQUEST", sequence: [{ latency: 60_000 }] })
      )
      yield* TestClock.adjust("10 minutes")
      yield* eventually("the next poll reaches the fake", Effect.map(polls, (n) => n === 5))
      yield* Fiber.interrupt(fiber)
      yield* eventually(
        "the fake sees the client go away",
        Effect.map(journal(fake), (all) => all[4]?.status === 499)
      )
      yield* TestClock.adjust("1 hour")
      expect(yield* polls).toBe(5)
      expect(yield* Queue.size(changes)).toBe(0)
    }))

  it.effect("a notice whose content changes between polls is reported as changed, with its previous content", () =>
    Effect.gen(function*() {
      // the fake's own notice answer, with one title edited once `edited` is set
      let edited = false
      const fake = yield* Effect.promise(() =>
        inProcess({
          answers: {
            addInfo: {
              ...answers.addInfo,
              answer: (request, context) => {
                const response = answers.addInfo.answer(request, context)
                if (!edited) return response
                const edit = (n: (typeof response.infos)[number]) =>
                  n.id === "VVS-2026-0001" ? { ...n, title: "Neue Tarife ab April" } : n
                return { ...response, infos: response.infos.map(edit) }
              }
            }
          }
        })
      )
      const changes = yield* Queue.unbounded<NoticeWatch.NoticeChange>()
      const fiber = yield* NoticeWatch.watch({ schedule: Schedule.spaced("1 minute") }).pipe(
        Stream.runForEach((change) => Queue.offer(changes, change)),
        Effect.provide(clientLayer(fake)),
        Effect.fork
      )
      yield* Queue.takeBetween(changes, currentOn("2026-03-02").length, currentOn("2026-03-02").length)
      edited = true
      yield* TestClock.adjust("1 minute")
      const change = yield* Queue.take(changes)
      expect(describeChange(change)).toBe("changed VVS-2026-0001")
      if (change._tag === "Changed") {
        expect(change.notice.title).toBe("Neue Tarife ab April")
        expect(change.previous.title).toBe(dataset.notices.find((n) => n.id === "VVS-2026-0001")!.title)
      }
      // unchanged on the next poll: nothing to report
      yield* TestClock.adjust("1 minute")
      yield* eventually("the third poll", Effect.map(journal(fake), (entries) => entries[2]?.status === 200))
      yield* Fiber.interrupt(fiber)
      expect(yield* Queue.size(changes)).toBe(0)
    }))
})

describe("watchNotices with the Promise client", () => {
  it("tells every current notice with for await and stops on abort; a status that will not change rejects", async () => {
    const fake = await inProcess()
    const efa = createClient({ baseUrl: fake.baseUrl, retry: false }, { fetch: fake.fetch })
    try {
      const monday = currentOn("2026-03-02")
      const controller = new AbortController()
      const told: Array<string> = []
      for await (const change of efa.watchNotices({}, { signal: controller.signal })) {
        told.push(change._tag === "Added" ? `added ${change.notice.id}` : change._tag)
        if (told.length === monday.length) controller.abort()
      }
      expect(told.sort()).toEqual(monday.map((id) => `added ${id}`))

      await fake.admin("POST", "faults", { path: "XML_ADDINFO_REQUEST", sequence: [{ status: 404 }] })
      const drain = async () => {
        for await (const _ of efa.watchNotices({})) {
          // a permanent failure ends the watch before any change
        }
      }
      const error = await drain().catch((error: unknown) => error)
      expect(error).toBeInstanceOf(HttpStatusError)
      expect(error).toMatchObject({ _tag: "HttpStatusError", status: 404 })
    } finally {
      await efa.close()
      await fake.close()
    }
  })
})
