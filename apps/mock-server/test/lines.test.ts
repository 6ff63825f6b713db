import { describe, expect, it } from "@effect/vitest"
import { answerLines } from "../src/answers/lines.js"
import { call, fake } from "./helpers.js"
import { contextAt, dataset } from "./support/answerContext.js"

const S1 = dataset.lines.find((line) => line.code === "10001")!

describe("lines", () => {
  it("one entry per line direction, H before R, with the server line ID, mode, route and destination", () => {
    const { lines } = answerLines({}, contextAt())
    expect(lines).toHaveLength(dataset.lines.length * 2)
    const [h, r] = lines.filter((line) => line.lineId.startsWith("vvs:10001:"))
    expect(h).toEqual({
      lineId: "vvs:10001: :H:",
      mode: { name: "S-Bahn S1", mot: 1, number: "S1" },
      description: expect.stringContaining(" - "),
      destination: { id: S1.stops.at(-1)!.stop, name: expect.any(String) }
    })
    expect(r!.lineId).toBe("vvs:10001: :R:")
    expect(r!.destination?.id).toBe(S1.stops[0]!.stop)
  })

  it("mergeDir=1 keeps one entry per line; a municipality keeps the lines calling there", () => {
    expect(answerLines({ mergeDirections: true }, contextAt()).lines).toHaveLength(dataset.lines.length)
    const omc = dataset.stops.find((stop) => stop.id === S1.stops.at(-1)!.stop)!.omc
    const there = answerLines({ municipality: omc, mergeDirections: true }, contextAt()).lines
    expect(there.map((line) => line.lineId)).toContain("vvs:10001: :H:")
    expect(there.length).toBeLessThan(dataset.lines.length)
  })

  it("a subnetwork it does not have: no lines and -4050", () => {
    expect(answerLines({ subnetwork: "xyz" }, contextAt())).toEqual({
      lines: [],
      systemMessages: [{ type: "error", module: "BROKER", code: -4050, text: "no lines found" }]
    })
  })

  it("through the app: rapidJSON transportations as every answer describes them", async () => {
    const { json, status } = await call(fake(), "/XML_LINELIST_REQUEST", {
      outputFormat: "rapidJSON",
      coordOutputFormat: "WGS84[dd.ddddd]",
      lineListSubnetwork: "vvs",
      mergeDir: "1"
    })
    expect(status).toBe(200)
    expect(json.transportations).toHaveLength(dataset.lines.length)
    expect(json.transportations[0]).toMatchObject({
      id: "vvs:10001: :H:",
      product: { class: 1 },
      operator: { name: expect.any(String) },
      origin: { id: S1.stops[0]!.stop, type: "stop" },
      destination: { id: S1.stops.at(-1)!.stop, type: "stop" }
    })
  })
})
