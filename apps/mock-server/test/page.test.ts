import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, hasChromium } from "../../../test-support/chromium.js"
import { type StartedMockServer, startMockServer } from "../src/start.js"

/** Where the screenshots go, to be looked at after a run. */
export const SCREENSHOTS = path.join(os.tmpdir(), "efa-mock-server-page")

describe.skipIf(!hasChromium)("the page at / in headless Chromium", () => {
  let fake: StartedMockServer
  let browser: Awaited<ReturnType<typeof chromium.launch>>

  beforeAll(async () => {
    fake = await startMockServer()
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS], headless: true })
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await fake?.close()
  })

  it("draws the network, finds a stop, plans a trip with its legs, shows notices and the live journal", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    const page = await context.newPage()
    const problems: Array<string> = []
    const foreign: Array<string> = []
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("request", (request) => {
      if (!request.url().startsWith(fake.url)) foreign.push(request.url())
    })

    await page.goto(fake.url)
    await page.waitForSelector("#stops circle")
    expect(await page.locator("#stops circle").count()).toBe(fake.dataset.stops.length)
    expect(await page.locator("#lines polyline").count()).toBe(fake.dataset.lines.length)
    await page.waitForSelector(".notice")
    expect(await page.locator(".notice").count()).toBeGreaterThan(0)
    await page.screenshot({ path: path.join(SCREENSHOTS, "network.png") })

    await page.fill("#search", "Flughafen")
    await page.waitForSelector("li.hit")
    expect(await page.locator("li.hit").first().textContent()).toContain("Flughafen")
    await page.locator("li.hit").first().click() // sets the origin
    expect(await page.inputValue("#from")).toBe("de:08116:7720")
    await page.selectOption("#to", "de:08111:6200")

    await page.click("#plan")
    await page.waitForSelector(".trip.active")
    const legs = page.locator("#legs polyline")
    expect(await legs.count()).toBeGreaterThan(0)
    const points = await legs.first().getAttribute("points")
    expect(points?.split(" ").length).toBeGreaterThan(2)
    expect(await page.locator(".trip.active").textContent()).toMatch(/Flughafen\/Messe/)

    // the journal shows the page's own trip request within a poll or two
    await page.waitForFunction(() => document.getElementById("journal")!.textContent!.includes("XML_TRIP"))
    await page.screenshot({ path: path.join(SCREENSHOTS, "trip.png") })
    expect(fs.statSync(path.join(SCREENSHOTS, "trip.png")).size).toBeGreaterThan(20_000)
    await page.locator("#journal").scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SCREENSHOTS, "journal.png") })

    expect(problems).toEqual([])
    expect(foreign).toEqual([])
    await context.close()
  }, 60_000)

  it("serves the JSON listing at / to clients that do not ask for HTML", async () => {
    const answer = await fetch(fake.url)
    expect(answer.headers.get("content-type")).toContain("application/json")
    const html = await fetch(fake.url, { headers: { accept: "text/html" } })
    expect(html.headers.get("content-type")).toContain("text/html")
  })
})

if (!hasChromium) {
  it.skip(`the page at / in headless Chromium: skipped, no Chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`, () => {})
}
