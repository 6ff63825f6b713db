import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { upstreamOptions } from "../src/http/upstream/cli.js"
import { upstreamUrl } from "../src/http/upstream/proxy.js"
import { keyOf, normaliseParams, secretNames } from "../src/http/upstream/recording.js"
import { fetchInProcess } from "../src/inProcess.js"
import { call, fake } from "./helpers.js"

const tempFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), "efa-recordings-"))

const filesIn = (folder: string): Array<string> =>
  fs.readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.split(path.sep).join("/"))
    .sort()

const stopFinder = { outputFormat: "JSON", type_sf: "any", name_sf: "Stuttgart Hbf" }

describe("recording keys", () => {
  it("sorts parameters by name, keeps repeats in the order sent and leaves secrets out", () => {
    const secrets = secretNames(["myKey"])
    const a = normaliseParams([["b", "1"], ["filterInfoType", "x"], ["apiKey", "s"], ["filterInfoType", "y"], [
      "a",
      ""
    ]], secrets)
    expect(a).toEqual([["a", ""], ["b", "1"], ["filterInfoType", "x"], ["filterInfoType", "y"]])
    const b = normaliseParams(
      [["filterInfoType", "x"], ["a", ""], ["MYKEY", "s"], ["filterInfoType", "y"], ["b", "1"]],
      secrets
    )
    expect(keyOf("/XML_ADDINFO_REQUEST", b)).toBe(keyOf("XML_ADDINFO_REQUEST", a))
    const swapped = normaliseParams([["filterInfoType", "y"], ["filterInfoType", "x"]], secrets)
    expect(keyOf("XML_ADDINFO_REQUEST", swapped)).not.toBe(keyOf("XML_ADDINFO_REQUEST", a))
  })
})

