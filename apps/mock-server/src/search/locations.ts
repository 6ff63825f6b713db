/**
 * Location search: the stop finder's matching and ranking over the dataset's stops, points of interest
 * and sites (localities, suburbs, streets, addresses, crossings, postcodes: `dataset/sites.ts`), by text,
 * ID or coordinate. The stop-finder answer and the engine's point resolution (text
 * typed as a trip's origin) both search here.
 *
 * Ranking (`quality`, higher is better, scale 0..1000, not a percentage):
 * - An ID (of a stop, POI or site, case-insensitive) finds exactly that object, quality 1000. An address's ID
 *   with a number its street does not have is placed on the street as `locationInfoActive=1` places it.
 * - Text is compared case- and diacritics-insensitively (`Schloßplatz` = `schlossplatz`, `Böblingen` =
 *   `Boeblingen` = `Boblingen`) with abbreviations written out (`Hbf`, `Bf`, `Str.`, `Pl.`): 1000 when
 *   the query is a name or alias of the object, 500..990 when every query word matches a word of the
 *   name (exactly, as a prefix, as the end of a compound, or with a typo), less than 400 when only some
 *   do. Ties go to stops with more lines (weighted by `relInf`, default 20 %), then by kind (stops, POIs,
 *   localities, suburbs, streets, addresses, crossings, postcodes), then by name. Streets are named with their
 *   place (`Stuttgart, Königstraße`), crossings with both streets (`Stuttgart, Königstraße / Schulstraße`),
 *   postcodes with their place (`70173 Stuttgart`).
 * - Text ending in a house number (`Königstraße 12`) also finds the addresses of the streets its other words
 *   name (all of them matching): the house where the street has that number, with the street's quality;
 *   the street itself comes 10 below. With `locationInfoActive=1`, a number the street does not have is
 *   placed where it would be (between the numbers below and above it) and comes 5 below, marked as not exact.
 * - A coordinate (`type_sf=coord`, or a coordinate typed as text) finds the stops (and POIs) within the
 *   dataset's access radius, nearest first: quality falls from 999 at the point to 500 at the radius
 *   (streets near a position are the coordinate search's `STREET` blocks).
 *
 * Options of the request that the search reads:
 * - `prMinQu` (0..100) is mapped onto the scale as `prMinQu × 10`: hits below are dropped.
 * - `anyMaxSizeHitList` caps the list (default 50).
 * - `anySigWhenPerfectNoOtherMatches=1` returns only the perfect match (quality 1000) when there is one.
 * - `anyObjFilter_sf` keeps localities and suburbs (bit 1), stops (2), streets (4), addresses (8),
 *   crossings (16), POIs (32) and postcodes (64). 0 or absent is no filter. A dataset without places (a GTFS
 *   feed) has stops and POIs only, so the other bits alone find nothing there.
 * - `useLocalityMainStop=1`: a query that is a place's name finds that place's main stop (a locality's or
 *   suburb's own, else the stop of the place with the most lines) as a perfect match, in place of the
 *   locality.
 * - `anyOmc_sf` keeps objects of that municipality key; with `tryFurtherAnyWithoutLoc=1` an empty result
 *   is retried without it.
 * - `objPrefAl` adds 60 to the kinds it names; `objPrefAm` adds 30, and `prefStModeAm` adds 30 to stops
 *   served by its modes, among the hits within 100 of the best; `rMethod=DISTANCEFROMCENTER` adds up to
 *   100 for nearness to `coord` (100 at the point, 0 from 10 km). Bonuses never reach 1000.
 *
 * @since 0.1.0
 */
import { Coord, Point, type StopFinder } from "@efa-kit/core"
import { perDataset } from "../dataset/cache.js"
import { distanceMeters } from "../dataset/geometry.js"
import { looksLikeId, type Lookup, lookupOf } from "../dataset/lookup.js"
import type { Dataset, Poi, Stop } from "../dataset/schema.js"
import { addressOf, type Site, type SiteKind, siteOfId } from "../dataset/sites.js"
import { allowedEdits, forms, PERFECT, scoreWithWorth, tokenMatch, tokens } from "./text.js"

