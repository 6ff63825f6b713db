import { HttpClient, HttpClientResponse } from "@effect/platform"
import { afterAll, beforeEach, describe, expect, it } from "@effect/vitest"
import {
  Cause,
  DateTime,
  Effect,
  Either,
  Exit,
  FastCheck as fc,
  Layer,
  Logger,
  LogLevel,
  ManagedRuntime,
  ParseResult,
  Schema
} from "effect"
import { build } from "esbuild"
import { deepStrictEqual } from "node:assert"
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { EfaClient, Operation, Operations, StopFinder, VehicleDetail } from "../src/index.js"
import { forgetInstants, instantOf, parseInstant, Timestamp, utcFromMillis } from "../src/internal/decode/instant.js"
import { canGenerate, fastDecoder, makeDecoder, makeJsonDecoder, NoMatch } from "../src/internal/effect/fastDecode.js"

const operations: ReadonlyArray<Operation.Any> = Object.values(Operations.all)

// Both ways the fast path can run: in place on owned input, or copying.
const modes = [{ inPlace: true }, { inPlace: false }] as const

const compiled = <A, I>(schema: Schema.Schema<A, I>, options: { readonly inPlace: boolean }) => {
  const decode = fastDecoder(schema, options)
  if (decode === undefined) throw new Error("this platform forbids generating functions")
  return decode
}

const run = promisify(execFile)

// Property tests run many cases: on a busy machine one can take longer than Vitest's default 5 s.
const props = (numRuns: number) => ({ fastCheck: { numRuns: propertyRuns(numRuns) }, timeout: 60_000 })

// Most tests here are synchronous; one after the other they can keep the worker from answering Vitest's
// messages for longer than Vitest waits (60 s) on a busy machine. A turn of the event loop between tests.
beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)))

const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

const format = (error: ParseResult.ParseError) => ParseResult.TreeFormatter.formatErrorSync(error)

/**
 * The fast path agrees with `Schema.decodeUnknownEither(schema, { errors: "first" })` on the JSON text:
 * the same value (deeply, prototypes and own properties) when Effect succeeds, no value when it fails;
 * and the decoders built on it give Effect's error. Copying modes get frozen input, so a write fails.
 * The fast path gives up on valid input only where a "__proto__" key would become a prototype.
 */
const agree = (schema: Schema.Schema<any, any>, json: string): void => {
  let expected: Either.Either<unknown, ParseResult.ParseError>
  try {
    expected = Schema.decodeUnknownEither(schema, { errors: "first" })(JSON.parse(json))
  } catch {
    // Effect's own decoder throws on a few inputs (a union's literal lookup calls `String` on a value such
    // as `[{"toString":false}]`): there is no result to agree with, and the compiled paths must not throw
    for (const mode of modes) expect(() => compiled(schema, mode)(JSON.parse(json))).not.toThrow()
    return
  }
  const protoKey = json.includes(`"__proto__"`)
  for (const mode of modes) {
    const input = JSON.parse(json)
    const actual = compiled(schema, mode)(mode.inPlace ? input : deepFreeze(input))
    const context = `${JSON.stringify(mode)} on ${json}`
    if (Either.isLeft(expected)) {
      expect(actual, context).toBe(NoMatch)
    } else if (actual !== NoMatch) {
      // Effect gives an object the value of a "__proto__" key as its prototype, a fresh one per parse
      if (protoKey) expect(actual, context).toEqual(expected.right)
      else deepStrictEqual(actual, expected.right, context)
    } else {
      expect(protoKey, `gave up on valid input: ${context}`).toBe(true)
    }
  }
  const viaCopy = makeDecoder(schema)(deepFreeze(JSON.parse(json)))
  const viaJson = makeJsonDecoder(schema)(JSON.parse(json), json)
  if (Either.isLeft(expected)) {
    expect(Either.map(Either.flip(viaCopy), format)).toEqual(Either.right(format(expected.left)))
    expect(Either.map(Either.flip(viaJson), format)).toEqual(Either.right(format(expected.left)))
  } else if (json.includes(`"__proto__"`)) {
    expect(viaCopy).toEqual(expected)
    expect(viaJson).toEqual(expected)
  } else {
    deepStrictEqual(viaCopy, expected)
    deepStrictEqual(viaJson, expected)
  }
}

