/**
 * Deployment profiles: what the client needs to know of a public EFA deployment to talk to it (base
 * URL, time zone, language, dialect, interface version, path names, how an API key is sent, its own
 * product classes, the extra parameters it requires, the operations it offers). A profile is plain
 * data: pass one of {@link profiles} by name (`EfaClient.layer({ profile: "vvs" })`), or a value of your
 * own (`{ ...Profile.profiles.vvs, baseUrl: "https://..." }`). Explicit client options override it.
 *
 * Endpoints move (base paths change, hosts are renamed): every entry says where its facts come from
 * and when they were gathered. A deployment whose rapidJSON support is not confirmed says so; check it
 * with `Dialect.probe`.
 *
 * @since 0.1.0
 */
import {
  contractPaths,
  type DialectName,
  isOffered,
  type OperationName as OperationNameOf
} from "./internal/schema/operationNames.js"
import { classesOfMode, clientModes, fromClasses, type ModeMapping } from "./internal/schema/productClasses.js"
import {
  contractParams as internalContractParams,
  renameParams as internalRenameParams
} from "./internal/schema/renames.js"
import type * as Operation from "./Operation.js"

/**
 * The method names of the client's operations (see `Operations.all`).
 *
 * @since 0.1.0
 * @category models
 */
export type OperationName = OperationNameOf

/**
 * How a deployment wants its API key: in the header `header`, prefixed with `prefix`
 * (TfNSW: `Authorization: apikey <key>`). The key always travels as a header, never in the URL.
 *
 * @since 0.1.0
 * @category models
 */
export interface ApiKeyScheme {
  readonly header: string
  readonly prefix?: string | undefined
}

/**
 * One deployment.
 *
 * @since 0.1.0
 * @category models
 */
export interface Profile {
  /** The short name (`vvs`). */
  readonly name: string
  /** Who runs it. */
  readonly operator: string
  readonly baseUrl: string
  /** IANA time zone of its wall-clock times. */
  readonly timeZone: string
  /** `language=` sent with every request, where set. */
  readonly language?: string | undefined
  readonly dialect: DialectName
  /** `version=` sent with every rapidJSON request, where the deployment needs a pin. */
  readonly version?: string | undefined
  /** `coordOutputFormat=` of rapidJSON requests. Default `WGS84[dd.ddddd]`. */
  readonly coordOutputFormat?: string | undefined
  /** Path names that differ from the contract's, by operation (see {@link pathOf}). */
  readonly paths?: Partial<Record<OperationName, string>> | undefined
  /** How an API key is sent; absent: the deployment needs none (a key given anyway goes as `Authorization`). */
  readonly apiKey?: ApiKeyScheme | undefined
  /**
   * Its own product classes mapped to the usual MOT-IDs, where they differ. Answers are read through it, and
   * requests written through it the other way: a mode filter sends every class that reads as each mode
   * (TfNSW: buses, MOT-ID 5, are the classes 5 and 11). A class not in the table is taken as the MOT-ID of the
   * same number.
   */
  readonly productClasses?: Readonly<Record<number, number>> | undefined
  /**
   * Parameters it names differently, per operation: the contract's name to its own (TfNSW's trip takes
   * `depArrMacro` for `itdTripDateTimeDepArr`).
   */
  readonly renames?: Partial<Record<OperationName, Readonly<Record<string, string>>>> | undefined
  /** Parameters it requires beyond the request's, per operation; not sent when the request has them. */
  readonly params?: Partial<Record<OperationName, ReadonlyArray<readonly [string, string]>>> | undefined
  /**
   * The operations it offers; absent: all but the real time of a planned trip (`realtimeForTrip`), which no
   * public deployment is known to answer in JSON. The client refuses the others before sending.
   */
  readonly operations?: ReadonlyArray<OperationName> | undefined
  /**
   * Whether the server keeps sessions, so that pages of trips are asked with `sessionID` and
   * `command=tripNext` / `tripPrev`, pages of boards and board windows with `command=dmNext` / `dmPrev` (see
   * `Pages`). Absent: pages ask again without a session.
   *
   * No built-in profile says `true`: sessions were seen in the legacy interfaces (XML, legacy JSON
   * `parameters`), no rapidJSON answer of the recordings carries one, and a session lives on the one server
   * that made it. Turn it on for a deployment checked to keep them: `{ ...Profile.profiles.vrr, sessions: true }`;
   * a session the server refuses anyway falls back to the stateless page.
   */
  readonly sessions?: boolean | undefined
  /** Where the facts come from, and when they were gathered. */
  readonly sources: string
}

