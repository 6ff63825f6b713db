/**
 * Recordings: one answer (status, content type, body) per request, keyed by the operation path and its
 * normalised parameters, one JSON file each, for a person to read and edit.
 *
 * ```json
 * {
 *   "request": {
 *     "path": "<the operation path, e.g. the stop finder's>",
 *     "params": [["name_sf", "Stuttgart Hbf"], ["outputFormat", "JSON"], ["type_sf", "any"]]
 *   },
 *   "response": { "status": 200, "contentType": "application/json; charset=utf-8", "body": { "locations": [] } }
 * }
 * ```
 *
 * Normalised parameters: sorted by name (the order of different parameters never matters in the
 * contract), the values of a repeated parameter kept, in the order sent; secret parameters (API keys)
 * left out. The body is kept as JSON when writing it back compactly gives the same bytes, else as text
 * (`bodyText`), so a replay answers byte for byte what was recorded. The file's name is only a label: a
 * recording is found by the request written inside it, so editing the parameters there is enough.
 *
 * @since 0.1.0
 */
import { Operation } from "@efa-kit/core"
import { Either, Schema } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { ContentType } from "../testing/headerValues.js"
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../testing/jsonDepth.js"
import { issuesText } from "../testing/matcher.js"

/**
 * Query parameters as pairs.
 *
 * @since 0.1.0
 * @category models
 */
export type Pairs = ReadonlyArray<readonly [string, string]>

/**
 * Parameter names never written to a recording nor used in its key (compared case-insensitively),
 * besides the ones given with the upstream's secrets.
 *
 * @since 0.1.0
 * @category constants
 */
export const SECRET_PARAMETERS: ReadonlyArray<string> = [
  "apikey",
  "api_key",
  "api-key",
  "key",
  "token",
  "access_token",
  "accesstoken",
  "auth",
  "authorization",
  "password"
]

/**
 * One recorded answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface RecordedAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/**
 * One recording and where it came from.
 *
 * @since 0.1.0
 * @category models
 */
export interface Recording {
  readonly path: string
  readonly params: Pairs
  readonly answer: RecordedAnswer
  /** The file, relative to the folder. */
  readonly file: string
}

const RecordingFile = Schema.Struct({
  request: Schema.Struct({
    path: Schema.String,
    params: Schema.Array(Schema.Tuple(Schema.String, Schema.String))
  }),
  response: Schema.Struct({
    // 1xx are not answers: a client would wait for the one that follows.
    status: Schema.Int.pipe(Schema.between(200, 599)),
    contentType: ContentType,
    body: Schema.optionalWith(Schema.Unknown, { exact: true }),
    bodyText: Schema.optionalWith(Schema.String, { exact: true })
  })
})

/**
 * Which parameter names are secret.
 *
 * @since 0.1.0
 * @category utils
 */
export const secretNames = (extra: Iterable<string> = []): ReadonlySet<string> =>
  new Set([...SECRET_PARAMETERS, ...[...extra].map((name) => name.toLowerCase())])

/**
 * The parameters as a recording keeps them: secrets out, sorted by name, repeats in the order sent.
 *
 * @since 0.1.0
 * @category keys
 */
export const normaliseParams = (params: Pairs, secrets: ReadonlySet<string>): Array<readonly [string, string]> =>
  params
    .filter(([name]) => !secrets.has(name.toLowerCase()))
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => (a.pair[0] < b.pair[0] ? -1 : a.pair[0] > b.pair[0] ? 1 : a.index - b.index))
    .map(({ pair }) => [pair[0], pair[1]] as const)

/**
 * The key of a request: its path and normalised query.
 *
 * @since 0.1.0
 * @category keys
 */
export const keyOf = (requestPath: string, normalised: Pairs): string =>
  `${requestPath.replace(/^\/+/, "")}?${Operation.toQueryString(normalised)}`

// A short, readable label from the parameter values that tell requests apart.
const slugOf = (params: Pairs): string => {
  const words = params
    .filter(([name]) => name !== "outputFormat" && !/^(type_|coordOutputFormat|tripReductionMacro)/.test(name))
    .map(([, value]) => value)
    .filter((value) => value !== "" && value !== "1" && value !== "0")
    .join("-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return words.slice(0, 48).replace(/-+$/, "") || "request"
}

/**
 * The file a request is recorded in, relative to the folder: `<path>/<label>-<hash>.json`.
 *
 * @since 0.1.0
 * @category keys
 */
export const fileOf = (requestPath: string, normalised: Pairs): string => {
  const key = keyOf(requestPath, normalised)
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 10)
  const folder = requestPath.replace(/^\/+/, "").replace(/[^\w.-]+/g, "_") || "_"
  return `${folder}/${slugOf(normalised)}-${hash}.json`
}

/**
 * The text of a recording file.
 *
 * @since 0.1.0
 * @category encoding
 */
export const recordingText = (requestPath: string, normalised: Pairs, answer: RecordedAnswer): string => {
  let body: { body: unknown } | { bodyText: string } = { bodyText: answer.body }
  try {
    const parsed: unknown = JSON.parse(answer.body)
    // JSON nested too deep to be read back is kept as text too.
    if (!nestsDeeperThan(parsed, MAX_JSON_DEPTH - 2) && JSON.stringify(parsed) === answer.body) {
      body = { body: parsed }
    }
  } catch {
    // not JSON: kept as text
  }
  const file = {
    request: { path: requestPath.replace(/^\/+/, ""), params: normalised },
    response: { status: answer.status, contentType: answer.contentType, ...body }
  }
  return JSON.stringify(file, null, 2) + "\n"
}

/**
 * Every `*.json` file below a folder, relative to it, sorted; links are not followed.
 *
 * @since 0.1.0
 * @category utils
 */
