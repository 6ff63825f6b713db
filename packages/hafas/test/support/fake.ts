// The fake in process, one per deployment set-up, and clients of it.
import type { Profile } from "@efa-kit/core"
import { DEFAULT_NOW, embeddedDataset, fetchInProcess } from "@efa-kit/mock-server"
import { createClient } from "../../src/HafasClient.js"

/** The fake's fixed "now", the time the tests ask for. */
export const NOW = new Date(DEFAULT_NOW)

/** Stops of the fake's dataset. */
export const STUTTGART_HBF = "de:08111:6118"
export const BOEBLINGEN = "de:08115:3200"

const dataset = await embeddedDataset()

/** One way to reach the fake: a dialect, or a built-in profile the fake speaks. */
export interface Setup {
  readonly name: string
  readonly dialect?: "contract" | "rapidJSON"
  readonly profile?: Profile.Name
}

/** A client of the fake as a set-up configures it. */
export const clientOf = (setup: Setup, options: { readonly stopLocations?: boolean } = {}) =>
  createClient({
    baseUrl: "http://fake.invalid/",
    ...(setup.dialect === undefined ? {} : { dialect: setup.dialect }),
    ...(setup.profile === undefined ? {} : { profile: setup.profile }),
    ...(setup.profile === "tfnsw" ? { apiKey: "local-key" } : {}),
    ...options,
    fetch: fetchInProcess({ dataset, ...(setup.profile === undefined ? {} : { profile: setup.profile }) })
  })
