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
import { interchangeSeconds, isScoped } from "../dataset/trips.js"
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
interface Adjacency<Values> {
  readonly start: Int32Array
  readonly values: Values
}

/**
 * The runs of three service days (the day before, the day, the day after) arranged for routing.
 *
 * @since 0.1.0
 * @category models
 */
interface Timetable {
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
  /** The interchanges scoped to trips or lines, where the dataset has any. */
  readonly scoped: ScopedRules | undefined
}

/**
 * An interchange scoped to trips or lines, between two stop numbers.
 *
 * @since 0.4.0
 * @category models
 */
interface ScopedRule {
  readonly from: number
  readonly to: number
  readonly fromTrips: ReadonlySet<string> | undefined
  readonly fromLine: string | undefined
  readonly toTrips: ReadonlySet<string> | undefined
  readonly toLine: string | undefined
  /** Seconds (infinite: forbidden). */
  readonly seconds: number
  /** Both trips 8, a trip and a line 5, one trip 4, both lines 2, one line 1. */
  readonly specificity: number
}

/**
 * How the interchanges scoped to trips or lines are searched. Where a stop is left by a scoped rule, the search
 * keeps an arrival there for each kind of run that rules tell apart (slots: each trip and line the rules name, and
 * one for other runs); a stop entered by a scoped rule is boarded from every arrival that may lead there.
 *
 * @since 0.4.0
 * @category models
 */
interface ScopedRules {
  /** For each stop: its slots `slotStart[stop]` to `slotStart[stop + 1]`, the first one for runs no rule names. */
  readonly slotStart: Int32Array
  readonly slotStop: Int32Array
  /** The slot of a run's trip (`<stop> t <trip>`) or line (`<stop> l <line>`) at a stop. */
  readonly slotOf: ReadonlyMap<string, number>
  /** For each stop entered by a scoped rule: the stops to board it from (itself, its walks' and rules' starts). */
  readonly into: ReadonlyMap<number, { readonly from: Int32Array; readonly rules: ReadonlyArray<ScopedRule> }>
  /** For each stop: the stops entered by scoped rules to board when it is reached. */
  readonly onward: Adjacency<Int32Array>
  /** For each stop: 1 where a scoped rule enters it. */
  readonly entered: Uint8Array
}

const lineKeys = new WeakMap<object, string>()

/**
 * The key a scoped interchange names a line by: `<network>:<code>`.
 *
 * @since 0.4.0
 * @category models
 */
const lineKeyOf = (run: Run): string => {
  const line = run.direction.line
  let key = lineKeys.get(line)
  if (key === undefined) {
    key = `${line.network}:${line.code}`
    lineKeys.set(line, key)
  }
  return key
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
    const scoped = scopedRulesOf(dataset, stopNumber, walks)
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
      arrivals,
      scoped
    }
  })

