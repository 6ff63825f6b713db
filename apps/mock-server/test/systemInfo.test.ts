import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { answerSystemInfo } from "../src/answers/systemInfo.js"
import { call, fake } from "./helpers.js"
import { contextAt, dataset } from "./support/answerContext.js"

describe("system information", () => {
  it("answers the dataset's validity and its first day as the data build", () => {
    expect(answerSystemInfo({}, contextAt())).toEqual({
      kernel: {
        appVersion: "efa-mock-server",
        dataFormat: "EFA10_02_00",
        dataBuild: DateTime.unsafeMake(`${dataset.meta.validFrom}T00:00:00Z`)
      },
      validity: { from: dataset.meta.validFrom, to: dataset.meta.validTo }
    })
  })

  it("through the app: rapidJSON names the interface version as the kernel's, below a virtual directory too", async () => {
    const server = fake()
    for (const path of ["/XML_SYSTEMINFO_REQUEST", "/mngvvs/XML_SYSTEMINFO_REQUEST"]) {
      const { json, status } = await call(server, path, { outputFormat: "rapidJSON" })
      expect(status).toBe(200)
      expect(json).toMatchObject({
        version: "10.2.10.139",
        ptKernel: { appVersion: "10.2.10.139", dataFormat: "EFA10_02_00", dataBuild: "2025-12-14T00:00:00Z" },
        validity: { from: "2025-12-14", to: "2026-12-12" }
      })
    }
  })
})
