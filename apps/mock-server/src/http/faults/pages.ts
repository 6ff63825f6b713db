// The bodies of broken answers: a gateway's HTML page, JSON that does not parse, reason phrases.
/**
 * The HTML page a gateway sends instead of JSON.
 *
 * @since 0.1.0
 * @category constants
 */
export const htmlPage = (status: number, reason: string): string =>
  `<!DOCTYPE html>\n<html><head><title>${status} ${reason}</title></head>` +
  `<body><h1>${reason}</h1><p>The journey planner is temporarily unavailable. Please try again later.</p>` +
  `<hr><address>efa-mock-server (injected fault)</address></body></html>\n`

/**
 * A body that is not JSON although it is labelled so: an unquoted key, a single-quoted string and a
 * trailing comma, as broken serialisers produce.
 *
 * @since 0.1.0
 * @category constants
 */
export const INVALID_JSON = `{"version":"10.6.14.22",outputFormat:'JSON',"systemMessages":[],}`

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout"
}

/**
 * A short reason phrase for a status.
 *
 * @since 0.1.0
 * @category utils
 */
export const reasonPhrase = (status: number): string =>
  reasons[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "Status " + status)
