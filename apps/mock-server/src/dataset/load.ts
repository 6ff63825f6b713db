/**
 * Loading a dataset folder: every file is read from inside the folder only (no `..`, no absolute
 * names, no symbolic links that lead out), decoded with its schema, and the files are checked against
 * each other (every referenced stop, line, provider and area exists). A file over the size limit is
 * not read, and one nested past the depth limit is not parsed (see {@link DatasetLimits}). The first
 * problem stops the load with a {@link DatasetError} naming the file and the path inside it.
 *
 * @since 0.1.0
 */
import { LocalDateTime } from "@efa-kit/core"
import { Effect, Either, ParseResult, Schema } from "effect"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type Dataset, DatasetFiles, lineId, serviceMinutes } from "./schema.js"
import { checkTimetable } from "./trips.js"

/**
 * A dataset that cannot be used: `file` is the file name inside the folder, `path` the place inside
 * the file (`[3].coord.lat`, empty for the whole file), `message` says what is wrong with both.
 *
 * @since 0.1.0
 * @category errors
 */
export class DatasetError extends Schema.TaggedError<DatasetError>()("DatasetError", {
  file: Schema.String,
  path: Schema.String,
  message: Schema.String
}) {}

/**
 * Bounds on a dataset's files, checked before a file is read whole or parsed.
 *
 * @since 0.1.0
 * @category models
 */
export interface DatasetLimits {
  /** The largest file, in bytes. Default 64 MiB. */
  readonly maxFileBytes: number
  /** The deepest nesting of arrays and objects in a file. Default 64 (the embedded dataset needs 8). */
  readonly maxDepth: number
}

/**
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_DATASET_LIMITS: DatasetLimits = { maxFileBytes: 64 * 1024 * 1024, maxDepth: 64 }

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it; stops counting
 * past `limit`.
 *
 * @since 0.1.0
 * @category loading
 */
export const nestingDepth = (text: string, limit: number = Number.POSITIVE_INFINITY): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92) i++ // a backslash escapes the next character
      else if (code === 34) inString = false
      continue
    }
    if (code === 34) inString = true
    else if (code === 91 || code === 123) {
      if (++depth > deepest) {
        deepest = depth
        if (deepest > limit) return deepest
      }
    } else if (code === 93 || code === 125) depth--
  }
  return deepest
}

const fail = (file: string, at: string, detail: string) =>
  new DatasetError({ file, path: at, message: `dataset file ${file}${at === "" ? "" : ` at ${at}`}: ${detail}` })

/**
 * The folder of the dataset shipped with the fake, resolved next to the package (works from `src/`
 * and from `dist/`).
 *
 * @since 0.1.0
 * @category constants
 */
export const embeddedDatasetPath: string = fileURLToPath(new URL("../../dataset/", import.meta.url))

const formatPath = (segments: ReadonlyArray<PropertyKey>): string =>
  segments.map((segment, i) =>
    typeof segment === "number" || /^\d+$/.test(String(segment))
      ? `[${String(segment)}]`
      : `${i === 0 ? "" : "."}${String(segment)}`
  ).join("")

const isInside = (folder: string, candidate: string): boolean => {
  const relative = path.relative(folder, candidate)
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)
}

/**
 * Reads one file of a dataset folder as text. Refuses names that leave the folder (`..`, absolute
 * paths, separators) and files that are symbolic links resolving outside it.
 *
 * @since 0.1.0
 * @category loading
 */