/**
 * Hits returned when `anyMaxSizeHitList` is absent.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_MAX_RESULTS = 50

/**
 * What the dataset can find.
 *
 * @since 0.1.0
 * @category models
 */
type LocationKind = "stop" | "poi" | SiteKind

// The object kind of `anyObjFilter_sf`, `objPrefAl` and `objPrefAm` each location kind is.
const objectKindOf = (kind: LocationKind): StopFinder.ObjectKind =>
  kind === "suburb" ? "locality" : kind === "singlehouse" ? "address" : kind

// The order of kinds among equally good hits.
const KIND_ORDER: ReadonlyArray<LocationKind> = [
  "stop",
  "poi",
  "locality",
  "suburb",
  "street",
  "singlehouse",
  "crossing",
  "postcode"
]

/**
 * An object the search finds: a stop, a POI or a site.
 *
 * @since 0.1.0
 * @category models
 */
type Candidate =
  | { readonly kind: "stop"; readonly object: Stop }
  | { readonly kind: "poi"; readonly object: Poi }
  | { readonly kind: SiteKind; readonly object: Site }

/**
 * One location found, with its quality (0..1000) and its stop's importance (0..1, 0 for POIs and sites
 * of a text search).
 *
 * @since 0.1.0
 * @category models
 */
export type LocationHit = { quality: number; readonly importance: number } & Candidate

const compareNames = new Intl.Collator("de").compare

interface TextIndex {
  /** The main stop of each place (the one with the most lines; its place in `dataset.stops`), by the place's
   * normalised name. */
  readonly mainStopOfPlace: ReadonlyMap<string, number>
  /** Each token of a form of a name, numbered. */
  readonly vocabulary: ReadonlyMap<string, number>
  /** The tokens of the vocabulary by their numbers. */
  readonly words: ReadonlyArray<string>
  /** The numbers of the vocabulary's tokens in code-unit order: the tokens with a prefix are next to each other. */
  readonly alphabetical: Uint32Array
  /** The numbers of the vocabulary's tokens with each pair of adjacent characters. */
  readonly withPair: ReadonlyMap<string, ReadonlyArray<number>>
  /** The stops, then the POIs, then the sites, by their places in `formsOf`. */
  readonly objects: ReadonlyArray<Candidate>
  /** The forms of each object's names, as the numbers of their tokens. */
  readonly formsOf: ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>>
  /** The objects (their places in `formsOf`) with each token: a large network is not scored name by name. */
  readonly withToken: ReadonlyArray<ReadonlyArray<number>>
  /** Each stop's importance, by its place in `formsOf` (0 for POIs). */
  readonly importanceOf: Float64Array
  /** The stops, then the POIs, then the sites, by lower-case ID: an ID query is a look-up, not a scan. */
  readonly byLowerId: ReadonlyMap<string, ReadonlyArray<Candidate>>
  /** Each name's place in German alphabetical order (equal names share it): ties are ordered without collating. */
  readonly nameRank: ReadonlyMap<string, number>
  /** The name tokens a query token matches, with how well, for the query tokens asked most recently. */
  readonly matchesOf: Map<string, Matches>
  /** Working space of a search, kept so that a query does not allocate it (a search runs to its end at once). */
  readonly scratch: Scratch
}

interface Scratch {
  /** Numbers a search's steps mark what they have seen with, one after the other. */
  mark: number
  /** The mark of the last step that saw each stop and POI. */
  readonly seenObjects: Uint32Array
  /** The mark of the last step that saw each token of the vocabulary. */
  readonly seenTokens: Uint32Array
  /** How many of the query's tokens each stop and POI has a match for; 0 again after each search. */
  readonly matchedParts: Uint32Array
  /** How well each token of the vocabulary matches each query token (by its place); 0 again after each search. */
  readonly worth: Array<Float64Array>
}

