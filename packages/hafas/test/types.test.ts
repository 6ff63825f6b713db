import type * as Hafas from "hafas-client"
import { describe, expectTypeOf, it } from "vitest"
import { createClient } from "../src/HafasClient.js"
import * as HafasProfile from "../src/HafasProfile.js"

// The client satisfies the community typings of hafas-client 6 (`@types/hafas-client`): a tool typed against
// `HafasClient` takes it. The checks are the compiler's (`pnpm build` type-checks this file).
describe("types", () => {
  it("the client is a HafasClient", () => {
    const client = createClient({ profile: "vvs" })
    const asHafas: Hafas.HafasClient = client
    expectTypeOf(client).toMatchTypeOf<Hafas.HafasClient>()
    expectTypeOf(createClient(HafasProfile.profiles.tfnsw, "tests")).toMatchTypeOf<Hafas.HafasClient>()
    // its answers are hafas-client's
    expectTypeOf<Awaited<ReturnType<typeof client.journeys>>>().toMatchTypeOf<Hafas.Journeys>()
    expectTypeOf<Awaited<ReturnType<typeof client.departures>>>().toMatchTypeOf<Hafas.Departures>()
    expectTypeOf<Awaited<ReturnType<NonNullable<typeof client.trip>>>>().toMatchTypeOf<Hafas.TripWithRealtimeData>()
    void asHafas
    return client.close()
  })

  it("the profile has hafas-client's products and flags", () => {
    expectTypeOf(HafasProfile.profiles.vvs.products).toMatchTypeOf<ReadonlyArray<Hafas.ProductType>>()
    expectTypeOf(HafasProfile.profiles.vvs).toMatchTypeOf<Omit<Hafas.Profile, "products">>()
  })
})
