// A dropped connection, wherever the fake runs: a socket destroyed, an in-process \`fetch\` told to reject, or a
// body that fails when read.
import type { AppContext } from "../context.js"
import { JSON_TYPE } from "../send.js"

/**
 * Destroys the connection. Over a real socket the socket is destroyed; in process the client's `fetch`
 * is told to reject; called through a bare `app.fetch`, the answer's body fails when read.
 *
 * @since 0.1.0
 * @category responses
 */
export const dropConnection = (c: AppContext): Response => {
  c.set("dropped", true)
  const inProcess = c.env?.inProcess
  if (inProcess !== undefined) {
    inProcess.dropped = true
    return c.body(null, 500)
  }
  const socket = c.env?.incoming?.socket
  if (socket !== undefined) {
    socket.destroy()
    return c.body(null, 500)
  }
  const body = new ReadableStream({
    start: (controller) => controller.error(new Error("connection dropped (injected fault)"))
  })
  return new Response(body, { status: 200, headers: { "content-type": JSON_TYPE } })
}
