/**
 * A fake started with a deployment profile (`--profile tfnsw`) answers on that deployment's paths as
 * well (TfNSW: `trip`, `stop_finder`, `coord`, `add_info`) and, where the deployment wants an API key,
 * refuses a request without one with 401 as its gateway does, so that a client configured with the
 * profile can be tried locally. Any non-empty key is accepted. The contract's paths keep answering. It
 * speaks the deployment's parameter names and product classes: a request's mode filters are read as the
 * MOT-IDs it writes as those classes, and rapidJSON answers carry the classes (`http/answer.ts`).
 *
 * @since 0.1.0
 */
import { Operations, type Profile } from "@efa-kit/core"
import type { MiddlewareHandler } from "hono"
import { createMiddleware } from "hono/factory"
import type { AppEnv } from "./context.js"

/**
 * The paths of a profile that differ from the contract's, with the operation each serves (in the order of the
 * core's list).
 *
 * @since 0.1.0
 * @category utils
 */
export const extraPaths = (profile: Profile.Profile): Array<readonly [string, Profile.OperationName]> => {
  const seen = new Set<string>()
  const out: Array<readonly [string, Profile.OperationName]> = []
  for (const { name } of Object.values(Operations.all)) {
    const path = profile.paths?.[name]
    if (path === undefined || seen.has(path)) continue
    seen.add(path)
    out.push([path, name])
  }
  return out
}

/**
 * The gateway's key check: 401 with a JSON body naming the header when the profile's key header is
 * missing or empty.
 *
 * @since 0.1.0
 * @category middleware
 */
export const apiKeyCheck = (profile: Profile.Profile): MiddlewareHandler<AppEnv> | undefined => {
  const scheme = profile.apiKey
  if (scheme === undefined) return undefined
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "OPTIONS") return next()
    const value = c.req.header(scheme.header)
    const prefix = scheme.prefix ?? ""
    if (value === undefined || !value.startsWith(prefix) || value.slice(prefix.length).trim() === "") {
      return c.json({
        ErrorDetails: {
          TransactionId: "efa-mock-server",
          ErrorDateTime: new Date(0).toISOString(),
          Message: `The request is not authorized: send the header ${scheme.header}: ${prefix}<key>`,
          RequestedUrl: c.req.path,
          RequestedMethod: c.req.method
        }
      }, 401)
    }
    return next()
  })
}
