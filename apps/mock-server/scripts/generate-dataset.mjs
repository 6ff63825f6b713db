// Writes the embedded dataset (apps/mock-server/dataset/*.json) from the tables below.
// Deterministic: the same script always writes the same bytes. Run with
//   node apps/mock-server/scripts/generate-dataset.mjs
// and commit the output. DATASET.md describes the result.
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "dataset")

// ----------------------------------------------------------------------------------------------------
// small helpers
// ----------------------------------------------------------------------------------------------------

const round6 = (x) => Math.round(x * 1e6) / 1e6

// FNV-1a, for deterministic jitter
const hash = (text) => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}
const unit = (text) => hash(text) / 0xffffffff

const metersBetween = (a, b) => {
  const R = 6371008.8
  const rad = Math.PI / 180
  const dLat = (b[0] - a[0]) * rad
  const dLon = (b[1] - a[1]) * rad
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2
  return 2 * R * Math.asin(Math.sqrt(s))
}

// A gently curved path from a to b: a quadratic Bezier whose control point is pushed sideways by a
// deterministic amount, sampled about every 120 m. The ends are exactly a and b.
const curve = (a, b, seed) => {
  const length = metersBetween(a, b)
  const steps = Math.max(2, Math.round(length / 120))
  const bend = (unit(seed) - 0.5) * 0.24
  const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
  // perpendicular in a local plane where one degree of longitude is cos(lat) degrees of latitude
  const k = Math.cos((mid[0] * Math.PI) / 180)
  const dy = b[0] - a[0]
  const dx = (b[1] - a[1]) * k
  const control = [mid[0] + dx * bend, mid[1] - (dy * bend) / k]
  const points = []
  for (let i = 1; i < steps; i++) {
    const t = i / steps
    const u = 1 - t
    points.push([
      round6(u * u * a[0] + 2 * u * t * control[0] + t * t * b[0]),
      round6(u * u * a[1] + 2 * u * t * control[1] + t * t * b[1])
    ])
  }
  return points
}

// A closed ring approximating a circle (for zones and operating areas), wobbled deterministically.
const ring = (center, radiusMeters, corners, seed) => {
  const points = []
  const dLat = radiusMeters / 111_320
  const dLon = radiusMeters / (111_320 * Math.cos((center[0] * Math.PI) / 180))
  for (let i = 0; i < corners; i++) {
    const angle = (2 * Math.PI * i) / corners
    const wobble = 0.85 + 0.3 * unit(`${seed}:${i}`)
    points.push([round6(center[0] + Math.sin(angle) * dLat * wobble),
      round6(center[1] + Math.cos(angle) * dLon * wobble)])
  }
  points.push(points[0])
  return points
}

// Indented JSON with arrays of numbers or strings kept on one line, so geometries stay compact.
const write = (name, value) => {
  const text = JSON.stringify(value, null, 1).replace(/\[\s+([^\[\]{}]*?)\s+\]/g, (_, inner) =>
    `[${inner.replace(/,\s+/g, ", ")}]`
  )
  writeFileSync(join(out, name), text + "\n")
}

// ----------------------------------------------------------------------------------------------------
// places: municipality key (OMC) and place IDs
// ----------------------------------------------------------------------------------------------------

const places = {
  "Stuttgart": { omc: "8111000" },
  "Böblingen": { omc: "8115003" },
  "Sindelfingen": { omc: "8115045" },
  "Herrenberg": { omc: "8115021" },
  "Ehningen": { omc: "8115015" },
  "Gärtringen": { omc: "8115016" },
  "Nufringen": { omc: "8115036" },
  "Esslingen am Neckar": { omc: "8116019" },
  "Altbach": { omc: "8116004" },
  "Plochingen": { omc: "8116053" },
  "Ostfildern": { omc: "8116078" },
  "Leinfelden-Echterdingen": { omc: "8116077" },
  "Kornwestheim": { omc: "8118046" },
  "Leonberg": { omc: "8115028" },
  "Ludwigsburg": { omc: "8118048" },
  "Fellbach": { omc: "8119020" },
  "Waiblingen": { omc: "8119079" }
}

// Stuttgart's districts have their own place IDs; other municipalities have place ID 1.
const districts = {
  "Mitte": "1",
  "Nord": "2",
  "Süd": "3",
  "Ost": "4",
  "West": "5",
  "Bad Cannstatt": "6",
  "Untertürkheim": "7",
  "Obertürkheim": "8",
  "Vaihingen": "9",
  "Degerloch": "10",
  "Möhringen": "11",
  "Zuffenhausen": "12",
  "Feuerbach": "13"
}

// ----------------------------------------------------------------------------------------------------
// stops: [id, name, place, district (Stuttgart) or null, lat, lon, facilities, aliases]
// facilities: "E" elevator, "R" escalator, "S" stairs; none is level access
// ----------------------------------------------------------------------------------------------------

