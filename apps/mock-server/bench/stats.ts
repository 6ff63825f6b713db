/**
 * Small helpers shared by the benchmark scripts.
 */

/** The median of a non-empty list. */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Megabytes with one decimal. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** A figure against its target, with the verdict. */
export const verdict = (ratio: number, target: number, direction: "at most" | "at least"): string => {
  const ok = direction === "at most" ? ratio <= target : ratio >= target
  return `${ratio.toFixed(2)} (target ${direction} ${target}: ${ok ? "met" : "NOT met"})`
}