// The next mark of a search's step; the marks start again from 1 (the arrays cleared) before they overflow.
const nextMark = (scratch: Scratch): number => {
  if (scratch.mark === 0xffffffff) {
    scratch.mark = 0
    scratch.seenObjects.fill(0)
    scratch.seenTokens.fill(0)
  }
  return ++scratch.mark
}

interface Matches {
  /** The numbers of the vocabulary's tokens that match. */
  readonly tokens: ReadonlyArray<number>
  /** How well each of them matches (0..1). */
  readonly values: ReadonlyArray<number>
}

// Query tokens (by their place in the query) whose matches' values have a kept array.
const KEPT_WORTH = 8

// Query tokens whose matches are kept: a network's common words (its city, `bahnhof`) come in most queries.
const KEPT_QUERY_TOKENS = 100

const textIndexOf = perDataset((dataset): TextIndex => {
  const { importance, sites } = lookupOf(dataset)
  const objects: Array<Candidate> = [
    ...dataset.stops.map((stop) => ({ kind: "stop", object: stop }) as const),
    ...dataset.pois.map((poi) => ({ kind: "poi", object: poi }) as const),
    ...sites.all.map((site) => ({ kind: site.kind, object: site }))
  ]
  const searchForms = objects.map((candidate) =>
    candidate.kind === "stop" ?
      [candidate.object.name, ...candidate.object.aliases].flatMap(forms) :
      forms(candidate.object.name)
  )
  const mainStopOfPlace = new Map<string, number>()
  dataset.stops.forEach((stop, number) => {
    // "Esslingen (Neckar)" is also found as "Esslingen".
    const names = new Set([tokens(stop.place).join(" "), tokens(stop.place.replace(/\(.*?\)/g, " ")).join(" ")])
    for (const place of names) {
      const current = mainStopOfPlace.get(place)
      if (current === undefined || importance.get(stop.id)! > importance.get(dataset.stops[current]!.id)!) {
        mainStopOfPlace.set(place, number)
      }
    }
  })
  // a locality's or suburb's own main stop
  const stopNumber = new Map(dataset.stops.map((stop, number) => [stop.id as string, number]))
  for (const site of sites.all) {
    const number = site.mainStop === undefined ? undefined : stopNumber.get(site.mainStop)
    if (number !== undefined) mainStopOfPlace.set(tokens(site.name).join(" "), number)
  }
  const vocabulary = new Map<string, number>()
  const words: Array<string> = []
  const withToken: Array<Array<number>> = []
  const formsOf = searchForms.map((names, object) => {
    const numbered = names.map((name) =>
      name.map((token) => {
        let number = vocabulary.get(token)
        if (number === undefined) {
          number = vocabulary.size
          vocabulary.set(token, number)
          words.push(token)
          withToken.push([])
        }
        const list = withToken[number]!
        if (list[list.length - 1] !== object) list.push(object)
        return number
      })
    )
    return numbered
  })
  const alphabetical = Uint32Array.from(words.keys())
    .sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0))
  const withPair = new Map<string, Array<number>>()
  words.forEach((word, number) => {
    for (let i = 0; i + 1 < word.length; i++) {
      const pair = word.slice(i, i + 2)
      const list = withPair.get(pair)
      if (list === undefined) withPair.set(pair, [number])
      else if (list[list.length - 1] !== number) list.push(number)
    }
  })
  const importanceOf = new Float64Array(formsOf.length)
  dataset.stops.forEach((stop, number) => importanceOf[number] = importance.get(stop.id) ?? 0)
  const byLowerId = new Map<string, Array<Candidate>>()
  const addId = (candidate: Candidate) => {
    const key = candidate.object.id.toLowerCase()
    const list = byLowerId.get(key)
    if (list === undefined) byLowerId.set(key, [candidate])
    else list.push(candidate)
  }
  for (const candidate of objects) addId(candidate)
  for (const site of sites.byId.values()) if (site.kind === "singlehouse") addId({ kind: site.kind, object: site })
  const names = Array.from(
    new Set([...objects.map(({ object }) => object.name), ...Array.from(sites.byId.values(), (site) => site.name)])
  )
    .sort(compareNames)
  const nameRank = new Map<string, number>()
  names.forEach((name, i) => {
    const previous = names[i - 1]
    nameRank.set(name, previous !== undefined && compareNames(previous, name) === 0 ? nameRank.get(previous)! : i)
  })
  return {
    vocabulary,
    words,
    alphabetical,
    withPair,
    objects,
    formsOf,
    mainStopOfPlace,
    withToken,
    importanceOf,
    byLowerId,
    nameRank,
    matchesOf: new Map(),
    scratch: {
      mark: 0,
      seenObjects: new Uint32Array(formsOf.length),
      seenTokens: new Uint32Array(words.length),
      matchedParts: new Uint32Array(formsOf.length),
      worth: []
    }
  }
})

