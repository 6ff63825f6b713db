import { Departures, EfaClient, Pages, Point, Profile, StopFinder, Trip } from "@efa-kit/core"
import {
  createClient,
  createClientFor,
  DecodeError,
  HttpStatusError,
  InvalidOptionsError,
  InvalidRequestError,
  NotFoundError,
  ServerMessageError,
  StopNotResolvedError,
  TransportError
} from "@efa-kit/core/promise"
import { type RunningServer, startServer } from "@efa-kit/mock-server"
import { FetchHttpClient } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "@effect/vitest"
import { Effect, Either, Redacted } from "effect"
import * as Fs from "node:fs/promises"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const here = Path.dirname(fileURLToPath(import.meta.url))

let fake: RunningServer
beforeAll(async () => {
  fake = Either.getOrThrow(await startServer({ port: 0, host: "127.0.0.1" }))
})
afterAll(() => fake.close())

const baseUrl = () => `http://127.0.0.1:${fake.port}/`

// The README's Promise example, run as written: only the fake's address is put in.
const readmeExample = async (): Promise<string> => {
  const readme = await Fs.readFile(Path.join(here, "../../../README.md"), "utf8")
  const section = readme.slice(readme.indexOf("## Without Effect: the Promise client"))
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (code === undefined) throw new Error("the README has no Promise example")
  return code.replace("http://localhost:8080", baseUrl())
}

