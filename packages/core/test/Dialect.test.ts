import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, Inspectable, Layer, Redacted } from "effect"
import { readFileSync } from "node:fs"
import { Dialect, EfaClient, Point, Profile } from "../src/index.js"

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/rapidjson/${name}.json`, import.meta.url), "utf8")

interface Sent {
  readonly url: string
  readonly headers: Record<string, string>
}

// An HttpClient that records each request and answers with `answer`.
const upstream = (answer: (url: URL) => { readonly status?: number; readonly body: string }) => {
  const sent: Array<Sent> = []
  const layer = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request) =>
      Effect.sync(() => {
        sent.push({ url: request.url, headers: { ...request.headers } })
        const { body, status = 200 } = answer(new URL(request.url))
        return HttpClientResponse.fromWeb(
          request,
          new Response(body, { status, headers: { "content-type": "application/json" } })
        )
      })
    )
  )
  return { sent, layer }
}

const withClient = <A, E>(
  options: EfaClient.Options,
  answer: (url: URL) => { readonly status?: number; readonly body: string },
  use: (efa: EfaClient.Service) => Effect.Effect<A, E>
) => {
  const { layer, sent } = upstream(answer)
  return Effect.map(
    Effect.either(
      Effect.flatMap(EfaClient.EfaClient, use).pipe(
        Effect.provide(EfaClient.layer({ retry: false, ...options }).pipe(Layer.provide(layer)))
      )
    ),
    (result) => ({ result, sent })
  )
}

const trip = (efa: EfaClient.Service) => efa.trip({ origin: Point.any("A"), destination: Point.any("B") })
const stopFinder = (efa: EfaClient.Service) => efa.stopFinder({ input: Point.any("Linden") })
const answer = (name: string) => () => ({ body: fixture(name) })

describe("EfaClient with a deployment profile", () => {
  it.effect("asks VVS in rapidJSON on its base URL, with its version pin, language and locality search", () =>
    Effect.gen(function*() {
      const { result, sent } = yield* withClient({ profile: "vvs" }, answer("stop-finder"), stopFinder)
      expect(Either.getOrThrow(result).locations.map((l) => l.id)).toEqual([
        "de:99001:100",
        "streetID:9999:Lindenstraße"
      ])
      expect(sent[0]!.url).toBe(
        "https://www3.vvs.de/mngvvs/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Linden&locationServerActive=1" +
          "&outputFormat=rapidJSON&coordOutputFormat=WGS84%5Bdd.ddddd%5D&version=10.2.10.139&language=de"
      )
    }))

  it.effect("sends TfNSW's API key as a header, never in the URL, on its own paths", () =>
    Effect.gen(function*() {
      const options = { profile: "tfnsw", apiKey: Redacted.make("s3cret-key") } as const
      const { result, sent } = yield* withClient(options, answer("trip"), trip)
      expect(Either.getOrThrow(result).trips).toHaveLength(1)
      expect(sent[0]!.headers["authorization"]).toBe("apikey s3cret-key")
      expect(sent[0]!.url).toMatch(/^https:\/\/api\.transport\.nsw\.gov\.au\/v1\/tp\/trip\?/)
      expect(sent[0]!.url).toContain("TfNSWTR=true&depArrMacro=dep")
      expect(sent[0]!.url).toContain("coordOutputFormat=EPSG:4326")
      expect(sent[0]!.url).not.toContain("s3cret")
    }))

  it.effect("keeps the key out of errors and of url()", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient(
        { profile: "tfnsw", apiKey: "s3cret-key" },
        () => ({ status: 401, body: `{"ErrorDetails":{"Message":"invalid key"}}` }),
        trip
      )
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("HttpStatusError")
      expect(JSON.stringify(error)).not.toContain("s3cret")
      expect(String(error)).not.toContain("s3cret")
      const urls = yield* withClient(
        { profile: "tfnsw", apiKey: "s3cret-key" },
        answer("trip"),
        (efa) => Effect.either(efa.url("stopFinder", { input: Point.any("x") }))
      )
      expect(Either.getOrThrow(Either.getOrThrow(urls.result))).not.toContain("s3cret")
    }))

  it.effect("keeps the key out of a network failure's error, whose cause holds the request", () =>
    Effect.gen(function*() {
      const failing = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make((request) =>
          Effect.fail(new HttpClientError.RequestError({ request, reason: "Transport", description: "refused" }))
        )
      )
      const error = yield* Effect.flatMap(EfaClient.EfaClient, trip).pipe(
        Effect.provide(
          EfaClient.layer({ profile: "tfnsw", apiKey: "s3cret-key", retry: false }).pipe(Layer.provide(failing))
        ),
        Effect.flip
      )
      expect(error._tag).toBe("TransportError")
      expect(String(error)).not.toContain("s3cret")
      expect(JSON.stringify(error)).not.toContain("s3cret")
      expect(Inspectable.format(error)).not.toContain("s3cret")
    }))

  it.effect("refuses an operation the deployment does not offer, before sending", () =>
    Effect.gen(function*() {
      const { result, sent } = yield* withClient(
        { profile: "tfnsw" },
        answer("serving-lines"),
        (efa) => efa.servingLines({ mode: "line", lineName: "T1", lineTypes: [] } as any)
      )
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.message).toContain("does not offer servingLines")
      expect(sent).toHaveLength(0)
    }))

  it.effect("lets explicit options override the profile", () =>
    Effect.gen(function*() {
      const { result, sent } = yield* withClient(
        { profile: "vvs", baseUrl: "http://localhost:9/efa", dialect: "contract" },
        () => ({ body: `{"locations":[]}` }),
        stopFinder
      )
      expect(Either.isRight(result)).toBe(true)
      expect(sent[0]!.url).toBe(
        "http://localhost:9/efa/XML_STOPFINDER_REQUEST?type_sf=any&name_sf=Linden&locationServerActive=1" +
          "&outputFormat=JSON&language=de"
      )
    }))

  it.effect("names an unknown profile and a missing base URL", () =>
    Effect.gen(function*() {
      // a misspelt name does not type-check (a closed union of the names); at run time it is refused
      // @ts-expect-error "nowhere" is not a profile name
      const unknown = yield* withClient({ profile: "nowhere" }, answer("trip"), trip)
      expect(Either.flip(unknown.result).pipe(Either.getOrThrow).message).toBe(
        `invalid client option profile: unknown profile "nowhere"; known: ${Profile.names.join(", ")}`
      )
      const missing = yield* withClient({}, answer("trip"), trip)
      expect(Either.flip(missing.result).pipe(Either.getOrThrow).message).toBe(
        "invalid client option baseUrl: is required unless a profile gives it"
      )
    }))

  it.effect("reads EFA_PROFILE, EFA_DIALECT and EFA_API_KEY from the environment, the key as a secret", () =>
    Effect.gen(function*() {
      const config = yield* EfaClient.config.pipe(
        Effect.withConfigProvider(
          ConfigProvider.fromMap(
            new Map([["EFA_PROFILE", "tfnsw"], ["EFA_API_KEY", "k"], ["EFA_DIALECT", "rapidJSON"]])
          )
        )
      )
      expect(config.profile).toBe("tfnsw")
      expect(config.dialect).toBe("rapidJSON")
      expect(Redacted.isRedacted(config.apiKey)).toBe(true)
      expect(String(config.apiKey)).not.toContain("k")
      expect(config.baseUrl).toBeUndefined()
      expect(config.timeZone).toBeUndefined()
    }))
})

describe("EfaClient in the rapidJSON dialect", () => {
  const rapid = { baseUrl: "https://efa.example/efa", dialect: "rapidJSON" } as const

  it.effect("keeps -8011 and -10015 next to results, fails on an error without results", () =>
    Effect.gen(function*() {
      const benign = yield* withClient(rapid, answer("stop-finder-8011"), stopFinder)
      expect(Either.getOrThrow(benign.result).systemMessages?.[0]?.code).toBe(-8011)
      const warning = yield* withClient(rapid, answer("trip-warning-10015"), trip)
      expect(Either.getOrThrow(warning.result).trips).toHaveLength(1)
      const failing = yield* withClient(
        rapid,
        () => ({ body: `{"version":"10.9.1.1","systemMessages":[{"type":"error","module":"BROKER","code":-4000}]}` }),
        trip
      )
      expect(Either.flip(failing.result).pipe(Either.getOrThrow)._tag).toBe("ServerMessageError")
    }))

  it.effect("reads journeys: [] as no trips, without an error", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient(rapid, answer("trip-empty"), trip)
      const { earlier, later, ...response } = Either.getOrThrow(result)
      expect(response).toEqual({ trips: [], systemMessages: [] })
      expect([typeof earlier, typeof later]).toEqual(["string", "string"])
    }))

  it.effect("reports a refused interface version as its own error", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient(rapid, answer("version-error"), trip)
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("InterfaceVersionError")
      expect(error.message).toBe(
        "trip: the server refused the interface version: requested interface version 9.0.0.1 is not supported " +
          "(controller 10.9.1.1, interfaceMin 10.2.0.0, interfaceMax 10.9.1.1)"
      )
    }))

  it.effect("reports native-grid coordinates at their wire path", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient(rapid, answer("trip-native-grid"), trip)
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("DecodeError")
      if (error._tag !== "DecodeError") return
      expect(error.path).toBe("$.journeys.0.legs.0.coords.0")
      expect(error.detail).toContain("coordinates are not WGS84")
    }))
})

describe("impossible instants", () => {
  const departures = (efa: EfaClient.Service) => efa.departures({ stop: Point.any("de:08111:6118") })
  for (const instant of ["2026-02-31T07:33:00Z", "2026-02-31T07:33:00+01:00", "2026-04-31T07:33:00.5Z"]) {
    it.effect(`${instant} is a DecodeError at its path, not another day`, () =>
      Effect.gen(function*() {
        const body = fixture("departures-platform-change").replace("2026-05-04T07:20:00Z", instant)
        const { result } = yield* withClient({ profile: "vvs" }, () => ({ body }), departures)
        const error = Either.flip(result).pipe(Either.getOrThrow)
        expect(error._tag).toBe("DecodeError")
        if (error._tag !== "DecodeError") return
        expect(error.path).toBe("$.stopEvents.0.departureTimePlanned")
        expect(error.detail).toContain(instant)
      }))
  }
})

describe("no silent empties", () => {
  it.effect("a rapidJSON answer to a contract client says to set the dialect", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient({ baseUrl: "https://efa.example/efa" }, answer("trip"), trip)
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("DecodeError")
      expect(error.message).toBe(
        `trip: response does not match the schema at $: no "trips" and no system message explains it ` +
          `(top-level keys: serverInfo, version, systemMessages, journeys): ` +
          `looks like rapidJSON: set dialect "rapidJSON"`
      )
    }))

  it.effect("a rapidJSON answer that fails the contract's shape says so", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient({ baseUrl: "https://efa.example/efa" }, answer("stop-finder"), stopFinder)
      const error = Either.flip(result).pipe(Either.getOrThrow)
      expect(error._tag).toBe("DecodeError")
      if (error._tag !== "DecodeError") return
      expect(error.path).toBe("$.locations.0.coord")
      expect(error.detail).toContain(`(the body looks like rapidJSON: set dialect "rapidJSON")`)
    }))

  it.effect("a legacy answer names the legacy format, in either dialect", () =>
    Effect.gen(function*() {
      const legacy = () => ({ body: `{"parameters":[{"name":"serverID","value":"x"}],"sf":{"input":{"input":"x"}}}` })
      for (const dialect of ["contract", "rapidJSON"] as const) {
        const { result } = yield* withClient({ baseUrl: "https://efa.example/efa", dialect }, legacy, stopFinder)
        expect(Either.flip(result).pipe(Either.getOrThrow).message).toContain("looks like the legacy JSON format")
      }
    }))

  it.effect("a contract answer to a rapidJSON client says to set the contract dialect", () =>
    Effect.gen(function*() {
      const { result } = yield* withClient(
        { baseUrl: "https://efa.example/efa", dialect: "rapidJSON" },
        () => ({ body: `{"trips":[]}` }),
        trip
      )
      expect(Either.flip(result).pipe(Either.getOrThrow).message).toContain(
        `looks like the contract format: set dialect "contract"`
      )
    }))
})

describe("Dialect.probe", () => {
  it.effect("asks XML_SYSTEMINFO_REQUEST for rapidJSON and reports the version", () =>
    Effect.gen(function*() {
      const { layer, sent } = upstream(() => ({
        body: `{"version":"10.9.1.1","serverInfo":{"controllerVersion":"10.9.1.2"},"systemMessages":[]}`
      }))
      const found = yield* Dialect.probe({ baseUrl: "https://efa.example/efa", apiKey: "k" }).pipe(
        Effect.provide(layer)
      )
      expect(sent[0]!.url).toBe("https://efa.example/efa/XML_SYSTEMINFO_REQUEST?outputFormat=rapidJSON")
      expect(sent[0]!.headers["authorization"]).toBe("k")
      expect(found).toMatchObject({ speaks: "rapidJSON", version: "10.9.1.1", controllerVersion: "10.9.1.2" })
    }))
})

describe("notices of both lists (a deployment that ignores filterPublicationStatus)", () => {
  const ids = (result: Either.Either<{ readonly infos: ReadonlyArray<{ readonly id: string }> }, unknown>) =>
    Either.getOrThrow(result).infos.map((notice) => notice.id)

  it.effect("keep their list, and a request's publicationStatus keeps only the notices of its list", () =>
    Effect.gen(function*() {
      const options = { baseUrl: "http://efa.test/", dialect: "rapidJSON" } as const
      const all = yield* withClient(options, answer("add-info"), (efa) => efa.addInfo({}))
      expect(Either.getOrThrow(all.result).infos.map((n) => [n.id, n.publicationStatus])).toEqual([
        ["ems-1001", "current"],
        ["ems-1000", "history"]
      ])
      const current = yield* withClient(
        options,
        answer("add-info"),
        (efa) => efa.addInfo({ publicationStatus: "current" })
      )
      expect(ids(current.result)).toEqual(["ems-1001"])
      expect(current.sent[0]!.url).toContain("filterPublicationStatus=current")
      const history = yield* withClient(
        options,
        answer("add-info"),
        (efa) => efa.addInfo({ publicationStatus: "history" })
      )
      expect(ids(history.result)).toEqual(["ems-1000"])
    }))
})
