import * as SharedStore from "@efa-kit/core/SharedStore"
import { embeddedDataset, fetchInProcess } from "@efa-kit/mock-server"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, Option } from "effect"
import { createClient } from "../src/HafasClient.js"
import * as HafasProfile from "../src/HafasProfile.js"
import { STUTTGART_HBF } from "./support/fake.js"

// The settings reach efa-kit's client: instances of a hafas-client-based server share one cache and one quota
// through a shared store (Redis in production; a map here).
const dataset = await embeddedDataset()

describe("settings", () => {
  it("instances share the cache and the quota of a shared store", async () => {
    const answers = new Map<string, string>()
    const cache = Layer.succeed(SharedStore.ResponseStore, {
      get: (key) => Effect.sync(() => Option.fromNullable(answers.get(key))),
      set: (key, body) => Effect.sync(() => void answers.set(key, body))
    })
    let turns = 0
    const quota = Layer.succeed(SharedStore.RateLimitStore, {
      take: () => Effect.sync(() => (turns++, Duration.zero))
    })
    const inner = fetchInProcess({ dataset })
    let sent = 0
    const fetch: typeof globalThis.fetch = (input, init) => (sent++, inner(input, init))
    const settings = {
      baseUrl: "http://fake.invalid/",
      fetch,
      cache: { store: cache },
      rateLimit: { requestsPerSecond: 50, store: quota }
    } as const
    const [one, two] = [createClient(settings), createClient(settings)]

    const first = await one.stop(STUTTGART_HBF)
    expect(sent).toBe(1)
    expect(turns).toBe(1)
    expect(await two.stop(STUTTGART_HBF)).toEqual(first)
    expect(sent).toBe(1)
    await Promise.all([one.close(), two.close()])
  })

  it("hafas-client's call form takes the same settings, and sends the user agent", async () => {
    const agents: Array<string | null> = []
    const inner = fetchInProcess({ dataset })
    const fetch: typeof globalThis.fetch = (input, init) => {
      agents.push(new Request(input, init).headers.get("user-agent"))
      return inner(input, init)
    }
    const profile = { ...HafasProfile.profiles.vvs, endpoint: "http://fake.invalid/" }
    expect(() => createClient(profile, undefined as unknown as string)).toThrow(TypeError)
    const client = createClient(profile, "my-app (me@example.org)", { fetch })
    expect(client.profile.timezone).toBe("Europe/Berlin")
    await client.stop(STUTTGART_HBF)
    expect(agents).toEqual(["my-app (me@example.org)"])
    await client.close()
  })
})
