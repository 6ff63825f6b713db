/**
 * Earliest-arrival routing with RAPTOR (round-based public transit routing): round `k` finds the
 * earliest arrival at every stop with `k` vehicles, so a bound on the rounds is a bound on the changes,
 * and the rounds give the trade-off between speed and changes.
 *
 * Runs with the same stops form a pattern; within a pattern runs do not overtake (they share their run
 * times), so the earliest catchable run is found by binary search.
 *
 * A large feed has thousands of stops and patterns and a trip request makes several searches, so the
 * timetable keeps what a search reads in flat typed arrays (times, the patterns at each stop, the walks) and
 * a search writes into arrays it reuses rather than into objects it allocates.
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
 * Lists per item (a stop, a pattern) in one array: item `i`'s entries are `start[i]` to `start[i + 1]`.
 *
 * @since 0.1.1
 * @category models
 */
export interface Adjacency<Values> {
  readonly start: Int32Array
  readonly values: Values
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
  readonly patternsAt: Adjacency<{ readonly pattern: Int32Array; readonly position: Int32Array }>
  /** For each stop: walks to nearby stops. */
  readonly walks: Adjacency<{ readonly to: Int32Array; readonly seconds: Float64Array }>
  /**
   * For each stop: the timetable's change time there in seconds, infinite where changing is forbidden, -1 where
   * the timetable gives none (the search's `changeSeconds` applies).
   */
  readonly changeAt: Float64Array
  /** For each pattern: its stop numbers. */
  readonly patternStops: Adjacency<Int32Array>
  /**
   * The runs' times in seconds after `timeBase`, for each pattern from `timesStart[pattern]` on: departures
   * position by position and within a position run by run (the runs leaving a position are one sorted stretch
   * to search), arrivals run by run and within a run position by position (a ride reads them one after another).
   */
  readonly timeBase: number
  readonly timesStart: Int32Array
  readonly departures: Int32Array
  readonly arrivals: Int32Array
}

const timetableCache = perDatasetAndKey<Timetable>(16)

/**
 * The routing timetable around a service date, cached per dataset, zone and date.
 *
 * @since 0.1.1
 * @category constructors
 */
export const timetableAround = (dataset: Dataset, date: string, timeZone: DateTime.TimeZone): Timetable =>
  timetableCache(dataset, serviceDayKey(date, timeZone), () => {
    const index = lookupOf(dataset)
    const stopIds = dataset.stops.map((stop) => stop.id as string)
    const stopNumber = new Map(stopIds.map((id, i) => [id, i]))
    const groups = new Map<string, Array<Run>>()
    let timeBase = Number.POSITIVE_INFINITY
    let calls = 0
    for (const day of [addDays(date, -1), date, addDays(date, 1)]) {
      for (const run of runsOn(dataset, day, timeZone)) {
        const group = groups.get(run.patternKey)
        if (group === undefined) groups.set(run.patternKey, [run])
        else group.push(run)
        timeBase = Math.min(timeBase, run.arrivals[0]!, run.departures[0]!)
        calls += run.stops.length
      }
    }
    if (timeBase === Number.POSITIVE_INFINITY) timeBase = 0
    const patterns: Array<Pattern> = []
    const timesStart = new Int32Array(groups.size + 1)
    const departures = new Int32Array(calls)
    const arrivals = new Int32Array(calls)
    let at = 0
    for (const [patternKey, runs] of groups) {
      runs.sort((a, b) => a.departures[0]! - b.departures[0]!)
      const stops = runs[0]!.stops.map((id) => stopNumber.get(id)!)
      timesStart[patterns.length] = at
      runs.forEach((run, r) => {
        for (let position = 0; position < stops.length; position++) {
          departures[at + position * runs.length + r] = run.departures[position]! - timeBase
          arrivals[at + r * stops.length + position] = run.arrivals[position]! - timeBase
        }
      })
      at += runs.length * stops.length
      patterns.push({ key: patternKey, stops, runs })
    }
    timesStart[patterns.length] = at
    const patternStops = adjacency(patterns.length, (p) => patterns[p]!.stops, (stops) => Int32Array.from(stops))
    // the patterns at each stop, in the order of the patterns
    const callsAt = new Int32Array(stopIds.length + 1)
    for (const pattern of patterns) for (const stop of pattern.stops) callsAt[stop + 1]!++
    for (let stop = 0; stop < stopIds.length; stop++) callsAt[stop + 1]! += callsAt[stop]!
    const fill = callsAt.slice(0, stopIds.length)
    const atPattern = new Int32Array(callsAt[stopIds.length]!)
    const atPosition = new Int32Array(callsAt[stopIds.length]!)
    patterns.forEach((pattern, p) =>
      pattern.stops.forEach((stop, position) => {
        atPattern[fill[stop]!] = p
        atPosition[fill[stop]!++] = position
      })
    )
    const transfers = stopIds.map((id) => index.transfers.get(id) ?? [])
    const walks = adjacency(stopIds.length, (stop) => transfers[stop]!, (list) => ({
      to: Int32Array.from(list, (transfer) => stopNumber.get(transfer.to)!),
      seconds: Float64Array.from(list, (transfer) => transfer.seconds)
    }))
    const changeAt = Float64Array.from(stopIds, (id) => index.changeSeconds.get(id) ?? -1)
    return {
      stopIds,
      stopNumber,
      patterns,
      patternsAt: { start: callsAt, values: { pattern: atPattern, position: atPosition } },
      walks,
      changeAt,
      patternStops,
      timeBase,
      timesStart,
      departures,
      arrivals
    }
  })

