/**
 * The Hono environment of the fake: what the server adapter passes in, and what the journal hands to
 * the operation's answer; and how a request's raw parts are read without building more than needed.
 *
 * @since 0.1.0
 */
import type { HttpBindings } from "@hono/node-server"
import type { Context } from "hono"
import type { JournalEntry } from "./journalEntry.js"

/**
 * Set by the in-process client: the app marks a dropped connection here, and the client's `fetch`
 * rejects instead of returning the response.
 *
 * @since 0.1.0
 * @category models
 */
export interface InProcessBinding {
  dropped: boolean
}

/**
 * @since 0.1.0
 * @category models
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings> & { readonly inProcess?: InProcessBinding }
  Variables: {
    /** The journal entry of this request (not set for admin requests). */
    entry: JournalEntry
    /** Set when the connection was destroyed on purpose. */
    dropped: boolean
    /** Set when the answer already carries the CORS headers and the sequence number. */
    complete: boolean
  }
}

/**
 * @since 0.1.0
 * @category models
 */
export type AppContext = Context<AppEnv>

/**
 * The raw query string of a request URL, without the `?`.
 *
 * @since 0.1.0
 * @category utils
 */
export const rawQuery = (url: string): string => {
  const start = url.indexOf("?")
  if (start < 0) return ""
  const hash = url.indexOf("#", start)
  return hash < 0 ? url.slice(start + 1) : url.slice(start + 1, hash)
}

/**
 * One request header. Served over a port, Node's parsed headers are read: `c.req.header` would build a
 * web `Headers` of every request header just to learn that a header is absent.
 *
 * @since 0.1.0
 * @category utils
 */
export const requestHeader = (c: AppContext, name: string): string | undefined => {
  const incoming = c.env?.incoming
  if (incoming === undefined) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(", ") : value
}
