// Renaming parameters as a deployment names them. Apart from the profile table, so that a client that
// names no profile does not bundle the table.
import type { OperationName, Profile } from "../Profile.js"

type Pairs = ReadonlyArray<readonly [string, string]>

const rename = (pairs: Pairs, names: ReadonlyMap<string, string>): Pairs =>
  names.size === 0 ? pairs : pairs.map(([name, value]) => [names.get(name) ?? name, value])

const renamesOf = (profile: Profile | undefined, operation: OperationName): ReadonlyArray<readonly [string, string]> =>
  Object.entries(profile?.renames?.[operation] ?? {})

/**
 * A request's parameters as a deployment names them (see `Profile.renames`).
 *
 * @internal
 */
export const renameParams = (profile: Profile | undefined, operation: OperationName, pairs: Pairs): Pairs =>
  rename(pairs, new Map(renamesOf(profile, operation)))

/**
 * A deployment's parameters under the contract's names: the inverse of `renameParams`, for a fake that
 * serves a profile.
 *
 * @internal
 */
export const contractParams = (profile: Profile | undefined, operation: OperationName, pairs: Pairs): Pairs =>
  rename(pairs, new Map(renamesOf(profile, operation).map(([contract, own]) => [own, contract])))
