// What a notice carries besides its title and text, the same in the notices of `addInfo` and on a trip's legs:
// its subtitle, its page's link text, its version, its short text and its further pages, as real servers write
// them (rapidJSON `subtitle`, `urlText`, `version`, `properties.smsText`, `infoLinks`). One definition for both
// models.
import * as Schema from "effect/Schema"
import { opt } from "./params.js"

/**
 * A further page of a notice (rapidJSON `infoLinks[]`): its address, the text of its link, its subtitle and its
 * text (HTML as the server sends it).
 *
 * @internal
 */
const NoticeLink = Schema.Struct({
  url: opt(Schema.String),
  urlText: opt(Schema.String),
  subtitle: opt(Schema.String),
  content: opt(Schema.String)
}).annotations({ identifier: "NoticeLink" })

/**
 * The fields of a notice beside its title and text.
 *
 * @internal
 */
export const noticeFields = {
  /** The subtitle (rapidJSON `subtitle`; TfNSW's notices have it and no `title`). */
  subtitle: opt(Schema.String),
  /** The text of the link to its page (rapidJSON `urlText`). */
  urlText: opt(Schema.String),
  /** The notice's version, a number on most servers, a string on VRR's (rapidJSON `version`), as text. */
  version: opt(Schema.String),
  /** Its text for a short message (rapidJSON `properties.smsText`). */
  smsText: opt(Schema.String),
  /** Its further pages (rapidJSON `infoLinks`, TfNSW's). */
  links: opt(Schema.Array(NoticeLink))
}