// The tokens of the vocabulary a query token matches, and how well: names share their tokens, so each pair is
// worked out once.
const matchesOf = (index: TextIndex, part: string): Matches => {
  const kept = index.matchesOf.get(part)
  if (kept !== undefined) {
    // most recently used last, so the oldest goes first
    index.matchesOf.delete(part)
    index.matchesOf.set(part, kept)
    return kept
  }
  const found: Matches = allowedEdits(part.length) === 0 ? prefixMatches(index, part) : scanMatches(index, part)
  if (index.matchesOf.size >= KEPT_QUERY_TOKENS) index.matchesOf.delete(index.matchesOf.keys().next().value!)
  index.matchesOf.set(part, found)
  return found
}

// A short query token matches only the tokens it begins: those are next to each other in code-unit order.
const prefixMatches = (index: TextIndex, part: string): Matches => {
  const { alphabetical, words } = index
  let low = 0
  let high = alphabetical.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (words[alphabetical[middle]!]! < part) low = middle + 1
    else high = middle
  }
  const found = { tokens: [] as Array<number>, values: [] as Array<number> }
  for (let i = low; i < alphabetical.length; i++) {
    const number = alphabetical[i]!
    const value = tokenMatch(part, words[number]!)
    if (value <= 0) break
    found.tokens.push(number)
    found.values.push(value)
  }
  return found
}

// A longer query token also matches with typos, but a token within `e` edits of it (or of its prefix) still has
// `length - 1 - 2e` of its pairs of adjacent characters, at least one: only the tokens sharing one are compared.
const scanMatches = (index: TextIndex, part: string): Matches => {
  const { scratch, withPair, words } = index
  const found = { tokens: [] as Array<number>, values: [] as Array<number> }
  const mark = nextMark(scratch)
  for (let i = 0; i + 1 < part.length; i++) {
    for (const number of withPair.get(part.slice(i, i + 2)) ?? []) {
      if (scratch.seenTokens[number] === mark) continue
      scratch.seenTokens[number] = mark
      const value = tokenMatch(part, words[number]!)
      if (value <= 0) continue
      found.tokens.push(number)
      found.values.push(value)
    }
  }
  return found
}

const kindAllowed = (request: StopFinder.StopFinderRequest, kind: LocationKind): boolean =>
  request.objectKinds === undefined || request.objectKinds.length === 0 ||
  request.objectKinds.includes(objectKindOf(kind))

const candidates = (request: StopFinder.StopFinderRequest, dataset: Dataset, useMunicipality: boolean) => {
  const out: Array<Candidate> = []
  const municipality = useMunicipality ? request.municipality : undefined
  if (kindAllowed(request, "stop")) {
    for (const stop of dataset.stops) {
      if (municipality === undefined || stop.omc === municipality) out.push({ kind: "stop", object: stop })
    }
  }
  if (kindAllowed(request, "poi")) {
    for (const poi of dataset.pois) {
      if (municipality === undefined || poi.omc === municipality) out.push({ kind: "poi", object: poi })
    }
  }
  return out
}