describe("record and replay", () => {
  it("records the dataset's answers in readable files and replays them byte for byte", async () => {
    const folder = tempFolder()
    const recorder = fake({ record: folder })
    const recorded = await call(recorder, "/XML_STOPFINDER_REQUEST", stopFinder)
    const invalid = await call(recorder, "/XML_STOPFINDER_REQUEST", { type_sf: "any" })
    expect(invalid.status).toBe(400)
    // written after the answers
    await recorder.tools.flush()
    const files = filesIn(folder)
    expect(files).toHaveLength(2)
    expect(files[1]).toMatch(/^XML_STOPFINDER_REQUEST\/stuttgart-hbf-[0-9a-f]{10}\.json$/)
    const file = JSON.parse(fs.readFileSync(path.join(folder, files[1]!), "utf8"))
    expect(file.request).toEqual({
      path: "XML_STOPFINDER_REQUEST",
      params: [["name_sf", "Stuttgart Hbf"], ["outputFormat", "JSON"], ["type_sf", "any"]]
    })
    expect(file.response.status).toBe(200)
    expect(file.response.contentType).toBe("application/json; charset=utf-8")
    expect(file.response.body.locations[0].name).toBe("Stuttgart, Hauptbahnhof")

    const replayer = fake({ replay: folder })
    // Another parameter order is the same request.
    const replayed = await call(replayer, "/XML_STOPFINDER_REQUEST", [
      ["type_sf", "any"],
      ["name_sf", "Stuttgart Hbf"],
      ["outputFormat", "JSON"]
    ])
    expect(replayed.status).toBe(200)
    expect(replayed.text).toBe(recorded.text)
    expect((await call(replayer, "/XML_STOPFINDER_REQUEST", { type_sf: "any" })).text).toBe(invalid.text)
  })

  it("answers an unrecorded request 404 naming the nearest recording and what differs", async () => {
    const folder = tempFolder()
    const recorder = fake({ record: folder })
    await call(recorder, "/XML_STOPFINDER_REQUEST", stopFinder)
    await recorder.tools.flush()
    const replayer = fake({ replay: folder })
    const missing = await call(replayer, "/XML_STOPFINDER_REQUEST", { ...stopFinder, name_sf: "Stuttgart" })
    expect(missing.status).toBe(404)
    expect(missing.json.error).toBe("not-recorded")
    expect(missing.json.nearest.differences).toEqual([`name_sf: "Stuttgart" sent, "Stuttgart Hbf" recorded`])
    expect(missing.json.message).toContain(missing.json.nearest.file)
  })

  it("replays an edited file: the request inside it is the key, the body is served as edited", async () => {
    const folder = tempFolder()
    fs.mkdirSync(path.join(folder, "hand"))
    fs.writeFileSync(
      path.join(folder, "hand", "nowhere.json"),
      JSON.stringify({
        request: { path: "/XML_STOPFINDER_REQUEST", params: [["type_sf", "any"], ["name_sf", "Nowhere"]] },
        response: { status: 200, contentType: "application/json", bodyText: `{ "locations": [] }` }
      })
    )
    const replayer = fake({ replay: folder })
    const answer = await call(replayer, "/XML_STOPFINDER_REQUEST", { name_sf: "Nowhere", type_sf: "any" })
    expect([answer.status, answer.text, answer.headers.get("content-type")]).toEqual([
      200,
      `{ "locations": [] }`,
      "application/json"
    ])
  })

  it("refuses a folder with a broken or a duplicate recording, naming the file", () => {
    const folder = tempFolder()
    fs.writeFileSync(path.join(folder, "a.json"), `{ "request": { "path": "X" } }`)
    expect(() => fake({ replay: folder })).toThrow(/recording a\.json: request\.params: is missing/)
    const other = tempFolder()
    const recording = {
      request: { path: "XML_STOPFINDER_REQUEST", params: [["a", "1"], ["b", "2"]] },
      response: { status: 200, contentType: "application/json", body: {} }
    }
    fs.writeFileSync(path.join(other, "one.json"), JSON.stringify(recording))
    fs.writeFileSync(
      path.join(other, "two.json"),
      JSON.stringify({ ...recording, request: { ...recording.request, params: [["b", "2"], ["a", "1"]] } })
    )
    expect(() => fake({ replay: other })).toThrow("recordings one.json and two.json record the same request")
  })

  it("proxies to an upstream with its secrets, and never writes them", async () => {
    const upstream = fake()
    const folder = tempFolder()
    const proxy = fake({
      record: folder,
      proxy: {
        baseUrl: "http://upstream.test/",
        headers: { authorization: "apikey SECRET-HEADER-123" },
        query: [["key", "SECRET-PARAM-456"]],
        fetch: fetchInProcess(upstream)
      }
    })
    const direct = await call(upstream, "/XML_STOPFINDER_REQUEST", stopFinder)
    const proxied = await call(proxy, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(proxied.text).toBe(direct.text)
    const seen = upstream.state.journal()[1]!
    expect(seen.path).toBe("XML_STOPFINDER_REQUEST")
    expect(seen.params).toContainEqual(["key", "SECRET-PARAM-456"])
    await proxy.tools.flush()
    const written = filesIn(folder).map((file) => fs.readFileSync(path.join(folder, file), "utf8")).join("\n")
    expect(written).not.toContain("SECRET")
    expect(written).toContain("Stuttgart, Hauptbahnhof")
  })

  it("replays what it has, forwards and records the rest, and replays that from then on", async () => {
    const folder = tempFolder()
    const recorder = fake({ record: folder })
    await call(recorder, "/XML_STOPFINDER_REQUEST", stopFinder)
    await recorder.tools.flush()
    const upstream = fake()
    const both = fake({
      replay: folder,
      record: folder,
      proxy: { baseUrl: "http://upstream.test/", fetch: fetchInProcess(upstream) }
    })
    await call(both, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(upstream.state.journal()).toEqual([])
    const other = { ...stopFinder, name_sf: "Bad Cannstatt" }
    const first = await call(both, "/XML_STOPFINDER_REQUEST", other)
    const second = await call(both, "/XML_STOPFINDER_REQUEST", other)
    expect(second.text).toBe(first.text)
    expect(upstream.state.journal()).toHaveLength(1)
    await both.tools.flush()
    expect(filesIn(folder)).toHaveLength(2)
  })

  it("answers 502 naming the upstream when it cannot be reached, and records nothing", async () => {
    const folder = tempFolder()
    const proxy = fake({
      record: folder,
      proxy: {
        baseUrl: "http://upstream.test/",
        fetch: () => Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }))
      }
    })
    const answer = await call(proxy, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(answer.status).toBe(502)
    expect(answer.json).toEqual({
      error: "upstream-unreachable",
      path: "XML_STOPFINDER_REQUEST",
      message: "the upstream http://upstream.test/XML_STOPFINDER_REQUEST could not be reached: " +
        "fetch failed (connect ECONNREFUSED)"
    })
    expect(filesIn(folder)).toEqual([])
  })
})

