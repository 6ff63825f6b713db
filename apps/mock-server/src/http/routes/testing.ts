/**
 * The admin endpoints of stubs, verification and recordings, mounted inside the admin router:
 *
 * - `GET /__admin/stubs`: the stubs in the order they are tried, with `matched` and `remaining`.
 * - `POST /__admin/stubs`: add a stub (see `testing/stubs.ts`); `201` with the stub and its `id`.
 * - `DELETE /__admin/stubs`: remove every stub; `DELETE /__admin/stubs/<id>`: remove one.
 * - `POST /__admin/verify`: `{ request, count? }`; `{ ok, expected, count, matches, nearMisses, message }`.
 * - `POST /__admin/requests/find`: `{ request }`; the journal entries that match.
 * - `GET /__admin/recordings`: what is replayed, and whether answers are recorded (with what the recorder
 *   wrote, skipped and why).
 * - `POST /__admin/recordings/flush`: waits until every recording is written.
 * - `GET /__admin/network`: the dataset's stops and lines with their coordinates (the page at `/` draws them).
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import { Hono } from "hono"
import type { AppEnv } from "../context.js"
import type { TestTools } from "../interceptor.js"
import { jsonResponse, methodNotAllowed } from "../send.js"
import { decodeMatcher, type MatchableRequest } from "../testing/matcher.js"
import { decodeVerification, verify } from "../testing/verify.js"
import { badRequest, readJson } from "./adminRequest.js"
import type { RouteDeps } from "./operations.js"

/**
 * Clears what `POST /__admin/reset` clears besides the journal, the faults and the clock: the stubs.
 *
 * @since 0.1.0
 * @category utils
 */
export const resetTools = (tools: TestTools | undefined): void => {
  tools?.stubs.clear()
}

const networkOf = (deps: RouteDeps) => {
  const { dataset } = deps.options
  return {
    name: dataset.meta.name,
    region: dataset.meta.region,
    stops: dataset.stops.map((stop) => ({ id: stop.id, name: stop.name, lat: stop.coord.lat, lon: stop.coord.lon })),
    lines: dataset.lines.map((line) => ({
      number: line.number,
      product: line.product,
      mot: line.mot,
      towards: line.directions.H.towards,
      // Latitude first, as EFA sends pairs.
      geometry: line.geometry
    }))
  }
}

/**
 * Builds the router; `tools` are the fake's.
 *
 * @since 0.1.0
 * @category routes
 */
export const testingRoutes = (deps: RouteDeps, tools: TestTools): Hono<AppEnv> => {
  const { state } = deps
  const router = new Hono<AppEnv>()

  router.get("/stubs", (c) => jsonResponse(c, tools.stubs.list()))
  router.post("/stubs", async (c) => {
    const json = await readJson(c)
    if (Either.isLeft(json)) return badRequest(c, json.left)
    const added = tools.stubs.add(json.right)
    return Either.isLeft(added) ? badRequest(c, added.left) : jsonResponse(c, added.right, 201)
  })
  router.delete("/stubs", (c) => {
    tools.stubs.clear()
    return jsonResponse(c, { stubs: "cleared" })
  })
  router.all("/stubs", methodNotAllowed(["GET", "HEAD", "POST", "DELETE"]))
  router.delete("/stubs/:id", (c) => {
    const id = c.req.param("id")
    return tools.stubs.remove(id)
      ? jsonResponse(c, { removed: id })
      : jsonResponse(c, { error: "not-found", message: `no stub with id "${id}"` }, 404)
  })
  router.all("/stubs/:id", methodNotAllowed(["DELETE"]))

  router.post("/verify", async (c) => {
    const json = await readJson(c)
    if (Either.isLeft(json)) return badRequest(c, json.left)
    const decoded = decodeVerification(json.right)
    if (Either.isLeft(decoded)) return badRequest(c, decoded.left)
    return jsonResponse(c, verify(decoded.right.matcher, decoded.right.count, state.journal(), tools.headers))
  })
  router.all("/verify", methodNotAllowed(["POST"]))

  router.post("/requests/find", async (c) => {
    const json = await readJson(c)
    if (Either.isLeft(json)) return badRequest(c, json.left)
    const body = json.right
    const matcher = decodeMatcher(typeof body === "object" && body !== null && "request" in body ? body.request : body)
    if (Either.isLeft(matcher)) return badRequest(c, matcher.left)
    const found = state.journal().filter((entry) => {
      const request: MatchableRequest = {
        method: entry.method,
        path: entry.path,
        params: entry.params,
        header: tools.headers.header(entry.seq)
      }
      return matcher.right.test(request)
    })
    return jsonResponse(c, found)
  })
  router.all("/requests/find", methodNotAllowed(["POST"]))

  router.get("/recordings", (c) =>
    jsonResponse(c, {
      recording: tools.recordFolder !== undefined,
      ...(tools.recordStatus() !== undefined ? { recorder: tools.recordStatus() } : {}),
      replaying: tools.replay !== undefined,
      recordings: (tools.replay?.recordings ?? []).map((recording) => ({
        file: recording.file,
        path: recording.path,
        params: recording.params,
        status: recording.answer.status
      }))
    }))
  router.all("/recordings", methodNotAllowed(["GET", "HEAD"]))
  // Recordings are written after their answers: this waits until every one is on disk.
  router.post("/recordings/flush", async (c) => {
    await tools.flush()
    return jsonResponse(c, tools.recordStatus() ?? { recording: false })
  })
  router.all("/recordings/flush", methodNotAllowed(["POST"]))

  const network = networkOf(deps)
  router.get("/network", (c) => jsonResponse(c, network))
  router.all("/network", methodNotAllowed(["GET", "HEAD"]))
  return router
}
