import { Dialect, Operations } from "@efa-kit/core"
import { FetchHttpClient } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"
import { type Fake, overTcp } from "./support/fake.js"

// The rapidJSON answers of the fake against the Mentz JSON Schemas, with the shared checker a third-party
// rapidJSON client's author would use on a real server (`../shared/tools/check-rapidjson.mjs`, beside the
// repository in CI). Where that folder is absent, the test is skipped and says so in its name.
const checker = fileURLToPath(new URL("../../../../shared/tools/check-rapidjson.mjs", import.meta.url))
const hasChecker = existsSync(checker)

// What the checker asks, by the label it prints, and the operation that answers it.
const asked: ReadonlyArray<readonly [label: string, path: string | undefined]> = [
  ["system info", Dialect.SYSTEM_INFO_PATH],
  ["stop finder", Operations.all.stopFinder.path],
  ["coordinate search", Operations.all.coordInfo.path],
  ["serving lines", Operations.all.servingLines.path],
  ["trip", Operations.all.trip.path],
  ["notices", Operations.all.addInfo.path],
  ["operating areas", Operations.all.opArea.path],
  ["line geometry", Operations.all.geoObject.path],
  ["departure monitor", "XML_DM_REQUEST"]
]

const served = new Set<string>([
  Dialect.SYSTEM_INFO_PATH,
  ...Object.values(Operations.all).map((operation) => operation.path)
])

const run = (baseUrl: string): Promise<string> =>
  new Promise((resolve) => {
    execFile(process.execPath, [checker, baseUrl], { timeout: 120_000 }, (_, stdout, stderr) => {
      resolve(`${stdout}${stderr}`)
    })
  })

describe(`the fake's rapidJSON against the Mentz schemas${hasChecker ? "" : " (skipped: ../shared/tools is absent)"}`, () => {
  let fake: Fake
  let output = ""
  beforeAll(async () => {
    if (!hasChecker) return
    fake = await overTcp()
    output = await run(fake.baseUrl)
  }, 180_000)
  afterAll(() => fake?.close())

  for (const [label, path] of asked) {
    const operationServed = path !== undefined && served.has(path)
    const skipped = !hasChecker ? "" : operationServed ? "" : " (skipped: the fake does not serve it)"
    it.skipIf(!hasChecker || !operationServed)(`${label}: check-rapidjson.mjs reports it VALID${skipped}`, () => {
      const line = output.split("\n").find((text) => /^(VALID|INVALID|FAIL) /.test(text) && text.includes(` ${label}`))
      expect(line, output).toBeDefined()
      expect(line!.startsWith("VALID "), output).toBe(true)
    })
  }
})

