// The names on the wire: each operation's path, written once, and a deployment's own names for parameters.
// Apart from the operation modules and the profile table, so that the profile table knows the paths without
// bundling any codec, and a client that names no profile does not bundle the table; and one module, so that
// a bundle splits no chunk off for either.
import type { OperationName } from "../EfaClient.js"
import type { Profile } from "../Profile.js"

// The coordinate search and its vehicle-detail mode share one path.
const COORD_REQUEST = "XML_COORD_REQUEST"

/**
 * The path of each operation below a deployment's base URL, by method name, written once.
 *
 * @internal
 */
export const paths = {
  trip: "XML_TRIP_REQUEST2",
  coordInfo: COORD_REQUEST,
  vehicleDetail: COORD_REQUEST,
  stopFinder: "XML_STOPFINDER_REQUEST",
  servingLines: "XML_SERVINGLINES_REQUEST",
  addInfo: "XML_ADDINFO_REQUEST",
  opArea: "XML_OPAREA_REQUEST",
  geoObject: "XML_GEOOBJECT_REQUEST",
  departures: "XML_DM_REQUEST",
  tripStops: "XML_STOPSEQCOORD_REQUEST"
} as const satisfies Record<OperationName, string>

type Pairs = ReadonlyArray<readonly [string, string]>

type Renaming = (profile: Profile | undefined, operation: OperationName, pairs: Pairs) => Pairs

// `toOwn`: the contract's names to the deployment's; else back.
const renaming = (toOwn: boolean): Renaming => (profile, operation, pairs) => {
  const renames = profile?.renames?.[operation]
  if (renames === undefined) return pairs
  const names = new Map(Object.entries(renames).map(([contract, own]) => toOwn ? [contract, own] : [own, contract]))
  return pairs.map(([name, value]) => [names.get(name) ?? name, value])
}

/**
 * A request's parameters as a deployment names them (see `Profile.renames`).
 *
 * @internal
 */
export const renameParams: Renaming = /* @__PURE__ */ renaming(true)

/**
 * A deployment's parameters under the contract's names: the inverse of `renameParams`, for a fake that
 * serves a profile.
 *
 * @internal
 */
export const contractParams: Renaming = /* @__PURE__ */ renaming(false)