describe("Promise client", () => {
  it("the README example plans trips against the fake", async () => {
    const folder = Path.join(here, "../.readme")
    await Fs.mkdir(folder, { recursive: true })
    const file = Path.join(folder, `promise-${process.pid}.ts`)
    await Fs.writeFile(file, await readmeExample())
    const printed: Array<unknown> = []
    const log = vi.spyOn(console, "log").mockImplementation((value: unknown) => void printed.push(value))
    const errors = vi.spyOn(console, "error")
    try {
      await import(file)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      log.mockRestore()
      errors.mockRestore()
      await Fs.rm(file)
    }
    // one line per trip, starting with its departure as an ISO string (`Date.prototype.toISOString`)
    expect(printed.length).toBe(2)
    for (const departure of printed) expect(departure).toMatch(/^2026-03-02T0\d:\d\d:00\.000Z$/)
  })

  it("answers in plain JavaScript values: every instant is a Date, and the types say so", async () => {
    await using efa = createClient({ baseUrl: baseUrl() })
    const { trips } = await efa.trip({
      origin: Point.fromId("de:08111:6118"),
      destination: Point.any("Böblingen"),
      dateTime: new Date("2026-03-02T07:30:00Z")
    })
    const leg = trips[0]?.legs[0]
    expect(leg).toBeDefined()
    expectTypeOf(leg!.origin.departureTimePlanned).toEqualTypeOf<Date>()
    expectTypeOf(leg!.destination.arrivalTimeEstimated).toEqualTypeOf<Date | undefined>()
    expect(leg!.origin.departureTimePlanned).toBeInstanceOf(Date)
    expect(leg!.origin.departureTimePlanned.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-02T07:30:00Z"))
    const instants: Array<unknown> = []
    const walk = (value: unknown): void => {
      if (value instanceof Date) instants.push(value)
      else if (value !== null && typeof value === "object") {
        expect(Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value)).toBe(true)
        Object.values(value).forEach(walk)
      }
    }
    walk(trips)
    expect(instants.length).toBeGreaterThanOrEqual(2 * trips.length)
    // the answer is JSON as it is: a Date serialises to its ISO string
    expect(JSON.parse(JSON.stringify(leg!.origin)).departureTimePlanned).toBe(
      leg!.origin.departureTimePlanned.toISOString()
    )
  })

  it("takes plain strings where it takes ids", async () => {
    await using efa = createClient({ baseUrl: baseUrl() })
    const id: string = "de:08111:6118"
    const { trips } = await efa.trip({ origin: Point.fromId(id), destination: Point.any("Böblingen") })
    expect(trips.length).toBeGreaterThan(0)
    expect(trips[0]?.legs[0]?.origin.name).toContain("Stuttgart, Hauptbahnhof")
  })

  it("exports every error a call can reject with, as a class", async () => {
    const promise: Record<string, unknown> = await import("@efa-kit/core/promise")
    const { EfaError } = await import("@efa-kit/core")
    const errorClasses = Object.entries(EfaError).filter(([name, value]) =>
      typeof value === "function" && name.endsWith("Error")
    )
    expect(errorClasses.length).toBe(11)
    for (const [name, value] of errorClasses) expect(promise[name], name).toBe(value)
  })

  it("answers as the Effect client does", async () => {
    const efa = createClient({ baseUrl: baseUrl() })
    const { locations } = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
    expect(locations[0]?.name).toContain("Hauptbahnhof")
    await efa.close()
  })

  it("reads the catalogue in both dialects: system information, a subnetwork's lines, a line's stops, a town's stops", async () => {
    for (const dialect of ["contract", "rapidJSON"] as const) {
      await using efa = createClient({ baseUrl: baseUrl(), dialect })
      const { validity } = await efa.systemInfo({})
      expect(validity).toEqual({ from: "2025-12-14", to: "2026-12-12" })
      const { lines } = await efa.lines({ subnetwork: "vvs", mergeDirections: true })
      const s1 = lines.find((line) => line.mode.number === "S1")!
      expect(s1.lineId).toBe("vvs:10001: :H:")
      const { stops } = await efa.lineStops({ line: s1.lineId })
      expect(stops.map((stop) => stop.id)).toContain("de:08111:6118")
      // the stops of the Hauptbahnhof's town, from the municipality its place names
      const town = await efa.stops({ municipality: "8111000" })
      expect(town.stops.map((stop) => stop.id)).toContain("de:08111:6118")
      expect(town.stops.every((stop) => stop.parent?.name === "Stuttgart")).toBe(true)
    }
  })

  it("boards a stop in both dialects, follows an event to its trip's stops, and names the candidates of an ambiguous stop", async () => {
    for (const dialect of ["contract", "rapidJSON"] as const) {
      await using efa = createClient({ baseUrl: baseUrl(), dialect })
      const { events, locations } = await efa.departures({
        stop: Point.fromId("de:08111:6118"),
        dateTime: new Date("2026-03-02T07:45:00Z"),
        limit: 5
      })
      expect(locations[0]?.isBest).toBe(true)
      expect(events).toHaveLength(5)
      const first = events[0]!
      expectTypeOf(first.departureTimePlanned).toEqualTypeOf<Date>()
      expect(first.departureTimePlanned.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-02T07:45:00Z"))
      expect(first.lineId).toMatch(/^vvs:/)
      const { stops } = await efa.tripStops({
        line: first.lineId,
        // a board's event is at its platform (rapidJSON) or its stop
        stop: first.location.type === "platform" ? first.location.parent!.id! : first.location.id,
        tripCode: first.tripCode!,
        dateTime: first.departureTimePlanned
      })
      expect(stops.map((stop) => stop.id)).toContain("de:08111:6118")
      const error = await efa.departures({ stop: Point.any("Bahnhof") }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StopNotResolvedError)
      expect((error as StopNotResolvedError).reason).toBe("ambiguous")
      expect((error as StopNotResolvedError).candidates.length).toBeGreaterThan(1)
    }
  })

  it("a refused request rejects with InvalidRequestError, its tag and its fields", async () => {
    await using efa = createClient({ baseUrl: baseUrl() })
    const error = await efa.stopFinder({ input: Point.any("x"), maxResults: 0 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error).toBeInstanceOf(Error)
    const invalid = error as InvalidRequestError
    expect(invalid._tag).toBe("InvalidRequestError")
    expect(invalid.operation).toBe("stopFinder")
    expect(invalid.issues.map((issue) => issue.field)).toEqual(["maxResults"])
    expect(invalid.message).toContain("maxResults")
  })

  it("a status rejects with HttpStatusError", async () => {
    await using efa = createClient({ baseUrl: baseUrl(), headers: { "x-efa-fault": "status=404" } })
    const error = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError)._tag).toBe("HttpStatusError")
    expect((error as HttpStatusError).status).toBe(404)
  })

  it("a body that is not the answer rejects with DecodeError, a server's error with ServerMessageError", async () => {
    const failing = async (fault: string) => {
      await using efa = createClient({ baseUrl: baseUrl(), retry: false, headers: { "x-efa-fault": fault } })
      return await efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).catch((e: unknown) => e)
    }
    const html = await failing("html")
    expect(html).toBeInstanceOf(DecodeError)
    expect((html as DecodeError)._tag).toBe("DecodeError")
    expect((html as DecodeError).reason).toBe("not-json")
    const system = await failing("system-error=-8011")
    expect(system).toBeInstanceOf(ServerMessageError)
    expect((system as ServerMessageError).code).toBe(-8011)
  })

  it("a network failure rejects with TransportError and keeps its cause", async () => {
    const closed = Http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await using efa = createClient({ baseUrl: `http://127.0.0.1:${port}/`, retry: false })
    const error = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).reason).toBe("network")
    expect((error as TransportError).cause).toBeDefined()
    // the message names the system's error, and the URL once
    const message = (error as TransportError).message
    expect(message).toContain("ECONNREFUSED")
    expect(message.split(`127.0.0.1:${port}/XML_STOPFINDER_REQUEST`).length - 1).toBe(1)
  })

  it("a name that does not resolve says so in the message", async () => {
    await using efa = createClient({ baseUrl: "http://efa-kit-test.invalid/", retry: false })
    const error = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    // ENOTFOUND, or EAI_AGAIN where the machine has no resolver at all
    expect((error as TransportError).message).toMatch(/getaddrinfo (ENOTFOUND|EAI_AGAIN) efa-kit-test\.invalid/)
    expect((error as TransportError).message).not.toContain("Transport error")
  })

  it("a timeout says so in the message", async () => {
    const silent = Http.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const port = (silent.address() as AddressInfo).port
    try {
      await using efa = createClient({ baseUrl: `http://127.0.0.1:${port}/`, retry: false, timeout: "50 millis" })
      const error = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TransportError)
      expect((error as TransportError).reason).toBe("timeout")
      expect((error as TransportError).message).toMatch(
        /no answer from http:\/\/127\.0\.0\.1:\d+\/\S+ in time \(timeout 50ms\)$/
      )
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it("an AbortSignal aborts the HTTP request and rejects with its reason", async () => {
    let closedByClient!: () => void
    const requestClosed = new Promise<void>((resolve) => closedByClient = resolve)
    let arrived!: () => void
    const requestArrived = new Promise<void>((resolve) => arrived = resolve)
    const upstream = Http.createServer((req, res) => {
      res.on("close", () => closedByClient())
      arrived()
      void req
    })
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve))
    const port = (upstream.address() as AddressInfo).port
    try {
      await using efa = createClient({ baseUrl: `http://127.0.0.1:${port}/` })
      const controller = new AbortController()
      const call = efa.stopFinder({ input: Point.any("Stuttgart Hbf") }, { signal: controller.signal })
      await requestArrived
      const reason = new Error("the user left")
      controller.abort(reason)
      await expect(call).rejects.toBe(reason)
      await requestClosed
      const already = efa.stopFinder({ input: Point.any("x") }, { signal: controller.signal })
      await expect(already).rejects.toBe(reason)
    } finally {
      upstream.closeAllConnections()
      await new Promise<void>((resolve) => upstream.close(() => resolve()))
    }
  })

  it("bad settings throw InvalidOptionsError when the client is created", () => {
    expect(() => createClient({ baseUrl: "not a url" })).toThrow(InvalidOptionsError)
    expect(() => createClient({ baseUrl: baseUrl(), retry: { maxAttempts: 0 } })).toThrow(/retry.maxAttempts/)
  })

  it("an apiKey that is not a non-empty string is refused, naming the option", () => {
    const refusal = (apiKey: unknown) => {
      try {
        createClient({ baseUrl: baseUrl(), apiKey: apiKey as string })
        return "accepted"
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidOptionsError)
        return (error as InvalidOptionsError).message
      }
    }
    expect(refusal({ key: "secret" })).toBe(
      "invalid client option apiKey: must be a string or a Redacted string, got an object"
    )
    expect(refusal("")).toBe(
      "invalid client option apiKey: must not be empty: leave the option out for a deployment without a key"
    )
    expect(refusal("  ")).toMatch(/^invalid client option apiKey: must not be empty/)
    expect(refusal(Redacted.make(""))).toMatch(/^invalid client option apiKey: must not be empty/)
    expect(refusal(42)).toBe("invalid client option apiKey: must be a string or a Redacted string, got number")
    expect(refusal("secret")).toBe("accepted")
    expect(refusal(Redacted.make("secret"))).toBe("accepted")
  })

  it("a profile is one of the names or a Profile value", () => {
    expect(() => createClient({ profile: "tfnsw", apiKey: "secret" })).not.toThrow()
    expect(() => createClient({ profile: { ...Profile.profiles.vrr, version: "10.4.18.18" } })).not.toThrow()
    // @ts-expect-error a misspelt profile name does not type-check
    expect(() => createClient({ profile: "tfnws" })).toThrow(/unknown profile "tfnws"/)
  })

  it("close releases the client; later calls reject", async () => {
    const efa = createClient({ baseUrl: baseUrl() })
    expect(efa[Symbol.asyncDispose]).toBe(efa.close)
    await efa.close()
    await efa.close()
    await expect(efa.stopFinder({ input: Point.any("Stuttgart Hbf") })).rejects.toThrow(/closed/)
  })

  it("a client of the operations it names has only their methods", async () => {
    await using efa = createClientFor({ stopFinder: StopFinder.operation }, { baseUrl: baseUrl() })
    expect(Object.keys(efa).sort()).toEqual(["close", "stopFinder"])
    const { locations } = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
    expect(locations.length).toBeGreaterThan(0)
  })

  it("takes another fetch", async () => {
    const urls: Array<string> = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input))
      return globalThis.fetch(input, init)
    }
    await using efa = createClient({ baseUrl: baseUrl() }, { fetch })
    await efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
    expect(urls).toHaveLength(1)
    expect(urls[0]).toContain("XML_STOPFINDER_REQUEST")
  })
})

