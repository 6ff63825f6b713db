import { DateTime, Effect, Option } from "effect"
import type { AnswerContext } from "../../src/answers/types.js"
import { embeddedDatasetPath, loadDataset } from "../../src/dataset/load.js"

/** The embedded dataset, loaded once for all tests of a file. */
export const dataset = await Effect.runPromise(loadDataset(embeddedDatasetPath))

/** Europe/Berlin. */
export const berlin = Option.getOrThrow(DateTime.zoneMakeNamed("Europe/Berlin"))

/** The answer context at the default clock, or at another instant. */
export const contextAt = (now = "2026-03-02T07:30:00Z"): AnswerContext => ({
  dataset,
  now: DateTime.unsafeMake(now),
  timeZone: berlin
})

/** A wall-clock time in Berlin as an instant. */
export const berlinTime = (local: string): DateTime.Utc =>
  DateTime.toUtc(Option.getOrThrow(DateTime.makeZoned(local, { timeZone: berlin, adjustForTimeZone: true })))
