/**
 * Describing a parse failure without ever throwing.
 *
 * Effect's formatters print the offending value whole and recursively: a body nested a few thousand
 * levels deep overflows the stack, a huge one makes a message of its own size. Values that are small
 * and shallow get Effect's messages; any other value, and any failure of the formatter, get a
 * description built here from the issue tree alone, naming the value by its kind and size.
 *
 * @internal
 */
import * as ParseResult from "effect/ParseResult"

/**
 * Values nested deeper than this, or with more nodes, are not printed by Effect's formatter.
 *
 * @internal
 */
const MAX_FORMAT_DEPTH = 64

const MAX_FORMAT_NODES = 10_000
const MAX_MESSAGE_LENGTH = 500

/** @internal */
export interface DescribedIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

// Whether a JSON-like value is small and shallow enough to print; walks iteratively, stops early.
const isPrintable = (value: unknown): boolean => {
  const stack: Array<unknown> = [value]
  const depths: Array<number> = [0]
  let nodes = 0
  while (stack.length > 0) {
    const current = stack.pop()
    const depth = depths.pop()!
    if (++nodes > MAX_FORMAT_NODES || depth > MAX_FORMAT_DEPTH) return false
    if (typeof current === "string" && current.length > MAX_MESSAGE_LENGTH * 4) return false
    if (typeof current !== "object" || current === null) continue
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) {
      stack.push(child)
      depths.push(depth + 1)
    }
  }
  return true
}

// Whether every value Effect's formatter would print (the actual value of each `Type` issue) is printable.
const leavesPrintable = (issue: ParseResult.ParseIssue): boolean => {
  const stack: Array<ParseResult.ParseIssue> = [issue]
  let visited = 0
  while (stack.length > 0) {
    const current = stack.pop()!
    if (++visited > MAX_FORMAT_NODES) return false
    switch (current._tag) {
      case "Type":
        if (!isPrintable(current.actual)) return false
        break
      case "Composite":
        if (Array.isArray(current.issues)) stack.push(...(current.issues as ReadonlyArray<ParseResult.ParseIssue>))
        else stack.push(current.issues as ParseResult.ParseIssue)
        break
      case "Pointer":
      case "Refinement":
      case "Transformation":
        stack.push(current.issue)
        break
      default:
        break
    }
  }
  return true
}

const kindOf = (value: unknown): string => {
  if (Array.isArray(value)) return `an array of ${value.length} items`
  if (value === null) return "null"
  switch (typeof value) {
    case "object":
      return `an object with ${Object.keys(value).length} keys`
    case "string":
      return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value)
    case "number":
    case "boolean":
    case "bigint":
      return String(value)
    default:
      return typeof value
  }
}

const clip = (text: string): string => text.length > MAX_MESSAGE_LENGTH ? text.slice(0, MAX_MESSAGE_LENGTH) + "…" : text

const expected = (issue: ParseResult.Type): string => {
  try {
    return clip(String(issue.ast))
  } catch {
    return "another value"
  }
}

/**
 * The first issue of a failure, its path and message, from the issue tree alone.
 *
 * @internal
 */
const describeFirst = (issue: ParseResult.ParseIssue): DescribedIssue => {
  const path: Array<PropertyKey> = []
  let current: ParseResult.ParseIssue = issue
  // Iterative: issue trees are as deep as the value.
  for (;;) {
    switch (current._tag) {
      case "Pointer":
        if (Array.isArray(current.path)) path.push(...current.path)
        else path.push(current.path as PropertyKey)
        current = current.issue
        continue
      case "Composite": {
        const issues: ParseResult.ParseIssue | ReadonlyArray<ParseResult.ParseIssue> = current.issues
        if (!Array.isArray(issues)) {
          current = issues as ParseResult.ParseIssue
          continue
        }
        const first = (issues as ReadonlyArray<ParseResult.ParseIssue>)[0]
        if (first === undefined) return { path, message: `Expected ${kindOf(current.actual)} to match` }
        current = first
        continue
      }
      case "Refinement":
      case "Transformation":
        current = current.issue
        continue
      case "Type":
        return {
          path,
          message: current.message !== undefined && current.message.length <= MAX_MESSAGE_LENGTH
            ? current.message
            : `Expected ${expected(current)}, actual ${kindOf(current.actual)}`
        }
      case "Missing":
        return { path, message: "is missing" }
      case "Unexpected":
        return { path, message: "is unexpected" }
      case "Forbidden":
        return { path, message: "is forbidden" }
    }
  }
}

/**
 * Every issue of a failure with Effect's messages when the value can be printed, else the first one
 * described from the tree. Never throws.
 *
 * @internal
 */
export const formatIssues = (issue: ParseResult.ParseIssue): ReadonlyArray<DescribedIssue> => {
  if (leavesPrintable(issue)) {
    try {
      return ParseResult.ArrayFormatter.formatIssueSync(issue).map((entry) => ({
        path: entry.path,
        message: clip(entry.message)
      }))
    } catch {
      // described below
    }
  }
  return [describeFirst(issue)]
}

/**
 * The first issue, as `$.a.b` and a message. Never throws.
 *
 * @internal
 */
export const describeIssue = (issue: ParseResult.ParseIssue): { readonly path: string; readonly message: string } => {
  const [first] = formatIssues(issue)
  return first === undefined
    ? { path: "$", message: "does not match" }
    : { path: ["$", ...first.path.map(String)].join("."), message: first.message }
}
