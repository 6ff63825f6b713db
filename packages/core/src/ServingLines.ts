/**
 * Serving lines (`XML_SERVINGLINES_REQUEST`): the lines serving a stop, or the lines matching a public
 * line name.
 *
 * The request is one of two forms, so that a request without its required part cannot be built: by stop
 * (`mode=odv` with the point in `type_sl` / `name_sl`) or by line name (`mode=line` with `lineName`).
 * `lineReqType` is required on the wire and always sent; no line types means all of them (`0`).
 *
 * Decisions where the contract is silent:
 * - `lineTypes` absent sends `lineReqType=0` (the client refuses `[]`, as every empty list); a query with
 *   `0` reads back without the field.
 * - Excluded modes are a sorted list without repeats, each sent as `exclMOT_<ID>=1`. Reading a query,
 *   only the presence of `exclMOT_<ID>` counts (also `0`, `false` or no value exclude the mode); a suffix
 *   that is not a MOT-ID is refused at that parameter.
 * - Reading a query refuses `lineName` with `mode=odv` and `type_sl` / `name_sl` with `mode=line`, each at
 *   the parameter's name. A line name is trimmed, as a point's text is.
 * - Every field of a line (`name`, `number`, `mot`, `direction`) is required; `mot` is a MOT-ID, any
 *   non-negative integer.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Bitmask from "./Bitmask.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { modeFamilyParams, readModeFamily } from "./internal/schema/families.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { ModelText, opt, PresenceParam, SetFromList, TextParam } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { isAscendingDistinct, sortedDistinct } from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as Mot from "./Mot.js"
import type { Operation } from "./Operation.js"
import * as Point from "./Point.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The line types of `lineReqType`, with their bits. The serving-lines and the line-geometry operations
 * share them.
 *
 * @since 0.1.0
 * @category constants
 */
export const LineTypes = {
  STT: 2,
  TTB: 4,
  ROB: 8,
  StationTT: 16
} as const

/**
 * @since 0.1.0
 * @category models
 */
export type LineType = keyof typeof LineTypes

/**
 * A list of line types as the `lineReqType` bitmask: in the order of {@link LineTypes}, without
 * repeats; the empty list is `0`, which EFA reads as all line types.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineTypeMask = Bitmask.fromFlags(LineTypes, {
  identifier: "LineTypeMask",
  description: "Bitmask of line types: 2 STT, 4 TTB, 8 ROB, 16 StationTT; 0 = all"
})

/**
 * A list of line types in a request model: any order, repeats allowed, read as the list
 * {@link LineTypeMask} encodes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineTypeList = Bitmask.setOf(LineTypes)

const names = Object.keys(LineTypes) as Array<LineType>

// Absent and empty both send 0 and 0 reads back as absent, so generated requests use non-empty lists.
const ServingLineTypes = LineTypeList.annotations(arbitraryHint({ subset: names, minLength: 1 }))

/**
 * Excluded MOT-IDs: ascending, without repeats. Each is sent as its own `exclMOT_<ID>` parameter.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ExcludedModes = SetFromList(
  Mot.MotId,
  Schema.Array(Mot.MotId).pipe(
    Schema.filter(isAscendingDistinct, {
      message: () => "MOT-IDs must be ascending and distinct"
    }),
    Schema.annotations(
      arbitraryHint({ subset: Array.from({ length: 31 }, (_, id) => id), minLength: 1, maxLength: 5 })
    )
  ),
  sortedDistinct
).pipe(
  Schema.minItems(1, { message: () => "must not be empty: leave the field out to exclude nothing" }),
  Schema.annotations({ identifier: "ExcludedModes" })
)

const commonFields = {
  /**
   * Line types (`lineReqType`). Absent means all line types and is sent as `0` (the client refuses `[]`,
   * as every empty list); a query with `lineReqType=0` reads back without this field.
   */
  lineTypes: opt(ServingLineTypes),
  /** Transport modes to leave out, each sent as `exclMOT_<ID>=1` (only the parameter's presence counts). */
  excludedModes: opt(ExcludedModes)
}