// A valid document: a value of the type, encoded, as JSON text. A lenient wire schema's index signature can
// generate a known key with a value of another type (a vehicle whose `name` is a list), which has no valid
// encoding: such values are left out.
// Built once per schema: the valid and the changed documents of a schema share it (building a response's arbitrary
// takes a tenth of a second).
const documentArbitraries = new Map<Schema.Schema<any, any>, fc.Arbitrary<string>>()
const documentOf = (schema: Schema.Schema<any, any>): fc.Arbitrary<string> => {
  let known = documentArbitraries.get(schema)
  if (known === undefined) {
    const encode = Schema.encodeEither(schema)
    known = Arbitraries.make(schema).map((value) => encode(value)).filter(Either.isRight).map((encoded) =>
      JSON.stringify(encoded.right)
    )
    documentArbitraries.set(schema, known)
  }
  return known
}

const KEYS = ["x", "id", "name", "coord", "lat", "__proto__", "constructor", "toString", "pins", "trips", "legs"]

/**
 * A document with one change somewhere: a value replaced by arbitrary JSON, a key removed, or a key
 * added (unknown ones, existing ones, `__proto__`). Some still decode, most do not.
 */
const mutatedDocumentOf = (schema: Schema.Schema<any, any>) =>
  fc.tuple(
    documentOf(schema),
    fc.nat(),
    fc.constantFrom("replace", "delete", "add"),
    fc.constantFrom(...KEYS),
    fc.jsonValue({ maxDepth: 2 })
  ).map(([json, pick, change, key, value]) => {
    const document = JSON.parse(json)
    const containers: Array<Record<string, unknown> | Array<unknown>> = []
    const visit = (node: unknown) => {
      if (typeof node !== "object" || node === null) return
      containers.push(node as Record<string, unknown>)
      for (const child of Object.values(node)) visit(child)
    }
    visit(document)
    const target = containers[pick % containers.length]!
    const keys = Object.keys(target)
    const existing = keys.length > 0 ? keys[pick % keys.length]! : key
    if (change === "delete" && keys.length > 0) {
      if (Array.isArray(target)) target.splice(Number(existing), 1)
      else delete target[existing]
    } else {
      const name = change === "add" ? key : existing
      // an own property even for `__proto__`, as JSON.parse makes it
      Object.defineProperty(target, Array.isArray(target) && change === "add" ? target.length : name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
    return JSON.stringify(document)
  })

// Every response schema the client decodes, with a schema whose values encode to valid documents: the
// documented JSON, and the rapidJSON dialect of real servers (documents from its wire schemas).
const rapidJsonContext = { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }
const rapidJsonCodecs = await Promise.all(
  operations.map(async (operation) => [operation.name, await operation.rapidJson?.()] as const)
)
const responseSchemas: ReadonlyArray<readonly [string, Schema.Schema<any, any>, Schema.Schema<any, any>]> = [
  ...operations.map((operation) => [operation.name, operation.response, operation.response] as const),
  ...rapidJsonCodecs.flatMap(([name, codec]) =>
    codec === undefined ? [] : [[`rapidJSON ${name}`, codec.response(rapidJsonContext), codec.wire] as const]
  )
]

describe("fast decoding of every response", () => {
  for (const [name, schema, documents] of responseSchemas) {
    describe(name, () => {
      it.prop("decodes valid documents as the Schema decode does", [documentOf(documents)], ([json]) => {
        agree(schema, json)
      }, props(100))

      it.prop(
        "agrees on changed documents, error messages included",
        [mutatedDocumentOf(documents)],
        ([json]) => agree(schema, json),
        props(150)
      )

      it.prop("agrees on arbitrary JSON", [fc.jsonValue({ maxDepth: 4 })], ([value]) => {
        agree(schema, JSON.stringify(value))
      }, props(100))
    })
  }

  it("generates code on this platform", () => {
    expect(canGenerate).toBe(true)
  })

  it("decodes with Effect alone where generating code is forbidden, with Effect's results", async () => {
    // as under a Content Security Policy without `unsafe-eval`
    // the script and the sources bundled beside the package's dependencies (which stay Node's to load): a TypeScript loader would cost the
    // process more than its work
    const cache = fileURLToPath(new URL("../node_modules/.cache/", import.meta.url))
    mkdirSync(cache, { recursive: true })
    const script = join(mkdtempSync(join(cache, "no-codegen-")), "withoutCodeGeneration.mjs")
    await build({
      entryPoints: [fileURLToPath(new URL("support/withoutCodeGeneration.ts", import.meta.url))],
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      outfile: script,
      logLevel: "silent"
    })
    const { stdout } = await run(process.execPath, ["--disallow-code-generation-from-strings", script], {
      cwd: fileURLToPath(new URL("..", import.meta.url))
    }).finally(() => rmSync(dirname(script), { recursive: true, force: true }))
    const summary = JSON.parse(stdout)
    expect(summary).toMatchObject({ canGenerate: false, fastDecoder: false, mismatches: [] })
    expect(summary.valid).toBeGreaterThan(100)
    expect(summary.invalid).toBeGreaterThan(0)
  }, 60_000)

  it("is exposed as Operation.decodeResponse, without touching its input", () => {
    const body = deepFreeze({ locations: [{ id: "de:1", name: "Hbf", type: "stop", matchQuality: 9, extra: 1 }] })
    expect(Operation.decodeResponse(StopFinder.operation)(body)).toStrictEqual(
      Either.right({ locations: [{ id: "de:1", name: "Hbf", type: "stop", isBest: false, matchQuality: 9 }] })
    )
    const failure = Operation.decodeResponse(StopFinder.operation)({ locations: [{ id: 1 }] })
    expect(Either.isLeft(failure) && format(failure.left)).toBe(
      format(
        Either.flip(Schema.decodeUnknownEither(StopFinder.StopFinderResponse)({ locations: [{ id: 1 }] })).pipe(
          Either.getOrThrow
        )
      )
    )
  })
})

// ---------------------------------------------------------------------------------------------------
// the rules of Effect's decoder, on small schemas that exercise each kind of AST node
// ---------------------------------------------------------------------------------------------------

class Box extends Schema.Class<Box>("Box")({ width: Schema.Number, label: Schema.optional(Schema.String) }) {}

interface Tree {
  readonly value: number
  readonly children: ReadonlyArray<Tree>
}
const Tree: Schema.Schema<Tree> = Schema.Struct({
  value: Schema.Number,
  children: Schema.Array(Schema.suspend(() => Tree))
})

const Item = Schema.Struct({ id: Schema.String, n: Schema.optionalWith(Schema.Number, { default: () => 0 }) })

enum Color {
  Red = "red",
  Green = 2
}

const schemas: Record<string, Schema.Schema<any, any>> = {
  "excess keys dropped, optional and exact optional": Schema.Struct({
    a: Schema.String,
    b: Schema.optional(Schema.Number),
    c: Schema.optionalWith(Schema.Boolean, { exact: true })
  }),
  "a missing required Unknown reads as undefined": Schema.Struct({ a: Schema.Unknown, b: Schema.Number }),
  "names Object.prototype has": Schema.Struct({ constructor: Schema.optional(Schema.String), toString: Schema.Number }),
  "defaults, nullable and renamed keys": Schema.Struct({
    a: Schema.optionalWith(Schema.Array(Schema.Number), { default: () => [1] }),
    b: Schema.optionalWith(Schema.String, { nullable: true }),
    c: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("C"))
  }),
  "index signatures": Schema.Struct({ a: Schema.Number }, Schema.Record({ key: Schema.String, value: Schema.Number })),
  "a record of unknown values": Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  "tuples with optional elements": Schema.Tuple(Schema.String, Schema.optionalElement(Schema.Number)),
  "tuples with rest and trailing elements": Schema.Tuple([Schema.String], Schema.Boolean, Schema.Number),
  "discriminated and plain unions": Schema.Array(
    Schema.Union(
      Schema.Struct({ kind: Schema.Literal("a"), a: Schema.Number }),
      Schema.Struct({ kind: Schema.Literal("b"), b: Schema.String }),
      Schema.Struct({ other: Schema.Boolean }),
      Schema.Number,
      Schema.Literal("x", null, true)
    )
  ),
  "unions keyed by tuple elements and by several literal keys": Schema.Array(
    Schema.Union(
      Schema.Struct({ type: Schema.Literal("a"), mode: Schema.Literal(1), n: Schema.Number }),
      Schema.Struct({ type: Schema.Literal("a"), mode: Schema.Literal(2), s: Schema.String }),
      Schema.Tuple(Schema.Literal("point"), Schema.Number, Schema.Number),
      Schema.Tuple(Schema.Literal("label"), Schema.String),
      Schema.Struct({ type: Schema.Literal("b") }).pipe(Schema.attachPropertySignature("kind", "b"))
    )
  ),
  "many literals and plain keywords": Schema.Struct({
    letter: Schema.Literal("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"),
    object: Schema.Object,
    empty: Schema.Struct({}),
    nothing: Schema.optional(Schema.Undefined),
    void: Schema.Void
  }),
  "a fixed pair in a struct": Schema.Struct({
    coord: Schema.Tuple(Schema.Number.pipe(Schema.between(-90, 90)), Schema.Number),
    path: Schema.Array(Schema.Tuple(Schema.Number, Schema.Number))
  }),
  "index signatures with narrower keys and transformed values": Schema.Struct(
    { id: Schema.String },
    Schema.Record({ key: Schema.String.pipe(Schema.startsWith("x-")), value: Schema.NumberFromString }),
    Schema.Record({ key: Schema.TemplateLiteral(Schema.Literal("n"), Schema.Number), value: Schema.Unknown })
  ),
  "renamed keys and defaults next to an index signature": Schema.Struct(
    {
      name: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("Name")),
      size: Schema.optionalWith(Schema.Number, { default: () => 0 })
    },
    Schema.Record({ key: Schema.String, value: Schema.Unknown })
  ),
  "a union whose later member is tried first": Schema.Union(
    Schema.Struct({ n: Schema.Unknown }),
    Schema.Struct({ kind: Schema.Literal("k"), n: Schema.Number })
  ),
  "refinements": Schema.Struct({
    int: Schema.Int.pipe(Schema.between(0, 10)),
    text: Schema.NonEmptyTrimmedString,
    list: Schema.Array(Schema.Number).pipe(Schema.minItems(1))
  }),
  "transformations": Schema.Struct({
    n: Schema.NumberFromString,
    date: Schema.DateTimeUtc,
    trimmed: Schema.Trim,
    composed: Schema.compose(Schema.NumberFromString, Schema.Int)
  }),
  "transformations with their own plain decoder": Schema.Struct({
    at: Timestamp,
    list: Schema.Array(Timestamp),
    maybe: Schema.optionalWith(Timestamp, { exact: true })
  }),
  "a decode that may give back what it was given, to the same type and to a narrower one": Schema.Struct({
    same: Schema.transform(Schema.Array(Item), Schema.Array(Schema.typeSchema(Item)), {
      strict: true,
      decode: (items) => (items.length > 1 ? items.slice(1) : items),
      encode: (items) => items
    }),
    narrower: Schema.transform(Schema.Array(Schema.Number), Schema.Array(Schema.Int), {
      strict: true,
      decode: (numbers) => numbers,
      encode: (numbers) => numbers
    })
  }),
  "declarations": Schema.Struct({
    option: Schema.OptionFromNullOr(Schema.Number),
    self: Schema.Array(Schema.Number).pipe(Schema.itemsCount(2))
  }),
  "classes": Schema.Array(Box),
  "recursion": Tree,
  "enums and template literals": Schema.Struct({
    color: Schema.Enums(Color),
    id: Schema.TemplateLiteral(Schema.Literal("id-"), Schema.Number)
  }),
  "parse options on a node": Schema.Struct({
    inner: Schema.Struct({ a: Schema.Number }).annotations({ parseOptions: { onExcessProperty: "preserve" } })
  }),
  "a decoding fallback": Schema.Struct({
    n: Schema.Number.annotations({ decodingFallback: () => Either.right(0) })
  })
}

