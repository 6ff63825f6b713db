/**
 * `XML_SYSTEMINFO_REQUEST`, which every EFA deployment answers and `Dialect.probe` asks: the interface
 * version, the valid period of the timetable (the dataset's `validFrom` / `validTo`) and the server.
 *
 * - rapidJSON (`outputFormat=rapidJSON`, as the Mentz `SYSTEMINFO` schema has it): `serverInfo`,
 *   `version`, `ptKernel` (`appVersion`, `dataFormat`, `dataBuild`: the first day of the timetable)
 *   and `validity` (`from`, `to`, dates).
 * - the contract's format (`outputFormat=JSON` or none): `{ version, serverId, validity: { from, to } }`.
 *
 * Other parameters are ignored, as real servers do; the request is journaled like an operation request.
 *
 * @since 0.1.0
 */
import { Dialect } from "@efa-kit/core"
import { DateTime } from "effect"
import { Hono } from "hono"
import { readingOf } from "../answer.js"
import type { AppContext, AppEnv } from "../context.js"
import { preflight } from "../cors.js"
import { journaled } from "../journal.js"
import { outputFormatOf } from "../responses.js"
import { finalJson, methodNotAllowed } from "../send.js"
import { atPath, type RouteDeps } from "./operations.js"

/**
 * The server ID the fake names in its answers.
 *
 * @since 0.1.0
 * @category constants
 */
export const SERVER_ID = "efa-mock-server"

/**
 * The system-info answer in a dialect.
 *
 * @since 0.1.0
 * @category bodies
 */
export const systemInfoBody = (deps: RouteDeps, format: "JSON" | "rapidJSON"): Record<string, unknown> => {
  const { dataset, timeZone } = deps.options
  const { version } = readingOf(deps.options)
  const validity = { from: dataset.meta.validFrom, to: dataset.meta.validTo }
  if (format === "JSON") return { version, serverId: SERVER_ID, validity }
  return {
    serverInfo: {
      controllerVersion: version,
      serverID: SERVER_ID,
      virtDir: "efa",
      serverTime: DateTime.formatIsoZoned(DateTime.setZone(deps.state.now, timeZone)).slice(0, 19)
    },
    version,
    ptKernel: { appVersion: version, dataFormat: "EFA10_02_00", dataBuild: `${dataset.meta.validFrom}T00:00:00Z` },
    validity
  }
}

/**
 * The router of the system-info path.
 *
 * @since 0.1.0
 * @category routes
 */
export const systemInfoRoutes = (deps: RouteDeps): Hono<AppEnv> => {
  const router = new Hono<AppEnv>()
  const notAllowed = methodNotAllowed(["GET", "HEAD", "OPTIONS"])
  const answer = (c: AppContext) => {
    const pairs = c.get("entry")?.params ?? Array.from(new URL(c.req.url).searchParams.entries())
    return finalJson(c, systemInfoBody(deps, outputFormatOf(pairs).format), 200)
  }
  atPath(router, Dialect.SYSTEM_INFO_PATH, (c) => {
    if (c.req.method === "OPTIONS") return preflight(c)
    return journaled(deps, c, c.req.method === "GET" || c.req.method === "HEAD" ? answer : notAllowed)
  })
  return router
}
