/**
 * A line's stops (`XML_LINESTOP_REQUEST`): the stops of one line direction in travel order, from a line ID the
 * other operations return (`Lines.Line.lineId`, a leg's or a board event's `lineId`), sent verbatim.
 *
 * Decisions where the contract is silent:
 * - The line is the server's ID as it came (`vvs:10001: :H:`), not parsed: only the server reads it.
 * - Each stop is read as a stop of a trip's sequence (`Departures.SequenceStop`): ID, name, its place as
 *   `parent`, a platform and times where the server gives them. A missing `locationSequence` reads as no stops.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Departures from "./Departures.js"
import type { NotFoundError } from "./EfaError.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { tableOperation } from "./internal/schema/tableOperation.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

// The line-stop parameters, in wire order.
const table = ParamTable.make({
  /** The line's ID as a server returned it, verbatim (`line`, `vvs:10001: :H:`). */
  line: ParamTable.required(ParamTable.text("line"))
})

/**
 * The stops of a line direction in travel order. A missing list reads as no stops.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineStopsResponse = Schema.Struct({
  stops: Schema.optionalWith(Schema.Array(Departures.SequenceStop), { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "LineStopsResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface LineStopsResponse extends Schema.Schema.Type<typeof LineStopsResponse> {}

// The request model, wire struct, query codec and descriptor, built from the table and the response model.
const parts = tableOperation("lineStops", {
  table,
  response: LineStopsResponse,
  errors: { NotFoundError: true },
  summary: "The stops of one line direction in travel order, from a line ID",
  hasResult: (response) => response.stops.length > 0,
  // a line the server does not know (-2000): `NotFoundError` naming it
  nothing: { codes: [-2000], means: { field: "line", parameter: "line" } },
  resultKeys: { contract: ["stops"], rapidJSON: ["locationSequence"] },
  // a line's stops change with the timetable
  timeToLive: "6 hours",
  rapidJson: () =>
    import("./internal/rapidjson/stopList.js").then((module) =>
      module.codec("locationSequence", "LineStopsResponse")(LineStopsResponse)
    )
})

/**
 * A request for a line's stops.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineStopsRequest = parts.request

/**
 * @since 0.1.0
 * @category models
 */
export interface LineStopsRequest extends Schema.Schema.Type<typeof LineStopsRequest> {}

/**
 * A {@link LineStopsRequest} as written.
 *
 * @since 0.1.0
 * @category models
 */
export type LineStopsRequestInput = typeof LineStopsRequest.Encoded

/**
 * The query parameters of a line's stops, by their wire names.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineStopsParams = parts.params

/**
 * The request for a line's stops as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineStopsQuery: Schema.Schema<LineStopsRequest, ReadonlyArray<readonly [string, string]>> = parts.query

// operation list entry (pnpm gen:operations)
// order: 13
// path: XML_LINESTOP_REQUEST
// method: The stops of one line direction in travel order, from a line ID the other operations return.
// codec: stopList.codec("locationSequence", "LineStopsResponse")
/**
 * The line-stops operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "lineStops",
  LineStopsRequest,
  LineStopsResponse,
  typeof LineStopsResponse.Encoded,
  LineStopsRequestInput,
  NotFoundError
> = parts.operation
