/**
 * The redirect policy, the same on every transport: where a redirect may lead, and how far.
 *
 * @internal
 */
import { RedirectError } from "../../EfaError.js"

/** @internal */
export interface ResolvedRedirects {
  readonly crossOrigin: "fail" | "follow"
  readonly max: number
}

/**
 * The statuses that redirect.
 *
 * @internal
 */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/**
 * Where a redirect leads (its URL), or why it is not followed (a `RedirectError`): no usable `Location`, redirects off, a URL already
 * in the chain (a loop), more hops than `max`, another origin than the base URL's unless allowed.
 *
 * @internal
 */
export const nextHop = (
  redirects: ResolvedRedirects | false,
  baseOrigin: string,
  hop: {
    readonly operation: string
    /** The call's URL. */
    readonly url: string
    /** The URL that answered with the redirect. */
    readonly current: string
    /** The URLs requested so far, the call's first. */
    readonly chain: ReadonlyArray<string>
    readonly status: number
    readonly location: string | undefined
  }
): string | RedirectError => {
  const { chain, current, location, operation, status, url } = hop
  const refuse = (reason: RedirectError["reason"], target: string) =>
    new RedirectError({ operation, url, reason, status, target, locations: chain })
  let target: URL
  try {
    if (location === undefined || location.trim() === "") throw new Error("no Location")
    target = new URL(location.trim(), current)
  } catch {
    return refuse("invalid-location", location ?? "")
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return refuse("invalid-location", location)
  const href = target.href
  if (redirects === false) return refuse("disabled", href)
  if (chain.includes(href)) return refuse("loop", href)
  if (chain.length > redirects.max) return refuse("too-many", href)
  if (target.origin !== baseOrigin && redirects.crossOrigin === "fail") return refuse("cross-origin", href)
  return href
}
