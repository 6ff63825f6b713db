import { DEFAULT_NOW, embeddedDataset, fetchInProcess } from "@efa-kit/mock-server"
import { createHafasRestApi } from "hafas-rest-api"
import type { AddressInfo } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { createClient } from "../src/HafasClient.js"
import * as HafasProfile from "../src/HafasProfile.js"
import { BOEBLINGEN, STUTTGART_HBF } from "./support/fake.js"
import { check, checkAll } from "./support/fptf.js"

// Programs written for hafas-client, run on the fake: the README's example as it is written (only the profile's
// import and the stop IDs are the deployment's), and hafas-rest-api, the REST server of hafas-client's
// ecosystem, started on a client of the fake and asked over HTTP.
const dataset = await embeddedDataset()
const fetch = fetchInProcess({ dataset })

describe("hafas-client's README", () => {
  it("runs unchanged", async () => {
    const logged: Array<unknown> = []
    const console = { log: (value: unknown) => logged.push(value) }
    const vvsProfile = { ...HafasProfile.profiles.vvs, endpoint: "http://fake.invalid/" }

    // --- hafas-client's README, "Usage" ---
    // Adapt this to your project! createClient() won't work with this string.
    const userAgent = "efa-kit tests (https://github.com/efa-kit/efa-kit)"

    // create a client with the VVS profile
    const client = createClient(vvsProfile, userAgent, { fetch })

    // Stuttgart Hbf to Böblingen
    // (at the fake's "now")
    const res = await client.journeys(STUTTGART_HBF, BOEBLINGEN, { results: 1, departure: DEFAULT_NOW })
    console.log(res)
    // ---

    const [answer] = logged as [Awaited<ReturnType<typeof client.journeys>>]
    expect(answer.journeys).toHaveLength(1)
    checkAll("journey", answer.journeys)
    expect(answer.journeys[0]!.legs[0]!.origin).toMatchObject({ id: STUTTGART_HBF })
    await client.close()
  })
})

describe("hafas-rest-api on the fake", async () => {
  const client = createClient({ baseUrl: "http://fake.invalid/", fetch })
  const api = await createHafasRestApi(client, { hostname: "localhost", name: "efa-rest", aboutPage: false })
  // its error log (pino) stays out of the test's output
  api.locals.logger.level = "silent"
  const server = await new Promise<import("node:http").Server>((resolve, reject) => {
    const listening = api.listen(0, "127.0.0.1", (error) => (error ? reject(error) : resolve(listening)))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await client.close()
  })
  const get = async (path: string) => {
    const response = await globalThis.fetch(base + path)
    expect(response.status, `${path}: ${response.status} ${response.status === 200 ? "" : await response.text()}`)
      .toBe(200)
    return response.json()
  }
  const when = encodeURIComponent(DEFAULT_NOW)

  // hafas-rest-api 5 takes only numeric stop IDs (HAFAS's IBNRs) in its paths and `from`/`to`: EFA's global IDs
  // (`de:08111:6118`) do not pass its check, so the stop pages are not asked here and journeys go between
  // coordinates
  it("answers locations, journeys, their pages, refreshes and trips", async () => {
    const found = await get(`/locations?query=Stuttgart&results=3`)
    checkAll("place", found, "locations")
    checkAll("place", await get(`/locations/nearby?latitude=48.784&longitude=9.1816&distance=500`), "nearby")

    const at = (key: string, stop: { location: { latitude: number; longitude: number } }) =>
      `${key}.latitude=${stop.location.latitude}&${key}.longitude=${stop.location.longitude}`
    const [hbf, bb] = [await client.stop(STUTTGART_HBF), await client.stop(BOEBLINGEN)] as Array<any>
    const journeys = await get(
      `/journeys?${at("from", hbf)}&${at("to", bb)}&departure=${when}&results=1&stopovers=true`
    )
    expect(journeys.journeys.length).toBeGreaterThan(0)
    checkAll("journey", journeys.journeys, "journeys")
    const later = await get(
      `/journeys?${at("from", hbf)}&${at("to", bb)}&laterThan=${encodeURIComponent(journeys.laterRef)}`
    )
    checkAll("journey", later.journeys, "later journeys")

    const journey = journeys.journeys[0]
    const refreshed = await get(`/journeys/${encodeURIComponent(journey.refreshToken)}`)
    check("journey", refreshed.journey, "refreshed")

    const leg = journey.legs.find((l: { tripId?: string }) => l.tripId !== undefined)
    const { trip } = await get(`/trips/${encodeURIComponent(leg.tripId)}`)
    check("trip", trip)
  })

  it("answers a failure with the error's fields", async () => {
    // hafas-rest-api picks the status by `instanceof` hafas-client's own error classes, which no other client's
    // errors are: it answers 500, with the error's `isHafasError` and `code`
    const response = await globalThis.fetch(`${base}/trips/${encodeURIComponent("not-a-trip")}`)
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ isHafasError: true, code: "INVALID_REQUEST" })
  })
})
