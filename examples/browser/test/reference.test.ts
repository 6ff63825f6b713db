import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as Zlib from "node:zlib"
import { type BrowserContext, chromium } from "playwright-core"
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, hasChromium } from "../../../test-support/chromium.js"

// The HTML API reference that `pnpm run docs` builds with TypeDoc (packages/core/docs/reference), opened as
// a reader opens it, served over HTTP (as on a docs site; from the disk Chromium refuses its icons), in
// headless Chromium: the home page, the list of modules and every
// module's page, each link of those pages followed to a page (and an anchor) that exists, no script error;
// every public module has its page and every `@example` of the sources is shown. The links of the other
// pages (one per declaration) are checked from their HTML.
const here = Path.dirname(fileURLToPath(import.meta.url))
const core = Path.join(here, "..", "..", "..", "packages", "core")
const reference = Path.join(core, "docs", "reference")
const screenshots = Path.join(here, "..", ".screenshots")
const built = Fs.existsSync(Path.join(reference, "index.html"))

const publicModules = Fs.readdirSync(Path.join(core, "src"))
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .map((file) => file.slice(0, -".ts".length))
  .sort()

const htmlFiles = (dir: string): Array<string> =>
  Fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(Path.join(dir, entry.name))
      : entry.name.endsWith(".html")
      ? [Path.join(dir, entry.name)]
      : []
  )

// The ids of a page, read once: an anchor link must name one of them.
const idsByFile = new Map<string, Set<string>>()
const idsOf = (file: string): Set<string> => {
  let ids = idsByFile.get(file)
  if (ids === undefined) {
    ids = new Set([...Fs.readFileSync(file, "utf8").matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1]!))
    idsByFile.set(file, ids)
  }
  return ids
}

// What is wrong with a link of the reference, or undefined; links to other sites are not followed. The
// anchors of the hierarchy page are read by its script, not made as ids.
const brokenLink = (url: URL, origin: string): string | undefined => {
  if (url.origin !== origin) return undefined
  const file = Path.join(reference, decodeURIComponent(url.pathname))
  if (!file.startsWith(reference)) return `${url.href} leaves the reference`
  if (!Fs.existsSync(file) || Fs.statSync(file).isDirectory()) return `${url.pathname}: no such page`
  const fragment = decodeURIComponent(url.hash.slice(1))
  if (fragment === "" || !file.endsWith(".html") || file.endsWith("hierarchy.html")) return undefined
  return idsOf(file).has(fragment) ? undefined : `${url.pathname}#${fragment}: no such anchor`
}

const contentTypes: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml"
}

// The reference's files over HTTP, as a static site serves them.
const serve = (): Promise<Http.Server> =>
  new Promise((resolve) => {
    const server = Http.createServer((request, response) => {
      const file = Path.join(reference, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname))
      if (!file.startsWith(reference) || !Fs.existsSync(file) || Fs.statSync(file).isDirectory()) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { "content-type": contentTypes[Path.extname(file)] ?? "application/octet-stream" })
      Fs.createReadStream(file).pipe(response)
    })
    server.listen(0, "127.0.0.1", () => resolve(server))
  })

const title = !hasChromium
  ? `the API reference in headless Chromium (skipped: no Chromium at ${CHROMIUM}; apt-get install -y chromium, or set CHROMIUM_PATH)`
  : !built
  ? "the API reference in headless Chromium (skipped: not built; pnpm run docs builds it)"
  : "the API reference in headless Chromium"