/**
 * The lines serving a stop (`mode=odv`, the stop in `type_sl` / `name_sl`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ByStop = Schema.TaggedStruct("ByStop", {
  /** The stop: an ID from the stop finder, text, or a coordinate (`type_sl`, `name_sl`). */
  stop: Point.Point,
  ...commonFields
}).annotations({ identifier: "ServingLinesByStop" })

/**
 * The lines matching a public line designation (`mode=line`, `lineName`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ByLineName = Schema.TaggedStruct("ByLineName", {
  /** The public line designation, for example `U1` (`lineName`). */
  lineName: ModelText,
  ...commonFields
}).annotations({ identifier: "ServingLinesByLineName" })

/**
 * A serving-lines request: by stop or by line name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServingLinesRequest = Schema.Union(ByStop, ByLineName).annotations({ identifier: "ServingLinesRequest" })

/**
 * @since 0.1.0
 * @category models
 */
export type ServingLinesRequest = typeof ServingLinesRequest.Type

/**
 * A {@link ServingLinesRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type ServingLinesRequestInput = typeof ServingLinesRequest.Encoded

/**
 * Options both request forms take.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly lineTypes?: ReadonlyArray<LineType>
  readonly excludedModes?: ReadonlyArray<Mot.MotId>
}

const normalizeOptions = (options: Options | undefined): Pick<ServingLinesRequest, "lineTypes" | "excludedModes"> =>
  definedOnly({
    lineTypes: options?.lineTypes === undefined ? undefined : Bitmask.normalize(LineTypes, options.lineTypes),
    excludedModes: options?.excludedModes === undefined || options.excludedModes.length === 0
      ? undefined
      : sortedDistinct(options.excludedModes)
  })

/**
 * The lines serving a stop. Line types and excluded modes may come in any order and with repeats.
 *
 * @example
 * ```ts
 * import { Mot, Point, ServingLines } from "@efa-kit/core"
 *
 * const request = ServingLines.byStop(Point.any("de:08111:6118"), {
 *   excludedModes: [Mot.Mot.RegionalBus, Mot.Mot.CityBus]
 * })
 * assert.deepStrictEqual(request, { _tag: "ByStop", stop: Point.any("de:08111:6118"), excludedModes: [5, 6] })
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const byStop = (stop: Point.Point, options?: Options): ServingLinesRequest =>
  ByStop.make({ stop, ...normalizeOptions(options) }, { disableValidation: true })

/**
 * The lines matching a public line designation. Line types and excluded modes may come in any order and
 * with repeats.
 *
 * @example
 * ```ts
 * import { Operation, ServingLines } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const request = ServingLines.byLineName("U1", { lineTypes: ["TTB", "STT"] })
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(ServingLines.ServingLinesQuery)(request)),
 *   "mode=line&lineReqType=6&lineName=U1"
 * )
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const byLineName = (lineName: string, options?: Options): ServingLinesRequest =>
  ByLineName.make({ lineName: lineName.trim(), ...normalizeOptions(options) }, { disableValidation: true })

/**
 * The prefix of the excluded-mode parameters (`exclMOT_<ID>`).
 *
 * @since 0.1.0
 * @category constants
 */
export const EXCLUDED_MODE_PREFIX = "exclMOT_"

const stopPoint = ParamTable.point("sl")