export const readDatasetFile = (
  folder: string,
  name: string,
  maxFileBytes: number = DEFAULT_DATASET_LIMITS.maxFileBytes
): Effect.Effect<string, DatasetError> =>
  Effect.gen(function*() {
    const plain = name.length > 0 && !name.includes("/") && !name.includes("\\") && name !== "." && name !== ".."
    if (!plain || path.isAbsolute(name)) {
      return yield* Effect.fail(fail(name, "", "only plain file names inside the dataset folder can be read"))
    }
    const root = yield* Effect.tryPromise({
      try: () => fs.realpath(folder),
      catch: () => fail(name, "", `the dataset folder ${folder} does not exist`)
    })
    const candidate = path.join(root, name)
    if (!isInside(root, candidate)) return yield* Effect.fail(fail(name, "", "the file is outside the dataset folder"))
    const real = yield* Effect.tryPromise({
      try: () => fs.realpath(candidate),
      catch: () => fail(name, "", `missing in ${root}`)
    })
    if (!isInside(root, real)) {
      return yield* Effect.fail(fail(name, "", "the file is a link to a place outside the dataset folder"))
    }
    const stat = yield* Effect.tryPromise({ try: () => fs.stat(real), catch: () => fail(name, "", "cannot be read") })
    if (!stat.isFile()) return yield* Effect.fail(fail(name, "", "is not a regular file"))
    if (stat.size > maxFileBytes) {
      return yield* Effect.fail(
        fail(name, "", `the file has ${stat.size} bytes, more than the limit of ${maxFileBytes} bytes (maxFileBytes)`)
      )
    }
    return yield* Effect.tryPromise({
      try: () => fs.readFile(real, "utf8"),
      catch: (cause) => fail(name, "", `cannot be read: ${String(cause)}`)
    })
  })

const decodeFile = <A, I>(
  file: string,
  schema: Schema.Schema<A, I>,
  text: string,
  maxDepth: number
): Either.Either<A, DatasetError> => {
  if (nestingDepth(text, maxDepth) > maxDepth) {
    return Either.left(
      fail(file, "", `arrays and objects are nested deeper than the limit of ${maxDepth} levels (maxDepth)`)
    )
  }
  try {
    return decodeText(file, schema, text)
  } catch (cause) {
    // Whatever a file holds, the answer names it.
    return Either.left(fail(file, "", `cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`))
  }
}

const decodeText = <A, I>(file: string, schema: Schema.Schema<A, I>, text: string): Either.Either<A, DatasetError> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    return Either.left(fail(file, "", `not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`))
  }
  const decoded = Schema.decodeUnknownEither(schema, { errors: "first" })(json)
  if (Either.isRight(decoded)) return Either.right(decoded.right)
  const issues = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
  const first = issues[0]
  return Either.left(fail(file, first === undefined ? "" : formatPath(first.path), first?.message ?? "invalid"))
}

/**
 * Checks the files against each other; the first problem is returned.
 *
 * @since 0.1.0
 * @category loading
 */
