// What each program in examples/node must print when run against the fake on its embedded dataset. The
// example test and the check of the packed packages (scripts/check-install.ts) both hold the programs to it.
export const expectations: Readonly<Record<string, ReadonlyArray<RegExp>>> = {
  "add-info.ts": [/^\[(lineInfo|lineBlocking|stopInfo|stopBlocking)\] .+ \(\d{4}-\d\d-\d\d to /m],
  "coord-info.ts": [/^STOP\tStuttgart, Hauptbahnhof \(SBahn, .*\)\tde:08111:6118$/m, /^SHARING_VEHICLE\t/m],
  "departure-board.ts": [
    /^Stuttgart, Hauptbahnhof: departures$/m,
    /^\d\d:\d\d {2}\S+ +.+ {2} +\d+!? {2}(on time|\+\d+ min|cancelled|no real time)$/m
  ],
  "errors.ts": [
    /^invalid request: .*input/m,
    /^invalid request: .*maxResults/m,
    /^EFA says: /m
  ],
  "journey-planner.ts": [
    /^-- Stuttgart Hbf → Böblingen$/m,
    /^-- later$/m,
    /^-- earlier$/m,
    /^\d\d:\d\d → \d\d:\d\d {2}\d+ min {2}.+/m
  ],
  "geo-object.ts": [/^\{"type":"FeatureCollection","features":\[\{"type":"Feature","geometry":\{"type":"LineString"/m],
  "notice-watch.ts": [/^Added: .+/m],
  "op-area.ts": [
    /^\{"type":"FeatureCollection","features":\[\{"type":"Feature","id":"[^"]+","geometry":\{"type":"Polygon"/m
  ],
  "promise.ts": [
    /^from: Stuttgart, Hauptbahnhof \(de:08111:6118\)$/m,
    /^\d+ min: .+/m,
    /^refused before sending: .*maxResults/m
  ],
  "serving-lines.ts": [/^\d+ lines serve Stuttgart Hauptbahnhof/m, /^ {2}S-Bahn S1 → /m, /^S1: /m],
  "stop-finder.ts": [/^best: Stuttgart, Hauptbahnhof \(de:08111:6118\)$/m],
  "timetable.ts": [
    /^\d+ min, \d+ change\(s\)$/m,
    /^\S+ towards .+ \(run \d+\)$/m,
    /^ +\d\d:\d\d.. {2}Ludwigsburg, Residenzschloss {2}platform \S+$/m,
    /^ {2}change: \d+ min walk \(.*level.*\)$/m,
    /^price: \d+\.\d\d EUR adult, \d+\.\d\d EUR child \(zones [\d, ]+\)$/m
  ],
  "trip-watch.ts": [/^watching .+ until \d\d:\d\d$/m, /^done$/m],
  "trip.ts": [/^\d+ min, \d+ change\(s\)$/m, /^ {2}\d\d:\d\d Stuttgart, Hauptbahnhof → \d\d:\d\d /m, /Böblingen/],
  "vehicle-detail.ts": [/^[A-Z]+-\d+:[a-z-]+:[a-z-]+ /m]
}
