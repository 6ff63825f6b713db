import { Effect } from "effect"
import * as fs from "node:fs"
import { describe, expect, it } from "vitest"
import { loadEmbeddedDataset } from "../src/dataset/load.js"
import { sampleStops } from "../src/dataset/lookup.js"
import { loadGtfsDataset } from "../src/gtfs.js"
import { makeMockServer } from "../src/http/app.js"
import { writeFeed } from "./support/randomFeed.js"

describe("the sample stop of the banner and the page", () => {
  it("is the loaded dataset's busiest stop, on a feed as on the embedded dataset", async () => {
    const embedded = await Effect.runPromise(loadEmbeddedDataset)
    expect(sampleStops(embedded, 1)[0]).toBe("Stuttgart, Hauptbahnhof")
    const folder = writeFeed({
      stations: [0, 1, 2].map((i) => ({ id: `ST${i}`, platforms: [`ST${i}_P0`], change: undefined, changeOn: -1 })),
      trips: [
        {
          id: "T0",
          calls: [{ station: 0, platform: 0 }, { station: 1, platform: 0 }],
          arrivals: [0, 60],
          departures: [
            0,
            60
          ],
          service: 0,
          direction: 0
        },
        {
          id: "T1",
          calls: [{ station: 2, platform: 0 }, { station: 1, platform: 0 }],
          arrivals: [0, 60],
          departures: [
            0,
            60
          ],
          service: 0,
          direction: 0
        }
      ],
      walks: [],
      forbiddenWalks: [],
      services: [{ weekdays: [true, true, true, true, true, true, true], added: [], removed: [] }]
    })
    try {
      const { dataset } = await loadGtfsDataset(folder)
      const fake = makeMockServer({ dataset })
      const listing = await (await fake.app.request("/")).json() as { sample: string }
      expect(listing.sample).toBe("/XML_STOPFINDER_REQUEST?outputFormat=JSON&type_sf=any&name_sf=Station%201")
      const page = await (await fake.app.request("/", { headers: { accept: "text/html" } })).text()
      expect(page).toContain(`placeholder="Station 1, Station 0, Station 2…"`)
      expect(page).not.toContain("Stuttgart Hbf")
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})
