/**
 * Reading a GTFS feed, a zip archive or a folder: each file streamed row by row through a CSV parser, so a
 * large `stop_times.txt` is never held whole as text. Every problem is a {@link GtfsError} with the file,
 * the line and the field.
 *
 * @since 0.1.0
 */
import { parse } from "csv-parse"
import { Schema } from "effect"
import { isUtf8 } from "node:buffer"
import { createReadStream } from "node:fs"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import type { Readable } from "node:stream"
import * as yauzl from "yauzl"
import { DEFAULT_GTFS_LIMITS, type GtfsLimits } from "./limits.js"

/**
 * A feed that cannot be used: the file, the line (1 is the header) and the field where the problem is,
 * where there is one; `message` says all of it.
 *
 * @since 0.1.0
 * @category errors
 */
export class GtfsError extends Schema.TaggedError<GtfsError>()("GtfsError", {
  file: Schema.String,
  line: Schema.optional(Schema.Number),
  field: Schema.optional(Schema.String),
  message: Schema.String
}) {}

/**
 * A {@link GtfsError} with its message written from the place and the detail.
 *
 * @since 0.1.0
 * @category errors
 */
export const gtfsError = (file: string, line: number | undefined, field: string | undefined, detail: string) =>
  new GtfsError({
    file,
    line,
    field,
    message: `GTFS file ${file}${line === undefined ? "" : ` line ${line}`}${
      field === undefined ? "" : ` field ${field}`
    }: ${detail}`
  })

/**
 * Whether a `YYYY-MM-DD` is a day of the calendar: `2019-04-31` parses (as `2019-05-01`) and is not.
 *
 * @since 0.1.0
 * @category utils
 */
