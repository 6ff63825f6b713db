/**
 * What the command prints once it listens: where, in which mode (the dataset or a deployment behind it, a
 * profile, a quota, strict reading), and where to look next. One row per setting, each saying when it is
 * shown, so a new setting is one row.
 *
 * @since 0.1.0
 */
import type { UpstreamOptions } from "./http/interceptor.js"
import { describeUpstream } from "./http/upstream/cli.js"

/**
 * What the banner is made from: the settings as given and what the running fake says of itself.
 *
 * @since 0.1.0
 * @category models
 */
export interface BannerInput {
  readonly baseUrl: string
  readonly dataset: {
    readonly name: string
    readonly stops: number
    readonly lines: number
    readonly trips?: number | undefined
  }
  /** The GTFS feed the dataset was made from, and what the fake filled in that the feed lacks. */
  readonly gtfs?: { readonly feed: string; readonly fallbacks: ReadonlyArray<string> } | undefined
  readonly now: string
  /** With the wall clock (`--now now`): the day the dataset is laid on. */
  readonly today?: string | undefined
  readonly admin: "off" | "open" | "token"
  readonly profile?: string | undefined
  readonly quota?: string | undefined
  readonly strict: boolean
  readonly upstream: UpstreamOptions
  readonly tryPath: string
}

type Row = (input: BannerInput) => string | ReadonlyArray<string> | undefined

// the answers come from a deployment: the dataset and the fake's clock are not what a client sees
const proxying = (input: BannerInput) => input.upstream.proxy !== undefined

const rows: ReadonlyArray<Row> = [
  (input) => `efa-mock-server listening on ${input.baseUrl}`,
  (input) =>
    proxying(input)
      ? undefined
      : `  dataset: ${input.dataset.name} (${input.dataset.stops} stops, ${input.dataset.lines} lines${
        input.dataset.trips === undefined ? "" : `, ${input.dataset.trips} trips`
      })${input.gtfs === undefined ? "" : ` from the GTFS feed ${input.gtfs.feed}`}`,
  (input) => proxying(input) ? undefined : input.gtfs?.fallbacks.map((line) => `    ${line}`),
  (input) =>
    proxying(input)
      ? undefined
      : `  clock:   ${
        input.today === undefined
          ? input.now
          : `the wall clock (${input.now}); the dataset's timetable and real time laid on today, ${input.today}`
      }${input.admin === "off" ? "" : ` (POST ${input.baseUrl}__admin/clock to move it)`}`,
  (input) =>
    input.profile === undefined
      ? undefined
      : `  profile: ${input.profile} (its paths and its API-key check, beside the plain EFA paths)`,
  (input) => input.quota === undefined ? undefined : `  quota:   ${input.quota} per API key (429, then 403 per day)`,
  (input) => input.strict ? "  strict:  rapidJSON requests read as strictly as contract ones" : undefined,
  (input) => `  try:     curl '${input.baseUrl}${input.tryPath}'`,
  (input) =>
    `  admin:   ${
      input.admin === "off"
        ? "off (--no-admin)"
        : `${input.baseUrl}__admin/health${input.admin === "token" ? " (with Authorization: Bearer <token>)" : ""}`
    }   openapi: ${input.baseUrl}openapi.json`,
  (input) => `  page:    ${input.baseUrl} in a browser: the network on a map, stop search, trips, notices, journal`
]

/**
 * The banner's lines, in order.
 *
 * @since 0.1.0
 */
export const bannerLines = (input: BannerInput): Array<string> => [
  ...rows.flatMap((row) => row(input) ?? []),
  ...describeUpstream(input.upstream).map((line) => `  ${line}`)
]
