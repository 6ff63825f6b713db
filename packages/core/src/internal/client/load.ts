// Each operation of the list, loaded on its first use by a dynamic `import()`: a bundler that splits code puts
// each operation's codecs in a chunk of their own, which a program loads when it first calls that operation.
// This module names the operations' modules only in `import()`, never in a static import.
//
// esbuild's code splitting keeps in the main chunk a module that another chunk loads on demand as soon as a
// module of the main chunk imports it statically, whether the program uses it or not. The index imports
// every module; it names the modules loaded here (and `Profile`, which the client loads on demand) through
// the one-line modules of `./lazy/`, which import nothing into a bundle that does not use them.
import * as Effect from "effect/Effect"
import type * as List from "../../Operations.js"
import type { OperationName } from "../schema/operationNames.js"

type Operations = typeof List.all

const loaders: { readonly [Name in OperationName]: () => Promise<Operations[Name]> } = {
  trip: () => import("../../Trip.js").then((module) => module.operation),
  coordInfo: () => import("../../CoordInfo.js").then((module) => module.operation),
  vehicleDetail: () => import("../../VehicleDetail.js").then((module) => module.operation),
  stopFinder: () => import("../../StopFinder.js").then((module) => module.operation),
  servingLines: () => import("../../ServingLines.js").then((module) => module.operation),
  addInfo: () => import("../../AddInfo.js").then((module) => module.operation),
  opArea: () => import("../../OpArea.js").then((module) => module.operation),
  geoObject: () => import("../../GeoObject.js").then((module) => module.operation),
  departures: () => import("../../Departures.js").then((module) => module.operation),
  tripStops: () => import("../../TripStops.js").then((module) => module.operation),
  systemInfo: () => import("../../SystemInfo.js").then((module) => module.operation),
  lines: () => import("../../Lines.js").then((module) => module.operation),
  lineStops: () => import("../../LineStops.js").then((module) => module.operation),
  stops: () => import("../../Stops.js").then((module) => module.operation),
  realtimeForTrip: () => import("../../RealtimeForTrip.js").then((module) => module.operation)
}

// What is loaded already, by name: a call after the first runs without waiting a turn for the import.
const loaded: { [Name in OperationName]?: Operations[Name] } = {}

/**
 * The descriptor of an operation, loaded on first use and kept.
 *
 * @internal
 */
export const load = <Name extends OperationName>(name: Name): Effect.Effect<Operations[Name]> => {
  const known = loaded[name]
  return known !== undefined
    ? Effect.succeed(known)
    : Effect.map(Effect.promise(loaders[name]), (operation) => (loaded[name] = operation))
}

/**
 * Runs `f` with an operation's descriptor: at once when it is loaded, else once it is.
 *
 * @internal
 */
export const withOperation = <Name extends OperationName, A, E>(
  name: Name,
  f: (operation: Operations[Name]) => Effect.Effect<A, E>
): Effect.Effect<A, E> => {
  const known = loaded[name]
  return known !== undefined ? f(known) : Effect.flatMap(load(name), f)
}