const GERMAN = { timeZone: "Europe/Berlin", language: "de", dialect: "rapidJSON" } as const

// Stop-finder searches that include localities, as the public EFA clients ask.
const LOCALITIES = { stopFinder: [["locationServerActive", "1"]] } as const

const UNCONFIRMED = "rapidJSON not confirmed by a recording: check with Dialect.probe"

/**
 * The public deployments known to work with the rapidJSON dialect (or likely to), by short name.
 *
 * @since 0.1.0
 * @category profiles
 */
export const profiles = {
  vvs: {
    name: "vvs",
    operator: "VVS Stuttgart",
    baseUrl: "https://www3.vvs.de/mngvvs/",
    ...GERMAN,
    version: "10.2.10.139",
    params: LOCALITIES,
    sources:
      "rapidJSON recordings of vvspy (2019); base URL of vvspy, apyefa tests and ha-departures; version pin of vvspy " +
      "(gathered 2026-11). The host has refused some user agents and IPs with 403 (transport-apis#127)."
  },
  vrr: {
    name: "vrr",
    operator: "VRR Rhein-Ruhr",
    baseUrl: "https://efa.vrr.de/standard/",
    ...GERMAN,
    params: LOCALITIES,
    sources: "base URL of transport-apis and KDE KPublicTransport; rapidJSON recording of Oeffis (2023, interface " +
      "10.4.18.18 on openservice-test.vrr.de/static03) (gathered 2026-11). Notice versions come as strings."
  },
  kvv: {
    name: "kvv",
    operator: "KVV Karlsruhe",
    baseUrl: "https://projekte.kvv-efa.de/sl3/",
    ...GERMAN,
    params: LOCALITIES,
    sources: `base URL of public-transport-enabler, KPublicTransport, transport-apis (gathered 2026-11); ${UNCONFIRMED}`
  },
  mvv: {
    name: "mvv",
    operator: "MVV München",
    baseUrl: "https://efa.mvv-muenchen.de/ng/",
    ...GERMAN,
    params: LOCALITIES,
    sources: `base URL of public-transport-enabler (KPublicTransport uses /mobile/) (gathered 2026-11); ${UNCONFIRMED}`
  },
  nvbw: {
    name: "nvbw",
    operator: "NVBW Baden-Württemberg",
    baseUrl: "https://www.efa-bw.de/nvbw/",
    ...GERMAN,
    params: LOCALITIES,
    sources: `base URL of public-transport-enabler and Travel::Status::DE::EFA (gathered 2026-11); ${UNCONFIRMED}`
  },
  bwegt: {
    name: "bwegt",
    operator: "bwegt Baden-Württemberg",
    baseUrl: "https://www.efa-bw.de/nvbw3L/",
    ...GERMAN,
    params: LOCALITIES,
    sources: `base URL of KPublicTransport and transport-apis (gathered 2026-11); ${UNCONFIRMED}`
  },
  vgn: {
    name: "vgn",
    operator: "VGN Nürnberg",
    baseUrl: "https://efa.vgn.de/vgn/",
    ...GERMAN,
    params: LOCALITIES,
    sources: `base URL of public-transport-enabler, KPublicTransport, transport-apis (gathered 2026-11); ${UNCONFIRMED}`
  },
  vvo: {
    name: "vvo",
    operator: "VVO Dresden",
    baseUrl: "https://efa.vvo-online.de/std3/",
    ...GERMAN,
    paths: {
      stopFinder: "XSLT_STOPFINDER_REQUEST",
      coordInfo: "XSLT_COORD_REQUEST",
      vehicleDetail: "XSLT_COORD_REQUEST"
    },
    params: LOCALITIES,
    sources: "base URL and XSLT_ paths of public-transport-enabler; rapidJSON use by Transportflow efa-client " +
      "(gathered 2026-11)"
  },
  linz: {
    name: "linz",
    operator: "Linz AG",
    baseUrl: "https://www.linzag.at/static/",
    timeZone: "Europe/Vienna",
    language: "de",
    dialect: "rapidJSON",
    params: LOCALITIES,
    sources: `base URL of public-transport-enabler and Travel::Status::DE::EFA (KPublicTransport uses /linz2/) ` +
      `(gathered 2026-11); ${UNCONFIRMED}`
  },
  tfnsw: {
    name: "tfnsw",
    operator: "Transport for NSW (Sydney), Open Data trip planner API",
    baseUrl: "https://api.transport.nsw.gov.au/v1/tp/",
    timeZone: "Australia/Sydney",
    language: "en",
    dialect: "rapidJSON",
    version: "10.2.1.42",
    coordOutputFormat: "EPSG:4326",
    paths: {
      trip: "trip",
      stopFinder: "stop_finder",
      coordInfo: "coord",
      vehicleDetail: "coord",
      addInfo: "add_info",
      departures: "departure_mon"
    },
    apiKey: { header: "Authorization", prefix: "apikey " },
    // TfNSW's own classes: 1 train, 2 metro, 4 light rail, 5 bus, 7 coach, 9 ferry, 11 school bus (no own
    // MOT-ID in the usual table: read as city bus, 5)
    productClasses: { 1: 0, 2: 2, 4: 4, 5: 5, 7: 21, 9: 9, 11: 5 },
    renames: { trip: { itdTripDateTimeDepArr: "depArrMacro" }, departures: { itdDateTimeDepArr: "depArrMacro" } },
    params: {
      trip: [["TfNSWTR", "true"], ["depArrMacro", "dep"]],
      stopFinder: [["TfNSWSF", "true"]],
      departures: [["TfNSWDM", "true"], ["departureMonitorMacro", "true"]]
    },
    operations: ["trip", "stopFinder", "coordInfo", "vehicleDetail", "addInfo", "departures"],
    sources: "TfNSW Open Data trip planner swagger (interface 10.2.1.42) and user guide; rapidJSON recordings of " +
      "bilby (2026-01) (gathered 2026-11). 401 without key, 403 over quota."
  }
} as const satisfies Record<string, Profile>

