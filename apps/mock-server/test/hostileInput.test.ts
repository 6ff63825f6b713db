// The fake's test tools under input from an attacker or a careless user: stubs, recordings, the proxy,
// the admin API over a port, recording itself.
import { Either } from "effect"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it, vi } from "vitest"
import { Recorder } from "../src/http/upstream/recorder.js"
import { secretNames } from "../src/http/upstream/recording.js"
import { guardedListener, type RunningServer, startServer } from "../src/server.js"
import { startMockServer } from "../src/start.js"
import { openFixture } from "../src/vitest.js"
import { admin, call, dataset, fake } from "./helpers.js"

const STOP_FINDER = "XML_STOPFINDER_REQUEST"
const stopFinder = { outputFormat: "JSON", type_sf: "any", name_sf: "Stuttgart Hbf" }
const tempFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), "efa-hostile-"))

const recordingFile = (response: Record<string, unknown>, params: Array<[string, string]> = [["a", "1"]]) =>
  JSON.stringify({ request: { path: STOP_FINDER, params }, response })

const replayFolder = (files: Record<string, string>): string => {
  const folder = tempFolder()
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text)
  return folder
}

const originalListen = http.Server.prototype.listen

const running: Array<{ close: () => Promise<void> }> = []
afterEach(async () => {
  for (const server of running.splice(0)) await server.close()
})

const onPort = async (options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> => {
  const started = await startServer({ dataset, port: 0, onError: () => undefined, ...options })
  const server = Either.getOrThrow(started)
  running.push(server)
  return server
}

/** A GET over a port with a `Host` header of our choosing (fetch does not let one set it). */
const rawRequest = (
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    request.on("error", reject)
    request.end(body)
  })

