// The derived calls: the clients' methods made of their operations' calls rather than of one request (pages of
// trips and boards, board windows, the refresh of a trip, the watches). One list, `derived`, that both clients map
// over, as they map over the list of operations: the Effect client's methods (`EfaClient.Service`) and the Promise
// client's (`createClient`; `createClientFor` where it has the operations an entry `needs`) are made from its
// entries, their types are mapped from them, and the comment of an entry is the documentation of both methods.
//
// Each entry names its module only in a dynamic `import()` (and as types): the module loads with the method's first
// call, so that a program that does not call it does not bundle it (see `./load.ts`).
import * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import type * as Operation from "../../Operation.js"
import type * as OperationClient from "../../OperationClient.js"
import type { all as operations } from "../../Operations.js"
import type * as Pages from "../../Pages.js"
import type * as Trip from "../../Trip.js"
import type * as TripRefresh from "../../TripRefresh.js"
import type { OperationName } from "../schema/operationNames.js"
import type * as Board from "../watch/board.js"
import type * as Notices from "../watch/notices.js"

type Operations = typeof operations

/**
 * What a derived call is made of: the client's calls of its operations, and what the deployment offers.
 *
 * @internal
 */
export interface Calls {
  /** Calls an operation as the client's method of that operation does. */
  readonly call: <Name extends OperationName>(
    name: Name,
    request: Operation.InputOf<Operations[Name]>,
    options?: OperationClient.CallOptions
  ) => Effect.Effect<Operation.ResponseOf<Operations[Name]>, Operation.ErrorOf<Operations[Name]>>
  /** Whether the client has the operation and the deployment offers it (see `Profile.offers`). */
  readonly offers: (name: OperationName) => boolean
  /** Whether the deployment keeps sessions to page in (its profile's `sessions`). */
  readonly sessions: boolean | undefined
  /** The key page references are signed with (the client's `pageKey`). */
  readonly pageKey: Redacted.Redacted<string> | undefined
}

/**
 * A derived call that answers once: its method gives an `Effect` (the Promise client's a `Promise`).
 *
 * @internal
 */
export interface EffectCall<Needs extends OperationName, I, O, A, E> {
  readonly _tag: "Effect"
  /** The operations it calls: a Promise client without them has no such method. */
  readonly needs: ReadonlyArray<Needs>
  /** The client's method on its calls; the module loads with the first call. */
  readonly method: (calls: Calls) => (input: I, options?: O) => Effect.Effect<A, E>
}

/**
 * A derived call that streams: its method gives a `Stream` (the Promise client's an async iterable).
 *
 * @internal
 */
export interface StreamCall<Needs extends OperationName, I, O, A, E> {
  readonly _tag: "Stream"
  /** The operations it calls: a Promise client without them has no such method. */
  readonly needs: ReadonlyArray<Needs>
  /** The client's method on its calls; the module loads with the first pull. */
  readonly method: (calls: Calls) => (input: I, options?: O) => Stream.Stream<A, E>
}

/**
 * Any derived call.
 *
 * @internal
 */
export type Any = EffectCall<OperationName, any, any, any, any> | StreamCall<OperationName, any, any, any, any>

/**
 * A derived call that answers once, from its module (loaded on the first call) and how it is made of the calls.
 *
 * @internal
 */
const effect = <Module, const Needs extends OperationName, I, O extends OperationClient.CallOptions, A, E>(
  entry: {
    readonly needs: ReadonlyArray<Needs>
    readonly load: () => Promise<Module>
    readonly make: (module: Module, calls: Calls) => (input: I, options?: O) => Effect.Effect<A, E>
  }
): EffectCall<Needs, I, O, A, E> => {
  const load = Effect.promise(entry.load)
  return {
    _tag: "Effect",
    needs: entry.needs,
    method: (calls) => (input, options) => Effect.flatMap(load, (module) => entry.make(module, calls)(input, options))
  }
}

/**
 * A derived call that streams, from its module (loaded on the first pull) and how it is made of the calls.
 *
 * @internal
 */
const stream = <Module, const Needs extends OperationName, I, O extends OperationClient.CallOptions, A, E>(
  entry: {
    readonly needs: ReadonlyArray<Needs>
    readonly load: () => Promise<Module>
    readonly make: (module: Module, calls: Calls) => (input: I, options?: O) => Stream.Stream<A, E>
  }
): StreamCall<Needs, I, O, A, E> => {
  const load = Effect.promise(entry.load)
  return {
    _tag: "Stream",
    needs: entry.needs,
    method: (calls) => (input, options) =>
      Stream.unwrap(Effect.map(load, (module) => entry.make(module, calls)(input, options)))
  }
}

const pages = () => import("../../Pages.js")
const tripRefresh = () => import("../../TripRefresh.js")

// the calls a refresh of a trip asks (see `TripRefresh`): the boards, and the run's stops and the real time of the
// whole trip where the client has those operations and the deployment offers them
const refreshWays = (calls: Calls, options: OperationClient.CallOptions | undefined): TripRefresh.Ways<
  Operation.ErrorOf<Operations["departures" | "tripStops" | "realtimeForTrip"]>