// The most `applyPreferences` adds to a hit for this request.
const preferenceBonus = (request: StopFinder.StopFinderRequest): number =>
  (request.alwaysPreferKinds !== undefined ? 60 : 0) +
  (request.rankingMethod === "DISTANCEFROMCENTER" && request.referencePoint !== undefined ? 100 : 0) +
  (request.preferKindsAmongBest !== undefined ? 30 : 0) +
  (request.preferModesAmongBest !== undefined ? 30 : 0)

const textHits = (
  request: StopFinder.StopFinderRequest,
  dataset: Dataset,
  text: string,
  useMunicipality: boolean
): Array<LocationHit> => {
  const { importance, sites } = lookupOf(dataset)
  const index = textIndexOf(dataset)
  const { formsOf, importanceOf, objects, vocabulary, withToken } = index
  const query = tokens(text)
  const idQuery = text.trim().toLowerCase()
  const municipality = useMunicipality ? request.municipality : undefined
  // An ID finds exactly its object.
  const byId = index.byLowerId.get(idQuery)?.find(({ kind, object }) =>
    kindAllowed(request, kind) && (municipality === undefined || object.omc === municipality)
  )
  if (byId !== undefined) return [{ ...byId, quality: PERFECT, importance: importance.get(byId.object.id) ?? 0 }]
  // an address the street does not have the number of, placed where it would be
  const placed = siteOfId(sites, text.trim())
  if (
    placed !== undefined && kindAllowed(request, placed.kind) &&
    (municipality === undefined || placed.omc === municipality)
  ) return [{ kind: placed.kind, object: placed, quality: PERFECT, importance: 0 }]
  // an ID that is not in the dataset matches nothing, as the trip's unknown point does (-2000 there)
  if (looksLikeId(text)) return []
  const place = query.join(" ")
  const mainStop = request.localityMainStop ? index.mainStopOfPlace.get(place) : undefined
  const weight = (request.relevanceWeight ?? 20) / 100
  const hits: Array<LocationHit> = []
  // How many of the query's tokens each stop and POI has a matching token for: one that has none scores 0 and is
  // passed over, one that has some but not all scores less than all-matching ones do.
  const parts = query.map((part) => matchesOf(index, part))
  const { matchedParts, seenObjects, worth } = index.scratch
  const touched: Array<number> = []
  for (const found of parts) {
    const mark = nextMark(index.scratch)
    for (const token of found.tokens) {
      for (const object of withToken[token]!) {
        if (seenObjects[object] === mark) continue
        seenObjects[object] = mark
        if (matchedParts[object]++ === 0) touched.push(object)
      }
    }
  }
  const allowed = (object: number) => {
    const candidate = objects[object]!
    if (!kindAllowed(request, candidate.kind)) return false
    // a place mapped to its main stop is found as that stop
    if (
      mainStop !== undefined && (candidate.kind === "locality" || candidate.kind === "suburb") &&
      tokens(candidate.object.name).join(" ") === place
    ) return false
    return municipality === undefined || candidate.object.omc === municipality
  }
  // without kinds, a municipality or a main stop every object is allowed: a common word touches thousands
  const everyAllowed = (request.objectKinds === undefined || request.objectKinds.length === 0) &&
    municipality === undefined && mainStop === undefined
  const byMatchedParts: Array<Array<number>> = Array.from({ length: query.length + 1 }, () => [])
  for (const object of touched) {
    if (everyAllowed || (object !== mainStop && allowed(object))) byMatchedParts[matchedParts[object]!]!.push(object)
    matchedParts[object] = 0
  }
  // the query's tokens by their numbers; one the names do not have is equal to none of theirs
  const queryNumbers = query.map((token) => vocabulary.get(token) ?? -1)
  // a long query's further tokens get arrays of their own: the kept ones are few
  const worthOf = parts.map((found, part) => {
    const values = part < KEPT_WORTH
      ? worth[part] ??= new Float64Array(vocabulary.size)
      : new Float64Array(vocabulary.size)
    found.tokens.forEach((token, i) => values[token] = found.values[i]!)
    return values
  })
  const add = (object: number, quality: number) => {
    if (quality === 0) return
    const stopImportance = importanceOf[object]!
    if (quality < PERFECT) quality = Math.min(PERFECT - 1, Math.round(quality + 50 * weight * stopImportance))
    // the fields written out: spreading candidates of several shapes is the search's slowest step
    const { kind, object: found } = objects[object]!
    hits.push({ kind, object: found, quality, importance: stopImportance } as LocationHit)
    if (quality > reachable && quality >= minimum) above++
  }
  // Names matching more of the query first; once as many hits as asked for score above what names matching fewer
  // could reach with every bonus, those are not scored: a word every name has (the city's) does not make the
  // search score every name.
  const limit = request.maxResults ?? DEFAULT_MAX_RESULTS
  const minimum = (request.minQuality ?? 0) * 10
  const bonus = Math.ceil(50 * Math.max(0, weight)) + preferenceBonus(request)
  // what names matching fewer of the query's tokens than the present count could reach, and the hits above it
  let reachable = Math.round(350 * ((query.length - 1) / query.length)) + bonus
  let above = 0
  if (mainStop !== undefined && allowed(mainStop)) add(mainStop, PERFECT)
  for (let count = query.length; count > 0; count--) {
    for (const object of byMatchedParts[count]!) {
      let best = 0
      for (const form of formsOf[object]!) {
        const value = scoreWithWorth(queryNumbers, form, worthOf)
        if (value > best) best = value
        if (best === PERFECT) break
      }
      add(object, best)
    }
    if (above >= limit) break
    // the hits so far against the bound of the next count
    reachable = Math.round(350 * ((count - 2) / query.length)) + bonus
    above = 0
    for (const hit of hits) if (hit.quality > reachable && hit.quality >= minimum) above++
  }
  parts.forEach((found, part) => {
    for (const token of found.tokens) worthOf[part]![token] = 0
  })
  return withAddresses(request, dataset, text, useMunicipality, hits)
}

