/**
 * Reading a response body within a byte limit, whatever the transport.
 *
 * A body with a `Content-Length` within the limit and no content coding is read whole by the
 * transport (HTTP/1.1 ends it after that many bytes), with its own `text()` where this module knows it.
 * Any other body is read chunk by chunk, counting the bytes as they come, and reading stops at the first
 * chunk past the limit: memory stays bounded by the limit, whatever the server sends (an endless body, a
 * compressed body that expands).
 *
 * The chunks are read straight from the transport's body when it is one this module knows (the
 * `Response` of fetch, the Node stream of undici and `http`): Effect's `Stream` over a body costs about
 * a millisecond per response, more than a loopback round trip. Any other `HttpClient` is read through
 * its `stream`.
 *
 * @internal
 */
import * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"

/**
 * What went wrong while reading: the transport failed, or the body passed the limit.
 *
 * @internal
 */
export type BodyFailure =
  | { readonly _tag: "Transport"; readonly error: HttpClientError.ResponseError }
  | { readonly _tag: "TooLarge"; readonly received: number; readonly declared: boolean }

const declaredLength = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined

// A fetch `Response`, told by its shape: `instanceof Response` fails where another implementation
// replaced the global one (`@hono/node-server` does, in a process that also serves), while `fetch` still
// answers with its own.
const isWebResponse = (source: unknown): source is Response =>
  typeof source === "object" && source !== null && "bodyUsed" in source &&
  typeof (source as { readonly text?: unknown }).text === "function" &&
  typeof (source as { readonly headers?: { readonly get?: unknown } }).headers?.get === "function"

// What undici's `request` answers with: its headers a plain object of lower-case names, its body a
// readable with a `text()` of its own.
interface UndiciAnswer {
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly body: AsyncIterable<Uint8Array> & { readonly text: () => Promise<string> }
}

const isUndiciAnswer = (source: unknown): source is UndiciAnswer => {
  if (typeof source !== "object" || source === null) return false
  const { body, headers } = source as { readonly body?: unknown; readonly headers?: unknown }
  return typeof headers === "object" && headers !== null && Object.getPrototypeOf(headers) === Object.prototype &&
    isAsyncIterable(body) && typeof (body as { readonly text?: unknown }).text === "function"
}

// One header of the answer, lower-case `name`. Read from the transport's own headers where this module
// knows them: the platform's `response.headers` builds a record of all of them on every read.
const headerOf = (response: HttpClientResponse.HttpClientResponse, name: string): string | undefined => {
  const source = (response as { readonly source?: unknown }).source
  if (isWebResponse(source)) return source.headers.get(name) ?? undefined
  if (isUndiciAnswer(source)) {
    const value = source.headers[name]
    return typeof value === "string" ? value : value === undefined ? undefined : value.join(", ")
  }
  return response.headers[name]
}

const isIdentity = (coding: string | undefined): boolean =>
  coding === undefined || coding === "" || coding.trim().toLowerCase() === "identity"

const EMPTY: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: async function*() {} }

const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array> =>
  typeof value === "object" && value !== null && typeof (value as any)[Symbol.asyncIterator] === "function"

// The transport's own body, when the response wraps one this module can read.
const rawBody = (response: HttpClientResponse.HttpClientResponse): AsyncIterable<Uint8Array> | undefined => {
  const source = (response as { readonly source?: unknown }).source
  if (isWebResponse(source)) {
    return source.body === null ? EMPTY : isAsyncIterable(source.body) ? source.body : undefined
  }
  const body = (source as { readonly body?: unknown } | undefined)?.body
  return isAsyncIterable(body) ? body : undefined
}

// The transport's own way to read its whole body as text, when the response wraps one this module knows
// (the `Response` of fetch, the body of undici). The platform's `response.text` runs a fiber of its own
// per response to cache the text, which costs more than the read.
const rawText = (response: HttpClientResponse.HttpClientResponse): (() => Promise<string>) | undefined => {
  const source = (response as { readonly source?: unknown }).source
  if (isWebResponse(source)) return () => source.text()
  return isUndiciAnswer(source) ? () => source.body.text() : undefined
}

const decodeFailure = (response: HttpClientResponse.HttpClientResponse, cause: unknown): BodyFailure => ({
  _tag: "Transport",
  error: new HttpClientError.ResponseError({ request: response.request, response, reason: "Decode", cause })
})

// Text so far, or the size at which reading stopped.
type Read = { readonly text: string } | { readonly tooLarge: number }

const collect = async (chunks: AsyncIterable<Uint8Array>, limit: number): Promise<Read> => {
  const decoder = new TextDecoder()
  const parts: Array<string> = []
  let received = 0
  for await (const chunk of chunks) {
    received += chunk.byteLength
    // Leaving the loop cancels the body (`return` of its iterator).
    if (received > limit) return { tooLarge: received }
    parts.push(decoder.decode(chunk, { stream: true }))
  }
  parts.push(decoder.decode())
  return { text: parts.join("") }
}

const readStream = (response: HttpClientResponse.HttpClientResponse, limit: number): Effect.Effect<Read, BodyFailure> =>
  Effect.suspend(() => {
    const decoder = new TextDecoder()
    const parts: Array<string> = []
    let received = 0
    return Stream.runForEach(
      Stream.mapError(response.stream, (error): BodyFailure => ({ _tag: "Transport", error })),
      (chunk) => {
        received += chunk.byteLength
        if (received > limit) return Effect.fail<BodyFailure>({ _tag: "TooLarge", received, declared: false })
        parts.push(decoder.decode(chunk, { stream: true }))
        return Effect.void
      }
    ).pipe(
      // A response without a body reads as the empty text, as `response.text` gives it.
      Effect.catchIf(
        (failure) => failure._tag === "Transport" && failure.error.reason === "EmptyBody",
        () => Effect.void
      ),
      Effect.map((): Read => {
        parts.push(decoder.decode())
        return { text: parts.join("") }
      })
    )
  })

/**
 * Reads the body as UTF-8 text, failing with `TooLarge` past `limit` bytes.
 *
 * @internal
 */
export const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  limit: number
): Effect.Effect<string, BodyFailure> => {
  const declared = declaredLength(headerOf(response, "content-length"))
  if (declared !== undefined && isIdentity(headerOf(response, "content-encoding"))) {
    if (declared > limit) return Effect.fail({ _tag: "TooLarge", received: declared, declared: true })
    const text = rawText(response)
    return text === undefined
      ? Effect.mapError(response.text, (error): BodyFailure => ({ _tag: "Transport", error }))
      : Effect.tryPromise({ try: text, catch: (cause) => decodeFailure(response, cause) })
  }
  const raw = rawBody(response)
  const read = raw === undefined
    ? readStream(response, limit)
    : Effect.tryPromise({ try: () => collect(raw, limit), catch: (cause) => decodeFailure(response, cause) })
  return Effect.flatMap(
    read,
    (result) =>
      "text" in result
        ? Effect.succeed(result.text)
        : Effect.fail<BodyFailure>({ _tag: "TooLarge", received: result.tooLarge, declared: false })
  )
}
