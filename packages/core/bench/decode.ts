/**
 * Decode benchmark: `JSON.parse` plus the response decode the client runs, against `JSON.parse`
 * alone, on a large response of every operation. Also shows plain `Schema.decodeUnknownEither` (the
 * naive decode) for comparison.
 *
 * Run with `pnpm bench:decode` (in packages/core) or `pnpm bench` (at the root). All variants are
 * measured in one run, interleaved round by round; each figure is the median over the rounds.
 */
import { deepStrictEqual } from "node:assert"
import { Either, Schema } from "effect"
import * as AddInfo from "../src/AddInfo.js"
import * as CoordInfo from "../src/CoordInfo.js"
import * as GeoObject from "../src/GeoObject.js"
import { makeDecoder, makeJsonDecoder } from "../src/internal/fastDecode.js"
import * as OpArea from "../src/OpArea.js"
import type * as Operation from "../src/Operation.js"
import * as ServingLines from "../src/ServingLines.js"
import * as StopFinder from "../src/StopFinder.js"
import * as Trip from "../src/Trip.js"
import * as VehicleDetail from "../src/VehicleDetail.js"
import * as responses from "./responses.js"

const TARGET = 1.25
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const BATCH_MILLIS = 4

interface Case {
  readonly name: string
  readonly operation: Operation.Any
  readonly document: unknown
}

const cases: Array<Case> = [
  { name: "geoObject: 20,000-point geometry", operation: GeoObject.operation, document: responses.geoObject() },
  { name: "trip: 20 trips × 8 legs", operation: Trip.operation, document: responses.trip() },
  { name: "stopFinder: 1,000 locations", operation: StopFinder.operation, document: responses.stopFinder() },
  { name: "coordInfo: 5,000 pins", operation: CoordInfo.operation, document: responses.coordInfo() },
  { name: "addInfo: 500 notices", operation: AddInfo.operation, document: responses.addInfo() },
  { name: "opArea: 100 polygons × 401 points", operation: OpArea.operation, document: responses.opArea() },
  { name: "servingLines: 2,000 lines", operation: ServingLines.operation, document: responses.servingLines() },
  { name: "vehicleDetail: 2,000 vehicles", operation: VehicleDetail.operation, document: responses.vehicleDetail() }
]

const collect = globalThis.gc ?? (() => undefined)

let sink: unknown

interface Variant {
  readonly name: "parse" | "client" | "copying" | "naive"
  readonly run: () => void
}

const variantsOf = (c: Case, text: string): Array<Variant> => {
  const client = makeJsonDecoder(c.operation.response)
  const copying = makeDecoder(c.operation.response)
  const naive = Schema.decodeUnknownEither(c.operation.response, { errors: "first" })
  const check = (result: Either.Either<unknown, unknown>) => {
    if (Either.isLeft(result)) throw new Error(`${c.name}: the document does not decode`)
    sink = result.right
  }
  return [
    { name: "parse", run: () => void (sink = JSON.parse(text)) },
    { name: "client", run: () => check(client(JSON.parse(text), text)) },
    { name: "copying", run: () => check(copying(JSON.parse(text))) },
    { name: "naive", run: () => check(naive(JSON.parse(text))) }
  ]
}

// Runs `run` `count` times; milliseconds per run.
const time = (run: () => void, count: number): number => {
  const start = process.hrtime.bigint()
  for (let i = 0; i < count; i++) run()
  return Number(process.hrtime.bigint() - start) / 1e6 / count
}

const median = (values: Array<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const prepared = cases.map((c) => {
  const text = JSON.stringify(c.document)
  const variants = variantsOf(c, text)
  // The fast path must give what the Schema decode gives.
  const expected = Schema.decodeUnknownSync(c.operation.response)(JSON.parse(text))
  deepStrictEqual(makeJsonDecoder(c.operation.response)(JSON.parse(text), text), Either.right(expected))
  deepStrictEqual(makeDecoder(c.operation.response)(JSON.parse(text)), Either.right(expected))
  // Warm up, then size the batches so that one takes a few milliseconds.
  const counts = variants.map((v) => {
    for (let i = 0; i < 30; i++) v.run()
    return Math.max(1, Math.round(BATCH_MILLIS / time(v.run, 5)))
  })
  return { ...c, bytes: Buffer.byteLength(text), variants, counts, samples: variants.map((): Array<number> => []) }
})

for (let round = 0; round < ROUNDS; round++) {
  for (const c of prepared) {
    // rotate the order from round to round, so that no variant always runs after the same one
    for (let k = 0; k < c.variants.length; k++) {
      const index = (k + round) % c.variants.length
      collect()
      c.samples[index]!.push(time(c.variants[index]!.run, c.counts[index]!))
    }
  }
}

const rows = prepared.map((c) => {
  const [parse, client, copying, naive] = c.samples.map(median) as [number, number, number, number]
  return {
    operation: c.name,
    payload: `${(c.bytes / 1024).toFixed(0)} KB`,
    parse: parse.toFixed(3),
    decode: client.toFixed(3),
    ratio: (client / parse).toFixed(2),
    target: TARGET.toFixed(2),
    met: client / parse <= TARGET ? "yes" : "NO",
    copying: (copying / parse).toFixed(2),
    naive: (naive / parse).toFixed(2)
  }
})

const header = {
  operation: "operation",
  payload: "payload",
  parse: "JSON.parse ms",
  decode: "parse+decode ms",
  ratio: "ratio",
  target: "target",
  met: "met",
  copying: "copying ratio",
  naive: "naive ratio"
}
const columns = Object.keys(header) as Array<keyof typeof header>
const widths = columns.map((key) => Math.max(header[key].length, ...rows.map((row) => row[key].length)))
const line = (row: Record<keyof typeof header, string>) =>
  "| " + columns.map((key, i) => (i === 0 ? row[key].padEnd(widths[i]!) : row[key].padStart(widths[i]!))).join(" | ") + " |"

console.log(`Decode benchmark: median of ${ROUNDS} interleaved rounds, Node ${process.version}`)
console.log(line(header))
console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|")
for (const row of rows) console.log(line(row))
console.log(
  "\nratio: parse+decode as the client runs it (fast path, in place on the parsed JSON) / JSON.parse alone." +
    "\ncopying ratio: the fast path without reusing the parsed JSON (Operation.decodeResponse)." +
    "\nnaive ratio: JSON.parse + Schema.decodeUnknownEither(response) / JSON.parse alone."
)
if (sink === Symbol.for("never")) console.log(sink)
if (rows.some((row) => row.met !== "yes")) process.exitCode = 1
