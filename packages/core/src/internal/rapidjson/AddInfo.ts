// The notices' rapidJSON codec (`infos`), each decision beside its mapping. A `version` of either type (VRR sends
// a string) is read as text.
import * as DateTime from "effect/DateTime"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as AddInfo from "../../AddInfo.js"
import * as LineId from "../../LineId.js"
import type { RapidJsonContext as Context } from "../../Operation.js"
import { dedupe } from "../decode/dedupe.js"
import { WireTimestamp as Timestamp } from "../decode/instant.js"
import { opt } from "../schema/params.js"
import {
  codecOf,
  type Mutable,
  put,
  putNoticeDetails,
  putWireNoticeDetails,
  SystemMessages,
  WireNoticeDetails
} from "./wire.js"

const WireInterval = Schema.Struct({
  from: opt(Timestamp),
  to: opt(Timestamp),
  isOpenEnd: opt(Schema.Boolean)
}).annotations({ identifier: "WireInterval" })

const WireIdRef = Schema.Struct({ id: opt(Schema.String) })

const WireInfo = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  priority: opt(Schema.String),
  title: opt(Schema.String),
  content: opt(Schema.String),
  url: opt(Schema.String),
  ...WireNoticeDetails,
  timestamps: opt(Schema.Struct({
    validity: opt(Schema.Array(WireInterval)),
    availability: opt(WireInterval)
  })),
  affected: opt(Schema.Struct({
    lines: opt(Schema.Array(WireIdRef)),
    stops: opt(Schema.Array(WireIdRef))
  }))
}).annotations({ identifier: "WireInfo" })

/**
 * The rapidJSON notice answer, as far as the model reads it.
 *
 * @since 0.1.0
 * @category wire
 */
export const WireAddInfoResponse = Schema.Struct({
  infos: opt(Schema.Struct({
    current: opt(Schema.Array(WireInfo)),
    historic: opt(Schema.Array(WireInfo))
  })),
  ...SystemMessages
}).annotations({ identifier: "WireAddInfoResponse" })

const OPEN_END_YEAR = 2500

const pad = (n: number, width: number) => String(n).padStart(width, "0")

const dateIn = (instant: DateTime.Utc, zone: DateTime.TimeZone): string => {
  const parts = DateTime.toParts(DateTime.setZone(instant, zone))
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`
}

const instantOf = (date: string, hours: number, minutes: number, zone: DateTime.TimeZone): DateTime.Utc => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number]
  const zoned = DateTime.makeZoned({ year, month, day, hours, minutes }, {
    timeZone: zone,
    adjustForTimeZone: true,
    disambiguation: "compatible"
  })
  return Option.isSome(zoned) ? DateTime.toUtc(zoned.value) : DateTime.unsafeMake(`${date}T00:00:00Z`)
}

const ids = <A extends string = string>(
  refs: ReadonlyArray<{ readonly id?: string }> | undefined,
  as: (id: string) => A = (id) => id as A
): Array<A> | undefined => {
  if (refs === undefined) return undefined
  const out: Array<A> = []
  for (const ref of refs) if (ref.id !== undefined) out.push(as(ref.id))
  return out
}

const addInfoDecode = (context: Context) => (wire: typeof WireAddInfoResponse.Type): AddInfo.AddInfoResponse => {
  // `infos.current` then `infos.historic` (`infos.affected` is a lookup table, not notices); each notice keeps
  // its list as `publicationStatus`
  const current = wire.infos?.current ?? []
  const all = [...current, ...(wire.infos?.historic ?? [])]
  const notices = all.map((info, i): AddInfo.Notice => {
    const link = info.infoLinks?.[0]
    // `validFrom`/`validTo` ← `timestamps.validity` (else `availability`), as calendar dates in the deployment's
    // time zone; an open end (`isOpenEnd`, year 2500) gives no `validTo`
    const validity = info.timestamps?.validity
    const first = validity !== undefined && validity.length > 0 ? validity[0] : info.timestamps?.availability
    const last = validity !== undefined && validity.length > 0
      ? validity[validity.length - 1]
      : info.timestamps?.availability
    const out: Mutable<AddInfo.Notice> = {
      id: info.id,
      type: info.type,
      // TfNSW's historic notices carry their text only in `infoLinks[0]`
      title: info.title ?? info.urlText ?? info.subtitle ?? link?.urlText ?? link?.subtitle ?? "",
      text: info.content ?? link?.content ?? "",
      // `lines` ← `affected.lines[].id`
      lines: ids(info.affected?.lines, LineId.make) ?? []
    }
    if (first?.from !== undefined) out.validFrom = dateIn(first.from, context.timeZone)
    if (last?.to !== undefined && last.isOpenEnd !== true) {
      const to = dateIn(last.to, context.timeZone)
      if (Number(to.slice(0, 4)) < OPEN_END_YEAR) out.validTo = to
    }
    // `severity` ← `priority`
    put(out, "severity", info.priority)
    put(out, "url", info.url ?? link?.url)
    put(out, "affectedStops", ids(info.affected?.stops))
    // `subtitle`, `urlText`, `version` (as text), `properties.smsText` and `infoLinks` as sent
    putNoticeDetails(out, info)
    out.publicationStatus = i < current.length ? "current" : "history"
    return out
  })
  // de-duplicated by `id`, as in the contract dialect
  const out: Mutable<AddInfo.AddInfoResponse> = { infos: dedupe(notices) }
  put(out, "systemMessages", wire.systemMessages)
  return out
}

const addInfoEncode = (context: Context) => (response: AddInfo.AddInfoResponse): typeof WireAddInfoResponse.Type => {
  // a notice goes into the list it came from; one that does not say, into `current`
  const wireInfo = (notice: AddInfo.Notice) => {
    const out: Mutable<typeof WireInfo.Type> = {
      id: notice.id,
      type: notice.type,
      title: notice.title,
      content: notice.text
    }
    if (notice.validFrom !== undefined || notice.validTo !== undefined) {
      const interval: Mutable<typeof WireInterval.Type> = {}
      if (notice.validFrom !== undefined) interval.from = instantOf(notice.validFrom, 0, 0, context.timeZone)
      if (notice.validTo !== undefined) interval.to = instantOf(notice.validTo, 23, 59, context.timeZone)
      else interval.isOpenEnd = true
      out.timestamps = { validity: [interval] }
    }
    put(out, "priority", notice.severity)
    put(out, "url", notice.url)
    putWireNoticeDetails(out, notice)
    const affected: Mutable<NonNullable<typeof WireInfo.Type["affected"]>> = {}
    if (notice.lines.length > 0) affected.lines = notice.lines.map((id) => ({ id }))
    if (notice.affectedStops !== undefined) affected.stops = notice.affectedStops.map((id) => ({ id }))
    if (affected.lines !== undefined || affected.stops !== undefined) out.affected = affected
    return out
  }
  const current = response.infos.filter((notice) => notice.publicationStatus !== "history").map(wireInfo)
  const historic = response.infos.filter((notice) => notice.publicationStatus === "history").map(wireInfo)
  const out: Mutable<typeof WireAddInfoResponse.Type> = { infos: { current, historic } }
  put(out, "systemMessages", response.systemMessages)
  return out
}

/**
 * The rapidJSON codec of the operation, around its response model (given by the operation, so that this module
 * does not load it).
 *
 * @internal
 */
export const codec = codecOf(WireAddInfoResponse, "AddInfoResponse", addInfoDecode, addInfoEncode)
