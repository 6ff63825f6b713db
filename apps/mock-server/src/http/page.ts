/**
 * The page at `/` for a browser: the dataset's stops and lines on a map drawn from their coordinates
 * (SVG, no tiles), stop search, trip planning with the legs drawn, the current notices and the live
 * journal. One HTML file with its script inline (`page/index.html`), reading only the fake's own
 * operations and admin API, so it works without a network. Clients that do not ask for HTML get the
 * JSON listing at `/` as before.
 *
 * @since 0.1.0
 */
import { EfaClient } from "@efa-kit/core"
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import type { AppContext } from "./context.js"

// Two folders below the package, as the bundle of `pnpm start` is.
const pagePath = fileURLToPath(new URL("../../page/index.html", import.meta.url))

const PATHS_PLACEHOLDER = `<script id="operation-paths" type="application/json">{}</script>`

// The page calls the operations by name; their paths come from the core's list.
const withOperationPaths = (html: string): string => {
  const paths = Object.fromEntries(
    Object.entries(EfaClient.operations).map(([name, operation]) => [name, operation.path])
  )
  return html.replace(
    PATHS_PLACEHOLDER,
    `<script id="operation-paths" type="application/json">${JSON.stringify(paths)}</script>`
  )
}

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
  page ??= withOperationPaths(fs.readFileSync(pagePath, "utf8"))
  return c.html(page, 200, { "cache-control": "no-cache" })
}
