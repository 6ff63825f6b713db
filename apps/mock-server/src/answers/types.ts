import type { DateTime } from "effect"
import type { Dataset } from "../dataset/schema.js"
import type { WorkBudget } from "../engine/budget.js"
/** What every answer gets besides its request. */
export interface AnswerContext {
  readonly dataset: Dataset
  /** The fake's clock: "now" for current/historic notices, default trip time, real-time estimates. */
  readonly now: DateTime.Utc
  /** The deployment zone in which wall-clock times are read, Europe/Berlin. */
  readonly timeZone: DateTime.TimeZone
  /** The request's work budget, for answers that search (trips); none: no bound. */
  readonly budget?: WorkBudget | undefined
}
/** An answer: the decoded request in, the response (core's response schema Type side) out. */
export type Answer<Request, Response> = (request: Request, context: AnswerContext) => Response
