/**
 * Deterministic real-time estimates: a run's delay is derived from a hash of its ID and the stop, so
 * the same request always gets the same estimates and different runs get different ones.
 *
 * @since 0.1.0
 */

/**
 * FNV-1a, 32 bits.
 *
 * @since 0.1.0
 * @category utils
 */
export const hash = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

// most runs are on time or a little late, some clearly late
const BASE_DELAY_MINUTES = [0, 0, 0, 0, 1, 1, 2, 3, 5, 8] as const

/**
 * The delay in seconds of a run at a stop: the run's base delay plus up to a minute picked up on the
 * way (none at the run's first stop).
 *
 * @since 0.1.0
 * @category realtime
 */
export const delaySeconds = (runId: string, stopId: string, firstStop: boolean): number => {
  const base = BASE_DELAY_MINUTES[hash(runId) % BASE_DELAY_MINUTES.length]!
  const drift = firstStop ? 0 : hash(`${runId}|${stopId}`) % 2
  return (base + drift) * 60
}
