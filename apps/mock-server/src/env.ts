/**
 * The Hono environment of the fake: what the server adapter passes in, and what the middleware hands
 * to the handlers.
 *
 * @since 0.1.0
 */
import type { HttpBindings } from "@hono/node-server"
import type { Context } from "hono"
import type { JournalEntry } from "./state.js"

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
    /** The query parameters in order, repeats included. */
    pairs: ReadonlyArray<readonly [string, string]>
    /** Set when the connection was destroyed on purpose. */
    dropped: boolean
  }
}

/**
 * @since 0.1.0
 * @category models
 */
export type AppContext = Context<AppEnv>

/**
 * The JSON content type of every answer.
 *
 * @since 0.1.0
 * @category constants
 */
export const JSON_TYPE = "application/json; charset=utf-8"

/**
 * A JSON answer with the charset spelled out.
 *
 * @since 0.1.0
 * @category utils
 */
export const jsonResponse = (
  c: AppContext,
  body: unknown,
  status: number = 200,
  headers: Record<string, string> = {}
): Response => c.body(JSON.stringify(body), status as 200, { "content-type": JSON_TYPE, ...headers })

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
