// A deployment's own product classes (TfNSW: 1 train, 5 and 11 buses, ...) both ways: an answer's class read
// as a MOT-ID through the profile's table, and a request's MOT-IDs written as every class that reads as it.
// Apart from the profile table and the operation modules, so that the client applies it without bundling
// either.
import * as Either from "effect/Either"
import type { RequestIssue } from "../../EfaError.js"
import type { QueryPairs } from "./query.js"

/**
 * A deployment's product classes mapped to the usual MOT-IDs; a class not in the table is taken as it comes.
 *
 * @internal
 */
export type ClassTable = Readonly<Record<number, number>>

/**
 * Where a request carries transport modes (MOT-IDs) on the wire:
 * - `suffix`: one parameter per mode, the MOT-ID after the prefix (`exclMOT_5=1`);
 * - `value`: the MOT-ID as the value of a repeatable parameter (`filterMOTType=5`);
 * - `list`: MOT-IDs joined with `separator` in the value of parameters named with a prefix (`exclMOT_0=5:6`).
 *
 * `keeps`: the request model's field of a filter that keeps only the modes it names (an include list), which
 * must not lose all of them; absent for a filter that leaves modes out.
 *
 * @internal
 */
export type ModeFilter =
  & { readonly keeps?: string | undefined }
  & (
    | { readonly in: "suffix"; readonly prefix: string }
    | { readonly in: "value"; readonly name: string }
    | { readonly in: "list"; readonly prefix: string; readonly separator: string }
  )

const DIGITS = /^\d+$/

/**
 * The class of an answer as a MOT-ID.
 *
 * @internal
 */
export const modeOfClass = (table: ClassTable | undefined, wireClass: number): number => table?.[wireClass] ?? wireClass

const isClass = (table: ClassTable, n: number): boolean => Object.prototype.hasOwnProperty.call(table, n)

/**
 * Every class of the deployment that reads as the MOT-ID: the table's classes that map to it; else the MOT-ID
 * itself, unless the table uses that number for a class of another mode (then none: the deployment has no
 * class for it, and no answer of it reads as this mode).
 *
 * @internal
 */
export const classesOfMode = (table: ClassTable | undefined, mode: number): ReadonlyArray<number> => {
  if (table === undefined) return [mode]
  const classes: Array<number> = []
  for (const key in table) if (table[key] === mode) classes.push(Number(key))
  if (classes.length > 0) return classes
  return isClass(table, mode) ? [] : [mode]
}

/**
 * The class a deployment writes for a MOT-ID: the first of its classes, else the MOT-ID itself.
 *
 * @internal
 */
export const classOfMode = (table: ClassTable | undefined, mode: number): number =>
  classesOfMode(table, mode)[0] ?? mode

/**
 * The MOT-IDs that a deployment writing {@link classOfMode} writes as a class: what a fake serving a profile
 * reads a request's class as.
 *
 * @internal
 */
export const modesWrittenAs = (table: ClassTable | undefined, wireClass: number): ReadonlyArray<number> => {
  if (table === undefined) return [wireClass]
  const candidates = isClass(table, wireClass) && table[wireClass] !== wireClass
    ? [table[wireClass]!, wireClass]
    : [wireClass]
  return candidates.filter((mode) => classOfMode(table, mode) === wireClass)
}

/**
 * A filter that keeps only some modes and has none left in the deployment's numbering.
 *
 * @internal
 */
export interface LostFilter {
  readonly filter: ModeFilter
  /** The modes as the request named them. */
  readonly modes: ReadonlyArray<number>
}

const unique = (numbers: Iterable<number>): Array<number> => [...new Set(numbers)]

/**
 * Rewrites the modes of a query's mode filters through `map` (a mode to the numbers it becomes), in place
 * of the pairs they come from. A filter that keeps only some modes and whose modes all map to nothing is
 * returned as lost and left as it was; a filter that leaves modes out and loses them all is dropped.
 *
 * @internal
 */
const mapModes = (
  pairs: QueryPairs,
  filters: ReadonlyArray<ModeFilter>,
  map: (mode: number) => ReadonlyArray<number>
): { readonly pairs: QueryPairs; readonly lost: ReadonlyArray<LostFilter> } => {
  if (filters.length === 0) return { pairs, lost: [] }
  let out: QueryPairs = pairs
  const lost: Array<LostFilter> = []
  for (const filter of filters) {
    const next = mapFilter(out, filter, map)
    if (next === undefined) continue
    if ("lost" in next) lost.push(next.lost)
    else out = next.pairs
  }
  return { pairs: out, lost }
}

type Mapped = { readonly pairs: QueryPairs } | { readonly lost: LostFilter }

