/**
 * `@efa-kit/mock-server/vitest`: a Vitest fixture that gives each test a fresh fake (in process by
 * default, on a port with `{ port: true }`) and clients pointed at it. Nothing carries over from one
 * test to the next: journal, stubs, faults and clock start afresh.
 *
 * ```ts
 * import { test } from "@efa-kit/mock-server/vitest"
 * import { EfaClient, Point, StopFinder } from "@efa-kit/core"
 * import { Effect } from "effect"
 * import { expect } from "vitest"
 *
 * test("finds the main station", async ({ efa }) => {
 *   const { locations } = await Effect.runPromise(
 *     Effect.flatMap(EfaClient.EfaClient, (client) => client.stopFinder({ input: Point.any("Stuttgart Hbf") }))
 *       .pipe(Effect.provide(efa.layer))
 *   )
 *   expect(locations[0]?.name).toBe("Stuttgart, Hauptbahnhof")
 *   await efa.admin.verify({ path: StopFinder.operation.path }, 1)
 * })
 *
 * test("the same with the Promise client", async ({ efa }) => {
 *   const { locations } = await efa.promiseClient.stopFinder({ input: Point.any("Stuttgart Hbf") })
 *   expect(locations[0]?.name).toBe("Stuttgart, Hauptbahnhof")
 * })
 * ```
 *
 * `mockServerTest(options)` makes a `test` with other settings (a dataset, a clock, a port, stubs).
 *
 * @since 0.1.0
 */
import { EfaClient } from "@efa-kit/core"
import { createClient, type EfaPromiseClient } from "@efa-kit/core/promise"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import { Layer } from "effect"
import { test as baseTest, type TestAPI } from "vitest"
import { makeAdmin, type MockAdmin, type Stub } from "./admin.js"
import type { Dataset } from "./dataset/schema.js"
import { type GtfsLimits, loadGtfsDataset } from "./gtfs.js"
import { makeMockServer, type MockServer } from "./http/app.js"
import type { AppOptions } from "./http/options.js"
import { fetchInProcess, layerInProcess } from "./inProcess.js"
import { embeddedDataset, startMockServer, tokenHeaders } from "./start.js"

/**
 * What each test gets.
 *
 * @since 0.1.0
 * @category models
 */
export interface MockServerFixture extends MockServer {
  /** The fake's base URL: `http://efa.test/` in process, `http://127.0.0.1:<port>/` on a port. */
  readonly url: string
  /** A `fetch` that reaches the fake (in process or over the port). */
  readonly fetch: typeof globalThis.fetch
  /** The admin API: stubs, verification, journal, faults, clock. */
  readonly admin: MockAdmin
  /** An `HttpClient` that reaches the fake. */
  readonly httpClient: Layer.Layer<HttpClient.HttpClient>
  /** The `EfaClient` pointed at the fake. */
  readonly layer: Layer.Layer<EfaClient.EfaClient, EfaClient.InvalidOptionsError>
  /** The Promise client (`@efa-kit/core/promise`) pointed at the fake, closed after the test. */
  readonly promiseClient: EfaPromiseClient
  readonly dataset: Dataset
}

/**
 * Settings of the fixture: those of the fake (without `dataset`, default the embedded one), and
 * `port: true` for a fake on a port instead of in process, `stubs` set before each test, `client` for
 * the `EfaClient` settings other than the base URL.
 *
 * @since 0.1.0
 * @category models
 */
export interface FixtureOptions extends Omit<AppOptions, "dataset"> {
  readonly dataset?: Dataset | undefined
  /** A GTFS feed to serve in place of the embedded dataset (see `loadGtfs`). */
  readonly gtfs?: string | undefined
  /** A GTFS-Realtime TripUpdates file for the feed's trips. */
  readonly gtfsRealtime?: string | undefined
  /** Bounds on what the feed may hold and make, over the defaults (see `GtfsLimits`). */
  readonly gtfsLimits?: Partial<GtfsLimits> | undefined
  readonly port?: boolean | undefined
  readonly stubs?: ReadonlyArray<Stub> | undefined
  readonly client?: Omit<EfaClient.Options, "baseUrl"> | undefined
}

