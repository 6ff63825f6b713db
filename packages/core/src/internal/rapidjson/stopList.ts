// The rapidJSON codec of an answer that is a list of stops under one key, each stop read as a stop of a trip's
// sequence: the stop list (Mentz `STOPLIST_Schema.json`: `locations[]`) and a line's stops
// (`LineStopSequence_Schema.json`: `locationSequence[]` of journey locations). Their models are the same
// (`stops`, and the system messages).
import * as Schema from "effect/Schema"
import type * as Departures from "../../Departures.js"
import type * as SystemMessage from "../../SystemMessage.js"
import { opt } from "../schema/params.js"
import { sequenceStop, WireSequenceLocation, wireSequenceStop } from "./Departures.js"
import { codecOf, type Mutable, put, SystemMessages } from "./wire.js"

/**
 * A model that is a list of stops: `stops` (a missing list reads as no stops) and the system messages.
 *
 * @internal
 */
export interface StopList {
  readonly stops: ReadonlyArray<Departures.SequenceStop>
  readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage> | undefined
}

const list = opt(Schema.Array(WireSequenceLocation))

/**
 * The rapidJSON codec of a list of stops at `key` (`locations`, `locationSequence`), around its response
 * model (given by the operation). `stops` ← `key`, each as a trip's stop; a missing list is no stops.
 *
 * @internal
 */
export const codec = <Key extends string>(key: Key, identifier: string) => {
  const wire = Schema.Struct({
    ...({ [key]: list } as { readonly [K in Key]: typeof list }),
    ...SystemMessages
  }).annotations({ identifier: `Wire${identifier}` })
  type Wire = { readonly [K in Key]?: ReadonlyArray<typeof WireSequenceLocation.Type> } & {
    readonly systemMessages?: ReadonlyArray<SystemMessage.SystemMessage>
  }
  return <M extends StopList>(model: Schema.Schema<M, any>) =>
    codecOf(
      wire as unknown as Schema.Schema<Wire, any>,
      identifier,
      () => (answer: Wire): M => {
        const out: Mutable<StopList> = { stops: (answer[key] ?? []).map(sequenceStop) }
        put(out, "systemMessages", answer.systemMessages)
        return out as M
      },
      () => (response): Wire => {
        const out: Record<string, unknown> = { [key]: response.stops.map(wireSequenceStop) }
        if (response.systemMessages !== undefined) out.systemMessages = response.systemMessages
        return out as Wire
      }
    )(model)
}
