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
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as EfaClient from "./EfaClient.js"
import * as Derived from "./internal/client/derived.js"
import { fromInput, type Plain, toPlain } from "./internal/decode/plain.js"
import type * as Operation from "./Operation.js"
import * as OperationClient from "./OperationClient.js"
import * as Operations from "./Operations.js"
import type * as Pages from "./Pages.js"
import * as Profile from "./Profile.js"

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
 * The methods of the named operations, the calls made of them where the client has the operations they call
 * ({@link DerivedMethods}), and `close`.
 *
 * @since 0.1.0
 * @category models
 */
export type Client<Operations extends Record<string, Operation.Any>> =
  & Omit<OperationMethods<Operations>, DerivedNameOf<Operations>>
  & Pick<DerivedMethods, DerivedNameOf<Operations>>
  & {
    /** Releases the client; calls made afterwards reject. */
    readonly close: () => Promise<void>
  }
  & AsyncDisposeMember

/**
 * The Promise client's method of a derived call: its input as the Effect client takes it or as this client
 * answers it (a `Date` where the Effect client has a `DateTime`), its options with a `signal`, and a `Promise` (or,
 * for a stream, an async iterable) of plain values.
 *
 * @since 0.3.0
 * @category models
 */
export type DerivedMethod<D> = D extends Derived.StreamCall<any, infer I, infer O, infer A, any> ? (
    input: I | Plain<I>,
    options?: O & CallOptions
  ) => AsyncIterable<PlainResponse<A>>
  : D extends Derived.EffectCall<any, infer I, infer O, infer A, any> ? (
      input: I | Plain<I>,
      options?: O & CallOptions
    ) => Promise<PlainResponse<A>>
  : never

/**
 * The calls made of the operations (pages of trips and boards, board windows, the refresh of a trip, the
 * watches), by method name: one list with the Effect client's (`EfaClient.Service`), whose entries document both.
 *
 * @since 0.3.0
 * @category models
 */
export type DerivedMethods = { readonly [Name in keyof Derived.Derived]: DerivedMethod<Derived.Derived[Name]> }

/**
 * The derived calls a client of the named operations has: those whose operations it has.
 *
 * @since 0.3.0
 * @category models
 */
export type DerivedNameOf<Operations extends Record<string, Operation.Any>> = {
  [Name in Derived.Name]: NeedsOf<Derived.Derived[Name]> extends Operation.NameOf<Operations[keyof Operations]> ? Name
    : never
}[Derived.Name]

type NeedsOf<D> = D extends { readonly needs: ReadonlyArray<infer Needs> } ? Needs : never

// The methods of the named operations, each documented by its entry of the list.
type OperationMethods<Operations extends Record<string, Operation.Any>> = {
  readonly [Name in keyof Operations]: (
    ...args: OperationClient.RequestArgs<Operations[Name], CallOptions>
  ) => Promise<PlainResponse<Operation.ResponseOf<Operations[Name]>>>
}

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
 * take `{ page }` (see `Pages`); `departures` takes a `window`; `tripPages` iterates pages with `for await`;
 * `refreshTrip` brings a planned trip up to date; `watchTrip`, `watchDepartures` and `watchNotices` are async
 * iterables of changes.
 *
 * @since 0.1.0
 * @category models
 */