describe("Promise client parity", () => {
  it("an operation whose request is all optional is called without one, in both clients", async () => {
    await using efa = createClient({ baseUrl: baseUrl() })
    const { validity } = await efa.systemInfo()
    expect(validity?.from).toBe("2025-12-14")
    // a request with a required field still needs one
    // @ts-expect-error: the stop finder's request has a required `input`
    await expect(efa.stopFinder()).rejects.toBeInstanceOf(InvalidRequestError)
    const info = await Effect.runPromise(
      Effect.flatMap(EfaClient.EfaClient, (client) => client.systemInfo()).pipe(
        Effect.provide(EfaClient.layer({ baseUrl: baseUrl() })),
        Effect.provide(FetchHttpClient.layer)
      )
    )
    expect(info.validity?.to).toBe("2026-12-12")
  })

  it("the helpers take the Promise client's models, typed: price a trip, key its trips and events", async () => {
    await using efa = createClient({ baseUrl: baseUrl() })
    const { trips } = await efa.trip({
      origin: Point.fromId("de:08111:6118"),
      destination: Point.any("Böblingen"),
      dateTime: new Date("2026-03-02T07:30:00Z"),
      fares: true
    })
    const price = Trip.price(trips[0]!)
    expect(price?.currency).toBe("EUR")
    expect(price!.amount).toBeGreaterThan(0)
    const key = Pages.tripKey(trips[0]!)
    expect(key).toContain(String(trips[0]!.legs[0]!.origin.departureTimePlanned.getTime()))
    const { events } = await efa.departures({
      stop: Point.fromId("de:08111:6118"),
      dateTime: new Date("2026-03-02T07:30:00Z"),
      limit: 3
    })
    expect(Departures.eventKey(events[0]!)).toBe(
      `${events[0]!.lineId}|${events[0]!.tripCode ?? ""}|${events[0]!.departureTimePlanned.getTime()}|${
        events[0]!.location.id
      }`
    )
    expect(Departures.delayMinutes(events[0]!)).toSatisfy((delay) => delay === undefined || Number.isInteger(delay))
  })

  it("nothing matches: lines and stops answer an empty list with the server's message; an unknown line is not found", async () => {
    for (const dialect of ["contract", "rapidJSON"] as const) {
      await using efa = createClient({ baseUrl: baseUrl(), dialect })
      const lines = await efa.lines({ subnetwork: "nope" })
      expect(lines.lines).toEqual([])
      expect(lines.systemMessages?.[0]?.code).toBe(-4050)
      const stops = await efa.stops({ municipality: "9999999" })
      expect(stops.stops).toEqual([])
      expect(stops.systemMessages?.[0]?.code).toBe(-2000)
      const error = await efa.lineStops({ line: "vvs:19999: :H:" }).catch((error: unknown) => error)
      expect(error).toBeInstanceOf(NotFoundError)
      expect(error).toMatchObject({ _tag: "NotFoundError", field: "line", value: "vvs:19999: :H:" })
    }
  })

  it("the Promise guide names every method of the Promise client", async () => {
    const guide = await Fs.readFile(Path.join(here, "../../../docs/promise-client.md"), "utf8")
    const efa = createClient({ baseUrl: baseUrl() })
    const methods = Object.keys(efa).filter((name) =>
      typeof (efa as unknown as Record<string, unknown>)[name] === "function"
    )
    expect(methods).toContain("watchTrip")
    const missing = methods.filter((name) => !guide.includes(`\`${name}\``) && !guide.includes(`${name}(`))
    expect(missing).toEqual([])
    await efa.close()
  })
})
