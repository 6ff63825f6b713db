import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { readDatasetFile } from "../src/dataset/load.js"
import { answers, DEFAULT_LIMITS, embeddedDatasetPath, loadDataset, PATHS, startServer } from "../src/index.js"
import { admin, call, fake } from "./helpers.js"

const JSON_BODY = { "content-type": "application/json" }

// Extends errors.test.ts (one 414, one 400 for parameters, `__proto__` on the stop finder, one 500, the
// preflight of an operation path) and dataset.test.ts (`..`, absolute names, a link out of the folder).

const copyDataset = (): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-dataset-"))
  for (const file of fs.readdirSync(embeddedDatasetPath)) {
    fs.copyFileSync(path.join(embeddedDatasetPath, file), path.join(folder, file))
  }
  return folder
}

describe("the dataset loader stays inside its folder", () => {
  it.effect("refuses separators, traversal and special names in every spelling", () =>
    Effect.gen(function*() {
      const names = [
        "../../../etc/passwd",
        "..\\package.json",
        "sub\\..\\..\\package.json",
        "./stops.json",
        ".",
        "",
        `${path.resolve(embeddedDatasetPath, "..", "package.json")}`,
        "stops.json/../../package.json"
      ]
      for (const name of names) {
        const result = yield* Effect.either(readDatasetFile(embeddedDatasetPath, name))
        expect(Either.isLeft(result), name).toBe(true)
      }
    }))

  it.effect("does not decode percent-escapes or read through a NUL", () =>
    Effect.gen(function*() {
      for (const name of ["..%2Fpackage.json", "%2e%2e/package.json", "stops.json\u0000.txt"]) {
        const result = yield* Effect.either(readDatasetFile(embeddedDatasetPath, name))
        expect(Either.isLeft(result), name).toBe(true)
      }
    }))

  it.effect("refuses a chain of links that ends outside, and a link to a folder outside", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), "efa-outside-"))
      fs.copyFileSync(path.join(folder, "pois.json"), path.join(outside, "pois.json"))
      fs.rmSync(path.join(folder, "pois.json"))
      // pois.json → hop.json (inside) → outside/pois.json
      fs.symlinkSync(path.join(outside, "pois.json"), path.join(folder, "hop.json"))
      fs.symlinkSync(path.join(folder, "hop.json"), path.join(folder, "pois.json"))
      const chained = yield* Effect.flip(loadDataset(folder))
      expect(chained.file).toBe("pois.json")
      expect(chained.message).toContain("outside")

      fs.rmSync(path.join(folder, "pois.json"))
      fs.symlinkSync(outside, path.join(folder, "pois.json"))
      const directory = yield* Effect.flip(loadDataset(folder))
      expect(directory.file).toBe("pois.json")
      expect(directory.message).toContain("outside")
    }))

  it.effect("follows a link that stays inside, and reads a dataset folder that is itself a link", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      fs.renameSync(path.join(folder, "pois.json"), path.join(folder, "pois.original.json"))
      fs.symlinkSync(path.join(folder, "pois.original.json"), path.join(folder, "pois.json"))
      const linkedFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "efa-link-")), "dataset")
      fs.symlinkSync(folder, linkedFolder)
      const dataset = yield* loadDataset(linkedFolder)
      expect(dataset.pois.length).toBeGreaterThan(0)
    }))

  it.effect("a refused file's content never shows in the error", () =>
    Effect.gen(function*() {
      const folder = copyDataset()
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), "efa-outside-"))
      fs.writeFileSync(path.join(outside, "secret.json"), JSON.stringify({ secret: "s3cr3t-value" }))
      fs.rmSync(path.join(folder, "notices.json"))
      fs.symlinkSync(path.join(outside, "secret.json"), path.join(folder, "notices.json"))
      const error = yield* Effect.flip(loadDataset(folder))
      expect(error.message).not.toContain("s3cr3t")
    }))
})

