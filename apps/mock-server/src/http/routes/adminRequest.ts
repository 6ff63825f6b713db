/**
 * What every admin route that takes a body shares: reading the JSON body and the 400 answer that says
 * what is wrong with it.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import type { AppContext } from "../context.js"
import { jsonResponse } from "../send.js"
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../testing/jsonDepth.js"

/**
 * A 400 answer to an admin request, with the reason.
 *
 * @since 0.1.0
 * @category responses
 */
export const badRequest = (c: AppContext, message: string) =>
  jsonResponse(c, { error: "invalid-admin-request", message }, 400)

/**
 * The request's body as JSON, or why it is not: every admin route reads its body here, so that none
 * decodes, matches or writes back a value nested deeper than {@link MAX_JSON_DEPTH} levels (which would
 * overflow the stack).
 *
 * @since 0.1.0
 * @category requests
 */
export const readJson = async (c: AppContext): Promise<Either.Either<unknown, string>> => {
  const text = await c.req.text()
  if (text.trim() === "") return Either.left("expected a JSON body")
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return Either.left("the body is not valid JSON")
  }
  return nestsDeeperThan(json, MAX_JSON_DEPTH)
    ? Either.left(`the body nests deeper than ${MAX_JSON_DEPTH} levels`)
    : Either.right(json)
}
