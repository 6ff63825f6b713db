/**
 * Earliest-arrival routing with RAPTOR (round-based public transit routing): round `k` finds the
 * earliest arrival at every stop with `k` vehicles, so a bound on the rounds is a bound on the changes,
 * and the rounds give the trade-off between speed and changes.
 *
 * Runs with the same stops form a pattern; within a pattern runs do not overtake (they share their run
 * times), so the earliest catchable run is found by binary search.
 *
 * @since 0.1.0
 */
import { DateTime } from "effect"
import { perDatasetAndKey } from "../dataset/cache.js"
import { lookupOf } from "../dataset/lookup.js"
import type { Dataset } from "../dataset/schema.js"
import type { WorkBudget } from "./budget.js"
import { addDays, type Run, runsOn, serviceDayKey } from "./timetable.js"

/**
 * Runs sharing a stop sequence, sorted by departure.
 *
 * @since 0.1.0
 * @category models
 */
export interface Pattern {
  readonly key: string
  /** Stop numbers (indexes into `Timetable.stopIds`). */
  readonly stops: ReadonlyArray<number>
  readonly runs: ReadonlyArray<Run>
}

/**
 * The runs of three service days (the day before, the day, the day after) arranged for routing.
 *
 * @since 0.1.0
 * @category models
 */
export interface Timetable {
  readonly stopIds: ReadonlyArray<string>
  readonly stopNumber: ReadonlyMap<string, number>
  readonly patterns: ReadonlyArray<Pattern>
  /** For each stop: the patterns calling there and at which position. */
  readonly patternsAt: ReadonlyArray<ReadonlyArray<{ readonly pattern: number; readonly position: number }>>
  /** For each stop: walks to nearby stops. */
  readonly walks: ReadonlyArray<ReadonlyArray<{ readonly to: number; readonly seconds: number }>>
}

const timetableCache = perDatasetAndKey<Timetable>(16)

/**
 * The routing timetable around a service date, cached per dataset, zone and date.
 *
 * @since 0.1.0
 * @category constructors
 */
export const timetableAround = (dataset: Dataset, date: string, timeZone: DateTime.TimeZone): Timetable =>
  timetableCache(dataset, serviceDayKey(date, timeZone), () => {
    const index = lookupOf(dataset)
    const stopIds = dataset.stops.map((stop) => stop.id as string)
    const stopNumber = new Map(stopIds.map((id, i) => [id, i]))
    const groups = new Map<string, Array<Run>>()
    for (const day of [addDays(date, -1), date, addDays(date, 1)]) {
      for (const run of runsOn(dataset, day, timeZone)) {
        const group = groups.get(run.patternKey)
        if (group === undefined) groups.set(run.patternKey, [run])
        else group.push(run)
      }
    }
    const patterns: Array<Pattern> = []
    const patternsAt: Array<Array<{ pattern: number; position: number }>> = stopIds.map(() => [])
    for (const [patternKey, runs] of groups) {
      runs.sort((a, b) => a.departures[0]! - b.departures[0]!)
      const stops = runs[0]!.stops.map((id) => stopNumber.get(id)!)
      const number = patterns.length
      patterns.push({ key: patternKey, stops, runs })
      stops.forEach((stop, position) => patternsAt[stop]!.push({ pattern: number, position }))
    }
    const walks = stopIds.map((id) =>
      (index.transfers.get(id) ?? []).map((transfer) => ({
        to: stopNumber.get(transfer.to)!,
        seconds: transfer.seconds
      }))
    )
    return { stopIds, stopNumber, patterns, patternsAt, walks }
  })

/**
 * A part of a journey found by {@link search}.
 *
 * @since 0.1.0
 * @category models
 */
export type Segment =
  | {
    readonly _tag: "Ride"
    readonly run: Run
    /** Positions in the run's stops. */
    readonly board: number
    readonly alight: number
  }
  | {
    readonly _tag: "Walk"
    readonly from: string
    readonly to: string
    readonly departure: number
    readonly arrival: number
  }

/**
 * A journey between a source and a target stop.
 *
 * @since 0.1.0
 * @category models
 */
export interface Journey {
  /** The index of the source in the search's sources. */
  readonly source: number
  /** The index of the target in the search's targets. */
  readonly target: number
  readonly segments: ReadonlyArray<Segment>
  /** Arrival at the target stop (before the egress). */
  readonly arrival: number
  readonly rides: number
}

/**
 * Where a search may start: a stop and the time one is ready to board there.
 *
 * @since 0.1.0
 * @category models
 */
export interface Source {
  readonly stop: string
  readonly ready: number
}

/**
 * Where a search may end: a stop and the seconds from there to the destination.
 *
 * @since 0.1.0
 * @category models
 */
export interface Target {
  readonly stop: string
  readonly egress: number
}

/**
 * @since 0.1.0
 * @category models
 */
