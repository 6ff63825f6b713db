import {
  CoordInfo,
  EfaClient,
  type EfaError,
  LocalDateTime,
  type Operation,
  Operations,
  RapidJson
} from "@efa-kit/core"
import { layerInProcess } from "@efa-kit/mock-server"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Schema } from "effect"
import { type AnyCase, cases, HBF_COORD } from "./support/cases.js"
import {
  clearJournal,
  clientLayer,
  type Fake,
  inProcess,
  journal,
  operationOf,
  pairsOf,
  transports
} from "./support/fake.js"

const context = { timeZone: Either.getOrThrow(LocalDateTime.zone("Europe/Berlin")) }

// Grouped by name, repeats in the order sent: the contract fixes the order of a repeated parameter's values,
// not the order of different parameters. (`sort` is stable.)
const byName = (pairs: ReadonlyArray<readonly [string, string]>) =>
  [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

const call = (efa: EfaClient.Service, c: AnyCase) =>
  (efa[c.op] as (request: unknown) => Effect.Effect<unknown, EfaError.EfaError>)(c.request)

// Every case runs in both dialects: the fake answers `outputFormat=rapidJSON` from the same dataset through the
// core's rapidJSON transformations, and the client reads it back into the same models.
const dialects = [
  { dialect: "contract", extra: [["outputFormat", "JSON"]] },
  { dialect: "rapidJSON", extra: [["outputFormat", "rapidJSON"], ["coordOutputFormat", "WGS84[dd.ddddd]"]] }
] as const

// What a rapidJSON answer cannot carry: the serving lines of each stop of a line's geometry (no counterpart
// found in rapidJSON), which the cases about them check.
const contractOnly = (c: AnyCase): boolean =>
  c.op === "geoObject" && (c.request as { readonly servingLines?: boolean }).servingLines === true

const combinations = transports.flatMap((transport) => dialects.map((d) => ({ ...transport, ...d })))

describe.each(combinations)("the client against the fake, $name, $dialect", ({ dialect, extra, start }) => {
  let fake: Fake
  beforeAll(async () => {
    fake = await start()
  })
  afterAll(() => fake.close())

  for (const c of cases) {
    if (dialect === "rapidJSON" && contractOnly(c)) continue
    // on the live clock: a case waits for nothing, and Effect's test services cost more to build than the call
    it.live(`${c.op}: ${c.name}`, () =>
      Effect.gen(function*() {
        yield* clearJournal(fake)
        const efa = yield* EfaClient.EfaClient
        const operation: Operation.Any = Operations.all[c.op]
        const url = yield* efa.url(c.op, c.request as never)
        const result = yield* Effect.either(call(efa, c))

        // the fake received one request on the operation's path, with exactly the client's parameters
        const entries = yield* journal(fake)
        expect(entries).toHaveLength(1)
        const entry = entries[0]!
        expect(entry).toMatchObject({ seq: 1, method: "GET", path: operation.path, status: 200 })
        expect(entry.fault).toBeUndefined()
        expect(entry.params).toEqual(pairsOf(url))
        expect(entry.params.filter(([name]) => name === "outputFormat")).toEqual([extra[0]])
        if (c.params !== undefined) {
          expect(byName(entry.params)).toEqual(byName([...c.params, ...extra]))
        }
        // a flag without a value is sent bare (`boundingBox`, not `boundingBox=`)
        const raw = new URL(url).search.slice(1).split("&")
        for (const [name, value] of entry.params) {
          if (value === "") expect(raw).toContain(name)
        }
        // and the fake reads them back as the request that was sent
        expect(Schema.decodeUnknownSync(operation.query(context))(entry.params)).toEqual(c.request)

        if (c.fails !== undefined) {
          expect(Either.isLeft(result)).toBe(true)
          if (Either.isLeft(result)) c.fails(result.left)
        } else {
          if (Either.isLeft(result)) expect.fail(`${c.op} failed: ${result.left.message}`)
          else c.check?.(result.right as never, dialect)
        }
      }).pipe(Effect.provide(clientLayer(fake, { dialect }))))
  }

  it.effect("vehicleDetail: a vehicle the coordinate search found comes back by its SharingRefId", () =>
    Effect.gen(function*() {
      const efa = yield* EfaClient.EfaClient
      const { pins } = yield* efa.coordInfo({
        searchSpace: CoordInfo.circle(HBF_COORD),
        filters: [{ type: "ANY", radius: 1500 }]
      })
      const vehicles = pins.filter((pin) => pin.type === "SHARING_VEHICLE")
      expect(vehicles.length).toBeGreaterThan(1)
      for (const pin of vehicles) {
        const [vehicleId, operatorId, opAreaId] = pin.id!.split(":") as [string, string, string]
        const detail = yield* efa.vehicleDetail({ vehicle: { vehicleId, operatorId, opAreaId }, atStation: true })
        expect(detail.pins.map((p) => p.id)).toEqual([pin.id])
        expect(detail.pins[0]?.coord).toEqual(pin.coord)
      }
    }).pipe(Effect.provide(clientLayer(fake, { dialect }))))

  it(`every answer the fake gave in this suite decodes with the core's ${dialect} response schemas`, () => {
    expect(fake.recorded.length).toBeGreaterThan(cases.length)
    for (const { body, status, url } of fake.recorded) {
      expect(status, url).toBe(200)
      const operation = operationOf(url)
      expect(operation, url).toBeDefined()
      const schema: Schema.Schema<unknown, unknown> = dialect === "rapidJSON"
        ? RapidJson.operation(operation!, context).response
        : operation!.response
      // rapidJSON answers carry what real servers send besides what the model reads (`version`, `rating`,
      // places' `parent`, ...); the contract's format carries nothing else
      const decoded = Schema.decodeUnknownEither(schema, {
        errors: "all",
        onExcessProperty: dialect === "rapidJSON" ? "ignore" : "error"
      })(JSON.parse(body))
      if (Either.isLeft(decoded)) expect.fail(`${url}: ${decoded.left.message}`)
    }
  })
})

describe("the fake's own in-process layer", () => {
  it.effect("gives the client the same answers as the recording transport above", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.promise(() => inProcess())
      const viaLayer = EfaClient.layer({ baseUrl: "http://efa.test/", retry: false }).pipe(
        Layer.provide(layerInProcess(fake.mock)),
        Layer.orDie
      )
      for (const c of cases) {
        const run = Effect.flatMap(EfaClient.EfaClient, (efa) => Effect.either(call(efa, c)))
        const direct = yield* Effect.provide(run, viaLayer)
        const recorded = yield* Effect.provide(run, clientLayer(fake))
        expect(direct, `${c.op}: ${c.name}`).toEqual(recorded)
      }
    }))
})
