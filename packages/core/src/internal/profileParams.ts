// Renaming parameters as a deployment names them. Apart from the profile table, so that a client that
// names no profile does not bundle the table.
import type { OperationName, Profile } from "../Profile.js"

/**
 * A request's parameters as a deployment names them (see `Profile.renames`).
 *
 * @internal
 */
export const renameParams = (
  profile: Profile | undefined,
  operation: OperationName,
  pairs: ReadonlyArray<readonly [string, string]>
): ReadonlyArray<readonly [string, string]> => {
  const renames = profile?.renames?.[operation]
  if (renames === undefined) return pairs
  return pairs.map(([name, value]) =>
    Object.prototype.hasOwnProperty.call(renames, name) ? [renames[name]!, value] : [name, value]
  )
}

/**
 * A deployment's parameters under the contract's names: the inverse of `renameParams`, for a fake that
 * serves a profile.
 *
 * @internal
 */
export const contractParams = (
  profile: Profile | undefined,
  operation: OperationName,
  pairs: ReadonlyArray<readonly [string, string]>
): ReadonlyArray<readonly [string, string]> => {
  const renames = profile?.renames?.[operation]
  if (renames === undefined) return pairs
  const inverse = new Map(Object.entries(renames).map(([contract, own]) => [own, contract]))
  return pairs.map(([name, value]) => [inverse.get(name) ?? name, value])
}
