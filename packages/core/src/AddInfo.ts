/**
 * Service notices (`XML_ADDINFO_REQUEST`): current or historical disruptions, construction work,
 * cancellations, general notices and banners, with filters.
 *
 * No parameter is required; a request without filters returns all current notices. Repeatable filters
 * are lists here and are sent as repeated parameters, in list order. Dates are `YYYY-MM-DD` in the model
 * and `DD-MM-YYYY` on the wire, as this operation alone takes them.
 *
 * The same notice can arrive several times (once per affected line or filter). Responses are
 * de-duplicated by `id` while decoding, see {@link dedupe}: the first copy wins, and its `lines` become
 * the union of the `lines` of all copies, in first-seen order.
 *
 * Decisions where the contract is silent:
 * - Lists in the request must not be empty when present; leave the field out instead, so that every
 *   request has one query and reads back exactly.
 * - `validOn` is either a list of dates (`filterDateValid`, repeated) or one date sent component-wise
 *   (`filterDateValidComponentsActive=1` with `filterDateValidDay`, `filterDateValidMonth` as two digits
 *   and `filterDateValidYear` as four). Reading a query refuses the two forms together, components without
 *   the switch, the switch without all three components, and components that make no calendar date.
 * - `filterOMC` is one parameter with the keys joined by `:`; every other list is a repeated parameter.
 * - The validity interval may not end before it starts, the line-number interval (1..999 each) may not
 *   end below its start, and `passedStops` needs `line`; refused when encoding at the model field and
 *   when reading a query at the parameter.
 * - Free-text values (line numbers, operators, stop and notice IDs, provider codes, system names) may not
 *   be empty or start or end with white space.
 * - A notice needs `id`, `type`, `title` and `text`; `validFrom`, `validTo` and `severity` may be absent;
 *   a missing `lines` reads as empty; other fields are dropped. A `type` outside the eight listed types
 *   is kept as it is (see {@link NoticeKind}) rather than failing the whole response.
 * - Notice lists are checked by hand in a single pass ({@link Notices}), with the rules of {@link Notice},
 *   so that decoding hundreds of notices costs little more than parsing them.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { dedupe as internalDedupe } from "./internal/decode/dedupe.js"
import { arbitraryHint } from "./internal/schema/arbitraryHint.js"
import { noticeFields } from "./internal/schema/noticeFields.js"
import { contractPaths } from "./internal/schema/operationNames.js"
import { FlagParam, ModelText, opt, ParamString } from "./internal/schema/params.js"
import * as ParamTable from "./internal/schema/paramTable.js"
import { parsedParam } from "./internal/schema/parsed.js"
import { definedOnly, defineQuery } from "./internal/schema/query.js"
import { BlankableSegment, ColonJoined, ColonListParam, Segment } from "./internal/schema/segments.js"
import { LiteralParam, NonEmptyList, Repeated, repeated, TrimmedTextParam } from "./internal/schema/wireValues.js"
import * as LineId from "./LineId.js"
import * as LocalDateTime from "./LocalDateTime.js"
import * as Mot from "./Mot.js"
import type { Operation } from "./Operation.js"
import * as SystemMessage from "./SystemMessage.js"

/**
 * The notice types of `filterInfoType` and of a notice's `type`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const NoticeType = Schema.Literal(
  "stopInfo",
  "stopBlocking",
  "lineInfo",
  "lineBlocking",
  "routeInfo",
  "routeBlocking",
  "generalInfo",
  "bannerInfo"
).annotations({ identifier: "NoticeType" })

/**
 * @since 0.1.0
 * @category models
 */
export type NoticeType = typeof NoticeType.Type

const noticeTypes: ReadonlySet<string> = new Set(NoticeType.literals)

/**
 * Whether a notice's `type` is one of the eight types the contract lists.
 *
 * @since 0.1.0
 * @category guards
 */
export const isNoticeType = (type: string): type is NoticeType => noticeTypes.has(type)

