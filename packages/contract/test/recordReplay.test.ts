import { EfaClient, Point, StopFinder } from "@efa-kit/core"
import { answerOf, type StartedMockServer, startMockServer, VerificationError } from "@efa-kit/mock-server"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { cases } from "./support/cases.js"

// What a real deployment would need: a key in a header and one in the query. Neither may reach a file.
const HEADER_KEY = "apikey hdr-7f3a9c1e5b"
const QUERY_KEY = "qry-2d8e4b6a0c"

interface Answer {
  readonly url: string
  readonly status: number
  readonly contentType: string | null
  readonly body: string
}

const get = async (url: string): Promise<Answer> => {
  const response = await fetch(url)
  return {
    url,
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: await response.text()
  }
}

// The query of every contract case, as the real client writes it, in both dialects.
const queriesOf = (dialect: "contract" | "rapidJSON") =>
  Effect.runPromise(
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      return cases.flatMap((c) => {
        const url = efa.url(c.op, c.request as never)
        return Either.isRight(url) ? [url.right.slice("http://efa.test/".length)] : []
      })
    }).pipe(
      Effect.provide(EfaClient.layer({ baseUrl: "http://efa.test/", dialect })),
      Effect.provide(FetchHttpClient.layer)
    )
  )
const queries = [...(await queriesOf("contract")), ...(await queriesOf("rapidJSON"))]

describe("record a deployment through a second fake, replay it without the deployment", () => {
  let folder: string
  let direct: Array<Answer>
  let recorded: Array<Answer>
  let upstreamJournal: number

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "efa-contract-recordings-"))
    const upstream = await startMockServer()
    const recorder = await startMockServer({
      proxy: { baseUrl: upstream.url, headers: { authorization: HEADER_KEY }, query: [["key", QUERY_KEY]] },
      record: folder
    })
    try {
      direct = []
      recorded = []
      for (const query of queries) {
        direct.push(await get(upstream.url + query))
        recorded.push(await get(recorder.url + query))
      }
      // every forwarded request carried the key header, and the key parameter on top of the client's own
      await upstream.admin.verify(
        { headers: { authorization: HEADER_KEY }, params: { key: QUERY_KEY } },
        queries.length
      )
      upstreamJournal = (await upstream.admin.journal()).length
    } finally {
      await recorder.close()
      await upstream.close()
    }
    // every case's query twice, in both dialects, over TCP: more than the default hook time on a busy machine
  }, 120_000)

  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

  it("the recorder answers what the deployment answers, byte for byte", () => {
    expect(queries.length).toBeGreaterThan(100)
    expect(queries.some((query) => query.includes("outputFormat=rapidJSON"))).toBe(true)
    expect(upstreamJournal).toBe(queries.length * 2)
    expect(recorded.map(({ body, contentType, status }) => ({ body, contentType, status }))).toEqual(
      direct.map(({ body, contentType, status }) => ({ body, contentType, status }))
    )
  })

  it("keeps one readable file per distinct request, without the keys", () => {
    const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"))
    expect(files.length).toBe(new Set(queries.map((q) => new URL(q, "http://x/").href)).size)
    for (const file of files) {
      const text = fs.readFileSync(path.join(folder, file), "utf8")
      expect(text).not.toContain("hdr-7f3a9c1e5b")
      expect(text).not.toContain(QUERY_KEY)
      const json = JSON.parse(text)
      expect(Object.keys(json)).toEqual(["request", "response"])
      expect(json.request.params.map(([name]: [string, string]) => name)).not.toContain("key")
    }
  })

  describe("replaying the folder", () => {
    let replayer: StartedMockServer
    beforeAll(async () => {
      replayer = await startMockServer({ replay: folder })
    })
    afterAll(() => replayer.close())

    it("answers every recorded request byte for byte, with its status and content type", async () => {
      const replayed: Array<Answer> = []
      for (const query of queries) replayed.push(await get(replayer.url + query))
      expect(replayed).toEqual(recorded.map((answer, i) => ({ ...answer, url: replayer.url + queries[i] })))
    })

    it("answers an unrecorded request 404, naming the nearest recorded one", async () => {
      const missing = await get(`${replayer.url}XML_STOPFINDER_REQUEST?outputFormat=JSON&type_sf=any&name_sf=Atlantis`)
      expect(missing.status).toBe(404)
      const body = JSON.parse(missing.body)
      expect(body.error).toBe("not-recorded")
      expect(body.nearest.path).toBe("XML_STOPFINDER_REQUEST")
      expect(body.nearest.differences.some((d: string) => d.startsWith(`name_sf: "Atlantis" sent`))).toBe(true)
    })

    it("stubs take precedence over the recordings and are verified afterwards", async () => {
      await replayer.admin.clearJournal()
      const index = queries.findIndex((q) => q.startsWith("XML_STOPFINDER_REQUEST?") && /name_sf=Stuttgart/.test(q))
      expect(index).toBeGreaterThanOrEqual(0)
      const stubbed = { locations: [] } satisfies typeof StopFinder.StopFinderResponse.Type
      await replayer.admin.stub({
        request: { path: "XML_STOPFINDER_REQUEST", params: { name_sf: { matches: "^Stuttgart" } } },
        response: answerOf(StopFinder.operation, stubbed),
        times: 1
      })
      const efa = EfaClient.layer({ baseUrl: replayer.url, retry: false }).pipe(Layer.provide(FetchHttpClient.layer))
      const found = await Effect.runPromise(
        Effect.flatMap(EfaClient.EfaClient, (client) => client.stopFinder({ input: Point.any("Stuttgart Hbf") })).pipe(
          Effect.provide(efa)
        )
      )
      expect(found.locations).toEqual([])
      // the stub answered once; the recording answers the next request
      const again = await get(replayer.url + queries[index])
      expect(again.body).toBe(recorded[index]!.body)

      await replayer.admin.verify({ path: "XML_STOPFINDER_REQUEST", params: { name_sf: { matches: "^Stuttgart" } } }, 2)
      const failure = await replayer.admin.verify({
        path: "XML_STOPFINDER_REQUEST",
        params: { name_sf: "Stuttgart Hbf", anyMaxSizeHitList: "5" }
      }).then(() => undefined, (error: unknown) => error)
      expect(failure).toBeInstanceOf(VerificationError)
      expect((failure as VerificationError).message).toContain(`anyMaxSizeHitList = "5" expected, not sent`)
    })
  })
})