describe("headers are checked where they enter", () => {
  it("a stub whose content type or headers HTTP cannot carry is refused with 400 naming the field", async () => {
    const server = fake()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contentType: "text/plain; charset=☃" }, "response.contentType"],
      [{ contentType: "text/plain\r\nset-cookie: a=b" }, "response.contentType"],
      [{ headers: { "x-note": "one\ntwo" } }, "response.headers"],
      [{ headers: { "bad name": "x" } }, "is not a valid header name"],
      [{ headers: { "content-length": "1" } }, "set by the server"],
      [{ headers: { "Transfer-Encoding": "chunked" } }, "set by the server"]
    ]
    for (const [response, named] of cases) {
      const added = await admin(server, "POST", "stubs", {
        request: { path: STOP_FINDER },
        response: { ...response, body: "x" }
      })
      expect(added.status, JSON.stringify(response)).toBe(400)
      expect(added.json.message).toContain(named)
    }
    expect((await admin(server, "GET", "stubs")).json).toEqual([])
  })

  it("over a port, the request a bad stub would have broken is answered, and so are the next ones", async () => {
    const server = await onPort()
    const refused = await rawRequest(
      server.port,
      "/__admin/stubs",
      { "content-type": "application/json" },
      "POST",
      JSON.stringify({ request: { path: STOP_FINDER }, response: { contentType: "text/plain; charset=☃" } })
    )
    expect(refused.status).toBe(400)
    const answer = await rawRequest(server.port, `/${STOP_FINDER}?${new URLSearchParams(stopFinder)}`)
    expect(answer.status).toBe(200)
  })

  it("a replay file whose content type holds CR/LF stops the start, naming the file", async () => {
    const folder = replayFolder({
      "crlf.json": recordingFile({ status: 200, contentType: "text/plain\r\nx-injected: 1", bodyText: "x" })
    })
    await expect(startMockServer({ dataset, replay: folder })).rejects.toThrow(
      /recording crlf\.json: response\.contentType/
    )
  })

  it("an upstream answer with a header that cannot be sent on is a 502 naming the header", async () => {
    const proxy = fake({
      proxy: {
        baseUrl: "http://upstream.test/",
        // a fetch of our own: Node's never gives such a header, a hand-made transport may
        fetch: () =>
          Promise.resolve({
            status: 200,
            headers: { get: (name: string) => (name === "content-type" ? "text/plain; x=\u2603" : null) },
            body: null
          } as unknown as Response)
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(502)
    expect(answer.json.error).toBe("upstream-invalid-answer")
    expect(answer.json.message).toContain("content-type")
  })

  it("a failure while the server writes an answer, after the handler, gets a 500 and the process lives on", async () => {
    const errors: Array<unknown> = []
    const server = await onPort({ onError: (error) => errors.push(error) })
    // An answer the adapter can only fail to write: its headers are checked when written, not before.
    server.app.get(
      "/__test/unwritable",
      () => new Response("x", { headers: { "content-type": "text/plain; charset=\u2603" } })
    )
    const broken = await rawRequest(server.port, "/__test/unwritable")
    expect(broken.status).toBe(500)
    expect(JSON.parse(broken.body).error).toBe("internal-error")
    expect(String(errors[0])).toContain("Invalid character")
    const next = await rawRequest(server.port, `/${STOP_FINDER}?${new URLSearchParams(stopFinder)}`)
    expect(next.status).toBe(200)
  })

  it("the guarded listener turns a rejected or thrown listener into a 500", async () => {
    const errors: Array<unknown> = []
    const listener = guardedListener(
      () => Promise.reject(new Error("after the handler")),
      (error) => errors.push(error)
    )
    const server = http.createServer(listener)
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
    try {
      const answer = await rawRequest((server.address() as AddressInfo).port, "/x")
      expect(answer.status).toBe(500)
      expect(errors).toHaveLength(1)
    } finally {
      await new Promise((done) => server.close(done))
    }
  })
})

describe("answers of stubs, recordings and the upstream are inert in a browser", () => {
  it("one that is not JSON gets a sandboxing Content-Security-Policy and nosniff; JSON is left alone", async () => {
    const server = fake()
    await admin(server, "POST", "stubs", {
      request: { path: STOP_FINDER, params: { name_sf: "html" } },
      response: { contentType: "text/html", body: "<script>parent.pwned = 1</script>" }
    })
    const html = await call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: "html" })
    expect(html.headers.get("content-security-policy")).toContain("sandbox")
    expect(html.headers.get("x-content-type-options")).toBe("nosniff")
    await admin(server, "POST", "stubs", { request: { path: STOP_FINDER }, response: { json: { locations: [] } } })
    const json = await call(server, `/${STOP_FINDER}`, stopFinder)
    expect(json.headers.get("content-security-policy")).toBeNull()
  })
})

describe("patterns match in linear time", () => {
  // Each of these took the old matcher (backtracking) from seconds to hours; none has an end in sight
  // at this length. With RE2's engine they are answered as any other request.
  const catastrophic = ["^(a+)+$", "^(a|aa)+$", "^(a|a?)+$", "(x+x+)+y"]
  const value = "a".repeat(64) + "!"

  it("a stub's backtracking pattern neither blocks a request nor the next one", async () => {
    const server = fake()
    for (const pattern of catastrophic) {
      const added = await admin(server, "POST", "stubs", {
        request: { path: STOP_FINDER, params: { name_sf: { matches: pattern } } },
        response: { json: { locations: [] } }
      })
      expect(added.status).toBe(201)
    }
    const answer = await call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: value })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-efa-mock-stub")).toBeNull() // no stub matched: the dataset answered
    const matched = await call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: "aaaa" })
    expect(matched.json).toEqual({ locations: [] })
  })

  it("verification with a backtracking pattern over a full journal answers, with its near misses", async () => {
    const server = fake()
    for (let i = 0; i < 50; i++) await call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: value })
    for (const pattern of catastrophic) {
      const verified = await admin(server, "POST", "verify", {
        request: { path: STOP_FINDER, params: { name_sf: { matches: pattern } } }
      })
      expect(verified.status).toBe(200)
      expect(verified.json.ok).toBe(false)
      expect(verified.json.nearMisses).toHaveLength(3)
    }
  })

  it("RE2's syntax: lookaround and backreferences are refused with a 400 that says so", async () => {
    const server = fake()
    for (const pattern of ["(a)\\1", "^(?=Stutt)", "(?<!x)y"]) {
      const added = await admin(server, "POST", "stubs", {
        request: { params: { name_sf: { matches: pattern } } },
        response: { json: { locations: [] } }
      })
      expect(added.status, pattern).toBe(400)
      expect(added.json.message).toContain("not a pattern RE2 takes")
    }
    const anchored = await admin(server, "POST", "stubs", {
      request: { path: STOP_FINDER, params: { name_sf: { matches: "^Stutt(gart)?\\b" } } },
      response: { json: { locations: [] } }
    })
    expect(anchored.status).toBe(201)
    expect((await call(server, `/${STOP_FINDER}`, stopFinder)).json).toEqual({ locations: [] })
  })
})

