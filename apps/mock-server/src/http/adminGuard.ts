/**
 * The protections of the admin API, as one middleware on the admin router, so that every admin route
 * (those there now and any added later) gets them:
 *
 * - an optional token: with `admin.token` set, a request without `Authorization: Bearer <token>` gets
 *   401;
 * - no CORS: admin answers carry no `Access-Control-Allow-*` header and a preflight gets none, so that
 *   a page on another origin cannot read them or send a non-simple request;
 * - no request from another page: a request whose `Origin` (or `Sec-Fetch-Site`) says it comes from
 *   another site gets 403, which stops the "simple" requests a browser sends without a preflight;
 * - no DNS rebinding: without a token, a request over a port must name the fake by a loopback name
 *   (`localhost`, `*.localhost`), an IP address, the interface it listens on or one of
 *   `admin.allowedHosts` in its `Host` header, else 403. A page of `evil.example` whose name an attacker
 *   points at 127.0.0.1 sends `Host: evil.example` (and its own origin, which then looks the same as the
 *   request's host), so the origin check alone does not stop it;
 * - JSON bodies only: a request with a body, or with any `Content-Type`, must say `application/json`,
 *   else 415 (a `text/plain` or form POST from a page never can).
 *
 * @since 0.1.0
 */
import type { MiddlewareHandler } from "hono"
import type { AppContext, AppEnv } from "./context.js"
import { jsonResponse } from "./send.js"

/**
 * Settings of the admin API.
 *
 * @since 0.1.0
 * @category models
 */
export interface AdminOptions {
  /** `false` turns the admin API off: every path below `/__admin/` answers 404. Default `true`. */
  readonly enabled?: boolean | undefined
  /** When set, admin requests need `Authorization: Bearer <token>`. Default: none. */
  readonly token?: string | undefined
  /**
   * Host names (without the port) admin requests may name in `Host` when no token is set, besides the
   * loopback names, IP addresses and the interface listened on: the name a container is reached by,
   * say. Default: none.
   */
  readonly allowedHosts?: ReadonlyArray<string> | undefined
}

// `[::1]:8080` -> `::1`, `Localhost.:80` -> `localhost`
const hostnameOf = (host: string): string => {
  const trimmed = host.trim().toLowerCase()
  const name = trimmed.startsWith("[") ? trimmed.slice(1, trimmed.indexOf("]")) : trimmed.replace(/:\d*$/, "")
  return name.endsWith(".") ? name.slice(0, -1) : name
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * Whether a `Host` header names the fake in a way no rebound DNS name can: a loopback name, an IP
 * address (a page cannot be served from the fake's own address by anyone else), or one of `allowed`.
 *
 * @since 0.1.0
 * @category utils
 */
const isTrustedHost = (host: string, allowed: ReadonlyArray<string>): boolean => {
  const name = hostnameOf(host)
  if (name === "localhost" || name.endsWith(".localhost")) return true
  if (IPV4.test(name) || name.includes(":")) return true
  return allowed.some((entry) => hostnameOf(entry) === name)
}

// Compares in time that depends on the lengths only, not on where the texts differ.
const sameText = (a: string, b: string): boolean => {
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= a.charCodeAt(i % Math.max(1, a.length)) ^ b.charCodeAt(i)
  return difference === 0
}

const refuse = (c: AppContext, status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  jsonResponse(c, { error, message }, status, headers)

const hasBody = (c: AppContext): boolean => {
  const length = c.req.header("content-length")
  return (length !== undefined && length.trim() !== "0") || c.req.header("transfer-encoding") !== undefined
}

const isJson = (contentType: string): boolean => {
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase()
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType)
}

// Whether the `Origin` names the host the request was sent to.
const sameOrigin = (c: AppContext, origin: string): boolean => {
  try {
    return new URL(origin).host === new URL(c.req.url).host
  } catch {
    return false
  }
}

/**
 * The middleware of the admin router.
 *
 * @since 0.1.0
 * @category middleware
 */
export const adminGuard = (
  options: { readonly token: string | undefined; readonly allowedHosts?: ReadonlyArray<string> | undefined }
): MiddlewareHandler<AppEnv> => {
  const { token } = options
  const allowedHosts = options.allowedHosts ?? []
  return async (c, next) => {
    // A preflight gets no CORS headers: the browser then sends nothing.
    if (c.req.method === "OPTIONS") return c.body(null, 204, { allow: "GET, HEAD, POST, DELETE" })
    // Only over a port: in process no browser can reach the fake.
    const host = c.env?.incoming?.headers.host
    if (token === undefined && host !== undefined && !isTrustedHost(host, allowedHosts)) {
      return refuse(
        c,
        403,
        "untrusted-host",
        `the admin API answers requests to ${
          JSON.stringify(hostnameOf(host).slice(0, 100))
        } only with a token (--admin-token); without one, name the fake by localhost, an IP address, its --host or an --admin-host`
      )
    }
    const site = c.req.header("sec-fetch-site")
    const origin = c.req.header("origin")
    if (
      (site !== undefined && site !== "same-origin" && site !== "none") ||
      (origin !== undefined && !sameOrigin(c, origin))
    ) {
      return refuse(c, 403, "cross-origin", "the admin API does not take requests from pages of other origins")
    }
    if (token !== undefined) {
      const authorization = c.req.header("authorization") ?? ""
      const match = /^Bearer\s+(.+)$/i.exec(authorization.trim())
      if (match === null || !sameText(match[1]!, token)) {
        return refuse(
          c,
          401,
          "unauthorized",
          "the admin API needs the header Authorization: Bearer <admin token>",
          { "www-authenticate": `Bearer realm="efa-mock-server admin"` }
        )
      }
    }
    const contentType = c.req.header("content-type")
    if ((contentType !== undefined && !isJson(contentType)) || (contentType === undefined && hasBody(c))) {
      return refuse(
        c,
        415,
        "unsupported-media-type",
        `admin requests take only JSON bodies with Content-Type: application/json${
          contentType === undefined ? "" : `, got ${JSON.stringify(contentType.slice(0, 100))}`
        }`
      )
    }
    await next()
    return undefined
  }
}
