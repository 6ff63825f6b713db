/**
 * What answers an operation request before the dataset does, in this order: a matching stub, a
 * recording (`replay`), the upstream (`proxy`); with `record`, the upstream's answers (or the dataset's,
 * without an upstream) are written to files as they are given. Faults apply on top of whichever
 * answers.
 *
 * @since 0.1.0
 */
import { Operation } from "@efa-kit/core"
import { Either } from "effect"
import { type AppContext, rawQuery } from "./context.js"
import type { Fault } from "./faults.js"
import { JSON_TYPE } from "./send.js"
import type { MatchableRequest } from "./testing/matcher.js"
import { StubStore } from "./testing/stubs.js"
import { HeaderLog, type HeaderSource, readHeader } from "./testing/verify.js"
import { forward, type ProxyOptions } from "./upstream/proxy.js"
import { Recorder, type RecorderStatus, type RecordLimits } from "./upstream/recorder.js"
import { normaliseParams, type Pairs, readRecordings, RecordingIndex, secretNames } from "./upstream/recording.js"

/**
 * An answer given instead of the dataset's.
 *
 * @since 0.1.0
 * @category models
 */
export interface SourceAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
  readonly headers?: Record<string, string> | undefined
}

/**
 * What the interceptor decides for a request: a fault (of a stub), and the answer to give (or to break
 * with a fault); `undefined` leaves the request to the dataset.
 *
 * @since 0.1.0
 * @category models
 */
export interface Intercepted {
  readonly fault?: Fault | undefined
  readonly answer?: (() => SourceAnswer | Promise<SourceAnswer>) | undefined
}

/**
 * @since 0.1.0
 * @category models
 */
export type Intercept = (c: AppContext, path: string, fromDataset: () => SourceAnswer) => Intercepted | undefined

/**
 * The settings of recording, replaying and forwarding.
 *
 * @since 0.1.0
 * @category models
 */
export interface UpstreamOptions {
  /** Forward every operation request to a real deployment and answer with what it answers. */
  readonly proxy?: ProxyOptions | undefined
  /**
   * A folder to write every answer of the upstream (or of the dataset, without `proxy`) to, one file per
   * request. Answers of 5xx and 429 are not recorded: they are passing failures, not fixtures. The
   * folder is created and checked at start (an error naming it when it cannot be written); files are
   * written after the answer, only when the answer changed (see `upstream/recorder.ts`).
   */
  readonly record?: string | undefined
  /** Size limits of recording. */
  readonly recordLimits?: RecordLimits | undefined
  /**
   * A folder of recordings to answer from. A request without a recording is forwarded when `proxy` is
   * set (and recorded when `record` is), else answered 404 naming the nearest recording.
   */
  readonly replay?: string | undefined
  /** More parameter names to leave out of recordings and their keys (API keys). */
  readonly secretParameters?: ReadonlyArray<string> | undefined
}

/**
 * The stubs, verification log and recordings of one fake.
 *
 * @since 0.1.0
 * @category models
 */
export interface TestTools {
  readonly stubs: StubStore
  readonly headers: HeaderLog
  /** The recordings replayed, when replaying. */
  readonly replay: RecordingIndex | undefined
  /** Where answers are recorded, when recording. */
  readonly recordFolder: string | undefined
  /** What the recorder did, when recording. */
  readonly recordStatus: () => RecorderStatus | undefined
  /** Resolves when every recording is written. */
  readonly flush: () => Promise<void>
  readonly intercept: Intercept
}

/**
 * The headers of a request as the server adapter has them: Node's parsed headers over a port (no copy),
 * the web `Headers` in process.
 *
 * @since 0.1.0
 * @category utils
 */
const headerSource = (c: AppContext): HeaderSource => c.env?.incoming?.headers ?? c.req.raw.headers

const requestHeaderPairs = (c: AppContext): Array<readonly [string, string]> => {
  const incoming = c.env?.incoming
  if (incoming !== undefined) {
    return Object.entries(incoming.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as const]
    )
  }
  return [...c.req.raw.headers]
}

/**
 * How many of the latest requests have their headers kept for verification. Fewer than the journal
 * holds: keeping every request's headers alive costs the garbage collector a fifth of the fake's time
 * per request under load.
 *
 * @since 0.1.0
 * @category constants
 */
export const HEADER_LOG_ENTRIES = 1000

/**
 * Most stubs set at once.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_STUBS = 1000

const jsonAnswer = (status: number, body: unknown): SourceAnswer => ({
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(body)
})

// Headers of an answer from a stub, a recording or the upstream that is not JSON: should a browser be
// pointed at it, it renders nothing active at the fake's origin (where the admin API is).
const INERT = { "content-security-policy": "sandbox; default-src 'none'", "x-content-type-options": "nosniff" }

const isJsonType = (contentType: string): boolean => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)

/**
 * An answer of untrusted content, made inert in a browser unless it is JSON.
 *
 * @since 0.1.0
 * @category utils
 */
const inert = <A extends SourceAnswer>(answer: A): A =>
  isJsonType(answer.contentType) ? answer : { ...answer, headers: { ...answer.headers, ...INERT } }