/** An upstream that echoes the URL and the API-key header it got, in JSON and as text. */
const echoingUpstream = (format: "json" | "xml") => (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(String(input))
  const header = new Headers(init?.headers).get("x-api-key") ?? ""
  const body = format === "json"
    ? JSON.stringify({
      locations: [{ id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof" }],
      request: url.href,
      echo: { apiKey: header, url: url.search },
      parameters: [{ name: "key", value: url.searchParams.get("key") }],
      note: `called with ${header}`
    })
    : `<efa><request url="${url.href.replace(/&/g, "&amp;")}"/><stop id="de:08111:6118"/><h>${
      header.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
    }</h></efa>`
  return Promise.resolve(
    new Response(body, { headers: { "content-type": format === "json" ? "application/json" : "text/xml" } })
  )
}

describe("secrets are removed by their place, in every encoding", () => {
  const KEY = "Zm9vYmFy+/K3y=="
  const HEADER = `se"cr\\et<&>-1234567`
  const SHORT_KEY = "08111"

  const recordThrough = async (format: "json" | "xml", query: Array<[string, string]>) => {
    const folder = tempFolder()
    const proxy = fake({
      record: folder,
      proxy: {
        baseUrl: "http://upstream.test/",
        headers: { "X-Api-Key": HEADER },
        query,
        fetch: echoingUpstream(format) as typeof fetch
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(200)
    await proxy.tools.flush()
    const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"))
    expect(files).toHaveLength(1)
    return { answer, text: fs.readFileSync(path.join(folder, files[0]!), "utf8") }
  }

  const spellings = (secret: string) => [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).toLowerCase(),
    new URLSearchParams([["k", secret]]).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    secret.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
  ]

  it("a long key and header leave no trace in any spelling; the answer is given unchanged", async () => {
    for (const format of ["json", "xml"] as const) {
      const { answer, text } = await recordThrough(format, [["key", KEY]])
      for (const spelling of spellings(KEY)) expect(text, `${format}: ${spelling}`).not.toContain(spelling)
      for (const spelling of spellings(HEADER)) expect(text, `${format}: ${spelling}`).not.toContain(spelling)
      expect(text).toContain("[redacted]")
      expect(text).toContain("de:08111:6118")
      // the client got the upstream's answer as it was
      expect(answer.text).toContain(format === "json" ? JSON.stringify(HEADER).slice(1, -1) : "de:08111:6118")
    }
  })

  it("a short secret header echoed as a JSON member or name/value pair named like it is removed by its place", async () => {
    const folder = tempFolder()
    const short = "k3y-0815"
    const proxy = fake({
      record: folder,
      proxy: {
        baseUrl: "http://upstream.test/",
        headers: { "X-Api-Key": short, "Ocp-Apim-Subscription-Key": "ab12" },
        fetch: ((_input: string | URL | Request, init?: RequestInit) => {
          const sent = new Headers(init?.headers)
          return Promise.resolve(Response.json({
            locations: [{ id: "de:08111:6118", name: "Stuttgart, Hauptbahnhof" }],
            echo: {
              "x-api-key": sent.get("x-api-key"),
              headers: [{ name: "Ocp-Apim-Subscription-Key", value: "ab12" }]
            }
          }))
        }) as typeof fetch
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.text).toContain(short)
    await proxy.tools.flush()
    const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"))
    const text = fs.readFileSync(path.join(folder, files[0]!), "utf8")
    expect(text).not.toContain(short)
    expect(text).not.toContain("ab12")
    const file = JSON.parse(text)
    expect(file.response.body.echo).toEqual({
      "x-api-key": "[redacted]",
      headers: [{ name: "Ocp-Apim-Subscription-Key", value: "[redacted]" }]
    })
    expect(file.response.body.locations[0].id).toBe("de:08111:6118")
  })

  it("a short key is removed by its place only: stop ids that contain it are kept", async () => {
    const { text } = await recordThrough("json", [["key", SHORT_KEY]])
    const file = JSON.parse(text)
    expect(file.response.body.locations[0].id).toBe("de:08111:6118")
    expect(file.response.body.parameters).toEqual([{ name: "key", value: "[redacted]" }])
    expect(file.response.body.request).toContain("key=[redacted]")
    expect(file.response.body.request).not.toContain(`key=${SHORT_KEY}`)
    expect(file.request.params.map(([name]: [string, string]) => name)).not.toContain("key")
  })
})

describe("the proxy's redirects", () => {
  const redirecting =
    (location: string, calls: Array<{ url: string; key: string | null }>) =>
    (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(input), key: new Headers(init?.headers).get("x-api-key") })
      return Promise.resolve(
        calls.length === 1
          ? new Response(null, { status: 302, headers: { location } })
          : new Response(`{"locations":[]}`, { headers: { "content-type": "application/json" } })
      )
    }

  it("a redirect to another origin is not followed: the key never leaves, the client gets a 502", async () => {
    const calls: Array<{ url: string; key: string | null }> = []
    const proxy = fake({
      proxy: {
        baseUrl: "https://efa.example/mngvvs/",
        headers: { "X-Api-Key": "k-secret-value-1" },
        fetch: redirecting("https://evil.example/steal", calls) as typeof fetch
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(calls).toHaveLength(1)
    expect(answer.status).toBe(502)
    expect(answer.json.error).toBe("upstream-redirect")
    expect(answer.json.message).toContain("https://evil.example")
  })

  it("a redirect within the origin is followed with the configured headers", async () => {
    const calls: Array<{ url: string; key: string | null }> = []
    const proxy = fake({
      proxy: {
        baseUrl: "https://efa.example/mngvvs/",
        headers: { "X-Api-Key": "k-secret-value-1" },
        fetch: redirecting("/moved/XML_STOPFINDER_REQUEST?x=1", calls) as typeof fetch
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(200)
    expect(calls.map((c) => c.key)).toEqual(["k-secret-value-1", "k-secret-value-1"])
    expect(calls[1]!.url).toBe("https://efa.example/moved/XML_STOPFINDER_REQUEST?x=1")
  })

  it("a loop ends with a 502", async () => {
    let count = 0
    const proxy = fake({
      proxy: {
        baseUrl: "https://efa.example/",
        fetch: (() => {
          count++
          return Promise.resolve(new Response(null, { status: 301, headers: { location: `/hop${count % 2}` } }))
        }) as typeof fetch
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(502)
    expect(count).toBeLessThanOrEqual(6)
  })
})

describe("DNS rebinding", () => {
  const stub = JSON.stringify({ request: { path: STOP_FINDER }, fault: "drop" })
  const post = (port: number, host: string, extra: Record<string, string> = {}) =>
    rawRequest(port, "/__admin/stubs", { host, "content-type": "application/json", ...extra }, "POST", stub)

  it("without a token, an admin request naming another host is refused, even from that host's own page", async () => {
    const server = await onPort()
    const rebound = await post(server.port, `evil.example:${server.port}`, {
      origin: `http://evil.example:${server.port}`
    })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body).error).toBe("untrusted-host")
    expect(server.tools.stubs.size).toBe(0)
    // reading is refused too: the page could otherwise read the journal
    expect((await rawRequest(server.port, "/__admin/journal", { host: "evil.example" })).status).toBe(403)
  })

  it("loopback names, IP addresses and the interface listened on are accepted", async () => {
    const server = await onPort()
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "[::1]", "10.1.2.3"]) {
      const answer = await rawRequest(server.port, "/__admin/health", { host: `${host}:${server.port}` })
      expect(answer.status, `${host}: ${answer.body}`).toBe(200)
    }
    const named = await onPort({ admin: { allowedHosts: ["mock.internal"] } })
    expect((await rawRequest(named.port, "/__admin/health", { host: "mock.internal" })).status).toBe(200)
  })

  it("with a token, any host name is accepted with the token", async () => {
    const server = await onPort({ admin: { token: "t-123" } })
    const answer = await rawRequest(server.port, "/__admin/health", {
      host: "evil.example",
      authorization: "Bearer t-123"
    })
    expect(answer.status).toBe(200)
    expect((await rawRequest(server.port, "/__admin/health", { host: "evil.example" })).status).toBe(401)
  })

  it("the operations themselves answer whatever the host", async () => {
    const server = await onPort()
    const answer = await rawRequest(server.port, `/${STOP_FINDER}?${new URLSearchParams(stopFinder)}`, {
      host: "evil.example"
    })
    expect(answer.status).toBe(200)
  })
})

describe("smaller holes", () => {
  it("a replay file nested 5,000 levels deep stops the start naming the file", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000)
    const folder = replayFolder({
      "deep.json":
        `{"request":{"path":"${STOP_FINDER}","params":[]},"response":{"status":200,"contentType":"application/json","body":${deep}}}`
    })
    await expect(startMockServer({ dataset, replay: folder })).rejects.toThrow(
      /recording deep\.json nests deeper than \d+ levels/
    )
  })

  it("a stub nested too deep is refused with a 400", async () => {
    const server = fake()
    const deep = "[".repeat(5000) + "]".repeat(5000)
    const added = await server.app.request("/__admin/stubs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"request":{},"validate":false,"response":{"json":${deep}}}`
    })
    expect(added.status).toBe(400)
    expect((await added.json()).message).toContain("nests deeper")
  })

  it("every admin route that reads a body refuses one nested 5,000 levels deep with a 400", async () => {
    const server = fake()
    const deep = "[".repeat(5000) + "]".repeat(5000)
    const bodies: Record<string, string> = {
      faults: `{"sequence":[{"status":503}],"x":${deep}}`,
      verify: `{"request":{"path":"${STOP_FINDER}","params":{"name_sf":${deep}}}}`,
      "requests/find": `{"request":{"params":${deep}}}`,
      clock: `{"now":${deep}}`,
      stubs: `{"request":{},"validate":false,"response":{"json":${deep}}}`
    }
    for (const [route, body] of Object.entries(bodies)) {
      const answer = await server.app.request(`/__admin/${route}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body
      })
      expect(answer.status, route).toBe(400)
      expect((await answer.json()).message, route).toBe("the body nests deeper than 256 levels")
    }
    expect(server.errors).toEqual([])
  })

  it("a recording with a 1xx status is refused, naming the file", () => {
    const folder = replayFolder({
      "early.json": recordingFile({ status: 101, contentType: "text/plain", bodyText: "" })
    })
    expect(() => fake({ replay: folder })).toThrow(/recording early\.json: response\.status/)
  })

  it("an unusable --record folder stops the start, naming it", async () => {
    const file = path.join(tempFolder(), "a-file")
    fs.writeFileSync(file, "")
    await expect(startMockServer({ dataset, record: path.join(file, "below") })).rejects.toThrow(
      `the record folder ${path.join(file, "below")} cannot be written`
    )
    expect(() => fake({ record: file })).toThrow("cannot be written")
    // where Node's recursive mkdir would loop for ever
    if (fs.existsSync("/proc/self")) expect(() => fake({ record: "/proc/no-such/folder" })).toThrow("cannot be written")
  })

  it("a recorded body over its cap and a folder at its cap are skipped and reported, the answers given", async () => {
    const folder = tempFolder()
    const server = fake({ record: folder, recordLimits: { maxBodyBytes: 100 } })
    const answer = await call(server, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(200)
    await server.tools.flush()
    const status = (await admin(server, "GET", "recordings")).json.recorder
    expect(status).toMatchObject({ written: 0, skipped: 1 })
    expect(status.problems[0].reason).toContain("over 100 bytes")

    const capped = fake({ record: folder, recordLimits: { maxFolderBytes: 2000 } })
    const small = await call(capped, `/${STOP_FINDER}`, { type_sf: "any" }) // a 400, a small answer
    expect(small.status).toBe(400)
    const large = await call(capped, `/${STOP_FINDER}`, stopFinder)
    expect(large.text.length).toBeGreaterThan(2000)
    await capped.tools.flush()
    const cappedStatus = capped.tools.recordStatus()!
    expect(cappedStatus.folderBytes).toBeLessThanOrEqual(2000)
    expect(cappedStatus.skipped).toBeGreaterThan(0)
    expect(cappedStatus.problems.at(-1)?.reason).toContain("would hold over 2000 bytes")
  })

  it("an upstream body over its cap is a 502, read no further", async () => {
    let pulled = 0
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(64 * 1024))
      }
    })
    const proxy = fake({
      proxy: {
        baseUrl: "http://upstream.test/",
        maxBodyBytes: 1024 * 1024,
        fetch: () => Promise.resolve(new Response(big, { headers: { "content-type": "application/json" } }))
      }
    })
    const answer = await call(proxy, `/${STOP_FINDER}`, stopFinder)
    expect(answer.status).toBe(502)
    expect(answer.json.error).toBe("upstream-too-large")
    expect(pulled).toBeLessThan(40)
  })

  it("a client that leaves cancels the upstream call", async () => {
    let upstreamClosed: () => void
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve))
    let reached: () => void
    const requested = new Promise<void>((resolve) => (reached = resolve))
    // an upstream that never answers
    const upstream = http.createServer((request) => {
      reached()
      request.socket.on("close", () => upstreamClosed())
    })
    await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done))
    try {
      const server = await onPort({
        proxy: { baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/` }
      })
      const leaving = new AbortController()
      const request = fetch(`${server.baseUrl}${STOP_FINDER}?${new URLSearchParams(stopFinder)}`, {
        signal: leaving.signal
      }).catch(() => undefined)
      await requested
      leaving.abort()
      await request
      await closed
    } finally {
      upstream.closeAllConnections()
      await new Promise((done) => upstream.close(done))
    }
  })

  it("the Vitest fixture on a port closes its server when its client options are refused", async () => {
    const started: Array<http.Server> = []
    const listen = vi.spyOn(http.Server.prototype, "listen").mockImplementation(function(this: http.Server, ...args) {
      started.push(this)
      return originalListen.apply(this, args as Parameters<typeof originalListen>)
    })
    try {
      await expect(openFixture({ port: true, client: { timeout: -1 } })).rejects.toThrow("timeout")
    } finally {
      listen.mockRestore()
    }
    expect(started).toHaveLength(1)
    expect(started[0]!.listening).toBe(false)
  })

  it("the Vitest fixture on a port closes its server when its stubs are refused", async () => {
    const started: Array<http.Server> = []
    const listen = vi.spyOn(http.Server.prototype, "listen").mockImplementation(function(this: http.Server, ...args) {
      started.push(this)
      return originalListen.apply(this, args as Parameters<typeof originalListen>)
    })
    try {
      await expect(
        openFixture({ port: true, stubs: [{ request: { path: "NOT_AN_OPERATION" }, response: { json: {} } }] })
      ).rejects.toThrow("NOT_AN_OPERATION")
    } finally {
      listen.mockRestore()
    }
    expect(started).toHaveLength(1)
    expect(started[0]!.listening).toBe(false)
  })
})

describe("recording", () => {
  it("writes a file once and again only when its answer changed", async () => {
    const folder = tempFolder()
    const server = fake({ record: folder })
    for (let i = 0; i < 5; i++) await call(server, `/${STOP_FINDER}`, stopFinder)
    await server.tools.flush()
    expect(server.tools.recordStatus()).toMatchObject({ written: 1, unchanged: 4, pending: 0 })
    const file = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(".json"))!
    const written = fs.statSync(path.join(folder, file)).mtimeMs

    // a new fake over the same folder: the same answer leaves the file alone
    const again = fake({ record: folder })
    await call(again, `/${STOP_FINDER}`, stopFinder)
    await again.tools.flush()
    expect(again.tools.recordStatus()).toMatchObject({ written: 0, unchanged: 1 })
    expect(fs.statSync(path.join(folder, file)).mtimeMs).toBe(written)
  })

  it("rewrites a file when its answer changed, and only then", async () => {
    const folder = tempFolder()
    const recorder = new Recorder(folder, secretNames(), [])
    const answer = (body: string) => ({ status: 200, contentType: "application/json", body })
    const params: Array<[string, string]> = [["name_sf", "Hbf"]]
    expect(recorder.record("/X?name_sf=Hbf", STOP_FINDER, params, answer(`{"a":1}`))).toBeDefined()
    expect(recorder.record("/X?name_sf=Hbf", STOP_FINDER, params, answer(`{"a":1}`))).toBeUndefined()
    await recorder.flush()
    expect(recorder.record("/X?name_sf=Hbf", STOP_FINDER, params, answer(`{"a":2}`))).toBeDefined()
    await recorder.flush()
    expect(recorder.status()).toMatchObject({ written: 2, unchanged: 1, pending: 0 })
    const [file] = fs.readdirSync(path.join(folder, STOP_FINDER))
    expect(JSON.parse(fs.readFileSync(path.join(folder, STOP_FINDER, file!), "utf8")).response.body).toEqual({ a: 2 })
  })

  it("tells a large answer (kept by its hash, not itself) unchanged from changed", async () => {
    const recorder = new Recorder(tempFolder(), secretNames(), [])
    const large = (n: number) => ({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ n, rows: "x".repeat(300_000) })
    })
    const params: Array<[string, string]> = [["name_sf", "Hbf"]]
    expect(recorder.record("/X", STOP_FINDER, params, large(1))).toBeDefined()
    expect(recorder.record("/X", STOP_FINDER, params, large(1))).toBeUndefined()
    expect(recorder.record("/X", STOP_FINDER, params, large(2))).toBeDefined()
    await recorder.flush()
    expect(recorder.status()).toMatchObject({ written: 1, unchanged: 1, pending: 0 })
  })

  it("bounds the pending writes: past the bound a recording is skipped and reported, the answers given", async () => {
    const folder = tempFolder()
    const server = fake({ record: folder, recordLimits: { maxPendingWrites: 2 } })
    const names = ["Stuttgart Hbf", "Hauptbahnhof", "Flughafen", "Bad Cannstatt", "Vaihingen"]
    // one turn: nothing can be written before all five are answered
    const answers = await Promise.all(
      names.map((name) => call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: name }))
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    await server.tools.flush()
    const status = server.tools.recordStatus()!
    expect(status.written + status.skipped).toBe(names.length)
    expect(status.skipped).toBeGreaterThan(0)
    expect(status.problems[0]!.reason).toContain("wait to be written")
    // what was skipped is recorded when it comes again
    for (const name of names) {
      await call(server, `/${STOP_FINDER}`, { ...stopFinder, name_sf: name })
      await server.tools.flush()
    }
    expect(fs.readdirSync(path.join(folder, STOP_FINDER))).toHaveLength(names.length)
  })

  it("closing a server on a port writes what is pending first", async () => {
    const folder = tempFolder()
    const server = await startMockServer({ dataset, record: folder })
    await fetch(`${server.url}${STOP_FINDER}?${new URLSearchParams(stopFinder)}`).then((r) => r.text())
    await server.close()
    expect(fs.readdirSync(path.join(folder, STOP_FINDER))).toHaveLength(1)
  })
})
