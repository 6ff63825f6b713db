/**
 * Running the real client against the fake without a port: a `fetch` that hands each request straight
 * to the app, and Effect layers built on it.
 *
 * ```ts
 * import { EfaClient, Point } from "@efa-kit/core"
 * import { layerInProcess, loadDataset, embeddedDatasetPath } from "@efa-kit/mock-server"
 *
 * const efa = EfaClient.layer({ baseUrl: "http://efa.test/" }).pipe(
 *   Layer.provide(layerInProcess({ dataset }))
 * )
 * ```
 *
 * @since 0.1.0
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import { Effect, Layer } from "effect"
import type { DatasetError } from "./dataset/load.js"
import { type GtfsOptions, loadGtfs } from "./gtfs.js"
import { makeApp } from "./http/app.js"
import type { InProcessBinding } from "./http/context.js"
import type { AppOptions } from "./http/options.js"

/**
 * Anything with a Hono-style `fetch`: an app, or `{ fetch }`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Fetchable {
  readonly fetch: (request: Request, env?: any) => Response | Promise<Response>
}

/**
 * What the in-process client talks to: a fake's options (a new app is built), a fake built with
 * `makeMockServer` (`{ app, state }`), or an app.
 *
 * @since 0.1.0
 * @category models
 */
export type InProcessSource = AppOptions | { readonly app: Fetchable } | Fetchable

const appOf = (source: InProcessSource): Fetchable => {
  if ("dataset" in source) return makeApp(source)
  if ("app" in source) return source.app
  return source
}

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("This operation was aborted", "AbortError")

/**
 * A `fetch` that sends each request to an app in process. It behaves like the platform's `fetch` where
 * it matters to a client: it rejects when the request is aborted, and when the app drops the
 * connection (`x-efa-fault: drop`) it rejects with a `TypeError` as a network failure does. The app's
 * `fetch` may return a plain `Response` or a promise; both are handled.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fetchInProcess = (source: InProcessSource): typeof globalThis.fetch => {
  const app = appOf(source)
  const inProcessFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const signal = request.signal
    if (signal.aborted) return Promise.reject(abortError(signal))
    const binding: InProcessBinding = { dropped: false }
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal))
      signal.addEventListener("abort", onAbort, { once: true })
      Promise.resolve()
        .then(() => app.fetch(request, { inProcess: binding }))
        .then((response) => {
          if (binding.dropped) {
            const cause = new Error("the server closed the connection (injected fault)")
            throw new TypeError("fetch failed", { cause })
          }
          return response
        })
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort))
    })
  }
  return inProcessFetch as typeof globalThis.fetch
}

/**
 * `FetchHttpClient.Fetch` served by the fake in process.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerFetch = <S extends InProcessSource | InProcessGtfsSource>(
  source: S
): Layer.Layer<FetchHttpClient.Fetch, FailsWith<S>> => {
  if ("gtfs" in source && !("dataset" in source)) {
    const { gtfs, gtfsLimits, gtfsRealtime, ...options } = source as InProcessGtfsSource
    return Layer.effect(
      FetchHttpClient.Fetch,
      Effect.map(loadGtfs({ gtfs, gtfsLimits, gtfsRealtime }), ({ dataset }) => fetchInProcess({ ...options, dataset }))
    ) as Layer.Layer<FetchHttpClient.Fetch, FailsWith<S>>
  }
  return Layer.sync(FetchHttpClient.Fetch, () => fetchInProcess(source as InProcessSource))
}

/**
 * How building an in-process layer can fail: reading a GTFS feed, when the source is one.
 *
 * @since 0.1.0
 * @category models
 */
export type FailsWith<S> = S extends InProcessGtfsSource ? DatasetError : never

/**
 * A fake's options with a GTFS feed (see `loadGtfs`) in place of `dataset`.
 *
 * @since 0.1.0
 * @category models
 */
export type InProcessGtfsSource = Omit<AppOptions, "dataset"> & GtfsOptions

/**
 * An `HttpClient` whose requests go straight to the fake's `fetch`, with no port: provide it to
 * `EfaClient.layer({ baseUrl: "http://efa.test/" })` (any host; the base path must be `/`). With `gtfs` in
 * place of `dataset` the feed is read when the layer is built, and a broken feed fails the layer with the
 * `DatasetError` that names the file, line and field.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerInProcess = <S extends InProcessSource | InProcessGtfsSource>(
  source: S
): Layer.Layer<HttpClient.HttpClient, FailsWith<S>> => FetchHttpClient.layer.pipe(Layer.provide(layerFetch(source)))