export interface EfaPromiseClient extends Client<typeof Operations.all> {}

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
    const program = Effect.flatMap(
      OperationClient.OperationClient,
      (runner) => runner.run(operation, request, callOptions)
    )
    return runtime.runPromiseExit(program, signal === undefined ? undefined : { signal }).then((exit) =>
      Exit.isSuccess(exit) ? toPlain(exit.value) : Promise.reject(rejection(exit.cause, signal))
    )
  }

  // the derived calls call the operations the client has, by name
  const byName = new Map(Object.values(operations).map((operation) => [operation.name as string, operation]))
  const has = (name: string) => byName.has(name)
  const callsOf = (runner: OperationClient.Service): Derived.Calls => ({
    call: (name, request, options) => {
      const operation = byName.get(name)
      return operation === undefined
        ? Effect.dieMessage(`${name}: not an operation of this client`)
        : runner.run<Operation.Any>(operation, request, options)
    },
    offers: (name) => has(name) && runner.offers?.(name) !== false,
    sessions: runner.sessions,
    pageKey: runner.pageKey
  })

  // a derived call that answers once: a call of the client, as an operation's is
  const once = <A, E>(
    make: (calls: Derived.Calls) => Effect.Effect<A, E>,
    signal: AbortSignal | undefined
  ): Promise<PlainResponse<A>> => {
    if (closed !== undefined) return Promise.reject(new Error("the client is closed"))
    if (signal?.aborted === true) return Promise.reject(abortReason(signal))
    const program = Effect.flatMap(OperationClient.OperationClient, (runner) => make(callsOf(runner)))
    return runtime.runPromiseExit(program, signal === undefined ? undefined : { signal }).then((exit) =>
      Exit.isSuccess(exit) ? toPlain(exit.value) : Promise.reject(rejection(exit.cause, signal))
    )
  }

  // a derived call that streams, as an async iterable: each pull a call of the client; an abort ends it (and
  // interrupts the pull in flight), a failure rejects with its tagged error
  const iterate = <A, E>(
    make: (calls: Derived.Calls) => Stream.Stream<A, E>,
    signal: AbortSignal | undefined
  ): AsyncIterable<PlainResponse<A>> => ({
    async *[Symbol.asyncIterator]() {
      const aborted = () => signal?.aborted === true
      if (closed !== undefined) throw new Error("the client is closed")
      if (aborted()) return
      // the scope of the pulls, closed when the iteration ends (by a `break` too)
      const scope = Effect.runSync(Scope.make())
      try {
        const pull = await runtime.runPromise(
          Scope.extend(
            Stream.toPull(
              Stream.unwrap(Effect.map(OperationClient.OperationClient, (runner) => make(callsOf(runner))))
            ),
            scope
          )
        )
        for (;;) {
          if (closed !== undefined) throw new Error("the client is closed")
          if (aborted()) return
          const exit = await runtime.runPromiseExit(pull, signal === undefined ? undefined : { signal })
          if (Exit.isSuccess(exit)) {
            for (const value of exit.value) {
              if (aborted()) return
              yield toPlain(value)
            }
            continue
          }
          if (aborted()) return
          // the pull fails with `None` at the end of the stream, with `Some(error)` on a failure
          const failure = Cause.failureOption(exit.cause)
          if (Option.isSome(failure) && Option.isOption(failure.value) && Option.isNone(failure.value)) return
          throw rejection(
            Cause.map(exit.cause, (error) => Option.isOption(error) ? Option.getOrUndefined(error) : error),
            signal
          )
        }
      } finally {
        await Effect.runPromise(Scope.close(scope, Exit.void))
      }
    }
  })

  const close = (): Promise<void> => (closed ??= runtime.dispose())
  const client: Record<string | symbol, unknown> = { close, [Symbol.asyncDispose]: close }
  for (const name of Object.keys(operations)) {
    const operation = operations[name]!
    // a request left out is the empty one (its type allows it only where every field is optional)
    client[name] = (request: unknown, callOptions?: CallOptions) => call(operation, request ?? {}, callOptions)
  }
  // the derived calls of the operations the client has (see `DerivedMethods`)
  const derived: Record<string, Derived.Any> = Derived.derived
  for (const [name, entry] of Object.entries(derived)) {
    if (!entry.needs.every(has)) continue
    client[name] = entry._tag === "Effect"
      ? (input: unknown, options?: CallOptions) =>
        once((calls) => entry.method(calls)(fromInput(input), options), options?.signal)
      : (input: unknown, options?: CallOptions) =>
        iterate((calls) => entry.method(calls)(fromInput(input), options), options?.signal)
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
  createClientFor(Operations.all, options, runtimeOptions)
