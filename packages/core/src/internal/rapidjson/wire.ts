// The building blocks of the rapidJSON codecs (`./<Operation>.ts`): coordinates, polylines, parents, and the
// one shape of a mapping between a wire schema and a response model.
//
// Coordinates must be WGS84: a pair outside the degree ranges (a server asked without `coordOutputFormat`
// answers in its native grid, `[5288880, 790708]`) fails with a message saying so.
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as AST from "effect/SchemaAST"
import type { RapidJsonCodec, RapidJsonContext as Context } from "../../Operation.js"
import type * as Point from "../../Point.js"
import * as SystemMessage from "../../SystemMessage.js"
import { objectsWithRoom } from "../effect/fastDecode.js"
import { arbitraryHint } from "../schema/arbitraryHint.js"
import { opt } from "../schema/params.js"

/** @internal */
export const NOT_WGS84 =
  "coordinates are not WGS84 decimal degrees (a native grid?): send coordOutputFormat=WGS84[dd.ddddd]"

const pairProblem = (pair: unknown): string | undefined => {
  if (!Array.isArray(pair) || pair.length < 2) return "expected a [lat, lon] pair"
  const lat = pair[0]
  const lon = pair[1]
  if (typeof lat !== "number" || typeof lon !== "number" || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return "expected a [lat, lon] pair of numbers"
  }
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return `${NOT_WGS84}, got [${lat}, ${lon}]`
  return undefined
}

// A model value the transformation built from checked wire values: taken as it is on both sides, so that
// the model is not checked a second time. The property tests check the transformations' output with
// `Schema.is` of the model.
/** @internal */
const built = <A, I>(model: Schema.Schema<A, I>, identifier: string): Schema.Schema<A> => {
  const type = Schema.typeSchema(model)
  return Schema.declare([], {
    decode: () => (u) => ParseResult.succeed(u as A),
    encode: () => (u) => ParseResult.succeed(u as A)
  }, {
    identifier,
    ...arbitraryHint({ valuesOf: type }),
    pretty: () => (a) => JSON.stringify(a)
  })
}

const PairJsonSchema = {
  type: "array",
  minItems: 2,
  description: "[latitude, longitude] in WGS84 decimal degrees (with coordOutputFormat); more items are ignored",
  items: { type: "number" }
} as const

// Declarations rather than transformations: one call per coordinate on the fast path. The encoded side
// (a pair) differs from the decoded one (`{lat, lon}`); each direction's function reads its own input.
/**
 * A rapidJSON coordinate `[lat, lon]` (further items, such as the `{z, n}` object of line geometry, are
 * ignored) as `{lat, lon}`.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireCoord: Schema.Schema<{ readonly lat: number; readonly lon: number }, readonly [number, number]> =
  Schema.declare([], {
    decode: () => (pair, _, ast) => {
      const problem = pairProblem(pair)
      if (problem !== undefined) return ParseResult.fail(new ParseResult.Type(ast, pair, problem))
      return ParseResult.succeed({ lat: (pair as Array<number>)[0]!, lon: (pair as Array<number>)[1]! })
    },
    encode: () => (coord, _, ast) => {
      const { lat, lon } = coord as { readonly lat: number; readonly lon: number }
      return typeof lat === "number" && typeof lon === "number"
        ? ParseResult.succeed([lat, lon])
        : ParseResult.fail(new ParseResult.Type(ast, coord, "expected {lat, lon}"))
    }
  }, {
    identifier: "WireCoord",
    jsonSchema: PairJsonSchema,
    ...arbitraryHint("coord")
  }) as any

const checkPairs = (input: unknown, ast: AST.AST) => {
  if (!Array.isArray(input)) {
    return ParseResult.fail(new ParseResult.Type(ast, input, "expected an array of [lat, lon] pairs"))
  }
  let out: Array<readonly [number, number]> | undefined
  for (let i = 0; i < input.length; i++) {
    const pair = input[i]
    const problem = pairProblem(pair)
    if (problem !== undefined) {
      return ParseResult.fail(new ParseResult.Pointer(i, input, new ParseResult.Type(ast, pair, problem)))
    }
    if ((pair as Array<unknown>).length !== 2) {
      out ??= input.slice(0, i)
      out.push([pair[0], pair[1]])
    } else {
      out?.push(pair)
    }
  }
  return ParseResult.succeed((out ?? input) as ReadonlyArray<readonly [number, number]>)
}

/**
 * A rapidJSON polyline: `[lat, lon]` pairs, each possibly followed by more items (ignored).
 *
 * @since 0.1.0
 * @category wire
 */
