/**
 * Text matching for the stop finder: case- and diacritics-insensitive, with prefix, token, compound-word
 * and typo tolerant matches and the common German abbreviations (`Hbf`, `Bf`, `Str.`, `Pl.`).
 *
 * @since 0.1.0
 */
import { distance } from "fastest-levenshtein"

// Whole-word abbreviations, after normalisation (lower case, no dots).
const WORDS: Record<string, string> = {
  hbf: "hauptbahnhof",
  hbhf: "hauptbahnhof",
  bf: "bahnhof",
  bhf: "bahnhof",
  str: "strasse",
  pl: "platz",
  zob: "busbahnhof"
}

// Abbreviated endings of compound words: `Königstr.` is `Königstraße`, `Marktpl.` is `Marktplatz`.
const SUFFIXES: ReadonlyArray<readonly [string, string]> = [["str", "strasse"], ["pl", "platz"]]

const expand = (token: string): string => {
  const word = WORDS[token]
  if (word !== undefined) return word
  for (const [short, long] of SUFFIXES) {
    if (token.length > short.length + 2 && token.endsWith(short)) return token.slice(0, -short.length) + long
  }
  return token
}

const fold = (text: string, umlauts: "strip" | "transliterate"): string => {
  let lower = text.toLowerCase().replace(/ß/g, "ss")
  if (umlauts === "transliterate") lower = lower.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue")
  return lower.normalize("NFD").replace(/\p{M}/gu, "")
}

/**
 * The tokens of a text: lower case, without diacritics (`ö` is `o`), `ß` as `ss`, split at anything
 * that is not a letter or digit, abbreviations written out.
 *
 * @since 0.1.0
 * @category normalising
 */
export const tokens = (text: string, umlauts: "strip" | "transliterate" = "strip"): Array<string> =>
  fold(text, umlauts).split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0).map(expand)

/**
 * The forms a name is matched in: umlauts stripped (`Böblingen` as `boblingen`) and transliterated
 * (`boeblingen`), so that both spellings of a query find it.
 *
 * @since 0.1.0
 * @category normalising
 */
export const forms = (text: string): Array<Array<string>> => {
  const strip = tokens(text, "strip")
  const translit = tokens(text, "transliterate")
  return strip.join(" ") === translit.join(" ") ? [strip] : [strip, translit]
}

/**
 * The highest score {@link score} gives: the query is the name.
 *
 * @since 0.1.0
 * @category constants
 */
export const PERFECT = 1000

/**
 * Edits allowed between a query token and a name token, by the query token's length: a token allowed none
 * matches only the name tokens it equals or begins.
 *
 * @since 0.1.0
 * @category scoring
 */
export const allowedEdits = (length: number): number => (length >= 8 ? 2 : length >= 4 ? 1 : 0)

/**
 * How well one query token matches one name token, 0..1, as {@link score} counts it: a name none of whose
 * tokens match any query token scores 0, so a search may pass over it, and a search that meets the same name
 * tokens in many names may work each pair out once.
 *
 * @since 0.1.0
 * @category scoring
 */
export const tokenMatch = (query: string, token: string): number => {
  if (query === token) return 1
  if (token.startsWith(query)) return 0.75 + 0.2 * (query.length / token.length)
  const edits = allowedEdits(query.length)
  if (edits === 0) return 0
  if (Math.abs(token.length - query.length) <= edits && distance(query, token) <= edits) return 0.7
  // A typo inside a prefix: "hauptbahn" against "hauptbanhof".
  if (token.length > query.length && distance(query, token.slice(0, query.length)) <= edits) return 0.55
  // The end of a compound word: "museum" in "kunstmuseum".
  if (query.length >= 4 && token.length > query.length && token.endsWith(query)) return 0.5
  return 0
}

/**
 * How well query tokens match a name's tokens, on a scale 0..1000: 1000 only when the query is the name
 * (after normalisation); all query tokens matching name tokens (exactly, as prefixes, as the end of a
 * compound word, or with a typo) give 500..990, in the name's order and covering more of it scoring
 * higher; some tokens matching give less than 400; nothing matching gives 0.
 *
 * @since 0.1.0
 * @category scoring
 */
