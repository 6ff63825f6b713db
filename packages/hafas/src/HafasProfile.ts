/**
 * A deployment's profile in hafas-client's shape: `locale`, `timezone`, `endpoint`, its `products` (`id`,
 * `mode`, `name`, `short`, `default`, `bitmasks`: bit n for EFA's MOT-ID n) and the feature flags that say what
 * the deployment offers, read from efa-kit's profile (`Profile.offers`): `trip` where it answers a run's stops,
 * `remarks` where it answers notices, `lines` where it answers the line list; `radar`, `reachableFrom`,
 * `journeysFromTrip` and `tripsByName` are `false` (EFA has no such requests), so the client has no such
 * methods, as hafas-client's has none for a profile without them.
 *
 * @since 0.1.0
 */
import * as Profile from "@efa-kit/core/Profile"
import type { Mode } from "./Fptf.js"
import { type DeploymentProduct, productsOf } from "./internal/products.js"

/**
 * A product of a deployment.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProductType {
  readonly id: string
  readonly mode: Mode
  readonly name: string
  readonly short: string
  readonly bitmasks: Array<number>
  readonly default: boolean
}

/**
 * A profile in hafas-client's shape, with the efa-kit profile it comes from (`efa`, absent for a client
 * configured with a base URL alone).
 *
 * @since 0.1.0
 * @category models
 */
export interface HafasProfile {
  readonly locale: string
  readonly timezone: string
  readonly endpoint: string
  readonly products: ReadonlyArray<ProductType>
  readonly trip: boolean
  readonly refreshJourney: boolean
  readonly radar: false
  readonly reachableFrom: false
  readonly journeysFromTrip: false
  readonly tripsByName: false
  readonly remarks: boolean
  readonly remarksGetPolyline: false
  readonly lines: boolean
  readonly journeysWalkingSpeed: boolean
  readonly departuresGetPasslist: boolean
  readonly departuresStbFltrEquiv: false
  readonly serverInfo: boolean
  readonly efa: Profile.Profile | undefined
}

/**
 * The settings a profile is made of.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProfileSettings {
  readonly profile?: Profile.Name | Profile.Profile | undefined
  readonly baseUrl?: string | URL | undefined
  readonly timeZone?: string | undefined
}

/**
 * The efa-kit profile of settings, a name resolved (an unknown name throws a `TypeError`).
 *
 * @since 0.1.0
 * @category utils
 */
export const efaProfileOf = (settings: ProfileSettings): Profile.Profile | undefined => {
  const profile = settings.profile
  if (profile === undefined) return undefined
  if (typeof profile !== "string") return profile
  const found = Profile.get(profile)
  if (found === undefined) {
    throw new TypeError(`unknown profile "${profile}"; known: ${Profile.names.join(", ")}`)
  }
  return found
}

/**
 * A deployment's products with the MOT-IDs each stands for (`mots`), which the client's filters and lines read.
 *
 * @since 0.1.0
 * @category utils
 */
export const deploymentProducts = (efa: Profile.Profile | undefined): ReadonlyArray<DeploymentProduct> =>
  productsOf(efa?.productClasses === undefined ? undefined : new Set(Object.values(efa.productClasses)))

/**
 * The hafas-client profile of a deployment.
 *
 * @example
 * ```ts
 * import { HafasProfile } from "@efa-kit/hafas"
 *
 * const tfnsw = HafasProfile.make({ profile: "tfnsw" })
 * assert.strictEqual(tfnsw.timezone, "Australia/Sydney")
 * assert.strictEqual(tfnsw.trip, false)
 * assert.deepStrictEqual(tfnsw.products.map((p) => p.id), ["train", "subway", "tram", "bus", "coach", "ferry"])
 * ```
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (settings: ProfileSettings): HafasProfile => {
  const efa = efaProfileOf(settings)
  const offers = (operation: Profile.OperationName) => Profile.offers(efa, operation)
  const language = efa?.language ?? "de"
  return {
    locale: language,
    timezone: settings.timeZone ?? efa?.timeZone ?? "Europe/Berlin",
    endpoint: String(settings.baseUrl ?? efa?.baseUrl ?? ""),
    products: deploymentProducts(efa).map(({ bitmasks, default: on, id, mode, name, short }) => ({
      id,
      mode,
      name,
      short,
      bitmasks: [...bitmasks],
      default: on
    })),
    trip: offers("tripStops"),
    refreshJourney: offers("trip") && offers("departures"),
    radar: false,
    reachableFrom: false,
    journeysFromTrip: false,
    tripsByName: false,
    remarks: offers("addInfo"),
    remarksGetPolyline: false,
    lines: offers("lines"),
    journeysWalkingSpeed: true,
    departuresGetPasslist: true,
    departuresStbFltrEquiv: false,
    serverInfo: offers("systemInfo"),
    efa
  }
}

/**
 * Whether a value is a profile in hafas-client's shape (made by {@link make}).
 *
 * @since 0.1.0
 * @category guards
 */
export const isHafasProfile = (value: unknown): value is HafasProfile =>
  typeof value === "object" && value !== null && Array.isArray((value as { products?: unknown }).products) &&
  typeof (value as { timezone?: unknown }).timezone === "string" &&
  typeof (value as { endpoint?: unknown }).endpoint === "string"

/**
 * The built-in deployments' profiles in hafas-client's shape, by efa-kit's profile name, for programs that
 * call `createClient(profile, userAgent)` as hafas-client's README does.
 *
 * @since 0.1.0
 * @category profiles
 */
export const profiles: { readonly [Name in Profile.Name]: HafasProfile } = Object.fromEntries(
  Profile.names.map((name) => [name, make({ profile: name })])
) as { readonly [Name in Profile.Name]: HafasProfile }