export const isCalendarDate = (date: string): boolean => {
  const time = Date.parse(`${date}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date
}

/**
 * The limits given over the defaults; a value that is not a whole number of at least 1 is a
 * {@link GtfsError} naming the limit.
 *
 * @since 0.1.0
 * @category constructors
 */
export const resolveGtfsLimits = (given: Partial<GtfsLimits> | undefined): GtfsLimits => {
  const limits: Record<string, number> = { ...DEFAULT_GTFS_LIMITS }
  for (const [name, value] of Object.entries(given ?? {})) {
    if (value === undefined) continue
    if (!Object.hasOwn(DEFAULT_GTFS_LIMITS, name)) {
      throw gtfsError("(limits)", undefined, name, `is no GTFS limit (${Object.keys(DEFAULT_GTFS_LIMITS).join(", ")})`)
    }
    if (!Number.isSafeInteger(value) || value < 1) {
      throw gtfsError("(limits)", undefined, name, `${JSON.stringify(value)} is not a whole number of at least 1`)
    }
    limits[name] = value
  }
  return limits as unknown as GtfsLimits
}

// how a message names a limit and the option that raises it
const raise = (name: keyof GtfsLimits, limits: GtfsLimits) =>
  `${name} ${limits[name]}; raise it with --gtfs-limit ${name}=<n> or gtfsLimits.${name}`

/**
 * A {@link GtfsError} for a bound passed: the place, what passed it, and the limit and how to raise it.
 *
 * @since 0.1.0
 * @category errors
 */
export const limitError = (
  file: string,
  line: number | undefined,
  field: string | undefined,
  detail: string,
  name: keyof GtfsLimits,
  limits: GtfsLimits
) => gtfsError(file, line, field, `${detail} (the limit: ${raise(name, limits)})`)

/**
 * One row of a GTFS file: its fields by column name, and its line in the file. The reader passes the same
 * object for every row of a file: read it in the callback, do not keep it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Row {
  readonly line: number
  /** The value of a column, trimmed; `""` where the row or the file has none. */
  readonly get: (column: string) => string
  /** The value of a column that must not be empty, or a {@link GtfsError} naming it. */
  readonly required: (column: string) => string
}

/**
 * A feed opened for reading: which files it has, and each one as rows.
 *
 * @since 0.1.0
 * @category models
 */
export interface Feed {
  readonly has: (file: string) => boolean
  /** Calls `onRow` for every row, in file order; a throw of a {@link GtfsError} in it stops the reading. */
  readonly rows: (file: string, onRow: (row: Row) => void) => Promise<void>
  /** Closes the archive. */
  readonly close: () => void
}

// A file a feed may have: a `.txt` outside a Mac's resource folder.
const isFeedFile = (name: string) => name.endsWith(".txt") && !name.startsWith("__MACOSX/")

// Files smaller than this are not held to the compression ratio: a few short lines may compress far.
const RATIO_FLOOR_BYTES = 1024 * 1024

const openZip = async (file: string, limits: GtfsLimits): Promise<Feed> => {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false },
      (error, opened) => error ? reject(error) : resolve(opened)
    )
  )
  try {
    const found: Array<yauzl.Entry> = []
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith("/") && isFeedFile(entry.fileName)) found.push(entry)
        zip.readEntry()
      })
      zip.once("end", () => resolve())
      zip.once("error", reject)
      zip.readEntry()
    })
    return { ...checkEntries(path.basename(file), found, limits), close: () => zip.close() }
  } catch (cause) {
    zip.close()
    throw cause
  }
  function checkEntries(archive: string, found: ReadonlyArray<yauzl.Entry>, limits: GtfsLimits) {
    // the feed's root: the top of the archive, or the one folder its files are in
    const folders = new Set(found.map((entry) => path.posix.dirname(entry.fileName)))
    const root = folders.has(".") || folders.size !== 1 ? "." : folders.values().next().value!
    const entries = new Map<string, yauzl.Entry>()
    let total = 0
    for (const entry of found) {
      const name = entry.fileName
      if (path.posix.dirname(name) !== root) {
        throw gtfsError(
          name,
          undefined,
          undefined,
          `is outside the feed's root (${root === "." ? "the top of" : `the folder ${root}/ of`} ${archive}): ` +
            `a feed's files are in one folder`
        )
      }
      const base = path.posix.basename(name)
      if (entries.has(base)) throw gtfsError(base, undefined, undefined, `is in ${archive} twice`)
      entries.set(base, entry)
      if (entry.uncompressedSize > limits.maxFileBytes) {
        throw limitError(
          base,
          undefined,
          undefined,
          `unpacks to ${entry.uncompressedSize} bytes`,
          "maxFileBytes",
          limits
        )
      }
      if (
        entry.uncompressedSize > RATIO_FLOOR_BYTES &&
        entry.uncompressedSize > limits.maxCompressionRatio * Math.max(1, entry.compressedSize)
      ) {
        throw limitError(
          base,
          undefined,
          undefined,
          `unpacks to ${entry.uncompressedSize} bytes from ${entry.compressedSize}, ` +
            `${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times as many`,
          "maxCompressionRatio",
          limits
        )
      }
      total += entry.uncompressedSize
      if (total > limits.maxFeedBytes) {
        throw limitError(
          base,
          undefined,
          undefined,
          `brings the feed's files to ${total} bytes unpacked`,
          "maxFeedBytes",
          limits
        )
      }
    }
    return {
      has: (name: string) => entries.has(name),
      rows: (name: string, onRow: (row: Row) => void) =>
        readRows(
          name,
          () =>
            new Promise<Readable>((resolve, reject) =>
              zip.openReadStream(entries.get(name)!, (error, stream) => error ? reject(error) : resolve(stream))
            ),
          onRow,
          limits
        )
    }
  }
}

