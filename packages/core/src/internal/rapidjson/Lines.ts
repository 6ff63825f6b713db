// The line list's rapidJSON codec, from the Mentz schema (`LINELIST_Schema.json`: `transportations[]`), each
// line read as a board event's transportation; each decision beside its mapping.
import * as Schema from "effect/Schema"
import * as LineId from "../../LineId.js"
import type * as Lines from "../../Lines.js"
import type { RapidJsonContext as Context } from "../../Operation.js"
import { opt } from "../schema/params.js"
import { destinationOf, modeOf, WireTransportation, wireTransportation } from "./Departures.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

/**
 * The rapidJSON line-list answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
const WireLinesResponse = Schema.Struct({
  transportations: opt(Schema.Array(WireTransportation)),
  ...SystemMessages
}).annotations({ identifier: "WireLinesResponse" })

type WireLinesResponse = typeof WireLinesResponse.Type

// `lineId` ← `id` verbatim; `mode` as on a board (`name`, `product.class` through the class table, the short
// name from `disassembledName`, else `number`); `destination` where the server names one.
const lineOf = (context: Context, t: typeof WireTransportation.Type): Lines.Line => {
  const out: Mutable<Lines.Line> = { lineId: LineId.make(t.id), mode: modeOf(context, t) }
  put(out, "description", t.description)
  if (t.destination?.name !== undefined) out.destination = destinationOf(t)
  return out
}

const wireLine = (context: Context, line: Lines.Line): typeof WireTransportation.Type => {
  const out: Mutable<typeof WireTransportation.Type> = wireTransportation(
    context,
    line.lineId,
    line.mode.number,
    line.mode,
    line.destination,
    undefined
  )
  put(out, "description", line.description)
  return out
}

/**
 * The rapidJSON codec of the line list, around its response model (given by the operation).
 *
 * @internal
 */
export const codec = codecOf(
  WireLinesResponse,
  "LinesResponse",
  (context) => (wire: WireLinesResponse): Lines.LinesResponse => {
    const out: Mutable<Lines.LinesResponse> = {
      lines: (wire.transportations ?? []).map((t) => lineOf(context, t))
    }
    put(out, "systemMessages", wire.systemMessages)
    return out
  },
  (context) => (response) => {
    const out: Mutable<WireLinesResponse> = {
      transportations: response.lines.map((line) => wireLine(context, line))
    }
    put(out, "systemMessages", response.systemMessages)
    return out
  }
)
