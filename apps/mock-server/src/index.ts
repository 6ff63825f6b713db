/**
 * `@efa-kit/mock-server`: a fixture-backed fake of the seven EFA operations.
 *
 * - {@link makeApp} builds the Hono app (no port); {@link makeMockServer} also returns its state.
 * - {@link layerInProcess} is an Effect `HttpClient` that sends requests straight to the app.
 * - {@link startServer} loads a dataset and listens on a port.
 * - {@link answers} is the registry of the answer of each operation.
 * - {@link startMockServer} starts a fake on a free port for any test runner; {@link makeAdmin} is a typed
 *   client of the admin API (stubs, verification, journal, faults, clock).
 * - Record, replay and proxy: the options `proxy`, `record` and `replay`.
 *
 * @since 0.1.0
 */

export {
  type AdminClientOptions,
  AdminError,
  answerOf,
  type FaultScript,
  makeAdmin,
  type MockAdmin,
  type RequestMatcher,
  type Stub,
  VerificationError
} from "./admin.js"
export { type Answer, type AnswerContext } from "./answers/types.js"
export {
  DatasetError,
  type DatasetLimits,
  DEFAULT_DATASET_LIMITS,
  embeddedDatasetPath,
  loadDataset,
  loadEmbeddedDataset
} from "./dataset/load.js"
export type { Dataset } from "./dataset/schema.js"
export {
  DEFAULT_GTFS_LIMITS,
  type GtfsLimits,
  type GtfsOptions,
  type LoadedGtfs,
  loadGtfs,
  loadGtfsDataset,
  writeDataset
} from "./gtfs.js"
export { type AdminOptions } from "./http/adminGuard.js"
export { makeApp, makeMockServer, type MockServer, SEQUENCE_HEADER } from "./http/app.js"
export type { AppEnv } from "./http/context.js"
export { type Fault, FAULT_HEADER, type FaultKind, formatFault, parseFault } from "./http/faults.js"
export {
  HEADER_LOG_ENTRIES,
  type Intercepted,
  MAX_STUBS,
  type SourceAnswer,
  type TestTools,
  type UpstreamOptions
} from "./http/interceptor.js"
export type { JournalEntry } from "./http/journalEntry.js"
export { type AppOptions, DEFAULT_LIMITS, DEFAULT_NOW, type Limits } from "./http/options.js"
export { isOperationPath, type OperationPath, PATHS } from "./http/paths.js"
export { ADMIN_PREFIX } from "./http/paths.js"
export { JOURNAL_NEXT_HEADER, JOURNAL_PAGE } from "./http/routes/admin.js"
export { openApiDocument } from "./http/routes/openapi.js"
export { MockState } from "./http/state.js"
export type { ValueMatcher } from "./http/testing/matcher.js"
export type { StubResponse, StubView } from "./http/testing/stubs.js"
export type { ExpectedCount, NearMiss, VerificationResult } from "./http/testing/verify.js"
export type { ProxyOptions } from "./http/upstream/proxy.js"
export {
  keyOf,
  normaliseParams,
  type RecordedAnswer,
  type Recording,
  SECRET_PARAMETERS
} from "./http/upstream/recording.js"
export {
  type FailsWith,
  type Fetchable,
  fetchInProcess,
  type InProcessGtfsSource,
  type InProcessSource,
  layerFetch,
  layerInProcess
} from "./inProcess.js"
export { type AnswerEntry, type AnswerRegistry, answers, type NoResult, operationsOf } from "./registry.js"
export { DEFAULT_HOST, type RunningServer, type ServerOptions, startServer } from "./server.js"
export { embeddedDataset, type MockServerOptions, type StartedMockServer, startMockServer } from "./start.js"