/**
 * The query parameters of the serving-lines operation, by their wire names. The excluded modes are the
 * parameters `exclMOT_<ID>`, matched by an index signature: only their presence counts (any value, also
 * `0` or none, excludes the mode), and they are sent as `1`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServingLinesParams = Schema.Struct(
  {
    mode: Schema.Literal("odv", "line"),
    lineReqType: LineTypeMask,
    ...stopPoint.optionalParams,
    lineName: opt(TextParam)
  },
  Schema.Record({ key: Schema.TemplateLiteral(EXCLUDED_MODE_PREFIX, Schema.String), value: PresenceParam })
).annotations({ identifier: "ServingLinesParams" })

/**
 * The serving-lines request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServingLinesQuery: Schema.Schema<ServingLinesRequest, ReadonlyArray<readonly [string, string]>> =
  defineQuery("ServingLinesQuery", ServingLinesParams, ServingLinesRequest, {
    decode: (p, issues) => {
      const excluded = sortedDistinct(
        readModeFamily(p, EXCLUDED_MODE_PREFIX, issues, "the suffix of exclMOT_<ID> must be a MOT-ID").keys()
      )
      const common = definedOnly({
        lineTypes: p.lineReqType.length > 0 ? p.lineReqType : undefined,
        excludedModes: excluded.length > 0 ? excluded : undefined
      })
      if (p.mode === "odv") {
        if (p.lineName !== undefined) issues.add("lineName", p.lineName, "is only allowed with mode=line")
        const stop = stopPoint.decode(p, issues, "is required with mode=odv")
        return issues.when(() => ByStop.make({ stop: stop!, ...common }, { disableValidation: true }))
      }
      stopPoint.refuse(p, issues, "is only allowed with mode=odv")
      const lineName = p.lineName?.trim()
      if (lineName === undefined) issues.add("lineName", undefined, "is required with mode=line")
      else if (lineName.length === 0) issues.add("lineName", p.lineName, "must not be blank")
      return issues.when(() => ByLineName.make({ lineName: lineName!, ...common }, { disableValidation: true }))
    },
    encode: (request) => ({
      lineReqType: request.lineTypes ?? [],
      ...(request._tag === "ByStop"
        ? stopPoint.encode(request.stop, { mode: "odv" as const })
        : { mode: "line" as const, lineName: request.lineName }),
      ...modeFamilyParams(EXCLUDED_MODE_PREFIX, request.excludedModes ?? [])
    })
  })

/**
 * One line: public name, line number, MOT-ID and direction text.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServingLine = Schema.Struct({
  name: Schema.String,
  number: Schema.String,
  mot: Mot.MotId,
  direction: Schema.String,
  /**
   * The server's line identifier (rapidJSON `id`, 5 parts with a blank supplement: `vvs:20003: :H:j26`),
   * opaque: send it unchanged as the line-geometry request's `line`.
   */
  lineId: opt(LineId.LineId)
}).annotations({ identifier: "ServingLine" })

/**
 * @since 0.1.0
 * @category models
 */
export interface ServingLine extends Schema.Schema.Type<typeof ServingLine> {}

/**
 * The serving-lines response; a missing `servingLines` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ServingLinesResponse = Schema.Struct({
  servingLines: Schema.optionalWith(Schema.Array(ServingLine), { default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "ServingLinesResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface ServingLinesResponse extends Schema.Schema.Type<typeof ServingLinesResponse> {}

// operation list entry (pnpm gen:operations)
// order: 5
// path: XML_SERVINGLINES_REQUEST
// method: The lines serving a stop, or the lines matching a public line name.
/**
 * The serving-lines operation. Its `params` also match `exclMOT_<ID>` through an index signature.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "servingLines",
  ServingLinesRequest,
  ServingLinesResponse,
  typeof ServingLinesResponse.Encoded,
  ServingLinesRequestInput
> = {
  name: "servingLines",
  errors: {},
  path: contractPaths.servingLines,
  summary: "Lines serving a stop, or lines matching a public line name",
  params: ServingLinesParams,
  request: ServingLinesRequest,
  query: () => ServingLinesQuery,
  response: ServingLinesResponse,
  hasResult: (response) => response.servingLines.length > 0,
  resultKeys: { contract: ["servingLines"], rapidJSON: ["lines"] },
  // timetable data, changed at night
  timeToLive: "6 hours",
  rapidJson: () => import("./internal/rapidjson/ServingLines.js").then((module) => module.codec(ServingLinesResponse)),
  modeFilters: [{ in: "suffix", prefix: EXCLUDED_MODE_PREFIX }]
}