/**
 * The names of the built-in profiles.
 *
 * @since 0.1.0
 * @category models
 */
export type Name = keyof typeof profiles

/**
 * The built-in profile of a name (case-insensitive), or `undefined`.
 *
 * @example
 * ```ts
 * import { Profile } from "@efa-kit/core"
 *
 * const vvs = Profile.get("VVS")
 * assert.strictEqual(vvs?.baseUrl, "https://www3.vvs.de/mngvvs/")
 * assert.strictEqual(vvs?.dialect, "rapidJSON")
 * // what a deployment offers, and where
 * assert.strictEqual(Profile.offers(Profile.get("tfnsw"), "servingLines"), false)
 * assert.strictEqual(Profile.pathOf(Profile.get("tfnsw"), "stopFinder"), "stop_finder")
 * ```
 *
 * @since 0.1.0
 * @category profiles
 */
export const get = (name: string): Profile | undefined => {
  const key = name.trim().toLowerCase()
  return Object.prototype.hasOwnProperty.call(profiles, key) ? profiles[key as Name] : undefined
}

/**
 * The names of the built-in profiles, for messages and menus.
 *
 * @since 0.1.0
 * @category profiles
 */
export const names: ReadonlyArray<Name> = Object.keys(profiles) as Array<Name>

/**
 * The path of an operation on a deployment: the profile's own where it names one, else the contract's.
 *
 * @example
 * ```ts
 * import { Operations, Profile } from "@efa-kit/core"
 *
 * assert.strictEqual(Profile.pathOf(Profile.get("vvo"), "stopFinder"), "XSLT_STOPFINDER_REQUEST")
 * assert.strictEqual(Profile.pathOf(Profile.get("vvs"), "trip"), Operations.all.trip.path)
 * assert.strictEqual(Profile.pathOf(undefined, "vehicleDetail"), Operations.all.vehicleDetail.path)
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const pathOf = (profile: Profile | undefined, operation: OperationName): string =>
  profile?.paths?.[operation] ?? contractPaths[operation]

/**
 * A request's parameters as a deployment names them (see {@link Profile.renames}).
 *
 * @since 0.1.0
 * @category utils
 */
