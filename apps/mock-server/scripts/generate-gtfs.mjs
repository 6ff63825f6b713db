#!/usr/bin/env node
// Writes a deterministic GTFS feed the size of a large transport association (by default 10,000 stops, 500
// routes, 50,000 trips, 1,000,000 stop times) into a folder, for the GTFS benchmark (`bench/gtfs.ts`):
//
//   node scripts/generate-gtfs.mjs <folder> [--scale <factor>]
//
// The stations lie on a grid about 400 m apart around Stuttgart (IDs `de:08111:<n>`, a platform per direction);
// each route is a walk of 20 stations across the grid run in both directions, by day every 20 minutes (weekday
// trips) and thinner at weekends. `transfers.txt` gives change times and joins station complexes by walks. The same arguments write the same bytes. `--scale 0.01` writes a small feed of the same shape.
import { createWriteStream, mkdirSync } from "node:fs"
import * as path from "node:path"
import { parseArgs } from "node:util"

const { positionals, values } = parseArgs({ allowPositionals: true, options: { scale: { type: "string" } } })
const folder = positionals[0]
if (folder === undefined) {
  console.error("usage: node scripts/generate-gtfs.mjs <folder> [--scale <factor>]")
  process.exit(1)
}
const scale = Number(values.scale ?? 1)
const STOPS = Math.max(100, Math.round(10_000 * scale))
const ROUTES = Math.max(5, Math.round(500 * scale))
const TRIPS_PER_ROUTE = 100 // 50 each way
const STOPS_PER_TRIP = 20

// mulberry32: a small seeded generator, so the feed is the same on every run
let seed = 0x5eed
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (n) => Math.floor(random() * n)

mkdirSync(folder, { recursive: true })
const open = (name, header) => {
  const stream = createWriteStream(path.join(folder, name))
  stream.write(`${header}\n`)
  let buffer = []
  return {
    row: (fields) => {
      buffer.push(fields.join(","))
      if (buffer.length >= 5000) {
        stream.write(`${buffer.join("\n")}\n`)
        buffer = []
      }
    },
    end: () =>
      new Promise((resolve) => {
        if (buffer.length > 0) stream.write(`${buffer.join("\n")}\n`)
        stream.end(resolve)
      })
  }
}

const agency = open("agency.txt", "agency_id,agency_name,agency_url,agency_timezone,agency_lang")
agency.row(["GV", "Generierter Verbund", "https://example.org/", "Europe/Berlin", "de"])
await agency.end()

const feedInfo = open("feed_info.txt", "feed_publisher_name,feed_publisher_url,feed_lang,feed_version")
feedInfo.row(["Generierter Verbund", "https://example.org/", "de", "1"])
await feedInfo.end()

const calendar = open(
  "calendar.txt",
  "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date"
)
calendar.row(["WK", 1, 1, 1, 1, 1, 0, 0, "20260301", "20261212"])
calendar.row(["WE", 0, 0, 0, 0, 0, 1, 1, "20260301", "20261212"])
await calendar.end()
const dates = open("calendar_dates.txt", "service_id,date,exception_type")
dates.row(["WK", "20260501", 2])
dates.row(["WE", "20260501", 1])
await dates.end()

// the grid
const side = Math.ceil(Math.sqrt(STOPS))
const stopId = (i) => `de:08111:${10000 + i}`
const places = ["Stuttgart", "Esslingen", "Ludwigsburg", "Böblingen", "Waiblingen", "Fellbach", "Leonberg"]
const streets = ["Markt", "Bahnhof", "Rathaus", "Schule", "Kirche", "Post", "Brücke", "Park", "Friedhof", "Mühle"]
// each stop a station with a platform for each direction (`<id>:1:1`, `<id>:1:2`)
const platformId = (i, direction) => `${stopId(i)}:1:${direction + 1}`
const stops = open(
  "stops.txt",
  "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code,wheelchair_boarding"
)
for (let i = 0; i < STOPS; i++) {
  const row = Math.floor(i / side)
  const column = i % side
  const lat = (48.6 + row * 0.0036 + (random() - 0.5) * 0.0008).toFixed(6)
  const lon = (9.0 + column * 0.0054 + (random() - 0.5) * 0.0012).toFixed(6)
  const place = places[Math.floor(column / Math.max(1, side / places.length)) % places.length]
  const name = `"${place}, ${streets[i % streets.length]} ${i}"`
  const wheelchair = random() < 0.8 ? 1 : 2
  stops.row([stopId(i), name, lat, lon, 1, "", "", wheelchair])
  for (const direction of [0, 1]) stops.row([platformId(i, direction), name, lat, lon, 0, stopId(i), direction + 1, ""])
}
await stops.end()

