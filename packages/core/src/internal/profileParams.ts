// Renaming parameters as a deployment names them. Apart from the profile table, so that a client that
// names no profile does not bundle the table.
import type { OperationName, Profile } from "../Profile.js"

type Pairs = ReadonlyArray<readonly [string, string]>

// `toOwn`: the contract's names to the deployment's; else back.
const renaming = (toOwn: boolean) => (profile: Profile | undefined, operation: OperationName, pairs: Pairs): Pairs => {
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
export const renameParams: (profile: Profile | undefined, operation: OperationName, pairs: Pairs) => Pairs = renaming(
  true
)

/**
 * A deployment's parameters under the contract's names: the inverse of `renameParams`, for a fake that
 * serves a profile.
 *
 * @internal
 */
export const contractParams: (profile: Profile | undefined, operation: OperationName, pairs: Pairs) => Pairs = renaming(
  false
)