export interface SearchOptions {
  /** The most vehicles one journey may use (changes + 1). */
  readonly maxRides: number
  /** Minimum seconds between arriving with one vehicle and leaving with another at the same stop. */
  readonly changeSeconds: number
  /** Whether runs of a pattern may be used. */
  readonly usePattern: (pattern: Pattern) => boolean
  /** Whether one may change vehicles at (or walk from or to) a stop. */
  readonly changeAt: (stop: string) => boolean
  /** `fastest`: the earliest arrival, fewer changes on a tie; `leastInterchange`: the fewest rides. */
  readonly prefer: "fastest" | "leastInterchange"
  /** The request's work budget: each round takes from it; a search stops (with no journey) when it is spent. */
  readonly budget?: WorkBudget | undefined
}

type Label =
  | { readonly _tag: "Source"; readonly source: number }
  | {
    readonly _tag: "Ride"
    readonly pattern: number
    readonly run: number
    readonly board: number
    readonly alight: number
    /** Whether the boarding stop was reached on foot in the round before. */
    readonly boardedFromWalk: boolean
  }
  | { readonly _tag: "Walk"; readonly from: number }

// first run of a pattern leaving position `position` at or after `time`
const earliestRun = (pattern: Pattern, position: number, time: number): number => {
  let low = 0
  let high = pattern.runs.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (pattern.runs[mid]!.departures[position]! < time) low = mid + 1
    else high = mid
  }
  return low < pattern.runs.length ? low : -1
}

// Which stops allow changes and which patterns may be used, once per timetable and request (a trip request
// makes several searches with the same options).
const allowedCache = new WeakMap<SearchOptions["changeAt"], WeakMap<Timetable, Allowed>>()

interface Allowed {
  readonly changeAllowed: ReadonlyArray<boolean>
  readonly usable: ReadonlyArray<boolean>
}

const allowedBy = (timetable: Timetable, options: SearchOptions): Allowed => {
  let byTimetable = allowedCache.get(options.changeAt)
  if (byTimetable === undefined) {
    byTimetable = new WeakMap()
    allowedCache.set(options.changeAt, byTimetable)
  }
  let allowed = byTimetable.get(timetable)
  if (allowed === undefined || allowed.usable.length !== timetable.patterns.length) {
    allowed = {
      changeAllowed: timetable.stopIds.map((id) => options.changeAt(id)),
      usable: timetable.patterns.map((pattern) => options.usePattern(pattern))
    }
    byTimetable.set(timetable, allowed)
  }
  return allowed
}

/**
 * The best journey from any source to any target by `options.prefer`, or undefined.
 *
 * @since 0.1.0
 * @category routing
 */