const stopRows = [
  ["de:08111:6118", "Stuttgart, Hauptbahnhof", "Stuttgart", "Mitte", 48.784081, 9.181636, "ERS", ["Stuttgart Hbf",
    "Hauptbahnhof (tief)", "Arnulf-Klett-Platz"]],
  ["de:08111:6056", "Stuttgart, Stadtmitte", "Stuttgart", "Mitte", 48.776456, 9.173299, "ERS", ["Rotebühlplatz"]],
  ["de:08111:6052", "Stuttgart, Feuersee", "Stuttgart", "West", 48.773152, 9.165651, "ES", []],
  ["de:08111:6008", "Stuttgart, Schwabstraße", "Stuttgart", "West", 48.769191, 9.157205, "ERS", []],
  ["de:08111:6111", "Stuttgart, Universität", "Stuttgart", "Vaihingen", 48.745906, 9.104922, "ERS", ["Uni Vaihingen"]],
  ["de:08111:6112", "Stuttgart, Österfeld", "Stuttgart", "Vaihingen", 48.731504, 9.120705, "S", []],
  ["de:08111:6002", "Stuttgart, Vaihingen", "Stuttgart", "Vaihingen", 48.726582, 9.113102, "ES", ["Vaihingen Bahnhof"]],
  ["de:08111:6115", "Stuttgart, Rohr", "Stuttgart", "Vaihingen", 48.709983, 9.113985, "ES", []],
  ["de:08111:6057", "Stuttgart, Nordbahnhof", "Stuttgart", "Nord", 48.800914, 9.183746, "S", []],
  ["de:08111:6333", "Stuttgart, Zuffenhausen", "Stuttgart", "Zuffenhausen", 48.832704, 9.169847, "ES", []],
  ["de:08111:6200", "Stuttgart, Bad Cannstatt", "Stuttgart", "Bad Cannstatt", 48.801627, 9.215553, "ERS",
    ["Bad Cannstatt Bahnhof"]],
  ["de:08111:6225", "Stuttgart, Neckarpark", "Stuttgart", "Bad Cannstatt", 48.793812, 9.226497, "ES",
    ["Neckarpark (Stadion)"]],
  ["de:08111:6280", "Stuttgart, Untertürkheim", "Stuttgart", "Untertürkheim", 48.779816, 9.253821, "S", []],
  ["de:08111:6290", "Stuttgart, Obertürkheim", "Stuttgart", "Obertürkheim", 48.762513, 9.270793, "S", []],
  ["de:08111:5006", "Stuttgart, Schloßplatz", "Stuttgart", "Mitte", 48.778702, 9.179219, "ERS", ["Schlossplatz"]],
  ["de:08111:5005", "Stuttgart, Charlottenplatz", "Stuttgart", "Mitte", 48.776103, 9.184093, "ERS", []],
  ["de:08111:5012", "Stuttgart, Rathaus", "Stuttgart", "Mitte", 48.774302, 9.177896, "ES", []],
  ["de:08111:5152", "Stuttgart, Marienplatz", "Stuttgart", "Süd", 48.764196, 9.168303, "ES", []],
  ["de:08111:5153", "Stuttgart, Südheimer Platz", "Stuttgart", "Süd", 48.758498, 9.159002, "", []],
  ["de:08111:5201", "Stuttgart, Berliner Platz (Liederhalle)", "Stuttgart", "Mitte", 48.778803, 9.169902, "ES",
    ["Liederhalle"]],
  ["de:08111:5210", "Stuttgart, Hölderlinplatz", "Stuttgart", "Nord", 48.784699, 9.160303, "", []],
  ["de:08111:5300", "Stuttgart, Killesberg", "Stuttgart", "Nord", 48.801905, 9.168798, "", ["Messe Killesberg"]],
  ["de:08111:5051", "Stuttgart, Neckartor", "Stuttgart", "Ost", 48.787702, 9.192903, "S", []],
  ["de:08111:5060", "Stuttgart, Stöckach", "Stuttgart", "Ost", 48.785798, 9.198797, "S", []],
  ["de:08111:5080", "Stuttgart, Mineralbäder", "Stuttgart", "Bad Cannstatt", 48.795004, 9.210003, "", []],
  ["de:08111:5090", "Stuttgart, Wilhelmsplatz", "Stuttgart", "Bad Cannstatt", 48.804401, 9.217905, "ES",
    ["Bad Cannstatt Wilhelmsplatz"]],
  ["de:08111:5040", "Stuttgart, Olgaeck", "Stuttgart", "Mitte", 48.770798, 9.187203, "S", []],
  ["de:08111:5045", "Stuttgart, Bopser", "Stuttgart", "Süd", 48.765401, 9.185602, "S", []],
  ["de:08111:5410", "Stuttgart, Ruhbank (Fernsehturm)", "Stuttgart", "Degerloch", 48.757302, 9.194604, "",
    ["Fernsehturm"]],
  ["de:08111:5420", "Stuttgart, Degerloch", "Stuttgart", "Degerloch", 48.749003, 9.169801, "E", []],
  ["de:08111:5430", "Stuttgart, Haigst", "Stuttgart", "Degerloch", 48.755104, 9.168002, "", []],
  ["de:08111:5440", "Stuttgart, Möhringen Bahnhof", "Stuttgart", "Möhringen", 48.724303, 9.150204, "E", []],
  ["de:08111:6260", "Stuttgart, Sommerrain", "Stuttgart", "Bad Cannstatt", 48.813804, 9.239503, "S", []],
  ["de:08115:3200", "Böblingen, Bahnhof", "Böblingen", null, 48.685603, 9.012004, "ES", ["Böblingen Bf"]],
  ["de:08115:3210", "Böblingen, Goldberg", "Böblingen", null, 48.698999, 9.044602, "S", []],
  ["de:08115:4500", "Sindelfingen, Bahnhof", "Sindelfingen", null, 48.709702, 9.017203, "S", ["Sindelfingen Bf"]],
  ["de:08115:2100", "Herrenberg, Bahnhof", "Herrenberg", null, 48.594402, 8.868903, "ES", ["Herrenberg Bf"]],
  ["de:08115:1500", "Ehningen, Bahnhof", "Ehningen", null, 48.657403, 8.943304, "S", []],
  ["de:08115:1600", "Gärtringen, Bahnhof", "Gärtringen", null, 48.641402, 8.903103, "S", []],
  ["de:08115:3600", "Nufringen, Bahnhof", "Nufringen", null, 48.621803, 8.891502, "S", []],
  ["de:08116:2400", "Esslingen (Neckar), Bahnhof", "Esslingen am Neckar", null, 48.737603, 9.304104, "ES",
    ["Esslingen Bf", "Eßlingen"]],
  ["de:08116:2410", "Esslingen (Neckar), Oberesslingen", "Esslingen am Neckar", null, 48.734604, 9.328803, "S", []],
  ["de:08116:2420", "Esslingen (Neckar), Zell", "Esslingen am Neckar", null, 48.728503, 9.349004, "S", []],
  ["de:08116:2430", "Esslingen (Neckar), Mettingen", "Esslingen am Neckar", null, 48.750202, 9.285303, "S", []],
  ["de:08116:2440", "Esslingen (Neckar), Zollberg", "Esslingen am Neckar", null, 48.722503, 9.312002, "", []],
  ["de:08116:2450", "Esslingen (Neckar), Berkheim", "Esslingen am Neckar", null, 48.707303, 9.339004, "", []],
  ["de:08116:1000", "Altbach, Bahnhof", "Altbach", null, 48.722404, 9.379203, "S", []],
  ["de:08116:5300", "Plochingen, Bahnhof", "Plochingen", null, 48.712404, 9.418703, "ERS", ["Plochingen Bf"]],
  ["de:08116:7800", "Ostfildern, Nellingen Ostfildern", "Ostfildern", null, 48.716404, 9.289003, "E", ["Nellingen"]],
  ["de:08116:7810", "Ostfildern, Scharnhausen", "Ostfildern", null, 48.700503, 9.257202, "", []],
  ["de:08116:7700", "Leinfelden-Echterdingen, Leinfelden Bahnhof", "Leinfelden-Echterdingen", null, 48.693604,
    9.140503, "ES", ["Leinfelden"]],
  ["de:08116:7710", "Leinfelden-Echterdingen, Echterdingen Bahnhof", "Leinfelden-Echterdingen", null, 48.690603,
    9.162002, "ES", ["Echterdingen"]],
  ["de:08116:7720", "Leinfelden-Echterdingen, Flughafen/Messe", "Leinfelden-Echterdingen", null, 48.690505, 9.193803,
    "ER", ["Stuttgart Flughafen", "Flughafen Stuttgart", "Messe Stuttgart"]],
  ["de:08118:4600", "Kornwestheim, Bahnhof", "Kornwestheim", null, 48.862704, 9.181002, "ES", []],
  ["de:08118:4800", "Ludwigsburg, Bahnhof", "Ludwigsburg", null, 48.892103, 9.185303, "ERS", ["Ludwigsburg Bf"]],
  ["de:08118:4810", "Ludwigsburg, Favoritepark", "Ludwigsburg", null, 48.905004, 9.195602, "S", []],
  ["de:08118:4820", "Ludwigsburg, Residenzschloss", "Ludwigsburg", null, 48.898304, 9.195803, "",
    ["Schloss Ludwigsburg"]],
  ["de:08119:2000", "Fellbach, Bahnhof", "Fellbach", null, 48.811204, 9.272903, "ES", []],
  ["de:08119:2010", "Fellbach, Lutherkirche", "Fellbach", null, 48.807904, 9.275602, "", []],
  ["de:08119:7900", "Waiblingen, Bahnhof", "Waiblingen", null, 48.826003, 9.300304, "ERS", ["Waiblingen Bf"]],
  // a museum railway's stop that no line of the timetable serves: its board answers -4050
  ["de:08115:5620", "Leonberg, Museumsbahnhof", "Leonberg", null, 48.798512, 9.013044, "S", []]
]

const stops = stopRows.map(([id, name, place, district, lat, lon, facilities, aliases]) => ({
  id,
  name,
  place,
  omc: places[place].omc,
  placeId: district === null ? "1" : districts[district],
  coord: { lat, lon },
  ...(aliases.length > 0 ? { aliases } : {}),
  facilities: {
    elevator: facilities.includes("E"),
    escalator: facilities.includes("R"),
    stairs: facilities.includes("S")
  }
}))
const stopById = new Map(stops.map((stop) => [stop.id, stop]))
const byName = (short) => {
  const stop = stops.find((s) => s.name.endsWith(`, ${short}`) || s.name === short)
  if (stop === undefined) throw new Error(`no stop ${short}`)
  return stop.id
}

// ----------------------------------------------------------------------------------------------------
// timetable patterns
// ----------------------------------------------------------------------------------------------------

const sBahnWeekday = [
  { from: "04:51", until: "06:00", every: 30 },
  { from: "06:06", until: "09:00", every: 15 },
  { from: "09:06", until: "15:30", every: 30 },
  { from: "15:36", until: "19:30", every: 15 },
  { from: "19:36", until: "24:40", every: 30 }
]
const sBahnSaturday = [
  { from: "05:21", until: "09:00", every: 30 },
  { from: "09:06", until: "20:00", every: 15 },
  { from: "20:06", until: "24:40", every: 30 }
]
const sBahnSunday = [{ from: "06:21", until: "24:40", every: 30 }]

const stadtbahnWeekday = [
  { from: "04:45", until: "06:00", every: 20 },
  { from: "06:00", until: "20:00", every: 10 },
  { from: "20:00", until: "24:50", every: 15 }
]
const stadtbahnWeekend = [
  { from: "05:45", until: "09:00", every: 20 },
  { from: "09:00", until: "20:00", every: 10 },
  { from: "20:00", until: "24:50", every: 15 }
]

