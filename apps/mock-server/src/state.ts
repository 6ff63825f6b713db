/**
 * What a running fake remembers between requests: the journal of received requests, the scripted
 * faults still waiting, and the clock.
 *
 * @since 0.1.0
 */
import { Operation } from "@efa-kit/core"
import { DateTime } from "effect"
import type { Fault } from "./faults.js"

/**
 * One received request. `path` is the request path without the leading slash (`XML_TRIP_REQUEST2`).
 * `params` are the query parameters as sent: in order, repeats included, a bare
 * flag with an empty value. `status` is the status answered (`0` when the connection was dropped,
 * `null` while the answer is pending).
 *
 * @since 0.1.0
 * @category models
 */
export interface JournalEntry {
  readonly seq: number
  readonly method: string
  readonly path: string
  readonly params: ReadonlyArray<readonly [string, string]>
  status: number | null
  /** The fault applied, in header syntax, when there was one. */
  fault?: string
}

// A journal entry as kept: one object per request, the parameters read from the query string on demand.
class Recorded implements JournalEntry {
  status: number | null = null
  declare fault?: string
  #params: ReadonlyArray<readonly [string, string]> | string

  constructor(
    readonly seq: number,
    readonly method: string,
    readonly path: string,
    params: ReadonlyArray<readonly [string, string]> | string
  ) {
    this.#params = params
  }

  get params(): ReadonlyArray<readonly [string, string]> {
    const params = this.#params
    return typeof params === "string" ? (this.#params = Operation.fromQueryString(params)) : params
  }

  toJSON(): JournalEntry {
    const { fault, method, params, path, seq, status } = this
    return fault === undefined ? { seq, method, path, params, status } : { seq, method, path, params, status, fault }
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
  // A ring buffer: `#journal[#start]` is the oldest of `#size` entries. Recording is O(1) and the memory
  // stays bounded by `maxJournalEntries` however long the fake runs.
  #journal: Array<Recorded | undefined> = []
  #start = 0
  #size = 0
  #nextSeq = 1
  #scripts: Array<FaultScript> = []
  #nextScriptId = 1
  #now: DateTime.Utc

  constructor(
    readonly initialNow: DateTime.Utc,
    readonly maxJournalEntries: number,
    readonly maxScriptedFaults: number
  ) {
    this.#now = initialNow
  }

  /** The fake's current "now". */
  get now(): DateTime.Utc {
    return this.#now
  }

  /** Sets the clock. */
  setNow(now: DateTime.Utc): void {
    this.#now = now
  }

  /**
   * Records a request and returns its live entry, whose status (and fault) are filled in when answered.
   * `params` may be the raw query string (without `?`): it is then read into pairs only when first asked
   * for, so that recording stays cheap under load.
   */
  record(method: string, path: string, params: ReadonlyArray<readonly [string, string]> | string): JournalEntry {
    const entry = new Recorded(this.#nextSeq++, method, path, params)
    const capacity = this.maxJournalEntries
    if (capacity === 0) return entry
    if (this.#size < capacity) {
      this.#journal[(this.#start + this.#size++) % capacity] = entry
    } else {
      // Full: the newest entry takes the place of the oldest.
      this.#journal[this.#start] = entry
      this.#start = (this.#start + 1) % capacity
    }
    return entry
  }

  /** The journal, oldest first: a snapshot, each entry a plain object. */
  journal(filter?: { readonly path?: string | undefined; readonly since?: number | undefined }): Array<JournalEntry> {
    const out: Array<JournalEntry> = []
    const capacity = this.maxJournalEntries
    for (let i = 0; i < this.#size; i++) {
      const entry = this.#journal[(this.#start + i) % capacity]!
      if (filter?.path !== undefined && entry.path !== filter.path) continue
      if (filter?.since !== undefined && entry.seq <= filter.since) continue
      out.push(entry.toJSON())
    }
    return out
  }

  /** Empties the journal; sequence numbers start again at 1. */
  clearJournal(): void {
    this.#journal = []
    this.#start = 0
    this.#size = 0
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

  /** Journal, faults and clock back to the start. */
  reset(): void {
    this.clearJournal()
    this.clearFaults()
    this.#now = this.initialNow
  }

  /** The clock as ISO text. */
  nowIso(): string {
    return DateTime.formatIso(this.#now)
  }
}
