import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

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

describe("the efa-mock-server command from the sources (what pnpm start runs)", () => {
  it("says first what it does, then serves the operations, the admin API and the page", async () => {
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
  }, 60_000)

  it("says how to choose another port, --port 0 included, when the port is in use", async () => {
    const started = await startCommand(["--from-source", "--", "--port", "0", "--host", "127.0.0.1"])
    try {
      const port = new URL(started.url).port
      await expect(startCommand(["--from-source", "--", "--port", port, "--host", "127.0.0.1"])).rejects.toThrow(
        new RegExp(`efa-mock-server: port ${port} is in use \\(EADDRINUSE\\): .*--port 0 for a free one`)
      )
    } finally {
      await started.stop()
    }
  }, 60_000)

  it("stops with exit code 1 and a message on a bad option", async () => {
    await expect(startCommand(["--from-source", "--proxy", "ftp://nowhere"])).rejects.toThrow(
      /--proxy needs an http\(s\) URL/
    )
  }, 60_000)
})
