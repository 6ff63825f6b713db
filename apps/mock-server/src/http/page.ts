/**
 * The page at `/` for a browser: the dataset's stops and lines on a map drawn from their coordinates
 * (SVG, no tiles), stop search, trip planning with the legs drawn, the current notices and the live
 * journal. One HTML file with its script inline (`page/index.html`), reading only the fake's own
 * operations and admin API, so it works without a network. Clients that do not ask for HTML get the
 * JSON listing at `/` as before.
 *
 * The page builds what it shows from answers with text nodes only (an answer of a stub, a recording or
 * an upstream is untrusted), and is served with a Content-Security-Policy that lets only its own inline
 * script and style run (by their hashes, taken when the page is first served) and lets it talk to its
 * own origin only: should markup from an answer get into the page, no script of it runs and nothing
 * leaves for another site.
 *
 * @since 0.1.0
 */
import { Operations } from "@efa-kit/core"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import { sampleStops } from "../dataset/lookup.js"
import type { Dataset } from "../dataset/schema.js"
import type { AppContext } from "./context.js"

// Two folders below the package, as the bundle of `pnpm start` is.
const pagePath = fileURLToPath(new URL("../../page/index.html", import.meta.url))

const PATHS_PLACEHOLDER = `<script id="operation-paths" type="application/json">{}</script>`

// The page calls the operations by name; their paths come from the core's list.
const withOperationPaths = (html: string): string => {
  const paths = Object.fromEntries(
    Object.entries(Operations.all).map(([name, operation]) => [name, operation.path])
  )
  return html.replace(
    PATHS_PLACEHOLDER,
    `<script id="operation-paths" type="application/json">${JSON.stringify(paths)}</script>`
  )
}

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

// The hashes of the inline scripts (the JSON one is data, never run, and needs none) and styles.
const inlineHashes = (html: string, tag: "script" | "style"): Array<string> =>
  [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g"))]
    .filter((match) => !/\btype="application\/json"/.test(match[1] ?? ""))
    .map((match) => sha256(match[2]!))

/**
 * The Content-Security-Policy of a page: its own inline scripts and styles (by hash), requests to its
 * own origin only, no plugins, frames, forms or base URL of another site.
 *
 * @since 0.1.0
 * @category utils
 */
const contentSecurityPolicy = (html: string): string =>
  [
    "default-src 'none'",
    `script-src ${inlineHashes(html, "script").join(" ") || "'none'"}`,
    `style-src ${inlineHashes(html, "style").join(" ") || "'none'"}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join("; ")

// the page per search field placeholder (the loaded dataset's stops)
const pages = new Map<string, { readonly html: string; readonly headers: Record<string, string> }>()

const SEARCH_PLACEHOLDER = `placeholder="Stuttgart Hbf, Flughafen, Bad Cannstatt…"`

const escapeAttribute = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("\"", "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")

const loadPage = (placeholder: string | undefined) => {
  let html = withOperationPaths(fs.readFileSync(pagePath, "utf8"))
  if (placeholder !== undefined) {
    html = html.replace(SEARCH_PLACEHOLDER, `placeholder="${escapeAttribute(placeholder)}"`)
  }
  return {
    html,
    headers: {
      "cache-control": "no-cache",
      "content-security-policy": contentSecurityPolicy(html),
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer"
    }
  }
}

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
export const pageResponse = (c: AppContext, sampleStops?: ReadonlyArray<string>): Response => {
  const placeholder = sampleStops === undefined || sampleStops.length === 0 ? undefined : `${sampleStops.join(", ")}…`
  let page = pages.get(placeholder ?? "")
  if (page === undefined) {
    page = loadPage(placeholder)
    if (pages.size < 16) pages.set(placeholder ?? "", page)
  }
  return c.html(page.html, 200, page.headers)
}

/**
 * A stop finder request for the dataset's busiest stop, as the start-up banner and `GET /` suggest it.
 *
 * @since 0.3.0
 * @category utils
 */
export const sampleRequest = (dataset: Dataset): string =>
  `/${Operations.all.stopFinder.path}?outputFormat=JSON&type_sf=any&name_sf=${
    encodeURIComponent(sampleStops(dataset, 1)[0] ?? "")
  }`
