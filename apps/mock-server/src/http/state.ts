/**
 * What a running fake remembers between requests: the journal of received requests, the scripted
 * faults still waiting, and the clock.
 *
 * @since 0.1.0
 */
import { Operation } from "@efa-kit/core"
import { DateTime } from "effect"
import type { Fault } from "./faults.js"
import type { JournalEntry } from "./journalEntry.js"
import { PageSessions } from "./sessions.js"

/**
 * A filter of the journal: the path, a parameter (by name, or by name and value), the sequence number
 * after which to start.
 *
 * @since 0.1.0
 * @category models
 */
export interface JournalFilter {
  readonly path?: string | undefined
  /** Entries with this parameter, any value. */
  readonly parameter?: string | undefined
  /** With `parameter`: entries where the parameter has this value. */
  readonly value?: string | undefined
  /** Entries after this sequence number. */
  readonly since?: number | undefined
}

// The memory an entry holds besides its texts (object, fields, ring slot), an estimate.
const ENTRY_OVERHEAD_BYTES = 160

const textBytes = (params: ReadonlyArray<readonly [string, string]> | string): number => {
  if (typeof params === "string") return 2 * params.length
  let chars = 0
  for (const [name, value] of params) chars += name.length + value.length + 32
  return 2 * chars
}

// A journal entry as kept: one object per request, the parameters kept as the raw query string and
// read from it each time they are asked for (so that reading the journal does not grow it).
class Recorded implements JournalEntry {
  status: number | null = null
  declare fault?: string
  declare realtimeLeftOut?: ReadonlyArray<string>
  readonly #params: ReadonlyArray<readonly [string, string]> | string
  readonly #receivedAt = Date.now()
  readonly bytes: number

  constructor(
    readonly seq: number,
    readonly method: string,
    readonly path: string,
    params: ReadonlyArray<readonly [string, string]> | string
  ) {
    this.#params = params
    this.bytes = ENTRY_OVERHEAD_BYTES + 2 * (method.length + path.length) + textBytes(params)
  }

  get receivedAt(): string {
    return new Date(this.#receivedAt).toISOString()
  }

  get params(): ReadonlyArray<readonly [string, string]> {
    const params = this.#params
    return typeof params === "string" ? Operation.fromQueryString(params) : params
  }

  matches(filter: JournalFilter): boolean {
    if (filter.since !== undefined && this.seq <= filter.since) return false
    if (filter.path !== undefined && this.path !== filter.path) return false
    const name = filter.parameter
    if (name === undefined) return true
    const raw = this.#params
    // A cheap test on the raw query first: most entries do not mention the parameter at all.
    if (typeof raw === "string" && raw.indexOf(encodeURIComponent(name)) < 0 && raw.indexOf(name) < 0) return false
    for (const [key, value] of this.params) {
      if (key === name && (filter.value === undefined || value === filter.value)) return true
    }
    return false
  }

  toJSON(): JournalEntry {
    const { fault, method, params, path, realtimeLeftOut, receivedAt, seq, status } = this
    return {
      seq,
      method,
      path,
      params,
      receivedAt,
      status,
      ...(fault === undefined ? {} : { fault }),
      ...(realtimeLeftOut === undefined ? {} : { realtimeLeftOut })
    }
  }
}

/**
 * A scripted sequence of faults: consumed one per matching request, then removed.
 *
 * @since 0.1.0
 * @category models
 */
export interface FaultScript {
  readonly id: number
  /** The operation path it applies to; every operation when absent. */
  readonly path: string | undefined
  readonly remaining: Array<Fault>
}

/**
 * The mutable state of one fake.
 *
 * @since 0.1.0
 * @category models
 */
export class MockState {
  // A ring buffer: `#journal[#start]` is the oldest of `#size` entries. Recording is O(1) (amortized, with
  // the oldest entries dropped) and the memory stays bounded by `maxJournalEntries` and by
  // `maxJournalBytes` however long the fake runs.
  #journal: Array<Recorded | undefined> = []
  #start = 0
  #size = 0
  #bytes = 0
  #nextSeq = 1
  #scripts: Array<FaultScript> = []
  #nextScriptId = 1
  #now: DateTime.Utc
  // with the wall clock: how far the fake's clock is from the machine's (the admin API moves it)
  #offset = 0
  /** The sessions of trips and boards (`sessionID`, `command=tripNext` / `tripPrev` / `dmNext` / `dmPrev`). */
  readonly sessions = new PageSessions()

  constructor(
    readonly initialNow: DateTime.Utc,
    readonly maxJournalEntries: number,
    readonly maxScriptedFaults: number,
    readonly maxJournalBytes: number = 16 * 1024 * 1024,
    /** Whether the clock is the machine's wall clock, running (`now: "now"`), rather than fixed. */
    readonly wallClock: boolean = false
  ) {
    this.#now = initialNow
  }

