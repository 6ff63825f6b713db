/**
 * Starting the fake on a real port: load a dataset (the embedded one by default), build the app, listen.
 *
 * @since 0.1.0
 */
import { serve, type ServerType } from "@hono/node-server"
import { Effect, Either } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { type DatasetError, embeddedDatasetPath, loadDataset } from "./dataset/load.js"
import type { Dataset } from "./dataset/schema.js"
import { type GtfsLimits, loadGtfs } from "./gtfs.js"
import { makeMockServer, type MockServer } from "./http/app.js"
import { type AppOptions, defaultOnError } from "./http/options.js"

/**
 * Settings of {@link startServer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface ServerOptions extends Omit<AppOptions, "dataset"> {
  /** The port; 0 picks a free one. Default 8080. */
  readonly port?: number | undefined
  /**
   * The interface to listen on. Default `127.0.0.1`: the fake (and its admin API) is reachable from
   * this machine only; `0.0.0.0` or `::` listen on every interface.
   */
  readonly host?: string | undefined
  /** A dataset folder; default the embedded dataset. */
  readonly datasetFolder?: string | undefined
  /** A dataset already loaded; takes the place of `datasetFolder`. */
  readonly dataset?: Dataset | undefined
  /** A GTFS feed (`.zip` or folder) to serve; takes the place of `datasetFolder` (see `loadGtfs`). */
  readonly gtfs?: string | undefined
  /** A GTFS-Realtime TripUpdates file for the feed's trips (with `gtfs`). */
  readonly gtfsRealtime?: string | undefined
  /** Bounds on what the feed may hold and make, over the defaults (with `gtfs`; see `GtfsLimits`). */
  readonly gtfsLimits?: Partial<GtfsLimits> | undefined
}

/**
 * A running fake.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunningServer extends MockServer {
  readonly server: ServerType
  readonly dataset: Dataset
  /** The port bound. */
  readonly port: number
  /** `http://<host>:<port>/`: the loopback address listened on, or `localhost` for every interface. */
  readonly baseUrl: string
  /** Stops listening and closes open connections. */
  readonly close: () => Promise<void>
}

/**
 * The interface the fake listens on unless told otherwise.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_HOST = "127.0.0.1"

const urlHost = (host: string): string =>
  host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host

// Large enough that overlong URLs reach the app and get its 414 answer; beyond it Node answers 431.
const MAX_HEADER_SIZE = 64 * 1024

type Listener = (request: http.IncomingMessage, response: http.ServerResponse) => unknown

/**
 * The adapter's listener, made unable to end the process: a failure while the adapter writes an answer
 * (after the app's handler has returned, where the app's error handler cannot see it) is reported to
 * `onError` and the request gets a 500, or its connection is closed when the head was already sent,
 * instead of becoming an unhandled rejection.
 *
 * @since 0.1.0
 * @category utils
 */
export const guardedListener = (
  listener: Listener,
  onError: (error: unknown, request: { readonly method: string; readonly path: string }) => void
): Listener => {
  // Made once, not per request: a named closure per request cost about a microsecond of server time per
  // cached answer in `bench/throughput.ts` (run through tsx, which also names each one as it is made).
  const settle = (error: unknown, request: http.IncomingMessage, response: http.ServerResponse) => {
    onError(error, { method: request.method ?? "", path: (request.url ?? "").split("?")[0]! })
    if (!response.headersSent) {
      response.writeHead(500, { "content-type": "application/json; charset=utf-8" })
      response.end(JSON.stringify({
        error: "internal-error",
        message: "the fake failed to answer this request; the server log has the details"
      }))
    } else {
      response.destroy()
    }
  }
  return (request, response) => {
    try {
      const result = listener(request, response)
      if (result instanceof Promise) result.catch((error: unknown) => settle(error, request, response))
    } catch (error) {
      settle(error, request, response)
    }
  }
}

/**
 * Loads the dataset and starts listening. Fails with the dataset's error (file and path) when the
 * dataset is invalid; nothing is bound then.
 *
 * @since 0.1.0
 * @category constructors
 */
export const startServer = (options: ServerOptions = {}): Promise<Either.Either<RunningServer, DatasetError>> =>
  Effect.runPromise(
    Effect.either(
      options.dataset !== undefined
        ? Effect.succeed(options.dataset)
        : options.gtfs !== undefined
        ? Effect.map(
          loadGtfs({ gtfs: options.gtfs, gtfsRealtime: options.gtfsRealtime, gtfsLimits: options.gtfsLimits }),
          (loaded) => loaded.dataset
        )
        : loadDataset(options.datasetFolder ?? embeddedDatasetPath)
    )
  ).then((loaded) => {
    if (Either.isLeft(loaded)) return Either.left(loaded.left)
    const host = options.host ?? DEFAULT_HOST
    // The interface listened on is a name the admin API may be reached by.
    const admin = { ...options.admin, allowedHosts: [...(options.admin?.allowedHosts ?? []), host] }
    const mock = makeMockServer({ ...options, admin, dataset: loaded.right })
    return new Promise((resolve, reject) => {
      const server = serve({
        fetch: mock.app.fetch,
        port: options.port ?? 8080,
        hostname: options.host ?? DEFAULT_HOST,
        serverOptions: { maxHeaderSize: MAX_HEADER_SIZE },
        createServer: ((serverOptions: http.ServerOptions, listener: Listener) =>
          http.createServer(
            serverOptions,
            guardedListener(listener, options.onError ?? defaultOnError)
          )) as typeof http.createServer
      }, (info: AddressInfo) => {
        resolve(Either.right({
          ...mock,
          server,
          dataset: loaded.right,
          port: info.port,
          baseUrl: `http://${urlHost(options.host ?? DEFAULT_HOST)}:${info.port}/`,
          close: () =>
            mock.tools.flush().then(() =>
              new Promise<void>((done) => {
                if ("closeAllConnections" in server) {
                  server.closeAllConnections()
                }
                server.close(() => done())
              })
            )
        }))
      })
      server.once("error", reject)
    })
  })
