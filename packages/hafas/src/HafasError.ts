/**
 * hafas-client's errors: `isHafasError`, a `code` (`ACCESS_DENIED`, `INVALID_REQUEST`, `NOT_FOUND`,
 * `SERVER_ERROR`), `isCausedByServer`, `shouldRetry` where a retry may help, and the efa-kit error that caused
 * it as `cause` (its `_tag` says exactly what happened).
 *
 * @since 0.1.0
 */

/**
 * The codes of hafas-client's errors.
 *
 * @since 0.1.0
 * @category models
 */
export type Code = "ACCESS_DENIED" | "INVALID_REQUEST" | "NOT_FOUND" | "SERVER_ERROR"

/**
 * @since 0.1.0
 * @category constants
 */
export const ACCESS_DENIED = "ACCESS_DENIED"
/**
 * @since 0.1.0
 * @category constants
 */
export const INVALID_REQUEST = "INVALID_REQUEST"
/**
 * @since 0.1.0
 * @category constants
 */
export const NOT_FOUND = "NOT_FOUND"
/**
 * @since 0.1.0
 * @category constants
 */
export const SERVER_ERROR = "SERVER_ERROR"

/**
 * An error as hafas-client raises it. `hafasCode` is EFA's message code where the server sent one
 * (`-8011`), else `null`.
 *
 * @since 0.1.0
 * @category errors
 */
export class HafasError extends Error {
  readonly isHafasError = true as const
  readonly code: Code | null
  readonly isCausedByServer: boolean
  readonly hafasCode: string | null
  readonly shouldRetry: boolean
  constructor(
    message: string,
    options: {
      readonly code: Code | null
      readonly hafasCode?: string | null | undefined
      readonly isCausedByServer?: boolean | undefined
      readonly shouldRetry?: boolean | undefined
      readonly cause?: unknown
    }
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = "HafasError"
    this.code = options.code
    this.hafasCode = options.hafasCode ?? null
    this.isCausedByServer = options.isCausedByServer ?? options.code === SERVER_ERROR
    this.shouldRetry = options.shouldRetry ?? false
  }
}

/**
 * Whether a value is a hafas-client error (of this package or of hafas-client itself).
 *
 * @since 0.1.0
 * @category guards
 */
export const isHafasError = (error: unknown): error is HafasError =>
  typeof error === "object" && error !== null && (error as { isHafasError?: unknown }).isHafasError === true

interface Tagged {
  readonly _tag: string
  readonly message?: string
  readonly status?: number
  readonly code?: number | string | undefined
}

const isTagged = (error: unknown): error is Tagged =>
  typeof error === "object" && error !== null && typeof (error as { _tag?: unknown })._tag === "string"

// EFA's message codes that say that nothing matched: -2000.. a stop, -4000.. no trip, -8000.. no location
const notFound = (code: number): boolean =>
  (code <= -2000 && code > -3000) || (code <= -4000 && code > -5000) || (code <= -8000 && code > -9000)

/**
 * The hafas-client error of a failure of efa-kit's client, with that failure as `cause`: an invalid request
 * `INVALID_REQUEST`, a stop the server could not resolve and EFA's "nothing matched" messages `NOT_FOUND`,
 * 401 and 403 `ACCESS_DENIED`, the rest `SERVER_ERROR`. A `HafasError` or a non-efa-kit error (an abort's
 * reason, a `TypeError` of a bad argument) is returned as it is.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromEfaError = (error: unknown): unknown => {
  if (isHafasError(error) || !isTagged(error)) return error
  const message = error.message ?? error._tag
  switch (error._tag) {
    case "InvalidRequestError":
    case "InvalidOptionsError":
      return new HafasError(message, { code: INVALID_REQUEST, cause: error })
    case "StopNotResolvedError":
      return new HafasError(message, { code: NOT_FOUND, cause: error })
    case "ServerMessageError": {
      const code = typeof error.code === "number" ? error.code : Number(error.code)
      return new HafasError(message, {
        code: Number.isFinite(code) && notFound(code) ? NOT_FOUND : SERVER_ERROR,
        hafasCode: error.code === undefined ? null : String(error.code),
        cause: error
      })
    }
    case "HttpStatusError": {
      const status = error.status ?? 500
      const code = status === 401 || status === 403
        ? ACCESS_DENIED
        : status === 404
        ? NOT_FOUND
        : status < 500 && status !== 408 && status !== 429
        ? INVALID_REQUEST
        : SERVER_ERROR
      return new HafasError(message, {
        code,
        isCausedByServer: status >= 500,
        shouldRetry: status >= 500 || status === 408 || status === 429,
        cause: error
      })
    }
    case "TransportError":
    case "QueueFullError":
      return new HafasError(message, { code: SERVER_ERROR, shouldRetry: true, cause: error })
    default:
      return new HafasError(message, { code: SERVER_ERROR, cause: error })
  }
}
