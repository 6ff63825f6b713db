// Answering a request as its fault asks: the latency, the modifiers' headers (\`Retry-After\`), the status and
// the kind; the 400 of an unreadable fault header.
import { Duration, Effect } from "effect"
import type { AppContext } from "../context.js"
import { finalJson, finalResponse } from "../send.js"
import { directives, FAULT_HEADER, formatFault, isNoFault } from "./directives.js"
import { alterAnswer, faultKinds, type FaultRequest } from "./kinds.js"
import { modifierHeaders } from "./modifiers.js"
import { reasonPhrase } from "./pages.js"

/**
 * The 400 of an unreadable fault header, with the directives it may hold.
 *
 * @since 0.1.0
 * @category responses
 */
export const invalidFault = (c: AppContext, message: string): Response =>
  finalJson(c, { error: "invalid-fault", header: FAULT_HEADER, message, directives }, 400)

/**
 * Waits with an Effect timer; resolves `false` when the client went away first.
 *
 * @since 0.1.0
 * @category utils
 */
const sleep = (ms: number, signal?: AbortSignal): Promise<boolean> =>
  Effect.runPromise(Effect.as(Effect.sleep(Duration.millis(ms)), true), signal !== undefined ? { signal } : undefined)
    .catch(() => false)

// A status without a kind: a small JSON error body (none for the statuses that cannot have one), or,
// for 200, the answer as it is with the fault's headers.
const respondWithoutKind = (request: FaultRequest): Response | Promise<Response> => {
  const { c, fault, headers } = request
  const status = fault.status
  if (status === undefined || status === 200) return alterAnswer(request, (answer) => answer.body)
  if (status === 204 || status === 205 || status === 304) return finalResponse(c, "", status, headers)
  return finalJson(
    c,
    {
      error: "injected-fault",
      status,
      message: `${reasonPhrase(status)} (injected by fault)`
    },
    status,
    headers
  )
}

/**
 * Answers a request as its fault asks: noted in its journal entry, after the fault's latency (a 499
 * when the client left meanwhile), with the headers of its modifiers (`Retry-After`), by the fault's kind.
 *
 * @since 0.1.0
 * @category responses
 */
export const respondWithFault = (request: Omit<FaultRequest, "headers">): Response | Promise<Response> => {
  const { c, fault } = request
  const journal = c.get("entry")
  if (!isNoFault(fault) && journal !== undefined) journal.fault = formatFault(fault)
  const full: FaultRequest = {
    ...request,
    headers: modifierHeaders(fault)
  }
  const respond = () => (fault.kind === undefined ? respondWithoutKind(full) : faultKinds[fault.kind].respond(full))
  if (fault.latency === undefined || fault.latency <= 0) return respond()
  return sleep(fault.latency, c.req.raw.signal).then((completed) =>
    completed
      ? respond()
      // 499: the client closed the request while the fake was waiting (nobody reads this answer).
      : finalJson(c, { error: "client-closed-request" }, 499)
  )
}
