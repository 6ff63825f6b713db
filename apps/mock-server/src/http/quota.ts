/**
 * A quota per API key, as deployment gateways enforce (`--quota 5/s,1000/day`), so that clients sharing
 * one key can be tried without a real deployment. Modelled on TfNSW's gateway, the deployment known to
 * enforce one: over the per-second rate it answers 429 with a `Retry-After`, over the daily quota 403;
 * both with the JSON `ErrorDetails` body its gateway sends with its 401. What its own bodies say word for
 * word is not known; the messages here name the limit that was passed.
 *
 * - the rate: a token bucket per key holding `n` requests and refilled at `n` a second (a client that
 *   keeps to `n` a second, evenly or in bursts of up to `n`, is never refused);
 * - the daily quota: requests per key and UTC day.
 *
 * The key is the profile's API-key header when the fake has a profile that wants one, else the
 * `Authorization` header, else the caller is one anonymous key. Refused requests are journaled with their
 * status and count against nothing.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import type { AppContext } from "./context.js"
import { finalJson } from "./send.js"

/**
 * The limits of a quota.
 *
 * @since 0.1.0
 * @category models
 */
export interface QuotaLimits {
  /** Requests per second and key. */
  readonly perSecond?: number | undefined
  /** Requests per UTC day and key. */
  readonly perDay?: number | undefined
}

/**
 * Reads a quota as the command line writes it: `5/s`, `1000/day` or both, comma-separated.
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseQuota = (text: string): Either.Either<QuotaLimits, string> => {
  const limits: { perSecond?: number; perDay?: number } = {}
  for (const part of text.split(",").map((piece) => piece.trim())) {
    const match = /^(\d+(?:\.\d+)?)\/(s|sec|second|d|day)$/.exec(part)
    const count = match === null ? Number.NaN : Number(match[1])
    if (match === null || !(count > 0)) {
      return Either.left(`invalid quota "${part}": expected <n>/s or <n>/day, e.g. 5/s,1000/day`)
    }
    if (match[2]!.startsWith("s")) limits.perSecond = count
    else limits.perDay = count
  }
  return Either.right(limits)
}

interface KeyState {
  // GCRA: the theoretical arrival time of the next request, in milliseconds
  tat: number
  day: string
  today: number
}

// Keys remembered at once; the least recently seen are forgotten first.
const MAX_KEYS = 10_000

/**
 * What the gateway answers when a request is over a limit.
 *
 * @since 0.1.0
 * @category models
 */
interface Refusal {
  readonly status: 429 | 403
  readonly message: string
  /** Seconds until a request would be accepted again (429 only). */
  readonly retryAfter?: number
}

/**
 * The counters of a quota, per key.
 *
 * @since 0.1.0
 * @category models
 */
export class Quota {
  readonly #keys = new Map<string, KeyState>()
  readonly #interval: number
  readonly #tolerance: number

  constructor(readonly limits: QuotaLimits) {
    this.#interval = limits.perSecond === undefined ? 0 : 1000 / limits.perSecond
    this.#tolerance = limits.perSecond === undefined
      ? 0
      : (Math.max(1, Math.floor(limits.perSecond)) - 1) * this.#interval
  }

  /** Counts a request of `key` at `now` (epoch milliseconds), or says why it is refused. */
  take(key: string, now: number): Refusal | undefined {
    const day = new Date(now).toISOString().slice(0, 10)
    let state = this.#keys.get(key)
    if (state === undefined) {
      state = { tat: Number.NEGATIVE_INFINITY, day, today: 0 }
      if (this.#keys.size >= MAX_KEYS) this.#keys.delete(this.#keys.keys().next().value!)
    } else {
      this.#keys.delete(key)
    }
    this.#keys.set(key, state)
    if (state.day !== day) {
      state.day = day
      state.today = 0
    }
    const { perDay, perSecond } = this.limits
    if (perDay !== undefined && state.today >= perDay) {
      return { status: 403, message: `The daily quota of ${perDay} requests for this API key is used up` }
    }
    if (perSecond !== undefined) {
      const earliest = state.tat - this.#tolerance
      if (now < earliest) {
        return {
          status: 429,
          message: `Rate limit exceeded: at most ${perSecond} requests per second for this API key`,
          retryAfter: Math.max(1, Math.ceil((earliest - now) / 1000))
        }
      }
      state.tat = Math.max(state.tat, now) + this.#interval
    }
    state.today++
    return undefined
  }
}

/**
 * The key a request counts against: the API-key header's value (`header`, else `Authorization`), or
 * `anonymous`.
 *
 * @since 0.1.0
 * @category utils
 */
const quotaKey = (c: AppContext, header: string | undefined): string =>
  c.req.header(header ?? "authorization") ?? "anonymous"

/**
 * Runs `answer` unless the request is over the quota, else answers as the gateway does.
 *
 * @since 0.1.0
 * @category middleware
 */
export const withQuota = (
  quota: Quota,
  header: string | undefined,
  answer: (c: AppContext) => Response | Promise<Response>
) =>
(c: AppContext): Response | Promise<Response> => {
  const refusal = quota.take(quotaKey(c, header), Date.now())
  if (refusal === undefined) return answer(c)
  return finalJson(
    c,
    {
      ErrorDetails: {
        TransactionId: "efa-mock-server",
        ErrorDateTime: new Date().toISOString(),
        Message: refusal.message,
        RequestedUrl: c.req.path,
        RequestedMethod: c.req.method
      }
    },
    refusal.status,
    refusal.retryAfter === undefined ? {} : { "retry-after": String(refusal.retryAfter) }
  )
}
