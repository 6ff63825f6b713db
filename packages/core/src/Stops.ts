/**
 * The stops of a place, a municipality or a subnetwork (`XML_STOPLIST_REQUEST`): a town's stops for a stop
 * page or an offline search, each with its server stop ID, which boards, trips and the stop finder take back.
 *
 * Decisions where the contract is silent:
 * - The parameters are those public EFA clients send (`stopListOMC`, `stopListPlaceId`, `stopListSubnetwork`);
 *   given together, a stop must match each of them.
 * - Each stop is read as a stop of a trip's sequence (`Departures.SequenceStop`): ID, name and its place as
 *   `parent` (a stop list carries no times). A missing `locations` list reads as no stops.
 *
 * @since 0.3.0
 */
import * as Schema from "effect/Schema"
import * as Departures from "./Departures.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { tableOperation } from "./internal/schema/tableOperation.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

// The stop-list parameters, in wire order.
const table = ParamTable.make({
  /** Only the stops of this municipality (`stopListOMC`, its municipality key: `8111000`). */
  municipality: ParamTable.text("stopListOMC"),
  /** Only the stops of this place, its place ID within the municipality (`stopListPlaceId`). */
  place: ParamTable.text("stopListPlaceId"),
  /** Only the stops served by this subnetwork's lines (`stopListSubnetwork`, the first part of a line ID). */
  subnetwork: ParamTable.text("stopListSubnetwork")
})

/**
 * The stops of the list. A missing list reads as no stops.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StopsResponse = Schema.Struct({
  stops: Schema.optionalWith(Schema.Array(Departures.SequenceStop), { exact: true, default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "StopsResponse" })

/**
 * @since 0.3.0
 * @category models
 */
export interface StopsResponse extends Schema.Schema.Type<typeof StopsResponse> {}

// The request model, wire struct, query codec and descriptor, built from the table and the response model.
const parts = tableOperation("stops", {
  table,
  response: StopsResponse,
  summary: "The stops of a place, a municipality or a subnetwork",
  hasResult: (response) => response.stops.length > 0,
  // no stop matches the filters (-2000): an empty list, the message kept
  nothing: { codes: [-2000], means: "empty" },
  resultKeys: { contract: ["stops"], rapidJSON: ["locations"] },
  // the stop list changes with the timetable
  timeToLive: "6 hours",
  rapidJson: () =>
    import("./internal/rapidjson/stopList.js").then((module) =>
      module.codec("locations", "StopsResponse")(StopsResponse)
    )
})

/**
 * A stop-list request.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StopsRequest = parts.request

/**
 * @since 0.3.0
 * @category models
 */
export interface StopsRequest extends Schema.Schema.Type<typeof StopsRequest> {}

/**
 * A {@link StopsRequest} as written.
 *
 * @since 0.3.0
 * @category models
 */
export type StopsRequestInput = typeof StopsRequest.Encoded

/**
 * The query parameters of the stop list, by their wire names.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StopsParams = parts.params

/**
 * The stop-list request as query parameters and back.
 *
 * @since 0.3.0
 * @category schemas
 */
export const StopsQuery: Schema.Schema<StopsRequest, ReadonlyArray<readonly [string, string]>> = parts.query

// operation list entry (pnpm gen:operations)
// order: 14
// path: XML_STOPLIST_REQUEST
// method: The stops of a place, a municipality or a subnetwork, each with the stop ID the other operations take.
// codec: stopList.codec("locations", "StopsResponse")
/**
 * The stop-list operation.
 *
 * @since 0.3.0
 * @category operations
 */
export const operation: Operation<
  "stops",
  StopsRequest,
  StopsResponse,
  typeof StopsResponse.Encoded,
  StopsRequestInput
> = parts.operation