export const renameParams: (
  profile: Profile | undefined,
  operation: OperationName,
  pairs: ReadonlyArray<readonly [string, string]>
) => ReadonlyArray<readonly [string, string]> = internalRenameParams

/**
 * A deployment's parameters under the contract's names: the inverse of {@link renameParams}, for a fake that
 * serves a profile.
 *
 * @since 0.1.0
 * @category utils
 */
export const contractParams: (
  profile: Profile | undefined,
  operation: OperationName,
  pairs: ReadonlyArray<readonly [string, string]>
) => ReadonlyArray<readonly [string, string]> = internalContractParams

/**
 * Whether a deployment offers an operation: the operations its profile lists, else all but `realtimeForTrip`
 * (see {@link Profile.operations}); without a profile, every operation.
 *
 * @since 0.1.0
 * @category utils
 */
export const offers = (profile: Profile | undefined, operation: OperationName): boolean => isOffered(profile, operation)

/**
 * The classes of a deployment that a request's transport mode (a MOT-ID) is sent as: every class its
 * {@link Profile.productClasses} reads as that mode; without a table, or for a mode the table does not
 * name, the MOT-ID itself; none for a mode the deployment has no class for (its number is another mode's
 * class there).
 *
 * @example
 * ```ts
 * import { Mot, Profile } from "@efa-kit/core"
 *
 * const tfnsw = Profile.get("tfnsw")
 * assert.deepStrictEqual(Profile.classesOf(tfnsw, Mot.Mot.Train), [1])
 * assert.deepStrictEqual(Profile.classesOf(tfnsw, Mot.Mot.CityBus), [5, 11])
 * assert.deepStrictEqual(Profile.classesOf(tfnsw, Mot.Mot.SBahn), [])
 * assert.deepStrictEqual(Profile.classesOf(Profile.get("vvs"), Mot.Mot.SBahn), [1])
 * ```
 *
 * @since 0.1.0
 * @category utils
 */
export const classesOf = (profile: Profile | undefined, mode: number): ReadonlyArray<number> =>
  classesOfMode(profile?.productClasses, mode)

/**
 * A request's query from a client configured with a deployment, its mode filters read back as MOT-IDs: each
 * class as the modes a deployment writing the first of {@link classesOf} writes as that class. For a fake that
 * serves a profile, with {@link contractParams}.
 *
 * @since 0.1.0
 * @category utils
 */
export const contractModes = (
  profile: Profile | undefined,
  operation: Operation.Any,
  pairs: ReadonlyArray<readonly [string, string]>
): ReadonlyArray<readonly [string, string]> => fromClasses(profile?.productClasses, operation.modeFilters, pairs)

/**
 * How a client configured with a deployment that has its own product classes writes a request's mode
 * filters: the query with every mode as the classes {@link classesOf} gives, or the issues of the filters
 * that keep only modes the deployment has no class for. The client applies it by itself.
 *
 * @since 0.1.0
 * @category utils
 */
export const requestModes = (profile: Profile): ModeMapping => clientModes(profile.name, profile.productClasses)
