/**
 * The admin API under `/__admin/` (a prefix no EFA path can have):
 *
 * - `GET /__admin/health`: `{ status: "ok", now, timeZone, operations, dataset: { name, region, counts } }`.
 * - `GET /__admin/journal`: the received requests, oldest first,
 *   `[{ seq, method, path, params, status, fault? }]`, in pages of `?limit=` entries (default 1,000, at
 *   most 10,000), streamed; `?path=`, `?param=<name>` or `?param=<name>=<value>` and `?since=<seq>`
 *   filter. When more entries match, `x-efa-journal-next` carries the `since` of the next page and
 *   `Link` its URL.
 * - `DELETE /__admin/journal`, `POST /__admin/journal/reset`: empty the journal (sequence numbers
 *   restart at 1).
 * - `GET /__admin/faults`: the scripted faults still waiting.
 * - `POST /__admin/faults`: add a sequence,
 *   `{ "path"?: "<operation path>", "sequence": [{ "status": 503 }, "status=503;retry-after=1"] }`.
 * - `DELETE /__admin/faults`: remove every scripted fault.
 * - `GET /__admin/clock`: `{ now, timeZone, local }`.
 * - `POST /__admin/clock`: `{ "now": "2026-03-02T09:00:00Z" }` sets the clock; `{ "advance": 300 }`
 *   (seconds, may be negative) or `{ "advance": "15 minutes" }` moves it; an impossible date or an
 *   instant outside the years 0001 to 9999 is a 400 naming the field.
 * - `DELETE /__admin/clock`: the clock back to its start (with `now: "now"`, to the wall clock).
 * - `POST /__admin/reset`: journal, faults, clock and stubs back to the start.
 * - Stubs, verification and recordings: see `testing.ts`.
 *
 * @since 0.1.0
 */
import { DateTime, Duration, Either, Option, ParseResult, Schema } from "effect"
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { adminGuard } from "../adminGuard.js"
import type { AppContext, AppEnv } from "../context.js"
import { faultSpec, formatFault } from "../faults.js"
import { CLOCK_RANGE, inClockRange, parseInstant } from "../options.js"
import { ADMIN_PREFIX, isOperationPath, PATHS } from "../paths.js"
import { JSON_TYPE, jsonResponse, methodNotAllowed } from "../send.js"
import type { FaultScript, JournalFilter, MockState } from "../state.js"
import { badRequest, readJson } from "./adminRequest.js"
import type { RouteDeps } from "./operations.js"
import { resetTools, testingRoutes } from "./testing.js"

