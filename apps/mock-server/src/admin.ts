/**
 * A typed client of the fake's admin API, for tests in any runner: stubs, verification, the journal,
 * scripted faults, the clock and reset. Every method returns a `Promise` that rejects with an
 * {@link AdminError} (the status and the fake's message) when the fake refuses, and `verify` rejects
 * with a {@link VerificationError} whose message lists the nearest requests and what differs.
 *
 * ```ts
 * const admin = makeAdmin({ baseUrl: "http://127.0.0.1:8080/" })
 * await admin.stub({ request: { path: StopFinder.operation.path, params: { name_sf: "Nowhere" } },
 *   response: { json: { locations: [] } } })
 * // ... run the code under test ...
 * await admin.verify({ path: Trip.operation.path, params: { exclMOT_5: { present: true } } }, 1)
 * ```
 *
 * @since 0.1.0
 */
import type { Operation } from "@efa-kit/core"
import { Schema } from "effect"
import type { Fault } from "./http/faults.js"
import type { JournalEntry } from "./http/journalEntry.js"
import type { OperationPath } from "./http/paths.js"
import type { RequestMatcher as MatcherShape, ValueMatcher } from "./http/testing/matcher.js"
import type { StubResponse, StubView } from "./http/testing/stubs.js"
import type { ExpectedCount, VerificationResult } from "./http/testing/verify.js"

/**
 * A request matcher with the operation paths spelled out for the compiler.
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestMatcher extends Omit<MatcherShape, "path" | "params" | "headers"> {
  readonly path?: OperationPath | `/${OperationPath}`
  readonly params?: Readonly<Record<string, ValueMatcher>>
  readonly headers?: Readonly<Record<string, ValueMatcher>>
}

/**
 * A stub: a `response`, a `fault`, or both (the fault applies to the response: `"latency=300"` delays
 * it).
 *
 * @since 0.1.0
 * @category models
 */
export type Stub =
  & {
    readonly id?: string
    readonly request: RequestMatcher
    /** 1 is tried first; default 5. */
    readonly priority?: number
    /** Answer this many requests, then no more. */
    readonly times?: number
    /** Check a JSON body against the operation's response schema (default `true`). */
    readonly validate?: boolean
  }
  & (
    | { readonly response: StubResponse; readonly fault?: Fault | string }
    | { readonly response?: StubResponse; readonly fault: Fault | string }
  )

/**
 * A fault script as `POST /__admin/faults` takes it.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultScript {
  readonly path?: OperationPath
  readonly sequence: ReadonlyArray<Fault | string>
}

/**
 * Where the admin API is and how to reach it.
 *
 * @since 0.1.0
 * @category models
 */
export interface AdminClientOptions {
  /** The fake's base URL (`http://127.0.0.1:8080/`). */
  readonly baseUrl: string
  /** The `fetch` to use (an in-process one for a fake without a port); default the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /** Headers sent with every admin request (an admin token, say). */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The fake refused an admin request.
 *
 * @since 0.1.0
 * @category errors
 */
export class AdminError extends Error {
  override readonly name = "AdminError"
  constructor(readonly status: number, readonly body: unknown, message: string) {
    super(message)
  }
}

/**
 * A verification did not hold; `result` has the count, the matches and the nearest requests.
 *
 * @since 0.1.0
 * @category errors
 */
export class VerificationError extends Error {
  override readonly name = "VerificationError"
  constructor(readonly result: VerificationResult) {
    super(result.message)
  }
}

/**
 * The admin API.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockAdmin {
  /** Adds a stub (or replaces the one with its `id`); resolves to it with its `id`. */
  readonly stub: (stub: Stub) => Promise<StubView>
  readonly stubs: () => Promise<Array<StubView>>
  readonly removeStub: (id: string) => Promise<void>
  readonly clearStubs: () => Promise<void>
  /** Resolves when the count holds (default: at least one); rejects with a {@link VerificationError}. */
  readonly verify: (request: RequestMatcher, count?: ExpectedCount) => Promise<VerificationResult>
  /** The journaled requests that match. */
  readonly find: (request: RequestMatcher) => Promise<Array<JournalEntry>>
  readonly journal: (
    filter?: { readonly path?: OperationPath; readonly since?: number }
  ) => Promise<Array<JournalEntry>>
  readonly clearJournal: () => Promise<void>
  readonly addFaults: (script: FaultScript) => Promise<void>
  readonly clearFaults: () => Promise<void>
  /** Sets the clock to an instant. */
  readonly setClock: (now: string | Date) => Promise<void>
  /** Moves the clock by seconds (may be negative) or a duration (`"15 minutes"`). */
  readonly advanceClock: (by: number | string) => Promise<void>
  /** Journal, faults, clock and stubs back to the start. */
  readonly reset: () => Promise<void>
}