const busWeekday = (every) => [
  { from: "05:12", until: "06:30", every: 30 },
  { from: "06:32", until: "19:00", every },
  { from: "19:12", until: "23:45", every: 30 }
]
const busWeekend = [{ from: "07:12", until: "23:45", every: 30 }]

const services = (weekday, saturday, sunday) => [
  { days: ["weekday"], bands: weekday },
  ...(saturday === sunday
    ? [{ days: ["saturday", "sunday"], bands: saturday }]
    : [{ days: ["saturday"], bands: saturday }, { days: ["sunday"], bands: sunday }])
]

// ----------------------------------------------------------------------------------------------------
// lines
// ----------------------------------------------------------------------------------------------------

const operators = {
  DB: { code: "DBR", name: "DB Regio AG, Region Baden-Württemberg" },
  SSB: { code: "SSB", name: "Stuttgarter Straßenbahnen AG" },
  SVE: { code: "SVE", name: "Städtischer Verkehrsbetrieb Esslingen" },
  LVL: { code: "LVL", name: "Ludwigsburger Verkehrslinien" },
  RBS: { code: "RBS", name: "Regionalbus Stuttgart GmbH" },
  FV: { code: "FVS", name: "Fischle Verkehrsbetriebe" },
  GA: { code: "GABW", name: "Go-Ahead Baden-Württemberg GmbH" }
}

// [code, number, product, mot, operator, kinds, lowFloor, wheelchair, dwell, towards H, towards R, offset R,
//   services, stops [name, run]]
const lineRows = [
  ["10001", "S1", "S-Bahn", 1, "DB", ["STT", "TTB", "StationTT"], false, true, 1, "Plochingen", "Herrenberg", 7,
    services(sBahnWeekday, sBahnSaturday, sBahnSunday),
    [["Herrenberg, Bahnhof", 0], ["Nufringen, Bahnhof", 3], ["Gärtringen, Bahnhof", 3], ["Ehningen, Bahnhof", 4],
      ["Böblingen, Bahnhof", 5], ["Goldberg", 3], ["Rohr", 5], ["Vaihingen", 2], ["Österfeld", 2], ["Universität", 2],
      ["Schwabstraße", 5], ["Feuersee", 1], ["Stadtmitte", 1], ["Hauptbahnhof", 2], ["Bad Cannstatt", 4],
      ["Neckarpark", 2], ["Untertürkheim", 3], ["Obertürkheim", 2], ["Mettingen", 2], ["Esslingen (Neckar), Bahnhof",
        3],
      ["Oberesslingen", 2], ["Zell", 2], ["Altbach, Bahnhof", 2], ["Plochingen, Bahnhof", 4]]],
  ["10002", "S2", "S-Bahn", 1, "DB", ["STT", "TTB", "StationTT"], false, true, 1, "Waiblingen", "Flughafen/Messe", 4,
    services(sBahnWeekday, sBahnSaturday, sBahnSunday),
    [["Flughafen/Messe", 0], ["Echterdingen Bahnhof", 3], ["Leinfelden Bahnhof", 2], ["Rohr", 5], ["Vaihingen", 2],
      ["Österfeld", 2], ["Universität", 2], ["Schwabstraße", 5], ["Feuersee", 1], ["Stadtmitte", 1], ["Hauptbahnhof",
        2],
      ["Bad Cannstatt", 4], ["Sommerrain", 4], ["Fellbach, Bahnhof", 3], ["Waiblingen, Bahnhof", 4]]],
  ["10004", "S4", "S-Bahn", 1, "DB", ["STT", "TTB", "StationTT"], false, true, 1, "Ludwigsburg", "Schwabstraße", 11,
    [
      { days: ["weekday"], bands: sBahnWeekday },
      // weekend construction: S4 turns at Zuffenhausen, the SEV bus runs on
      { days: ["saturday", "sunday"], between: [byName("Schwabstraße"), byName("Zuffenhausen")], bands: sBahnSaturday }
    ],
    [["Schwabstraße", 0], ["Feuersee", 1], ["Stadtmitte", 1], ["Hauptbahnhof", 2], ["Nordbahnhof", 3],
      ["Zuffenhausen", 5], ["Kornwestheim, Bahnhof", 4], ["Ludwigsburg, Bahnhof", 5], ["Favoritepark", 3]]],
  ["11001", "U1", "Stadtbahn", 3, "SSB", ["STT", "TTB", "StationTT"], false, true, 0, "Vaihingen", "Fellbach", 3,
    services(stadtbahnWeekday, stadtbahnWeekend, stadtbahnWeekend),
    [["Fellbach, Lutherkirche", 0], ["Wilhelmsplatz", 8], ["Mineralbäder", 2], ["Stöckach", 3], ["Neckartor", 2],
      ["Hauptbahnhof", 2], ["Schloßplatz", 1], ["Charlottenplatz", 2], ["Rathaus", 1], ["Marienplatz", 3],
      ["Südheimer Platz", 2], ["Vaihingen", 11]]],
  ["11005", "U5", "Stadtbahn", 3, "SSB", ["STT", "TTB", "StationTT"], false, true, 0, "Leinfelden", "Killesberg", 5,
    services(stadtbahnWeekday, stadtbahnWeekend, stadtbahnWeekend),
    [["Killesberg", 0], ["Hauptbahnhof", 7], ["Charlottenplatz", 2], ["Olgaeck", 2], ["Bopser", 2],
      ["Ruhbank (Fernsehturm)", 4], ["Degerloch", 3], ["Möhringen Bahnhof", 5], ["Leinfelden Bahnhof", 6]]],
  ["11014", "U14", "Stadtbahn", 3, "SSB", ["STT", "TTB"], false, true, 0, "Hölderlinplatz", "Wilhelmsplatz", 2,
    services(stadtbahnWeekday, stadtbahnWeekend, stadtbahnWeekend),
    [["Wilhelmsplatz", 0], ["Mineralbäder", 2], ["Stöckach", 3], ["Hauptbahnhof", 3], ["Schloßplatz", 1],
      ["Berliner Platz (Liederhalle)", 2], ["Hölderlinplatz", 2]]],
  ["12010", "10", "Zahnradbahn", 8, "SSB", ["STT", "ROB"], false, false, 0, "Degerloch", "Marienplatz", 10,
    services(
      [{ from: "05:40", until: "20:30", every: 15 }, { from: "20:40", until: "23:50", every: 30 }],
      [{ from: "06:40", until: "23:50", every: 30 }],
      [{ from: "06:40", until: "23:50", every: 30 }]
    ),
    [["Marienplatz", 0], ["Haigst", 6], ["Degerloch", 4]]],
  ["30042", "42", "Bus", 5, "SSB", ["STT", "TTB", "StationTT"], true, true, 0, "Killesberg", "Marienplatz", 6,
    services(busWeekday(10), busWeekend, busWeekend),
    [["Marienplatz", 0], ["Feuersee", 4], ["Stadtmitte", 3], ["Berliner Platz (Liederhalle)", 3],
      ["Hölderlinplatz", 3], ["Killesberg", 6]]],
  ["30056", "56", "Bus", 5, "SSB", ["STT", "TTB"], true, true, 0, "Obertürkheim", "Bad Cannstatt", 9,
    services(busWeekday(20), busWeekend, busWeekend),
    [["Bad Cannstatt", 0], ["Wilhelmsplatz", 3], ["Neckarpark", 5], ["Untertürkheim", 6], ["Obertürkheim", 6]]],
  ["30119", "119", "Bus", 5, "SVE", ["STT", "TTB"], true, true, 0, "Nellingen", "Esslingen Bahnhof", 12,
    services(busWeekday(15), busWeekend, busWeekend),
    [["Esslingen (Neckar), Bahnhof", 0], ["Zollberg", 6], ["Berkheim", 6], ["Nellingen Ostfildern", 7]]],
  ["30421", "421", "Bus", 5, "LVL", ["STT", "TTB"], true, true, 0, "Favoritepark", "Ludwigsburg Bahnhof", 8,
    services(busWeekday(20), busWeekend, busWeekend),
    [["Ludwigsburg, Bahnhof", 0], ["Residenzschloss", 4], ["Favoritepark", 4]]],
  ["33700", "700", "Regionalbus", 6, "RBS", ["STT", "ROB"], true, false, 0, "Böblingen Bahnhof",
    "Sindelfingen Bahnhof", 15,
    services(busWeekday(30), busWeekend, busWeekend),
    [["Sindelfingen, Bahnhof", 0], ["Goldberg", 6], ["Böblingen, Bahnhof", 6]]],
  ["33828", "828", "Regionalbus", 6, "FV", ["STT", "ROB"], true, true, 0, "Leinfelden", "Esslingen Bahnhof", 20,
    services(busWeekday(30), busWeekend, busWeekend),
    [["Esslingen (Neckar), Bahnhof", 0], ["Nellingen Ostfildern", 12], ["Scharnhausen", 5], ["Flughafen/Messe", 12],
      ["Echterdingen Bahnhof", 5], ["Leinfelden Bahnhof", 4]]],
  ["40016", "MEX 16", "Metropolexpress", 13, "GA", ["STT", "TTB", "StationTT"], false, true, 1, "Plochingen",
    "Stuttgart Hbf", 22,
    services(
      [{ from: "05:14", until: "22:30", every: 30 }, { from: "22:44", until: "24:20", every: 60 }],
      [{ from: "06:14", until: "24:20", every: 60 }],
      [{ from: "07:14", until: "24:20", every: 60 }]
    ),
    [["Hauptbahnhof", 0], ["Bad Cannstatt", 4], ["Esslingen (Neckar), Bahnhof", 8], ["Plochingen, Bahnhof", 7]]],
  ["40017", "MEX 17a", "Metropolexpress", 13, "GA", ["STT", "TTB", "StationTT"], false, true, 1, "Ludwigsburg",
    "Stuttgart Hbf", 27,
    services(
      [{ from: "05:40", until: "22:00", every: 30 }, { from: "22:10", until: "24:20", every: 60 }],
      [{ from: "06:40", until: "24:20", every: 60 }],
      [{ from: "07:40", until: "24:20", every: 60 }]
    ),
    [["Hauptbahnhof", 0], ["Ludwigsburg, Bahnhof", 11]]],
  ["50004", "SEV S4", "Schienenersatzverkehr", 17, "RBS", ["STT", "ROB"], true, true, 0, "Ludwigsburg",
    "Zuffenhausen", 5,
    [{ days: ["saturday", "sunday"], bands: [{ from: "05:40", until: "24:50", every: 15 }] }],
    [["Zuffenhausen", 0], ["Kornwestheim, Bahnhof", 9], ["Ludwigsburg, Bahnhof", 11], ["Favoritepark", 5]]]
]

