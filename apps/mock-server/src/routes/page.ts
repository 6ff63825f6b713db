/**
 * The page at `/` for a browser: the dataset's stops and lines on a map drawn from their coordinates
 * (SVG, no tiles), stop search, trip planning with the legs drawn, the current notices and the live
 * journal. One HTML file with its script inline (`page/index.html`), reading only the fake's own
 * operations and admin API, so it works without a network. Clients that do not ask for HTML get the
 * JSON listing at `/` as before.
 *
 * @since 0.1.0
 */
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import type { AppContext } from "../env.js"

const pagePath = fileURLToPath(new URL("../../page/index.html", import.meta.url))

let page: string | undefined

/**
 * Whether a request asks for HTML (a browser's navigation does).
 *
 * @since 0.1.0
 * @category utils
 */
export const wantsHtml = (c: AppContext): boolean => (c.req.header("accept") ?? "").includes("text/html")

/**
 * The page's answer.
 *
 * @since 0.1.0
 * @category handlers
 */
export const pageResponse = (c: AppContext): Response => {
  page ??= fs.readFileSync(pagePath, "utf8")
  return c.html(page, 200, { "cache-control": "no-cache" })
}