// Text ending in a house number: `Königstraße 12`, `Stuttgart, Königstraße 12a`.
const HOUSE_NUMBER = /^(.*\S)\s+(\d{1,4}\s?[a-z]?)$/i

// The addresses text ending in a house number names, added to the hits of the whole text: on each street its
// other words name, the house with that number (or, resolving house numbers, where the number would be);
// each such street comes with the quality of its name, below its addresses.
const withAddresses = (
  request: StopFinder.StopFinderRequest,
  dataset: Dataset,
  text: string,
  useMunicipality: boolean,
  hits: Array<LocationHit>
): Array<LocationHit> => {
  const parts = HOUSE_NUMBER.exec(text.trim())
  if (parts === null || lookupOf(dataset).sites.all.length === 0) return hits
  const streets = textHits(
    {
      input: request.input,
      objectKinds: ["street"],
      ...(request.municipality ? { municipality: request.municipality } : {})
    },
    dataset,
    parts[1]!,
    useMunicipality
  ).filter((hit) => hit.kind === "street" && hit.quality >= 500)
  const out = hits.filter((hit) => !streets.some((street) => street.object.id === hit.object.id))
  for (const street of streets) {
    if (street.kind !== "street") continue
    const address = addressOf(street.object, parts[2]!, request.houseNumberResolution === true)
    if (address !== undefined && kindAllowed(request, "singlehouse")) {
      out.push({
        kind: "singlehouse",
        object: address,
        quality: address.interpolated ? Math.max(1, street.quality - 5) : street.quality,
        importance: 0
      })
    }
    if (kindAllowed(request, "street")) out.push({ ...street, quality: Math.max(1, street.quality - 10) })
  }
  return out
}

