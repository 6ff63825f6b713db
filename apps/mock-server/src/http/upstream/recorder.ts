/**
 * Writing recordings: off the request path, only what changed, with bounded pending writes and sizes.
 *
 * A request costs the recorder a look-up of its file (kept per request URL) and a comparison of its
 * answer with the one last recorded for that file; an unchanged answer costs nothing more. A changed
 * one is queued (a later answer for the same file takes the queued one's place) and written by a
 * writer that runs outside the request's turn: secrets removed, the file's text built, compared with the
 * file on disk, then written to a temporary file and renamed, so that a reader never sees half a file.
 * When `maxPendingWrites` files wait already, a new one is skipped (and reported), never the request
 * slowed down.
 *
 * The folder is created and checked for writing at start; an answer body over `maxBodyBytes`, or a
 * file that would take the folder over `maxFolderBytes`, is skipped and reported. What was skipped
 * and why: `status()` (and `GET /__admin/recordings`).
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import {
  fileOf,
  listJsonFiles,
  normaliseParams,
  type Pairs,
  type RecordedAnswer,
  type Recording,
  recordingText
} from "./recording.js"
import { Redactor } from "./redaction.js"

/**
 * The limits of a recorder.
 *
 * @since 0.1.0
 * @category models
 */
export interface RecordLimits {
  /** The largest answer body recorded, in bytes. Default 32 MiB. */
  readonly maxBodyBytes?: number | undefined
  /** The most the record folder's recordings may hold together, in bytes. Default 1 GiB. */
  readonly maxFolderBytes?: number | undefined
  /** How many files may wait to be written. Default 1,000. */
  readonly maxPendingWrites?: number | undefined
}

/**
 * What a recorder did.
 *
 * @since 0.1.0
 * @category models
 */
export interface RecorderStatus {
  readonly folder: string
  /** Files written (or rewritten with a changed answer). */
  readonly written: number
  /** Answers that were the same as the one recorded already. */
  readonly unchanged: number
  /** Files waiting to be written. */
  readonly pending: number
  /** The recordings' bytes in the folder, as far as the recorder knows. */
  readonly folderBytes: number
  /** How many answers were not recorded. */
  readonly skipped: number
  /** The latest of them (at most 20), with the reason. */
  readonly problems: ReadonlyArray<{ readonly file: string; readonly reason: string }>
}

/**
 * Default limits.
 *
 * @since 0.1.0
 * @category constants
 */
const DEFAULT_RECORD_LIMITS = {
  maxBodyBytes: 32 * 1024 * 1024,
  maxFolderBytes: 1024 * 1024 * 1024,
  maxPendingWrites: 1000
} as const

// Request URLs whose file is kept; past it, the map starts afresh.
const MAX_REMEMBERED_URLS = 10_000

interface Target {
  readonly path: string
  readonly file: string
  readonly params: Pairs
}

interface Pending {
  readonly target: Target
  answer: RecordedAnswer
}

// What is kept of the answer last recorded per file: a body up to this size itself (comparing two
// strings costs less than hashing one), a larger one by its hash, so that a long recording session does
// not keep every large answer alive.
const KEPT_BODY_BYTES = 256 * 1024

interface Seen {
  readonly status: number
  readonly contentType: string
  readonly body: string | undefined
  readonly length: number
  readonly hash: string | undefined
}

const digest = (body: string): string => createHash("sha256").update(body).digest("base64")

const seenOf = (answer: RecordedAnswer): Seen => {
  const large = answer.body.length > KEPT_BODY_BYTES
  return {
    status: answer.status,
    contentType: answer.contentType,
    body: large ? undefined : answer.body,
    length: answer.body.length,
    hash: large ? digest(answer.body) : undefined
  }
}

const sameAnswer = (seen: Seen, answer: RecordedAnswer): boolean =>
  seen.status === answer.status && seen.contentType === answer.contentType && seen.length === answer.body.length &&
  (seen.body !== undefined ? seen.body === answer.body : seen.hash === digest(answer.body))