const lines = lineRows.map((
  [code, number, product, mot, operator, kinds, lowFloor, wheelchair, dwell, towardsH, towardsR, offsetR,
    lineServices, lineStops]
) => {
  const sequence = lineStops.map(([name, run]) => ({ stop: byName(name), run }))
  const geometry = []
  sequence.forEach((entry, i) => {
    const here = stopById.get(entry.stop).coord
    const point = [here.lat, here.lon]
    if (i > 0) {
      const prev = stopById.get(sequence[i - 1].stop).coord
      geometry.push(...curve([prev.lat, prev.lon], point, `${code}:${i}`))
    }
    geometry.push(point)
  })
  return {
    network: "vvs",
    code,
    supplement: " ",
    number,
    product,
    mot,
    operator: operators[operator],
    kinds,
    vehicles: { lowFloor, wheelchair },
    stops: sequence,
    dwell,
    directions: {
      H: { towards: towardsH, services: lineServices },
      R: { towards: towardsR, offset: offsetR, services: lineServices }
    },
    geometry
  }
})

const lineId = (number, direction) => {
  const line = lines.find((l) => l.number === number)
  if (line === undefined) throw new Error(`no line ${number}`)
  return `${line.network}:${line.code}:${line.supplement}:${direction}`
}
const bothDirections = (number) => [lineId(number, "H"), lineId(number, "R")]

// ----------------------------------------------------------------------------------------------------
// points of interest
// ----------------------------------------------------------------------------------------------------

const poiRows = [
  ["Mercedes-Benz Museum", "Stuttgart", "museum", "1200", 48.788003, 9.233704],
  ["Porsche Museum", "Stuttgart", "museum", "1200", 48.834003, 9.152403],
  ["Staatsgalerie Stuttgart", "Stuttgart", "museum", "1200", 48.780204, 9.187303],
  ["Kunstmuseum Stuttgart", "Stuttgart", "museum", "1200", 48.778904, 9.177303],
  ["Landesmuseum Württemberg (Altes Schloss)", "Stuttgart", "museum", "1200", 48.777104, 9.179803],
  ["Wilhelma Zoologisch-Botanischer Garten", "Stuttgart", "leisure", "1300", 48.804603, 9.207003],
  ["Fernsehturm Stuttgart", "Stuttgart", "sights", "1100", 48.755703, 9.190103],
  ["Neues Schloss", "Stuttgart", "sights", "1100", 48.778503, 9.181503],
  ["Königstraße", "Stuttgart", "shopping", "1400", 48.779604, 9.178104],
  ["Markthalle Stuttgart", "Stuttgart", "shopping", "1400", 48.776004, 9.179903],
  ["Stadtbibliothek am Mailänder Platz", "Stuttgart", "education", "1500", 48.790204, 9.183103],
  ["Liederhalle Kultur- und Kongresszentrum", "Stuttgart", "culture", "1600", 48.779204, 9.170503],
  ["Höhenpark Killesberg", "Stuttgart", "leisure", "1300", 48.804504, 9.168303],
  ["Universität Stuttgart, Campus Vaihingen", "Stuttgart", "education", "1500", 48.745104, 9.106303],
  ["MHPArena", "Stuttgart", "sports", "1700", 48.792203, 9.232003],
  ["Cannstatter Wasen", "Stuttgart", "leisure", "1300", 48.794504, 9.219003],
  ["Katharinenhospital", "Stuttgart", "health", "1800", 48.787004, 9.173003],
  ["Marienhospital", "Stuttgart", "health", "1800", 48.761004, 9.168003],
  ["Flughafen Stuttgart, Terminal 1", "Leinfelden-Echterdingen", "travel", "1900", 48.689904, 9.192103],
  ["Messe Stuttgart", "Leinfelden-Echterdingen", "culture", "1600", 48.694904, 9.192003],
  ["Altes Rathaus Esslingen", "Esslingen am Neckar", "sights", "1100", 48.742004, 9.307003],
  ["Esslinger Burg", "Esslingen am Neckar", "sights", "1100", 48.745404, 9.306903],
  ["Motorworld Region Stuttgart", "Böblingen", "leisure", "1300", 48.683004, 9.005003],
  ["Breuningerland Sindelfingen", "Sindelfingen", "shopping", "1400", 48.703004, 9.026003],
  ["Stiftskirche Herrenberg", "Herrenberg", "sights", "1100", 48.596004, 8.870303],
  ["Residenzschloss Ludwigsburg", "Ludwigsburg", "sights", "1100", 48.899604, 9.196003],
  ["Blühendes Barock", "Ludwigsburg", "leisure", "1300", 48.898004, 9.198903],
  ["Schwabenlandhalle Fellbach", "Fellbach", "culture", "1600", 48.809504, 9.277003]
]

const pois = poiRows.map(([name, place, category, hierarchy, lat, lon], i) => ({
  id: `poiID:${10001 + i}:${places[place].omc}`,
  name: `${place === "Esslingen am Neckar" ? "Esslingen" : place}, ${name}`,
  place,
  omc: places[place].omc,
  category,
  hierarchy,
  coord: { lat, lon }
}))

// ----------------------------------------------------------------------------------------------------
// parking
// ----------------------------------------------------------------------------------------------------

// Weekday occupancy in percent per hour, by use.
const commuterProfile = [5, 4, 4, 4, 6, 15, 45, 80, 92, 95, 95, 94, 92, 90, 88, 84, 70, 50, 35, 25, 18, 12, 8, 6]
const cityProfile = [12, 8, 6, 5, 5, 8, 15, 30, 50, 65, 75, 82, 85, 84, 82, 80, 78, 76, 70, 60, 45, 35, 25, 18]
const bikeProfile = [10, 10, 10, 10, 12, 25, 55, 75, 80, 80, 78, 76, 75, 74, 72, 66, 50, 35, 25, 18, 14, 12, 10, 10]
const shift = (profile, seed) => profile.map((p, h) => Math.max(0, Math.min(100,
  p + Math.round((unit(`${seed}:${h}`) - 0.5) * 8))))

