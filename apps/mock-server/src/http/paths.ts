/**
 * The fake's paths: the operation paths, from the core's list of operations, and its own (the admin
 * API, `/`, `/openapi.json`), which are neither journaled nor subject to the request limits.
 *
 * @since 0.1.0
 */
import { Operations } from "@efa-kit/core"

/**
 * An operation path, without the leading slash.
 *
 * @since 0.1.0
 * @category models
 */
export type OperationPath = typeof Operations.all[keyof typeof Operations.all]["path"]

/**
 * The paths the fake serves for the operations, once each, in the order of the core's list.
 *
 * @since 0.1.0
 * @category constants
 */
export const PATHS: ReadonlyArray<OperationPath> = [
  ...new Set(Object.values(Operations.all).map((operation) => operation.path))
]

const pathSet: ReadonlySet<string> = new Set(PATHS)

/**
 * Whether a text is one of the operation paths.
 *
 * @since 0.1.0
 * @category utils
 */
export const isOperationPath = (path: string): path is OperationPath => pathSet.has(path)

/**
 * The prefix of the admin API.
 *
 * @since 0.1.0
 * @category constants
 */
export const ADMIN_PREFIX = "/__admin"

/**
 * The path of the OpenAPI document.
 *
 * @since 0.1.0
 * @category constants
 */
export const OPENAPI_PATH = "/openapi.json"

/**
 * Whether a path is the admin API's.
 *
 * @since 0.1.0
 * @category utils
 */
export const isAdmin = (path: string): boolean => path === ADMIN_PREFIX || path.startsWith(ADMIN_PREFIX + "/")

/**
 * Whether a path is the fake's own (admin API, `/`, `/openapi.json`): not journaled and not subject to
 * the request limits.
 *
 * @since 0.1.0
 * @category utils
 */
export const isInternal = (path: string): boolean => isAdmin(path) || path === OPENAPI_PATH || path === "/"