/**
 * Builds the admin client.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeAdmin = (options: AdminClientOptions): MockAdmin => {
  const base = new URL("__admin/", options.baseUrl.endsWith("/") ? options.baseUrl : options.baseUrl + "/")
  const doFetch = options.fetch ?? globalThis.fetch
  const send = async (method: string, path: string, body?: unknown): Promise<{ json: any; response: Response }> => {
    const response = await doFetch(new URL(path, base), {
      method,
      headers: {
        ...options.headers,
        ...(body !== undefined ? { "content-type": "application/json" } : {})
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {})
    })
    const text = await response.text()
    let json: unknown = undefined
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    if (!response.ok) {
      const message = typeof json === "object" && json !== null && "message" in json
        ? String(json.message)
        : text.slice(0, 500)
      throw new AdminError(response.status, json, `${method} ${base.pathname}${path}: ${response.status} ${message}`)
    }
    return { json, response }
  }
  const call = (method: string, path: string, body?: unknown): Promise<any> =>
    send(method, path, body).then(({ json }) => json)
  // Every page of the journal: a fake that pages it names the next page's `since` in a header.
  const journal = async (filter: { readonly path?: string; readonly since?: number } | undefined) => {
    const entries: Array<JournalEntry> = []
    let since = filter?.since
    for (;;) {
      const query = new URLSearchParams()
      if (filter?.path !== undefined) query.set("path", filter.path)
      if (since !== undefined) query.set("since", String(since))
      const text = query.toString()
      const { json, response } = await send("GET", text === "" ? "journal" : `journal?${text}`)
      entries.push(...(json as Array<JournalEntry>))
      const next = response.headers.get("x-efa-journal-next")
      if (next === null || !/^\d+$/.test(next) || Number(next) === since) return entries
      since = Number(next)
    }
  }
  return {
    stub: (stub) => call("POST", "stubs", stub),
    stubs: () => call("GET", "stubs"),
    removeStub: (id) => call("DELETE", `stubs/${encodeURIComponent(id)}`).then(() => undefined),
    clearStubs: () => call("DELETE", "stubs").then(() => undefined),
    verify: async (request, count) => {
      const result: VerificationResult = await call(
        "POST",
        "verify",
        count === undefined ? { request } : { request, count }
      )
      if (!result.ok) throw new VerificationError(result)
      return result
    },
    find: (request) => call("POST", "requests/find", { request }),
    journal,
    clearJournal: () => call("DELETE", "journal").then(() => undefined),
    addFaults: (script) => call("POST", "faults", script).then(() => undefined),
    clearFaults: () => call("DELETE", "faults").then(() => undefined),
    setClock: (now) =>
      call("POST", "clock", { now: now instanceof Date ? now.toISOString() : now }).then(() => undefined),
    advanceClock: (by) => call("POST", "clock", { advance: by }).then(() => undefined),
    reset: () => call("POST", "reset").then(() => undefined)
  }
}

/**
 * A stub's answer from a typed response of an operation, encoded with the operation's response schema,
 * so that the client decodes exactly this value.
 *
 * ```ts
 * await admin.stub({ request: { path: StopFinder.operation.path }, response: answerOf(StopFinder.operation, { locations: [] }) })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const answerOf = <Response, Encoded>(
  operation: Operation.Operation<string, any, Response, Encoded>,
  response: Response,
  options: { readonly status?: number } = {}
): StubResponse => ({
  ...(options.status !== undefined ? { status: options.status } : {}),
  json: Schema.encodeSync(operation.response)(response)
})