// One level at a time: Node's recursive `mkdir` loops for ever where a level cannot be made but its
// parent exists (below /proc, say).
const makeFolder = (folder: string): void => {
  const missing: Array<string> = []
  let current = path.resolve(folder)
  while (!fs.existsSync(current)) {
    missing.unshift(current)
    const parent = path.dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const level of missing) fs.mkdirSync(level)
}

/**
 * Checks that a folder can hold recordings: creates it, and writes and removes a file in it. Throws an
 * error naming the folder and the problem.
 *
 * @since 0.1.0
 * @category constructors
 */
const checkRecordFolder = (folder: string): void => {
  try {
    makeFolder(folder)
    if (!fs.statSync(folder).isDirectory()) throw new Error("not a folder")
    const probe = path.join(folder, `.efa-mock-write-check-${process.pid}`)
    fs.writeFileSync(probe, "")
    fs.rmSync(probe)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(
      `the record folder ${folder} cannot be written: ${code ?? (error as Error).message}`
    )
  }
}

/**
 * Records answers into a folder.
 *
 * @since 0.1.0
 * @category models
 */
export class Recorder {
  readonly #redactor: Redactor
  readonly #limits: Required<{ [K in keyof RecordLimits]: number }>
  readonly #targets = new Map<string, Target>()
  /** The answer last recorded (or queued) per file. */
  readonly #last = new Map<string, Seen>()
  readonly #pending = new Map<string, Pending>()
  /** Bytes per file in the folder. */
  readonly #sizes = new Map<string, number>()
  readonly #madeFolders = new Set<string>()
  #folderBytes = 0
  #written = 0
  #unchanged = 0
  #skipped = 0
  readonly #problems: Array<{ readonly file: string; readonly reason: string }> = []
  #writing: Promise<void> | undefined

