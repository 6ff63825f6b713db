import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { embeddedDatasetPath, type RunningServer, startServer } from "../src/index.js"

const withServer = async (run: (server: RunningServer) => Promise<void>) => {
  const started = await startServer({ port: 0, host: "127.0.0.1", onError: () => {} })
  if (Either.isLeft(started)) throw new Error(started.left.message)
  try {
    await run(started.right)
  } finally {
    await started.right.close()
  }
}

const brokenDataset = (): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-dataset-"))
  for (const file of fs.readdirSync(embeddedDatasetPath)) {
    fs.copyFileSync(path.join(embeddedDatasetPath, file), path.join(folder, file))
  }
  const stops = JSON.parse(fs.readFileSync(path.join(folder, "stops.json"), "utf8"))
  stops[2].coord.lat = 123
  fs.writeFileSync(path.join(folder, "stops.json"), JSON.stringify(stops))
  return folder
}

describe("server on a port", () => {
  it("serves the fake on a real socket", () =>
    withServer(async ({ port }) => {
      const query = "outputFormat=JSON&type_sf=any&name_sf=Stuttgart%20Hbf"
      const response = await fetch(`http://127.0.0.1:${port}/XML_STOPFINDER_REQUEST?${query}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
      const json = await response.json()
      expect(json.locations[0].id).toBe("de:08111:6118")
    }))

  it("destroys the connection for the drop fault, and keeps serving", () =>
    withServer(async ({ port }) => {
      const url = `http://127.0.0.1:${port}/XML_OPAREA_REQUEST?opareaSM=ALL`
      await expect(fetch(url, { headers: { "x-efa-fault": "drop" } })).rejects.toThrow(TypeError)
      expect((await fetch(url)).status).toBe(200)
    }))

  it("answers a URL longer than the limit with 414 JSON", () =>
    withServer(async ({ port }) => {
      const response = await fetch(`http://127.0.0.1:${port}/XML_STOPFINDER_REQUEST?name_sf=${"a".repeat(30_000)}`)
      expect(response.status).toBe(414)
      expect((await response.json()).error).toBe("uri-too-long")
    }))

  it("does not start with an invalid dataset, and names the file and the path", async () => {
    const result = await startServer({ port: 0, datasetFolder: brokenDataset() })
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) {
      expect(result.left.file).toBe("stops.json")
      expect(result.left.path).toBe("[2].coord.lat")
    }
  })

  const main = fileURLToPath(new URL("../dist/main.js", import.meta.url))
  it.runIf(fs.existsSync(main))("exits with code 1 and the file and path when the dataset is invalid", async () => {
    const args = [main, "--port", "0", "--dataset", brokenDataset()]
    const { code, stderr } = await new Promise<{ code: unknown; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        args,
        (error, _out, stderr) => resolve({ code: error === null ? 0 : error.code, stderr })
      )
    })
    expect(code).toBe(1)
    expect(stderr).toContain("stops.json")
    expect(stderr).toContain("[2].coord.lat")
    // a process of its own: on a busy machine its start alone can take longer than Vitest's default 5 s
  }, 60_000)
})
