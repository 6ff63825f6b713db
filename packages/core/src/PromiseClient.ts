/**
 * The client for programs that do not use Effect (`@efa-kit/core/promise`): one `async` method per
 * operation, answers in plain JavaScript values (a `Date` for every instant), a failure rejects with the
 * operation's tagged error itself (an `Error` subclass, so `instanceof` and `_tag` both work), and an
 * `AbortSignal` aborts the HTTP request. It is a thin
 * runtime over {@link OperationClient}, with the same settings and the same behaviour.
 *
 * ```ts
 * import { createClient, HttpStatusError } from "@efa-kit/core/promise"
 * import { Point } from "@efa-kit/core"
 *
 * const efa = createClient({ baseUrl: "https://efa.example/mngvvs" })
 * try {
 *   const { locations } = await efa.stopFinder({ input: Point.any("Stuttgart Hbf") })
 * } catch (error) {
 *   if (error instanceof HttpStatusError) console.error(error.status)
 * } finally {
 *   await efa.close()
 * }
 * ```
 *
 * @since 0.1.0
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Stream from "effect/Stream"
import * as EfaClient from "./EfaClient.js"
import { fromPlain, type Plain, toPlain } from "./internal/decode/plain.js"
import type * as Operation from "./Operation.js"
import * as OperationClient from "./OperationClient.js"
import * as Operations from "./Operations.js"
import type * as Pages from "./Pages.js"
import * as Profile from "./Profile.js"
import type * as Trip from "./Trip.js"
import type * as TripRefresh from "./TripRefresh.js"

export {
  /**
   * @since 0.1.0
   * @category errors
   */
  DecodeError,
  /**
   * @since 0.1.0
   * @category errors
   */
  HttpStatusError,
  /**
   * @since 0.1.0
   * @category errors
   */
  InterfaceVersionError,
  /**
   * @since 0.1.0
   * @category errors
   */
  InvalidRequestError,
  /**
   * @since 0.2.0
   * @category errors
   */
  NotFoundError,
  /**
   * @since 0.1.0
   * @category errors
   */
  QueueFullError,
  /**
   * @since 0.1.0
   * @category errors
   */
  RedirectError,
  /**
   * @since 0.1.0
   * @category errors
   */
  ResponseTooLargeError,
  /**
   * @since 0.1.0
   * @category errors
   */
  ServerMessageError,
  /**
   * @since 0.1.0
   * @category errors
   */
  StopNotResolvedError,
  /**
   * @since 0.1.0
   * @category errors
   */
  TransportError
} from "./EfaError.js"

export {
  /**
   * @since 0.1.0
   * @category errors
   */
  InvalidOptionsError
} from "./OperationClient.js"

/**
 * Options of one call.
 *
 * @since 0.1.0
 * @category models
 */
export interface CallOptions {
  /** Aborts the call and its HTTP request; the call then rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined
  /** `false`: asks the server, not the client's `cache` (the answer is still kept). */
  readonly cache?: boolean | undefined
}

/**
 * How the client reaches the network.
 *
 * @since 0.1.0
 * @category models
 */
