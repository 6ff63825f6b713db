// A GTFS feed of the tests' own, as a folder of its files.
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

// a small feed of its own: two stations with a platform each, one line, two trips on weekdays
export const smallFeed = (overrides: Record<string, string | undefined> = {}): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gtfs-"))
  for (const [name, text] of Object.entries(smallFeedFiles(overrides))) {
    if (text !== undefined) fs.writeFileSync(path.join(folder, name), text)
  }
  return folder
}

// the small feed's files by name, with some replaced (or, undefined, left out)
export const smallFeedFiles = (
  overrides: Record<string, string | undefined> = {}
): Record<string, string | undefined> => {
  const files: Record<string, string | undefined> = {
    "agency.txt":
      "agency_id,agency_name,agency_url,agency_timezone\nAG,Test Agency,https://example.org,Europe/Berlin\n",
    "stops.txt": [
      "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code",
      "de:08111:1,\"Teststadt, Markt\",48.70,9.10,1,,",
      "de:08111:1:1,Markt Gleis 1,48.7001,9.1001,0,de:08111:1,1",
      "de:08111:2,\"Teststadt, Bahnhof\",48.75,9.15,1,,",
      "de:08111:2:3,Bahnhof Gleis 3,48.7501,9.1501,0,de:08111:2,3"
    ].join("\n"),
    "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nr-1,AG,S9,,109\n",
    "trips.txt": "route_id,service_id,trip_id,trip_headsign,direction_id\nr-1,WK,t1,Bahnhof,0\nr-1,WK,t2,Bahnhof,0\n",
    "stop_times.txt": [
      "trip_id,arrival_time,departure_time,stop_id,stop_sequence",
      "t1,08:00:00,08:00:00,de:08111:1:1,1",
      "t1,08:12:00,08:12:00,de:08111:2:3,2",
      "t2,08:30:00,08:30:00,de:08111:1:1,1",
      "t2,08:42:00,08:42:00,de:08111:2:3,2"
    ].join("\n"),
    "calendar.txt":
      "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260302,20260306\n",
    ...overrides
  }
  return files
}