const scopedRulesOf = (
  dataset: Dataset,
  stopNumber: ReadonlyMap<string, number>,
  walks: Timetable["walks"]
): ScopedRules | undefined => {
  const rules: Array<ScopedRule> = []
  for (const interchange of dataset.timetable?.interchanges ?? []) {
    if (!isScoped(interchange)) continue
    const { fromLine, fromTrips, toLine, toTrips } = interchange
    rules.push({
      from: stopNumber.get(interchange.from)!,
      to: stopNumber.get(interchange.to)!,
      fromTrips: fromTrips === undefined ? undefined : new Set(fromTrips),
      fromLine,
      toTrips: toTrips === undefined ? undefined : new Set(toTrips),
      toLine,
      seconds: interchange.forbidden === true ? Number.POSITIVE_INFINITY : interchangeSeconds(interchange),
      specificity: (fromTrips !== undefined ? 4 : fromLine !== undefined ? 1 : 0) +
        (toTrips !== undefined ? 4 : toLine !== undefined ? 1 : 0)
    })
  }
  if (rules.length === 0) return undefined
  const stops = stopNumber.size
  // slots where a rule names the arriving trip or line
  const keysAt = new Map<number, Set<string>>()
  for (const rule of rules) {
    const keys = keysAt.get(rule.from) ?? new Set<string>()
    for (const trip of rule.fromTrips ?? []) keys.add(`t ${trip}`)
    if (rule.fromTrips === undefined && rule.fromLine !== undefined) keys.add(`l ${rule.fromLine}`)
    keysAt.set(rule.from, keys)
  }
  const slotStart = new Int32Array(stops + 1)
  const slotStopList: Array<number> = []
  const slotOf = new Map<string, number>()
  for (let stop = 0; stop < stops; stop++) {
    slotStart[stop] = slotStopList.length
    const keys = keysAt.get(stop)
    if (keys === undefined || keys.size === 0) continue
    slotStopList.push(stop)
    for (const key of keys) {
      slotOf.set(`${stop} ${key}`, slotStopList.length)
      slotStopList.push(stop)
    }
  }
  slotStart[stops] = slotStopList.length
  // the stops entered by a rule: boarded from themselves, the starts of walks to them and of rules to them
  const into = new Map<number, { from: Array<number>; rules: Array<ScopedRule> }>()
  for (const rule of rules) {
    let entry = into.get(rule.to)
    if (entry === undefined) {
      entry = { from: [rule.to], rules: [] }
      into.set(rule.to, entry)
    }
    entry.rules.push(rule)
    if (!entry.from.includes(rule.from)) entry.from.push(rule.from)
  }
  for (let stop = 0; stop < stops; stop++) {
    for (let entry = walks.start[stop]!; entry < walks.start[stop + 1]!; entry++) {
      const target = into.get(walks.values.to[entry]!)
      if (target !== undefined && !target.from.includes(stop)) target.from.push(stop)
    }
  }
  const onwardLists = new Map<number, Array<number>>()
  for (const [to, { from }] of into) {
    for (const stop of from) {
      const list = onwardLists.get(stop) ?? []
      list.push(to)
      onwardLists.set(stop, list)
    }
  }
  return {
    slotStart,
    slotStop: Int32Array.from(slotStopList),
    slotOf,
    into: new Map(Array.from(into, ([to, { from, rules }]) => [to, { from: Int32Array.from(from), rules }])),
    onward: adjacency(stops, (stop) => onwardLists.get(stop) ?? [], (all) => Int32Array.from(all)),
    entered: Uint8Array.from({ length: stops }, (_, stop) => into.has(stop) ? 1 : 0)
  }
}

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
type Segment =
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
interface Source {
  readonly stop: string
  readonly ready: number
}

/**
 * Where a search may end: a stop and the seconds from there to the destination.
 *
 * @since 0.1.1
 * @category models
 */