export const checkReferences = (dataset: Dataset): DatasetError | undefined => {
  const { meta } = dataset
  if (Either.isLeft(LocalDateTime.zone(meta.timeZone))) {
    return fail("meta.json", "timeZone", `unknown time zone "${meta.timeZone}"`)
  }
  if (meta.validTo < meta.validFrom) return fail("meta.json", "validTo", "must not be before validFrom")
  if (Number.isNaN(Date.parse(meta.defaultNow))) return fail("meta.json", "defaultNow", "is not an instant")

  const stopIds = new Set<string>()
  for (const [i, stop] of dataset.stops.entries()) {
    if (stopIds.has(stop.id)) return fail("stops.json", `[${i}].id`, `duplicate stop ID ${stop.id}`)
    stopIds.add(stop.id)
  }
  const lineIds = new Set<string>()
  for (const [i, line] of dataset.lines.entries()) {
    const at = `[${i}]`
    for (const direction of ["H", "R"] as const) {
      const id = lineId(line, direction)
      if (lineIds.has(id)) return fail("lines.json", `${at}.code`, `duplicate line identifier ${id}`)
      lineIds.add(id)
    }
    const sequence = line.stops.map((entry) => entry.stop as string)
    for (const [j, entry] of line.stops.entries()) {
      if (!stopIds.has(entry.stop)) return fail("lines.json", `${at}.stops[${j}].stop`, `unknown stop ${entry.stop}`)
      if (j > 0 && entry.run === 0) {
        return fail("lines.json", `${at}.stops[${j}].run`, "must be at least 1 after the first stop")
      }
    }
    if (new Set(sequence).size !== sequence.length) return fail("lines.json", `${at}.stops`, "a stop occurs twice")
    for (const direction of ["H", "R"] as const) {
      for (const [j, service] of line.directions[direction].services.entries()) {
        const sat = `${at}.directions.${direction}.services[${j}]`
        if (service.between !== undefined) {
          const [a, b] = service.between
          const ia = sequence.indexOf(a)
          const ib = sequence.indexOf(b)
          if (ia < 0) return fail("lines.json", `${sat}.between[0]`, `stop ${a} is not on the line`)
          if (ib < 0) return fail("lines.json", `${sat}.between[1]`, `stop ${b} is not on the line`)
          if (ia >= ib) {
            return fail("lines.json", `${sat}.between`, "the stops must be in the line's order (direction H)")
          }
        }
        let previous = -1
        for (const [k, band] of service.bands.entries()) {
          const from = serviceMinutes(band.from)
          if (from < previous) return fail("lines.json", `${sat}.bands[${k}].from`, "bands must not overlap")
          previous = serviceMinutes(band.until)
        }
      }
    }
  }
  for (const [i, poi] of dataset.pois.entries()) {
    if (stopIds.has(poi.id)) return fail("pois.json", `[${i}].id`, `ID ${poi.id} is also a stop ID`)
  }
  for (const [i, object] of dataset.parking.entries()) {
    if (object.stop !== undefined && !stopIds.has(object.stop)) {
      return fail("parking.json", `[${i}].stop`, `unknown stop ${object.stop}`)
    }
    if (object.kind === "zone" && object.area === undefined) {
      return fail("parking.json", `[${i}].area`, "a zone needs its area")
    }
  }
  const areas = new Map<string, Set<string>>()
  for (const [i, provider] of dataset.sharing.providers.entries()) {
    if (areas.has(provider.id)) return fail("sharing.json", `providers[${i}].id`, `duplicate provider ${provider.id}`)
    areas.set(provider.id, new Set(provider.areas.map((area) => area.id)))
  }
  const vehicleIds = new Set<string>()
  for (const [i, vehicle] of dataset.sharing.vehicles.entries()) {
    const at = `vehicles[${i}]`
    if (vehicleIds.has(vehicle.id)) return fail("sharing.json", `${at}.id`, `duplicate vehicle ${vehicle.id}`)
    vehicleIds.add(vehicle.id)
    const providerAreas = areas.get(vehicle.provider)
    if (providerAreas === undefined) {
      return fail("sharing.json", `${at}.provider`, `unknown provider ${vehicle.provider}`)
    }
    if (!providerAreas.has(vehicle.area)) {
      return fail("sharing.json", `${at}.area`, `provider ${vehicle.provider} has no area ${vehicle.area}`)
    }
  }
  const noticeIds = new Set<string>()
  for (const [i, notice] of dataset.notices.entries()) {
    const at = `[${i}]`
    if (noticeIds.has(notice.id)) return fail("notices.json", `${at}.id`, `duplicate notice ${notice.id}`)
    noticeIds.add(notice.id)
    if (notice.validTo < notice.validFrom) return fail("notices.json", `${at}.validTo`, "must not be before validFrom")
    for (const [j, line] of notice.lines.entries()) {
      if (!lineIds.has(line)) return fail("notices.json", `${at}.lines[${j}]`, `unknown line identifier "${line}"`)
    }
    for (const [j, stop] of notice.stops.entries()) {
      if (!stopIds.has(stop)) return fail("notices.json", `${at}.stops[${j}]`, `unknown stop ${stop}`)
    }
  }
  for (const [i, disruption] of dataset.realtime.entries()) {
    const at = `[${i}]`
    if (!lineIds.has(disruption.line)) {
      return fail("realtime.json", `${at}.line`, `unknown line identifier "${disruption.line}"`)
    }
    if (disruption.kind === "platformChange" && !stopIds.has(disruption.stop)) {
      return fail("realtime.json", `${at}.stop`, `unknown stop ${disruption.stop}`)
    }
  }
  for (const stop of Object.keys(dataset.tariff?.zones ?? {})) {
    if (!stopIds.has(stop)) return fail(DatasetFiles.tariff.file, `zones.${stop}`, `unknown stop ${stop}`)
  }
  const lineCodes = new Set(dataset.lines.map((line) => line.code))
  for (const [i, fare] of (dataset.tariff?.fares ?? []).entries()) {
    const unknown = fare.lines?.find((code) => !lineCodes.has(code))
    if (unknown !== undefined) {
      return fail(DatasetFiles.tariff.file, `fares[${i}].lines`, `unknown line code ${unknown}`)
    }
  }
  const problem = checkPlaces(dataset, stopIds)
  if (problem !== undefined) return problem
  if (dataset.timetable !== undefined) {
    const problem = checkTimetable(dataset.timetable, stopIds, lineIds)
    if (problem !== undefined) return fail(DatasetFiles.timetable.file, problem[0], problem[1])
  }
  return undefined
}

