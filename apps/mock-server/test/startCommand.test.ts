import { execFile, spawn } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { smallFeed } from "./support/gtfsFeed.js"

const bin = fileURLToPath(new URL("../bin/efa-mock-server.mjs", import.meta.url))

/** Runs the command until it prints its URL; resolves to what it printed and the URL. */
const startCommand = (args: ReadonlyArray<string>) =>
  new Promise<{ readonly lines: Array<string>; readonly url: string; readonly stop: () => Promise<number | null> }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] })
      const lines: Array<string> = []
      let errors = ""
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
      child.stderr.on("data", (chunk) => (errors += String(chunk)))
      child.stdout.on("data", (chunk: Buffer) => {
        lines.push(...String(chunk).split("\n").filter((line) => line !== ""))
        const listening = lines.find((line) => line.includes("listening on "))
        if (listening !== undefined) {
          resolve({
            lines,
            url: listening.slice(listening.indexOf("http")),
            stop: () => {
              child.kill("SIGTERM")
              return exited
            }
          })
        }
      })
      void exited.then((code) => reject(new Error(`the command exited with ${code}: ${errors}`)))
    }
  )

// One test starts the command from the sources, as `pnpm start` does (it bundles them first, which costs a
// second of CPU); the others run it on the build that `pnpm test` makes, as an installed package does: its
// options and messages are the same either way.
describe("the efa-mock-server command", () => {
  it(
    "from the sources (what pnpm start runs) says first what it does, then serves the operations, the admin API and the page",
    async () => {
      const started = await startCommand(["--from-source", "--", "--port", "0", "--host", "127.0.0.1"])
      try {
        expect(started.lines[0]).toMatch(/^efa-mock-server: bundling the sources/)
        const url = started.url.replace("localhost", "127.0.0.1")
        const stops = await (await fetch(`${url}XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Hbf`)).json()
        expect(stops.locations.length).toBeGreaterThan(0)
        const page = await fetch(url, { headers: { accept: "text/html" } })
        expect(await page.text()).toContain("<svg")
      } finally {
        expect(await started.stop()).toBe(0)
      }
    },
    60_000
  )

  it("says how to choose another port, --port 0 included, when the port is in use", async () => {
    const started = await startCommand(["--port", "0", "--host", "127.0.0.1"])
    try {
      const port = new URL(started.url).port
      await expect(startCommand(["--port", port, "--host", "127.0.0.1"])).rejects.toThrow(
        new RegExp(`efa-mock-server: port ${port} is in use \\(EADDRINUSE\\): .*--port 0 for a free one`)
      )
    } finally {
      await started.stop()
    }
  }, 60_000)

  it("stops with exit code 1 and a message on a bad option", async () => {
    await expect(startCommand(["--proxy", "ftp://nowhere"])).rejects.toThrow(
      /--proxy needs an http\(s\) URL/
    )
  }, 60_000)
})

const sampleFeed = path.join(
  path.dirname(createRequire(import.meta.url).resolve("sample-gtfs-feed/package.json")),
  "gtfs.zip"
)

const runCommand = (args: ReadonlyArray<string>) =>
  new Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : (error as { code?: number }).code ?? 1, stdout, stderr })
    )
  })

describe("the efa-mock-server command on a GTFS feed", () => {
  it("serves the feed with --gtfs and says what it filled in", async () => {
    const started = await startCommand(["--gtfs", sampleFeed, "--port", "0", "--host", "127.0.0.1"])
    try {
      const board = await (await fetch(
        `${started.url}XML_DM_REQUEST?outputFormat=rapidJSON&type_dm=any&name_dm=airport&mode=direct&itdDate=20190309&itdTime=1300`
      )).json()
      expect(board.stopEvents[0]).toMatchObject({
        departureTimePlanned: "2019-03-09T12:14:00Z",
        transportation: { number: "Babbage" }
      })
      // the banner's lines come right after the URL
      expect(started.lines.join("\n")).toContain("(4 stops, 4 lines, 26 trips) from the GTFS feed")
      expect(started.lines.join("\n")).toContain("no fare_attributes.txt: trips carry no fares")
    } finally {
      expect(await started.stop()).toBe(0)
    }
  }, 60_000)

  it(
    "writes a dataset folder with dataset from-gtfs, and a broken feed stops it with file, line and field",
    async () => {
      const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "from-gtfs-")), "dataset")
      const written = await runCommand(["dataset", "from-gtfs", sampleFeed, folder])
      expect(written.code).toBe(0)
      expect(fs.readdirSync(folder)).toContain("timetable.json")
      const broken = fs.mkdtempSync(path.join(os.tmpdir(), "broken-gtfs-"))
      fs.writeFileSync(
        path.join(broken, "agency.txt"),
        "agency_name,agency_url,agency_timezone\nA,https://a.example,Europe/Berlin\n"
      )
      const failed = await runCommand(["--gtfs", broken, "--port", "0"])
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain("cannot load the GTFS feed: GTFS file stops.txt: missing in the feed")
      expect(failed.stderr).not.toContain("    at ")
    },
    60_000
  )

  it(
    "dataset from-gtfs past a bound writes nothing and names the bound; --gtfs-limit raises it",
    async () => {
      const feed = smallFeed({
        "frequencies.txt": "trip_id,start_time,end_time,headway_secs\nt1,00:00:00,24:00:00,5\n"
      })
      const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "from-gtfs-")), "dataset")
      const refused = await runCommand(["dataset", "from-gtfs", feed, folder])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(
        "GTFS file frequencies.txt line 2 field headway_secs: 17280 trips from 00:00:00 to 24:00:00 every 5 s"
      )
      expect(fs.existsSync(folder)).toBe(false)
      expect(fs.readdirSync(path.dirname(folder))).toEqual([])
      const bad = await runCommand(["dataset", "from-gtfs", feed, folder, "--gtfs-limit", "maxTrips"])
      expect(bad.stderr).toContain("--gtfs-limit takes <name>=<whole number>, got \"maxTrips\"")
      const raised = await runCommand([
        "dataset",
        "from-gtfs",
        feed,
        folder,
        "--gtfs-limit",
        "maxFrequencyRuns=20000"
      ])
      expect(raised.code).toBe(0)
      expect(fs.readdirSync(path.dirname(folder))).toEqual(["dataset"])
    },
    120_000
  )
})
