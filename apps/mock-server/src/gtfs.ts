/**
 * Datasets from GTFS feeds, loaded on demand: the GTFS readers (zip, CSV, GTFS-Realtime protobuf) are
 * imported only when a feed is read, so a fake on its embedded dataset never loads them.
 *
 * ```ts
 * const { dataset, fallbacks } = await loadGtfsDataset("feed.zip", { realtime: "trip-updates.pb" })
 * const fake = await startMockServer({ dataset })
 * ```
 *
 * @since 0.1.0
 */
import { Effect, Schema } from "effect"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import type { GtfsLimits } from "./dataset/gtfs/limits.js"
import { DatasetError } from "./dataset/load.js"
import { type Dataset, DatasetFiles } from "./dataset/schema.js"
import { Timetable } from "./dataset/trips.js"

/**
 * Where a dataset comes from when it is a GTFS feed.
 *
 * @since 0.1.0
 * @category models
 */
export interface GtfsOptions {
  /** A GTFS feed: a `.zip` archive or a folder of its `.txt` files. */
  readonly gtfs: string
  /** A GTFS-Realtime TripUpdates file (protobuf) for the real-time engine. */
  readonly gtfsRealtime?: string | undefined
  /** Bounds on what the feed may hold and make, over the defaults (see `GtfsLimits`). */
  readonly gtfsLimits?: Partial<GtfsLimits> | undefined
}

export {
  /**
   * The default bounds of a GTFS feed.
   *
   * @since 0.1.0
   * @category constants
   */
  DEFAULT_GTFS_LIMITS,
  /**
   * The bounds a GTFS feed is read within.
   *
   * @since 0.1.0
   * @category models
   */
  type GtfsLimits
} from "./dataset/gtfs/limits.js"

/**
 * A feed read as a dataset, and what the feed lacks that the fake fills in (one line each, for the
 * start-up banner).
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadedGtfs {
  readonly dataset: Dataset
  readonly fallbacks: ReadonlyArray<string>
}

const asDatasetError = (cause: unknown): DatasetError => {
  const error = cause as { _tag?: string; file?: string; line?: number; field?: string; message?: string }
  if (error._tag === "GtfsError") {
    const at = [error.line === undefined ? "" : `line ${error.line}`, error.field ?? ""].filter((part) => part !== "")
    return new DatasetError({ file: error.file ?? "", path: at.join(" "), message: error.message ?? "" })
  }
  return new DatasetError({
    file: "",
    path: "",
    message: `GTFS feed cannot be read: ${String(error.message ?? cause)}`
  })
}

/**
 * Reads a GTFS feed (and optionally its real-time trip updates) into a dataset. A broken feed fails with a
 * `DatasetError` whose message names the file, the line and the field.
 *
 * @since 0.1.0
 * @category loading
 */
export const loadGtfs = (options: GtfsOptions): Effect.Effect<LoadedGtfs, DatasetError> =>
  Effect.tryPromise({
    try: async () => {
      const { convertFeed } = await import("./dataset/gtfs/convert.js")
      return convertFeed(options.gtfs, { realtime: options.gtfsRealtime, limits: options.gtfsLimits })
    },
    catch: asDatasetError
  })

/**
 * {@link loadGtfs} as a `Promise` (rejects with the `DatasetError`).
 *
 * @since 0.1.0
 * @category loading
 */
export const loadGtfsDataset = (
  feed: string,
  options: { readonly realtime?: string | undefined; readonly limits?: Partial<GtfsLimits> | undefined } = {}
): Promise<LoadedGtfs> =>
  Effect.runPromise(loadGtfs({ gtfs: feed, gtfsRealtime: options.realtime, gtfsLimits: options.limits }))

/**
 * Writes a dataset as a folder `--dataset` reads: one JSON file per part, `timetable.json` with one trip
 * per line. The folder is written whole or not at all: the files go to a new folder beside it, which then
 * takes its place (a folder already there is replaced); a failure leaves no folder and no part of one.
 *
 * @since 0.1.0
 * @category loading
 */
export const writeDataset = async (dataset: Dataset, folder: string): Promise<void> => {
  const target = path.resolve(folder)
  await fs.mkdir(path.dirname(target), { recursive: true })
  const temporary = await fs.mkdtemp(`${target}.writing-`)
  try {
    await writeFiles(dataset, temporary)
    // a temporary folder is its owner's alone; the dataset folder is as one `mkdir` makes
    await fs.chmod(temporary, 0o777 & ~process.umask())
    const existing = await fs.stat(target).catch(() => undefined)
    if (existing === undefined) {
      await fs.rename(temporary, target)
      return
    }
    if (!existing.isDirectory()) throw new Error(`${target} is a file, not a folder`)
    // the folder there is moved aside, the new one put in its place, then the old one removed
    const old = `${temporary}.old`
    await fs.rename(target, old)
    try {
      await fs.rename(temporary, target)
    } catch (cause) {
      await fs.rename(old, target)
      throw cause
    }
    await fs.rm(old, { recursive: true, force: true })
  } catch (cause) {
    await fs.rm(temporary, { recursive: true, force: true })
    throw cause
  }
}

const writeFiles = async (dataset: Dataset, folder: string): Promise<void> => {
  for (const [key, { file, schema }] of Object.entries(DatasetFiles)) {
    const value = dataset[key as keyof Dataset]
    if (value === undefined) continue
    // a trip's encoded form is its decoded one (texts and tuples): a million calls are not encoded one by one
    const encoded = key === "timetable"
      ? { ...Schema.encodeSync(Timetable)({ ...dataset.timetable!, trips: [] }), trips: dataset.timetable!.trips }
      : Schema.encodeSync(schema as Schema.Schema<unknown, unknown>)(value) as Record<string, unknown>
    const target = path.join(folder, file)
    if (key !== "timetable") {
      await fs.writeFile(target, `${JSON.stringify(encoded, null, 2)}\n`)
      continue
    }
    const handle = await fs.open(target, "w")
    try {
      const entries = Object.entries(encoded)
      await handle.write("{\n")
      for (const [i, [name, list]] of entries.entries()) {
        if (!Array.isArray(list)) {
          await handle.write(`  ${JSON.stringify(name)}: ${JSON.stringify(list)}${i < entries.length - 1 ? "," : ""}\n`)
          continue
        }
        const items = list as Array<unknown>
        await handle.write(`  ${JSON.stringify(name)}: [${items.length === 0 ? "" : "\n"}`)
        // written in slices: a large timetable is never one string
        for (let start = 0; start < items.length; start += 1000) {
          const slice = items.slice(start, start + 1000).map((item, j) =>
            `    ${JSON.stringify(item)}${start + j < items.length - 1 ? "," : ""}\n`
          )
          await handle.write(slice.join(""))
        }
        await handle.write(`${items.length === 0 ? "" : "  "}]${i < entries.length - 1 ? "," : ""}\n`)
      }
      await handle.write("}\n")
    } finally {
      await handle.close()
    }
  }
}