// The places' main stops exist, a locality's suburbs have a municipality, the street keys are unique.
const checkPlaces = (dataset: Dataset, stopIds: ReadonlySet<string>): DatasetError | undefined => {
  const file = DatasetFiles.places.file
  const places = dataset.places
  if (places === undefined) return undefined
  const municipalities = new Set<string>()
  const localities = new Set<string>()
  for (const [i, locality] of places.localities.entries()) {
    if (!stopIds.has(locality.mainStop)) {
      return fail(file, `localities[${i}].mainStop`, `unknown stop ${locality.mainStop}`)
    }
    const key = `${locality.kind}:${locality.omc}:${locality.placeId}`
    if (localities.has(key)) {
      return fail(file, `localities[${i}]`, `a second ${locality.kind} ${key.slice(key.indexOf(":") + 1)}`)
    }
    localities.add(key)
    if (locality.kind === "locality") municipalities.add(locality.omc)
  }
  for (const [i, locality] of places.localities.entries()) {
    if (locality.kind === "suburb" && !municipalities.has(locality.omc)) {
      return fail(file, `localities[${i}].omc`, `no locality of municipality ${locality.omc}`)
    }
  }
  const keys = new Set<string>()
  for (const [i, street] of places.streets.entries()) {
    if (keys.has(street.key)) return fail(file, `streets[${i}].key`, `a second street with key ${street.key}`)
    keys.add(street.key)
    if (!municipalities.has(street.omc)) {
      return fail(file, `streets[${i}].omc`, `no locality of municipality ${street.omc}`)
    }
    const numbers = new Set<string>()
    for (const [j, house] of street.houses.entries()) {
      if (numbers.has(house.number)) return fail(file, `streets[${i}].houses[${j}]`, `a second house ${house.number}`)
      numbers.add(house.number)
    }
  }
  return undefined
}

/**
 * Loads and checks the dataset in a folder.
 *
 * @since 0.1.0
 * @category loading
 */
export const loadDataset = (
  folder: string,
  limits: Partial<DatasetLimits> = {}
): Effect.Effect<Dataset, DatasetError> =>
  Effect.gen(function*() {
    const { maxDepth, maxFileBytes } = { ...DEFAULT_DATASET_LIMITS, ...limits }
    const part = <A, I>({ file, schema }: { readonly file: string; readonly schema: Schema.Schema<A, I> }) =>
      Effect.flatMap(readDatasetFile(folder, file, maxFileBytes), (text) => decodeFile(file, schema, text, maxDepth))
    const dataset: Dataset = yield* Effect.all({
      meta: part(DatasetFiles.meta),
      stops: part(DatasetFiles.stops),
      lines: part(DatasetFiles.lines),
      pois: part(DatasetFiles.pois),
      parking: part(DatasetFiles.parking),
      sharing: part(DatasetFiles.sharing),
      notices: part(DatasetFiles.notices),
      realtime: part(DatasetFiles.realtime)
    })
    // the single trips, the tariff and the places are optional: read where the folder has them
    const optionalPart = <A, I>(entry: { readonly file: string; readonly schema: Schema.Schema<A, I> }) =>
      Effect.flatMap(
        Effect.promise(() => fs.access(path.join(folder, entry.file)).then(() => true, () => false)),
        (present) => present ? part(entry) : Effect.succeed(undefined)
      )
    const timetable = yield* optionalPart(DatasetFiles.timetable)
    const tariff = yield* optionalPart(DatasetFiles.tariff)
    const places = yield* optionalPart(DatasetFiles.places)
    const complete: Dataset = {
      ...dataset,
      ...(timetable === undefined ? {} : { timetable }),
      ...(tariff === undefined ? {} : { tariff }),
      ...(places === undefined ? {} : { places })
    }
    const problem = checkReferences(complete)
    if (problem !== undefined) return yield* Effect.fail(problem)
    return complete
  })

/**
 * Loads the dataset shipped with the fake.
 *
 * @since 0.1.0
 * @category loading
 */
export const loadEmbeddedDataset: Effect.Effect<Dataset, DatasetError> = Effect.suspend(() =>
  loadDataset(embeddedDatasetPath)
)