// lists of `count` items in one array
const adjacency = <A, Values>(
  count: number,
  listOf: (item: number) => ReadonlyArray<A>,
  flatten: (all: ReadonlyArray<A>) => Values
): Adjacency<Values> => {
  const start = new Int32Array(count + 1)
  const all: Array<A> = []
  for (let item = 0; item < count; item++) {
    for (const entry of listOf(item)) all.push(entry)
    start[item + 1] = all.length
  }
  return { start, values: flatten(all) }
}

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
 * @since 0.1.1
 * @category models
 */
export interface Target {
  readonly stop: string
  readonly egress: number
}

/**
 * @since 0.1.1
 * @category models
 */
export interface SearchOptions {
  /** The most vehicles one journey may use (changes + 1). */
  readonly maxRides: number
  /**
   * Minimum seconds between arriving with one vehicle and leaving with another at the same stop, where the
   * timetable gives no change time for the stop.
   */
  readonly changeSeconds: number
  /**
   * A factor on the timetable's own change times (1 when absent); below 1 it is taken as 1: a feed's minimum is
   * never undercut.
   */
  readonly changeFactor?: number | undefined
  /** Whether runs of a pattern may be used. */
  readonly usePattern: (pattern: Pattern) => boolean
  /** Whether one may change vehicles at (or walk from or to) a stop. */
  readonly changeAt: (stop: string) => boolean
  /** `fastest`: the earliest arrival, fewer changes on a tie; `leastInterchange`: the fewest rides. */
  readonly prefer: "fastest" | "leastInterchange"
  /** The request's work budget: each round takes from it; a search stops (with no journey) when it is spent. */
  readonly budget?: WorkBudget | undefined
}

// Which stops allow changes and which patterns may be used, once per timetable and request (a trip request
// makes several searches with the same options).
const allowedCache = new WeakMap<SearchOptions["changeAt"], WeakMap<Timetable, Allowed>>()

interface Allowed {
  readonly changeAllowed: Uint8Array
  readonly usable: Uint8Array
}

const allowedBy = (timetable: Timetable, options: SearchOptions): Allowed => {
  let byTimetable = allowedCache.get(options.changeAt)
  if (byTimetable === undefined) {
    byTimetable = new WeakMap()
    allowedCache.set(options.changeAt, byTimetable)
  }
  let allowed = byTimetable.get(timetable)
  if (allowed === undefined || allowed.usable.length !== timetable.patterns.length) {
    const changeAllowed = new Uint8Array(timetable.stopIds.length)
    for (let stop = 0; stop < changeAllowed.length; stop++) {
      if (options.changeAt(timetable.stopIds[stop]!)) changeAllowed[stop] = 1
    }
    const usable = new Uint8Array(timetable.patterns.length)
    for (let pattern = 0; pattern < usable.length; pattern++) {
      if (options.usePattern(timetable.patterns[pattern]!)) usable[pattern] = 1
    }
    allowed = { changeAllowed, usable }
    byTimetable.set(timetable, allowed)
  }
  return allowed
}