/**
 * The publication status of `filterPublicationStatus`: active or historical notices.
 *
 * @since 0.1.0
 * @category schemas
 */
export const PublicationStatus = Schema.Literal("current", "history").annotations({ identifier: "PublicationStatus" })

/**
 * Validity given as a list of dates, sent as repeated `filterDateValid` parameters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ValidOnDates = Schema.Struct({
  mode: Schema.Literal("dates"),
  dates: Schema.Array(LocalDateTime.CalendarDate).pipe(Schema.minItems(1))
}).annotations({ identifier: "ValidOnDates" })

/**
 * Validity given as one date in components: `filterDateValidComponentsActive=1` with
 * `filterDateValidDay` (`DD`), `filterDateValidMonth` (`MM`) and `filterDateValidYear` (`YYYY`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ValidOnComponents = Schema.Struct({
  mode: Schema.Literal("components"),
  date: LocalDateTime.CalendarDate
}).annotations({ identifier: "ValidOnComponents" })

/**
 * The validity-date filter: a list of dates, or one date sent component-wise.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ValidOn = Schema.Union(ValidOnDates, ValidOnComponents).annotations({ identifier: "ValidOn" })

/**
 * @since 0.1.0
 * @category models
 */
export type ValidOn = typeof ValidOn.Type

const place = ColonJoined("Place", { municipality: Segment, placeId: Segment })

/**
 * A place of a municipality, `<OMC>:<PlaceID>` in `filterOMC_PlaceID`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Place = place.model

/**
 * @since 0.1.0
 * @category models
 */
export interface Place extends Schema.Schema.Type<typeof Place> {}

const lineDirection = ColonJoined("LineDirection", { network: Segment, line: Segment, direction: Segment })

/**
 * A line in one direction, `<network>:<line>:<direction>` in `filterPNLineDir`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineDirection = lineDirection.model

/**
 * @since 0.1.0
 * @category models
 */
export interface LineDirection extends Schema.Schema.Type<typeof LineDirection> {}

const lineSupplement = ColonJoined("LineSupplement", { network: Segment, line: Segment, supplement: BlankableSegment })

/**
 * A line with its supplement, `<network>:<line>:<supplement>` in `filterPNLineSub`. A missing supplement
 * is commonly written as a single space.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineSupplement = lineSupplement.model

/**
 * @since 0.1.0
 * @category models
 */
export interface LineSupplement extends Schema.Schema.Type<typeof LineSupplement> {}

/**
 * The combined line filter in `line`: a line identifier of five parts,
 * `<network>:<line>:<supplement>:<direction>:<project>` (`LineId.format` with the project as the period, or a
 * notice's or a board's `lineId` verbatim). Supplement and project may be empty or blank.
 *
 * @since 0.1.0
 * @category schemas
 */
export const LineFilter: Schema.Schema<LineId.LineId, string> = LineId.Checked.pipe(
  Schema.filter((text) =>
    text.split(":").length === 5 || "expected <network>:<line>:<supplement>:<direction>:<project> (5 parts)"
  ),
  Schema.annotations({ identifier: "LineFilter" })
)

/**
 * @since 0.1.0
 * @category models
 */
export type LineFilter = LineId.LineId

const lineNumber = <const Wire extends string>(wire: Wire) => ParamTable.int(wire, { min: 1, max: 999 })

const texts = <const Wire extends string>(wire: Wire) => repeated(wire, ModelText, TrimmedTextParam)

