import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { Array as Arr, DateTime, Either, ParseResult, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { arbitraryHint } from "../src/internal/schema/arbitraryHint.js"
import { localDateTime } from "../src/internal/schema/dateTimeParam.js"
import { IntParam, opt } from "../src/internal/schema/params.js"
import * as ParamTable from "../src/internal/schema/paramTable.js"
import { definedOnly, defineZonedQuery, IssueCollector, queryCodec } from "../src/internal/schema/query.js"
import { requestOf } from "../src/internal/schema/wireValues.js"
import * as LocalDateTime from "../src/LocalDateTime.js"
import * as Point from "../src/Point.js"
import { queryHelpers } from "./support/query.js"

// The composite kinds of the parameter table, each in a small invented operation: a point with a row of its
// own, two option groups sharing a row, an indexed family and an indexed list.

const Kind = Schema.Literal("stop", "poi")
const Pace = Schema.Literal("fast", "slow")

// A row whose reading can fail after its parameter decoded, to see where an indexed family reports it.
const evenCount = <const Wire extends string>(wire: Wire) => ({
  ...ParamTable.param(wire, Schema.Int.pipe(Schema.filter((n) => n % 2 === 0)), IntParam()),
  fromWire: (value: number) => (value % 2 === 0 ? Either.right(value) : Either.left(`${value} is not even`))
})

// The parameters a failure names (a literal's failure has an issue per literal, at the same parameter).
const pathsOf = (issues: ReadonlyArray<{ readonly path: string }>) => [...new Set(issues.map((issue) => issue.path))]

// Runs a mapping against a fresh collector: the issues it reports, as path and message.
const reported = (run: (issues: IssueCollector) => void) => {
  const issues = new IssueCollector(Schema.Unknown.ast, {})
  run(issues)
  const result = issues.result(() => undefined)
  return Either.isRight(result) ? [] : ParseResult.ArrayFormatter.formatIssueSync(result.left).map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message
  }))
}

