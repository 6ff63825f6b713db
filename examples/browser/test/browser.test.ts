import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { type BrowserContext, chromium } from "playwright-core"
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, hasChromium } from "../../../test-support/chromium.js"
import { build } from "../build.mjs"
import { servePage } from "../servePage.mjs"

const executablePath = CHROMIUM
const here = Path.dirname(fileURLToPath(import.meta.url))
const screenshot = Path.join(here, "../.screenshots/page.png")

const title = hasChromium
  ? "browser example in headless Chromium"
  : `browser example in headless Chromium (skipped: no Chromium at ${executablePath}; apt-get install -y chromium, or set CHROMIUM_PATH)`

describe.runIf(hasChromium)(title, () => {
  let fake: RunningServer
  let page: { readonly url: string; readonly close: () => Promise<void> }
  let browser: BrowserContext
  let profile: string

  beforeAll(async () => {
    await build()
    fake = Either.getOrThrow(await startServer({ port: 0, host: "127.0.0.1" }))
    page = await servePage(0)
    profile = Fs.mkdtempSync(Path.join(Os.tmpdir(), "efa-kit-chromium-"))
    // a fresh profile (`--user-data-dir`) for every run
    browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      args: [...FLAGS],
      headless: true,
      viewport: { width: 900, height: 760 }
    })
  })

  afterAll(async () => {
    await browser?.close()
    await page?.close()
    await fake?.close()
    if (profile !== undefined) Fs.rmSync(profile, { recursive: true, force: true })
  })

  it("finds stops and plans trips with the Promise client against the fake, across origins", async () => {
    const tab = await browser.newPage()
    const problems: Array<string> = []
    tab.on("pageerror", (error) => problems.push(error.message))
    tab.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    await tab.goto(`${page.url}?efa=${encodeURIComponent(`http://127.0.0.1:${fake.port}/`)}`)
    await tab.waitForFunction(() => /trip\(s\)|Error|Check/.test(document.getElementById("status")?.textContent ?? ""))
    const status = await tab.textContent("#status")
    const stops = await tab.locator("#stops li").allTextContents()
    const trips = await tab.locator("#trips li").allTextContents()
    Fs.mkdirSync(Path.dirname(screenshot), { recursive: true })
    await tab.screenshot({ path: screenshot, fullPage: true })
    expect(problems).toEqual([])
    expect(status).toMatch(/^\d+ stop\(s\), \d+ trip\(s\)\.$/)
    expect(stops[0]).toContain("Stuttgart, Hauptbahnhof")
    expect(trips.length).toBeGreaterThan(0)
    expect(trips[0]).toMatch(/Böblingen/)
    // the fake saw the page's requests, from the page's origin
    const journal = fake.state.journal().map((entry) => entry.path).join(" ")
    expect(journal).toMatch(/XML_STOPFINDER_REQUEST/)
    expect(journal).toMatch(/XML_TRIP_REQUEST2/)
  })

  it("shows a refused request in the user's words", async () => {
    const tab = await browser.newPage()
    await tab.goto(`${page.url}?efa=${encodeURIComponent(`http://127.0.0.1:${fake.port}/`)}`)
    await tab.waitForFunction(() => /trip\(s\)/.test(document.getElementById("status")?.textContent ?? ""))
    await tab.fill("#from", "")
    await tab.click("button")
    await tab.waitForFunction(() => document.getElementById("status")?.className === "error")
    expect(await tab.textContent("#status")).toMatch(/^Check the input: input\.value /)
  })
})
