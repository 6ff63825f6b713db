/**
 * System information (`XML_SYSTEMINFO_REQUEST`): the server's interface version, its routing kernel's
 * version and data build, and the period its timetable is valid for ("timetable valid until"). Every
 * deployment answers it; `Dialect.probe` asks it too.
 *
 * Decisions where the contract is silent:
 * - The request has no parameters besides the dialect's own (`outputFormat`); other parameters are ignored.
 * - The data build is an instant (`ptKernel.dataBuild`, `YYYY-MM-DDTHH:MM:SSZ` in the Mentz schema), the
 *   validity two calendar dates (`validity.from`, `validity.to`, `YYYY-MM-DD`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "./internal/decode/instant.js"
import { opt } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { tableOperation } from "./internal/schema/tableOperation.js"
import * as LocalDateTime from "./LocalDateTime.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The period a timetable is valid for, both days included (`YYYY-MM-DD`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Validity = Schema.Struct({
  from: LocalDateTime.CalendarDate,
  to: LocalDateTime.CalendarDate
}).annotations({ identifier: "Validity" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Validity extends Schema.Schema.Type<typeof Validity> {}

/**
 * The routing kernel (rapidJSON `ptKernel`): its version, its data format and when its data were built.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Kernel = Schema.Struct({
  appVersion: Schema.String,
  dataFormat: Schema.String,
  dataBuild: Timestamp
}).annotations({ identifier: "Kernel" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Kernel extends Schema.Schema.Type<typeof Kernel> {}

/**
 * The system information: the interface version, the kernel and the timetable's validity.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemInfoResponse = Schema.Struct({
  /** The interface version (`10.2.10.139`), where the server names it. */
  version: opt(Schema.String),
  /** The routing kernel, where the server names it (rapidJSON `ptKernel`). */
  kernel: opt(Kernel),
  /** The period the timetable is valid for. */
  validity: opt(Validity),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "SystemInfoResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface SystemInfoResponse extends Schema.Schema.Type<typeof SystemInfoResponse> {}

/**
 * Whether the timetable is valid on a day (`YYYY-MM-DD`, the deployment's calendar day).
 *
 * @example
 * ```ts
 * import { SystemInfo } from "@efa-kit/core"
 *
 * const info = { validity: { from: "2026-01-01", to: "2026-06-30" } }
 * assert.strictEqual(SystemInfo.isValidOn(info, "2026-03-02"), true)
 * assert.strictEqual(SystemInfo.isValidOn(info, "2026-07-01"), false)
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const isValidOn = (info: Pick<SystemInfoResponse, "validity">, day: string): boolean =>
  info.validity !== undefined && info.validity.from <= day && day <= info.validity.to

// No parameters: the table is empty.
const table = ParamTable.make({})

// The request model, wire struct, query codec and descriptor, built from the table and the response model.
const parts = tableOperation("systemInfo", {
  table,
  response: SystemInfoResponse,
  summary: "The server's interface version, its kernel's data build and the timetable's validity",
  hasResult: (response) => response.validity !== undefined,
  resultKeys: { contract: ["validity"], rapidJSON: ["validity"] },
  // a new data build comes with a new timetable
  timeToLive: "1 hour",
  rapidJson: () => import("./internal/rapidjson/SystemInfo.js").then((module) => module.codec(SystemInfoResponse))
})

/**
 * A system-information request: it has no parameters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemInfoRequest = parts.request

/**
 * @since 0.1.0
 * @category models
 */
export interface SystemInfoRequest extends Schema.Schema.Type<typeof SystemInfoRequest> {}

/**
 * A {@link SystemInfoRequest} as written.
 *
 * @since 0.1.0
 * @category models
 */
export type SystemInfoRequestInput = typeof SystemInfoRequest.Encoded

/**
 * The query parameters of the system information: none.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemInfoParams = parts.params

/**
 * The request as query parameters and back: no parameters either way.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SystemInfoQuery: Schema.Schema<SystemInfoRequest, ReadonlyArray<readonly [string, string]>> = parts.query

// operation list entry (pnpm gen:operations)
// order: 11
// path: XML_SYSTEMINFO_REQUEST
// method: The server's interface version, its kernel's data build and the period its timetable is valid for.
/**
 * The system-information operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "systemInfo",
  SystemInfoRequest,
  SystemInfoResponse,
  typeof SystemInfoResponse.Encoded,
  SystemInfoRequestInput
> = parts.operation
