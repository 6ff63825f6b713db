/**
 * One received request as the journal keeps it, the shape the request's context carries, the admin API
 * lists and the verification reads.
 *
 * @since 0.2.0
 */

/**
 * One received request. `path` is the request path without the leading slash, as an operation's `path` is written.
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
  /**
   * When the request arrived, by the machine's clock (not the fake's), to the millisecond: how many
   * requests a client sent in a second.
   */
  readonly receivedAt: string
  status: number | null
  /** The fault applied, in header syntax, when there was one. */
  fault?: string
  /** The dataset's real-time updates left out, on a request answered with real time (boards, trips, a trip's stops). */
  realtimeLeftOut?: ReadonlyArray<string>
}