describe("prototype pollution", () => {
  const polluters = [
    ["__proto__", "x"],
    ["__proto__[polluted]", "1"],
    ["__proto__.polluted", "1"],
    ["constructor", "x"],
    ["constructor[prototype][polluted]", "1"],
    ["constructor.prototype.polluted", "1"],
    ["prototype", "1"],
    ["hasOwnProperty", "1"],
    ["toString", "1"],
    ["valueOf", "1"]
  ] as const

  it("__proto__ and constructor parameters on every path leave Object.prototype alone", async () => {
    const server = fake()
    for (const operationPath of PATHS) {
      const { json, status, text } = await call(server, `/${operationPath}`, polluters)
      expect(status, text).toBeLessThan(500)
      expect(json).toBeTypeOf("object")
    }
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(server.errors).toEqual([])
    // the journal keeps them as plain data
    const journal = (await admin(server, "GET", "journal")).json
    expect(journal[0].params).toEqual(polluters.map(([name, value]) => [name, value]))
  })

  it("__proto__ keys in admin bodies leave Object.prototype alone", async () => {
    const server = fake()
    const bodies: Array<[string, string]> = [
      ["faults", `{"__proto__":{"polluted":true},"sequence":[{"status":503,"__proto__":{"polluted":true}}]}`],
      ["faults", `{"constructor":{"prototype":{"polluted":true}},"sequence":["status=503"]}`],
      ["clock", `{"__proto__":{"polluted":true},"advance":1}`],
      ["clock", `{"now":"2026-03-02T08:00:00Z","constructor":{"prototype":{"polluted":true}}}`]
    ]
    for (const [endpoint, body] of bodies) {
      const response = await server.app.request(`/__admin/${endpoint}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" }
      })
      expect(response.status).toBeLessThan(500)
    }
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe("oversized requests get a 4xx on every path", () => {
  it("a URL over maxUrlLength gets 414 and thousands of parameters get 400, at the exact limits", async () => {
    const server = fake()
    for (const operationPath of PATHS) {
      const prefix = `/${operationPath}?x=`
      const fill = (length: number) => prefix + "a".repeat(length - prefix.length - "http://localhost".length)
      expect((await server.app.request(fill(DEFAULT_LIMITS.maxUrlLength))).status).not.toBe(414)
      const long = await server.app.request(fill(DEFAULT_LIMITS.maxUrlLength + 1))
      expect(long.status).toBe(414)
      expect((await long.json()).error).toBe("uri-too-long")

      const parameters = (n: number) => `/${operationPath}?` + Array.from({ length: n }, (_, i) => `p${i}=1`).join("&")
      const atLimit = await server.app.request(parameters(DEFAULT_LIMITS.maxParameters))
      expect(atLimit.status).toBeLessThan(500)
      expect((await atLimit.json()).error).not.toBe("too-many-parameters")
      // short parameters, so that the URL stays under its limit
      const many = await server.app.request(`/${operationPath}?` + Array(3000).fill("a").join("&"))
      expect(many.status).toBe(400)
      expect((await many.json()).error).toBe("too-many-parameters")
    }
    expect(server.errors).toEqual([])
  })

  it("over a port, an overlong URL gets the fake's 414 and a request head over 64 KiB Node's 431", async () => {
    const started = await startServer({ port: 0, host: "127.0.0.1", onError: () => {} })
    if (Either.isLeft(started)) throw new Error(started.left.message)
    const { close, port } = started.right
    try {
      const base = `http://127.0.0.1:${port}/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=`
      const long = await fetch(base + "x".repeat(20_000))
      expect(long.status).toBe(414)
      expect((await long.json()).error).toBe("uri-too-long")
      const huge = await fetch(base + "x".repeat(70_000))
      expect(huge.status).toBe(431)
      const many = await fetch(base + "x&" + "a&".repeat(3000))
      expect(many.status).toBe(400)
    } finally {
      await close()
    }
  })
})

// A stack frame (`at fn (file:1:2)`, or a line starting with `at `) or a file location. A bare "at " is
// not a leak: messages say "at most 500" and "at least one".
const leaks = (body: string): Array<string> => {
  const found: Array<string> = []
  for (const needle of ["/work", "node_modules", ".ts:", ".js:", "file://", "/home/", "Error:"]) {
    if (body.includes(needle)) found.push(needle)
  }
  if (/(^|\\n|\n)\s*at /.test(body)) found.push("a line starting with at")
  if (/\bat [^\s"]+ \(/.test(body)) found.push("at fn (")
  if (/\.[cm]?[jt]sx?:\d+/.test(body)) found.push("file:line")
  return found
}

describe("error bodies leak no stack traces or file paths", () => {
  it("every kind of error answer", async () => {
    const secret = new Error("failed in /work/main/apps/mock-server/node_modules/x/index.ts:12:5")
    const server = fake({
      answers: {
        trip: {
          ...answers.trip,
          answer: () => {
            throw secret
          }
        },
        opArea: {
          ...answers.opArea,
          answer: () => {
            throw "a thrown string from /work/secret.ts:1:1"
          }
        },
        geoObject: { ...answers.geoObject, answer: () => ({ geometry: "not a geometry" }) as any }
      }
    })
    const requests: Array<[string, RequestInit?]> = [
      ...PATHS.map((p): [string] => [`/${p}?outputFormat=XML&unknown=1`]),
      ["/XML_TRIP_REQUEST2?type_origin=any&name_origin=a&type_destination=any&name_destination=b"],
      ["/XML_OPAREA_REQUEST?opareaSM=ALL"],
      ["/XML_GEOOBJECT_REQUEST?line=vvs:10001:+:H"],
      ["/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=x", { headers: { "x-efa-fault": "status=500" } }],
      ["/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=x", { headers: { "x-efa-fault": "status=503;retry-after=1" } }],
      ["/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=x", { headers: { "x-efa-fault": "nonsense=%%" } }],
      ["/XML_STOPFINDER_REQUEST?" + "a=1&".repeat(600)],
      ["/XML_STOPFINDER_REQUEST?name_sf=" + "y".repeat(9000)],
      ["/XML_STOPFINDR_REQUEST"],
      ["/nowhere/at/all"],
      ["/XML_STOPFINDER_REQUEST", { method: "PUT" }],
      ["/__admin/nothing"],
      ["/__admin/faults", { method: "POST", body: "{not json", headers: JSON_BODY }],
      ["/__admin/faults", { method: "POST", body: `{"sequence":[{"status":42}]}`, headers: JSON_BODY }],
      ["/__admin/clock", { method: "POST", body: `{"now":"never"}`, headers: JSON_BODY }],
      ["/__admin/clock", { method: "POST", body: `{"now":"2026-03-02T09:00:00Z"}` }],
      ["/__admin/journal?since=abc"],
      ["/__admin/faults", { method: "POST", body: "x".repeat(1024 * 1024 + 10), headers: JSON_BODY }],
      ["/", { method: "DELETE" }]
    ]
    const statuses = new Set<number>()
    for (const [url, init] of requests) {
      const response = await server.app.request(url, init)
      const text = await response.text()
      statuses.add(response.status)
      expect(response.status, url).toBeGreaterThanOrEqual(400)
      expect(leaks(text), `${url}: ${text.slice(0, 300)}`).toEqual([])
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 404, 405, 413, 414, 415, 500, 503]))
    // the details went to the server's log
    expect(server.errors).toHaveLength(3)
  })
})

describe("CORS for a browser app on another origin", () => {
  const origin = "https://app.example"

  it("preflights pass on operation and unknown paths, reflecting the requested headers", async () => {
    const server = fake()
    for (
      const [url, method] of [
        ["/XML_TRIP_REQUEST2", "GET"],
        ["/openapi.json", "GET"],
        ["/XML_NOT_AN_OPERATION", "GET"]
      ]
    ) {
      const response = await server.app.request(url!, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": method!,
          "access-control-request-headers": "content-type, x-efa-fault"
        }
      })
      expect(response.status, url).toBe(204)
      expect(response.headers.get("access-control-allow-origin")).toBe("*")
      expect(response.headers.get("access-control-allow-methods")).toContain(method)
      expect(response.headers.get("access-control-allow-headers")).toBe("content-type,x-efa-fault")
    }
    // preflights are not journaled
    expect(server.state.journal()).toEqual([])
  })

  it("answers of every kind carry the CORS headers and expose Retry-After and the sequence number", async () => {
    const server = fake()
    const init = { headers: { origin } }
    const answersOfEveryKind = [
      await server.app.request("/XML_OPAREA_REQUEST?opareaSM=ALL", init),
      await server.app.request("/XML_OPAREA_REQUEST?opareaSM=NONE", init),
      await server.app.request("/XML_OPAREA_REQUEST?opareaSM=ALL", {
        headers: { origin, "x-efa-fault": "status=429;retry-after=3" }
      }),
      await server.app.request("/XML_OPAREA_REQUEST?" + "a&".repeat(600), init),
      await server.app.request("/XML_OPAREA_REQUEST", { method: "POST", ...init }),
      await server.app.request("/XML_NOPE", init),
      await server.app.request("/openapi.json", init),
      await server.app.request("/", init)
    ]
    for (const response of answersOfEveryKind) {
      expect(response.headers.get("access-control-allow-origin"), String(response.status)).toBe("*")
      const exposed = response.headers.get("access-control-expose-headers")?.split(",") ?? []
      expect(exposed).toEqual(expect.arrayContaining(["retry-after", "x-efa-mock-seq"]))
    }
    expect(answersOfEveryKind[2]!.headers.get("retry-after")).toBe("3")
  })

  it("a browser's flow over a port: preflight, then the GET with the fault header", async () => {
    const started = await startServer({ port: 0, host: "127.0.0.1", onError: () => {} })
    if (Either.isLeft(started)) throw new Error(started.left.message)
    const { close, port } = started.right
    try {
      const url = `http://127.0.0.1:${port}/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Feuersee`
      const preflight = await fetch(url, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "x-efa-fault" }
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get("access-control-allow-headers")).toBe("x-efa-fault")
      const answer = await fetch(url, { headers: { origin, "x-efa-fault": "status=503;retry-after=2" } })
      expect(answer.status).toBe(503)
      expect(answer.headers.get("access-control-allow-origin")).toBe("*")
      expect(answer.headers.get("retry-after")).toBe("2")
      const ok = await fetch(url, { headers: { origin } })
      expect(ok.status).toBe(200)
      expect(ok.headers.get("access-control-allow-origin")).toBe("*")
      expect(Number(ok.headers.get("x-efa-mock-seq"))).toBeGreaterThan(0)
    } finally {
      await close()
    }
  })
})
