/**
 * `startMockServer`: the fake on a port for any test runner, as a plain `Promise` that resolves to
 * `{ url, close, admin }` and rejects when the fake cannot start (an invalid dataset, a port in use).
 *
 * ```ts
 * const fake = await startMockServer()
 * // point the code under test at fake.url, then
 * await fake.admin.verify({ path: StopFinder.operation.path })
 * await fake.close()
 * ```
 *
 * @since 0.1.0
 */
import { Effect, Either } from "effect"
import { makeAdmin, type MockAdmin } from "./admin.js"
import { loadEmbeddedDataset } from "./dataset/load.js"
import type { Dataset } from "./dataset/schema.js"
import type { MockServer } from "./http/app.js"
import { type ServerOptions, startServer } from "./server.js"

/**
 * Settings of {@link startMockServer}: those of `startServer`, with a free port on 127.0.0.1 by default.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockServerOptions extends ServerOptions {
  /** Headers the returned `admin` sends; default the `admin.token` as `Authorization: Bearer <token>`. */
  readonly adminHeaders?: Readonly<Record<string, string>> | undefined
}

/**
 * A fake listening on a port.
 *
 * @since 0.1.0
 * @category models
 */
export interface StartedMockServer extends MockServer {
  /** The base URL, with a trailing slash (`http://127.0.0.1:40123/`). */
  readonly url: string
  readonly port: number
  readonly dataset: Dataset
  readonly admin: MockAdmin
  /** Stops listening and closes open connections. */
  readonly close: () => Promise<void>
}

let embedded: Promise<Dataset> | undefined

/**
 * The embedded dataset, read and checked once per process.
 *
 * @since 0.1.0
 * @category datasets
 */
export const embeddedDataset = (): Promise<Dataset> => {
  if (embedded === undefined) {
    embedded = Effect.runPromise(loadEmbeddedDataset)
    embedded.catch(() => (embedded = undefined))
  }
  return embedded
}

/**
 * The header that carries an admin token.
 *
 * @since 0.1.0
 * @category utils
 */
export const tokenHeaders = (token: string | undefined): Record<string, string> | undefined =>
  token === undefined ? undefined : { authorization: `Bearer ${token}` }

const hostInUrl = (host: string): string =>
  host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host

/**
 * Starts the fake on a port (a free one on 127.0.0.1 unless told otherwise).
 *
 * @since 0.1.0
 * @category constructors
 */
export const startMockServer = async (options: MockServerOptions = {}): Promise<StartedMockServer> => {
  const host = options.host ?? "127.0.0.1"
  const dataset = options.dataset ??
    (options.datasetFolder === undefined && options.gtfs === undefined ? await embeddedDataset() : undefined)
  const started = await startServer({ ...options, port: options.port ?? 0, host, dataset })
  if (Either.isLeft(started)) throw new Error(`cannot load the dataset: ${started.left.message}`)
  const running = started.right
  const url = `http://${hostInUrl(host)}:${running.port}/`
  return {
    app: running.app,
    state: running.state,
    tools: running.tools,
    dataset: running.dataset,
    url,
    port: running.port,
    admin: makeAdmin({ baseUrl: url, headers: options.adminHeaders ?? tokenHeaders(options.admin?.token) }),
    close: running.close
  }
}