// What a round finds at each stop (times in seconds after the timetable's base): the arrival by a vehicle and
// how (a source: pattern -1 and the source's index in `run`; a ride: pattern, run, boarding and alighting
// positions, whether the boarding stop was reached on foot in the round before), and the arrival on foot and
// from where. A label counts only where its arrival is finite.
class Round {
  readonly rideArrival: Float64Array
  readonly ridePattern: Int32Array
  readonly rideRun: Int32Array
  readonly rideBoard: Int32Array
  readonly rideAlight: Int32Array
  readonly rideFromWalk: Uint8Array
  readonly walkArrival: Float64Array
  readonly walkFrom: Int32Array
  // the stops whose arrivals the round set, to clear when it next starts
  readonly touched: Int32Array
  touchedCount = 0
  constructor(stops: number) {
    this.rideArrival = new Float64Array(stops).fill(Number.POSITIVE_INFINITY)
    this.ridePattern = new Int32Array(stops)
    this.rideRun = new Int32Array(stops)
    this.rideBoard = new Int32Array(stops)
    this.rideAlight = new Int32Array(stops)
    this.rideFromWalk = new Uint8Array(stops)
    this.walkArrival = new Float64Array(stops).fill(Number.POSITIVE_INFINITY)
    this.walkFrom = new Int32Array(stops)
    this.touched = new Int32Array(stops)
  }
}

// One search's state in arrays kept between searches (they run one at a time, and a large network's arrays
// would otherwise be most of a search's work), grown to the largest timetable and the most rounds asked. The
// steps of a round are functions of their own over it, small and always given the same shapes, so that the
// engine optimizes them soon after start. Between searches the flags are clear and `queueStart` is -1.
class Scratch {
  readonly rounds: Array<Round> = []
  // the earliest arrival at each stop by a vehicle in any round so far, and the earliest time one is ready to board
  // there (a walk's arrival, a vehicle's arrival and the change time): a walk's arrival is pruned by the latter
  // only, so that an earlier vehicle arrival does not drop a walk that catches a run its change time would miss
  readonly bestRide: Float64Array
  readonly bestReady: Float64Array
  // the change time at each stop for this search (infinite where one may not change)
  readonly change: Float64Array
  // stops marked for the next round, stops improved in this one, stops reached on foot in this one
  marked: Int32Array
  improved: Int32Array
  readonly walked: Int32Array
  readonly improvedFlag: Uint8Array
  readonly walkedFlag: Uint8Array
  // the earliest marked position of each queued pattern, and the queued patterns
  readonly queueStart: Int32Array
  readonly queued: Int32Array
  // the present search's options and progress
  bound = Number.POSITIVE_INFINITY
  firstRound = true
  changeAllowed: Uint8Array = new Uint8Array(0)
  usable: Uint8Array = new Uint8Array(0)
  previous: Round
  current: Round
  markedCount = 0
  queuedCount = 0
  improvedCount = 0
  constructor(readonly stops: number, readonly patterns: number) {
    this.bestRide = new Float64Array(stops)
    this.bestReady = new Float64Array(stops)
    this.change = new Float64Array(stops)
    this.marked = new Int32Array(stops)
    this.improved = new Int32Array(stops)
    this.walked = new Int32Array(stops)
    this.improvedFlag = new Uint8Array(stops)
    this.walkedFlag = new Uint8Array(stops)
    this.queueStart = new Int32Array(patterns).fill(-1)
    this.queued = new Int32Array(patterns)
    this.rounds.push(new Round(stops))
    this.previous = this.rounds[0]!
    this.current = this.rounds[0]!
  }
}

let shared: Scratch | undefined

const scratchFor = (stops: number, patterns: number, rounds: number): Scratch => {
  if (shared === undefined || shared.stops < stops || shared.patterns < patterns) {
    shared = new Scratch(Math.max(stops, shared?.stops ?? 0), Math.max(patterns, shared?.patterns ?? 0))
  }
  while (shared.rounds.length <= rounds) shared.rounds.push(new Round(shared.stops))
  return shared
}