// The notice filters that map to one field each, in wire order.
const table = ParamTable.make({
  /** Active or historical notices (`filterPublicationStatus`). */
  publicationStatus: ParamTable.param("filterPublicationStatus", PublicationStatus, PublicationStatus),
  /** First day of the validity interval, inclusive (`filterValidIntervalStart`). */
  validIntervalStart: ParamTable.param(
    "filterValidIntervalStart",
    LocalDateTime.CalendarDate,
    LocalDateTime.DashedDateParam
  ),
  /** Last day of the validity interval, inclusive, not before the first (`filterValidIntervalEnd`). */
  validIntervalEnd: ParamTable.param(
    "filterValidIntervalEnd",
    LocalDateTime.CalendarDate,
    LocalDateTime.DashedDateParam
  ),
  /** Municipality keys (`filterOMC`, joined with `:`). */
  municipalities: ParamTable.param("filterOMC", NonEmptyList(Segment), ColonListParam("MunicipalityListParam")),
  /** Places of municipalities (`filterOMC_PlaceID`, repeated, `<OMC>:<PlaceID>`). */
  places: repeated("filterOMC_PlaceID", Place, place.param),
  /** Lowest line number, 1..999 (`filterLineNumberIntervalStart`). */
  lineNumberStart: lineNumber("filterLineNumberIntervalStart"),
  /** Highest line number, 1..999, not below the lowest (`filterLineNumberIntervalEnd`). */
  lineNumberEnd: lineNumber("filterLineNumberIntervalEnd"),
  /** Transport modes (`filterMOTType`, repeated). */
  modes: repeated("filterMOTType", Mot.MotId, Mot.MotIdParam),
  /** Lines in a direction (`filterPNLineDir`, repeated, `<network>:<line>:<direction>`). */
  lineDirections: repeated("filterPNLineDir", LineDirection, lineDirection.param),
  /** Lines with a supplement (`filterPNLineSub`, repeated, `<network>:<line>:<supplement>`). */
  lineSupplements: repeated("filterPNLineSub", LineSupplement, lineSupplement.param),
  /** Line numbers (`itdLPxx_selLine`, repeated). */
  selectedLines: texts("itdLPxx_selLine"),
  /** Operator codes (`itdLPxx_selOperator`, repeated). */
  operators: texts("itdLPxx_selOperator"),
  /** Stop IDs (`itdLPxx_selStop`, repeated). */
  stops: texts("itdLPxx_selStop"),
  /** The combined line filter (`line`, `<network>:<line>:<supplement>:<direction>:<project>`). */
  line: ParamTable.param("line", LineFilter, Schema.compose(ParamString, LineFilter)),
  /** Also the notices of the stops on the `line` filter (`passedStops=1`); refused without `line`. */
  passedStops: ParamTable.flag("passedStops"),
  /** Notice IDs (`filterInfoID`, repeated). */
  noticeIds: texts("filterInfoID"),
  /** Notice types (`filterInfoType`, repeated). */
  noticeTypes: repeated("filterInfoType", NoticeType, LiteralParam(NoticeType)),
  /** Authors of notices (`filterProviderCode`, repeated). */
  providerCodes: texts("filterProviderCode"),
  /** Source systems (`filterSourceSystemName`, repeated). */
  sourceSystems: texts("filterSourceSystemName"),
  /** Leave out banner notices on the server (`hideBannerInfo=1`). */
  hideBanners: ParamTable.flag("hideBannerInfo")
})

const AddInfoFields = Schema.Struct(ParamTable.fieldsOf({
  /**
   * Validity: a list of dates (`filterDateValid`, repeated) or one date component-wise
   * (`filterDateValidComponentsActive=1`, `filterDateValidDay`, `filterDateValidMonth`, `filterDateValidYear`).
   */
  validOn: opt(ValidOn)
}, table.fields))

const crossFieldIssues = (request: typeof AddInfoFields.Type): Array<Schema.FilterIssue> => {
  const issues: Array<Schema.FilterIssue> = []
  if (
    request.validIntervalStart !== undefined && request.validIntervalEnd !== undefined &&
    request.validIntervalEnd < request.validIntervalStart
  ) {
    issues.push({ path: ["validIntervalEnd"], message: "must not be before validIntervalStart" })
  }
  if (
    request.lineNumberStart !== undefined && request.lineNumberEnd !== undefined &&
    request.lineNumberEnd < request.lineNumberStart
  ) {
    issues.push({ path: ["lineNumberEnd"], message: "must not be below lineNumberStart" })
  }
  if (request.passedStops === true && request.line === undefined) {
    issues.push({ path: ["passedStops"], message: "needs the combined line filter in line" })
  }
  return issues
}

