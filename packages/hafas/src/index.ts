/**
 * @since 0.1.0
 */

/**
 * FPTF 2 objects as hafas-client answers with them.
 *
 * @since 0.1.0
 */
export * as Fptf from "./Fptf.js"

/**
 * hafas-client 6's interface over an EFA deployment.
 *
 * @since 0.1.0
 */
export * as HafasClient from "./HafasClient.js"

/**
 * hafas-client's errors over efa-kit's.
 *
 * @since 0.1.0
 */
export * as HafasError from "./HafasError.js"

/**
 * A deployment's profile in hafas-client's shape.
 *
 * @since 0.1.0
 */
export * as HafasProfile from "./HafasProfile.js"

export {
  /**
   * @since 0.1.0
   * @category constructors
   */
  createClient
} from "./HafasClient.js"

export {
  /**
   * @since 0.1.0
   * @category guards
   */
  isHafasError
} from "./HafasError.js"