const parkingRows = [
  ["P+R Vaihingen", "carPark", "Vaihingen", 0.0012, -0.0016, 410, "pay", false, true, commuterProfile],
  ["P+R Böblingen Bahnhof", "carPark", "Böblingen, Bahnhof", -0.0010, 0.0014, 520, "pay", false, true, commuterProfile],
  ["P+R Herrenberg", "parkingLot", "Herrenberg, Bahnhof", 0.0009, 0.0012, 180, "free", false, true, commuterProfile],
  ["P+R Ehningen", "parkingLot", "Ehningen, Bahnhof", -0.0007, -0.0010, 95, "free", false, true, commuterProfile],
  ["P+R Plochingen", "parkingLot", "Plochingen, Bahnhof", 0.0008, -0.0013, 260, "pay", false, true, commuterProfile],
  ["P+R Waiblingen", "carPark", "Waiblingen, Bahnhof", -0.0009, 0.0011, 340, "pay", false, true, commuterProfile],
  ["Parkhaus Hauptbahnhof (Bahnpark)", "carPark", "Hauptbahnhof", 0.0011, 0.0009, 600, "pay", false, false,
    cityProfile],
  ["Tiefgarage Schlossgartenhotel", "carPark", "Schloßplatz", 0.0008, 0.0012, 220, "pay", false, false, cityProfile],
  ["Fahrradstation Esslingen", "parkingLot", "Esslingen (Neckar), Bahnhof", -0.0004, 0.0005, 180, "pay", true, false,
    bikeProfile],
  ["Bike+Ride Ludwigsburg Bahnhof", "parkingLot", "Ludwigsburg, Bahnhof", 0.0004, -0.0006, 240, "free", true, false,
    bikeProfile],
  ["Bike+Ride Bad Cannstatt", "parkingLot", "Bad Cannstatt", -0.0003, -0.0005, 120, "free", true, false, bikeProfile],
  ["Behindertenparkplatz Rathaus", "singleSpace", "Rathaus", 0.0003, 0.0002, 1, "free", false, false, cityProfile],
  ["Ladepunkte Charlottenplatz", "chargingPoint", "Charlottenplatz", -0.0004, 0.0006, 6, "pay", false, false,
    cityProfile],
  ["Ladepunkte P+R Leinfelden", "chargingPoint", "Leinfelden Bahnhof", 0.0006, 0.0008, 8, "pay", false, true,
    commuterProfile]
]

const parking = parkingRows.map(([name, kind, stopName, dLat, dLon, capacity, charge, bikeAndRide, parkAndRide,
  profile], i) => {
  const stop = stopById.get(byName(stopName))
  return {
    id: `park:${9001 + i}`,
    name,
    kind,
    coord: { lat: round6(stop.coord.lat + dLat), lon: round6(stop.coord.lon + dLon) },
    capacity,
    charge,
    bikeAndRide,
    parkAndRide,
    stop: stop.id,
    ...(kind === "chargingPoint" ? { charging: { points: capacity, powerKw: i % 2 === 0 ? 22 : 50 } } : {}),
    occupancyByHour: shift(profile, name)
  }
})

// Resident parking zones
const zones = [
  ["Parkzone Stuttgart-West (W3)", [48.7745, 9.1590], 420],
  ["Parkzone Bad Cannstatt (C1)", [48.8040, 9.2120], 380]
]
zones.forEach(([name, center, radius], i) => {
  parking.push({
    id: `park:${9101 + i}`,
    name,
    kind: "zone",
    coord: { lat: center[0], lon: center[1] },
    area: ring(center, radius, 10, name),
    capacity: 900 + i * 250,
    charge: "pay",
    bikeAndRide: false,
    parkAndRide: false,
    occupancyByHour: shift(cityProfile, name)
  })
})

// ----------------------------------------------------------------------------------------------------
// sharing
// ----------------------------------------------------------------------------------------------------

const areaStuttgart = ring([48.7780, 9.1800], 3200, 16, "regiorad-stuttgart")
const areaEsslingen = ring([48.7390, 9.3100], 1800, 12, "regiorad-esslingen")
const areaCarStuttgart = ring([48.7800, 9.1850], 4500, 16, "sharenow-stuttgart")
const areaStadtmobil = ring([48.7750, 9.1750], 6000, 16, "stadtmobil-region")

const providers = [
  {
    id: "regiorad",
    name: "RegioRad Stuttgart",
    vehicleType: "BIKE",
    areas: [
      { id: "rr-stuttgart", name: "Stuttgart Innenstadt", polygon: areaStuttgart },
      { id: "rr-esslingen", name: "Esslingen am Neckar", polygon: areaEsslingen }
    ]
  },
  {
    id: "stadtmobil",
    name: "stadtmobil carsharing",
    vehicleType: "CAR",
    areas: [{ id: "sm-stuttgart", name: "Stuttgart und Umgebung", polygon: areaStadtmobil }]
  },
  {
    id: "sharenow",
    name: "SHARE NOW",
    vehicleType: "CAR",
    areas: [{ id: "sn-stuttgart", name: "Stuttgart Geschäftsgebiet", polygon: areaCarStuttgart }]
  }
]

const vehicleRows = [
  // [id, provider, area, kind, engine, location, station stop or null, dLat, dLon, available, battery, model, seats]
  ["RR-1001", "regiorad", "rr-stuttgart", "BIKE", "ELECTRIC", "STATION", "Hauptbahnhof", 0.0004, -0.0003, true, 86,
    "Pedelec", 1],
  ["RR-1002", "regiorad", "rr-stuttgart", "BIKE", "ELECTRIC", "STATION", "Hauptbahnhof", 0.0004, -0.0003, true, 41,
    "Pedelec", 1],
  ["RR-1003", "regiorad", "rr-stuttgart", "BIKE", null, "STATION", "Hauptbahnhof", 0.0004, -0.0003, true, null,
    "Stadtrad", 1],
  ["RR-1004", "regiorad", "rr-stuttgart", "BIKE", "ELECTRIC", "STATION", "Schloßplatz", -0.0003, 0.0004, false, 12,
    "Pedelec", 1],
  ["RR-1005", "regiorad", "rr-stuttgart", "BIKE", null, "STATION", "Stadtmitte", 0.0002, 0.0005, true, null,
    "Stadtrad", 1],
  ["RR-1006", "regiorad", "rr-stuttgart", "BIKE", "ELECTRIC", "STATION", "Marienplatz", 0.0003, 0.0003, true, 77,
    "Pedelec", 1],
  ["RR-1007", "regiorad", "rr-stuttgart", "BIKE", "ELECTRIC", "STATION", "Charlottenplatz", -0.0002, -0.0004, true,
    95, "Pedelec", 1],
  ["RR-1008", "regiorad", "rr-stuttgart", "BIKE", null, "STATION", "Berliner Platz (Liederhalle)", 0.0003, -0.0002,
    true, null, "Stadtrad", 1],
  ["RR-2001", "regiorad", "rr-esslingen", "BIKE", "ELECTRIC", "STATION", "Esslingen (Neckar), Bahnhof", 0.0003,
    0.0004, true, 64, "Pedelec", 1],
  ["RR-2002", "regiorad", "rr-esslingen", "BIKE", null, "STATION", "Esslingen (Neckar), Bahnhof", 0.0003, 0.0004,
    true, null, "Stadtrad", 1],
  ["RR-2003", "regiorad", "rr-esslingen", "BIKE", "ELECTRIC", "STATION", "Oberesslingen", -0.0003, 0.0002, false, 23,
    "Pedelec", 1],
  ["SM-301", "stadtmobil", "sm-stuttgart", "CAR", "COMBUSTION", "STATION", "Feuersee", 0.0005, 0.0006, true, 70,
    "VW Golf", 5],
  ["SM-302", "stadtmobil", "sm-stuttgart", "CAR", "ELECTRIC", "STATION", "Feuersee", 0.0005, 0.0006, true, 58,
    "Renault Zoe", 5],
  ["SM-303", "stadtmobil", "sm-stuttgart", "CAR", "HYBRID", "STATION", "Bad Cannstatt", -0.0006, 0.0004, false, 80,
    "Toyota Corolla Touring Sports", 5],
  ["SM-304", "stadtmobil", "sm-stuttgart", "CAR", "COMBUSTION", "STATION", "Vaihingen", 0.0007, -0.0005, true, 45,
    "Ford Transit Custom", 9],
  ["SM-305", "stadtmobil", "sm-stuttgart", "CAR", "ELECTRIC", "STATION", "Degerloch", 0.0004, 0.0005, true, 91,
    "VW ID.3", 5],
  ["SN-501", "sharenow", "sn-stuttgart", "CAR", "ELECTRIC", "FREEFLOATER", "Rathaus", 0.0011, -0.0007, true, 73,
    "BMW i3", 4],
  ["SN-502", "sharenow", "sn-stuttgart", "CAR", "COMBUSTION", "FREEFLOATER", "Hölderlinplatz", -0.0008, 0.0012, true,
    55, "Mini Cooper", 4],
  ["SN-503", "sharenow", "sn-stuttgart", "CAR", "ELECTRIC", "FREEFLOATER", "Olgaeck", 0.0006, 0.0009, true, 34,
    "Fiat 500e", 4],
  ["SN-504", "sharenow", "sn-stuttgart", "CAR", "COMBUSTION", "FREEFLOATER", "Neckartor", -0.0009, -0.0011, false, 18,
    "BMW 1er", 5],
  ["SN-505", "sharenow", "sn-stuttgart", "CAR", "ELECTRIC", "FREEFLOATER", "Stöckach", 0.0013, 0.0004, true, 88,
    "BMW iX1", 5],
  ["SN-506", "sharenow", "sn-stuttgart", "CAR", "HYBRID", "FREEFLOATER", "Nordbahnhof", -0.0005, 0.0010, true, 66,
    "Mini Countryman Plug-in", 5]
]

