import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const here = Path.dirname(fileURLToPath(import.meta.url))

const occupied = () =>
  new Promise<Http.Server>((resolve) => {
    const server = Http.createServer((_, res) => res.end("someone else"))
    server.listen(0, "127.0.0.1", () => resolve(server))
  })

describe("pnpm start of the browser example (serve.mjs)", () => {
  it("takes free ports when its ports are in use, and prints where to open the page", async () => {
    const [efa, page] = await Promise.all([occupied(), occupied()])
    const port = (server: Http.Server) => String((server.address() as AddressInfo).port)
    const child = spawn(process.execPath, [Path.join(here, "..", "serve.mjs")], {
      cwd: Path.join(here, ".."),
      env: { ...process.env, EFA_PORT: port(efa), PORT: port(page) },
      stdio: ["ignore", "pipe", "pipe"]
    })
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let output = ""
        let errors = ""
        child.stdout.on("data", (chunk) => {
          output += String(chunk)
          if (/^open .*$/m.test(output)) resolve(output)
        })
        child.stderr.on("data", (chunk) => (errors += String(chunk)))
        child.once("exit", (code) => reject(new Error(`serve.mjs exited with ${code}: ${errors}`)))
      })
      expect(printed).toContain(`port ${port(efa)} is in use: the fake EFA server takes a free one`)
      expect(printed).toContain(`port ${port(page)} is in use: the page takes a free one`)
      const open = /^open (http:\/\/127\.0\.0\.1:(\d+)\/)\?efa=(.+)$/m.exec(printed)
      expect(open?.[2]).not.toBe(port(page))
      const fakeUrl = decodeURIComponent(open![3]!)
      const stops = await (await fetch(`${fakeUrl}XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Hbf`)).json()
      expect(stops.locations.length).toBeGreaterThan(0)
    } finally {
      child.kill("SIGTERM")
      efa.close()
      page.close()
    }
  }, 60_000)
})
