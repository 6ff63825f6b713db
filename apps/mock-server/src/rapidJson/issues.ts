/**
 * The problems of a query, each named by its parameter: what a failed decode of a request says, which the
 * rapidJSON reading leaves out (`lenient.ts`) and a 400 answer names.
 *
 * @since 0.2.0
 */
import { ParseResult } from "effect"

/**
 * One problem with a request, named by the query parameter.
 *
 * @since 0.1.0
 * @category models
 */
export interface ParameterIssue {
  readonly parameter: string
  readonly message: string
}

/**
 * The issues of a failed decode, one per parameter and rule: the parameter is the first element of the
 * issue's path.
 *
 * @since 0.1.0
 * @category utils
 */
export const toParameterIssues = (issue: ParseResult.ParseIssue): Array<ParameterIssue> => {
  const seen = new Set<string>()
  const out: Array<ParameterIssue> = []
  for (const entry of ParseResult.ArrayFormatter.formatIssueSync(issue)) {
    const parameter = entry.path.length === 0 ? "(query)" : String(entry.path[0])
    const key = parameter + "\u0000" + entry.message
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ parameter, message: entry.message })
  }
  return out
}