export interface RuntimeOptions {
  /** The `fetch` to send requests with. Default: the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch | undefined
}

/**
 * An answer as the Promise client gives it: plain JavaScript values, with a `Date` wherever the Effect
 * client gives a `DateTime` (a trip's departure and arrival times, ...).
 *
 * @since 0.1.0
 * @category models
 */
export type PlainResponse<A> = Plain<A>

/**
 * The methods of the named operations, and `close`.
 *
 * @since 0.1.0
 * @category models
 */
export type Client<Operations extends Record<string, Operation.Any>> =
  & {
    readonly [Name in keyof Operations]: (
      ...args: OperationClient.RequestArgs<Operations[Name], CallOptions>
    ) => Promise<PlainResponse<Operation.ResponseOf<Operations[Name]>>>
  }
  & {
    /** Releases the client; calls made afterwards reject. */
    readonly close: () => Promise<void>
  }
  & AsyncDisposeMember

/**
 * `[Symbol.asyncDispose]`, the same as `close`, for `await using`: typed where the project's `lib` (or
 * `@types/node`) declares the symbol, and left out of the type where it does not, so that the client's
 * types check in a project of any `lib`.
 *
 * @since 0.1.0
 * @category models
 */
export type AsyncDisposeMember = SymbolConstructor extends { readonly asyncDispose: infer Key extends symbol }
  ? { readonly [K in Key]: () => Promise<void> }
  : {}

/**
 * Options of a stream of pages.
 *
 * @since 0.1.0
 * @category models
 */
export interface PagesOptions extends CallOptions {
  /** Which way the pages go after the first. Default: `later`. */
  readonly direction?: Pages.Direction | undefined
}

/**
 * The client of every operation. `trip` and `departures` answer with `earlier` and `later` references and
 * take `{ page }` (see `Pages`); `departures` takes a `window`; `tripPages` iterates pages with `for await`.
 *
 * @since 0.1.0
 * @category models
 */
export interface EfaPromiseClient extends Omit<Client<typeof Operations.all>, "trip" | "departures"> {
  /** Plans trips, or asks for the page a reference points to. */
  readonly trip: (
    request: EfaClient.Requests["trip"] | Pages.PageRequest,
    options?: CallOptions
  ) => Promise<PlainResponse<Pages.TripPage>>
  /** A board, a board over a time window, or the page a reference points to. */
  readonly departures: (
    request: Pages.BoardRequest | Pages.PageRequest,
    options?: CallOptions
  ) => Promise<PlainResponse<Pages.BoardPage>>
  /** A planned trip with today's estimates, platforms and cancellations, and what changed (see `TripRefresh`). */
  readonly refreshTrip: (
    trip: PlainResponse<Trip.Trip>,
    options?: CallOptions & TripRefresh.RefreshOptions
  ) => Promise<PlainResponse<TripRefresh.Refreshed>>
  /**
   * The changes of a planned trip until it arrives (see `TripWatch`): an async iterable that ends with
   * `Arrived`, or when `signal` aborts; a failure that ends the watch rejects with its tagged error.
   */
  readonly watchTrip: (
    options: { readonly trip: PlainResponse<Trip.Trip>; readonly changeMinutes?: number | undefined },
    callOptions?: { readonly signal?: AbortSignal | undefined }
  ) => AsyncIterable<PlainResponse<TripRefresh.TripChange>>
  /** The pages of trips from a request or a reference on, one way; ends when `signal` aborts. */
  readonly tripPages: (
    request: EfaClient.Requests["trip"] | Pages.PageRequest,
    options?: PagesOptions
  ) => AsyncIterable<PlainResponse<Pages.TripPage>>
}

/**
 * What each method of a client rejects with when its call fails, by method name: the tagged errors its
 * operation can raise (an aborted call rejects with the signal's reason, a defect with its error).
 *
 * @since 0.2.0
 * @category models
 */
export type Errors<Operations extends Record<string, Operation.Any>> = {
  readonly [Name in keyof Operations]: Operation.ErrorOf<Operations[Name]>
}

/**
 * What each method of {@link EfaPromiseClient} rejects with, by method name (`EfaClient.Errors`).
 *
 * @since 0.2.0
 * @category models
 */
export type EfaPromiseErrors = Errors<typeof Operations.all>

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("This operation was aborted", "AbortError")

/**
 * What a failed call rejects with: the tagged error of a failure, the abort reason of an aborted call,
 * the error of a defect.
 */
const rejection = (cause: Cause.Cause<unknown>, signal: AbortSignal | undefined): unknown => {
  const failure = Cause.failureOption(cause)
  if (failure._tag === "Some") return failure.value
  if (signal?.aborted === true && Cause.isInterruptedOnly(cause)) return abortReason(signal)
  return Cause.squash(cause)
}

/**
 * A client of the operations a program names: `createClientFor({ stopFinder: StopFinder.operation },
 * options)`. A bundle then carries only those operations' codecs. Bad settings throw
 * `InvalidOptionsError` here.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createClientFor = <const Operations extends Record<string, Operation.Any>>(
  operations: Operations,
  options: EfaClient.Options,
  runtimeOptions?: RuntimeOptions
): Client<Operations> => {
  const valid = OperationClient.validateOptions(options, Profile)
  if (Either.isLeft(valid)) throw valid.left
  const http = runtimeOptions?.fetch === undefined
    ? FetchHttpClient.layer
    : Layer.provide(FetchHttpClient.layer, Layer.succeed(FetchHttpClient.Fetch, runtimeOptions.fetch))
  const runtime = ManagedRuntime.make(Layer.provide(OperationClient.layer(options), http))
  let closed: Promise<void> | undefined

  const call = (operation: Operation.Any, request: unknown, callOptions?: CallOptions): Promise<unknown> => {
    const signal = callOptions?.signal
    if (closed !== undefined) return Promise.reject(new Error(`${operation.name}: the client is closed`))
    if (signal?.aborted === true) return Promise.reject(abortReason(signal))
    const program = Effect.flatMap(OperationClient.OperationClient, (runner): Effect.Effect<unknown, unknown> => {
      const run = (input: unknown) => runner.run(operation, input, callOptions)
      if (operation.name !== "trip" && operation.name !== "departures") return run(request)
      // trips and boards answer with page references (a chunk of its own, loaded on the first such call)
      return Effect.flatMap(
        Effect.promise(() => import("./Pages.js")),
        (Pages): Effect.Effect<unknown, unknown> =>
          operation.name === "trip"
            ? Pages.trip(run, request as never, { sessions: runner.sessions, pageKey: runner.pageKey })
            : Pages.departures(run, request as never, { sessions: runner.sessions, pageKey: runner.pageKey })
      )
    })
    return runtime.runPromiseExit(program, signal === undefined ? undefined : { signal }).then((exit) =>
      Exit.isSuccess(exit) ? toPlain(exit.value) : Promise.reject(rejection(exit.cause, signal))
    )
  }

  const runCall = (program: Effect.Effect<unknown, unknown, OperationClient.OperationClient>, signal?: AbortSignal) => {
    if (closed !== undefined) return Promise.reject(new Error("the client is closed"))
    if (signal?.aborted === true) return Promise.reject(abortReason(signal))
    return runtime.runPromiseExit(program, signal === undefined ? undefined : { signal }).then((exit) =>
      Exit.isSuccess(exit) ? toPlain(exit.value) : Promise.reject(rejection(exit.cause, signal))
    )
  }

  // the calls a refresh asks (see `TripRefresh`): the boards, and the run's stops and the real time of the whole
  // trip where the client has those operations and the deployment offers them
  const refreshWays = (runner: OperationClient.Service, departures: Operation.Any, callOptions?: CallOptions) => {
    const { realtimeForTrip, tripStops } = operations as Record<string, Operation.Any | undefined>
    const way = (operation: Operation.Any | undefined, name: "tripStops" | "realtimeForTrip") =>
      operation === undefined || runner.offers?.(name) === false
        ? undefined
        : (input: unknown) => runner.run(operation, input, callOptions)
    return {
      boards: (input: unknown) => runner.run(departures, input, callOptions),
      tripStops: way(tripStops, "tripStops"),
      realtimeForTrip: way(realtimeForTrip, "realtimeForTrip")
    }
  }

  // the trip watch's stream as an async iterable; an abort ends it (and its polling)
  const watchTrip = (
    departures: Operation.Any,
    options: { readonly trip: Plain<Trip.Trip>; readonly changeMinutes?: number | undefined },
    signal: AbortSignal | undefined
  ): AsyncIterable<unknown> => ({
    async *[Symbol.asyncIterator]() {
      if (signal?.aborted === true) return
      const iterable = await runtime.runPromise(Effect.flatMap(
        Effect.zip(OperationClient.OperationClient, Effect.promise(() => import("./TripRefresh.js"))),
        ([runner, TripRefresh]) =>
          Stream.toAsyncIterableEffect(
            TripRefresh.watchWith(
              (trip, refreshOptions) => TripRefresh.refresh(refreshWays(runner, departures), trip, refreshOptions),
              { trip: fromPlain<Trip.Trip>(options.trip), changeMinutes: options.changeMinutes }
            )
          )
      ))
      const iterator = iterable[Symbol.asyncIterator]()
      const aborted = new Promise<"aborted">((resolve) => {
        if (signal === undefined) return
        if (signal.aborted) resolve("aborted")
        signal.addEventListener("abort", () => resolve("aborted"), { once: true })
      })
      try {
        for (;;) {
          const next = await Promise.race([iterator.next(), aborted])
          if (next === "aborted" || next.done === true) return
          yield toPlain(next.value)
        }
      } finally {
        await iterator.return?.()
      }
    }
  })

  // pages one after the other, each a call; an abort ends the iteration
  const pages = (operation: Operation.Any, request: unknown, options?: PagesOptions): AsyncIterable<unknown> => ({
    async *[Symbol.asyncIterator]() {
      const direction = options?.direction ?? "later"
      let next = request
      for (;;) {
        if (options?.signal?.aborted) return
        let page: Record<string, unknown>
        try {
          page = (await call(operation, next, options)) as Record<string, unknown>
        } catch (error) {
          if (options?.signal?.aborted) return
          throw error
        }
        yield page
        next = { page: page[direction] }
      }
    }
  })

  const close = (): Promise<void> => (closed ??= runtime.dispose())
  const client: Record<string | symbol, unknown> = { close, [Symbol.asyncDispose]: close }
  for (const name of Object.keys(operations)) {
    const operation = operations[name]!
    // a request left out is the empty one (its type allows it only where every field is optional)
    client[name] = (request: unknown, callOptions?: CallOptions) => call(operation, request ?? {}, callOptions)
    if (operation.name === "trip") {
      client.tripPages = (request: unknown, pagesOptions?: PagesOptions) => pages(operation, request, pagesOptions)
    }
    if (operation.name === "departures") {
      client.refreshTrip = (trip: Plain<Trip.Trip>, options?: CallOptions & TripRefresh.RefreshOptions) =>
        runCall(
          Effect.flatMap(
            Effect.zip(OperationClient.OperationClient, Effect.promise(() => import("./TripRefresh.js"))),
            ([runner, TripRefresh]) =>
              TripRefresh.refresh(refreshWays(runner, operation, options), fromPlain<Trip.Trip>(trip), options)
          ),
          options?.signal
        )
      client.watchTrip = (
        options: { readonly trip: Plain<Trip.Trip>; readonly changeMinutes?: number | undefined },
        callOptions?: { readonly signal?: AbortSignal | undefined }
      ) => watchTrip(operation, options, callOptions?.signal)
    }
  }
  return client as Client<Operations>
}

/**
 * A client of every operation, with the settings of `EfaClient.layer`. Bad settings throw
 * `InvalidOptionsError` here.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createClient = (options: EfaClient.Options, runtimeOptions?: RuntimeOptions): EfaPromiseClient =>
  createClientFor(Operations.all, options, runtimeOptions) as unknown as EfaPromiseClient