const openFolder = async (folder: string, limits: GtfsLimits): Promise<Feed> => {
  const names = new Set((await fs.readdir(folder)).filter(isFeedFile))
  let total = 0
  for (const name of names) {
    const { size } = await fs.stat(path.join(folder, name))
    if (size > limits.maxFileBytes) {
      throw limitError(name, undefined, undefined, `has ${size} bytes`, "maxFileBytes", limits)
    }
    total += size
    if (total > limits.maxFeedBytes) {
      throw limitError(name, undefined, undefined, `brings the feed's files to ${total} bytes`, "maxFeedBytes", limits)
    }
  }
  return {
    has: (name) => names.has(name),
    rows: (name, onRow) =>
      readRows(name, () => Promise.resolve(createReadStream(path.join(folder, name))), onRow, limits),
    close: () => undefined
  }
}

/**
 * Opens a feed: a `.zip` archive or a folder of `.txt` files, within the limits (the defaults where none
 * are given). A zip is refused before anything is unpacked when a file of it is too large or compressed too
 * far, when two of its files have one name, or when a file is outside the feed's folder.
 *
 * @since 0.1.0
 * @category reading
 */
export const openFeed = async (location: string, limits: GtfsLimits = DEFAULT_GTFS_LIMITS): Promise<Feed> => {
  const stat = await fs.stat(location).catch(() => undefined)
  if (stat === undefined) throw gtfsError(path.basename(location), undefined, undefined, `no such file or folder`)
  if (stat.isDirectory()) return openFolder(location, limits)
  try {
    return await openZip(location, limits)
  } catch (cause) {
    if (cause instanceof GtfsError) throw cause
    const message = (cause as Error).message
    // the names yauzl refuses before they are listed: `/etc/stops.txt`, `../stops.txt`
    const outside = /^(absolute path|invalid relative path): (.*)$/.exec(message)
    if (outside !== null) {
      throw gtfsError(
        outside[2]!,
        undefined,
        undefined,
        `is outside the feed's root (${outside[1]} in ${path.basename(location)})`
      )
    }
    throw gtfsError(path.basename(location), undefined, undefined, `not a zip archive: ${message}`)
  }
}

/**
 * The columns each file's header must name (those GTFS requires, or the fake reads without a default): a
 * first line without them is no header, and a file without its header would be read as rows of nothing.
 */
const HEADER_COLUMNS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "agency.txt": ["agency_name", "agency_timezone"],
  "stops.txt": ["stop_id"],
  "routes.txt": ["route_id", "route_type"],
  "trips.txt": ["route_id", "service_id", "trip_id"],
  "stop_times.txt": ["trip_id", "stop_id", "stop_sequence"],
  "calendar.txt": [
    "service_id",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "start_date",
    "end_date"
  ],
  "calendar_dates.txt": ["service_id", "date", "exception_type"],
  "frequencies.txt": ["trip_id", "start_time", "end_time", "headway_secs"],
  "shapes.txt": ["shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"],
  "transfers.txt": ["from_stop_id", "to_stop_id"],
  "fare_attributes.txt": ["fare_id", "price", "currency_type"],
  "fare_rules.txt": ["fare_id"]
}

const COLUMN_NAME = /^[a-z][a-z0-9_]*$/

// the bytes of the UTF-8 sequence a lead byte begins (1 for anything else, which the check then refuses)
const sequenceLength = (lead: number): number => lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1

// where the last whole character of a chunk ends: before a sequence the chunk ends inside
const completeEnd = (chunk: Buffer, start: number): number => {
  for (let i = chunk.length - 1; i >= Math.max(start, chunk.length - 3); i--) {
    const byte = chunk[i]!
    if (byte < 0x80) return chunk.length
    if (byte >= 0xc0) return i + sequenceLength(byte) <= chunk.length ? chunk.length : i
  }
  return chunk.length
}