const score = (query: ReadonlyArray<string>, name: ReadonlyArray<string>): number =>
  scoreWith(query, name, (part, token) => tokenMatch(query[part]!, token))

/**
 * {@link score} with tokens of any kind (a search's numbers for the words of its names) and how well the
 * query's token `part` matches a name token given.
 *
 * @since 0.1.0
 * @category scoring
 */
export const scoreWith = <T>(
  query: ReadonlyArray<T>,
  name: ReadonlyArray<T>,
  match: (part: number, token: T) => number
): number => {
  if (query.length === 0 || name.length === 0) return 0
  if (query.length === name.length && query.every((token, i) => token === name[i])) return PERFECT
  // the name tokens already matched (a query has few tokens: a list is cheaper than a set)
  const used: Array<number> = []
  let matched = 0
  let total = 0
  let ordered = true
  let lastIndex = -1
  for (let part = 0; part < query.length; part++) {
    let best = 0
    let bestIndex = -1
    for (let i = 0; i < name.length; i++) {
      if (used.includes(i)) continue
      const value = match(part, name[i]!)
      if (value > best) {
        best = value
        bestIndex = i
      }
    }
    if (bestIndex < 0) continue
    used.push(bestIndex)
    matched++
    total += best
    if (bestIndex < lastIndex) ordered = false
    lastIndex = bestIndex
  }
  return finalScore(matched, total, query.length, name.length, ordered, used.includes(0))
}

// The score of a matching: the best match of each query token (`matched` of them matched, `total` their sum), in
// the name's order or not, the name's first token among them or not.
const finalScore = (
  matched: number,
  total: number,
  queryLength: number,
  nameLength: number,
  ordered: boolean,
  startsAtFront: boolean
): number => {
  if (matched === 0) return 0
  const mean = total / matched
  if (matched < queryLength) return Math.round(350 * (matched / queryLength) * mean)
  const coverage = matched / nameLength
  return Math.min(
    990,
    Math.round(500 + 330 * mean + 80 * coverage + (ordered ? 30 : 0) + (startsAtFront ? 20 : 0))
  )
}

/**
 * {@link scoreWith} for a search's numbered tokens, with how well each query token matches each name token given
 * as one array per query token (indexed by the name token's number): the same score, without a function call per
 * pair, for the names a search scores by the hundred.
 *
 * @since 0.4.0
 * @category scoring
 */
export const scoreWithWorth = (
  query: ReadonlyArray<number>,
  name: ReadonlyArray<number>,
  worth: ReadonlyArray<Float64Array>
): number => {
  const length = name.length
  if (query.length === 0 || length === 0) return 0
  // the name tokens already matched, as bits
  if (length > 30) return scoreWith(query, name, (part, token) => worth[part]![token]!)
  if (query.length === length) {
    let same = true
    for (let i = 0; i < length && same; i++) same = query[i] === name[i]
    if (same) return PERFECT
  }
  let used = 0
  let matched = 0
  let total = 0
  let ordered = true
  let lastIndex = -1
  for (let part = 0; part < query.length; part++) {
    const values = worth[part]!
    let best = 0
    let bestIndex = -1
    for (let i = 0; i < length; i++) {
      if ((used & (1 << i)) !== 0) continue
      const value = values[name[i]!]!
      if (value > best) {
        best = value
        bestIndex = i
      }
    }
    if (bestIndex < 0) continue
    used |= 1 << bestIndex
    matched++
    total += best
    if (bestIndex < lastIndex) ordered = false
    lastIndex = bestIndex
  }
  return finalScore(matched, total, query.length, length, ordered, (used & 1) !== 0)
}

/**
 * The known name nearest to a mistyped one, for "did you mean" hints; `undefined` when none is close.
 *
 * @since 0.1.0
 * @category scoring
 */
export const nearest = (input: string, candidates: ReadonlyArray<string>): string | undefined => {
  const upper = input.toUpperCase()
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const d = distance(upper, candidate.toUpperCase())
    if (d < bestDistance) {
      bestDistance = d
      best = candidate
    }
  }
  return bestDistance <= Math.max(2, Math.floor(upper.length / 4)) ? best : undefined
}
