/**
 * Header names and values that the fake can send: checked where they enter (a stub, a recording, an
 * upstream's answer), so that a bad one is refused with its place named instead of failing when the
 * server writes the answer, after the handler has returned.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

// RFC 9110's token, as Node's `validateHeaderName` takes it.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// What Node writes: tab, visible ASCII, space and the Latin-1 bytes; never CR, LF, NUL or a character
// beyond one byte.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/

/**
 * Headers that frame the answer or belong to the connection: the server sets them, an answer may not.
 *
 * @since 0.1.0
 * @category constants
 */
const FRAMING_HEADERS: ReadonlySet<string> = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "proxy-connection",
  "upgrade",
  "te",
  "trailer"
])

/**
 * Why a header name cannot be sent, or `undefined` when it can.
 *
 * @since 0.1.0
 * @category validation
 */
const headerNameProblem = (name: string): string | undefined => {
  if (!TOKEN.test(name)) return `${JSON.stringify(name.slice(0, 100))} is not a valid header name`
  if (FRAMING_HEADERS.has(name.toLowerCase())) return `the header ${name} is set by the server, not by an answer`
  return undefined
}

/**
 * Why a header value cannot be sent, or `undefined` when it can.
 *
 * @since 0.1.0
 * @category validation
 */
export const headerValueProblem = (value: string): string | undefined => {
  if (FIELD_VALUE.test(value)) return undefined
  const bad = [...value].find((char) => !FIELD_VALUE.test(char)) ?? ""
  const code = bad.codePointAt(0) ?? 0
  return `not a valid header value: it holds ${
    code < 0x20 || code === 0x7f ? "the control character" : "the character"
  } U+${code.toString(16).toUpperCase().padStart(4, "0")} (only tab, visible ASCII, space and Latin-1 can be sent)`
}

/**
 * A header value the fake can send.
 *
 * @since 0.1.0
 * @category schemas
 */
const HeaderValue = Schema.String.pipe(
  Schema.maxLength(8192),
  Schema.filter((value) => headerValueProblem(value) ?? true)
)

/**
 * A content type the fake can send: a header value that is not empty.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ContentType = HeaderValue.pipe(Schema.minLength(1))

/**
 * Headers of an answer: valid names (not the framing ones) and values.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AnswerHeaders = Schema.Record({ key: Schema.String, value: HeaderValue }).pipe(
  Schema.filter((headers) => {
    for (const name of Object.keys(headers)) {
      const problem = headerNameProblem(name)
      if (problem !== undefined) return problem
    }
    return true
  })
)