export const WirePolyline: Schema.Schema<ReadonlyArray<readonly [number, number]>> = Schema.declare([], {
  decode: () => (input, _, ast) => checkPairs(input, ast),
  encode: () => (input, _, ast) => checkPairs(input, ast)
}, {
  identifier: "WirePolyline",
  jsonSchema: { type: "array", items: PairJsonSchema },
  ...arbitraryHint("latLonPairs")
})

/** @internal */
const WirePlaceFields = {
  id: opt(Schema.String),
  name: opt(Schema.String),
  type: opt(Schema.String)
}

/**
 * A rapidJSON `parent` (two levels are read).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireParent = Schema.Struct({
  ...WirePlaceFields,
  parent: opt(Schema.Struct(WirePlaceFields))
}).annotations({ identifier: "WireParent" })

// a place and its own place, built property by property
const newPlace = objectsWithRoom<Mutable<Point.ParentPlace>>(4)

/** @internal */
const placeOf = (place: { readonly id?: string; readonly name?: string; readonly type?: string }) => {
  const out = newPlace()
  out.name = place.name!
  if (place.id !== undefined) out.id = place.id
  if (place.type !== undefined) out.type = place.type
  return out
}

/** @internal */
export const parentOf = (wire: typeof WireParent.Type | undefined): Point.ParentPlace | undefined => {
  if (wire === undefined || wire.name === undefined) return undefined
  // a decoded `WireParent` is a new object holding the place's fields alone: where both places are named, it is
  // the model's place as it is
  if (wire.parent === undefined || wire.parent.name !== undefined) return wire as Point.ParentPlace
  const out: Mutable<Point.ParentPlace> = placeOf(wire)
  if (wire.parent !== undefined && wire.parent.name !== undefined) out.parent = placeOf(wire.parent)
  return out
}

/** @internal */
export const WireProperties = Schema.Struct({
  distance: opt(Schema.Finite),
  platform: opt(Schema.String),
  platformName: opt(Schema.String)
}).annotations({ identifier: "WireProperties" })

/** @internal */
export const put = <O extends object, K extends keyof O>(out: O, key: K, value: O[K] | undefined): void => {
  if (value !== undefined) out[key] = value
}

// The planned and estimated times of a stop point, the same names on the wire and in the models.
type StopTimes<T> = {
  arrivalTimePlanned?: T | undefined
  arrivalTimeEstimated?: T | undefined
  departureTimePlanned?: T | undefined
  departureTimeEstimated?: T | undefined
}

/**
 * Copies a stop point's planned and estimated times that are there (decoding and encoding alike), each by its name
 * (a stop sequence has thousands of stops).
 *
 * @internal
 */
export const putStopTimes = <T>(out: StopTimes<T>, from: Readonly<StopTimes<T>>): void => {
  if (from.arrivalTimePlanned !== undefined) out.arrivalTimePlanned = from.arrivalTimePlanned
  if (from.arrivalTimeEstimated !== undefined) out.arrivalTimeEstimated = from.arrivalTimeEstimated
  if (from.departureTimePlanned !== undefined) out.departureTimePlanned = from.departureTimePlanned
  if (from.departureTimeEstimated !== undefined) out.departureTimeEstimated = from.departureTimeEstimated
}

/** @internal */
export const SystemMessages = SystemMessage.systemMessagesField