// Answers that are passing failures of a deployment, not fixtures.
const isTransient = (status: number) => status >= 500 || status === 429

/**
 * Builds the tools of a fake. Throws when the replay folder cannot be read (the message names the file
 * and the problem).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeTestTools = (
  options: UpstreamOptions,
  settings: {
    readonly maxJournalEntries: number
    readonly maxLatencyMs: number
    readonly operationsAt: (path: string) => ReadonlyArray<Operation.Any>
    /** Where a recording that cannot be written is reported. */
    readonly onError?: ((error: unknown) => void) | undefined
  }
): TestTools => {
  const stubs = new StubStore(MAX_STUBS, settings.maxLatencyMs, settings.operationsAt)
  const headers = new HeaderLog(Math.min(settings.maxJournalEntries, HEADER_LOG_ENTRIES))
  const proxy = options.proxy
  const secrets = secretNames([
    ...(options.secretParameters ?? []),
    ...(proxy?.query ?? []).map(([name]) => name)
  ])
  // Every secret value, and the credential part of a header value such as "apikey <key>" or "Bearer <key>".
  const secretValues = [
    ...Object.values(proxy?.headers ?? {}).flatMap((value) => [value, ...value.split(/\s+/).slice(1)]),
    ...(proxy?.query ?? []).map(([, value]) => value)
  ].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)
  let replay: RecordingIndex | undefined
  if (options.replay !== undefined) {
    const read = readRecordings(options.replay, secrets)
    if (Either.isLeft(read)) throw new Error(read.left)
    replay = new RecordingIndex(read.right)
  }
  const recorder = options.record !== undefined
    ? new Recorder(
      options.record,
      secrets,
      secretValues,
      options.recordLimits,
      settings.onError,
      Object.keys(proxy?.headers ?? {})
    )
    : undefined

  const record = (c: AppContext, path: string, params: Pairs, answer: SourceAnswer): void => {
    if (recorder === undefined || isTransient(answer.status)) return
    const recording = recorder.record(c.req.url, path, params, answer)
    // Replaying and recording together: what was just recorded is replayed from now on.
    if (recording !== undefined) replay?.add(recording)
  }

  const fromUpstream = (
    c: AppContext,
    path: string,
    params: Pairs,
    fromDataset: () => SourceAnswer
  ): SourceAnswer | Promise<SourceAnswer> => {
    if (replay !== undefined) {
      const normalised = normaliseParams(params, secrets)
      const hit = replay.get(path, normalised)
      if (hit !== undefined) return inert(hit.answer)
      if (proxy === undefined) {
        const nearest = replay.nearest(path, normalised)
        return jsonAnswer(404, {
          error: "not-recorded",
          path,
          params: normalised,
          message: `no recording of this request among ${replay.recordings.length}` +
            (nearest !== undefined
              ? `; the nearest, ${nearest.recording.file}, differs: ${nearest.differences.join("; ")}`
              : ""),
          ...(nearest !== undefined
            ? {
              nearest: {
                file: nearest.recording.file,
                path: nearest.recording.path,
                params: nearest.recording.params,
                differences: nearest.differences
              }
            }
            : {})
        })
      }
    }
    if (proxy !== undefined) {
      return forward(proxy, path, rawQuery(c.req.url), requestHeaderPairs(c), c.req.raw.signal).then((answer) => {
        if (answer._tag === "Failed") {
          return jsonAnswer(answer.status, { error: answer.error, path, message: answer.message })
        }
        record(c, path, params, answer)
        return inert(answer)
      })
    }
    const answer = fromDataset()
    record(c, path, params, answer)
    return answer
  }

  const upstreamActive = proxy !== undefined || replay !== undefined || recorder !== undefined

  const intercept: Intercept = (c, path, fromDataset) => {
    const entry = c.get("entry")
    const source = headerSource(c)
    if (entry !== undefined) headers.note(entry.seq, source)
    if (stubs.size === 0 && !upstreamActive) return undefined
    const params = entry?.params ?? Operation.fromQueryString(rawQuery(c.req.url))
    if (stubs.size > 0) {
      const request: MatchableRequest = { method: c.req.method, path, params, header: readHeader(source) }
      const stub = stubs.match(request)
      if (stub !== undefined) {
        const stubbed = stub.answer
        if (stubbed === undefined) {
          return upstreamActive
            ? { fault: stub.fault, answer: () => fromUpstream(c, path, params, fromDataset) }
            : { fault: stub.fault }
        }
        return {
          fault: stub.fault,
          answer: () =>
            inert({
              status: stubbed.status,
              contentType: stubbed.contentType,
              body: stubbed.body,
              headers: { ...stubbed.headers, "x-efa-mock-stub": stub.id }
            })
        }
      }
    }
    if (!upstreamActive) return undefined
    return { answer: () => fromUpstream(c, path, params, fromDataset) }
  }

  return {
    stubs,
    headers,
    replay,
    recordFolder: options.record,
    recordStatus: () => recorder?.status(),
    flush: () => recorder?.flush() ?? Promise.resolve(),
    intercept
  }
}
