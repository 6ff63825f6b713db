/**
 * Request benchmark: a request model to its query string (what the client does before sending) and a
 * query string back to the model (what the fake does on receipt), for every operation, on 200 generated
 * requests each (fixed seed, so every run times the same requests).
 *
 * Run with `pnpm bench:query` (in packages/core). All operations are measured in one run, round by round
 * in rotating order. Each figure is the mean time of a call without the slowest tenth of the rounds.
 * Before timing, every request is checked to read back as itself. Timings are not tests: the exit code
 * does not depend on them.
 */
import { DateTime, FastCheck, Schema } from "effect"
import { deepStrictEqual } from "node:assert"
import * as AddInfo from "../src/AddInfo.js"
import * as Arbitraries from "../src/Arbitraries.js"
import * as CoordInfo from "../src/CoordInfo.js"
import * as GeoObject from "../src/GeoObject.js"
import * as OpArea from "../src/OpArea.js"
import * as Operation from "../src/Operation.js"
import * as ServingLines from "../src/ServingLines.js"
import * as StopFinder from "../src/StopFinder.js"
import * as Trip from "../src/Trip.js"
import * as VehicleDetail from "../src/VehicleDetail.js"

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const REQUESTS = 200
const context: Operation.QueryContext = { timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") }

const operations: ReadonlyArray<Operation.Any> = [
  Trip.operation,
  CoordInfo.operation,
  VehicleDetail.operation,
  StopFinder.operation,
  ServingLines.operation,
  AddInfo.operation,
  OpArea.operation,
  GeoObject.operation
]

interface Case {
  readonly name: string
  readonly encode: () => void
  readonly decode: () => void
}

const makeCase = (operation: Operation.Any): Case => {
  const query = operation.query(context) as Schema.Schema<unknown, Operation.Query>
  const requests = FastCheck.sample(Arbitraries.make(operation.request), { numRuns: REQUESTS, seed: 42 })
  const encode = Schema.encodeSync(query)
  const decode = Schema.decodeSync(query)
  const strings = requests.map((request) => Operation.toQueryString(encode(request)))
  // the requests as the model holds them, to compare the read-back with
  const canonical = requests.map((request) => decode(encode(request)))
  strings.forEach((text, i) => deepStrictEqual(decode(Operation.fromQueryString(text)), canonical[i]))
  return {
    name: operation.name,
    encode: () => {
      for (const request of requests) Operation.toQueryString(encode(request))
    },
    decode: () => {
      for (const text of strings) decode(Operation.fromQueryString(text))
    }
  }
}

const cases = operations.map(makeCase)
const timings = new Map<string, Array<number>>()
const record = (key: string, millis: number) => {
  const list = timings.get(key) ?? []
  list.push(millis)
  timings.set(key, list)
}

for (const c of cases) {
  c.encode()
  c.decode()
}
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < cases.length; i++) {
    const c = cases[(i + round) % cases.length]!
    let start = performance.now()
    c.encode()
    record(`${c.name} encode`, performance.now() - start)
    start = performance.now()
    c.decode()
    record(`${c.name} decode`, performance.now() - start)
  }
}

const trimmedMean = (values: Array<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const kept = sorted.slice(0, Math.max(1, Math.floor(sorted.length * 0.9)))
  return kept.reduce((sum, value) => sum + value, 0) / kept.length
}

let encodeTotal = 0
let decodeTotal = 0
console.log(`µs per request (mean of ${REQUESTS} generated requests, ${ROUNDS} rounds, slowest tenth left out)`)
console.log("operation".padEnd(16) + "encode".padStart(10) + "decode".padStart(10))
for (const c of cases) {
  const encode = (trimmedMean(timings.get(`${c.name} encode`)!) * 1000) / REQUESTS
  const decode = (trimmedMean(timings.get(`${c.name} decode`)!) * 1000) / REQUESTS
  encodeTotal += encode
  decodeTotal += decode
  console.log(c.name.padEnd(16) + encode.toFixed(2).padStart(10) + decode.toFixed(2).padStart(10))
}
console.log("all".padEnd(16) + encodeTotal.toFixed(2).padStart(10) + decodeTotal.toFixed(2).padStart(10))
