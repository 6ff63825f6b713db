/**
 * Reading a response body within a byte limit, whatever the transport.
 *
 * A body with a `Content-Length` within the limit and no content coding is read whole by the
 * transport (HTTP/1.1 ends it after that many bytes). Any other body is read as a stream, counting the
 * bytes as they come, and reading stops at the first chunk past the limit: memory stays bounded by the
 * limit, whatever the server sends (an endless body, a compressed body that expands).
 *
 * @internal
 */
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { Effect, Stream } from "effect"

/**
 * What went wrong while reading: the transport failed, or the body passed the limit.
 *
 * @internal
 */
export type BodyFailure =
  | { readonly _tag: "Transport"; readonly error: HttpClientError.ResponseError }
  | { readonly _tag: "TooLarge"; readonly received: number; readonly declared: boolean }

const declaredLength = (response: HttpClientResponse.HttpClientResponse): number | undefined => {
  const text = response.headers["content-length"]
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined
}

const isIdentity = (coding: string | undefined): boolean =>
  coding === undefined || coding === "" || coding.trim().toLowerCase() === "identity"

/**
 * Reads the body as UTF-8 text, failing with `TooLarge` past `limit` bytes.
 *
 * @internal
 */
export const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  limit: number
): Effect.Effect<string, BodyFailure> => {
  const headers = response.headers
  const declared = declaredLength(response)
  if (declared !== undefined && isIdentity(headers["content-encoding"])) {
    if (declared > limit) return Effect.fail({ _tag: "TooLarge", received: declared, declared: true })
    return Effect.mapError(response.text, (error): BodyFailure => ({ _tag: "Transport", error }))
  }
  return Effect.suspend(() => {
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
      Effect.catchIf(
        // A response without a body at all reads as the empty text, as `response.text` gives it.
        (failure) => failure._tag === "Transport" && failure.error.reason === "EmptyBody",
        () => Effect.void
      ),
      Effect.map(() => {
        parts.push(decoder.decode())
        return parts.join("")
      })
    )
  })
}