const coordHits = (request: StopFinder.StopFinderRequest, dataset: Dataset, point: Coord.Coord): Array<LocationHit> => {
  const { importance } = lookupOf(dataset)
  const radius = dataset.meta.accessRadiusMeters
  const hits: Array<LocationHit> = []
  for (const candidate of candidates(request, dataset, true)) {
    const d = distanceMeters(point, candidate.object.coord)
    if (d > radius) continue
    hits.push({
      ...candidate,
      quality: Math.round(999 - 499 * (d / radius)),
      importance: importance.get(candidate.object.id) ?? 0
    })
  }
  return hits
}

// Bonuses that change the order but never make a hit perfect.
const applyPreferences = (request: StopFinder.StopFinderRequest, lookup: Lookup, hits: Array<LocationHit>): void => {
  const bump = (hit: LocationHit, amount: number) => {
    if (hit.quality < PERFECT) hit.quality = Math.min(PERFECT - 1, hit.quality + amount)
  }
  if (request.alwaysPreferKinds !== undefined) {
    for (const hit of hits) if (request.alwaysPreferKinds.includes(objectKindOf(hit.kind))) bump(hit, 60)
  }
  if (request.rankingMethod === "DISTANCEFROMCENTER" && request.referencePoint !== undefined) {
    for (const hit of hits) {
      const km = distanceMeters(request.referencePoint, hit.object.coord) / 1000
      bump(hit, Math.max(0, Math.round(100 - 10 * km)))
    }
  }
  const top = hits.reduce((max, hit) => Math.max(max, hit.quality), 0)
  const amongBest = hits.filter((hit) => hit.quality >= top - 100)
  if (request.preferKindsAmongBest !== undefined) {
    for (const hit of amongBest) if (request.preferKindsAmongBest.includes(objectKindOf(hit.kind))) bump(hit, 30)
  }
  if (request.preferModesAmongBest !== undefined) {
    const modes = request.preferModesAmongBest
    for (const hit of amongBest) {
      if (hit.kind === "stop" && (lookup.motsAtStop.get(hit.object.id) ?? []).some((mot) => modes.includes(mot))) {
        bump(hit, 30)
      }
    }
  }
}

// A hit with what ordering it compares worked out once: its kind's place in `KIND_ORDER` and its name's rank.
interface RankedHit {
  readonly hit: LocationHit
  readonly kind: number
  readonly name: number
}

const byRank = (a: RankedHit, b: RankedHit): number =>
  b.hit.quality - a.hit.quality ||
  b.hit.importance - a.hit.importance ||
  a.kind - b.kind ||
  // an address placed where its number would be has a name of its own
  a.name - b.name ||
  compareNames(a.hit.object.name, b.hit.object.name) ||
  (a.hit.object.id < b.hit.object.id ? -1 : a.hit.object.id > b.hit.object.id ? 1 : 0)

/**
 * The position a search input names: a coordinate, or a coordinate typed as text
 * (`<lon>:<lat>:WGS84[dd.ddddd]`); undefined for other text.
 *
 * @since 0.1.0
 * @category search
 */
export const positionOf = (input: Point.Point): Coord.Coord | undefined => {
  if (input._tag === "Coord") return input.coord
  if (input._tag === "Stop") return undefined
  const typed = Coord.parseParam(input.value)
  return "coord" in typed && typed.rest.length === 0 ? typed.coord : undefined
}

/**
 * The stop a stop's or a platform's ID names: the stop of that ID, or the stop of a platform's ID as answers
 * describe platforms (`<stop ID>:1:<number>`, see the rapidJSON places); undefined for another text.
 *
 * @since 0.2.0
 * @category search
 */
export const stopOfId = (dataset: Dataset, id: string): Stop | undefined => {
  const { stopById } = lookupOf(dataset)
  const stop = stopById.get(id)
  if (stop !== undefined) return stop
  // a platform with its own ID (a GTFS feed's), else `<stop ID>:1:<number>`
  const own = lookupOf(dataset).platformById.get(id)
  if (own !== undefined) return stopById.get(own.stop)
  const platform = /^(.+):1:\d{1,4}$/.exec(id)
  return platform === null ? undefined : stopById.get(platform[1]!)
}

