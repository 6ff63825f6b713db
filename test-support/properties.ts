/**
 * How many cases each property test runs. `pnpm test` runs a quarter of every property's full count (at
 * least 10), so that the whole suite stays quick on a small machine; `pnpm test:deep` (`EFA_TEST_DEEP=1`)
 * runs the full counts. Every property runs in both: only the number of generated cases differs.
 */
import { FastCheck } from "effect"

/** Whether the long property counts run. */
export const deep: boolean = process.env["EFA_TEST_DEEP"] === "1"

/** The number of runs of a property whose full count is `full`. */
export const propertyRuns = (full: number): number => deep ? full : Math.max(10, Math.ceil(full / 4))

/** Properties that name no count run fast-check's default of 100, sized the same way. */
export const configureProperties = (): void => {
  FastCheck.configureGlobal({ ...FastCheck.readConfigureGlobal(), numRuns: propertyRuns(100) })
}
