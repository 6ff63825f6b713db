/**
 * The notice answer (`XML_ADDINFO_REQUEST`). Every filter of the contract narrows the notices: the
 * values of one filter are alternatives (a repeated parameter is a union), different filters must all
 * hold.
 *
 * Decisions where the contract is silent:
 * - Publication status against the fake's clock (the date of `now` in the deployment's zone):
 *   `current` is a notice whose `validTo` is today or later (also one that starts in the future),
 *   `history` one that ended before today. Without `filterPublicationStatus` only current notices are
 *   returned, unless a date filter (`filterDateValid...`, `filterValidInterval...`) is given: then the
 *   dates alone decide.
 * - `filterValidIntervalStart`/`End`: notices whose validity overlaps the interval (bounds inclusive,
 *   either may be open).
 * - Line filters (`filterLineNumberInterval...`, `filterMOTType`, `filterPNLineDir`, `filterPNLineSub`,
 *   `itdLPxx_selLine`, `itdLPxx_selOperator`, `line`) look at the lines in the notice's `lines`; a
 *   notice without lines passes none of them. A line is named by its code (`10001`) or its public
 *   number (`S1`); supplements compare without surrounding blanks (` ` and empty are the same); the
 *   line-number interval reads the digits of the public number (`U14` is 14).
 * - `line` with `passedStops=1`: also the notices about stops the line calls at.
 * - `itdLPxx_selStop`: notices listing one of the stops. `filterOMC` / `filterOMC_PlaceID`: notices
 *   concerning one of the municipalities or places.
 * - Codes (`filterProviderCode`, `filterSourceSystemName`, `itdLPxx_selOperator`) compare without case.
 * - Each notice says which list it belongs to (`publicationStatus`, by the same rule), so that rapidJSON answers
 *   put it in `infos.current` or `infos.historic`.
 * - Each notice as real notices are (`engine/legDetails.ts`'s `noticeDetails`): its page, the title as subtitle,
 *   link text and short text, its version and its page as a further link (recorded notices all have a subtitle;
 *   the fake keeps the title too, as VRR's and VVS's notices do, where TfNSW's have none).
 * - An empty result is `infos: []` without a message.
 *
 * @since 0.1.0
 */
import { type AddInfo, LineId } from "@efa-kit/core"
import { Either } from "effect"
import { type LineDirection, lineNumberValue, lookupOf } from "../dataset/lookup.js"
import type { Notice } from "../dataset/schema.js"
import { noticeDetails } from "../engine/legDetails.js"
import { localDate } from "../engine/timetable.js"
import type { Answer, AnswerContext } from "./types.js"

/**
 * The calendar date (`YYYY-MM-DD`) of the fake's clock in the deployment's zone.
 *
 * @since 0.1.0
 * @category utils
 */
const today = (context: AnswerContext): string => localDate(context.now, context.timeZone)

const lower = (values: ReadonlyArray<string>) => new Set(values.map((value) => value.toLowerCase()))
const compact = (text: string) => text.replace(/\s+/g, "").toLowerCase()
const sameLine = (direction: LineDirection, name: string): boolean =>
  direction.line.code === name || compact(direction.line.number) === compact(name)

/**
 * Answers a notice request from the dataset.
 *
 * @since 0.1.0
 * @category answers
 */
