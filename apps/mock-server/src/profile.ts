/**
 * A fake started with a deployment profile (`--profile tfnsw`) answers on that deployment's paths as
 * well (TfNSW: `trip`, `stop_finder`, `coord`, `add_info`) and, where the deployment wants an API key,
 * refuses a request without one with 401 as its gateway does, so that a client configured with the
 * profile can be tried locally. Any non-empty key is accepted. The contract's paths keep answering.
 *
 * @since 0.1.0
 */
import { Profile } from "@efa-kit/core"
import type { Hono, MiddlewareHandler } from "hono"
import type { AppEnv } from "./env.js"

/**
 * Resolves a profile option: a name of a built-in profile or a profile.
 *
 * @since 0.1.0
 * @category utils
 */
export const resolveProfile = (profile: string | Profile.Profile | undefined): Profile.Profile | undefined => {
  if (profile === undefined || typeof profile !== "string") return profile
  const found = Profile.get(profile)
  if (found === undefined) {
    throw new Error(`invalid option profile: unknown profile "${profile}"; known: ${Profile.names.join(", ")}`)
  }
  return found
}

/**
 * The paths of a profile that differ from the contract's, with the operation each serves.
 *
 * @since 0.1.0
 * @category utils
 */
export const extraPaths = (profile: Profile.Profile): Array<readonly [string, Profile.OperationName]> => {
  const seen = new Set<string>()
  const out: Array<readonly [string, Profile.OperationName]> = []
  for (const [name, path] of Object.entries(profile.paths ?? {}) as Array<[Profile.OperationName, string]>) {
    if (seen.has(path)) continue
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
  return async (c, next) => {
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
  }
}

/**
 * Mounts the routers of a profile's paths (the key check is the app's, in front of every operation path).
 *
 * @since 0.1.0
 * @category routes
 */
export const mountProfile = (
  app: Hono<AppEnv>,
  profile: Profile.Profile,
  routerOf: (operation: Profile.OperationName) => Hono<AppEnv>
): void => {
  for (const [path, operation] of extraPaths(profile)) app.route(`/${path}`, routerOf(operation))
}