export const listJsonFiles = (folder: string, prefix = ""): Array<string> => {
  const out: Array<string> = []
  for (const entry of fs.readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`
    if (entry.isDirectory()) out.push(...listJsonFiles(folder, relative))
    else if (entry.isFile() && entry.name.endsWith(".json")) out.push(relative)
  }
  return out.sort()
}

/**
 * The largest recording file read, in bytes.
 *
 * @since 0.1.0
 * @category constants
 */
const MAX_RECORDING_FILE_BYTES = 64 * 1024 * 1024

const decodeFile = Schema.decodeUnknownEither(RecordingFile, { errors: "all" })

/**
 * Reads every `*.json` file below a folder as a recording. Fails with the file and the problem for a
 * file that is not a recording (not JSON, over {@link MAX_RECORDING_FILE_BYTES}, nested deeper than
 * `MAX_JSON_DEPTH`, a status below 200, a content type HTTP cannot carry), and for two files that
 * record the same request.
 *
 * @since 0.1.0
 * @category decoding
 */
export const readRecordings = (
  folder: string,
  secrets: ReadonlySet<string>
): Either.Either<Array<Recording>, string> => {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    return Either.left(`the recordings folder ${folder} does not exist`)
  }
  const recordings: Array<Recording> = []
  const byKey = new Map<string, string>()
  for (const file of listJsonFiles(folder)) {
    const size = fs.statSync(path.join(folder, file)).size
    if (size > MAX_RECORDING_FILE_BYTES) {
      return Either.left(`recording ${file} is ${size} bytes, over the limit of ${MAX_RECORDING_FILE_BYTES}`)
    }
    let json: unknown
    try {
      json = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"))
    } catch (error) {
      return Either.left(`recording ${file} is not JSON: ${(error as Error).message}`)
    }
    if (nestsDeeperThan(json, MAX_JSON_DEPTH)) {
      return Either.left(`recording ${file} nests deeper than ${MAX_JSON_DEPTH} levels`)
    }
    const decoded = decodeFile(json)
    if (Either.isLeft(decoded)) return Either.left(`recording ${file}: ${issuesText(decoded.left)}`)
    const { request, response } = decoded.right
    if ((response.body === undefined) === (response.bodyText === undefined)) {
      return Either.left(`recording ${file}: response needs exactly one of body (JSON) and bodyText`)
    }
    const params = normaliseParams(request.params, secrets)
    const key = keyOf(request.path, params)
    const earlier = byKey.get(key)
    if (earlier !== undefined) return Either.left(`recordings ${earlier} and ${file} record the same request`)
    byKey.set(key, file)
    recordings.push({
      path: request.path.replace(/^\/+/, ""),
      params,
      file,
      answer: {
        status: response.status,
        contentType: response.contentType,
        body: response.bodyText ?? JSON.stringify(response.body)
      }
    })
  }
  return Either.right(recordings)
}

/**
 * The differences between a request and a recording, in words.
 *
 * @since 0.1.0
 * @category utils
 */
const differencesOf = (
  requestPath: string,
  params: Pairs,
  recording: Recording
): Array<string> => {
  const out: Array<string> = []
  if (recording.path !== requestPath) out.push(`path ${recording.path} recorded, ${requestPath} requested`)
  const valuesOf = (pairs: Pairs) => {
    const map = new Map<string, Array<string>>()
    for (const [name, value] of pairs) map.set(name, [...(map.get(name) ?? []), value])
    return map
  }
  const sent = valuesOf(params)
  const recorded = valuesOf(recording.params)
  const show = (values: ReadonlyArray<string>) => values.map((value) => JSON.stringify(value)).join(", ")
  for (const [name, values] of sent) {
    const other = recorded.get(name)
    if (other === undefined) out.push(`${name}=${show(values)} sent, not recorded`)
    else if (show(other) !== show(values)) out.push(`${name}: ${show(values)} sent, ${show(other)} recorded`)
  }
  for (const [name, values] of recorded) {
    if (!sent.has(name)) out.push(`${name}=${show(values)} recorded, not sent`)
  }
  return out
}

/**
 * Recordings by key, and the nearest one to a request that has none.
 *
 * @since 0.1.0
 * @category models
 */
export class RecordingIndex {
  readonly #byKey = new Map<string, Recording>()
  readonly #recordings: Array<Recording> = []

  constructor(recordings: ReadonlyArray<Recording>) {
    for (const recording of recordings) this.add(recording)
  }

  get recordings(): ReadonlyArray<Recording> {
    return this.#recordings
  }

  /** Adds a recording, or replaces the one of the same request. */
  add(recording: Recording): void {
    const key = keyOf(recording.path, recording.params)
    const earlier = this.#byKey.get(key)
    if (earlier !== undefined) this.#recordings.splice(this.#recordings.indexOf(earlier), 1)
    this.#byKey.set(key, recording)
    this.#recordings.push(recording)
  }

  get(requestPath: string, normalised: Pairs): Recording | undefined {
    return this.#byKey.get(keyOf(requestPath, normalised))
  }

  /** The recording closest to a request (the same path first), with what differs. */
  nearest(
    requestPath: string,
    normalised: Pairs
  ): { readonly recording: Recording; readonly differences: Array<string> } | undefined {
    let best: { recording: Recording; differences: Array<string>; distance: number } | undefined
    for (const recording of this.recordings) {
      const differences = differencesOf(requestPath, normalised, recording)
      const distance = differences.length + (recording.path === requestPath ? 0 : 1000)
      if (best === undefined || distance < best.distance) best = { recording, differences, distance }
    }
    return best === undefined ? undefined : { recording: best.recording, differences: best.differences }
  }
}