/** @internal */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** @internal */
export const mapping = <W, WI, M, MI>(
  wire: Schema.Schema<W, WI>,
  model: Schema.Schema<M, MI>,
  identifier: string,
  decode: (wire: W, ast: AST.AST) => Either.Either<M, ParseResult.ParseIssue>,
  encode: (model: M) => W
): Schema.Schema<M, WI> =>
  Schema.transformOrFail(wire, built(model, identifier), {
    strict: true,
    decode: (w, _, ast) => decode(w, ast),
    encode: (m) => ParseResult.succeed(encode(m))
  }).annotations({ identifier: `RapidJson${identifier}` })

/** @internal */
const total = <W, M>(decode: (wire: W) => M) => (wire: W): Either.Either<M, ParseResult.ParseIssue> =>
  Either.right(decode(wire))

/**
 * The rapidJSON codec of an operation, around its response model (given by the operation, so that the codec's
 * module does not load it): the wire answer, and per deployment the mapping to the model, which reads every
 * answer the wire schema lets through, and back.
 *
 * @internal
 */
export const codecOf = <W, WI, M>(
  wire: Schema.Schema<W, WI>,
  identifier: string,
  decode: (context: Context) => (wire: W) => M,
  encode: (context: Context) => (model: M) => W
) =>
(model: Schema.Schema<M, any>): RapidJsonCodec<M, WI> => ({
  wire,
  response: (context) => mapping(wire, model, identifier, total(decode(context)), encode(context))
})

// A product class through the deployment's class table (TfNSW's own classes), and back.
/** @internal */
export const mapClass = (context: Context, wireClass: number): number =>
  context.productClasses?.[wireClass] ?? wireClass

/** @internal */
export const unmapClass = (context: Context, mot: number): number => {
  const table = context.productClasses
  if (table === undefined) return mot
  for (const key in table) if (table[key] === mot) return Number(key)
  return mot
}

/** @internal */
export const WireProduct = Schema.Struct({
  class: opt(Schema.Finite),
  name: opt(Schema.String)
}).annotations({ identifier: "WireProduct" })

// A yes/no of stop and vehicle properties: `"true"`/`"false"` (`WheelchairAccess`), `"1"`/`"0"`
// (`PlanWheelChairAccess`, `PlanLowFloorVehicle`) or a boolean; another value reads as not said.
/** @internal */
export const WireYesNo = Schema.Union(Schema.String, Schema.Boolean, Schema.Finite)

/** @internal */
export const yesNoOf = (value: typeof WireYesNo.Type | undefined): boolean | undefined =>
  value === true || value === "true" || value === "1" || value === 1
    ? true
    : value === false || value === "false" || value === "0" || value === 0
    ? false
    : undefined

/** @internal */
export const WireStatus = Schema.Union(Schema.Array(Schema.String), Schema.String)

/** @internal */
export const statusList = (status: typeof WireStatus.Type | undefined): ReadonlyArray<string> | undefined =>
  status === undefined ? undefined : typeof status === "string" ? [status] : status

// The call statuses that say a vehicle does not call at a stop: its run is cancelled, or its arrival or departure
// there, or the stop is skipped.
const CANCELLED_CALL = new Set(["TRIP_CANCELLED", "ARRIVAL_CANCELLED", "DEPARTURE_CANCELLED", "NO_CALL_AT_STOP"])

/**
 * Whether a stop point's `properties.realtimeStatus` says the vehicle does not call there: the one rule of a leg's
 * stops and of a run's stops.
 *
 * @internal
 */
export const callCancelled = (status: typeof WireStatus.Type | undefined): boolean =>
  statusList(status)?.some((s) => CANCELLED_CALL.has(s)) === true

/**
 * The `realtimeStatus` a cancelled call is written with.
 *
 * @internal
 */
export const CANCELLED_CALL_STATUS: ReadonlyArray<string> = ["ARRIVAL_CANCELLED", "DEPARTURE_CANCELLED"]

// The `properties` of a stop point: a board event's location, a leg's origin, destination or stop.
/** @internal */
export const WireStopProperties = Schema.Struct({
  platform: opt(Schema.String),
  platformName: opt(Schema.String),
  plannedPlatformName: opt(Schema.String),
  platformChange: opt(Schema.String),
  realtimeStatus: opt(WireStatus),
  occupancy: opt(Schema.String),
  WheelchairAccess: opt(WireYesNo)
}).annotations({ identifier: "WireStopProperties" })

