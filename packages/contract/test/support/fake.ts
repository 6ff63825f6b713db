import { EfaClient, type Operation, Operations } from "@efa-kit/core"
import {
  type AppOptions,
  fetchInProcess,
  type JournalEntry,
  loadEmbeddedDataset,
  makeMockServer,
  type MockServer,
  startServer
} from "@efa-kit/mock-server"
import { FetchHttpClient } from "@effect/platform"
import { Chunk, Effect, Either, Layer, TestClock } from "effect"

/** The embedded dataset, loaded once per test file. */
export const dataset = await Effect.runPromise(loadEmbeddedDataset)

/** One answer as the client received it. */
export interface Recorded {
  readonly url: string
  readonly status: number
  readonly body: string
}

/** The fake behind one transport, with its admin API and the answers recorded on the way to the client. */
export interface Fake {
  readonly transport: Transport
  readonly baseUrl: string
  /** The `fetch` the client is given: it records every answer's status and body. */
  readonly fetch: typeof globalThis.fetch
  readonly recorded: Array<Recorded>
  readonly mock: MockServer
  /** A request to the admin API (`/__admin/<path>`), over the same transport as the client's. */
  readonly admin: (method: string, path: string, body?: unknown) => Promise<any>
  readonly close: () => Promise<void>
}

export type Transport = "in process" | "over TCP"

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url

// Keeps a copy of every answer's body, so the suite can check that each one decodes with the contract.
const recording = (inner: typeof globalThis.fetch, into: Array<Recorded>): typeof globalThis.fetch =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init)
    const body = await response.clone().text()
    into.push({ url: urlOf(input), status: response.status, body })
    return response
  }) as typeof globalThis.fetch

const makeAdmin =
  (fetch: typeof globalThis.fetch, baseUrl: string) =>
  async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(new URL(`__admin/${path}`, baseUrl), {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {})
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`admin ${method} ${path}: ${response.status} ${text}`)
    return text === "" ? undefined : JSON.parse(text)
  }

/** The fake as an app the client's `fetch` calls directly, without a port. */
export const inProcess = async (options: Partial<AppOptions> = {}): Promise<Fake> => {
  const mock = makeMockServer({ dataset, ...options })
  const recorded: Array<Recorded> = []
  const baseUrl = "http://efa.test/"
  return {
    transport: "in process",
    baseUrl,
    fetch: recording(fetchInProcess(mock), recorded),
    recorded,
    mock,
    admin: makeAdmin(fetchInProcess(mock), baseUrl),
    close: async () => {}
  }
}

/** The fake listening on a free port, reached with the platform's `fetch`. */
export const overTcp = async (): Promise<Fake> => {
  const started = await startServer({ port: 0, host: "127.0.0.1", onError: () => {} })
  if (Either.isLeft(started)) throw started.left
  const server = started.right
  const recorded: Array<Recorded> = []
  const baseUrl = `http://127.0.0.1:${server.port}/`
  return {
    transport: "over TCP",
    baseUrl,
    fetch: recording(globalThis.fetch, recorded),
    recorded,
    mock: server,
    admin: makeAdmin(globalThis.fetch, baseUrl),
    close: server.close
  }
}

export const transports: ReadonlyArray<{ readonly name: Transport; readonly start: () => Promise<Fake> }> = [
  { name: "in process", start: inProcess },
  { name: "over TCP", start: overTcp }
]

/** The real client against a fake, retries off unless asked for. */
export const clientLayer = (fake: Fake, options: Partial<EfaClient.Options> = {}): Layer.Layer<EfaClient.EfaClient> =>
  EfaClient.layer({ baseUrl: fake.baseUrl, retry: false, ...options }).pipe(
    Layer.orDie,
    Layer.provide(FetchHttpClient.layer),
    Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fake.fetch))
  )

/** The fake's journal through its admin API. */
export const journal = (fake: Fake): Effect.Effect<Array<JournalEntry>> =>
  Effect.promise(() => fake.admin("GET", "journal"))

/** Empties the journal, so the next request is number 1. */
export const clearJournal = (fake: Fake): Effect.Effect<void> => Effect.promise(() => fake.admin("DELETE", "journal"))

/** The operation that answered a recorded request (the vehicle detail shares its path with the coordinate search). */
export const operationOf = (url: string): Operation.Any | undefined => {
  const parsed = new URL(url)
  const path = parsed.pathname.replace(/^\//, "")
  if (path === Operations.all.coordInfo.path && parsed.searchParams.get("coordReqType") === "VEHICLEDETAIL") {
    return Operations.all.vehicleDetail
  }
  return Object.values(Operations.all).find((operation) => operation.path === path)
}

/** The query pairs of a URL, bare flags as empty values, as the fake's journal keeps them. */
export const pairsOf = (url: string): Array<[string, string]> => Array.from(new URL(url).searchParams)

// Gives the in-process fake, the platform's fetch and the client a turn (promises, I/O callbacks), without a
// timer: the TestClock stays where it is.
const turn = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

/** Lets pending work run until `condition` holds; fails the test when it never does. */
export const eventually = <E, R>(
  what: string,
  condition: Effect.Effect<boolean, E, R>
): Effect.Effect<void, E, R> =>
  Effect.gen(function*() {
    for (let i = 0; i < 5_000; i++) {
      if (yield* condition) return
      yield* turn
    }
    return yield* Effect.dieMessage(`never happened: ${what}`)
  })

/** Whether a TestClock sleep ends exactly `millis` from now (a retry pause the client or a schedule started). */
export const sleepPendingIn = (millis: number): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    const now = yield* TestClock.currentTimeMillis
    return Chunk.some(yield* TestClock.sleeps(), (end) => end === now + millis)
  })

/** Whether a TestClock sleep ends within `millis` from now (a backoff pause of unknown, jittered length). */
const pauseWithin = (millis: number): Effect.Effect<boolean> => Effect.map(pauseEnd(millis), (end) => end !== undefined)

const pauseEnd = (millis: number): Effect.Effect<number | undefined> =>
  Effect.gen(function*() {
    const now = yield* TestClock.currentTimeMillis
    const ends = Chunk.filter(yield* TestClock.sleeps(), (end) => end > now && end <= now + millis)
    return Chunk.isEmpty(ends) ? undefined : Math.min(...ends)
  })

/**
 * Waits for the pause (ending within `millis`) that follows an answer, then moves the TestClock exactly to its
 * end, no further, so that only the next attempt runs. Returns the pause's length.
 */
export const endPause = (what: string, millis: number): Effect.Effect<number> =>
  Effect.gen(function*() {
    yield* eventually(what, pauseWithin(millis))
    const now = yield* TestClock.currentTimeMillis
    const length = (yield* pauseEnd(millis))! - now
    yield* TestClock.adjust(length)
    return length
  })
