/**
 * Requests read as real servers read them (rapidJSON without `--strict`): what a real server answers is
 * answered, never refused with a 400.
 *
 * - Unknown parameters are ignored (as in every dialect).
 * - A point's place (`place_<usage>`, as public clients send it beside a name: `type_dm=stop`,
 *   `name_dm=Hauptbahnhof`, `place_dm=Stuttgart`) is read as the first words of its name (`Stuttgart
 *   Hauptbahnhof`), which is then searched as every name is; a name that already begins with the place, an ID
 *   and a coordinate are read without it.
 * - Coordinate-search filter blocks may be numbered from any number (`type_1`, `radius_1`, as the TfNSW
 *   documentation, other clients and recorded requests do): they are renumbered from 0 in their order.
 * - A serving-lines request without `lineReqType` lists every line type (`lineReqType=0`); bits of `lineReqType`
 *   outside the contract's line types (`1`, which a public client sends for its departure monitor) are not line
 *   types and are left out, so that `lineReqType=1` lists every line type as `0` does and `3` those of `2`
 *   (no recording says what the bit does: a real server answers it with its lines).
 * - A parameter the contract refuses (a value that cannot be read, an option without its group's
 *   activation parameter such as `changeSpeed` without `ptOptionsActive`) is left out, and the answer
 *   says so in a `systemMessages` warning (code -10, module `BROKER`; no real server's code for it is
 *   known, real servers mostly ignore such a parameter silently).
 * - A request that still lacks what the operation needs (no `name_sf`) is answered with the operation's
 *   empty result and its EFA error (the code of the registry's `noResult`, such as -8012 for the stop
 *   finder), as real servers do with HTTP 200.
 *
 * @since 0.1.0
 */
import { CoordInfo, ServingLines, type SystemMessage } from "@efa-kit/core"
import type { Either, ParseResult } from "effect"
import { Either as E } from "effect"
import { looksLikeId } from "../dataset/lookup.js"
import { type ParameterIssue, toParameterIssues } from "./issues.js"

type Pairs = ReadonlyArray<readonly [string, string]>

/**
 * The code of the warning that names a parameter left out.
 *
 * @since 0.1.0
 * @category constants
 */
export const IGNORED_PARAMETER_CODE = -10

const filterPrefixes: ReadonlyArray<string> = Object.values(CoordInfo.FilterParameters)

const filterIndexOf = (name: string): { readonly prefix: string; readonly index: number } | undefined => {
  for (const prefix of filterPrefixes) {
    if (name.startsWith(prefix)) {
      const rest = name.slice(prefix.length)
      if (/^\d{1,3}$/.test(rest)) return { prefix, index: Number(rest) }
    }
  }
  return undefined
}

// The filter blocks renumbered 0, 1, ... in the order of their `type_<i>` indexes.
/**
 * The coordinate search's filter blocks numbered from 0 without gaps, as servers read them (a rule of the
 * registry).
 *
 * @since 0.2.0
 * @category reading
 */
export const renumberFilterBlocks = (pairs: Pairs): Pairs => {
  const typeIndexes = new Set<number>()
  for (const [name] of pairs) {
    const found = filterIndexOf(name)
    if (found?.prefix === CoordInfo.FilterParameters.type) typeIndexes.add(found.index)
  }
  const sorted = [...typeIndexes].sort((a, b) => a - b)
  if (sorted.every((index, i) => index === i)) return pairs
  const renumbered = new Map(sorted.map((index, i) => [index, i]))
  return pairs.map(([name, value]) => {
    const found = filterIndexOf(name)
    const to = found === undefined ? undefined : renumbered.get(found.index)
    return found === undefined || to === undefined ? [name, value] as const : [`${found.prefix}${to}`, value] as const
  })
}

const LINE_TYPE_BITS = Object.values(ServingLines.LineTypes).reduce((all, bit) => all | bit, 0)

