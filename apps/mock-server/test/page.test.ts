import { AddInfo, Departures, StopFinder, Trip } from "@efa-kit/core"
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

    // the live board of the first stop: the fake's departures with line, destination, platform and status
    await page.waitForSelector("#board .dep")
    expect(await page.locator("#board .dep").count()).toBe(10)
    expect(await page.locator("#board .dep").first().textContent()).toMatch(/^\d\d:\d\d/)
    expect(await page.locator("#board .dep").first().textContent()).toMatch(/(on time|\+\d+ min)$/)
    await page.selectOption("#boardStop", "de:08116:2400")
    await page.waitForFunction(() => document.getElementById("board")!.textContent!.includes("Plochingen"))
    await page.locator("#board").scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SCREENSHOTS, "board.png") })

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

  it.each([
    { device: "desktop", width: 1400, height: 900 },
    { device: "phone", width: 390, height: 844 }
  ])(
    "at $device width ($width px): the map keeps its size, times are written one way, links lead to the APIs",
    async ({ device, height, width }) => {
      // a browser whose own locale writes dates another way (03/02/2026, 08:30 AM)
      const context = await browser.newContext({
        viewport: { width, height },
        locale: "en-US",
        timezoneId: "America/New_York"
      })
      const page = await context.newPage()
      const problems: Array<string> = []
      page.on("pageerror", (error) => problems.push(error.message))
      await page.goto(fake.url)
      await page.waitForSelector("#stops circle")
      await page.waitForFunction(() => !document.getElementById("meta")!.textContent!.includes("loading"))

      const map = await page.locator("#map").boundingBox()
      expect(map!.width).toBeGreaterThanOrEqual(width < 760 ? width - 2 : width - 400)
      expect(map!.height).toBeGreaterThanOrEqual(height * 0.5)
      // nothing wider than the screen: a column sized by its content would push the panel and the map out
      expect(map!.width).toBeLessThanOrEqual(width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      // the map's stop labels keep their size on the screen, a phone's narrow map included
      const label = await page.locator("#labels .stoplabel:visible").first().boundingBox()
      expect(label!.height).toBeGreaterThanOrEqual(10)
      // the board says the fake's time (08:30 in Berlin), not the browser's (New York's, or its wall clock)
      await page.waitForSelector("#board .dep")
      await page.waitForFunction(() => document.getElementById("boardState")!.textContent !== "")
      expect(await page.locator("#boardState").textContent()).toBe("live, as of 2026-03-02 08:30")
      // the board's events under their date
      expect(await page.locator("#board .day").first().textContent()).toBe("2026-03-02")

      await page.click("#plan")
      await page.waitForSelector(".trip.active")
      await page.screenshot({ path: path.join(SCREENSHOTS, `${device}.png`), fullPage: true })
      const text = await page.locator("body").innerText()
      // the deployment's wall clock, ISO date and 24-hour time: the fake's now is 2026-03-02 08:30 in Berlin
      expect(await page.locator("#meta").textContent()).toContain("now 2026-03-02 08:30 (Europe/Berlin)")
      expect(await page.inputValue("#when")).toBe("2026-03-02 08:30")
      expect(await page.locator(".trip b").first().textContent()).toMatch(/^\d\d:\d\d – \d\d:\d\d$/)
      // each trip with its date: a trip of the next day is no repeat
      expect(await page.locator(".trip .sub").first().textContent()).toMatch(/^2026-03-02 · \d+ min/)

      // the map's labels, the trip's own among them, do not overlap one another
      const boxes = await page.evaluate(() =>
        Array.from(document.querySelectorAll<SVGTextElement>("#labels text, #hllabels text"))
          .filter((label) => label.style.display !== "none")
          .map((label) => label.getBoundingClientRect())
          .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }))
      )
      expect(boxes.length).toBeGreaterThan(2)
      const overlapping = boxes.flatMap((a, i) =>
        boxes.slice(i + 1).filter((b) =>
          a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1
        )
      )
      expect(overlapping).toEqual([])
      // the journal's lines are shown whole, wrapped, not cut
      await page.waitForSelector("#journal div")
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("#journal div")).filter((line) =>
          line.scrollWidth > line.clientWidth + 1
        ).length
      )
      expect(cut).toBe(0)
      expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{4}\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b|\b(AM|PM)\b/)

      for (const [id, type] of [["#openapi-link", "openapi"], ["#admin-link", "health"]] as const) {
        const href = await page.locator(id).getAttribute("href")
        const answer = await fetch(new URL(href!, fake.url))
        expect(answer.status, id).toBe(200)
        const json = await answer.json()
        expect(type === "openapi" ? json.openapi : json.status).toBeDefined()
        expect(await page.locator(id).isVisible()).toBe(true)
      }
      expect(problems).toEqual([])
      await context.close()
    },
    60_000
  )

  it("serves the JSON listing at / to clients that do not ask for HTML", async () => {
    const answer = await fetch(fake.url)
    expect(answer.headers.get("content-type")).toContain("application/json")
    const html = await fetch(fake.url, { headers: { accept: "text/html" } })
    expect(html.headers.get("content-type")).toContain("text/html")
  })
})