// German plates: S for Stuttgart, an E suffix for electric cars
const plate = (provider, i, engine) =>
  `${provider === "stadtmobil" ? "S-SM" : "S-SN"} ${1000 + i * 37}${engine === "ELECTRIC" ? "E" : ""}`
const kmPerPercent = (kind, engine) => (kind === "BIKE" ? 0.7 : engine === "ELECTRIC" ? 3.2 : 6.5)
const vehicles = vehicleRows.map(
  ([id, provider, area, kind, engine, location, stopName, dLat, dLon, available, battery, model, seats], i) => {
    const stop = stopById.get(byName(stopName))
    const station = location === "STATION" ? `${stop.name.replace(/^[^,]+, /, "")}` : undefined
    return {
      id,
      provider,
      area,
      kind,
      ...(engine !== null ? { engineType: engine } : {}),
      locationType: location,
      ...(station !== undefined ? { station } : {}),
      coord: { lat: round6(stop.coord.lat + dLat), lon: round6(stop.coord.lon + dLon) },
      available,
      ...(battery !== null ? { battery } : {}),
      ...(battery !== null ? { rangeKm: Math.round(battery * kmPerPercent(kind, engine)) } : {}),
      model,
      seats,
      ...(kind === "CAR" ? { licensePlate: plate(provider, i, engine) } : {})
    }
  }
)

// ----------------------------------------------------------------------------------------------------
// notices; the default clock is 2026-03-02T07:30:00Z
// ----------------------------------------------------------------------------------------------------

const omcOfStops = (ids) => Array.from(new Set(ids.map((id) => stopById.get(id).omc)))
const placeOf = (id) => `${stopById.get(id).omc}:${stopById.get(id).placeId}`
const placesOfStops = (ids) => Array.from(new Set(ids.map(placeOf)))
const stopsOfLine = (number) => lines.find((l) => l.number === number).stops.map((s) => s.stop)

const notice = (id, type, title, text, validFrom, validTo, lineNumbers, stopNames, provider, sourceSystem,
  extra = {}) => {
  const stopIds = stopNames.map(byName)
  const affected = stopIds.length > 0 ? stopIds : lineNumbers.flatMap(stopsOfLine)
  return {
    id,
    type,
    title,
    text,
    validFrom,
    validTo,
    lines: lineNumbers.flatMap(bothDirections),
    severity: type.endsWith("Blocking") ? "warning" : "normal",
    stops: stopIds,
    omcs: extra.omcs ?? omcOfStops(affected),
    places: extra.places ?? placesOfStops(affected),
    provider,
    sourceSystem
  }
}

const allOmcs = Object.values(places).map((p) => p.omc)

const notices = [
  // current (relative to 2026-03-02)
  notice("VVS-2026-0311", "stopInfo", "Stuttgart, Feuersee: Aufzug außer Betrieb",
    "Der Aufzug zwischen Bahnsteig und Rotebühlstraße ist wegen Reparatur außer Betrieb. " +
      "Bitte nutzen Sie die Haltestelle Stadtmitte.",
    "2026-02-20", "2026-03-20", ["S1", "S2", "S4"], ["Feuersee"], "VVS", "DIVA"),
  notice("SSB-2026-0042", "stopBlocking", "Stuttgart, Rathaus: Haltestelle entfällt",
    "Wegen Bauarbeiten am Bahnsteig halten die Züge der U1 nicht an der Haltestelle Rathaus. " +
      "Ersatzhaltestelle: Charlottenplatz.",
    "2026-02-23", "2026-03-13", ["U1"], ["Rathaus"], "SSB", "ICS"),
  notice("SSB-2026-0051", "lineInfo", "U5: Einsatz von Einzelzügen",
    "Wegen Fahrzeugmangels verkehren auf der U5 vereinzelt Einzelzüge statt Doppelzügen. " +
      "Bitte verteilen Sie sich im ganzen Zug.",
    "2026-03-01", "2026-03-31", ["U5"], [], "SSB", "ICS"),
  notice("SSB-2026-0064", "lineBlocking", "Bus 56: Umleitung während des Frühlingsfests",
    "Während des Cannstatter Frühlingsfests wird die Linie 56 zwischen Wilhelmsplatz und Neckarpark umgeleitet. " +
      "Die Haltestelle Neckarpark entfällt.",
    "2026-04-18", "2026-05-10", ["56"], ["Neckarpark"], "SSB", "ICS"),
  notice("DB-2026-1187", "routeInfo", "S1: Geänderte Fahrzeiten zwischen Esslingen und Plochingen",
    "Wegen Gleisarbeiten fahren die Züge der S1 abends zwischen Esslingen und Plochingen bis zu 5 Minuten früher ab.",
    "2026-02-16", "2026-03-15", ["S1"], ["Esslingen (Neckar), Bahnhof", "Oberesslingen", "Zell", "Altbach, Bahnhof",
      "Plochingen, Bahnhof"],
    "DBR", "HIM"),
  notice("DB-2026-1203", "routeBlocking", "S4: Schienenersatzverkehr zwischen Zuffenhausen und Ludwigsburg",
    "An den Wochenenden bis 29. März fahren zwischen Zuffenhausen und Ludwigsburg/Favoritepark keine S-Bahnen. " +
      "Bitte nutzen Sie die Busse des Schienenersatzverkehrs SEV S4.",
    "2026-02-28", "2026-03-29", ["S4", "SEV S4"], ["Zuffenhausen", "Kornwestheim, Bahnhof", "Ludwigsburg, Bahnhof",
      "Favoritepark"],
    "DBR", "HIM"),
  notice("VVS-2026-0001", "generalInfo", "Neue Tarife im VVS seit 1. Januar 2026",
    "Seit dem 1. Januar 2026 gelten neue Fahrpreise. Das Deutschlandticket bleibt im gesamten Verbundgebiet gültig.",
    "2026-01-01", "2026-12-31", [], [], "VVS", "DIVA", { omcs: allOmcs, places: [] }),
  notice("VVS-2026-0290", "bannerInfo", "Jetzt neu: Echtzeit für alle Busse in der VVS-App",
    "Verfolgen Sie Ihren Bus live in der App.",
    "2026-02-01", "2026-03-31", [], [], "VVS", "DIVA", { omcs: allOmcs, places: [] }),
  notice("SVE-2026-0007", "stopBlocking", "Esslingen, Zollberg: Haltestelle verlegt",
    "Wegen Kanalarbeiten ist die Haltestelle Zollberg der Linie 119 um 80 Meter in die Hohenheimer Straße verlegt.",
    "2026-02-09", "2026-04-30", ["119"], ["Zollberg"], "SVE", "ICS"),
  notice("FVS-2026-0003", "lineInfo", "Bus 828: Zusätzliche Fahrten zur Messe",
    "Während der Messe CMT fahren zusätzliche Busse zwischen Esslingen und Flughafen/Messe.",
    "2026-03-02", "2026-03-08", ["828"], [], "FVS", "DIVA"),
  // historic
  notice("DB-2026-0950", "stopInfo", "Stuttgart Hauptbahnhof: Umbau Bahnsteig 101/102",
    "Der Zugang zu den S-Bahn-Gleisen ist nur über die Klett-Passage möglich.",
    "2026-01-05", "2026-02-15", ["S1", "S2", "S4"], ["Hauptbahnhof"], "DBR", "HIM"),
  notice("SSB-2026-0012", "lineBlocking", "U14: Sperrung zwischen Mineralbäder und Wilhelmsplatz",
    "Wegen Gleisbauarbeiten fahren zwischen Mineralbäder und Wilhelmsplatz Ersatzbusse.",
    "2026-01-10", "2026-01-25", ["U14"], [], "SSB", "ICS"),
  notice("DB-2025-4410", "routeBlocking", "S1: Sperrung zwischen Böblingen und Herrenberg",
    "Wegen Brückenarbeiten fahren zwischen Böblingen und Herrenberg Busse statt Bahnen.",
    "2025-11-01", "2025-11-30", ["S1"], ["Böblingen, Bahnhof", "Ehningen, Bahnhof", "Gärtringen, Bahnhof",
      "Nufringen, Bahnhof", "Herrenberg, Bahnhof"],
    "DBR", "HIM"),
  notice("VVS-2025-0998", "bannerInfo", "Fahrplan über Weihnachten und Neujahr",
    "Vom 24. Dezember bis 6. Januar gelten geänderte Fahrpläne.",
    "2025-12-24", "2026-01-06", [], [], "VVS", "DIVA", { omcs: allOmcs, places: [] }),
  notice("VVS-2026-0151", "generalInfo", "Warnstreik im Nahverkehr",
    "Am 12. und 13. Februar fallen Stadtbahnen und Busse der SSB wegen eines Warnstreiks aus.",
    "2026-02-12", "2026-02-13", ["U1", "U5", "U14", "10", "42", "56"], [], "SSB", "ICS", { omcs: ["8111000"],
      places: [] }),
  notice("SVE-2026-0002", "lineInfo", "Bus 119: Neuer Takt",
    "Seit Januar fährt die Linie 119 montags bis freitags alle 15 Minuten.",
    "2026-01-01", "2026-01-31", ["119"], [], "SVE", "ICS"),
  notice("GABW-2026-0031", "routeInfo", "MEX 16: Zugausfälle zwischen Stuttgart und Plochingen",
    "Wegen Personalmangels fallen einzelne Züge aus.",
    "2026-02-01", "2026-02-27", ["MEX 16"], [], "GABW", "HIM"),
  notice("LVL-2025-0120", "stopInfo", "Ludwigsburg, Residenzschloss: Barrierefreier Ausbau abgeschlossen",
    "Die Haltestelle ist jetzt stufenlos erreichbar.",
    "2025-10-01", "2025-12-31", ["421"], ["Residenzschloss"], "LVL", "DIVA")
]

