/**
 * Decode benchmark: `JSON.parse` plus the response decode the client runs, against `JSON.parse`
 * alone, on a large response of every operation. Also shows plain `Schema.decodeUnknownEither` (the
 * naive decode) for comparison.
 *
 * Run with `pnpm bench:decode` (in packages/core) or `pnpm bench` (at the root). All variants are
 * measured in one run: round by round, operation by operation, call by call in rotating order. Each
 * figure is the mean time of a call without the slowest tenth (interruptions by the machine). Before
 * timing, the fast path's result is checked against the Schema decode's. Timings are not tests: the
 * exit code does not depend on them. `BENCH_ROUNDS=8` runs fewer rounds, `BENCH_ONLY=trip,addInfo` only the
 * cases whose names contain one of the words, `BENCH_CLOCK=cpu` counts processor time (on a shared machine).
 */
import { DateTime, Either, Schema } from "effect"
import { deepStrictEqual } from "node:assert"
import * as AddInfo from "../src/AddInfo.js"
import * as CoordInfo from "../src/CoordInfo.js"
import * as Departures from "../src/Departures.js"
import * as GeoObject from "../src/GeoObject.js"
import { forgetInstants, utcFromMillis } from "../src/internal/decode/instant.js"
import { makeDecoder, makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import * as OpArea from "../src/OpArea.js"
import type * as Operation from "../src/Operation.js"
import * as RapidJson from "../src/RapidJson.js"
import * as ServingLines from "../src/ServingLines.js"
import * as StopFinder from "../src/StopFinder.js"
import * as Trip from "../src/Trip.js"
import * as VehicleDetail from "../src/VehicleDetail.js"
import * as responses from "./responses.js"

const TARGET = 1.25
// Where building the document's `DateTime`s alone costs more than the target (the floor), a decode within this
// much of the floor meets it: the decode's own work is what the figure is about.
const ABOVE_FLOOR = 0.3
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const ROUND_MILLIS = 150
// `BENCH_ONLY=trip,notices`: only the cases whose names contain one of these words
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter((word) => word !== "")

interface Case {
  readonly name: string
  readonly operation: Operation.Any
  readonly document: unknown
  /** Also time the least any decode of it must do (see `tripFloor`). */
  readonly floor?: boolean
}

const rapidJson = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })

const cases: Array<Case> = [
  { name: "geoObject: 20,000-point geometry", operation: GeoObject.operation, document: responses.geoObject() },
  { name: "trip: 20 trips × 8 legs", operation: Trip.operation, document: responses.trip(), floor: true },
  { name: "stopFinder: 1,000 locations", operation: StopFinder.operation, document: responses.stopFinder() },
  { name: "coordInfo: 5,000 pins", operation: CoordInfo.operation, document: responses.coordInfo() },
  { name: "addInfo: 500 notices", operation: AddInfo.operation, document: responses.addInfo() },
  { name: "opArea: 100 polygons × 401 points", operation: OpArea.operation, document: responses.opArea() },
  { name: "servingLines: 2,000 lines", operation: ServingLines.operation, document: responses.servingLines() },
  { name: "vehicleDetail: 2,000 vehicles", operation: VehicleDetail.operation, document: responses.vehicleDetail() },
  {
    name: "rapidJSON trip: 20 journeys × 8 legs, full stop sequences and fares",
    operation: { ...Trip.operation, response: rapidJson.trip },
    document: responses.rapidJsonTrip(),
    floor: true
  },
  {
    name: "rapidJSON stopFinder: 1,000 locations",
    operation: { ...StopFinder.operation, response: rapidJson.stopFinder },
    document: responses.rapidJsonStopFinder()
  },
  { name: "departures: 500 events", operation: Departures.operation, document: responses.board(), floor: true },
  {
    name: "rapidJSON departures: 500 stop events",
    operation: { ...Departures.operation, response: rapidJson.departures },
    document: responses.rapidJsonBoard(),
    floor: true
  },
  {
    name: "trip, 3 unknown fields per object",
    operation: Trip.operation,
    document: responses.withUnknownFields(responses.trip()),
    floor: true
  },
  {
    name: "stopFinder, 3 unknown fields per object",
    operation: StopFinder.operation,
    document: responses.withUnknownFields(responses.stopFinder())
  }
]

let sink: unknown

const variantsOf = (c: Case, text: string): Array<() => void> => {
  const client = makeJsonDecoder(c.operation.response)
  const copying = makeDecoder(c.operation.response)
  const naive = Schema.decodeUnknownEither(c.operation.response, { errors: "first" })
  const check = (result: Either.Either<unknown, unknown>) => {
    if (Either.isLeft(result)) throw new Error(`${c.name}: the document does not decode`)
    sink = result.right
  }
  // each decode starts with no instant remembered from the calls before (see `internal/decode/instant.ts`)
  return [
    () => void (sink = JSON.parse(text)),
    () => {
      forgetInstants()
      check(client(JSON.parse(text), text))
    },
    () => {
      forgetInstants()
      check(copying(JSON.parse(text)))
    },
    () => {
      forgetInstants()
      check(naive(JSON.parse(text)))
    }
  ]
}

