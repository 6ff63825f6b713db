/**
 * The operating-area answer: the dataset's sharing providers and their areas.
 *
 * - `opareaSM=ALL`: every provider with every area. `RADIAL`: the areas whose polygon contains the
 *   centre or comes within the radius of it (default 500 m), and the providers that have such an area.
 * - `vehPId<i>` keeps the listed providers; an `opAreaId<i>` with the same index keeps only that area
 *   of that provider. Both take the ID or the number rapidJSON answers give (providers and areas are
 *   numbered 1, 2, ... in dataset order).
 * - `vehSF` keeps the providers of that vehicle kind.
 * - Polygons are returned with `operatingZoneGeometry=1` only (the contract: "also return operating-zone
 *   geometry"); without it the areas carry `id` and `name`.
 * - Providers come in dataset order; nothing found is an empty list without an error.
 *
 * @since 0.1.0
 */
import { OpArea } from "@efa-kit/core"
import { distanceToRing } from "../dataset/geometry.js"
import { type Lookup, lookupOf } from "../dataset/lookup.js"
import type { OpArea as DatasetArea, Provider } from "../dataset/schema.js"
import type { Answer } from "./types.js"

const selectedAreas = (
  request: OpArea.OpAreaRequest,
  provider: Provider,
  numbers: Lookup["sharingNumbers"]
): ReadonlyArray<DatasetArea> | undefined => {
  if (request.providers === undefined) return provider.areas
  const providerNumber = String(numbers.providers.get(provider.id))
  const selections = request.providers.filter((selection) =>
    selection.providerId === provider.id || selection.providerId === providerNumber
  )
  if (selections.length === 0) return undefined
  if (selections.some((selection) => selection.areaId === undefined)) return provider.areas
  return provider.areas.filter((area) =>
    selections.some((selection) =>
      selection.areaId === area.id || selection.areaId === String(numbers.areas.get(area.id))
    )
  )
}

/**
 * Answers an operating-area request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerOpArea: Answer<OpArea.OpAreaRequest, OpArea.OpAreaResponse> = (request, { dataset }) => {
  const providers: Array<OpArea.Provider> = []
  const numbers = lookupOf(dataset).sharingNumbers
  for (const provider of dataset.sharing.providers) {
    if (request.vehicleKind !== undefined && provider.vehicleType !== request.vehicleKind) continue
    let areas = selectedAreas(request, provider, numbers)
    if (areas === undefined) continue
    if (request._tag === "Radial") {
      const radius = request.radius ?? OpArea.DEFAULT_RADIUS
      areas = areas.filter((area) => distanceToRing(request.centre, area.polygon) <= radius)
    }
    if (areas.length === 0) continue
    providers.push({
      id: provider.id,
      name: provider.name,
      vehicleType: provider.vehicleType,
      areas: areas.map((area) =>
        request.zoneGeometry
          ? { id: area.id, name: area.name, polygon: area.polygon }
          : { id: area.id, name: area.name }
      )
    })
  }
  return { providers }
}
