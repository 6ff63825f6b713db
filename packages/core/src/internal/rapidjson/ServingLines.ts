// The serving lines' rapidJSON codec, from the Mentz schema only (no recording): `servingLines` ← `lines`.
// Whether the server lists one entry per line or per direction is open.
import * as Schema from "effect/Schema"
import * as LineId from "../../LineId.js"
import type { RapidJsonContext as Context } from "../../Operation.js"
import type * as ServingLines from "../../ServingLines.js"
import { opt } from "../schema/params.js"
import { codecOf, mapClass, type Mutable, put, SystemMessages, unmapClass, WireProduct } from "./wire.js"

const WireServingLine = Schema.Struct({
  id: opt(Schema.String),
  name: opt(Schema.String),
  number: opt(Schema.String),
  disassembledName: opt(Schema.String),
  description: opt(Schema.String),
  product: opt(WireProduct),
  destination: opt(Schema.Struct({ name: opt(Schema.String) }))
}).annotations({ identifier: "WireServingLine" })

/**
 * The rapidJSON serving-lines answer (from the Mentz schema only: `lines` of transportations).
 *
 * @since 0.1.0
 * @category wire
 */
export const WireServingLinesResponse = Schema.Struct({
  lines: opt(Schema.Array(WireServingLine)),
  ...SystemMessages
}).annotations({ identifier: "WireServingLinesResponse" })

const servingLinesDecode =
  (context: Context) => (wire: typeof WireServingLinesResponse.Type): ServingLines.ServingLinesResponse => {
    const servingLines = (wire.lines ?? []).map((line): ServingLines.ServingLine => {
      // `number` ← `disassembledName` (the short name, "T8"), else `number` (TfNSW's is "T8 Airport & South Line");
      // `direction` ← `destination.name`, else `description`;
      // `lineId` ← `id`
      const number = line.disassembledName ?? line.number ?? ""
      const out: Mutable<ServingLines.ServingLine> = {
        name: line.name ?? number,
        number,
        mot: Math.max(0, Math.trunc(mapClass(context, line.product?.class ?? 11))),
        direction: line.destination?.name ?? line.description ?? ""
      }
      put(out, "lineId", line.id === undefined ? undefined : LineId.make(line.id))
      return out
    })
    const out: Mutable<ServingLines.ServingLinesResponse> = { servingLines }
    put(out, "systemMessages", wire.systemMessages)
    return out
  }

const servingLinesEncode =
  (context: Context) => (response: ServingLines.ServingLinesResponse): typeof WireServingLinesResponse.Type => {
    const lines = response.servingLines.map((line) => {
      const out: Mutable<typeof WireServingLine.Type> = {
        name: line.name,
        number: line.number,
        product: { class: unmapClass(context, line.mot) },
        destination: { name: line.direction }
      }
      put(out, "id", line.lineId)
      return out
    })
    const out: Mutable<typeof WireServingLinesResponse.Type> = { lines }
    put(out, "systemMessages", response.systemMessages)
    return out
  }

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(WireServingLinesResponse, "ServingLinesResponse", servingLinesDecode, servingLinesEncode)
