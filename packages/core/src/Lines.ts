/**
 * The lines of a network (`XML_LINELIST_REQUEST`): every line a deployment runs, or those of one network or
 * subnetwork, for a line page or an offline search. Each line comes with its server line ID, which the
 * line's stops (`efa.lineStops`), its geometry (`efa.geoObject`) and a board's line filter take back
 * verbatim.
 *
 * Decisions where the contract is silent:
 * - The parameters are those public EFA clients send (`lineListNetBranchCode`, `lineListSubnetwork`,
 *   `lineListOMC`, `mergeDir`, `lineReqType`); `mergeDirections` is sent as `mergeDir=1` when set.
 * - No parameter of the operation filters by transport mode in the sources (nor in the Mentz schema): the
 *   lines of some modes are kept from an answer with {@link ofModes}.
 * - A missing `transportations` list reads as no lines.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Departures from "./Departures.js"
import { opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { tableOperation } from "./internal/schema/tableOperation.js"
import * as LineId from "./LineId.js"
import * as Mot from "./Mot.js"
import type { Operation } from "./Operation.js"
import * as ServingLines from "./ServingLines.js"
import * as SystemMessage from "./SystemMessage.js"

// The line-list parameters, in wire order.
const table = ParamTable.make({
  /** Only the lines of this network (`lineListNetBranchCode`, the deployment's network code). */
  network: ParamTable.text("lineListNetBranchCode"),
  /** Only the lines of this subnetwork (`lineListSubnetwork`, the first part of a line ID: `vvs`). */
  subnetwork: ParamTable.text("lineListSubnetwork"),
  /** Only the lines serving this municipality (`lineListOMC`, its municipality key). */
  municipality: ParamTable.text("lineListOMC"),
  /** One entry per line instead of one per direction (`mergeDir=1`). */
  mergeDirections: ParamTable.flag("mergeDir"),
  /** Line types (`lineReqType`); `[]` is sent as `0`, all line types. */
  lineTypes: ParamTable.param("lineReqType", ServingLines.LineTypeList, ServingLines.LineTypeMask)
})

/**
 * One line of the list: its server line ID, its mode (full name, MOT-ID, short name), its route and where it
 * goes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Line = Schema.Struct({
  /** The server's line ID, verbatim (`vvs:10001: :H:`): what `lineStops`, `geoObject` and boards take back. */
  lineId: LineId.LineId,
  /** The line's full name, MOT-ID and short name (`number`), as on legs and board events. */
  mode: Mot.LegMode,
  /** The route as the server describes it (`Stuttgart Hbf - Herrenberg`). */
  description: opt(Schema.String),
  destination: opt(Departures.Destination)
}).annotations({ identifier: "CatalogueLine" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Line extends Schema.Schema.Type<typeof Line> {}

/**
 * The lines of the list. A missing list reads as no lines.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LinesResponse = Schema.Struct({
  lines: Schema.optionalWith(Schema.Array(Line), { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "LinesResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LinesResponse extends Schema.Schema.Type<typeof LinesResponse> {}

/**
 * The lines of an answer of these modes (MOT-IDs): no parameter of the line list filters by mode.
 *
 * @example
 * ```ts
 * import { LineId, Lines } from "@efa-kit/core"
 *
 * const s1 = { lineId: LineId.make("vvs:10001: :H:"), mode: { name: "S-Bahn S1", mot: 1, number: "S1" } }
 * const u5 = { lineId: LineId.make("vvs:20005: :H:"), mode: { name: "Stadtbahn U5", mot: 3, number: "U5" } }
 * assert.deepStrictEqual(Lines.ofModes({ lines: [s1, u5] }, [3]), [u5])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const ofModes = (response: Pick<LinesResponse, "lines">, modes: ReadonlyArray<number>): Array<Line> =>
  response.lines.filter((line) => modes.includes(line.mode.mot))

// The request model, wire struct, query codec and descriptor, built from the table and the response model.
const parts = tableOperation("lines", {
  table,
  response: LinesResponse,
  summary: "The lines of a network or subnetwork, each with its server line ID",
  hasResult: (response) => response.lines.length > 0,
  // no line matches the filters (-4050): an empty list, the message kept
  nothing: { codes: [-4050], means: "empty" },
  resultKeys: { contract: ["lines"], rapidJSON: ["transportations"] },
  // the line list changes with the timetable
  timeToLive: "6 hours",
  rapidJson: () => import("./internal/rapidjson/Lines.js").then((module) => module.codec(LinesResponse))
})

/**
 * A line-list request.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LinesRequest = parts.request

/**
 * @since 0.1.0
 * @category models
 */
export interface LinesRequest extends Schema.Schema.Type<typeof LinesRequest> {}

/**
 * A {@link LinesRequest} as written.
 *
 * @since 0.1.0
 * @category models
 */
export type LinesRequestInput = typeof LinesRequest.Encoded

/**
 * The query parameters of the line list, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LinesParams = parts.params

/**
 * The line-list request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LinesQuery: Schema.Schema<LinesRequest, ReadonlyArray<readonly [string, string]>> = parts.query

// operation list entry (pnpm gen:operations)
// order: 12
// path: XML_LINELIST_REQUEST
// method: The lines of a network or subnetwork, each with the line ID the other operations take.
/**
 * The line-list operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "lines",
  LinesRequest,
  LinesResponse,
  typeof LinesResponse.Encoded,
  LinesRequestInput
> = parts.operation