/**
 * A notice request. Every field is optional; lists must not be empty (leave the field out instead).
 * Cross-field rules: the validity interval and the line-number interval must not end before they start,
 * and `passedStops` needs `line`.
 *
 * @example
 * ```ts
 * import { AddInfo, Operation } from "@efa-kit/core"
 * import { Schema } from "effect"
 *
 * const request: AddInfo.AddInfoRequest = {
 *   publicationStatus: "current",
 *   noticeTypes: ["lineBlocking"],
 *   validIntervalStart: "2026-03-01"
 * }
 * // notices take their dates as DD-MM-YYYY
 * assert.strictEqual(
 *   Operation.toQueryString(Schema.encodeSync(AddInfo.AddInfoQuery)(request)),
 *   "filterPublicationStatus=current&filterValidIntervalStart=01-03-2026&filterInfoType=lineBlocking"
 * )
 * ```
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddInfoRequest = AddInfoFields.pipe(
  Schema.filter(crossFieldIssues),
  Schema.annotations({ identifier: "AddInfoRequest" })
)

/**
 * @since 0.1.0
 * @category models
 */
export interface AddInfoRequest extends Schema.Schema.Type<typeof AddInfoRequest> {}

/**
 * A {@link AddInfoRequest} as written: the canonical model is one of them.
 *
 * @since 0.1.0
 * @category models
 */
export type AddInfoRequestInput = typeof AddInfoRequest.Encoded

const PaddedIntParam = (width: number, min: number, max: number): Schema.Schema<number, string> =>
  parsedParam(Schema.Int.pipe(Schema.between(min, max)), {
    decode: (text) => {
      if (!new RegExp(`^\\d{1,${width}}$`).test(text)) return Either.left(`expected ${width} digits, got "${text}"`)
      const value = Number(text)
      return value < min || value > max ? Either.left(`${value} is outside ${min}..${max}`) : Either.right(value)
    },
    encode: (value) => String(value).padStart(width, "0")
  }).annotations({ jsonSchema: { type: "string", pattern: `^\\d{${width}}$` } })