describe("upstream paths", () => {
  it("resolves operation paths below the base URL, and mapped ones as given", () => {
    const options = { baseUrl: "https://efa.example/mngvvs", paths: { XML_TRIP_REQUEST2: "/other/trip" } }
    expect(upstreamUrl(options, "XML_STOPFINDER_REQUEST", "a=1").href).toBe(
      "https://efa.example/mngvvs/XML_STOPFINDER_REQUEST?a=1"
    )
    expect(upstreamUrl(options, "XML_TRIP_REQUEST2", "").href).toBe("https://efa.example/other/trip")
  })
})

describe("proxying to a deployment profile", () => {
  it("takes the profile's base URL, paths and API key (from EFA_API_KEY)", () => {
    const tfnsw = Either.getOrThrow(upstreamOptions({ proxy: "tfnsw" }, { EFA_API_KEY: "k-123456" }, "/"))
    expect(tfnsw.proxy).toMatchObject({
      baseUrl: "https://api.transport.nsw.gov.au/v1/tp/",
      headers: { Authorization: "apikey k-123456" },
      paths: { XML_TRIP_REQUEST2: "trip", XML_STOPFINDER_REQUEST: "stop_finder", XML_COORD_REQUEST: "coord" }
    })
    const vvo = Either.getOrThrow(
      upstreamOptions({ profile: "vvo", proxy: "http://mirror.test/", "proxy-path": ["XML_COORD_REQUEST=/c"] }, {}, "/")
    )
    expect(vvo.proxy).toMatchObject({
      baseUrl: "http://mirror.test/",
      paths: { XML_STOPFINDER_REQUEST: "XSLT_STOPFINDER_REQUEST", XML_COORD_REQUEST: "/c" }
    })
  })

  it("records a fake that serves the profile's paths and checks its key, without the key", async () => {
    const upstream = fake({ profile: "tfnsw" })
    const folder = tempFolder()
    const options = Either.getOrThrow(upstreamOptions({ proxy: "tfnsw" }, { EFA_API_KEY: "k-7d1f0e" }, "/"))
    const recorder = fake({
      record: folder,
      proxy: { ...options.proxy!, baseUrl: "http://upstream.test/", fetch: fetchInProcess(upstream) }
    })
    const answer = await call(recorder, "/XML_STOPFINDER_REQUEST", stopFinder)
    expect(answer.status).toBe(200)
    expect(answer.json.locations[0].name).toBe("Stuttgart, Hauptbahnhof")
    expect(upstream.state.journal()[0]?.path).toBe("stop_finder")
    await recorder.tools.flush()
    const written = filesIn(folder).map((file) => fs.readFileSync(path.join(folder, file), "utf8")).join("")
    expect(written).not.toContain("k-7d1f0e")
    const refused = fake({
      proxy: { ...options.proxy!, headers: {}, baseUrl: "http://upstream.test/", fetch: fetchInProcess(upstream) }
    })
    expect((await call(refused, "/XML_STOPFINDER_REQUEST", stopFinder)).status).toBe(401)
  })
})

describe("command line", () => {
  it("reads the proxy's headers, parameters and paths, and refuses what it cannot read", () => {
    const read = upstreamOptions(
      {
        proxy: "https://efa.example/mngvvs/",
        "proxy-header": ["Authorization: apikey abc"],
        "proxy-param": ["key=xyz"],
        "proxy-path": ["XML_TRIP_REQUEST2=/other/XML_TRIP_REQUEST2"],
        record: "fixtures"
      },
      { EFA_MOCK_PROXY_HEADERS: `{"x-extra":"1"}` },
      "/work"
    )
    expect(Either.getOrThrow(read)).toEqual({
      proxy: {
        baseUrl: "https://efa.example/mngvvs/",
        headers: { "x-extra": "1", Authorization: "apikey abc" },
        query: [["key", "xyz"]],
        paths: { XML_TRIP_REQUEST2: "/other/XML_TRIP_REQUEST2" }
      },
      record: "/work/fixtures"
    })
    expect(upstreamOptions({ "proxy-header": ["a: b"] }, {}, "/").pipe((e) => e._tag)).toBe("Left")
    expect(upstreamOptions({ proxy: "ftp://x" }, {}, "/")).toMatchObject({
      left: `--proxy needs an http(s) URL, got "ftp://x"`
    })
    expect(upstreamOptions({ proxy: "http://x", "proxy-path": ["XML_TRIP=/a"] }, {}, "/")).toMatchObject({
      _tag: "Left"
    })
  })
})