// a round's arrivals are cleared when it starts, where the search that used it last set them
const startRound = (work: Scratch, k: number): Round => {
  const round = work.rounds[k]!
  for (let i = 0; i < round.touchedCount; i++) {
    round.rideArrival[round.touched[i]!] = Number.POSITIVE_INFINITY
    round.walkArrival[round.touched[i]!] = Number.POSITIVE_INFINITY
  }
  round.touchedCount = 0
  return round
}

// the earliest marked position of each usable pattern calling at a marked stop
const queuePatterns = (work: Scratch, timetable: Timetable): void => {
  const { marked, queued, queueStart, usable } = work
  const { start, values: { pattern: atPattern, position: atPosition } } = timetable.patternsAt
  let queuedCount = 0
  for (let i = 0; i < work.markedCount; i++) {
    const stop = marked[i]!
    const end = start[stop + 1]!
    for (let entry = start[stop]!; entry < end; entry++) {
      const pattern = atPattern[entry]!
      if (usable[pattern] === 0) continue
      const position = atPosition[entry]!
      const earliest = queueStart[pattern]!
      if (earliest < 0) {
        queued[queuedCount++] = pattern
        queueStart[pattern] = position
      } else if (position < earliest) queueStart[pattern] = position
    }
  }
  work.queuedCount = queuedCount
}

// rides a pattern from its earliest marked position: alights where its run arrives earlier than known, and
// changes to an earlier run where one can be caught
const scanPattern = (work: Scratch, timetable: Timetable, p: number): void => {
  const { bestReady, bestRide, change, current, improved, improvedFlag, previous } = work
  const { arrivals, departures, timesStart } = timetable
  const { start: stopsStart, values: patternStops } = timetable.patternStops
  const from = work.queueStart[p]!
  work.queueStart[p] = -1
  const stopsAt = stopsStart[p]!
  const length = stopsStart[p + 1]! - stopsAt
  const timesAt = timesStart[p]!
  const runCount = length === 0 ? 0 : (timesStart[p + 1]! - timesAt) / length
  const bound = work.bound
  const firstRound = work.firstRound
  let run = -1
  let board = -1
  let boardedFromWalk = 0
  for (let position = from; position < length; position++) {
    const stop = patternStops[stopsAt + position]!
    const at = timesAt + position * runCount
    if (run >= 0) {
      const arrival = arrivals[timesAt + run * length + position]!
      if (arrival < bestRide[stop]! && arrival < bound) {
        current.rideArrival[stop] = arrival
        current.ridePattern[stop] = p
        current.rideRun[stop] = run
        current.rideBoard[stop] = board
        current.rideAlight[stop] = position
        current.rideFromWalk[stop] = boardedFromWalk
        bestRide[stop] = arrival
        const ready = arrival + change[stop]!
        if (ready < bestReady[stop]!) bestReady[stop] = ready
        if (improvedFlag[stop] === 0) {
          improvedFlag[stop] = 1
          improved[work.improvedCount++] = stop
        }
      }
    }
    // could an earlier run be caught here?
    const byRide = previous.rideArrival[stop]!
    const byWalk = previous.walkArrival[stop]!
    // changing at a stop needs the stop to allow it and the change time; the first boarding does not
    let ready = Number.POSITIVE_INFINITY
    if (byRide < Number.POSITIVE_INFINITY) ready = firstRound ? byRide : byRide + change[stop]!
    const fromWalk = byWalk < ready
    if (fromWalk) ready = byWalk
    // a run left at or after the bound arrives after it
    if (ready >= bound) continue
    if (run < 0 || ready <= departures[at + run]!) {
      // the first run leaving here at or after `ready`, if earlier than the one ridden
      let low = 0
      let high = run < 0 ? runCount : run
      const end = high
      while (low < high) {
        const mid = (low + high) >>> 1
        if (departures[at + mid]! < ready) low = mid + 1
        else high = mid
      }
      if (low < end) {
        run = low
        board = position
        boardedFromWalk = fromWalk ? 1 : 0
      }
    }
  }
}