export const search = (
  timetable: Timetable,
  sources: ReadonlyArray<Source>,
  targets: ReadonlyArray<Target>,
  options: SearchOptions
): Journey | undefined => {
  const n = timetable.stopIds.length
  const rounds = Math.max(1, options.maxRides)
  const rideArrival: Array<Float64Array> = []
  const walkArrival: Array<Float64Array> = []
  const rideLabel: Array<Array<Label | undefined>> = []
  const walkLabel: Array<Array<Label | undefined>> = []
  // a round's arrays when it starts: most searches end long before their last round
  const addRound = () => {
    rideArrival.push(new Float64Array(n).fill(Number.POSITIVE_INFINITY))
    walkArrival.push(new Float64Array(n).fill(Number.POSITIVE_INFINITY))
    rideLabel.push(new Array(n))
    walkLabel.push(new Array(n))
  }
  addRound()
  const best = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
  const targetStops = targets.map((target) => timetable.stopNumber.get(target.stop) ?? -1)
  const { changeAllowed, usable } = allowedBy(timetable, options)
  const queueStart = new Int32Array(timetable.patterns.length).fill(-1)

  let marked = new Set<number>()
  sources.forEach((source, i) => {
    const stop = timetable.stopNumber.get(source.stop)
    if (stop === undefined || source.ready >= rideArrival[0]![stop]!) return
    rideArrival[0]![stop] = source.ready
    rideLabel[0]![stop] = { _tag: "Source", source: i }
    best[stop] = Math.min(best[stop]!, source.ready)
    marked.add(stop)
  })
  const sourceStops = new Set(marked)

  let bound = Number.POSITIVE_INFINITY
  const found: Array<{ readonly total: number; readonly target: number; readonly round: number }> = []

  for (let k = 1; k <= rounds && marked.size > 0; k++) {
    if (options.budget !== undefined && !options.budget.round()) return undefined
    addRound()
    // the earliest marked position of each pattern (a typed array and a list: a large network marks
    // thousands of stops a round)
    const queued: Array<number> = []
    for (const stop of marked) {
      for (const { pattern, position } of timetable.patternsAt[stop]!) {
        if (!usable[pattern]) continue
        const current = queueStart[pattern]!
        if (current < 0) {
          queued.push(pattern)
          queueStart[pattern] = position
        } else if (position < current) queueStart[pattern] = position
      }
    }
    const improved = new Set<number>()
    const previousRide = rideArrival[k - 1]!
    const previousWalk = walkArrival[k - 1]!
    for (const p of queued) {
      const start = queueStart[p]!
      queueStart[p] = -1
      const pattern = timetable.patterns[p]!
      let run = -1
      let board = -1
      let boardedFromWalk = false
      for (let position = start; position < pattern.stops.length; position++) {
        const stop = pattern.stops[position]!
        if (run >= 0) {
          const arrival = pattern.runs[run]!.arrivals[position]!
          if (arrival < best[stop]! && arrival < bound) {
            rideArrival[k]![stop] = arrival
            rideLabel[k]![stop] = { _tag: "Ride", pattern: p, run, board, alight: position, boardedFromWalk }
            best[stop] = arrival
            improved.add(stop)
          }
        }
        // could an earlier run be caught here?
        const byRide = previousRide[stop]!
        const byWalk = previousWalk[stop]!
        // changing at a stop needs the stop to allow it and the change time; the first boarding does not
        const firstBoarding = k === 1
        let ready = Number.POSITIVE_INFINITY
        if (byRide < Number.POSITIVE_INFINITY) {
          if (firstBoarding) ready = byRide
          else if (changeAllowed[stop]) ready = byRide + options.changeSeconds
        }
        const fromWalk = byWalk < ready
        if (fromWalk) ready = byWalk
        if (ready === Number.POSITIVE_INFINITY) continue
        if (run < 0 || ready <= pattern.runs[run]!.departures[position]!) {
          const candidate = earliestRun(pattern, position, ready)
          if (candidate >= 0 && (run < 0 || candidate < run)) {
            run = candidate
            board = position
            boardedFromWalk = fromWalk
          }
        }
      }
    }
    // walks between nearby stops, from stops reached by a vehicle in this round
    const walked = new Set<number>()
    for (const stop of improved) {
      if (!changeAllowed[stop]) continue
      const from = rideArrival[k]![stop]!
      for (const walk of timetable.walks[stop]!) {
        if (!changeAllowed[walk.to]) continue
        const arrival = from + walk.seconds
        if (arrival < best[walk.to]! && arrival < bound && arrival < walkArrival[k]![walk.to]!) {
          walkArrival[k]![walk.to] = arrival
          walkLabel[k]![walk.to] = { _tag: "Walk", from: stop }
          best[walk.to] = arrival
          walked.add(walk.to)
        }
      }
    }
    for (const stop of walked) improved.add(stop)
    marked = improved
    // the best target of this round
    let roundBest: { total: number; target: number } | undefined
    targets.forEach((target, i) => {
      const stop = targetStops[i]!
      if (stop < 0 || sourceStops.has(stop)) return
      const arrival = Math.min(rideArrival[k]![stop]!, walkArrival[k]![stop]!)
      const total = arrival + target.egress
      if (total < Number.POSITIVE_INFINITY && (roundBest === undefined || total < roundBest.total)) {
        roundBest = { total, target: i }
      }
    })
    if (roundBest !== undefined && roundBest.total < bound) {
      bound = roundBest.total
      found.push({ ...roundBest, round: k })
    }
  }
  if (found.length === 0) return undefined
  const chosen = options.prefer === "leastInterchange" ? found[0]! : found[found.length - 1]!
  return reconstruct(timetable, chosen, targetStops[chosen.target]!, { rideArrival, walkArrival, rideLabel, walkLabel })
}

const reconstruct = (
  timetable: Timetable,
  { round, target }: { readonly round: number; readonly target: number },
  targetStop: number,
  { rideArrival, rideLabel, walkArrival, walkLabel }: {
    readonly rideArrival: ReadonlyArray<Float64Array>
    readonly walkArrival: ReadonlyArray<Float64Array>
    readonly rideLabel: ReadonlyArray<ReadonlyArray<Label | undefined>>
    readonly walkLabel: ReadonlyArray<ReadonlyArray<Label | undefined>>
  }
): Journey => {
  const segments: Array<Segment> = []
  let stop = targetStop
  let k = round
  let source = -1
  let rides = 0
  const arrival = Math.min(rideArrival[round]![targetStop]!, walkArrival[round]![targetStop]!)
  let viaWalk = walkArrival[round]![targetStop]! < rideArrival[round]![targetStop]!
  for (;;) {
    const label = viaWalk ? walkLabel[k]![stop] : rideLabel[k]![stop]
    if (label === undefined) throw new Error("routing labels are inconsistent")
    if (label._tag === "Source") {
      source = label.source
      break
    }
    if (label._tag === "Walk") {
      segments.unshift({
        _tag: "Walk",
        from: timetable.stopIds[label.from]!,
        to: timetable.stopIds[stop]!,
        departure: rideArrival[k]![label.from]!,
        arrival: walkArrival[k]![stop]!
      })
      stop = label.from
      viaWalk = false
      continue
    }
    const pattern = timetable.patterns[label.pattern]!
    segments.unshift({ _tag: "Ride", run: pattern.runs[label.run]!, board: label.board, alight: label.alight })
    rides++
    stop = pattern.stops[label.board]!
    viaWalk = label.boardedFromWalk
    k--
  }
  return { source, target, segments, arrival, rides }
}