describe("fast decoding follows Effect's rules", () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it.prop(name, [fc.oneof(documentOf(schema), mutatedDocumentOf(schema))], ([json]) => {
      agree(schema, json)
    }, props(150))
  }

  it("drops a key named __proto__ as Effect does, and leaves one under an index signature to Effect", () => {
    const Plain = schemas["excess keys dropped, optional and exact optional"]!
    agree(Plain, `{"a":"x","__proto__":{"polluted":1}}`)
    expect(compiled(Plain, { inPlace: true })(JSON.parse(`{"a":"x","__proto__":{"polluted":1}}`))).toStrictEqual({
      a: "x"
    })
    agree(schemas["index signatures"]!, `{"a":1,"__proto__":2,"b":3}`)
    agree(schemas["a record of unknown values"]!, `{"a":1,"__proto__":{"b":2}}`)
    expect(compiled(VehicleDetail.VehicleDetailResponse, { inPlace: true })(JSON.parse(`{"__proto__":{}}`)))
      .toBe(NoMatch)
  })

  it("decodes a struct that keeps every key into its input, a present required key or not", () => {
    const Kept = schemas["renamed keys and defaults next to an index signature"]!
    const Open = Schema.Struct(
      { a: Schema.String, b: Schema.optionalWith(Schema.Number, { exact: true }) },
      Schema.Record({ key: Schema.String, value: Schema.Unknown })
    )
    for (const json of [`{"a":"x","b":1,"c":[2]}`, `{"a":"x","c":null}`]) {
      const input = JSON.parse(json)
      expect(compiled(Open, { inPlace: true })(input)).toBe(input)
      agree(Open, json)
    }
    agree(Kept, `{"Name":"n","size":2,"extra":true}`)
  })

  it("decodes class instances and recursive values", () => {
    agree(schemas.classes!, `[{"width":1},{"width":2,"label":"x","extra":true}]`)
    agree(Tree, `{"value":1,"children":[{"value":2,"children":[]},{"value":3,"children":[{"value":4,"children":[]}]}]}`)
  })

  it("leaves effectful schemas to Effect", () => {
    // the one kind of valid input the fast path gives up on besides "__proto__" keys
    const Async = Schema.Struct({
      n: Schema.transformOrFail(Schema.Number, Schema.Number, {
        decode: (n) => Effect.succeed(n),
        encode: (n) => Effect.succeed(n)
      })
    })
    expect(compiled(Async, { inPlace: false })({ n: 1 })).toBe(NoMatch)
    expect(makeDecoder(Async)({ n: 1 })).toStrictEqual(Schema.decodeUnknownEither(Async)({ n: 1 }))
  })
})