// transfers.txt: the change time at a third of the stations (0 s to 5 minutes, some on a platform), and station
// complexes: every tenth station joined to its neighbours on the grid by walks of 2 to 5 minutes both ways
const transfers = open("transfers.txt", "from_stop_id,to_stop_id,transfer_type,min_transfer_time")
let transferCount = 0
for (let i = 0; i < STOPS; i++) {
  if (random() < 1 / 3) {
    const id = random() < 0.5 ? stopId(i) : platformId(i, pick(2))
    transfers.row([id, id, 2, [0, 0, 60, 180, 300][pick(5)]])
    transferCount++
  }
  if (i % 10 !== 0) continue
  for (const neighbour of [i + 1, i + side]) {
    if (neighbour >= STOPS || (neighbour === i + 1 && neighbour % side === 0)) continue
    const seconds = 120 + pick(7) * 30
    transfers.row([stopId(i), stopId(neighbour), 2, seconds])
    transfers.row([stopId(neighbour), stopId(i), 2, seconds])
    transferCount += 2
  }
}
await transfers.end()

// routes: walks of distinct neighbouring grid cells
const routeTypes = [3, 3, 3, 3, 0, 0, 109, 400, 2, 700]
const routes = open("routes.txt", "route_id,agency_id,route_short_name,route_long_name,route_type")
const trips = open("trips.txt", "route_id,service_id,trip_id,trip_headsign,direction_id")
const stopTimes = open("stop_times.txt", "trip_id,arrival_time,departure_time,stop_id,stop_sequence")
const time = (seconds) => {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor(seconds / 60) % 60
  const s = seconds % 60
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`
}
const moves = [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [-1, 1]]
let tripCount = 0
let stopTimeCount = 0
for (let r = 0; r < ROUTES; r++) {
  const path = []
  let row = pick(side)
  let column = pick(side)
  let move = moves[pick(moves.length)]
  while (path.length < STOPS_PER_TRIP) {
    const index = row * side + column
    if (index < STOPS && !path.includes(index)) path.push(index)
    if (random() < 0.25) move = moves[pick(moves.length)]
    row = Math.min(side - 1, Math.max(0, row + move[0]))
    column = Math.min(side - 1, Math.max(0, column + move[1]))
    if ((row === 0 || row === side - 1 || column === 0 || column === side - 1) && random() < 0.5) {
      move = [-move[0], -move[1]]
    }
  }
  const type = routeTypes[r % routeTypes.length]
  const routeId = `r${r}`
  routes.row([routeId, "GV", type === 3 || type === 700 ? String(100 + r) : `L${r}`, "", type])
  const runs = path.map(() => 60 + pick(3) * 30)
  for (const direction of [0, 1]) {
    const order = direction === 0 ? path : [...path].reverse()
    const headsign = `"${direction === 0 ? "Richtung" : "Gegenrichtung"} ${r}"`
    for (let n = 0; n < TRIPS_PER_ROUTE / 2; n++) {
      // 40 weekday trips every 20 minutes from about 05:00, 10 weekend trips every hour from about 08:00
      const weekend = n >= 40
      const start = weekend ? 8 * 3600 + (n - 40) * 3600 : 5 * 3600 + n * 1200
      const tripId = `t${r}-${direction}-${n}`
      trips.row([routeId, weekend ? "WE" : "WK", tripId, headsign, direction])
      let t = start + (r % 20) * 60
      order.forEach((stop, i) => {
        if (i > 0) t += runs[i]
        const arrival = t
        if (i > 0 && i < order.length - 1) t += 30
        stopTimes.row([tripId, time(arrival), time(t), platformId(stop, direction), i + 1])
        stopTimeCount++
      })
      tripCount++
    }
  }
}
await routes.end()
await trips.end()
await stopTimes.end()
console.log(
  `generate-gtfs: ${folder}: ${STOPS} stations (${2 * STOPS} platforms), ${ROUTES} routes, ${tripCount} trips, ` +
    `${stopTimeCount} stop times, ${transferCount} transfers`
)