export const answerAddInfo: Answer<AddInfo.AddInfoRequest, AddInfo.AddInfoResponse> = (request, context) => {
  const index = lookupOf(context.dataset)
  const day = today(context)
  const hasDateFilter = request.validOn !== undefined || request.validIntervalStart !== undefined ||
    request.validIntervalEnd !== undefined
  const status = request.publicationStatus ?? (hasDateFilter ? undefined : "current")
  const dates = request.validOn === undefined
    ? undefined
    : request.validOn.mode === "dates"
    ? request.validOn.dates
    : [request.validOn.date]
  const operators = request.operators && lower(request.operators)
  const providers = request.providerCodes && lower(request.providerCodes)
  const systems = request.sourceSystems && lower(request.sourceSystems)
  const places = request.places?.map((place) => `${place.municipality}:${place.placeId}`)

  // the stops the combined line filter's line calls at, for passedStops
  const lineFilter = request.line === undefined ? undefined : Either.getOrUndefined(LineId.parse(request.line))
  const filteredDirections = lineFilter === undefined
    ? []
    : Array.from(index.directionById.values()).filter((direction) =>
      direction.line.network === lineFilter.subnetwork && sameLine(direction, lineFilter.lineNumber) &&
      direction.line.supplement.trim() === lineFilter.supplement.trim() && direction.direction === lineFilter.direction
    )
  const passedStops = new Set(
    request.passedStops === true ? filteredDirections.flatMap((direction) => direction.stops) : []
  )
  const filteredIds = new Set(filteredDirections.map((direction) => direction.id))

  const matches = (notice: Notice): boolean => {
    const lines = notice.lines.flatMap((id) => {
      const direction = index.directionById.get(id)
      return direction === undefined ? [] : [direction]
    })
    const anyLine = (test: (direction: LineDirection) => boolean) => lines.some(test)
    if (status === "current" && notice.validTo < day) return false
    if (status === "history" && notice.validTo >= day) return false
    if (dates !== undefined && !dates.some((date) => notice.validFrom <= date && date <= notice.validTo)) return false
    if (request.validIntervalStart !== undefined && notice.validTo < request.validIntervalStart) return false
    if (request.validIntervalEnd !== undefined && notice.validFrom > request.validIntervalEnd) return false
    if (request.municipalities !== undefined && !notice.omcs.some((omc) => request.municipalities!.includes(omc))) {
      return false
    }
    if (places !== undefined && !notice.places.some((place) => places.includes(place))) return false
    if (request.lineNumberStart !== undefined || request.lineNumberEnd !== undefined) {
      const from = request.lineNumberStart ?? 1
      const to = request.lineNumberEnd ?? 999
      const inside = anyLine((direction) => {
        const value = lineNumberValue(direction.line.number)
        return value !== undefined && value >= from && value <= to
      })
      if (!inside) return false
    }
    if (request.modes !== undefined && !anyLine((direction) => request.modes!.includes(direction.line.mot))) {
      return false
    }
    if (
      request.lineDirections !== undefined &&
      !request.lineDirections.some((filter) =>
        anyLine((direction) =>
          direction.line.network === filter.network && sameLine(direction, filter.line) &&
          direction.direction === filter.direction
        )
      )
    ) return false
    if (
      request.lineSupplements !== undefined &&
      !request.lineSupplements.some((filter) =>
        anyLine((direction) =>
          direction.line.network === filter.network && sameLine(direction, filter.line) &&
          direction.line.supplement.trim() === filter.supplement.trim()
        )
      )
    ) return false
    if (
      request.selectedLines !== undefined &&
      !request.selectedLines.some((name) => anyLine((direction) => sameLine(direction, name)))
    ) return false
    if (operators !== undefined && !anyLine((direction) => operators.has(direction.line.operator.code.toLowerCase()))) {
      return false
    }
    if (request.stops !== undefined && !notice.stops.some((stop) => request.stops!.includes(stop))) return false
    if (lineFilter !== undefined) {
      const onLine = notice.lines.some((id) => filteredIds.has(id))
      const atStops = passedStops.size > 0 && notice.stops.some((stop) => passedStops.has(stop))
      if (!onLine && !atStops) return false
    }
    if (request.noticeIds !== undefined && !request.noticeIds.includes(notice.id)) return false
    if (request.noticeTypes !== undefined && !request.noticeTypes.includes(notice.type)) return false
    if (providers !== undefined && !providers.has(notice.provider.toLowerCase())) return false
    if (systems !== undefined && !systems.has(notice.sourceSystem.toLowerCase())) return false
    if (request.hideBanners === true && notice.type === "bannerInfo") return false
    return true
  }

  return {
    infos: context.dataset.notices.filter(matches).map((notice) => ({
      id: notice.id,
      type: notice.type,
      title: notice.title,
      text: notice.text,
      validFrom: notice.validFrom,
      validTo: notice.validTo,
      lines: notice.lines.map(LineId.make),
      severity: notice.severity,
      // subtitle, page, link text, version, short text and further link, as real notices have them
      ...noticeDetails(notice),
      // the list it belongs to at the fake's clock (rapidJSON `infos.current` or `infos.historic`)
      publicationStatus: notice.validTo < day ? "history" as const : "current" as const
    }))
  }
}
