/**
 * Reading a GTFS feed, a zip archive or a folder: each file streamed row by row through a CSV parser, so a
 * large `stop_times.txt` is never held whole as text. Every problem is a {@link GtfsError} with the file,
 * the line and the field.
 *
 * @since 0.1.0
 */
import { parse } from "csv-parse"
import { Schema } from "effect"
import { createReadStream } from "node:fs"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import type { Readable } from "node:stream"
import * as yauzl from "yauzl"

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

const openZip = async (file: string): Promise<Feed> => {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false },
      (error, opened) => error ? reject(error) : resolve(opened)
    )
  )
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      // files in one folder inside the archive count as at its top
      if (!entry.fileName.endsWith("/")) entries.set(path.posix.basename(entry.fileName), entry)
      zip.readEntry()
    })
    zip.once("end", () => resolve())
    zip.once("error", reject)
    zip.readEntry()
  })
  return {
    has: (name) => entries.has(name),
    rows: (name, onRow) =>
      readRows(
        name,
        () =>
          new Promise<Readable>((resolve, reject) =>
            zip.openReadStream(entries.get(name)!, (error, stream) => error ? reject(error) : resolve(stream))
          ),
        onRow
      ),
    close: () => zip.close()
  }
}

const openFolder = async (folder: string): Promise<Feed> => {
  const names = new Set(await fs.readdir(folder))
  return {
    has: (name) => names.has(name),
    rows: (name, onRow) => readRows(name, () => Promise.resolve(createReadStream(path.join(folder, name))), onRow),
    close: () => undefined
  }
}

/**
 * Opens a feed: a `.zip` archive or a folder of `.txt` files.
 *
 * @since 0.1.0
 * @category reading
 */
export const openFeed = async (location: string): Promise<Feed> => {
  const stat = await fs.stat(location).catch(() => undefined)
  if (stat === undefined) throw gtfsError(path.basename(location), undefined, undefined, `no such file or folder`)
  if (stat.isDirectory()) return openFolder(location)
  try {
    return await openZip(location)
  } catch (cause) {
    throw gtfsError(path.basename(location), undefined, undefined, `not a zip archive: ${(cause as Error).message}`)
  }
}

const readRows = async (file: string, open: () => Promise<Readable>, onRow: (row: Row) => void): Promise<void> => {
  const source = await open()
  // Lines are counted here rather than by the parser's per-record info, which costs a record object each: a
  // record takes one line, and one more for each line break inside its quoted fields; an empty line is a
  // record of one empty field.
  const parser = source.pipe(parse({ bom: true, skip_empty_lines: false, relax_column_count: true, trim: true }))
  let columns: ReadonlyMap<string, number> | undefined
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
  try {
    for await (const record of parser as AsyncIterable<Array<string>>) {
      line++
      for (const field of record) {
        if (field.includes("\n")) line += field.split("\n").length - 1
      }
      if (record.length === 1 && record[0] === "") continue
      if (columns === undefined) {
        columns = new Map(record.map((name, i) => [name, i]))
        continue
      }
      fields = record
      onRow(row)
    }
  } catch (cause) {
    source.destroy()
    if (cause instanceof GtfsError) throw cause
    const error = cause as { message?: string; lines?: number }
    throw gtfsError(file, error.lines, undefined, `not valid CSV: ${error.message ?? String(cause)}`)
  }
}
