// A static server for the page and its bundle: index.html and dist/, nothing else.
import * as Fs from "node:fs/promises"
import * as Http from "node:http"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const here = Path.dirname(fileURLToPath(import.meta.url))
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".map": "application/json" }

/** Serves the page on `port` (0 picks a free one) of 127.0.0.1; rejects when the port is in use. */
export const servePage = (port) =>
  new Promise((resolve, reject) => {
    const server = Http.createServer(async (req, res) => {
      const path = new URL(req.url ?? "/", "http://localhost").pathname
      const file = path === "/" ? "index.html" : path.slice(1)
      if (!(file === "index.html" || /^dist\/[\w.-]+$/.test(file))) {
        res.writeHead(404).end()
        return
      }
      try {
        const body = await Fs.readFile(Path.join(here, file))
        res.writeHead(200, { "content-type": types[Path.extname(file)] ?? "application/octet-stream" }).end(body)
      } catch {
        res.writeHead(404).end()
      }
    })
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        close: () => new Promise((done) => server.close(() => done()))
      })
    })
  })