// ----------------------------------------------------------------------------------------------------
// meta
// ----------------------------------------------------------------------------------------------------

const meta = {
  name: "VVS Mittlerer Neckar (sample network)",
  region: "Stuttgart region, Baden-Württemberg, Germany",
  timeZone: "Europe/Berlin",
  defaultNow: "2026-03-02T07:30:00Z",
  validFrom: "2025-12-14",
  validTo: "2026-12-12",
  holidays: [
    "2025-12-25", "2025-12-26", "2026-01-01", "2026-01-06", "2026-04-03", "2026-04-06", "2026-05-01",
    "2026-05-14", "2026-05-25", "2026-06-04", "2026-10-03", "2026-11-01"
  ],
  walkingSpeedKmh: 4.5,
  walkingDetourFactor: 1.3,
  minChangeMinutes: 2,
  transferRadiusMeters: 450,
  accessRadiusMeters: 1500
}

mkdirSync(out, { recursive: true })
write("meta.json", meta)
write("stops.json", stops)
write("lines.json", lines)
write("pois.json", pois)
write("parking.json", parking)
write("sharing.json", { providers, vehicles })
write("notices.json", notices)

// What real time knows, from the time it is announced on the run's service day: a delay, cancellations and
// platform changes at the main station around the default clock (Monday 08:30), for boards and their watch.
const realtime = [
  { kind: "delay", line: "vvs:10001: :H", days: ["weekday"], departs: "08:06", announced: "08:35", minutes: 12 },
  { kind: "cancellation", line: "vvs:11001: :H", days: ["weekday"], departs: "08:30", announced: "08:38" },
  { kind: "cancellation", line: "vvs:11014: :H", days: ["weekday"], departs: "08:40", announced: "06:00" },
  {
    kind: "platformChange",
    line: "vvs:10002: :H",
    days: ["weekday"],
    departs: "08:21",
    announced: "08:33",
    stop: "de:08111:6118",
    platform: "4"
  },
  {
    kind: "platformChange",
    line: "vvs:10004: :H",
    days: ["weekday"],
    departs: "08:36",
    announced: "07:00",
    stop: "de:08111:6118",
    platform: "6"
  }
]
write("realtime.json", realtime)

// ----------------------------------------------------------------------------------------------------
// places.json: localities and suburbs with their main stops, streets with house numbers. Crossings (two
// streets of a municipality sharing a point) and postcodes (those of the streets) follow from the streets.
// ----------------------------------------------------------------------------------------------------

// each municipality: its centre and its main stop
const localityRows = [
  ["Stuttgart", 48.7755, 9.179, "Stuttgart, Hauptbahnhof"],
  ["Böblingen", 48.6838, 9.011, "Böblingen, Bahnhof"],
  ["Sindelfingen", 48.7133, 9.0028, "Sindelfingen, Bahnhof"],
  ["Herrenberg", 48.596, 8.8706, "Herrenberg, Bahnhof"],
  ["Ehningen", 48.6586, 8.9415, "Ehningen, Bahnhof"],
  ["Gärtringen", 48.6425, 8.9004, "Gärtringen, Bahnhof"],
  ["Nufringen", 48.6203, 8.8897, "Nufringen, Bahnhof"],
  ["Leonberg", 48.8005, 9.0142, "Leonberg, Museumsbahnhof"],
  ["Esslingen am Neckar", 48.742, 9.307, "Esslingen (Neckar), Bahnhof"],
  ["Altbach", 48.7237, 9.3809, "Altbach, Bahnhof"],
  ["Plochingen", 48.7118, 9.4196, "Plochingen, Bahnhof"],
  ["Ostfildern", 48.7179, 9.2609, "Ostfildern, Nellingen Ostfildern"],
  ["Leinfelden-Echterdingen", 48.6942, 9.1423, "Leinfelden-Echterdingen, Leinfelden Bahnhof"],
  ["Kornwestheim", 48.8616, 9.1849, "Kornwestheim, Bahnhof"],
  ["Ludwigsburg", 48.8949, 9.1918, "Ludwigsburg, Bahnhof"],
  ["Fellbach", 48.8096, 9.2758, "Fellbach, Bahnhof"],
  ["Waiblingen", 48.8304, 9.3165, "Waiblingen, Bahnhof"]
]

// Stuttgart's districts as suburbs, at their main stop
const suburbRows = [
  ["Mitte", "Stuttgart, Stadtmitte"],
  ["Nord", "Stuttgart, Nordbahnhof"],
  ["Süd", "Stuttgart, Marienplatz"],
  ["Ost", "Stuttgart, Stöckach"],
  ["West", "Stuttgart, Schwabstraße"],
  ["Bad Cannstatt", "Stuttgart, Bad Cannstatt"],
  ["Untertürkheim", "Stuttgart, Untertürkheim"],
  ["Obertürkheim", "Stuttgart, Obertürkheim"],
  ["Vaihingen", "Stuttgart, Vaihingen"],
  ["Degerloch", "Stuttgart, Degerloch"],
  ["Möhringen", "Stuttgart, Möhringen Bahnhof"],
  ["Zuffenhausen", "Stuttgart, Zuffenhausen"]
]

const stopNamed = (name) => {
  const found = stops.find((stop) => stop.name === name)
  if (found === undefined) throw new Error(`no stop ${name}`)
  return found
}

const localities = [
  ...localityRows.map(([name, lat, lon, main]) => ({
    kind: "locality",
    name,
    omc: places[name].omc,
    placeId: "1",
    coord: { lat, lon },
    mainStop: stopNamed(main).id
  })),
  ...suburbRows.map(([district, main]) => {
    const stop = stopNamed(main)
    return {
      kind: "suburb",
      name: `Stuttgart-${district}`,
      omc: places.Stuttgart.omc,
      placeId: districts[district],
      coord: stop.coord,
      mainStop: stop.id
    }
  })
]