// walks between nearby stops from the stops reached by a vehicle in this round; the stops reached on foot
// join the improved ones
const walkFromImproved = (work: Scratch, timetable: Timetable): void => {
  const { bestReady, changeAllowed, current, improved, improvedFlag, walked, walkedFlag } = work
  const { start, values: { seconds, to: walkTo } } = timetable.walks
  const bound = work.bound
  let walkedCount = 0
  const rideImproved = work.improvedCount
  for (let i = 0; i < rideImproved; i++) {
    const stop = improved[i]!
    if (changeAllowed[stop] === 0) continue
    const from = current.rideArrival[stop]!
    const end = start[stop + 1]!
    for (let entry = start[stop]!; entry < end; entry++) {
      const to = walkTo[entry]!
      if (changeAllowed[to] === 0) continue
      const arrival = from + seconds[entry]!
      if (arrival < bestReady[to]! && arrival < bound && arrival < current.walkArrival[to]!) {
        current.walkArrival[to] = arrival
        current.walkFrom[to] = stop
        bestReady[to] = arrival
        if (walkedFlag[to] === 0) {
          walkedFlag[to] = 1
          walked[walkedCount++] = to
        }
      }
    }
  }
  let count = rideImproved
  for (let i = 0; i < walkedCount; i++) {
    const stop = walked[i]!
    walkedFlag[stop] = 0
    if (improvedFlag[stop] === 0) {
      improvedFlag[stop] = 1
      improved[count++] = stop
    }
  }
  for (let i = 0; i < count; i++) {
    improvedFlag[improved[i]!] = 0
    current.touched[i] = improved[i]!
  }
  current.touchedCount = count
  // the improved stops are the next round's marked ones
  work.improved = work.marked
  work.marked = improved
  work.markedCount = count
  work.improvedCount = 0
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
  const all = searchAll(timetable, sources, targets, options)
  if (all.length === 0) return undefined
  return options.prefer === "leastInterchange" ? all[0]! : all[all.length - 1]!
}

/**
 * The Pareto set of arrival and rides from any source to any target: for each number of rides up to
 * `options.maxRides`, the journey arriving earliest with that many where it arrives earlier than every journey
 * with fewer; fewest rides first. A walk from a source to a target is a journey without a ride. Empty when none
 * is found or the budget is spent.
 *
 * A journey starts at a source, may walk from there to another stop (one of the walks), rides, changes at a stop
 * (its change time) or walks to another between two rides, and may walk from its last stop to a target.
 *
 * @since 0.3.0
 * @category routing
 */
