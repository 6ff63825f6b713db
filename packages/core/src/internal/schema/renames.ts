// A deployment's own names for parameters (`Profile.renames`): the request's pairs as the deployment names
// them, and back for a fake that serves a profile. Typed by the profile field's shape rather than the profile
// module, which imports this one.
import type { OperationName } from "./operationNames.js"

type Pairs = ReadonlyArray<readonly [string, string]>

interface Renames {
  readonly renames?: Partial<Record<OperationName, Readonly<Record<string, string>>>> | undefined
}

// Any operation's name: a program's own operations have none renamed.
type Renaming = (profile: Renames | undefined, operation: string, pairs: Pairs) => Pairs

/**
 * A profile's entry for an operation, read by any operation's name (a program's own operations have none).
 *
 * @internal
 */
export const entryOf = <V>(
  table: Readonly<Record<string, V | undefined>> | undefined,
  operation: string
): V | undefined => table?.[operation]

// `toOwn`: the contract's names to the deployment's; else back.
const renaming = (toOwn: boolean): Renaming => (profile, operation, pairs) => {
  const renames = entryOf(profile?.renames, operation)
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