/**
 * The serving lines' `lineReqType` defaulted to `0` when absent, and read without the bits that are no line
 * type of the contract (`1`), as servers read it (a rule of the registry).
 *
 * @since 0.2.0
 * @category reading
 */
export const defaultLineTypes = (pairs: Pairs): Pairs => {
  if (!pairs.some(([name]) => name === "lineReqType")) return [...pairs, ["lineReqType", "0"]]
  return pairs.map(([name, value]) => {
    if (name !== "lineReqType" || !/^\d{1,9}$/.test(value)) return [name, value] as const
    const mask = Number(value)
    return (mask & ~LINE_TYPE_BITS) === 0 ? [name, value] as const : [name, String(mask & LINE_TYPE_BITS)] as const
  })
}

const PLACE_PREFIX = "place_"

/**
 * A point's `place_<usage>` read into its `name_<usage>` (`Stuttgart` and `Hauptbahnhof` as `Stuttgart
 * Hauptbahnhof`), as servers read the pair; an ID, a coordinate and a name that begins with the place keep their
 * name. Every operation's points are read so.
 *
 * @since 0.2.0
 * @category reading
 */
const placesIntoNames = (pairs: Pairs): Pairs => {
  let places: Map<string, string> | undefined
  for (const [name, value] of pairs) {
    if (name.startsWith(PLACE_PREFIX) && value.trim().length > 0) {
      ;(places ??= new Map()).set(name.slice(PLACE_PREFIX.length), value.trim())
    }
  }
  if (places === undefined) return pairs
  const types = new Map(pairs.filter(([name]) => name.startsWith("type_")).map(([name, value]) => [name, value]))
  return pairs.map(([name, value]) => {
    if (!name.startsWith("name_")) return [name, value] as const
    const usage = name.slice("name_".length)
    const place = places.get(usage)
    const text = value.trim()
    if (place === undefined || types.get(`type_${usage}`) === "coord" || looksLikeId(text)) {
      return [name, value] as const
    }
    return text.toLowerCase().startsWith(place.toLowerCase())
      ? [name, value] as const
      : [name, `${place} ${text}`] as const
  })
}

/**
 * What reading a query leniently gave: the request and the warnings about parameters left out, or the
 * issues that remain (something required is missing).
 *
 * @since 0.1.0
 * @category models
 */
type LenientReading =
  | {
    readonly _tag: "Read"
    readonly request: unknown
    readonly notes: ReadonlyArray<SystemMessage.SystemMessage>
  }
  | {
    readonly _tag: "Unanswerable"
    readonly issues: ReadonlyArray<ParameterIssue>
    readonly notes: ReadonlyArray<SystemMessage.SystemMessage>
  }

/**
 * Reads a query as a real server does: normalised, then decoded; each parameter an issue names is left
 * out (with a warning) and the rest decoded again.
 *
 * @since 0.1.0
 * @category reading
 */
export const readLeniently = (
  normalise: ((pairs: Pairs) => Pairs) | undefined,
  input: Pairs,
  decode: (pairs: Pairs) => Either.Either<unknown, ParseResult.ParseError>
): LenientReading => {
  let pairs = placesIntoNames(normalise === undefined ? input : normalise(input))
  const notes: Array<SystemMessage.SystemMessage> = []
  for (;;) {
    const decoded = decode(pairs)
    if (E.isRight(decoded)) return { _tag: "Read", request: decoded.right, notes }
    const issues = toParameterIssues(decoded.left.issue)
    const present = new Set(pairs.map(([name]) => name))
    const dropped = issues.filter((issue) => present.has(issue.parameter))
    if (dropped.length === 0) return { _tag: "Unanswerable", issues, notes }
    const names = new Set(dropped.map((issue) => issue.parameter))
    for (const issue of dropped) {
      notes.push({
        type: "warning",
        module: "BROKER",
        code: IGNORED_PARAMETER_CODE,
        text: `parameter ${issue.parameter} ignored: ${issue.message}`
      })
    }
    pairs = pairs.filter(([name]) => !names.has(name))
  }
}