// `platform` ← `properties.platformName`, else `properties.platform`, else the `disassembledName` of a point of
// type `platform` (KVV writes "Gleis 2" there and nothing in `properties`).
/** @internal */
export const platformOf = (point: {
  readonly type?: string
  readonly disassembledName?: string
  readonly properties?: { readonly platformName?: string; readonly platform?: string }
}): string | undefined =>
  point.properties?.platformName ?? point.properties?.platform ??
    (point.type === "platform" ? point.disassembledName : undefined)

/** @internal */
const WireInfoLink = Schema.Struct({
  url: opt(Schema.String),
  urlText: opt(Schema.String),
  content: opt(Schema.String),
  subtitle: opt(Schema.String)
}).annotations({ identifier: "WireInfoLink" })

// What a notice carries besides its title and text, in `addInfo`'s notices and on legs alike: its `version` is a
// number on most servers, a string on VRR's (Oeffis#275); one of another type is not read (never a failure).
/** @internal */
export const WireNoticeDetails = {
  subtitle: opt(Schema.String),
  urlText: opt(Schema.String),
  version: opt(Schema.Unknown),
  properties: opt(Schema.Struct({ smsText: opt(Schema.String) })),
  infoLinks: opt(Schema.Array(WireInfoLink))
}

type WireDetails = { -readonly [K in keyof typeof WireNoticeDetails]?: Schema.Schema.Type<typeof WireNoticeDetails[K]> }
type ModelDetails = {
  subtitle?: string
  urlText?: string
  version?: string
  smsText?: string
  links?: ReadonlyArray<typeof WireInfoLink.Type>
}

/**
 * A notice's details read: `subtitle`, `urlText` as sent, `version` as text, `smsText` ← `properties.smsText`,
 * `links` ← `infoLinks`.
 *
 * @internal
 */
export const putNoticeDetails = (out: ModelDetails, wire: WireDetails): void => {
  put(out, "subtitle", wire.subtitle)
  put(out, "urlText", wire.urlText)
  const version = wire.version
  if (typeof version === "string" || (typeof version === "number" && Number.isFinite(version))) {
    out.version = String(version)
  }
  put(out, "smsText", wire.properties?.smsText)
  put(out, "links", wire.infoLinks)
}

/**
 * A notice's details written: a `version` that is a number written plainly (`7`, not `07`) as a number (the
 * schema's type), another as sent.
 *
 * @internal
 */
export const putWireNoticeDetails = (out: WireDetails, notice: ModelDetails): void => {
  put(out, "subtitle", notice.subtitle)
  put(out, "urlText", notice.urlText)
  if (notice.version !== undefined) {
    out.version = /^(0|[1-9]\d{0,14})$/.test(notice.version) ? Number(notice.version) : notice.version
  }
  if (notice.smsText !== undefined) out.properties = { smsText: notice.smsText }
  put(out, "infoLinks", notice.links)
}

// A notice attached to an event or a leg (`infos`, `hints`).
/** @internal */
export const WireInfo = Schema.Struct({
  id: opt(Schema.String),
  type: opt(Schema.String),
  providerCode: opt(Schema.String),
  priority: opt(Schema.String),
  title: opt(Schema.String),
  url: opt(Schema.String),
  content: opt(Schema.String),
  ...WireNoticeDetails
}).annotations({ identifier: "WireEventInfo" })

// A notice's title, text and page: `title`, else `subtitle`, `urlText`, the first `infoLinks` entry's; `text` ←
// `content`, else the first link's; `url`, else the first link's.
/** @internal */
export const infoText = (wire: typeof WireInfo.Type) => {
  const link = wire.infoLinks?.[0]
  return {
    title: wire.title ?? wire.subtitle ?? wire.urlText ?? link?.subtitle ?? link?.urlText,
    text: wire.content ?? link?.content,
    url: wire.url ?? link?.url
  }
}