export const searchAll = (
  timetable: Timetable,
  sources: ReadonlyArray<Source>,
  targets: ReadonlyArray<Target>,
  options: SearchOptions
): Array<Journey> => {
  const n = timetable.stopIds.length
  const rounds = Math.max(1, options.maxRides)
  const work = scratchFor(n, timetable.patterns.length, rounds)
  const { changeAllowed, usable } = allowedBy(timetable, options)
  work.changeAllowed = changeAllowed
  work.usable = usable
  work.bound = Number.POSITIVE_INFINITY
  work.bestRide.fill(Number.POSITIVE_INFINITY, 0, n)
  work.bestReady.fill(Number.POSITIVE_INFINITY, 0, n)
  const factor = Math.max(1, options.changeFactor ?? 1)
  const { changeAt } = timetable
  for (let stop = 0; stop < n; stop++) {
    const own = changeAt[stop]!
    work.change[stop] = changeAllowed[stop] === 0
      ? Number.POSITIVE_INFINITY
      : own < 0
      ? options.changeSeconds
      : own * factor
  }
  const targetStops: Array<number> = []
  for (const target of targets) targetStops.push(timetable.stopNumber.get(target.stop) ?? -1)

  const first = startRound(work, 0)
  const sourceStops: Array<number> = []
  for (let i = 0; i < sources.length; i++) {
    const stop = timetable.stopNumber.get(sources[i]!.stop)
    const ready = sources[i]!.ready - timetable.timeBase
    if (stop === undefined || ready >= first.rideArrival[stop]!) continue
    first.rideArrival[stop] = ready
    first.ridePattern[stop] = -1
    first.rideRun[stop] = i
    work.bestReady[stop] = Math.min(work.bestReady[stop]!, ready)
    if (!sourceStops.includes(stop)) sourceStops.push(stop)
  }
  work.markedCount = 0
  work.improvedCount = 0
  for (const stop of sourceStops) {
    work.improved[work.improvedCount++] = stop
    work.improvedFlag[stop] = 1
  }
  // the walks from the sources: the first ride may start at another stop
  work.current = first
  walkFromImproved(work, timetable)

  const found: Array<{ readonly total: number; readonly target: number; readonly round: number }> = []
  const bestTarget = (k: number): void => {
    let total = Number.POSITIVE_INFINITY
    let target = -1
    for (let i = 0; i < targets.length; i++) {
      const stop = targetStops[i]!
      if (stop < 0 || sourceStops.includes(stop)) continue
      const arrival = Math.min(work.current.rideArrival[stop]!, work.current.walkArrival[stop]!) + targets[i]!.egress
      if (arrival < total) {
        total = arrival
        target = i
      }
    }
    if (target >= 0 && total < work.bound) {
      work.bound = total
      found.push({ total, target, round: k })
    }
  }
  // a walk from a source to a target: a journey without a ride
  bestTarget(0)
  for (let k = 1; k <= rounds && work.markedCount > 0; k++) {
    if (options.budget !== undefined && !options.budget.round()) return []
    work.previous = work.rounds[k - 1]!
    work.current = startRound(work, k)
    work.firstRound = k === 1
    queuePatterns(work, timetable)
    for (let q = 0; q < work.queuedCount; q++) scanPattern(work, timetable, work.queued[q]!)
    walkFromImproved(work, timetable)
    bestTarget(k)
  }
  return found.map((chosen) => reconstruct(timetable, work.rounds, chosen, targetStops[chosen.target]!))
}

const reconstruct = (
  timetable: Timetable,
  rounds: ReadonlyArray<Round>,
  { round, target }: { readonly round: number; readonly target: number },
  targetStop: number
): Journey => {
  const { stopIds, timeBase } = timetable
  const segments: Array<Segment> = []
  let stop = targetStop
  let k = round
  let source = -1
  let rides = 0
  const last = rounds[round]!
  const arrival = Math.min(last.rideArrival[targetStop]!, last.walkArrival[targetStop]!)
  let viaWalk = last.walkArrival[targetStop]! < last.rideArrival[targetStop]!
  for (;;) {
    const labels = rounds[k]!
    if (viaWalk) {
      if (labels.walkArrival[stop] === Number.POSITIVE_INFINITY) throw new Error("routing labels are inconsistent")
      const from = labels.walkFrom[stop]!
      segments.unshift({
        _tag: "Walk",
        from: stopIds[from]!,
        to: stopIds[stop]!,
        departure: labels.rideArrival[from]! + timeBase,
        arrival: labels.walkArrival[stop]! + timeBase
      })
      stop = from
      viaWalk = false
      continue
    }
    if (labels.rideArrival[stop] === Number.POSITIVE_INFINITY) throw new Error("routing labels are inconsistent")
    const p = labels.ridePattern[stop]!
    if (p < 0) {
      source = labels.rideRun[stop]!
      break
    }
    const pattern = timetable.patterns[p]!
    const board = labels.rideBoard[stop]!
    segments.unshift({
      _tag: "Ride",
      run: pattern.runs[labels.rideRun[stop]!]!,
      board,
      alight: labels.rideAlight[stop]!
    })
    rides++
    viaWalk = labels.rideFromWalk[stop] === 1
    stop = pattern.stops[board]!
    k--
  }
  // a walk before the first ride leaves as late as it may
  const [walk, ride] = segments
  if (walk?._tag === "Walk" && ride?._tag === "Ride") {
    const leave = ride.run.departures[ride.board]! - (walk.arrival - walk.departure)
    segments[0] = { ...walk, departure: leave, arrival: ride.run.departures[ride.board]! }
  }
  return { source, target, segments, arrival: arrival + timeBase, rides }
}
