// The system information's rapidJSON codec, from the Mentz schema (`SYSTEMINFO_Schema.json`): `version`,
// `ptKernel { appVersion, dataFormat, dataBuild }`, `validity { from, to }`; each decision beside its mapping.
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../LocalDateTime.js"
import type * as SystemInfo from "../../SystemInfo.js"
import { Timestamp } from "../decode/instant.js"
import { opt } from "../schema/params.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

const WireKernel = Schema.Struct({
  appVersion: Schema.String,
  dataFormat: Schema.String,
  dataBuild: Timestamp
}).annotations({ identifier: "WireKernel" })

const WireValidity = Schema.Struct({ from: CalendarDate, to: CalendarDate }).annotations({
  identifier: "WireValidity"
})

/**
 * The rapidJSON system-information answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
const WireSystemInfoResponse = Schema.Struct({
  version: opt(Schema.String),
  ptKernel: opt(WireKernel),
  validity: opt(WireValidity),
  ...SystemMessages
}).annotations({ identifier: "WireSystemInfoResponse" })

type WireSystemInfoResponse = typeof WireSystemInfoResponse.Type

// `kernel` ← `ptKernel`; the version and the validity as they are.
const decodeSystemInfo = (wire: WireSystemInfoResponse): SystemInfo.SystemInfoResponse => {
  const out: Mutable<SystemInfo.SystemInfoResponse> = {}
  put(out, "version", wire.version)
  put(out, "kernel", wire.ptKernel)
  put(out, "validity", wire.validity)
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const encodeSystemInfo = (response: SystemInfo.SystemInfoResponse): WireSystemInfoResponse => {
  const out: Mutable<WireSystemInfoResponse> = {}
  put(out, "version", response.version)
  put(out, "ptKernel", response.kernel)
  put(out, "validity", response.validity)
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the system information, around its response model (given by the operation).
 *
 * @internal
 */
export const codec = codecOf(
  WireSystemInfoResponse,
  "SystemInfoResponse",
  () => decodeSystemInfo,
  () => encodeSystemInfo
)