/**
 * The query parameters of the notice operation, by their wire names. Repeatable ones take one value or
 * several under the same name.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddInfoParams = Schema.Struct({
  filterDateValid: opt(Repeated(LocalDateTime.DashedDateParam)),
  filterDateValidComponentsActive: opt(FlagParam),
  filterDateValidDay: opt(PaddedIntParam(2, 1, 31)),
  filterDateValidMonth: opt(PaddedIntParam(2, 1, 12)),
  filterDateValidYear: opt(PaddedIntParam(4, 1, 9999)),
  ...table.params
}).annotations({ identifier: "AddInfoParams" })

const pad2 = (n: number) => String(n).padStart(2, "0")

/**
 * The notice request as query parameters and back.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddInfoQuery: Schema.Schema<AddInfoRequest, ReadonlyArray<readonly [string, string]>> = defineQuery(
  "AddInfoQuery",
  AddInfoParams,
  AddInfoRequest,
  {
    decode: (p, issues) => {
      let validOn: ValidOn | undefined
      const components = [
        ["filterDateValidDay", p.filterDateValidDay],
        ["filterDateValidMonth", p.filterDateValidMonth],
        ["filterDateValidYear", p.filterDateValidYear]
      ] as const
      if (p.filterDateValidComponentsActive === true) {
        if (p.filterDateValid !== undefined) {
          issues.add(
            "filterDateValid",
            p.filterDateValid,
            "cannot be combined with filterDateValidComponentsActive=1"
          )
        }
        for (const [name, value] of components) {
          if (value === undefined) issues.add(name, undefined, "is required with filterDateValidComponentsActive=1")
        }
        const [day, month, year] = [p.filterDateValidDay, p.filterDateValidMonth, p.filterDateValidYear]
        if (day !== undefined && month !== undefined && year !== undefined) {
          const date = `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`
          if (Schema.is(LocalDateTime.CalendarDate)(date)) validOn = { mode: "components", date }
          else issues.add("filterDateValidDay", day, `${pad2(day)}-${pad2(month)}-${year} is not a calendar date`)
        }
      } else {
        for (const [name, value] of components) {
          if (value !== undefined) issues.add(name, value, "needs filterDateValidComponentsActive=1")
        }
        if (p.filterDateValid !== undefined) validOn = { mode: "dates", dates: p.filterDateValid }
      }
      if (
        p.filterValidIntervalStart !== undefined && p.filterValidIntervalEnd !== undefined &&
        p.filterValidIntervalEnd < p.filterValidIntervalStart
      ) {
        issues.add("filterValidIntervalEnd", p.filterValidIntervalEnd, "must not be before filterValidIntervalStart")
      }
      if (
        p.filterLineNumberIntervalStart !== undefined && p.filterLineNumberIntervalEnd !== undefined &&
        p.filterLineNumberIntervalEnd < p.filterLineNumberIntervalStart
      ) {
        issues.add(
          "filterLineNumberIntervalEnd",
          p.filterLineNumberIntervalEnd,
          "must not be below filterLineNumberIntervalStart"
        )
      }
      if (p.passedStops === true && p.line === undefined) {
        issues.add("passedStops", p.passedStops, "needs the combined line filter in line")
      }
      const request = table.decode(p, issues, definedOnly({ validOn }))
      return issues.when(() => request)
    },
    encode: (request) => {
      const validOn = request.validOn
      const date = validOn?.mode === "components" ? validOn.date : undefined
      return table.encode(
        request,
        definedOnly({
          filterDateValid: validOn?.mode === "dates" ? validOn.dates : undefined,
          filterDateValidComponentsActive: date !== undefined ? true as const : undefined,
          filterDateValidDay: date !== undefined ? Number(date.slice(8, 10)) : undefined,
          filterDateValidMonth: date !== undefined ? Number(date.slice(5, 7)) : undefined,
          filterDateValidYear: date !== undefined ? Number(date.slice(0, 4)) : undefined
        })
      )
    }
  }
)

/**
 * A notice's type: one of the eight listed types, or another string a deployment sends. Unknown types
 * are kept rather than refused, so that one notice of a new kind does not fail the whole response;
 * check with {@link isNoticeType}.
 *
 * @since 0.1.0
 * @category schemas
 */
export const NoticeKind: Schema.Schema<NoticeType | (string & {})> = Schema.String.annotations({
  identifier: "NoticeKind",
  description: `${NoticeType.literals.join(", ")} or another type`,
  ...arbitraryHint("noticeType")
})

/**
 * One notice. `lines` holds line identifiers (`network:place:line:direction`); a missing `lines` reads
 * as empty. `validFrom`, `validTo` and `severity` (seen: `warning`) are optional.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Notice = Schema.Struct({
  id: Schema.String,
  type: NoticeKind,
  title: Schema.String,
  text: Schema.String,
  validFrom: opt(LocalDateTime.CalendarDate),
  validTo: opt(LocalDateTime.CalendarDate),
  lines: Schema.optionalWith(Schema.Array(LineId.LineId), { default: () => [] }),
  severity: opt(Schema.String),
  /** A page with the whole notice (rapidJSON `url` or `infoLinks[0].url`). */
  url: opt(Schema.String),
  ...noticeFields,
  /** The IDs of the stops it affects (rapidJSON `affected.stops[].id`). */
  affectedStops: opt(Schema.Array(Schema.String)),
  /**
   * The list it came from: `current` or `history` (rapidJSON `infos.current`, `infos.historic`), where the
   * answer says. A request's `publicationStatus` keeps only the notices of its list.
   */
  publicationStatus: opt(PublicationStatus)
}).annotations({ identifier: "Notice" })