describe.runIf(hasChromium && built)(title, () => {
  let browser: BrowserContext
  let profile: string
  let server: Http.Server
  let origin: string

  beforeAll(async () => {
    server = await serve()
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    profile = Fs.mkdtempSync(Path.join(Os.tmpdir(), "efa-kit-chromium-"))
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...FLAGS],
      headless: true,
      viewport: { width: 1280, height: 900 }
    })
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    if (profile !== undefined) Fs.rmSync(profile, { recursive: true, force: true })
  })

  it("has a page for every public module, and shows every example of the sources", () => {
    const modulePages = Fs.readdirSync(Path.join(reference, "modules")).map((file) => file.replace(/\.html$/, ""))
    expect(modulePages.sort()).toEqual(publicModules)
    const examples = publicModules
      .map((name) => Fs.readFileSync(Path.join(core, "src", `${name}.ts`), "utf8"))
      .reduce((count, source) => count + (source.match(/^\s*\*\s*@example\b/gm)?.length ?? 0), 0)
    const shown = htmlFiles(reference)
      .reduce((count, file) => count + (Fs.readFileSync(file, "utf8").match(/<h4[^>]*>Example/g)?.length ?? 0), 0)
    expect(examples).toBeGreaterThan(0)
    expect(shown).toBe(examples)
  })

  it("opens at its home page, lists the modules, and every link of the module pages leads somewhere", {
    timeout: 180_000
  }, async () => {
    const tab = await browser.newPage()
    const problems: Array<string> = []
    tab.on("pageerror", (error) => problems.push(error.message))
    // a missing file shows as a failed response (the browser's own favicon request is not the reference's)
    tab.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(message.text())
      }
    })
    tab.on("response", (response) => {
      if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) {
        problems.push(`${response.status()} ${response.url()}`)
      }
    })
    await tab.goto(`${origin}/index.html`)
    expect(await tab.title()).toContain("@efa-kit/core")
    Fs.mkdirSync(screenshots, { recursive: true })
    await tab.screenshot({ path: Path.join(screenshots, "reference-home.png") })

    // the navigation, built by the page's script, names every module
    await tab.waitForSelector(".tsd-navigation a[href*='modules/']")
    const navigation = await tab.$$eval(
      ".tsd-navigation a[href*='modules/']",
      (links) => links.map((a) => a.textContent?.trim())
    )
    for (const name of publicModules) expect(navigation).toContain(name)

    const pages = ["index.html", "modules.html", ...publicModules.map((name) => `modules/${name}.html`)]
    const broken: Array<string> = []
    let followed = 0
    for (const page of pages) {
      await tab.goto(`${origin}/${page}`)
      const links = await tab.$$eval("a[href]", (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
      for (const href of links) {
        const url = new URL(href)
        const problem = brokenLink(url, origin)
        if (problem !== undefined) broken.push(`${page}: ${problem}`)
        else if (url.origin === origin) followed++
      }
    }
    await tab.goto(`${origin}/modules/PromiseClient.html`)
    await tab.screenshot({ path: Path.join(screenshots, "reference-module.png") })
    expect(broken).toEqual([])
    expect(followed).toBeGreaterThan(pages.length)
    expect(problems).toEqual([])
  })

  it("its search finds every method of the Promise client", async () => {
    // the search index TypeDoc writes: deflated JSON of the rows the search box looks in
    const script = Fs.readFileSync(Path.join(reference, "assets", "search.js"), "utf8")
    const data = /window\.searchData = "([^"]+)"/.exec(script)?.[1]
    expect(data).toBeDefined()
    const { rows } = JSON.parse(Zlib.inflateSync(Buffer.from(data!, "base64")).toString("utf8")) as {
      rows: Array<{ readonly name: string; readonly parent?: string }>
    }
    const found = new Set(rows.filter((row) => row.parent === "PromiseClient.EfaPromiseClient").map((row) => row.name))
    const { createClient } = await import("@efa-kit/core/promise")
    const efa = createClient({ baseUrl: "http://127.0.0.1:9/" })
    const methods = Object.keys(efa).filter((name) =>
      typeof (efa as unknown as Record<string, unknown>)[name] === "function"
    )
    await efa.close()
    expect(methods).toContain("watchTrip")
    expect(methods.filter((name) => !found.has(name))).toEqual([])
  })

  it("links only to pages and anchors that exist, on every page", () => {
    const broken: Array<string> = []
    for (const file of htmlFiles(reference)) {
      const html = Fs.readFileSync(file, "utf8")
      for (const [, raw] of html.matchAll(/\shref="([^"]*)"/g)) {
        const href = raw!.replaceAll("&amp;", "&")
        const base = new URL(Path.relative(reference, file).split(Path.sep).join("/"), "http://reference/")
        const problem = brokenLink(new URL(href, base), "http://reference")
        if (problem !== undefined) broken.push(`${Path.relative(reference, file)}: ${problem}`)
      }
    }
    expect(broken).toEqual([])
  })
})
