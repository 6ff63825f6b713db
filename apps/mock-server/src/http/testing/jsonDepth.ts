/**
 * How deep a JSON value nests, found without recursion: a value nested thousands of levels deep (which
 * `JSON.parse` takes) would otherwise overflow the stack where it is written back or checked.
 *
 * @since 0.1.0
 */

/**
 * The deepest nesting a stub's body or a recording may have. Real EFA answers nest about 15 levels.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_JSON_DEPTH = 256

/**
 * Whether a value nests deeper than `limit` levels of arrays and objects.
 *
 * @since 0.1.0
 * @category utils
 */
export const nestsDeeperThan = (value: unknown, limit: number = MAX_JSON_DEPTH): boolean => {
  const stack: Array<unknown> = [value]
  const depths: Array<number> = [0]
  while (stack.length > 0) {
    const current = stack.pop()
    const depth = depths.pop()!
    if (typeof current !== "object" || current === null) continue
    if (depth + 1 > limit) return true
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === "object" && child !== null) {
        stack.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}
