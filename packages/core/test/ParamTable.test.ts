import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { propertyRuns } from "../../../test-support/properties.js"
import * as Arbitraries from "../src/Arbitraries.js"
import { IntParam } from "../src/internal/schema/params.js"
import * as ParamTable from "../src/internal/schema/paramTable.js"
import { IssueCollector, queryCodec } from "../src/internal/schema/query.js"
import { FixedParam, NamedParam, repeated } from "../src/internal/schema/wireValues.js"
import { queryHelpers } from "./support/query.js"

const Kind = Schema.Literal("stop", "poi")

// A row whose reading can fail after its parameter decoded: a count given as text, read as a number.
const evenCount = <const Wire extends string>(wire: Wire) => ({
  ...ParamTable.param(wire, Schema.Int.pipe(Schema.filter((n) => n % 2 === 0)), IntParam()),
  fromWire: (value: number) => (value % 2 === 0 ? Either.right(value) : Either.left(`${value} is not even`))
})

const table = ParamTable.make({
  /** The number of hits. */
  maxResults: ParamTable.int("max", { min: 1, max: 100 }),
  /** Only the perfect match. */
  perfectOnly: ParamTable.flag("perfect"),
  /** Bicycle routing. */
  bicycle: ParamTable.flag("bikeMacro", FixedParam("on", "BikeMacroParam")),
  /** A name of the server. */
  sorter: ParamTable.text("sort_sf"),
  /** Kinds, repeated. */
  kinds: repeated("kind", Kind, Schema.compose(Schema.String, Kind)),
  /** An even count. */
  pairs: evenCount("pairs"),
  /** The route type, named in the model, a word of the server's on the wire. */
  routeType: ParamTable.param(
    "routeType",
    Schema.Literal("fastest", "fewestChanges"),
    NamedParam({ fastest: "lasttime", fewestChanges: "leastinterchange" }, "RouteTypeParam")
  )
})

const Request = Schema.Struct({ id: Schema.String, ...table.fields })
const Params = Schema.Struct({ id: Schema.String, ...table.params })
const Query = queryCodec("ExampleQuery", Params, Request, {
  decode: (params, _, ast) => {
    const issues = new IssueCollector(ast, params)
    const request = table.decode(params, issues, { id: params.id })
    return issues.result(() => request)
  },
  encode: (request) => Either.right(table.encode(request, { id: request.id }))
})
const { decode, decodeIssues, encode } = queryHelpers(Query)

describe("ParamTable", () => {
  it("builds the model's and the wire's fields from the rows, in row order", () => {
    expect(Object.keys(table.fields)).toEqual([
      "maxResults",
      "perfectOnly",
      "bicycle",
      "sorter",
      "kinds",
      "pairs",
      "routeType"
    ])
    expect(Object.keys(table.params)).toEqual(["max", "perfect", "bikeMacro", "sort_sf", "kind", "pairs", "routeType"])
    expect(table.wireNames).toEqual(Object.keys(table.params))
  })

  it("types the model and the wire from the rows", () => {
    type Model = ParamTable.ModelOf<typeof table.rows>
    type Params = ParamTable.ParamsOf<typeof table.rows>
    expectTypeOf<{ readonly [K in keyof Model]: Model[K] }>().toEqualTypeOf<{
      readonly maxResults?: number
      readonly perfectOnly?: boolean
      readonly bicycle?: boolean
      readonly sorter?: string
      readonly kinds?: ReadonlyArray<"stop" | "poi">
      readonly pairs?: number
      readonly routeType?: "fastest" | "fewestChanges"
    }>()
    expectTypeOf<{ readonly [K in keyof Params]: Params[K] }>().toEqualTypeOf<{
      readonly max?: number
      readonly perfect?: true | undefined
      readonly bikeMacro?: true | undefined
      readonly sort_sf?: string
      readonly kind?: ReadonlyArray<"stop" | "poi">
      readonly pairs?: number
      readonly routeType?: "fastest" | "fewestChanges"
    }>()
  })

  it("maps a model to its parameters and back", () => {
    const request = {
      id: "x",
      maxResults: 5,
      perfectOnly: true,
      bicycle: true,
      sorter: "byName",
      kinds: ["poi", "stop"],
      pairs: 4,
      routeType: "fewestChanges"
    } as const
    const query =
      "id=x&max=5&perfect=1&bikeMacro=on&sort_sf=byName&kind=poi&kind=stop&pairs=4&routeType=leastinterchange"
    expect(encode(request)).toBe(query)
    expect(decode(query)).toEqual(request)
  })

  it("sends nothing for an absent field or an unset flag, and reads an absent parameter as absent", () => {
    expect(encode({ id: "x", perfectOnly: false, bicycle: false })).toBe("id=x")
    expect(decode("id=x")).toEqual({ id: "x" })
  })

  it("reports a parameter that does not decode at its wire name", () => {
    expect(decodeIssues("id=x&max=500&bikeMacro=off&routeType=fast")).toEqual([
      { path: "max", message: "500 is outside 1..100" },
      { path: "bikeMacro", message: "expected \"on\", got \"off\"" },
      { path: "routeType", message: "expected one of lasttime, leastinterchange, got \"fast\"" }
    ])
  })

  it("reports a row's own reading at the wire name", () => {
    expect(decodeIssues("id=x&pairs=3")).toEqual([{ path: "pairs", message: "3 is not even" }])
  })

  it.prop("decode(encode(request)) is the request", [Arbitraries.make(Request)], ([request]) => {
    expect(Schema.decodeSync(Query)(Schema.encodeSync(Query)(request))).toEqual(request)
  }, { fastCheck: { numRuns: propertyRuns(200) } })
})