  /**
   * Checks the folder (see {@link checkRecordFolder}) and reads the sizes of the recordings in it;
   * throws when it cannot be written or holds more than `maxFolderBytes` already. `secretHeaders`: the
   * names of the configured secret headers, whose values an answer's JSON members and name/value pairs
   * named so lose too.
   */
  constructor(
    readonly folder: string,
    readonly secrets: ReadonlySet<string>,
    secretValues: ReadonlyArray<string>,
    limits: RecordLimits = {},
    readonly onError: (error: unknown) => void = () => undefined,
    secretHeaders: ReadonlyArray<string> = []
  ) {
    this.#limits = {
      maxBodyBytes: limits.maxBodyBytes ?? DEFAULT_RECORD_LIMITS.maxBodyBytes,
      maxFolderBytes: limits.maxFolderBytes ?? DEFAULT_RECORD_LIMITS.maxFolderBytes,
      maxPendingWrites: limits.maxPendingWrites ?? DEFAULT_RECORD_LIMITS.maxPendingWrites
    }
    this.#redactor = new Redactor(
      new Set([...secrets, ...secretHeaders.map((name) => name.toLowerCase())]),
      secretValues
    )
    checkRecordFolder(folder)
    for (const file of listJsonFiles(folder)) {
      const size = fs.statSync(path.join(folder, file)).size
      this.#sizes.set(file, size)
      this.#folderBytes += size
    }
    if (this.#folderBytes > this.#limits.maxFolderBytes) {
      throw new Error(
        `the record folder ${folder} holds ${this.#folderBytes} bytes of recordings, over the limit of ${this.#limits.maxFolderBytes}`
      )
    }
  }

  /**
   * Records one answer: `url` is the request's path and query as received (the key of the file
   * look-up). Returns the recording when the answer is new or changed, `undefined` when it is the same
   * as the one recorded already or is not recorded.
   */
  record(url: string, requestPath: string, params: Pairs, answer: RecordedAnswer): Recording | undefined {
    const target = this.#targetOf(url, requestPath, params)
    const last = this.#last.get(target.file)
    if (last !== undefined && sameAnswer(last, answer)) {
      this.#unchanged++
      return undefined
    }
    if (answer.body.length > this.#limits.maxBodyBytes && Buffer.byteLength(answer.body) > this.#limits.maxBodyBytes) {
      this.#skip(target.file, `the answer body is over ${this.#limits.maxBodyBytes} bytes`)
      return undefined
    }
    const queued = this.#pending.get(target.file)
    if (queued !== undefined) {
      queued.answer = answer
    } else {
      if (this.#pending.size >= this.#limits.maxPendingWrites) {
        this.#skip(target.file, `${this.#limits.maxPendingWrites} files wait to be written already`)
        return undefined
      }
      this.#pending.set(target.file, { target, answer })
      this.#writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#drain())
    }
    this.#last.set(target.file, seenOf(answer))
    return { path: target.path, params: target.params, answer, file: target.file }
  }

  /** Resolves when every queued file is written. */
  async flush(): Promise<void> {
    while (this.#writing !== undefined) await this.#writing
  }

  status(): RecorderStatus {
    return {
      folder: this.folder,
      written: this.#written,
      unchanged: this.#unchanged,
      pending: this.#pending.size,
      folderBytes: this.#folderBytes,
      skipped: this.#skipped,
      problems: [...this.#problems]
    }
  }

  #targetOf(url: string, requestPath: string, params: Pairs): Target {
    const known = this.#targets.get(url)
    if (known !== undefined) return known
    const normalised = normaliseParams(params, this.secrets).map(([name, value]) =>
      [name, this.#redactor.text(value)] as const
    )
    const target = { path: requestPath.replace(/^\/+/, ""), file: fileOf(requestPath, normalised), params: normalised }
    if (this.#targets.size >= MAX_REMEMBERED_URLS) this.#targets.clear()
    this.#targets.set(url, target)
    return target
  }

  #skip(file: string, reason: string): void {
    this.#skipped++
    this.#problems.push({ file, reason })
    if (this.#problems.length > 20) this.#problems.shift()
    // Once per reason and file would flood the log under load: the first skip is told, the rest counted.
    if (this.#skipped === 1) this.onError(new Error(`not recorded: ${file}: ${reason}`))
  }

  async #drain(): Promise<void> {
    try {
      for (;;) {
        const next = this.#pending.values().next()
        if (next.done === true) break
        const { answer, target } = next.value
        this.#pending.delete(target.file)
        try {
          await this.#write(target, answer)
        } catch (error) {
          // The file stays as it was; the next changed answer tries again.
          this.#last.delete(target.file)
          this.#skip(
            target.file,
            `writing failed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`
          )
        }
      }
    } finally {
      this.#writing = undefined
    }
  }

  async #write(target: Target, answer: RecordedAnswer): Promise<void> {
    const text = recordingText(target.path, target.params, { ...answer, body: this.#redactor.body(answer.body) })
    const bytes = Buffer.byteLength(text)
    const full = path.join(this.folder, target.file)
    const before = this.#sizes.get(target.file)
    if (before === bytes && (await fs.promises.readFile(full, "utf8").catch(() => undefined)) === text) {
      this.#unchanged++
      return
    }
    const folderBytes = this.#folderBytes - (before ?? 0) + bytes
    if (folderBytes > this.#limits.maxFolderBytes) {
      this.#last.delete(target.file)
      this.#skip(target.file, `the record folder would hold over ${this.#limits.maxFolderBytes} bytes`)
      return
    }
    const dir = path.dirname(full)
    if (!this.#madeFolders.has(dir)) {
      // One level below the folder checked at start.
      makeFolder(dir)
      this.#madeFolders.add(dir)
    }
    const temporary = `${full}.${process.pid}.tmp`
    await fs.promises.writeFile(temporary, text)
    await fs.promises.rename(temporary, full)
    this.#sizes.set(target.file, bytes)
    this.#folderBytes = folderBytes
    this.#written++
  }
}
