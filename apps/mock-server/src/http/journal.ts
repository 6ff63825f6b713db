/**
 * The journal of the requests to non-internal paths: the request limits first (414, 400), then the
 * entry (its parameters read only when first needed), then the answer, with its status recorded, the
 * CORS headers and the sequence number; the 500 of an unexpected failure.
 *
 * It wraps the one handler of each operation path rather than running as `app.use` middleware: a
 * request then matches a single handler, and Hono answers it in the same turn when the handler does
 * (Hono's `compose` makes every answer a promise; as middleware, the journal cost about a tenth more
 * server CPU per cached answer in `bench/throughput.ts`).
 *
 * @since 0.1.0
 */
import type { AppContext } from "./context.js"
import { rawQuery } from "./context.js"
import { errorResponse, finalJson, type OnError, SEQUENCE_HEADER, setCorsHeaders } from "./send.js"
import type { MockState } from "./state.js"

/**
 * What the journal needs.
 *
 * @since 0.1.0
 * @category models
 */
interface JournalDeps {
  readonly options: {
    readonly limits: { readonly maxUrlLength: number; readonly maxParameters: number }
    readonly onError: OnError
    readonly dataset?: { readonly timetable?: { readonly realtimeLeftOut?: ReadonlyArray<string> | undefined } }
  }
  readonly state: MockState
}

// boards, trips and a trip's stops
const REALTIME_PATHS = /(^|\/)XML_(DM|TRIP|STOPSEQCOORD)_REQUEST/i

const countParameters = (query: string): number => {
  if (query === "") return 0
  let count = 1
  for (let i = 0; i < query.length; i++) if (query.charCodeAt(i) === 38) count++
  return count
}

// The journal gets the status answered; an answer built without the common headers gets them now.
const finish = (c: AppContext, entry: { status: number | null; readonly seq: number }, response: Response) => {
  const dropped = c.get("dropped") === true
  entry.status = dropped ? 0 : response.status
  if (c.get("complete") !== true) {
    setCorsHeaders(response.headers)
    if (!dropped) response.headers.set(SEQUENCE_HEADER, String(entry.seq))
  }
  return response
}

/**
 * Runs `handle` for a request to a non-internal path: limits first (414 for a URL over
 * `maxUrlLength`, 400 for more than `maxParameters` parameters), then the journal entry, then the
 * answer. An exception of `handle` becomes the 500 of `errorResponse`. Returns at once when `handle`
 * does.
 *
 * @since 0.1.0
 * @category middleware
 */
export const journaled = (
  deps: JournalDeps,
  c: AppContext,
  handle: (c: AppContext) => Response | Promise<Response>
): Response | Promise<Response> => {
  const { limits, onError } = deps.options
  const method = c.req.method
  // Journaled without the leading slash, as operations name their paths.
  const path = c.req.path.slice(1)
  const url = c.req.url
  if (url.length > limits.maxUrlLength) {
    deps.state.record(method, path, []).status = 414
    return finalJson(c, {
      error: "uri-too-long",
      message: `the request URL has ${url.length} characters; at most ${limits.maxUrlLength} are accepted`
    }, 414)
  }
  const query = rawQuery(url)
  const count = countParameters(query)
  if (count > limits.maxParameters) {
    deps.state.record(method, path, []).status = 400
    return finalJson(c, {
      error: "too-many-parameters",
      message: `the request has ${count} query parameters; at most ${limits.maxParameters} are accepted`
    }, 400)
  }
  const entry = deps.state.record(method, path, query)
  // the real-time updates the dataset left out, on the requests that answer with real time
  const leftOut = deps.options.dataset?.timetable?.realtimeLeftOut
  if (leftOut !== undefined && REALTIME_PATHS.test(path)) entry.realtimeLeftOut = leftOut
  c.set("entry", entry)
  let response: Response | Promise<Response>
  try {
    response = handle(c)
  } catch (error) {
    return finish(c, entry, errorResponse(onError, error, c))
  }
  return response instanceof Promise
    ? response.then(
      (answered) => finish(c, entry, answered),
      (error) => finish(c, entry, errorResponse(onError, error, c))
    )
    : finish(c, entry, response)
}
