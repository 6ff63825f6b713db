// Parameter families: parameters whose names carry an index (`type_0`, `vehPId1`), read for the indexed rows of
// the parameter table, or a MOT-ID (`exclMOT_5`), read from and written to a decoded query record.
import type { IssueCollector } from "./query.js"

/**
 * One member of an indexed parameter family (`type_0`, `vehPId1`, ...) in a query.
 *
 * @internal
 */
export interface IndexedParam<Prefix extends string> {
  readonly prefix: Prefix
  readonly index: number
  readonly key: string
  readonly value: unknown
}

const indexPattern = /^(?:0|[1-9]\d{0,5})$/
const motIdPattern = /^\d{1,4}$/

/**
 * The members of the indexed parameter families with these prefixes, in query order. A member whose
 * index is not a plain integer is reported (the `label` names the index in the message) and left out.
 *
 * @internal
 */
export const readIndexed = <const Prefix extends string>(
  params: object,
  prefixes: ReadonlyArray<Prefix>,
  issues: IssueCollector,
  label = "index"
): Array<IndexedParam<Prefix>> => {
  const found: Array<IndexedParam<Prefix>> = []
  for (const key of Object.keys(params)) {
    const prefix = prefixes.find((candidate) => key.startsWith(candidate))
    if (prefix === undefined) continue
    const suffix = key.slice(prefix.length)
    const value: unknown = Reflect.get(params, key)
    if (indexPattern.test(suffix)) found.push({ prefix, index: Number(suffix), key, value })
    else issues.add(key, value, `the ${label} must be 0, 1, 2, ..., got "${suffix}"`)
  }
  return found
}

/**
 * Reports every index missing below the highest one (a family is numbered from 0 without gaps) and
 * gives the length of the family: the highest index plus one.
 *
 * @internal
 */
export const numberedFromZero = (
  indexes: Iterable<number>,
  keyOf: (index: number) => string,
  message: string,
  issues: IssueCollector
): number => {
  const present = new Set(indexes)
  const length = Math.max(0, ...present) + (present.size > 0 ? 1 : 0)
  for (let i = 0; i < length; i++) if (!present.has(i)) issues.add(keyOf(i), undefined, message)
  return length
}

/**
 * Reads a family of mode parameters (`exclMOT_<MOT-ID>`), whose presence counts (also with the value `0`,
 * as the interface specification says; the family's values are read with `PresenceParam`): the MOT-IDs and the
 * parameter each came from. A suffix that is not a MOT-ID is reported with `message`.
 *
 * @internal
 */
export const readModeFamily = (
  params: object,
  prefix: string,
  issues: IssueCollector,
  message: string
): Map<number, string> => {
  const keys = new Map<number, string>()
  for (const key of Object.keys(params)) {
    if (!key.startsWith(prefix)) continue
    const suffix = key.slice(prefix.length)
    if (motIdPattern.test(suffix)) keys.set(Number(suffix), key)
    else issues.add(key, Reflect.get(params, key), message)
  }
  return keys
}

/**
 * A family of mode parameters as query fields: `<prefix><MOT-ID>=1` for each MOT-ID.
 *
 * @internal
 */
export const modeFamilyParams = <const Prefix extends string>(
  prefix: Prefix,
  ids: ReadonlyArray<number>
): { readonly [K in `${Prefix}${string}`]: true } => {
  const out: Record<string, true> = {}
  for (const id of ids) out[`${prefix}${id}`] = true
  // the keys are built as the template literal type says
  return out as { readonly [K in `${Prefix}${string}`]: true }
}