// `BENCH_CLOCK=cpu`: the process's processor time instead of the wall clock, for a machine that others share (time
// spent waiting for a core is not counted, the collector's helper threads are)
const CPU_CLOCK = process.env.BENCH_CLOCK === "cpu"
const now = (): number => {
  if (!CPU_CLOCK) return Number(process.hrtime.bigint()) / 1e6
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

// The least any decode of a timestamp-heavy answer (trips, boards) must do beyond JSON.parse: build one
// DateTime.Utc per timestamp.
const tripFloor = (text: string): () => void => {
  const millis: Array<number> = []
  JSON.stringify(JSON.parse(text), (key, value) => {
    if (/Time(Planned|Estimated)$/.test(key)) millis.push(Date.parse(value))
    return value
  })
  return () => {
    sink = JSON.parse(text)
    for (let i = 0; i < millis.length; i++) sink = utcFromMillis(millis[i]!)
  }
}

const chosen = ONLY.length === 0 ? cases : cases.filter((c) => ONLY.some((word) => c.name.includes(word)))

const prepared = chosen.map((c) => {
  const text = JSON.stringify(c.document)
  const variants = variantsOf(c, text)
  if (c.floor === true) variants.push(tripFloor(text))
  // The fast path must give what the Schema decode gives.
  const expected = Schema.decodeUnknownSync(c.operation.response)(JSON.parse(text))
  deepStrictEqual(makeJsonDecoder(c.operation.response)(JSON.parse(text), text), Either.right(expected))
  deepStrictEqual(makeDecoder(c.operation.response)(JSON.parse(text)), Either.right(expected))
  for (const run of variants) for (let i = 0; i < 50; i++) run()
  return { ...c, bytes: Buffer.byteLength(text), variants, samples: variants.map((): Array<number> => []) }
})

// Round by round and case by case, each variant timed call by call, in an order that rotates from
// one turn to the next, across rounds (a large case has a turn or two per round): every variant meets the same
// state of the machine. The result of the call before is let go first: no call carries it while it runs, as a
// collection copies what is alive.
const turns = prepared.map(() => 0)
for (let round = 0; round < ROUNDS; round++) {
  prepared.forEach((c, n) => {
    const until = now() + ROUND_MILLIS
    for (; now() < until; turns[n]!++) {
      for (let k = 0; k < c.variants.length; k++) {
        const index = (k + turns[n]!) % c.variants.length
        sink = undefined
        const start = now()
        c.variants[index]!()
        c.samples[index]!.push(now() - start)
      }
    }
  })
}

// The mean without the slowest tenth of the calls: those the machine interrupted (other processes,
// the rare full garbage collection); the ordinary collections each variant causes stay in.
const typical = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b).slice(0, Math.ceil(values.length * 0.9))
  return sorted.reduce((sum, value) => sum + value, 0) / sorted.length
}

const ratio = (samples: Array<Array<number>>, index: number): number => typical(samples[index]!) / typical(samples[0]!)

const rows = prepared.map((c) => {
  const client = ratio(c.samples, 1)
  const floor = c.floor === true ? ratio(c.samples, 4) : undefined
  // the target: 1.25, or within 0.3 of the floor where the floor is above 0.95
  const target = floor === undefined ? TARGET : Math.max(TARGET, floor + ABOVE_FLOOR)
  return {
    operation: c.name,
    payload: `${(c.bytes / 1024).toFixed(0)} KB`,
    parse: typical(c.samples[0]!).toFixed(3),
    decode: typical(c.samples[1]!).toFixed(3),
    ratio: client.toFixed(2),
    floor: floor === undefined ? "-" : floor.toFixed(2),
    target: target.toFixed(2),
    met: client <= target ? "yes" : "no",
    copying: ratio(c.samples, 2).toFixed(2),
    naive: ratio(c.samples, 3).toFixed(2)
  }
})

const header = {
  operation: "operation",
  payload: "payload",
  parse: "JSON.parse ms",
  decode: "parse+decode ms",
  ratio: "ratio",
  floor: "floor",
  target: "target",
  met: "met",
  copying: "copying ratio",
  naive: "naive ratio"
}
const columns = Object.keys(header) as Array<keyof typeof header>
const widths = columns.map((key) => Math.max(header[key].length, ...rows.map((row) => row[key].length)))
const cell = (row: Record<keyof typeof header, string>, i: number) =>
  i === 0 ? row[columns[i]!].padEnd(widths[i]!) : row[columns[i]!].padStart(widths[i]!)
const line = (row: Record<keyof typeof header, string>) => "| " + columns.map((_, i) => cell(row, i)).join(" | ") + " |"

console.log(
  `Decode benchmark: ${ROUNDS} rounds of ${ROUND_MILLIS} ms per operation, calls interleaved, ${
    CPU_CLOCK ? "processor time" : "wall clock"
  }, Node ${process.version}`
)
console.log(line(header))
console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|")
for (const row of rows) console.log(line(row))
console.log(
  "\nratio: JSON.parse + the decode the client runs (fast path, in place on the parsed JSON), against JSON.parse." +
    "\ncopying ratio: the fast path on input it must not modify (Operation.decodeResponse)." +
    "\nnaive ratio: JSON.parse + Schema.decodeUnknownEither(response, { errors: \"first\" })." +
    "\nfloor: JSON.parse + constructing the document's DateTime.Utc values alone (one per timestamp), the least a" +
    "\n  decode that builds them one by one does; the target is 1.25, or the floor + 0.3 where that is more." +
    `\n${rows.filter((row) => row.met === "yes").length} of ${rows.length} cases meet their target.`
)
// keeps the results alive, so that no call can be optimised away
if (sink === Symbol.for("never")) console.log(sink)