> => ({
  boards: (input) => calls.call("departures", input, options),
  tripStops: calls.offers("tripStops") ? (input) => calls.call("tripStops", input, options) : undefined,
  realtimeForTrip: calls.offers("realtimeForTrip")
    ? (input) => calls.call("realtimeForTrip", input, options)
    : undefined
})

/**
 * Every derived call, by method name: the one list both clients' derived methods, their types and their
 * documentation (the comment of an entry) are made from.
 *
 * @internal
 */
export const derived = {
  /**
   * Plans trips between two points, or asks for the page an `earlier` / `later` reference points to; every
   * answer carries both references (see `Pages`).
   */
  trip: effect({
    needs: ["trip"],
    load: pages,
    make:
      (Pages, calls) => (request: Trip.TripRequestInput | Pages.PageRequest, options?: OperationClient.CallOptions) =>
        Pages.trip((input) => calls.call("trip", input, options), request, calls)
  }),
  /**
   * The pages of trips from a request or a reference on, one way (`direction`, default: later), as long as it is
   * pulled (the Promise client's: iterated with `for await`, until `signal` aborts).
   */
  tripPages: stream({
    needs: ["trip"],
    load: pages,
    make: (Pages, calls) =>
    (
      request: Trip.TripRequestInput | Pages.PageRequest,
      options?: { readonly direction?: Pages.Direction | undefined } & OperationClient.CallOptions
    ) =>
      Pages.tripPages((input) => calls.call("trip", input, options), request, {
        direction: options?.direction,
        sessions: calls.sessions,
        pageKey: calls.pageKey
      })
  }),
  /**
   * The departure or arrival board of a stop, with real-time estimates, platforms and cancellations; over a
   * time window (`window: "60 minutes"`) in as many pages as it needs, or the page a reference points to.
   * Every answer carries `earlier` and `later` references (see `Pages`).
   */
  departures: effect({
    needs: ["departures"],
    load: pages,
    make: (Pages, calls) => (request: Pages.BoardRequest | Pages.PageRequest, options?: OperationClient.CallOptions) =>
      Pages.departures((input) => calls.call("departures", input, options), request, calls)
  }),
  /**
   * A planned trip with today's estimates, platforms and cancellations, and the list of what changed (see
   * `TripRefresh`).
   */
  refreshTrip: effect({
    needs: ["departures"],
    load: tripRefresh,
    make:
      (TripRefresh, calls) => (trip: Trip.Trip, options?: TripRefresh.RefreshOptions & OperationClient.CallOptions) =>
        TripRefresh.refresh(refreshWays(calls, options), trip, options)
  }),
  /**
   * The changes of a planned trip until it arrives (see `TripWatch`): refreshes it on a schedule and ends with
   * `Arrived` (the Promise client's: an async iterable, which also ends when `signal` aborts).
   */
  watchTrip: stream({
    needs: ["departures"],
    load: tripRefresh,
    make: (TripRefresh, calls) => (options: TripRefresh.WatchWithOptions, callOptions?: OperationClient.CallOptions) =>
      TripRefresh.watchWith(
        (trip, refreshOptions) => TripRefresh.refresh(refreshWays(calls, callOptions), trip, refreshOptions),
        options
      )
  }),
  /**
   * The changes of a board, polled on a schedule (see `DepartureWatch`; the Promise client's: an async iterable,
   * until `signal` aborts).
   */
  watchDepartures: stream({
    needs: ["departures"],
    load: () => import("../watch/board.js"),
    make: (Board, calls) => (options: Board.WatchOptions, callOptions?: OperationClient.CallOptions) =>
      Board.watch((request) => calls.call("departures", request, callOptions), options)
  }),
  /**
   * The changes of the service notices, polled on a schedule (see `NoticeWatch`; the Promise client's: an async
   * iterable, until `signal` aborts).
   */
  watchNotices: stream({
    needs: ["addInfo"],
    load: () => import("../watch/notices.js"),
    make: (Notices, calls) => (options: Notices.WatchOptions, callOptions?: OperationClient.CallOptions) =>
      Notices.watch((request) => calls.call("addInfo", request, callOptions), options)
  })
} as const

/**
 * The derived calls' list.
 *
 * @internal
 */
export type Derived = typeof derived

/**
 * The method names of the derived calls.
 *
 * @internal
 */
export type Name = keyof Derived

/**
 * The Effect client's method of a derived call.
 *
 * @internal
 */
export type MethodOf<D> = D extends { readonly method: (calls: Calls) => infer Method } ? Method : never

/**
 * The Effect client's methods of the derived calls, by name, each documented by its entry.
 *
 * @internal
 */
export type Methods = { readonly [K in keyof Derived]: MethodOf<Derived[K]> }

/**
 * The Effect client's methods of the derived calls on its calls.
 *
 * @internal
 */
export const methods = (calls: Calls): Methods =>
  Object.fromEntries(Object.entries(derived).map(([name, entry]) => [name, entry.method(calls)])) as Methods