// The endpoints as mounted (the 405 answers, registered for every method, are left out).
const endpointsOf = (router: Hono<AppEnv>): Array<string> => [
  ...new Set(
    router.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${ADMIN_PREFIX}${route.path.replace(/:(\w+)/g, "<$1>")}`)
  )
]

/**
 * The header of a journal page after which more entries match: the `since` of the next page.
 *
 * @since 0.1.0
 * @category constants
 */
export const JOURNAL_NEXT_HEADER = "x-efa-journal-next"

/**
 * The entries of one journal page when `limit` is absent, and the most one page may have.
 *
 * @since 0.1.0
 * @category constants
 */
export const JOURNAL_PAGE = { default: 1_000, max: 10_000 } as const

const readJournalQuery = (
  c: AppContext
): Either.Either<{ readonly filter: JournalFilter; readonly limit: number }, string> => {
  const path = c.req.query("path")
  const sinceText = c.req.query("since")
  const since = sinceText !== undefined && /^\d{1,15}$/.test(sinceText) ? Number(sinceText) : undefined
  if (sinceText !== undefined && since === undefined) return Either.left("since must be a sequence number")
  const limitText = c.req.query("limit")
  const limit = limitText === undefined ? JOURNAL_PAGE.default : /^\d{1,6}$/.test(limitText) ? Number(limitText) : 0
  if (limit < 1 || limit > JOURNAL_PAGE.max) {
    return Either.left(`limit must be a number of entries from 1 to ${JOURNAL_PAGE.max}`)
  }
  const param = c.req.query("param")
  let parameter: string | undefined
  let value: string | undefined
  if (param !== undefined) {
    const equals = param.indexOf("=")
    parameter = equals < 0 ? param : param.slice(0, equals)
    value = equals < 0 ? undefined : param.slice(equals + 1)
    if (parameter === "") return Either.left("param must be a parameter name, or name=value")
  }
  return Either.right({ filter: { path: path?.replace(/^\//, ""), since, parameter, value }, limit })
}

// Entries serialized a slice at a time, as the connection takes them: a page of thousands of large
// entries never becomes one string, nor one long turn of the event loop.
const JOURNAL_SLICE = 100

const journalStream = (entries: ReadonlyArray<{ toJSON(): unknown }>): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder()
  let next = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0 && entries.length === 0) {
        controller.enqueue(encoder.encode("[]"))
        controller.close()
        return
      }
      const end = Math.min(entries.length, next + JOURNAL_SLICE)
      const parts: Array<string> = []
      for (let i = next; i < end; i++) parts.push(JSON.stringify(entries[i]!.toJSON()))
      const text = (next === 0 ? "[" : ",") + parts.join(",") + (end === entries.length ? "]" : "")
      next = end
      controller.enqueue(encoder.encode(text))
      if (end === entries.length) controller.close()
    }
  }, { highWaterMark: 0 })
}

const issuesOf = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")

const showScript = (script: FaultScript) => ({
  id: script.id,
  path: script.path ?? null,
  remaining: script.remaining.map(formatFault)
})

const clockBody = (state: MockState, timeZone: DateTime.TimeZone, timeZoneName: string) => ({
  now: state.nowIso(),
  timeZone: timeZoneName,
  local: DateTime.formatIsoZoned(DateTime.setZone(state.now, timeZone))
})

const ClockBody = Schema.Union(
  Schema.Struct({ now: Schema.String }),
  Schema.Struct({ advance: Schema.Union(Schema.Number, Schema.String) })
)

/**
 * Builds the admin router, mounted at {@link ADMIN_PREFIX}.
 *
 * @since 0.1.0
 * @category routes
 */
export const adminRoutes = (deps: RouteDeps): Hono<AppEnv> => {
  const { options, state } = deps
  const FaultScriptBody = Schema.Struct({
    path: Schema.optionalWith(Schema.String, { exact: true }),
    sequence: Schema.NonEmptyArray(faultSpec(options.limits.maxLatencyMs)).pipe(
      Schema.maxItems(options.limits.maxScriptedFaults)
    )
  })
  const decodeScript = Schema.decodeUnknownEither(FaultScriptBody, { errors: "all" })
  const decodeClock = Schema.decodeUnknownEither(ClockBody)
  const clock = () => clockBody(state, options.timeZone, options.timeZoneName)

  const router = new Hono<AppEnv>()
  // First: every admin route, present and future, is behind the guard.
  router.use("*", adminGuard({ token: options.admin.token, allowedHosts: options.admin.allowedHosts }))
  router.use(
    "*",
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => jsonResponse(c, { error: "payload-too-large" }, 413)
    })
  )

  router.get("/health", (c) =>
    jsonResponse(c, {
      status: "ok",
      now: state.nowIso(),
      timeZone: options.timeZoneName,
      operations: PATHS,
      dataset: {
        name: options.dataset.meta.name,
        region: options.dataset.meta.region,
        counts: {
          stops: options.dataset.stops.length,
          lines: options.dataset.lines.length,
          pois: options.dataset.pois.length,
          parking: options.dataset.parking.length,
          sharingProviders: options.dataset.sharing.providers.length,
          sharingVehicles: options.dataset.sharing.vehicles.length,
          notices: options.dataset.notices.length
        }
      }
    }))
  router.all("/health", methodNotAllowed(["GET", "HEAD"]))

  router.get("/journal", (c) => {
    const query = readJournalQuery(c)
    if (Either.isLeft(query)) return badRequest(c, query.left)
    const { filter, limit } = query.right
    const page = state.journalPage(filter, limit)
    const headers: Record<string, string> = { "content-type": JSON_TYPE }
    const last = page.entries[page.entries.length - 1]
    if (page.more && last !== undefined) {
      // The next page starts after the last entry of this one.
      const next = new URL(c.req.url)
      next.searchParams.set("since", String(last.seq))
      next.searchParams.set("limit", String(limit))
      headers[JOURNAL_NEXT_HEADER] = String(last.seq)
      headers.link = `<${next.pathname}${next.search}>; rel="next"`
    }
    return c.body(journalStream(page.entries), 200, headers)
  })
  router.delete("/journal", (c) => {
    state.clearJournal()
    return jsonResponse(c, { journal: "cleared" })
  })
  router.post("/journal/reset", (c) => {
    state.clearJournal()
    return jsonResponse(c, { journal: "cleared" })
  })
  router.all("/journal", methodNotAllowed(["GET", "HEAD", "DELETE"]))
  router.all("/journal/reset", methodNotAllowed(["POST"]))

  router.get("/faults", (c) => jsonResponse(c, state.scripts().map(showScript)))
  router.post("/faults", async (c) => {
    const json = await readJson(c)
    if (Either.isLeft(json)) return badRequest(c, json.left)
    const body = decodeScript(json.right)
    if (Either.isLeft(body)) return badRequest(c, issuesOf(body.left))
    const path = body.right.path?.replace(/^\//, "")
    if (path !== undefined && !isOperationPath(path)) {
      return badRequest(c, `path "${path}" is not an operation; use one of ${PATHS.join(", ")}`)
    }
    const script = state.addScript(path, body.right.sequence)
    if (script === undefined) {
      return badRequest(c, `more than ${options.limits.maxScriptedFaults} faults would be waiting`)
    }
    return jsonResponse(c, showScript(script), 201)
  })
  router.delete("/faults", (c) => {
    state.clearFaults()
    return jsonResponse(c, { faults: "cleared" })
  })
  router.all("/faults", methodNotAllowed(["GET", "HEAD", "POST", "DELETE"]))

  router.get("/clock", (c) => jsonResponse(c, clock()))
  router.post("/clock", async (c) => {
    const json = await readJson(c)
    if (Either.isLeft(json)) return badRequest(c, json.left)
    const body = decodeClock(json.right)
    if (Either.isLeft(body)) {
      return badRequest(c, `expected { "now": "<ISO instant>" } or { "advance": <seconds> | "<duration>" }`)
    }
    if ("now" in body.right) {
      const now = parseInstant(body.right.now)
      if (Either.isLeft(now)) return badRequest(c, `now: ${now.left}`)
      state.setNow(now.right)
    } else {
      const advance = body.right.advance
      const duration = typeof advance === "number"
        ? Number.isFinite(advance) ? Option.some(Duration.millis(Math.round(Math.abs(advance) * 1000))) : Option.none()
        : Duration.decodeUnknown(advance)
      if (Option.isNone(duration) || !Duration.isFinite(duration.value)) {
        return badRequest(
          c,
          `advance must be seconds or a duration such as "15 minutes", got ${JSON.stringify(advance)}`
        )
      }
      const millis = Duration.toMillis(duration.value)
      const sign = typeof advance === "number" && advance < 0 ? -1 : 1
      const target = DateTime.toEpochMillis(state.now) + sign * Math.abs(millis)
      if (!inClockRange(target)) {
        return badRequest(
          c,
          `advance ${
            JSON.stringify(advance)
          } would move the clock outside its range, ${CLOCK_RANGE.min} to ${CLOCK_RANGE.max}`
        )
      }
      state.setNow(DateTime.unsafeMake(target))
    }
    return jsonResponse(c, clock())
  })
  router.delete("/clock", (c) => {
    state.resetClock()
    return jsonResponse(c, clock())
  })
  router.all("/clock", methodNotAllowed(["GET", "HEAD", "POST", "DELETE"]))

  router.post("/reset", (c) => {
    state.reset()
    resetTools(deps.tools)
    return jsonResponse(c, { reset: true, ...clock() })
  })
  router.all("/reset", methodNotAllowed(["POST"]))

  if (deps.tools !== undefined) router.route("/", testingRoutes(deps, deps.tools))

  let endpoints: Array<string> | undefined
  router.all("*", (c) => {
    endpoints ??= endpointsOf(router)
    return jsonResponse(c, {
      error: "not-found",
      path: c.req.path,
      message: `no admin endpoint ${c.req.path}`,
      endpoints
    }, 404)
  })
  return router
}

/**
 * The admin prefix when the admin API is turned off: 404 for every path and method.
 *
 * @since 0.1.0
 * @category routes
 */
export const adminDisabledRoutes = (): Hono<AppEnv> =>
  new Hono<AppEnv>().all("*", (c) =>
    jsonResponse(c, {
      error: "not-found",
      path: c.req.path,
      message: "the admin API is turned off (--no-admin)"
    }, 404))