// `undefined`: the query does not use the filter.
const mapFilter = (
  pairs: QueryPairs,
  filter: ModeFilter,
  map: (mode: number) => ReadonlyArray<number>
): Mapped | undefined => {
  switch (filter.in) {
    case "suffix": {
      // the modes' pairs in one place, where the first of them was; their value (`1`) kept
      const at = pairs.findIndex(([name]) => isSuffixed(name, filter.prefix))
      if (at < 0) return undefined
      const modes = unique(
        pairs.filter(([name]) => isSuffixed(name, filter.prefix)).map(([name]) =>
          Number(name.slice(filter.prefix.length))
        )
      )
      const value = pairs[at]![1]
      const mapped = unique(modes.flatMap(map))
      if (mapped.length === 0 && filter.keeps !== undefined) return { lost: { filter, modes } }
      const rest = pairs.filter(([name], i) => i === at || !isSuffixed(name, filter.prefix))
      const index = rest.findIndex(([name]) => isSuffixed(name, filter.prefix))
      return {
        pairs: [
          ...rest.slice(0, index),
          ...mapped.map((mode) => [`${filter.prefix}${mode}`, value] as const),
          ...rest.slice(index + 1)
        ]
      }
    }
    case "value": {
      const at = pairs.findIndex(([name, value]) => name === filter.name && DIGITS.test(value))
      if (at < 0) return undefined
      const modes = unique(
        pairs.filter(([name, value]) => name === filter.name && DIGITS.test(value)).map(([, v]) => Number(v))
      )
      const mapped = unique(modes.flatMap(map))
      if (mapped.length === 0 && filter.keeps !== undefined) return { lost: { filter, modes } }
      const isMode = ([name, value]: readonly [string, string]) => name === filter.name && DIGITS.test(value)
      return {
        pairs: [
          ...pairs.slice(0, at).filter((pair) => !isMode(pair)),
          ...mapped.map((mode) => [filter.name, String(mode)] as const),
          ...pairs.slice(at).filter((pair) => !isMode(pair))
        ]
      }
    }
    case "list": {
      let used = false
      const out: Array<readonly [string, string]> = []
      for (const [name, value] of pairs) {
        const parts = value.split(filter.separator)
        if (!isSuffixed(name, filter.prefix) || !parts.every((part) => DIGITS.test(part))) {
          out.push([name, value])
          continue
        }
        used = true
        const modes = unique(parts.map(Number))
        const mapped = unique(modes.flatMap(map))
        if (mapped.length === 0) {
          if (filter.keeps !== undefined) return { lost: { filter, modes } }
          continue
        }
        out.push([name, mapped.join(filter.separator)])
      }
      return used ? { pairs: out } : undefined
    }
  }
}

const isSuffixed = (name: string, prefix: string): boolean =>
  name.length > prefix.length && name.startsWith(prefix) && DIGITS.test(name.slice(prefix.length))

/**
 * What the client does to a request's query for a deployment with its own product classes: its modes as the
 * deployment's classes, or the issues of the filters that would keep nothing there.
 *
 * @internal
 */
export type ModeMapping = (
  filters: ReadonlyArray<ModeFilter> | undefined,
  pairs: QueryPairs
) => Either.Either<QueryPairs, ReadonlyArray<RequestIssue>>

/**
 * The client's {@link ModeMapping} for a deployment (named in the issues) with its own product classes.
 *
 * @internal
 */
export const clientModes = (deployment: string, table: ClassTable | undefined): ModeMapping => (filters, query) => {
  const { lost, pairs } = toClasses(table, filters, query)
  // a filter that keeps only modes the deployment has no class for would be sent as no filter at all
  return lost.length === 0 ? Either.right(pairs) : Either.left(lost.map(({ filter, modes }) => ({
    field: filter.keeps!,
    message: `the deployment ${deployment} has no product class for MOT-ID${modes.length > 1 ? "s" : ""} ${
      modes.join(", ")
    }, so this filter would keep nothing (see Profile.productClasses)`
  })))
}

/**
 * A request's modes in a deployment's classes, for the client: each mode to every class that reads as it.
 *
 * @internal
 */
export const toClasses = (
  table: ClassTable | undefined,
  filters: ReadonlyArray<ModeFilter> | undefined,
  pairs: QueryPairs
): { readonly pairs: QueryPairs; readonly lost: ReadonlyArray<LostFilter> } =>
  table === undefined || filters === undefined
    ? { pairs, lost: [] }
    : mapModes(pairs, filters, (mode) => classesOfMode(table, mode))

/**
 * A deployment's classes in a request as MOT-IDs, for a fake that serves a profile: each class to the modes
 * it writes as that class. A filter that would lose all its modes keeps its numbers.
 *
 * @internal
 */
export const fromClasses = (
  table: ClassTable | undefined,
  filters: ReadonlyArray<ModeFilter> | undefined,
  pairs: QueryPairs
): QueryPairs =>
  table === undefined || filters === undefined
    ? pairs
    : mapModes(pairs, filters, (wireClass) => modesWrittenAs(table, wireClass)).pairs