interface Target {
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
// positions, and the label it was boarded from in the round before: -1 the boarding stop's arrival by a vehicle,
// -2 its arrival on foot, else that label and when one was ready to board), and the arrival on foot and from
// where. Labels past the stops are the slots of scoped interchanges (the arrival by one kind of run). A label
// counts only where its arrival is finite.
class Round {
  readonly rideArrival: Float64Array
  readonly ridePattern: Int32Array
  readonly rideRun: Int32Array
  readonly rideBoard: Int32Array
  readonly rideAlight: Int32Array
  readonly rideVia: Int32Array
  readonly rideViaReady: Float64Array
  readonly walkArrival: Float64Array
  readonly walkFrom: Int32Array
  // the stops whose arrivals the round set, and the slots, to clear when it next starts
  readonly touched: Int32Array
  touchedCount = 0
  readonly slotTouched: Int32Array
  slotTouchedCount = 0
  constructor(stops: number, slots: number) {
    const labels = stops + slots
    this.rideArrival = new Float64Array(labels).fill(Number.POSITIVE_INFINITY)
    this.ridePattern = new Int32Array(labels)
    this.rideRun = new Int32Array(labels)
    this.rideBoard = new Int32Array(labels)
    this.rideAlight = new Int32Array(labels)
    this.rideVia = new Int32Array(labels)
    this.rideViaReady = new Float64Array(labels)
    this.walkArrival = new Float64Array(stops).fill(Number.POSITIVE_INFINITY)
    this.walkFrom = new Int32Array(stops)
    this.touched = new Int32Array(stops)
    this.slotTouched = new Int32Array(slots)
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
  // the earliest arrival in each slot of scoped interchanges in any round so far
  readonly bestSlot: Float64Array
  // the labels a stop entered by scoped interchanges is boarded from, and what boarding it found
  readonly pullLabels: Int32Array
  pullVia = -1
  pullReady = 0
  factor = 1
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
  constructor(readonly stops: number, readonly patterns: number, readonly slots: number) {
    this.bestRide = new Float64Array(stops)
    this.bestReady = new Float64Array(stops)
    this.change = new Float64Array(stops)
    this.bestSlot = new Float64Array(slots)
    this.pullLabels = new Int32Array(stops + slots)
    this.marked = new Int32Array(stops)
    this.improved = new Int32Array(stops)
    this.walked = new Int32Array(stops)
    this.improvedFlag = new Uint8Array(stops)
    this.walkedFlag = new Uint8Array(stops)
    this.queueStart = new Int32Array(patterns).fill(-1)
    this.queued = new Int32Array(patterns)
    this.rounds.push(new Round(stops, slots))
    this.previous = this.rounds[0]!
    this.current = this.rounds[0]!
  }
}

let shared: Scratch | undefined

const scratchFor = (stops: number, patterns: number, slots: number, rounds: number): Scratch => {
  if (shared === undefined || shared.stops < stops || shared.patterns < patterns || shared.slots < slots) {
    shared = new Scratch(
      Math.max(stops, shared?.stops ?? 0),
      Math.max(patterns, shared?.patterns ?? 0),
      Math.max(slots, shared?.slots ?? 0)
    )
  }
  while (shared.rounds.length <= rounds) shared.rounds.push(new Round(shared.stops, shared.slots))
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
  for (let i = 0; i < round.slotTouchedCount; i++) {
    round.rideArrival[work.stops + round.slotTouched[i]!] = Number.POSITIVE_INFINITY
  }
  round.slotTouchedCount = 0
  return round
}

// the earliest marked position of each usable pattern calling at a marked stop
const queuePatterns = (work: Scratch, timetable: Timetable): void => {
  const { marked, queued, queueStart, usable } = work
  const { start, values: { pattern: atPattern, position: atPosition } } = timetable.patternsAt
  const scoped = timetable.scoped
  let queuedCount = 0
  const queueAt = (stop: number) => {
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
  for (let i = 0; i < work.markedCount; i++) {
    const stop = marked[i]!
    queueAt(stop)
    // the stops scoped interchanges lead to from here are boarded from its arrivals
    if (scoped !== undefined && !work.firstRound) {
      const { start: onwardStart, values: onward } = scoped.onward
      for (let entry = onwardStart[stop]!; entry < onwardStart[stop + 1]!; entry++) {
        if (onward[entry] !== stop) queueAt(onward[entry]!)
      }
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
  const scoped = timetable.scoped
  let run = -1
  let board = -1
  let via = -1
  let viaReady = 0
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
        current.rideVia[stop] = via
        current.rideViaReady[stop] = viaReady
        bestRide[stop] = arrival
        const ready = arrival + change[stop]!
        if (ready < bestReady[stop]!) bestReady[stop] = ready
        if (improvedFlag[stop] === 0) {
          improvedFlag[stop] = 1
          improved[work.improvedCount++] = stop
        }
      }
      if (scoped !== undefined && scoped.slotStart[stop]! < scoped.slotStart[stop + 1]! && arrival < bound) {
        arriveInSlot(work, timetable, scoped, p, run, board, position, stop, arrival, via, viaReady)
      }
    }
    if (scoped !== undefined && !firstRound && scoped.entered[stop] === 1) {
      // boarded from every arrival a scoped interchange may lead here from
      const caught = boardEntered(work, timetable, scoped, p, stop, at, run < 0 ? runCount : run)
      if (caught >= 0) {
        run = caught
        board = position
        via = work.pullVia
        viaReady = work.pullReady
      }
      continue
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
        via = fromWalk ? -2 : -1
      }
    }
  }
}

// an arrival in the slot of the run's kind at a stop that scoped interchanges leave from
const arriveInSlot = (
  work: Scratch,
  timetable: Timetable,
  scoped: ScopedRules,
  p: number,
  run: number,
  board: number,
  position: number,
  stop: number,
  arrival: number,
  via: number,
  viaReady: number
): void => {
  const ridden = timetable.patterns[p]!.runs[run]!
  let slot = ridden.trip === undefined ? undefined : scoped.slotOf.get(`${stop} t ${ridden.trip.id}`)
  if (slot === undefined) slot = scoped.slotOf.get(`${stop} l ${lineKeyOf(ridden)}`) ?? scoped.slotStart[stop]!
  if (!(arrival < work.bestSlot[slot]!)) return
  work.bestSlot[slot] = arrival
  const { current } = work
  const label = work.stops + slot
  if (current.rideArrival[label] === Number.POSITIVE_INFINITY) current.slotTouched[current.slotTouchedCount++] = slot
  current.rideArrival[label] = arrival
  current.ridePattern[label] = p
  current.rideRun[label] = run
  current.rideBoard[label] = board
  current.rideAlight[label] = position
  current.rideVia[label] = via
  current.rideViaReady[label] = viaReady
  if (work.improvedFlag[stop] === 0) {
    work.improvedFlag[stop] = 1
    work.improved[work.improvedCount++] = stop
  }
}

// The first run (before `end`) to board at a stop that scoped interchanges enter, from the arrivals of the round
// before at the stops they lead from (their slots where they have some): for each run, the earliest one is ready by
// the most specific rule for the two runs, else the stop's change time or the walk. Sets the label boarded from and
// the time one is ready; -1 where none is caught.
const boardEntered = (
  work: Scratch,
  timetable: Timetable,
  scoped: ScopedRules,
  p: number,
  stop: number,
  at: number,
  end: number
): number => {
  const { changeAllowed, previous, pullLabels } = work
  if (changeAllowed[stop] === 0) return -1
  const n = work.stops
  const { from, rules } = scoped.into.get(stop)!
  let count = 0
  let lowest = Number.POSITIVE_INFINITY
  for (const source of from) {
    if (changeAllowed[source] === 0) continue
    const first = scoped.slotStart[source]!
    const last = scoped.slotStart[source + 1]!
    if (first === last) {
      if (previous.rideArrival[source]! < Number.POSITIVE_INFINITY) pullLabels[count++] = source
    } else {
      for (let slot = first; slot < last; slot++) {
        if (previous.rideArrival[n + slot]! < Number.POSITIVE_INFINITY) pullLabels[count++] = n + slot
      }
    }
  }
  for (let i = 0; i < count; i++) lowest = Math.min(lowest, previous.rideArrival[pullLabels[i]!]!)
  if (lowest >= work.bound) return -1
  const { departures } = timetable
  let low = 0
  let high = end
  while (low < high) {
    const mid = (low + high) >>> 1
    if (departures[at + mid]! < lowest) low = mid + 1
    else high = mid
  }
  const pattern = timetable.patterns[p]!
  for (let run = low; run < end; run++) {
    const departure = departures[at + run]!
    if (departure >= work.bound) return -1
    const leaving = pattern.runs[run]!
    let ready = Number.POSITIVE_INFINITY
    let label = -1
    for (let i = 0; i < count; i++) {
      const candidate = pullLabels[i]!
      const source = candidate < n ? candidate : scoped.slotStop[candidate - n]!
      const arriving = timetable.patterns[previous.ridePattern[candidate]!]!.runs[previous.rideRun[candidate]!]!
      const time = previous.rideArrival[candidate]! +
        changeSeconds(work, timetable, rules, source, arriving, stop, leaving)
      if (time < ready) {
        ready = time
        label = candidate
      }
    }
    if (ready <= departure) {
      work.pullVia = label
      work.pullReady = ready
      return run
    }
  }
  return -1
}

// Seconds from arriving at `from` with one run to leaving `to` with another (a change within a stop, or a walk):
// the most specific scoped rule for the two runs (the longest of equally specific ones), else the stop's change time
// or the walk between the two; infinite where not allowed.
const changeSeconds = (
  work: Scratch,
  timetable: Timetable,
  rules: ReadonlyArray<ScopedRule>,
  from: number,
  arriving: Run,
  to: number,
  leaving: Run
): number => {
  let specificity = -1
  let seconds = 0
  for (const rule of rules) {
    if (rule.from !== from || rule.specificity < specificity) continue
    if (rule.fromTrips !== undefined && (arriving.trip === undefined || !rule.fromTrips.has(arriving.trip.id))) continue
    if (rule.toTrips !== undefined && (leaving.trip === undefined || !rule.toTrips.has(leaving.trip.id))) continue
    if (rule.fromLine !== undefined && rule.fromLine !== lineKeyOf(arriving)) continue
    if (rule.toLine !== undefined && rule.toLine !== lineKeyOf(leaving)) continue
    if (rule.specificity > specificity) {
      specificity = rule.specificity
      seconds = rule.seconds
    } else if (rule.seconds > seconds) seconds = rule.seconds
  }
  if (specificity >= 0) return from === to ? seconds * work.factor : seconds
  if (from === to) return work.change[to]!
  const { start, values } = timetable.walks
  for (let entry = start[from]!; entry < start[from + 1]!; entry++) {
    if (values.to[entry] === to) return values.seconds[entry]!
  }
  return Number.POSITIVE_INFINITY
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
const search = (
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
  const slots = timetable.scoped === undefined ? 0 : timetable.scoped.slotStop.length
  const work = scratchFor(n, timetable.patterns.length, slots, rounds)
  const { changeAllowed, usable } = allowedBy(timetable, options)
  work.changeAllowed = changeAllowed
  work.usable = usable
  work.bound = Number.POSITIVE_INFINITY
  work.bestRide.fill(Number.POSITIVE_INFINITY, 0, n)
  work.bestReady.fill(Number.POSITIVE_INFINITY, 0, n)
  work.bestSlot.fill(Number.POSITIVE_INFINITY, 0, slots)
  const factor = Math.max(1, options.changeFactor ?? 1)
  work.factor = factor
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
  return found.map((chosen) => reconstruct(timetable, work.rounds, chosen, targetStops[chosen.target]!, work.stops))
}

const reconstruct = (
  timetable: Timetable,
  rounds: ReadonlyArray<Round>,
  { round, target }: { readonly round: number; readonly target: number },
  targetStop: number,
  stops: number
): Journey => {
  const { stopIds, timeBase } = timetable
  const segments: Array<Segment> = []
  // the label followed: a stop's, or a slot's past the stops
  let label = targetStop
  let k = round
  let source = -1
  let rides = 0
  const last = rounds[round]!
  const arrival = Math.min(last.rideArrival[targetStop]!, last.walkArrival[targetStop]!)
  let viaWalk = last.walkArrival[targetStop]! < last.rideArrival[targetStop]!
  for (;;) {
    const labels = rounds[k]!
    if (viaWalk) {
      if (labels.walkArrival[label] === Number.POSITIVE_INFINITY) throw new Error("routing labels are inconsistent")
      const from = labels.walkFrom[label]!
      segments.unshift({
        _tag: "Walk",
        from: stopIds[from]!,
        to: stopIds[label]!,
        departure: labels.rideArrival[from]! + timeBase,
        arrival: labels.walkArrival[label]! + timeBase
      })
      label = from
      viaWalk = false
      continue
    }
    if (labels.rideArrival[label] === Number.POSITIVE_INFINITY) throw new Error("routing labels are inconsistent")
    const p = labels.ridePattern[label]!
    if (p < 0) {
      source = labels.rideRun[label]!
      break
    }
    const pattern = timetable.patterns[p]!
    const board = labels.rideBoard[label]!
    segments.unshift({
      _tag: "Ride",
      run: pattern.runs[labels.rideRun[label]!]!,
      board,
      alight: labels.rideAlight[label]!
    })
    rides++
    const via = labels.rideVia[label]!
    const boardStop = pattern.stops[board]!
    const ready = labels.rideViaReady[label]!
    k--
    if (via < 0) {
      label = boardStop
      viaWalk = via === -2
      continue
    }
    // boarded from another label by a scoped interchange: a walk where it is at another stop
    const viaStop = via < stops ? via : timetable.scoped!.slotStop[via - stops]!
    if (viaStop !== boardStop) {
      segments.unshift({
        _tag: "Walk",
        from: stopIds[viaStop]!,
        to: stopIds[boardStop]!,
        departure: rounds[k]!.rideArrival[via]! + timeBase,
        arrival: ready + timeBase
      })
    }
    label = via
  }
  // a walk before the first ride leaves as late as it may
  const [walk, ride] = segments
  if (walk?._tag === "Walk" && ride?._tag === "Ride") {
    const leave = ride.run.departures[ride.board]! - (walk.arrival - walk.departure)
    segments[0] = { ...walk, departure: leave, arrival: ride.run.departures[ride.board]! }
  }
  return { source, target, segments, arrival: arrival + timeBase, rides }
}
