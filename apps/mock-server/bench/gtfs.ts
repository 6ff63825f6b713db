/**
 * `pnpm bench:gtfs`: the fake on a GTFS feed the size of a large transport association. Writes the feed with
 * `scripts/generate-gtfs.mjs` (10,000 stations, 500 routes, 50,000 trips, 1,000,000 stop times, change times
 * and station complexes in `transfers.txt`) unless a feed is given, then prints, with the targets beside them:
 *
 * - loading the feed (`--gtfs`) and converting it to a dataset folder (`dataset from-gtfs`): seconds, and the
 *   process's peak memory after both (target under 30 s and 1.5 GB);
 * - trip queries between two stops the feed serves: median and 99th percentile (under 20 ms and 100 ms), and
 *   how many stopped at the router's work budget (`-4000` "search stopped") and how many found no connection;
 * - departure boards and stop finder queries: medians (under 2 ms each), and the medians of the process's
 *   processor time per query, which a loaded machine changes less than the wall clock.
 *
 * Queries go to the app in process (no sockets), rapidJSON, with the answer cache off so that every answer is
 * computed; the first trip query, which builds the routing timetable of the day, is reported on its own. The
 * stops and pairs asked are drawn with a fixed seed, so runs ask the same.
 *
 *   node --import tsx bench/gtfs.ts [feed folder or .zip] [--trips <n>] [--boards <n>] [--finder <n>]
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { loadGtfsDataset, makeMockServer, writeDataset } from "../src/index.js"
import { median } from "./stats.js"

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { trips: { type: "string" }, boards: { type: "string" }, finder: { type: "string" } }
})
const tripCount = Number(values.trips ?? 200)
const boardCount = Number(values.boards ?? 500)
const finderCount = Number(values.finder ?? 500)

let feed = positionals[0]
if (feed === undefined) {
  feed = path.join(os.tmpdir(), "efa-gtfs-bench-feed")
  if (!fs.existsSync(path.join(feed, "stop_times.txt"))) {
    const generator = fileURLToPath(new URL("../scripts/generate-gtfs.mjs", import.meta.url))
    process.stdout.write(execFileSync(process.execPath, [generator, feed]))
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const peakMb = () => process.resourceUsage().maxRSS / 1024
const target = (ok: boolean) => (ok ? "met" : "NOT met")

// loading, then converting to a folder
let started = performance.now()
const { dataset, fallbacks } = await loadGtfsDataset(feed)
const loadMs = performance.now() - started
const out = fs.mkdtempSync(path.join(os.tmpdir(), "efa-gtfs-bench-dataset-"))
started = performance.now()
await writeDataset(dataset, out)
const writeMs = performance.now() - started
const bytes = fs.readdirSync(out).reduce((sum, file) => sum + fs.statSync(path.join(out, file)).size, 0)
fs.rmSync(out, { recursive: true, force: true })
const trips = dataset.timetable?.trips ?? []
console.log(`feed: ${feed}`)
console.log(
  `  ${dataset.stops.length} stops, ${dataset.lines.length} lines, ${trips.length} trips, ` +
    `${trips.reduce((sum, trip) => sum + trip.calls.length, 0)} calls`
)
for (const line of fallbacks) console.log(`  ${line}`)
console.log(`load (--gtfs): ${seconds(loadMs)} (target under 30 s: ${target(loadMs < 30_000)})`)
console.log(
  `convert (dataset from-gtfs): ${seconds(loadMs + writeMs)} (writing ${seconds(writeMs)}, ` +
    `${(bytes / 1024 / 1024).toFixed(1)} MB) (target under 30 s: ${target(loadMs + writeMs < 30_000)})`
)

// the stops trips call at, drawn with a fixed seed
let seed = 42
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const served = Array.from(new Set(trips.flatMap((trip) => trip.calls.map((call) => call[0] as string))))
const draw = () => served[Math.floor(random() * served.length)]!
const stopName = new Map(dataset.stops.map((stop) => [stop.id as string, stop.name]))

const fake = makeMockServer({ dataset, limits: { maxCachedAnswers: 0 } })
// the wall-clock time of a query and the process's processor time in it (which other work on a shared machine
// changes less)
const ask = async (query: string): Promise<{ ms: number; cpuMs: number; text: string }> => {
  const cpu = process.cpuUsage()
  const t = performance.now()
  const response = await fake.app.request(`/${query}&outputFormat=rapidJSON`)
  const text = await response.text()
  const ms = performance.now() - t
  const used = process.cpuUsage(cpu)
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${text.slice(0, 200)}`)
  return { ms, cpuMs: (used.user + used.system) / 1000, text }
}
const tripQuery = (from: string, to: string) =>
  `XML_TRIP_REQUEST2?type_origin=any&name_origin=${encodeURIComponent(from)}` +
  `&type_destination=any&name_destination=${encodeURIComponent(to)}`
const percentile = (list: ReadonlyArray<number>, p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!

const first = await ask(tripQuery(draw(), draw()))
console.log(`first trip query (builds the routing timetable of three days): ${first.ms.toFixed(0)} ms`)
const tripTimes: Array<number> = []
let stopped = 0
let unconnected = 0
let found = 0
for (let i = 0; i < tripCount; i++) {
  const from = draw()
  let to = draw()
  while (to === from) to = draw()
  const { ms, text } = await ask(tripQuery(from, to))
  tripTimes.push(ms)
  // the same code says that the budget stopped the search and that no connection was found: the text tells
  if (text.includes("\"code\":-4000") && text.includes("search stopped")) stopped++
  else if (text.includes("\"code\":-4000")) unconnected++
  if (text.includes("\"journeys\":[{")) found++
}
const tripMedian = median(tripTimes)
const tripP99 = percentile(tripTimes, 0.99)
console.log(
  `trip queries (${tripCount}): median ${tripMedian.toFixed(1)} ms (target under 20 ms: ` +
    `${target(tripMedian < 20)}), p99 ${tripP99.toFixed(1)} ms (target under 100 ms: ${target(tripP99 < 100)}); ` +
    `${found} with journeys, ${stopped} stopped at the work budget (-4000 "search stopped"), ` +
    `${unconnected} without a connection (-4000 "no connection found")`
)

// a board names its stop by its ID (no name search), as the stop finder below searches names
const boardTimes: Array<number> = []
const boardCpu: Array<number> = []
for (let i = 0; i < boardCount; i++) {
  const { cpuMs, ms } = await ask(
    `XML_DM_REQUEST?type_dm=any&name_dm=${encodeURIComponent(draw())}&mode=direct&limit=10`
  )
  boardTimes.push(ms)
  boardCpu.push(cpuMs)
}
const boardMedian = median(boardTimes)
console.log(
  `departure boards (${boardCount}): median ${boardMedian.toFixed(2)} ms (target under 2 ms: ` +
    `${target(boardMedian < 2)}), p99 ${percentile(boardTimes, 0.99).toFixed(1)} ms; ` +
    `processor time median ${median(boardCpu).toFixed(2)} ms`
)

const finderTimes: Array<number> = []
const finderCpu: Array<number> = []
for (let i = 0; i < finderCount; i++) {
  const name = stopName.get(draw())!
  const { cpuMs, ms } = await ask(`XML_STOPFINDER_REQUEST?type_sf=any&name_sf=${encodeURIComponent(name)}`)
  finderTimes.push(ms)
  finderCpu.push(cpuMs)
}
const finderMedian = median(finderTimes)
console.log(
  `stop finder (${finderCount}): median ${finderMedian.toFixed(2)} ms (target under 2 ms: ` +
    `${target(finderMedian < 2)}), p99 ${percentile(finderTimes, 0.99).toFixed(1)} ms; ` +
    `processor time median ${median(finderCpu).toFixed(2)} ms`
)
const peak = peakMb()
console.log(`peak memory (resident, whole run): ${peak.toFixed(0)} MB (target under 1536 MB: ${target(peak < 1536)})`)
