/**
 * What a network failure says: the transport wraps the system's error (`ECONNREFUSED`, `ENOTFOUND`, a
 * connect timeout) a few causes deep, under messages that repeat the URL. The message of a
 * `TransportError` names that root cause instead.
 *
 * @internal
 */

/**
 * The innermost cause of a failed request: its message (`connect ECONNREFUSED 127.0.0.1:9`,
 * `getaddrinfo ENOTFOUND efa.invalid`), with its code in front when the message does not name it
 * (`UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error ...`).
 *
 * @internal
 */
export const describeNetworkFailure = (error: unknown): string => {
  let code: string | undefined
  let message: string | undefined
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== null && typeof current === "object" && !seen.has(current)) {
    seen.add(current)
    const failure = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
    if (typeof failure.code === "string" && failure.code.length > 0) code = failure.code
    if (typeof failure.message === "string" && failure.message.length > 0) message = failure.message
    // a connection to a name with several addresses fails with one error per address
    current = failure.cause ?? (Array.isArray(failure.errors) ? failure.errors[0] : undefined)
  }
  const text = (message ?? "network failure").replace(/\s*\((?:GET|POST) [^)]*\)$/, "")
  return code === undefined || text.includes(code) ? text : `${code}: ${text}`
}