const readRows = async (
  file: string,
  open: () => Promise<Readable>,
  onRow: (row: Row) => void,
  limits: GtfsLimits
): Promise<void> => {
  const source = await open()
  // Text that is not UTF-8 is decoded with U+FFFD in its place: once a chunk of bytes is not UTF-8 (a
  // character split between two chunks is joined first), the fields after it are looked at for one, which names
  // the line and the field. A feed in UTF-8 costs one native check per chunk.
  let suspect = false
  let carry: Buffer | undefined
  source.on("data", (chunk: Buffer) => {
    if (suspect) return
    let start = 0
    if (carry !== undefined) {
      start = sequenceLength(carry[0]!) - carry.length
      suspect = !isUtf8(Buffer.concat([carry, chunk.subarray(0, start)]))
      carry = undefined
    }
    const end = completeEnd(chunk, start)
    if (!suspect) suspect = !isUtf8(chunk.subarray(start, end))
    if (!suspect && end < chunk.length) carry = Buffer.from(chunk.subarray(end))
  })
  // Lines are counted here rather than by the parser's per-record info, which costs a record object each: a
  // record takes one line, and one more for each line break inside its quoted fields; an empty line is a
  // record of one empty field.
  const parser = source.pipe(
    parse({
      bom: true,
      skip_empty_lines: false,
      relax_column_count: true,
      trim: true,
      max_record_size: limits.maxLineLength
    })
  )
  let columns: ReadonlyMap<string, number> | undefined
  let names: ReadonlyArray<string> = []
  let fields: ReadonlyArray<string> = []
  let line = 0
  const get = (column: string) => {
    const i = columns!.get(column)
    return i === undefined ? "" : fields[i] ?? ""
  }
  const row: Row = {
    get line() {
      return line
    },
    get,
    required: (column) => {
      const value = get(column)
      if (value === "") throw gtfsError(file, line, column, "is required")
      return value
    }
  }
  const fieldName = (i: number) => names[i] ?? `column ${i + 1}`
  try {
    for await (const record of parser as AsyncIterable<Array<string>>) {
      line++
      for (let i = 0; i < record.length; i++) {
        const field = record[i]!
        if (field.length > limits.maxFieldLength) {
          throw limitError(
            file,
            line,
            fieldName(i),
            `has ${field.length} characters`,
            "maxFieldLength",
            limits
          )
        }
        if (suspect && field.includes("\uFFFD")) {
          throw gtfsError(
            file,
            line,
            fieldName(i),
            "is not UTF-8 text (a byte such as Latin-1's for ä is no character in UTF-8): save the file as UTF-8"
          )
        }
        if (field.includes("\n")) line += field.split("\n").length - 1
      }
      if (record.length === 1 && record[0] === "") continue
      if (columns === undefined) {
        const missing = (HEADER_COLUMNS[file] ?? []).filter((name) => !record.includes(name))
        if (missing.length > 0) {
          const odd = record.find((name) => !COLUMN_NAME.test(name))
          throw gtfsError(
            file,
            line,
            undefined,
            `has no header line: the first line names no ${missing.join(", ")}${
              odd === undefined ? "" : ` and has ${JSON.stringify(odd)}, which is no column name`
            } (a file's first line names its columns)`
          )
        }
        const seen = new Set<string>()
        for (const name of record) {
          if (seen.has(name)) throw gtfsError(file, line, name, "is a column twice in the header")
          seen.add(name)
        }
        columns = new Map(record.map((name, i) => [name, i]))
        names = record
        continue
      }
      fields = record
      onRow(row)
    }
  } catch (cause) {
    source.destroy()
    if (cause instanceof GtfsError) throw cause
    const error = cause as { message?: string; lines?: number; code?: string }
    if (error.code === "CSV_MAX_RECORD_SIZE") {
      throw limitError(
        file,
        line + 1,
        undefined,
        `a line passes ${limits.maxLineLength} characters`,
        "maxLineLength",
        limits
      )
    }
    throw gtfsError(file, error.lines, undefined, `not valid CSV: ${error.message ?? String(cause)}`)
  }
  if (columns === undefined) {
    throw gtfsError(file, undefined, undefined, "is empty: a file's first line names its columns")
  }
}