// A point of type `stop` (`stopID`, `platform`): its ID finds that stop only (a platform's ID its stop); a name,
// which public clients send with type `stop` as well, is searched among the stops, as real servers search it.
const stopPointHits = (request: StopFinder.StopFinderRequest, dataset: Dataset, id: string): Array<LocationHit> => {
  const stop = stopOfId(dataset, id)
  if (stop !== undefined) {
    return [{
      kind: "stop",
      object: stop,
      quality: PERFECT,
      importance: lookupOf(dataset).importance.get(stop.id) ?? 0
    }]
  }
  if (looksLikeId(id)) return []
  const stops: StopFinder.StopFinderRequest = { ...request, objectKinds: ["stop"] }
  const hits = textHits(stops, dataset, id, true)
  return hits.length === 0 && request.municipality !== undefined && request.retryWithoutMunicipality
    ? textHits(stops, dataset, id, false)
    : hits
}

/**
 * The locations a stop-finder request finds, best first: matched, ranked, filtered by quality and
 * capped as the module's documentation describes. Empty when nothing matches.
 *
 * @since 0.1.0
 * @category search
 */
export const findLocations = (request: StopFinder.StopFinderRequest, dataset: Dataset): Array<LocationHit> => {
  const input = request.input
  const point = positionOf(input)
  let hits: Array<LocationHit>
  if (point !== undefined) {
    hits = coordHits(request, dataset, point)
  } else if (input._tag === "Stop") {
    hits = stopPointHits(request, dataset, input.id)
  } else {
    const text = input._tag === "Any" ? input.value : ""
    hits = textHits(request, dataset, text, true)
    if (hits.length === 0 && request.municipality !== undefined && request.retryWithoutMunicipality) {
      hits = textHits(request, dataset, text, false)
    }
  }
  applyPreferences(request, lookupOf(dataset), hits)
  const minimum = (request.minQuality ?? 0) * 10
  const limit = request.maxResults ?? DEFAULT_MAX_RESULTS
  hits = ranked(hits.filter((hit) => hit.quality >= minimum), limit, textIndexOf(dataset).nameRank)
  if (request.perfectMatchOnly && hits.length > 0 && hits[0]!.quality === PERFECT) hits = [hits[0]!]
  return hits.slice(0, limit)
}

// The hits best first, at least the first `limit` of them: a name every stop shares (the city's) makes
// thousands of hits, and only those that can be among the first `limit` by quality and importance are
// ordered by name.
const ranked = (
  hits: Array<LocationHit>,
  limit: number,
  nameRank: ReadonlyMap<string, number>
): Array<LocationHit> => {
  if (limit > 0 && hits.length > 2 * limit) {
    // the `limit`-th hit by quality, then importance: its quality is the `limit`-th highest, its importance found
    // among the hits of that quality only
    const qualities = new Float64Array(hits.length)
    for (let i = 0; i < hits.length; i++) qualities[i] = hits[i]!.quality
    qualities.sort()
    const quality = qualities[qualities.length - limit]!
    let above = 0
    const importances: Array<number> = []
    for (const hit of hits) {
      if (hit.quality > quality) above++
      else if (hit.quality === quality) importances.push(hit.importance)
    }
    const importance = importances.sort((a, b) => b - a)[limit - 1 - above]!
    hits = hits.filter((hit) => hit.quality > quality || (hit.quality === quality && hit.importance >= importance))
  }
  return hits
    .map((hit): RankedHit => ({ hit, kind: KIND_ORDER.indexOf(hit.kind), name: nameRank.get(hit.object.name) ?? -1 }))
    .sort(byRank)
    .map(({ hit }) => hit)
}

/**
 * The location that text names best, as the stop finder would rank it with house numbers resolved
 * (`locationInfoActive=1`, as a trip's point is); undefined when nothing matches.
 *
 * @since 0.1.0
 * @category search
 */
export const bestLocation = (text: string, dataset: Dataset): LocationHit | undefined =>
  findLocations({ input: Point.any(text), houseNumberResolution: true }, dataset)[0]
