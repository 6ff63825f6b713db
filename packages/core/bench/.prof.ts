import { DateTime } from "effect"
import { makeJsonDecoder } from "../src/internal/effect/fastDecode.js"
import * as RapidJson from "../src/RapidJson.js"
import * as Trip from "../src/Trip.js"
import * as AddInfo from "../src/AddInfo.js"
import * as Departures from "../src/Departures.js"
import * as responses from "./responses.js"
const which = process.argv[2] ?? "trip"
const rapidJson = RapidJson.responses({ timeZone: DateTime.zoneUnsafeMakeNamed("Europe/Berlin") })
const c = which === "trip" ? { s: Trip.operation.response, d: responses.trip() }
  : which === "rtrip" ? { s: rapidJson.trip, d: responses.rapidJsonTrip() }
  : which === "addInfo" ? { s: AddInfo.operation.response, d: responses.addInfo() }
  : which === "dep" ? { s: Departures.operation.response, d: responses.board() }
  : which === "rdep" ? { s: rapidJson.departures, d: responses.rapidJsonBoard() }
  : { s: Trip.operation.response, d: responses.withUnknownFields(responses.trip()) }
const text = JSON.stringify(c.d)
const dec = makeJsonDecoder(c.s as any)
let sink: unknown
const t0 = Date.now(); let n = 0; let tp = 0, td = 0
while (Date.now() - t0 < Number(process.argv[3] ?? 8000)) {
  const a = performance.now(); const j = JSON.parse(text); const b = performance.now()
  sink = dec(j, text); const e = performance.now(); tp += b - a; td += e - b; n++
}
console.log(which, n, "parse", (tp / n).toFixed(3), "decode", (td / n).toFixed(3), "ratio", ((tp + td) / tp).toFixed(2))
if (sink === 1) console.log(sink)