/**
 * @since 0.1.0
 * @category models
 */
export interface Notice extends Schema.Schema.Type<typeof Notice> {}

/**
 * De-duplicates notices by `id`, keeping the order of first occurrence. For a notice that occurs more
 * than once, the first copy wins for every field except `lines`, which becomes the union of the `lines`
 * of all copies in first-seen order (without repeats). A list without repeated IDs is returned as is.
 *
 * @example
 * ```ts
 * import { AddInfo, LineId } from "@efa-kit/core"
 *
 * const [h, r] = [LineId.make("vvs:10005: :H"), LineId.make("vvs:10005: :R")]
 * const notice = { id: "n1", type: "lineInfo", title: "U5", text: "Single units", lines: [h] }
 * assert.deepStrictEqual(AddInfo.dedupe([notice, { ...notice, lines: [r] }]), [
 *   { ...notice, lines: [h, r] }
 * ])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const dedupe: (notices: ReadonlyArray<Notice>) => ReadonlyArray<Notice> = internalDedupe

/**
 * A list of notices, de-duplicated by `id` (see {@link dedupe}). Extra fields of a notice are dropped.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Notices: Schema.Schema<ReadonlyArray<Notice>, ReadonlyArray<typeof Notice.Encoded>> = Schema.transform(
  Schema.Array(Notice),
  // distinct IDs, so that de-duplication leaves a generated list as it is
  Schema.Array(Schema.typeSchema(Notice)).annotations(arbitraryHint({ uniqueBy: "id", maxLength: 5 })),
  { strict: true, decode: (notices) => dedupe(notices), encode: (notices) => notices }
).annotations({ identifier: "Notices", description: "Service notices, de-duplicated by id" })

/**
 * The notice response, de-duplicated by notice `id`; a missing `infos` field reads as an empty list.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddInfoResponse = Schema.Struct({
  infos: Schema.optionalWith(Notices, { default: () => [] }),
  ...SystemMessage.systemMessagesField
}).annotations({ identifier: "AddInfoResponse" })

/**
 * @since 0.1.0
 * @category models
 */
export interface AddInfoResponse extends Schema.Schema.Type<typeof AddInfoResponse> {}

// operation list entry (pnpm gen:operations)
// order: 6
// path: XML_ADDINFO_REQUEST
// method: Current or historical service notices, de-duplicated by notice ID.
/**
 * The notice operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operation: Operation<
  "addInfo",
  AddInfoRequest,
  AddInfoResponse,
  typeof AddInfoResponse.Encoded,
  AddInfoRequestInput
> = {
  name: "addInfo",
  errors: {},
  path: contractPaths.addInfo,
  summary: "Current or historical service notices, with filters",
  params: AddInfoParams,
  request: AddInfoRequest,
  query: () => AddInfoQuery,
  response: AddInfoResponse,
  hasResult: (response) => response.infos.length > 0,
  // deployments answer both lists whatever `filterPublicationStatus` asks (TfNSW: 66 current and 30 historic)
  narrow: (request, response) =>
    request.publicationStatus === undefined
      ? response
      : {
        ...response,
        infos: response.infos.filter((notice) =>
          notice.publicationStatus === undefined || notice.publicationStatus === request.publicationStatus
        )
      },
  resultKeys: { contract: ["infos"], rapidJSON: ["infos"] },
  // notices are published and withdrawn during the day
  timeToLive: "1 minute",
  rapidJson: () => import("./internal/rapidjson/AddInfo.js").then((module) => module.codec(AddInfoResponse)),
  modeFilters: [{ in: "value", name: "filterMOTType", keeps: "modes" }]
}