  /** The estimated memory the journal's entries hold, in bytes. */
  get journalBytes(): number {
    return this.#bytes
  }

  /** The entries in the journal. */
  get journalSize(): number {
    return this.#size
  }

  /** The fake's current "now". */
  get now(): DateTime.Utc {
    return this.wallClock ? DateTime.unsafeMake(Date.now() + this.#offset) : this.#now
  }

  /** The clock back to its start (with the wall clock: to the wall clock). */
  resetClock(): void {
    this.#now = this.initialNow
    this.#offset = 0
  }

  /** Sets the clock (with the wall clock: it runs on from there). */
  setNow(now: DateTime.Utc): void {
    this.#now = now
    this.#offset = DateTime.toEpochMillis(now) - Date.now()
  }

  /**
   * Records a request and returns its live entry, whose status (and fault) are filled in when answered.
   * `params` may be the raw query string (without `?`): it is then read into pairs only when first asked
   * for, so that recording stays cheap under load.
   */
  record(method: string, path: string, params: ReadonlyArray<readonly [string, string]> | string): JournalEntry {
    const entry = new Recorded(this.#nextSeq++, method, path, params)
    const capacity = this.maxJournalEntries
    if (capacity === 0 || entry.bytes > this.maxJournalBytes) return entry
    // The oldest entries go until the new one fits both bounds.
    while (this.#size > 0 && (this.#size >= capacity || this.#bytes + entry.bytes > this.maxJournalBytes)) {
      this.#dropOldest()
    }
    this.#journal[(this.#start + this.#size++) % capacity] = entry
    this.#bytes += entry.bytes
    return entry
  }

  #dropOldest(): void {
    const oldest = this.#journal[this.#start]!
    this.#journal[this.#start] = undefined
    this.#bytes -= oldest.bytes
    this.#start = (this.#start + 1) % this.maxJournalEntries
    this.#size--
  }

  /** The journal, oldest first: a snapshot, each entry a plain object. */
  journal(filter?: JournalFilter): Array<JournalEntry> {
    return this.journalPage(filter ?? {}, Number.POSITIVE_INFINITY).entries.map((entry) => entry.toJSON())
  }

  /**
   * Up to `limit` entries that match, oldest first, as live entries (serialize them with `toJSON`), and
   * whether more match after them. Entries before `since` are skipped without looking at them.
   */
  journalPage(
    filter: JournalFilter,
    limit: number
  ): { readonly entries: ReadonlyArray<JournalEntry & { toJSON(): JournalEntry }>; readonly more: boolean } {
    const entries: Array<Recorded> = []
    const capacity = this.maxJournalEntries
    // Sequence numbers increase along the ring: a binary search finds the first entry after `since`.
    let low = 0
    if (filter.since !== undefined && this.#size > 0) {
      let high = this.#size
      while (low < high) {
        const mid = (low + high) >>> 1
        if (this.#journal[(this.#start + mid) % capacity]!.seq <= filter.since) low = mid + 1
        else high = mid
      }
    }
    for (let i = low; i < this.#size; i++) {
      const entry = this.#journal[(this.#start + i) % capacity]!
      if (!entry.matches(filter)) continue
      if (entries.length >= limit) return { entries, more: true }
      entries.push(entry)
    }
    return { entries, more: false }
  }

  /** Empties the journal; sequence numbers start again at 1. */
  clearJournal(): void {
    this.#journal = []
    this.#start = 0
    this.#size = 0
    this.#bytes = 0
    this.#nextSeq = 1
  }

  /** Adds a scripted sequence; fails when too many faults would be waiting. */
  addScript(path: string | undefined, sequence: ReadonlyArray<Fault>): FaultScript | undefined {
    const waiting = this.#scripts.reduce((n, script) => n + script.remaining.length, 0)
    if (waiting + sequence.length > this.maxScriptedFaults) return undefined
    const script: FaultScript = { id: this.#nextScriptId++, path, remaining: [...sequence] }
    this.#scripts.push(script)
    return script
  }

  /** The scripts with faults still waiting. */
  scripts(): ReadonlyArray<FaultScript> {
    return this.#scripts
  }

  /** Takes the next scripted fault for a path: from the oldest script that applies to it. */
  takeFault(path: string): Fault | undefined {
    const index = this.#scripts.findIndex((script) => script.path === undefined || script.path === path)
    if (index < 0) return undefined
    const script = this.#scripts[index]!
    const fault = script.remaining.shift()
    if (script.remaining.length === 0) this.#scripts.splice(index, 1)
    return fault
  }

  /** Removes every scripted fault. */
  clearFaults(): void {
    this.#scripts = []
  }

  /** Journal, faults, sessions and clock back to the start. */
  reset(): void {
    this.clearJournal()
    this.clearFaults()
    this.sessions.clear()
    this.resetClock()
  }

  /** The clock as ISO text. */
  nowIso(): string {
    return DateTime.formatIso(this.now)
  }
}