// Markup and script in every field the page shows; any script that runs sets `window.__pwned`.
const hostile = (n: number) => `<img src=x onerror="window.__pwned=${n}"><script>window.__pwned=${n}</script>`
const HOSTILE_NAME = "<img src=x onerror=window.__pwned=100>"

const recording = (params: Record<string, string>, path: string, body: unknown) => ({
  request: { path, params: Object.entries({ outputFormat: "JSON", ...params }) },
  response: { status: 200, contentType: "application/json; charset=utf-8", body }
})

const hostileLeg = (n: number) => ({
  mode: { mot: `"><img src=x onerror=window.__pwned=${n}>`, name: `Bus ${hostile(n + 1)}` },
  origin: { id: "de:08111:6118", name: hostile(n + 2), departureTimePlanned: hostile(n + 3) },
  destination: { id: "de:08111:6200", name: hostile(n + 4), arrivalTimePlanned: "2026-03-10T08:00:00Z" }
})

/** A folder of recordings whose answers carry markup in every field the page shows. */
const hostileRecordings = (from: string, to: string, board: string): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-hostile-page-"))
  const files = {
    "stops.json": recording(
      { type_sf: "any", name_sf: HOSTILE_NAME, anyMaxSizeHitList: "8" },
      StopFinder.operation.path,
      {
        locations: [{
          id: hostile(1),
          name: hostile(2),
          type: hostile(3),
          matchQuality: hostile(4),
          coord: { lat: `"><img src=x onerror=window.__pwned=5>`, lon: hostile(6) }
        }]
      }
    ),
    "trip.json": recording(
      {
        type_origin: "any",
        name_origin: from,
        type_destination: "any",
        name_destination: to,
        tripReductionMacro: "1",
        calcNumberOfTrips: "4"
      },
      Trip.operation.path,
      { trips: [{ duration: hostile(10), interchange: hostile(11), legs: [hostileLeg(20), hostileLeg(30)] }] }
    ),
    "board.json": recording(
      { mode: "direct", type_dm: "any", name_dm: board, useRealtime: "1", limit: "10", itdDateTimeDepArr: "dep" },
      Departures.operation.path,
      {
        events: [{
          departureTimePlanned: hostile(50),
          departureTimeEstimated: hostile(51),
          lineName: hostile(52),
          mode: { mot: `"><img src=x onerror=window.__pwned=53>` },
          destination: { name: hostile(54) },
          platform: hostile(55),
          plannedPlatform: hostile(56),
          cancelled: hostile(57)
        }],
        locations: []
      }
    ),
    "notices.json": recording({ filterPublicationStatus: "current" }, AddInfo.operation.path, {
      infos: [{ title: hostile(40), validFrom: hostile(41), validTo: hostile(42), type: hostile(43) }]
    })
  }
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(folder, file), JSON.stringify(content))
  }
  return folder
}

