/**
 * Values derived from a dataset (indexes, expanded timetables), built on first use and dropped with the
 * dataset: a fake serving several datasets keeps each one's derived values apart.
 *
 * @since 0.1.0
 */
import type { Dataset } from "./schema.js"

/**
 * One value per dataset: `build` runs on the first call for a dataset, later calls get the same value.
 *
 * @since 0.1.0
 * @category constructors
 */
export const perDataset = <A>(build: (dataset: Dataset) => A): (dataset: Dataset) => A => {
  const cache = new WeakMap<Dataset, A>()
  return (dataset) => {
    const cached = cache.get(dataset)
    if (cached !== undefined) return cached
    const value = build(dataset)
    cache.set(dataset, value)
    return value
  }
}

/**
 * Values per dataset and key (a service date, a time zone), at most `maxKeys` per dataset: the oldest
 * key is dropped first, so a client walking through the calendar does not grow the cache without end.
 *
 * @since 0.1.0
 * @category constructors
 */
export const perDatasetAndKey = <A>(maxKeys: number) => {
  const cache = new WeakMap<Dataset, Map<string, A>>()
  return (dataset: Dataset, key: string, build: () => A): A => {
    let values = cache.get(dataset)
    if (values === undefined) {
      values = new Map()
      cache.set(dataset, values)
    }
    const cached = values.get(key)
    if (cached !== undefined) return cached
    const value = build()
    if (values.size >= maxKeys) values.delete(values.keys().next().value!)
    values.set(key, value)
    return value
  }
}