// streets: [name, place, district (Stuttgart) or null, postcode, course [lat, lon], houses [number, share of the
// course from its first point]]; a street's key is 15000000nn in this order. Königstraße passes the stop
// Schloßplatz; streets that cross share a point.
const streetRows = [
  ["Königstraße", "Stuttgart", "Mitte", "70173", [[48.7834, 9.1815], [48.7805, 9.1799], [48.778702, 9.179219], [48.7772, 9.1764], [48.7762, 9.1736]], [["1", 0.02], ["12", 0.22], ["20", 0.36], ["26", 0.45], ["44", 0.7], ["60", 0.93]]],
  ["Schulstraße", "Stuttgart", "Mitte", "70173", [[48.7772, 9.1764], [48.7762, 9.1779], [48.7756, 9.1788]], [["5", 0.4], ["12", 0.8]]],
  ["Bolzstraße", "Stuttgart", "Mitte", "70173", [[48.7805, 9.1799], [48.781, 9.1776], [48.7815, 9.1756]], [["4", 0.3]]],
  ["Arnulf-Klett-Platz", "Stuttgart", "Mitte", "70173", [[48.7842, 9.1812], [48.7834, 9.1815]], [["2", 0.5]]],
  ["Marktplatz", "Stuttgart", "Mitte", "70173", [[48.7756, 9.1788], [48.775, 9.1778], [48.7743, 9.1779]], [["1", 0.85], ["4", 0.3]]],
  ["Eberhardstraße", "Stuttgart", "Mitte", "70173", [[48.7762, 9.1736], [48.775, 9.176], [48.7743, 9.1779]], [["10", 0.3], ["37", 0.8]]],
  ["Theodor-Heuss-Straße", "Stuttgart", "Mitte", "70174", [[48.7815, 9.1756], [48.779, 9.1742], [48.7762, 9.1736]], []],
  ["Rotebühlstraße", "Stuttgart", "West", "70178", [[48.7762, 9.1736], [48.775, 9.17], [48.7732, 9.1656], [48.7715, 9.1615], [48.7692, 9.1572]], [["1", 0.02], ["100", 0.4], ["171", 0.85]]],
  ["Planie", "Stuttgart", "Mitte", "70173", [[48.7775, 9.181], [48.7761, 9.1841]], []],
  ["Konrad-Adenauer-Straße", "Stuttgart", "Mitte", "70173", [[48.78, 9.1865], [48.7761, 9.1841], [48.773, 9.1852]], [["2", 0.2], ["30", 0.7]]],
  ["Neckarstraße", "Stuttgart", "Ost", "70190", [[48.78, 9.1865], [48.784, 9.1895], [48.7877, 9.1929]], []],
  ["Hauptstätter Straße", "Stuttgart", "Süd", "70180", [[48.773, 9.1852], [48.768, 9.175], [48.7642, 9.1683]], [["40", 0.3], ["120", 0.9]]],
  ["Tübinger Straße", "Stuttgart", "Süd", "70178", [[48.775, 9.176], [48.77, 9.172], [48.7642, 9.1683]], []],
  ["Böheimstraße", "Stuttgart", "Süd", "70199", [[48.7642, 9.1683], [48.761, 9.163], [48.7585, 9.159]], []],
  ["Heilbronner Straße", "Stuttgart", "Nord", "70191", [[48.7842, 9.1812], [48.79, 9.183], [48.8009, 9.1837]], [["7", 0.1], ["88", 0.6]]],
  ["Am Kochenhof", "Stuttgart", "Nord", "70192", [[48.8019, 9.1688], [48.799, 9.173]], []],
  ["Bahnhofstraße", "Stuttgart", "Bad Cannstatt", "70372", [[48.8016, 9.2155], [48.803, 9.2168], [48.8044, 9.2179]], [["2", 0.05], ["10", 0.35], ["25", 0.8]]],
  ["Marktstraße", "Stuttgart", "Bad Cannstatt", "70372", [[48.8044, 9.2179], [48.8055, 9.216], [48.8062, 9.2148]], [["1", 0.05], ["43", 0.8]]],
  ["Mercedesstraße", "Stuttgart", "Bad Cannstatt", "70372", [[48.7938, 9.2265], [48.79, 9.23], [48.788, 9.2337]], [["100", 0.98]]],
  ["Hauptstraße", "Stuttgart", "Vaihingen", "70563", [[48.729, 9.108], [48.7266, 9.1131], [48.725, 9.117]], [["1", 0.05], ["25", 0.6]]],
  ["Pfaffenwaldring", "Stuttgart", "Vaihingen", "70569", [[48.7459, 9.1049], [48.744, 9.1], [48.745, 9.096]], [["57", 0.5]]],
  ["Epplestraße", "Stuttgart", "Degerloch", "70597", [[48.753, 9.1695], [48.749, 9.1698], [48.746, 9.17]], []],
  ["Unterländer Straße", "Stuttgart", "Zuffenhausen", "70435", [[48.829, 9.169], [48.8327, 9.1698], [48.836, 9.171]], []],
  ["Filderbahnstraße", "Stuttgart", "Möhringen", "70567", [[48.7243, 9.1502], [48.726, 9.146]], []],
  ["Bahnhofstraße", "Böblingen", null, "71032", [[48.6856, 9.012], [48.687, 9.01], [48.6885, 9.008]], [["1", 0.05], ["20", 0.7]]],
  ["Poststraße", "Böblingen", null, "71032", [[48.687, 9.01], [48.6865, 9.007]], []],
  ["Bahnhofstraße", "Esslingen am Neckar", null, "73728", [[48.7376, 9.3041], [48.7395, 9.306], [48.741, 9.3065]], [["1", 0.05], ["12", 0.6]]],
  ["Bahnhofstraße", "Ludwigsburg", null, "71638", [[48.8921, 9.1853], [48.894, 9.188]], []],
  ["Myliusstraße", "Ludwigsburg", null, "71638", [[48.8921, 9.1853], [48.891, 9.189]], []],
  ["Bahnhofstraße", "Fellbach", null, "70734", [[48.8112, 9.2729], [48.809, 9.275], [48.8079, 9.2756]], []],
  ["Bahnhofstraße", "Waiblingen", null, "71332", [[48.826, 9.3003], [48.8275, 9.305]], []],
  ["Bahnhofstraße", "Sindelfingen", null, "71063", [[48.7097, 9.0172], [48.711, 9.014]], []],
  ["Bahnhofstraße", "Herrenberg", null, "71083", [[48.5944, 8.8689], [48.596, 8.871]], []],
  ["Bahnhofstraße", "Kornwestheim", null, "70806", [[48.8627, 9.181], [48.861, 9.183]], []],
  ["Flughafenstraße", "Leinfelden-Echterdingen", null, "70629", [[48.6905, 9.1938], [48.689, 9.19]], []],
  ["Bahnhofstraße", "Plochingen", null, "73207", [[48.7124, 9.4187], [48.713, 9.415]], []]
]

// The point a share of a course's length along it, a little off its centre line (where the house stands).
const houseAt = (course, share) => {
  const kx = 111195 * Math.cos((course[0][0] * Math.PI) / 180)
  const lengths = course.slice(1).map(([lat, lon], i) =>
    Math.hypot((lon - course[i][1]) * kx, (lat - course[i][0]) * 111195)
  )
  let rest = share * lengths.reduce((sum, length) => sum + length, 0)
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] === 0 ? 0 : Math.min(1, rest / lengths[i])
      const [aLat, aLon] = course[i]
      const [bLat, bLon] = course[i + 1]
      return { lat: round6(aLat + t * (bLat - aLat) + 0.00004), lon: round6(aLon + t * (bLon - aLon) + 0.00004) }
    }
    rest -= lengths[i]
  }
}

const streets = streetRows.map(([name, place, district, postcode, geometry, houses], i) => ({
  key: String(1500000001 + i),
  name,
  omc: places[place].omc,
  placeId: district === null ? "1" : districts[district],
  postcode,
  geometry,
  ...(houses.length > 0 ? { houses: houses.map(([number, share]) => ({ number, coord: houseAt(geometry, share) })) } : {})
}))

write("places.json", { localities, streets })