describe("ParamTable.point with rows of its own", () => {
  const stop = ParamTable.point("stop", {
    /** Minutes to wait at the stop, 0..60. */
    waitMinutes: ParamTable.int("wait_stop", { min: 0, max: 60 })
  })
  const Stop = Schema.Struct(ParamTable.fieldsOf({ point: Point.Point }, stop.options.fields))
  const Request = Schema.Struct({ id: Schema.String, stop: opt(Stop) })
  const Params = Schema.Struct({ id: Schema.String, ...stop.optionalParams })
  const Query = queryCodec("StopQuery", Params, Request, {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      const at = stop.decodeWith(p, issues)
      return issues.result(() => definedOnly({ id: p.id, stop: at }))
    },
    encode: (request) => {
      const params = { id: request.id }
      if (request.stop !== undefined) stop.encodeWith(request.stop, params)
      return Either.right(params)
    }
  })
  const { decode, decodeIssues, encode } = queryHelpers(Query)

  it("puts the point's two parameters before its rows'", () => {
    expect(Object.keys(stop.params)).toEqual(["type_stop", "name_stop", "wait_stop"])
    expect(Object.keys(stop.optionalParams)).toEqual(["type_stop", "name_stop", "wait_stop"])
  })

  it("reads a query into the point and its rows' values", () => {
    expect(decode("id=x&type_stop=any&name_stop=de:1&wait_stop=5")).toEqual({
      id: "x",
      stop: { point: Point.any("de:1"), waitMinutes: 5 }
    })
    expect(decode("id=x&type_stop=any&name_stop=de:1")).toEqual({ id: "x", stop: { point: Point.any("de:1") } })
    expect(decode("id=x")).toEqual({ id: "x" })
  })

  it("writes the point, then its rows", () => {
    expect(encode({ id: "x", stop: { point: Point.any("de:1"), waitMinutes: 0 } })).toBe(
      "id=x&type_stop=any&name_stop=de:1&wait_stop=0"
    )
  })

  it("reports a bad value, a row without its point and half a point at the parameter", () => {
    expect(decodeIssues("id=x&type_stop=any&name_stop=de:1&wait_stop=90")).toEqual([
      { path: "wait_stop", message: "90 is outside 0..60" }
    ])
    expect(decodeIssues("id=x&wait_stop=5")).toEqual([
      { path: "wait_stop", message: "wait_stop needs the point (type_stop, name_stop)" }
    ])
    expect(decodeIssues("id=x&type_stop=any&wait_stop=5")).toEqual([
      { path: "name_stop", message: "type_stop needs name_stop" }
    ])
  })

  it("reports a missing point a request needs at both halves, and a point where none belongs", () => {
    expect(reported((issues) => stop.decode({}, issues, "is required here"))).toEqual([
      { path: "type_stop", message: "is required here" },
      { path: "name_stop", message: "is required here" }
    ])
    expect(reported((issues) => stop.decode({}, issues))).toEqual([])
    expect(
      reported((issues) => stop.refuse({ type_stop: "any", wait_stop: 5 }, issues, "is only allowed with a stop"))
    ).toEqual([
      { path: "type_stop", message: "is only allowed with a stop" },
      { path: "wait_stop", message: "is only allowed with a stop" }
    ])
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(Schema.decodeSync(Query)(Schema.encodeSync(Query)(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})

describe("ParamTable.shared", () => {
  const pace = ParamTable.shared(["busOn", "walkOn"], ParamTable.param("pace", Pace, Pace))
  const bus = ParamTable.group("busOn", {
    /** How fast changes are. */
    pace,
    /** Maximum number of changes. */
    maxChanges: ParamTable.int("changes", { min: 0, max: 9 })
  })
  const walk = ParamTable.group("walkOn", {
    /** How fast one walks. */
    speed: pace,
    /** Maximum minutes on foot. */
    maxMinutes: ParamTable.int("walkMinutes", { min: 0, max: 60 })
  })
  // groups that send nothing read back as absent: arbitraries make only groups that send something
  const Bus = Schema.Struct(bus.fields).annotations(arbitraryHint("sendsSomething"))
  const Walk = Schema.Struct(walk.fields).annotations(arbitraryHint("sendsSomething"))
  // the model's rule: one parameter, so the groups agree when both are used
  const Request = Schema.Struct({ id: Schema.String, bus: opt(Bus), walk: opt(Walk) }).pipe(
    Schema.filter((request) =>
      !ParamTable.sendsSomething(request.bus) || !ParamTable.sendsSomething(request.walk) ||
      request.bus!.pace === request.walk!.speed
    )
  )
  const Params = Schema.Struct({
    id: Schema.String,
    ...bus.activationParam,
    ...bus.params,
    ...walk.activationParam,
    ...walk.params
  })
  const Query = queryCodec("PaceQuery", Params, Request, {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      bus.checkActivation(p, issues)
      walk.checkActivation(p, issues)
      return issues.result(() =>
        definedOnly({ id: p.id, bus: bus.decodeGroup(p, issues), walk: walk.decodeGroup(p, issues) })
      )
    },
    encode: (request) => {
      const params = { id: request.id }
      const sentBus = bus.sent(request.bus)
      const sentWalk = walk.sent(request.walk)
      if (sentBus !== undefined) bus.encodeGroup(sentBus, params)
      if (sentWalk !== undefined) walk.encodeGroup(sentWalk, params)
      return Either.right(params)
    }
  })
  const { decode, decodeIssues, encode } = queryHelpers(Query)

  it("is one wire parameter, where its first group puts it", () => {
    expect(Object.keys(Params.fields)).toEqual(["id", "busOn", "pace", "changes", "walkOn", "walkMinutes"])
  })

  it("reads the parameter into each active group", () => {
    expect(decode("id=x&walkOn=1&pace=slow")).toEqual({ id: "x", walk: { speed: "slow" } })
    expect(decode("id=x&busOn=1&pace=fast&walkOn=1&walkMinutes=5")).toEqual({
      id: "x",
      bus: { pace: "fast" },
      walk: { speed: "fast", maxMinutes: 5 }
    })
  })

  it("sends the parameter from either group, once", () => {
    expect(encode({ id: "x", walk: { speed: "slow" } })).toBe("id=x&pace=slow&walkOn=1")
    expect(encode({ id: "x", bus: { pace: "fast", maxChanges: 1 }, walk: { speed: "fast" } })).toBe(
      "id=x&busOn=1&pace=fast&changes=1&walkOn=1"
    )
  })

  it("reports the parameter without any of its groups' flags at the parameter, once", () => {
    expect(decodeIssues("id=x&pace=fast")).toEqual([
      { path: "pace", message: "pace takes effect only with busOn=1 or walkOn=1" }
    ])
    expect(decodeIssues("id=x&pace=fast&changes=2")).toEqual([
      { path: "busOn", message: "changes take effect only with busOn=1" },
      { path: "pace", message: "pace takes effect only with busOn=1 or walkOn=1" }
    ])
    expect(pathsOf(decodeIssues("id=x&walkOn=1&pace=medium"))).toEqual(["pace"])
  })

  it("must name every group it is in", () => {
    expect(() => ParamTable.group("carOn", { pace })).toThrow("\"pace\" is not shared with the group of carOn")
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(Schema.decodeSync(Query)(Schema.encodeSync(Query)(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})

describe("ParamTable.indexed", () => {
  const blocks = ParamTable.indexed({
    /** What the block finds (`kind_<i>`). */
    kind: ParamTable.required(ParamTable.param("kind_", Kind, Kind)),
    /** Its radius (`radius_<i>`). */
    radius: ParamTable.int("radius_", { min: 1, max: 1000 }),
    /** An even count (`even_<i>`). */
    count: evenCount("even_")
  }, { required: "at least one block is required (kind_0)" })
  const Block = Schema.Struct(blocks.fields)
  const Request = Schema.Struct({ id: Schema.String, blocks: Schema.NonEmptyArray(Block) })
  const Params = Schema.Struct({ id: Schema.String }, ...blocks.records)
  const Query = queryCodec("BlocksQuery", Params, Request, {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      const items = blocks.decode(p, issues)
      return requestOf(issues, Arr.isNonEmptyArray(items) ? { id: p.id, blocks: items } : undefined)
    },
    encode: (request) => {
      const params = { id: request.id }
      blocks.encode(request.blocks, params)
      return Either.right(params)
    }
  })
  const { decode, decodeIssues, encode } = queryHelpers(Query)

  it("types the families' index signatures and the prefixes from the rows", () => {
    type Wire = typeof Params.Type
    expectTypeOf<Wire["kind_3"]>().toEqualTypeOf<"stop" | "poi">()
    expectTypeOf<Wire["radius_3"]>().toEqualTypeOf<number>()
    expectTypeOf<Wire["even_3"]>().toEqualTypeOf<number>()
    expectTypeOf(blocks.prefixes).toEqualTypeOf<
      { readonly kind: "kind_"; readonly radius: "radius_"; readonly count: "even_" }
    >()
    expect(blocks.prefixes).toEqual({ kind: "kind_", radius: "radius_", count: "even_" })
    expect(blocks.records).toHaveLength(3)
  })

  it("reads the items in index order, each from its own parameters", () => {
    expect(decode("id=x&kind_1=poi&radius_1=50&kind_0=stop&even_0=4")).toEqual({
      id: "x",
      blocks: [{ kind: "stop", count: 4 }, { kind: "poi", radius: 50 }]
    })
  })

  it("writes the families row by row, each item at its position", () => {
    expect(encode({ id: "x", blocks: [{ kind: "stop", radius: 5 }, { kind: "poi", count: 2 }] })).toBe(
      "id=x&kind_0=stop&kind_1=poi&radius_0=5&even_1=2"
    )
  })

  it("reports each problem at the parameter that has it", () => {
    expect(decodeIssues("id=x&kind_0=stop&radius_0=5000")).toEqual([
      { path: "radius_0", message: "5000 is outside 1..1000" }
    ])
    expect(decodeIssues("id=x&kind_0=stop&kind_1=poi&even_1=3")).toEqual([
      { path: "even_1", message: "3 is not even" }
    ])
    expect(decodeIssues("id=x&kind_0=stop&kind_2=poi")).toEqual([
      { path: "kind_1", message: "missing: kind_<i> are numbered from 0 without gaps" }
    ])
    expect(decodeIssues("id=x&kind_0=stop&radius_1=5")).toEqual([
      { path: "radius_1", message: "belongs to item 1, but kind_1 is missing" }
    ])
    expect(decodeIssues("id=x&kind_0=stop&kind_01=poi")).toEqual([
      { path: "kind_01", message: "the index must be 0, 1, 2, ..., got \"01\"" }
    ])
    expect(decodeIssues("id=x")).toEqual([{ path: "kind_0", message: "at least one block is required (kind_0)" }])
    expect(pathsOf(decodeIssues("id=x&kind_0=bus"))).toEqual(["kind_0"])
  })

  it("has one key, and prefixes that tell the families apart", () => {
    // the calls' results are not kept: TypeScript 7 gives up comparing an assertion's family types
    expect(() => void ParamTable.indexed({ a: ParamTable.param("a_", Kind, Kind) })).toThrow("one row must be required")
    expect(() =>
      void ParamTable.indexed({
        kind: ParamTable.required(ParamTable.param("kind_", Kind, Kind)),
        kindName: ParamTable.text("kind_name_")
      })
    ).toThrow("the prefix \"kind_\" begins \"kind_name_\"")
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(Schema.decodeSync(Query)(Schema.encodeSync(Query)(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})

describe("ParamTable.indexedList", () => {
  const kinds = ParamTable.indexedList(ParamTable.param("kind", Kind, Kind))
  const Request = Schema.Struct({ id: Schema.String, kinds: opt(Schema.NonEmptyArray(Kind)) })
  const Params = Schema.Struct({ id: Schema.String }, ...kinds.records)
  const Query = queryCodec("KindsQuery", Params, Request, {
    decode: (p, _, ast) => {
      const issues = new IssueCollector(ast, p)
      const values = kinds.decode(p, issues)
      return issues.result(() => definedOnly({ id: p.id, kinds: Arr.isNonEmptyArray(values) ? values : undefined }))
    },
    encode: (request) => {
      const params = { id: request.id }
      kinds.encode(request.kinds ?? [], params)
      return Either.right(params)
    }
  })
  const { decode, decodeIssues, encode } = queryHelpers(Query)

  it("reads and writes the values at their positions", () => {
    expectTypeOf<typeof Params.Type["kind7"]>().toEqualTypeOf<"stop" | "poi">()
    expect(decode("id=x&kind1=poi&kind0=stop")).toEqual({ id: "x", kinds: ["stop", "poi"] })
    expect(decode("id=x")).toEqual({ id: "x" })
    expect(encode({ id: "x", kinds: ["poi", "poi"] })).toBe("id=x&kind0=poi&kind1=poi")
  })

  it("reports a gap and a bad value at the parameter", () => {
    expect(decodeIssues("id=x&kind0=stop&kind2=poi")).toEqual([
      { path: "kind1", message: "missing: kind<i> are numbered from 0 without gaps" }
    ])
    expect(pathsOf(decodeIssues("id=x&kind0=bus"))).toEqual(["kind0"])
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(Schema.decodeSync(Query)(Schema.encodeSync(Query)(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})

describe("localDateTime: a date and its time in the deployment's zone, with defineZonedQuery", () => {
  const berlin = DateTime.zoneUnsafeMakeNamed("Europe/Berlin")
  const when = localDateTime("day", "at")
  const colonWhen = localDateTime("day", "at", { timeFormat: "HH:MM" })
  const Request = Schema.Struct({ id: Schema.String, dateTime: opt(LocalDateTime.MinuteInstant) })
  const query = (row: typeof when) =>
    defineZonedQuery(
      "WhenQuery",
      Schema.Struct({ id: Schema.String, ...row.optionalParams }),
      Request,
      (timeZone) => ({
        decode: (p, issues) => definedOnly({ id: p.id, dateTime: row.decode(p, timeZone, issues) }),
        encode: (request) => {
          const params = { id: request.id }
          if (request.dateTime !== undefined) row.encode(request.dateTime, timeZone, params)
          return params
        }
      })
    )({ timeZone: berlin })
  const compact = queryHelpers(query(when))
  const colon = queryHelpers(query(colonWhen))
  const instant = DateTime.unsafeMake("2026-03-02T07:30:00Z")

  it("reads wall-clock time in the zone, with or without a colon in the time", () => {
    expect(compact.decode("id=x&day=20260302&at=0830")).toEqual({ id: "x", dateTime: instant })
    expect(compact.decode("id=x&day=20260302&at=08:30")).toEqual({ id: "x", dateTime: instant })
    expect(compact.decode("id=x")).toEqual({ id: "x" })
  })

  it("writes the time as HHMM, or HH:MM when the row says so", () => {
    expect(compact.encode({ id: "x", dateTime: instant })).toBe("id=x&day=20260302&at=0830")
    expect(colon.encode({ id: "x", dateTime: instant })).toBe("id=x&day=20260302&at=08:30")
    expect(compact.encode({ id: "x" })).toBe("id=x")
  })

  it("reports a half without the other at the missing one, an impossible date at the date", () => {
    expect(compact.decodeIssues("id=x&day=20260302")).toEqual([{ path: "at", message: "day needs at" }])
    expect(compact.decodeIssues("id=x&at=0830")).toEqual([{ path: "day", message: "at needs day" }])
    expect(compact.decodeIssues("id=x&day=20260230&at=0830")).toEqual([
      { path: "day", message: "\"2026-02-30\" is not a calendar date as YYYY-MM-DD" }
    ])
    expect(pathsOf(compact.decodeIssues("id=x&day=20260302&at=2460"))).toEqual(["at"])
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(colon.decode(colon.encode(request))).toEqual(request)
    expect(compact.decode(compact.encode(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(100) } })
})
