/**
 * What every admin route that takes a body shares: reading the JSON body and the 400 answer that says
 * what is wrong with it.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import type { AppContext } from "../context.js"
import { jsonResponse } from "../send.js"

/**
 * A 400 answer to an admin request, with the reason.
 *
 * @since 0.1.0
 * @category responses
 */
export const badRequest = (c: AppContext, message: string) =>
  jsonResponse(c, { error: "invalid-admin-request", message }, 400)

/**
 * The request's body as JSON, or why it is not.
 *
 * @since 0.1.0
 * @category requests
 */
export const readJson = async (c: AppContext): Promise<Either.Either<unknown, string>> => {
  const text = await c.req.text()
  if (text.trim() === "") return Either.left("expected a JSON body")
  try {
    return Either.right(JSON.parse(text))
  } catch {
    return Either.left("the body is not valid JSON")
  }
}
