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
 * @since 0.1.0
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
  /** For each pattern: its stop numbers. */
  readonly patternStops: Adjacency<Int32Array>
  /**
   * The runs' times in seconds after `timeBase`, for each pattern from `timesStart[pattern]` on, position by
   * position and within a position run by run (so that the runs leaving a position are one sorted stretch).
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
 * @since 0.1.0
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
      for (let position = 0; position < stops.length; position++) {
        for (const run of runs) {
          departures[at] = run.departures[position]! - timeBase
          arrivals[at] = run.arrivals[position]! - timeBase
          at++
        }
      }
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
    return {
      stopIds,
      stopNumber,
      patterns,
      patternsAt: { start: callsAt, values: { pattern: atPattern, position: atPosition } },
      walks,
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
    allowed = {
      changeAllowed: Uint8Array.from(timetable.stopIds, (id) => (options.changeAt(id) ? 1 : 0)),
      usable: Uint8Array.from(timetable.patterns, (pattern) => (options.usePattern(pattern) ? 1 : 0))
    }
    byTimetable.set(timetable, allowed)
  }
  return allowed
}

// What a round finds at each stop (times in seconds after the timetable's base): the arrival by a vehicle and
// how (a source: pattern -1 and the source's index in `run`; a ride: pattern, run, boarding and alighting
// positions, whether the boarding stop was reached on foot in the round before), and the arrival on foot and
// from where. A label counts only where its arrival is finite.
interface Round {
  readonly rideArrival: Float64Array
  readonly ridePattern: Int32Array
  readonly rideRun: Int32Array
  readonly rideBoard: Int32Array
  readonly rideAlight: Int32Array
  readonly rideFromWalk: Uint8Array
  readonly walkArrival: Float64Array
  readonly walkFrom: Int32Array
}

const newRound = (stops: number): Round => ({
  rideArrival: new Float64Array(stops),
  ridePattern: new Int32Array(stops),
  rideRun: new Int32Array(stops),
  rideBoard: new Int32Array(stops),
  rideAlight: new Int32Array(stops),
  rideFromWalk: new Uint8Array(stops),
  walkArrival: new Float64Array(stops),
  walkFrom: new Int32Array(stops)
})

// The arrays searches write, kept between searches (they run one at a time, and a large network's arrays
// would otherwise be most of a search's work): grown to the largest timetable and the most rounds asked.
// Between searches the flags are clear and `queueStart` is -1 everywhere.
interface Scratch {
  readonly stops: number
  readonly patterns: number
  readonly rounds: Array<Round>
  readonly best: Float64Array
  // stops marked for the next round, stops improved in this one, stops reached on foot in this one
  marked: Int32Array
  improved: Int32Array
  readonly walked: Int32Array
  readonly improvedFlag: Uint8Array
  readonly walkedFlag: Uint8Array
  // the earliest marked position of each queued pattern, and the queued patterns
  readonly queueStart: Int32Array
  readonly queued: Int32Array
}

let scratch: Scratch | undefined

const scratchFor = (stops: number, patterns: number, rounds: number): Scratch => {
  if (scratch === undefined || scratch.stops < stops || scratch.patterns < patterns) {
    const size = Math.max(stops, scratch?.stops ?? 0)
    const patternSize = Math.max(patterns, scratch?.patterns ?? 0)
    scratch = {
      stops: size,
      patterns: patternSize,
      rounds: [],
      best: new Float64Array(size),
      marked: new Int32Array(size),
      improved: new Int32Array(size),
      walked: new Int32Array(size),
      improvedFlag: new Uint8Array(size),
      walkedFlag: new Uint8Array(size),
      queueStart: new Int32Array(patternSize).fill(-1),
      queued: new Int32Array(patternSize)
    }
  }
  while (scratch.rounds.length <= rounds) scratch.rounds.push(newRound(scratch.stops))
  return scratch
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
  const work = scratchFor(n, timetable.patterns.length, rounds)
  const { best, improvedFlag, queueStart, queued, walked, walkedFlag } = work
  const { arrivals, departures, timeBase, timesStart } = timetable
  const { start: atStart, values: { pattern: atPattern, position: atPosition } } = timetable.patternsAt
  const { start: walkStart, values: { seconds: walkSeconds, to: walkTo } } = timetable.walks
  const { start: stopsStart, values: patternStops } = timetable.patternStops
  const { changeAllowed, usable } = allowedBy(timetable, options)
  const changeSeconds = options.changeSeconds
  // a round's arrivals are cleared when it starts: most searches end long before their last round
  const startRound = (k: number): Round => {
    const round = work.rounds[k]!
    round.rideArrival.fill(Number.POSITIVE_INFINITY, 0, n)
    round.walkArrival.fill(Number.POSITIVE_INFINITY, 0, n)
    return round
  }
  best.fill(Number.POSITIVE_INFINITY, 0, n)
  const targetStops = targets.map((target) => timetable.stopNumber.get(target.stop) ?? -1)

  const first = startRound(0)
  const sourceStops: Array<number> = []
  sources.forEach((source, i) => {
    const stop = timetable.stopNumber.get(source.stop)
    const ready = source.ready - timeBase
    if (stop === undefined || ready >= first.rideArrival[stop]!) return
    first.rideArrival[stop] = ready
    first.ridePattern[stop] = -1
    first.rideRun[stop] = i
    best[stop] = Math.min(best[stop]!, ready)
    if (!sourceStops.includes(stop)) sourceStops.push(stop)
  })
  let marked = work.marked
  let markedCount = 0
  for (const stop of sourceStops) marked[markedCount++] = stop

  let bound = Number.POSITIVE_INFINITY
  const found: Array<{ readonly total: number; readonly target: number; readonly round: number }> = []

  for (let k = 1; k <= rounds && markedCount > 0; k++) {
    if (options.budget !== undefined && !options.budget.round()) return undefined
    const previous = work.rounds[k - 1]!
    const current = startRound(k)
    const { rideArrival, walkArrival } = current
    // the earliest marked position of each pattern
    let queuedCount = 0
    for (let i = 0; i < markedCount; i++) {
      const stop = marked[i]!
      for (let entry = atStart[stop]!; entry < atStart[stop + 1]!; entry++) {
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
    const improved = work.improved
    let improvedCount = 0
    for (let q = 0; q < queuedCount; q++) {
      const p = queued[q]!
      const from = queueStart[p]!
      queueStart[p] = -1
      const stopsAt = stopsStart[p]!
      const length = stopsStart[p + 1]! - stopsAt
      const timesAt = timesStart[p]!
      const runCount = length === 0 ? 0 : (timesStart[p + 1]! - timesAt) / length
      let run = -1
      let board = -1
      let boardedFromWalk = 0
      for (let position = from; position < length; position++) {
        const stop = patternStops[stopsAt + position]!
        const at = timesAt + position * runCount
        if (run >= 0) {
          const arrival = arrivals[at + run]!
          if (arrival < best[stop]! && arrival < bound) {
            rideArrival[stop] = arrival
            current.ridePattern[stop] = p
            current.rideRun[stop] = run
            current.rideBoard[stop] = board
            current.rideAlight[stop] = position
            current.rideFromWalk[stop] = boardedFromWalk
            best[stop] = arrival
            if (improvedFlag[stop] === 0) {
              improvedFlag[stop] = 1
              improved[improvedCount++] = stop
            }
          }
        }
        // could an earlier run be caught here?
        const byRide = previous.rideArrival[stop]!
        const byWalk = previous.walkArrival[stop]!
        // changing at a stop needs the stop to allow it and the change time; the first boarding does not
        let ready = Number.POSITIVE_INFINITY
        if (byRide < Number.POSITIVE_INFINITY) {
          if (k === 1) ready = byRide
          else if (changeAllowed[stop] === 1) ready = byRide + changeSeconds
        }
        const fromWalk = byWalk < ready
        if (fromWalk) ready = byWalk
        if (ready === Number.POSITIVE_INFINITY) continue
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
    // walks between nearby stops, from stops reached by a vehicle in this round
    let walkedCount = 0
    for (let i = 0; i < improvedCount; i++) {
      const stop = improved[i]!
      if (changeAllowed[stop] === 0) continue
      const from = rideArrival[stop]!
      for (let entry = walkStart[stop]!; entry < walkStart[stop + 1]!; entry++) {
        const to = walkTo[entry]!
        if (changeAllowed[to] === 0) continue
        const arrival = from + walkSeconds[entry]!
        if (arrival < best[to]! && arrival < bound && arrival < walkArrival[to]!) {
          walkArrival[to] = arrival
          current.walkFrom[to] = stop
          best[to] = arrival
          if (walkedFlag[to] === 0) {
            walkedFlag[to] = 1
            walked[walkedCount++] = to
          }
        }
      }
    }
    for (let i = 0; i < walkedCount; i++) {
      const stop = walked[i]!
      walkedFlag[stop] = 0
      if (improvedFlag[stop] === 0) {
        improvedFlag[stop] = 1
        improved[improvedCount++] = stop
      }
    }
    for (let i = 0; i < improvedCount; i++) improvedFlag[improved[i]!] = 0
    work.improved = marked
    work.marked = improved
    marked = improved
    markedCount = improvedCount
    // the best target of this round
    let roundBest: { total: number; target: number } | undefined
    targets.forEach((target, i) => {
      const stop = targetStops[i]!
      if (stop < 0 || sourceStops.includes(stop)) return
      const arrival = Math.min(rideArrival[stop]!, walkArrival[stop]!)
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
  return reconstruct(timetable, work.rounds, chosen, targetStops[chosen.target]!)
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
  return { source, target, segments, arrival: arrival + timeBase, rides }
}