const IN_PROCESS_URL = "http://efa.test/"

/**
 * Starts a fake as the fixture describes; the returned `close` stops it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const openFixture = async (
  options: FixtureOptions = {}
): Promise<MockServerFixture & { readonly close: () => Promise<void> }> => {
  const dataset = options.dataset ??
    (options.gtfs === undefined
      ? await embeddedDataset()
      : (await loadGtfsDataset(options.gtfs, { realtime: options.gtfsRealtime, limits: options.gtfsLimits })).dataset)
  const { client, gtfs: _gtfs, gtfsLimits: _gtfsLimits, gtfsRealtime: _gtfsRealtime, port, stubs, ...appOptions } =
    options
  // What is open so far: every path out of here that fails closes it (a bad client option throws in
  // `createClient` after the server listens; a refused stub, after the client is made).
  let closeServer = (): Promise<void> => Promise.resolve()
  let closeClient = (): Promise<void> => Promise.resolve()
  const close = () => closeClient().finally(() => closeServer())
  try {
    let fixture: MockServerFixture & { readonly close: () => Promise<void> }
    if (port === true) {
      const running = await startMockServer({ ...appOptions, dataset })
      closeServer = running.close
      const httpClient = FetchHttpClient.layer
      fixture = {
        app: running.app,
        state: running.state,
        tools: running.tools,
        dataset,
        url: running.url,
        fetch: globalThis.fetch,
        admin: running.admin,
        httpClient,
        layer: EfaClient.layer({ ...client, baseUrl: running.url }).pipe(Layer.provide(httpClient)),
        promiseClient: createClient({ ...client, baseUrl: running.url }),
        close: running.close
      }
    } else {
      const mock = makeMockServer({ ...appOptions, dataset })
      const fetch = fetchInProcess(mock)
      const httpClient = layerInProcess(mock)
      fixture = {
        ...mock,
        dataset,
        url: IN_PROCESS_URL,
        fetch,
        admin: makeAdmin({ baseUrl: IN_PROCESS_URL, fetch, headers: tokenHeaders(appOptions.admin?.token) }),
        httpClient,
        layer: EfaClient.layer({ ...client, baseUrl: IN_PROCESS_URL }).pipe(Layer.provide(httpClient)),
        promiseClient: createClient({ ...client, baseUrl: IN_PROCESS_URL }, { fetch }),
        close: () => Promise.resolve()
      }
    }
    const promiseClient = fixture.promiseClient
    closeClient = () => promiseClient.close()
    // A refused stub fails the test; the fake started for it does not outlive it.
    for (const stub of stubs ?? []) await fixture.admin.stub(stub)
    return { ...fixture, close }
  } catch (error) {
    // the error that got here is the one to tell
    await close().catch(() => undefined)
    throw error
  }
}

/**
 * A Vitest `test` whose tests get `efa`: a fresh fake as `options` describe.
 *
 * @since 0.1.0
 * @category fixtures
 */
export const mockServerTest = (options: FixtureOptions = {}): TestAPI<{ efa: MockServerFixture }> =>
  baseTest.extend<{ efa: MockServerFixture }>({
    // Vitest reads the fixtures a test uses from this destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    efa: async ({}, use) => {
      const fixture = await openFixture(options)
      try {
        await use(fixture)
      } finally {
        await fixture.close()
      }
    }
  })

/**
 * A Vitest `test` whose tests get `efa`: a fresh fake in process on the embedded dataset.
 *
 * @since 0.1.0
 * @category fixtures
 */
export const test: TestAPI<{ efa: MockServerFixture }> = mockServerTest()

/**
 * The same as {@link test}.
 *
 * @since 0.1.0
 * @category fixtures
 */
export const it: TestAPI<{ efa: MockServerFixture }> = test