describe.skipIf(!hasChromium)("the page at / with hostile answers replayed, in headless Chromium", () => {
  const from = "de:08116:7720"
  const to = "de:08111:6200"
  // the first stop of the network, which the board shows first
  const board = "de:08111:6118"
  let fake: StartedMockServer
  let browser: Awaited<ReturnType<typeof chromium.launch>>

  beforeAll(async () => {
    fake = await startMockServer({ replay: hostileRecordings(from, to, board) })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS], headless: true })
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await fake?.close()
  })

  it(
    "shows markup of answers, error messages and the journal as text: no element is made, no script runs",
    async () => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
      const page = await context.newPage()
      const errors: Array<string> = []
      page.on("pageerror", (error) => errors.push(error.message))

      await page.goto(fake.url)
      await page.waitForSelector("#stops circle")
      await page.waitForSelector(".notice")
      expect(await page.locator(".notice b").textContent()).toBe(hostile(40))
      await page.waitForSelector("#board .dep")
      expect(await page.locator("#board .dep .badge").textContent()).toBe(hostile(52))
      expect(await page.locator("#board .dep .dest").textContent()).toBe(hostile(54))
      expect(await page.locator("#board .dep .pl").textContent()).toBe(hostile(55))

      // A search that is not recorded: the 404's message repeats what was sent.
      await page.fill("#search", "<script>window.__pwned=200</script>")
      await page.waitForSelector("#hits li.error")
      expect(await page.locator("#hits li.error").textContent()).toContain("<script>window.__pwned=200</script>")
      await page.fill("#search", HOSTILE_NAME)
      await page.waitForSelector("li.hit")
      expect(await page.locator("li.hit span").first().textContent()).toBe(hostile(2))
      expect(await page.locator("li.hit .q").textContent()).toBe(`${hostile(3)} · ${hostile(4)}`)

      await page.selectOption("#from", from)
      await page.selectOption("#to", to)
      await page.fill("#when", "")
      await page.click("#plan")
      await page.waitForSelector(".trip.active")
      expect(await page.locator(".trip .sub").textContent()).toContain(hostile(11))
      expect(await page.locator(".trip .leg").first().textContent()).toContain(hostile(22))
      await page.waitForFunction(
        (name) => document.getElementById("journal")!.textContent!.includes(name),
        HOSTILE_NAME
      )
      await page.screenshot({ path: path.join(SCREENSHOTS, "hostile.png") })

      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
      // Only the page's own two scripts; no image and no element an answer named.
      expect(await page.locator("script").count()).toBe(2)
      expect(await page.locator("img").count()).toBe(0)
      expect(errors).toEqual([])
      await context.close()
    },
    60_000
  )

  it("its Content-Security-Policy stops markup that got in anyway from running script or reaching out", async () => {
    const answer = await fetch(fake.url, { headers: { accept: "text/html" } })
    const policy = answer.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("default-src 'none'")
    expect(policy).toMatch(/script-src 'sha256-[\w+/=]+'(;|$)/)
    expect(policy).toContain("connect-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")

    const context = await browser.newContext()
    const page = await context.newPage()
    const violations: Array<string> = []
    await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive))
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        ;(window as unknown as { reportViolation: (d: string) => void }).reportViolation(event.effectiveDirective)
      })
    })
    await page.goto(fake.url)
    await page.waitForSelector("#stops circle")
    // Markup put in as HTML, as a page that did not escape would: the policy refuses its handler.
    await page.evaluate(() => {
      const div = document.createElement("div")
      div.innerHTML = `<img src="data:," onerror="window.__pwned=1"><iframe src="https://evil.example/"></iframe>`
      document.body.append(div)
    })
    await page.waitForFunction(() => true)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(violations).toEqual(expect.arrayContaining(["script-src-attr", "frame-src"]))
    await context.close()
  }, 60_000)
})

if (!hasChromium) {
  it.skip(`the page at / in headless Chromium: skipped, no Chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`, () => {})
}