// ---------------------------------------------------------------------------------------------------
// timestamps
// ---------------------------------------------------------------------------------------------------

const isoInstant = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-]\d{2}):(\d{2}))$/
// `Date.parse`, where the instant it reads has the text's own date and time at the text's offset (it rolls
// February 31st over into March, which is refused)
const previously = (text: string) => {
  const fields = isoInstant.exec(text)
  const millis = fields === null ? Number.NaN : Date.parse(text)
  if (fields === null || Number.isNaN(millis)) return Number.NaN
  const [, year, month, day, hour, minute, second = "0", offsetHour = "0", offsetMinute = "0"] = fields
  const offset = Number(offsetHour) * 60 + (offsetHour.startsWith("-") ? -1 : 1) * Number(offsetMinute)
  const local = new Date(millis + offset * 60_000)
  const same = local.getUTCFullYear() === Number(year) && local.getUTCMonth() + 1 === Number(month) &&
    local.getUTCDate() === Number(day) && local.getUTCHours() === Number(hour) &&
    local.getUTCMinutes() === Number(minute) && local.getUTCSeconds() === Number(second)
  return same ? millis : Number.NaN
}

describe("timestamps", () => {
  it.prop(
    "are read as Date.parse reads them",
    [fc.date({ min: new Date("0000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })],
    ([date]) => {
      const full = date.toISOString()
      for (const text of [full, full.replace(/\.\d{3}Z$/, "Z"), full.replace(/\.(\d)\d{2}Z$/, ".$1Z")]) {
        expect(parseInstant(text)).toBe(previously(text))
      }
    },
    props(500)
  )

  it.prop(
    "refuse what Date.parse refuses or rolls over into another day, and read odd forms as it does",
    [fc.tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.constantFrom("Z", ".123Z", ".5Z", "+02:00", "-00:30", "", ".1234567Z")
    )],
    ([[year, month, day, hour, minute, second, zone]]) => {
      const pad = (n: number, width = 2) => String(n).padStart(width, "0")
      const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`
      expect(Object.is(parseInstant(text), previously(text))).toBe(true)
    },
    props(500)
  )

  it("are remembered without mistaking one for another that shares its place", () => {
    // the same day digit and minute of the day: another second, another day, another year, other forms
    const texts = [
      "2026-03-02T07:37:00Z",
      "2026-03-02T07:37:30Z",
      "2026-03-02T07:37:05Z",
      "2026-03-12T07:37:00Z",
      "2027-03-02T07:37:00Z",
      "2026-03-02T07:37:00.000Z",
      "2026-03-02T07:37:00+01:00",
      "2026-03-02T07:37",
      "2026-03-02T07:37:0"
    ]
    forgetInstants()
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        const millis = parseInstant(text)
        expect(instantOf(text), text).toStrictEqual(Number.isNaN(millis) ? undefined : utcFromMillis(millis))
      }
    }
    // a repeat is the same instance
    expect(instantOf(texts[0]!)).toBe(instantOf(texts[0]!))
  })

  it("make the same DateTime.Utc as DateTime.unsafeMake", () => {
    for (const millis of [0, -1, 1_720_000_000_123, -62_135_596_800_000, 253_402_300_799_999]) {
      deepStrictEqual(utcFromMillis(millis), DateTime.unsafeMake(millis))
      expect(Object.getOwnPropertyDescriptors(utcFromMillis(millis))).toStrictEqual(
        Object.getOwnPropertyDescriptors(DateTime.unsafeMake(millis))
      )
    }
  })
})

// ---------------------------------------------------------------------------------------------------
// fuzzing the client: whatever a 200 answer carries, the result is a value or a tagged error
// ---------------------------------------------------------------------------------------------------

let nextBody: string | Uint8Array<ArrayBuffer> = ""

const fuzzClient = Layer.succeed(
  HttpClient.HttpClient,
  HttpClient.make((request) =>
    Effect.sync(() =>
      HttpClientResponse.fromWeb(
        request,
        new Response(nextBody, { status: 200, headers: { "content-type": "application/json" } })
      )
    )
  )
)

// One client for all runs: building the layer per run would cost more than the calls.
const runtime = ManagedRuntime.make(
  EfaClient.layer({ baseUrl: "http://efa.test", retry: false }).pipe(Layer.provide(fuzzClient))
)
afterAll(() => runtime.dispose())

// A request each operation accepts, from its own arbitrary.
const requestFor = (operation: Operation.Any): unknown => {
  const encode = Schema.encodeEither(operation.query({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }))
  // one the client sends too: it refuses an empty list, which the query could carry
  const noEmptyList = (r: unknown) =>
    !Object.values(r as object).some((value) => Array.isArray(value) && value.length === 0)
  const request = fc.sample(Arbitraries.make(operation.request), { numRuns: 100, seed: 7 }).find((r) =>
    Either.isRight(encode(r)) && noEmptyList(r)
  )
  if (request === undefined) throw new Error(`no valid ${operation.name} request`)
  return request
}

const callWith = (operation: Operation.Any, request: unknown, body: string | Uint8Array<ArrayBuffer>) =>
  Effect.suspend(() => {
    nextBody = body
    const efa = runtime.runSync(EfaClient.EfaClient) as unknown as Record<
      string,
      (request: unknown) => Effect.Effect<unknown, { readonly _tag: string }>
    >
    return Effect.exit(efa[operation.name]!(request))
  })

const expectValueOrTaggedError = (exit: Exit.Exit<unknown, { _tag: string }>) => {
  if (Exit.isSuccess(exit)) return
  // one failure in the error channel: no defect, no interruption
  expect(Cause.isFailType(exit.cause), Cause.pretty(exit.cause)).toBe(true)
  // the errors a body can cause: a board that names candidates and no events is an unresolved stop
  if (Cause.isFailType(exit.cause)) {
    expect(["DecodeError", "ServerMessageError", "StopNotResolvedError"]).toContain(exit.cause.error._tag)
  }
}

// A property whose runs are effects, each run as it is: `it.effect.prop` would build Effect's test services (the test
// clock and its friends, which these runs do not use) for every run, which costs many times the call. Logs are off,
// as there.
const effectProp = <A>(
  name: string,
  arbitrary: fc.Arbitrary<A>,
  check: (value: A) => Effect.Effect<void>,
  numRuns: number
) => {
  const { fastCheck, timeout } = props(numRuns)
  it(name, () =>
    fc.assert(
      fc.asyncProperty(
        arbitrary,
        (value) => Effect.runPromise(Logger.withMinimumLogLevel(check(value), LogLevel.None))
      ),
      fastCheck
    ), timeout)
}

describe("client fuzzing: every response decoder, through the client", () => {
  for (const operation of operations) {
    const request = requestFor(operation)

    effectProp(
      `${operation.name}: arbitrary bytes`,
      fc.uint8Array({ maxLength: 200 }),
      (bytes) => Effect.map(callWith(operation, request, new Uint8Array(bytes)), expectValueOrTaggedError),
      100
    )

    effectProp(
      `${operation.name}: arbitrary JSON`,
      fc.jsonValue({ maxDepth: 4 }),
      (value) => Effect.map(callWith(operation, request, JSON.stringify(value)), expectValueOrTaggedError),
      100
    )

    effectProp(
      `${operation.name}: changed documents`,
      mutatedDocumentOf(operation.response),
      (json) =>
        Effect.gen(function*() {
          const exit = yield* callWith(operation, request, json)
          expectValueOrTaggedError(exit)
          // a schema failure is reported where Effect's decoder finds it
          const expected = Schema.decodeUnknownEither(operation.response, { errors: "first" })(JSON.parse(json))
          if (Either.isLeft(expected)) {
            expect(Exit.isFailure(exit) && Cause.isFailType(exit.cause) && exit.cause.error._tag).toBe("DecodeError")
          }
        }),
      50
    )
  }
})