// Answers the checker's own tour does not ask for: the native grid (no coordOutputFormat), every kind of
// coordinate-search hit, a vehicle, ended notices, a trip with its paths, an EFA error, a lenient reading.
const more: ReadonlyArray<readonly [name: string, schema: string, path: string, query: string]> = [
  [
    "stop finder in the native grid",
    "LOCATION_SUGGEST_Schema.json",
    "XML_STOPFINDER_REQUEST",
    "type_sf=any&name_sf=Bahnhof"
  ],
  [
    "stop finder of a coordinate",
    "LOCATION_SUGGEST_Schema.json",
    "XML_STOPFINDER_REQUEST",
    "type_sf=coord&name_sf=9.181636:48.784081:WGS84[dd.ddddd]&doNotSearchForStops_sf=1"
  ],
  ["stop finder without its input", "LOCATION_SUGGEST_Schema.json", "XML_STOPFINDER_REQUEST", "type_sf=any"],
  [
    "coordinate search of every kind",
    "COORD_Schema.json",
    "XML_COORD_REQUEST",
    "coord=9.181636:48.784081:WGS84[dd.ddddd]&inclFilter=1&type_1=ANY&radius_1=1500"
  ],
  [
    "vehicle detail",
    "COORD_Schema.json",
    "XML_COORD_REQUEST",
    "coordReqType=VEHICLEDETAIL&vehDetail=1&vehSM=ID&SharingRefId=SN-501:sharenow:sn-stuttgart"
  ],
  [
    "trip with paths and options",
    "TRIP_Schema.json",
    "XML_TRIP_REQUEST2",
    "type_origin=any&name_origin=de:08111:6118&type_destination=any&name_destination=Esslingen" +
    "&coordListOutputFormat=list&changeSpeed=fast"
  ],
  [
    "trip with stop sequences, fares, occupancy and interchange walks",
    "TRIP_Schema.json",
    "XML_TRIP_REQUEST2",
    "type_origin=any&name_origin=de:08118:4820&type_destination=any&name_destination=de:08116:7720" +
    "&useUT=1&useRealtime=1&imparedOptionsActive=1&wheelchair=1"
  ],
  ["ended notices", "ADDINFO_Schema.json", "XML_ADDINFO_REQUEST", "filterPublicationStatus=history"],
  // places, streets, addresses, crossings and postcodes
  [
    "stop finder of a street's addresses, one placed where its number would be",
    "LOCATION_SUGGEST_Schema.json",
    "XML_STOPFINDER_REQUEST",
    "type_sf=any&name_sf=Königstraße 13&locationInfoActive=1&coordOutputFormat=WGS84[dd.ddddd]"
  ],
  [
    "stop finder of localities, suburbs, streets, crossings and postcodes",
    "LOCATION_SUGGEST_Schema.json",
    "XML_STOPFINDER_REQUEST",
    "type_sf=any&name_sf=Stuttgart&anyObjFilter_sf=93&anyMaxSizeHitList=200&coordOutputFormat=WGS84[dd.ddddd]"
  ],
  [
    "coordinate search of streets",
    "COORD_Schema.json",
    "XML_COORD_REQUEST",
    "coord=9.179219:48.778702:WGS84[dd.ddddd]&inclFilter=1&type_1=STREET&radius_1=500&coordOutputFormat=WGS84[dd.ddddd]"
  ],
  [
    "trip from an address to a stop",
    "TRIP_Schema.json",
    "XML_TRIP_REQUEST2",
    "type_origin=address&name_origin=Königstraße 12&type_destination=any&name_destination=de:08116:7720" +
    "&coordOutputFormat=WGS84[dd.ddddd]"
  ],
  [
    "trip from a stop to an address",
    "TRIP_Schema.json",
    "XML_TRIP_REQUEST2",
    "type_origin=any&name_origin=de:08116:7720&type_destination=any&name_destination=addressID:1500000001:12:8111000"
  ],
  ["serving lines of a line", "SERVINGLINES_Schema.json", "XML_SERVINGLINES_REQUEST", "mode=line&lineName=U5"],
  [
    "operating areas near a point",
    "OPAREA_Schema.json",
    "XML_OPAREA_REQUEST",
    "opareaSM=RADIAL&coordRadius=9.181636:48.784081:WGS84[dd.ddddd]:2000&operatingZoneGeometry=1"
  ],
  ["line geometry in the native grid", "GEOOBJECT_Schema.json", "XML_GEOOBJECT_REQUEST", "line=vvs:10004: :R"],
  ["system information", "SYSTEMINFO_Schema.json", "XML_SYSTEMINFO_REQUEST", ""],
  ["lines of a subnetwork", "LINELIST_Schema.json", "XML_LINELIST_REQUEST", "lineListSubnetwork=vvs&mergeDir=1"],
  ["a line's stops", "LineStopSequence_Schema.json", "XML_LINESTOP_REQUEST", "line=vvs:10001: :H:"],
  ["stops of a municipality", "STOPLIST_Schema.json", "XML_STOPLIST_REQUEST", "stopListOMC=8111000"],
  [
    "the real time of a planned trip, a ride found and one not",
    "GETREALTIMEFORTRIP_Schema.json",
    "XML_GETRTFORTRIP_REQUEST",
    `journey=${
      encodeURIComponent(JSON.stringify({
        legs: [
          {
            transportation: { id: "vvs:10001: :H:", properties: { tripCode: 48600 } },
            origin: { id: "de:08115:3200", departureTimePlanned: "2026-03-02T07:25:00Z" },
            destination: { id: "de:08111:6002", arrivalTimePlanned: "2026-03-02T07:37:00Z" }
          },
          {
            transportation: { product: { class: 100 } },
            origin: { id: "de:08111:6002", departureTimePlanned: "2026-03-02T07:37:00Z" },
            destination: { id: "de:08111:6118", arrivalTimePlanned: "2026-03-02T07:50:00Z" }
          },
          {
            transportation: { id: "vvs:19999: :H:" },
            origin: { id: "de:08111:6118", departureTimePlanned: "2026-03-02T07:55:00Z" },
            destination: { id: "de:08111:6200", arrivalTimePlanned: "2026-03-02T08:00:00Z" }
          }
        ]
      }))
    }`
  ]
]

// The checker's own validator, loaded once: its `--file` mode is this function, and a process per answer would
// compile the Mentz schemas again for each.
type Validate = (schemaFile: string, json: unknown) => ReadonlyArray<string>
const loadValidator = async (): Promise<Validate> => {
  const checkerModule: { readonly makeValidator: () => Validate } = await import(pathToFileURL(checker).href)
  return checkerModule.makeValidator()
}

describe(
  `more of the fake's rapidJSON against the Mentz schemas${hasChecker ? "" : " (skipped: ../shared/tools is absent)"}`,
  () => {
    let fake: Fake
    let validate: Validate
    beforeAll(async () => {
      if (!hasChecker) return
      fake = await overTcp()
      validate = await loadValidator()
    }, 120_000)
    afterAll(() => fake?.close())

    for (const [name, schema, operationPath, query] of more) {
      it.skipIf(!hasChecker)(`${name}: check-rapidjson.mjs's validator finds it valid against ${schema}`, async () => {
        const response = await fetch(`${fake.baseUrl}${operationPath}?outputFormat=rapidJSON&${query}`)
        expect(response.status).toBe(200)
        expect(validate(schema, await response.json())).toEqual([])
      }, 60_000)
    }
  }
)

describe("Dialect.probe against the fake", () => {
  let fake: Fake
  beforeAll(async () => {
    fake = await overTcp()
  })
  afterAll(() => fake.close())

  it.effect("recognises rapidJSON and reads the interface version", () =>
    Effect.gen(function*() {
      const found = yield* Dialect.probe({ baseUrl: fake.baseUrl })
      expect(found.speaks).toBe("rapidJSON")
      expect(found.version).toBe("10.2.10.139")
      expect(found.controllerVersion).toBe("10.2.10.139")
      expect(found.url).toBe(`${fake.baseUrl}XML_SYSTEMINFO_REQUEST?outputFormat=rapidJSON`)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})
