import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { Point, StopFinder } from "../src/index.js"
import { fromQueryString, toQueryString } from "../src/internal/query.js"

const encode = (request: StopFinder.StopFinderRequest) =>
  toQueryString(Schema.encodeSync(StopFinder.StopFinderQuery)(request))

describe("StopFinder request", () => {
  it("encodes every parameter", () => {
    expect(
      encode({
        input: Point.any("Stuttgart, Schloßplatz"),
        maxResults: 20,
        perfectMatchOnly: true,
        minQuality: 50,
        objectKinds: ["stop", "poi"],
        preferModesAmongBest: [1, 2, 3, 4],
        rankingMethod: "DISTANCEFROMCENTER",
        referencePoint: { lat: 48.78, lon: 9.18 }
      })
    ).toBe(
      "type_sf=any&name_sf=Stuttgart,+Schlo%C3%9Fplatz&anyMaxSizeHitList=20&anySigWhenPerfectNoOtherMatches=1&prMinQu=50&anyObjFilter_sf=34&coord=9.18:48.78:WGS84%5Bdd.ddddd%5D&prefStModeAm=30&rMethod=DISTANCEFROMCENTER"
    )
  })

  it("decodes a query back", () => {
    const decoded = Schema.decodeUnknownEither(StopFinder.StopFinderQuery)(
      fromQueryString("type_sf=coord&name_sf=9.1%3A48.7%3AWGS84%5Bdd.ddddd%5D&prMinQu=101&anyObjFilter_sf=128")
    )
    expect(Either.isLeft(decoded)).toBe(true)
  })
})
