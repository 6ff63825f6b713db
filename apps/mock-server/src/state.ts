/**
 * What a running fake remembers between requests: the journal of received requests, the scripted
 * faults still waiting, and the clock.
 *
 * @since 0.1.0
 */
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
  #journal: Array<JournalEntry> = []
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

  /** Records a request and returns its entry, whose status is filled in when answered. */
  record(method: string, path: string, params: ReadonlyArray<readonly [string, string]>): JournalEntry {
    const entry: JournalEntry = { seq: this.#nextSeq++, method, path, params, status: null }
    this.#journal.push(entry)
    // Bounded so that a long-running fake under load does not grow without end.
    if (this.#journal.length > this.maxJournalEntries) {
      this.#journal.splice(0, this.#journal.length - this.maxJournalEntries)
    }
    return entry
  }

  /** The journal, oldest first. */
  journal(filter?: { readonly path?: string | undefined; readonly since?: number | undefined }): Array<JournalEntry> {
    return this.#journal.filter((entry) =>
      (filter?.path === undefined || entry.path === filter.path) &&
      (filter?.since === undefined || entry.seq > filter.since)
    )
  }

  /** Empties the journal; sequence numbers start again at 1. */
  clearJournal(): void {
    this.#journal = []
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
