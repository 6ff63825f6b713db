/**
 * @since 0.1.0
 */

/**
 * @since 0.1.0
 */
export * as Bitmask from "./Bitmask.js"

/**
 * @since 0.1.0
 */
export * as Coord from "./Coord.js"

/**
 * @since 0.1.0
 */
export * as EfaClient from "./EfaClient.js"

/**
 * @since 0.1.0
 */
export * as EfaError from "./EfaError.js"

/**
 * @since 0.1.0
 */
export * as LocalDateTime from "./LocalDateTime.js"

/**
 * @since 0.1.0
 */
export * as Mot from "./Mot.js"

/**
 * @since 0.1.0
 */
export * as Operation from "./Operation.js"

/**
 * @since 0.1.0
 */
export * as Point from "./Point.js"

/**
 * @since 0.1.0
 */
export * as StopFinder from "./StopFinder.js"

/**
 * @since 0.1.0
 */
export * as SystemMessage from "./SystemMessage.js"
