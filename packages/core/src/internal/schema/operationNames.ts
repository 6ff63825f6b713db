// The names of the client's operations and the contract's path of each: the one thing about an operation that
// modules below the list need (the profile table, the deployment, the dialect), in a module that imports
// nothing, so that none of them imports the operations (no import loop, no codec in a profile's bundle).
// The list of operations (`Operations.all`) is held to these names by the compiler; each operation's descriptor
// takes its path from here.

// The coordinate search and its vehicle-detail mode share one path.
const COORD_REQUEST = "XML_COORD_REQUEST"

/**
 * The path of each operation below a deployment's base URL, as the contract names it, by method name.
 *
 * @internal
 */
export const contractPaths = {
  trip: "XML_TRIP_REQUEST2",
  coordInfo: COORD_REQUEST,
  vehicleDetail: COORD_REQUEST,
  stopFinder: "XML_STOPFINDER_REQUEST",
  servingLines: "XML_SERVINGLINES_REQUEST",
  addInfo: "XML_ADDINFO_REQUEST",
  opArea: "XML_OPAREA_REQUEST",
  geoObject: "XML_GEOOBJECT_REQUEST",
  departures: "XML_DM_REQUEST",
  tripStops: "XML_STOPSEQCOORD_REQUEST",
  systemInfo: "XML_SYSTEMINFO_REQUEST",
  lines: "XML_LINELIST_REQUEST",
  lineStops: "XML_LINESTOP_REQUEST",
  stops: "XML_STOPLIST_REQUEST",
  realtimeForTrip: "XML_GETRTFORTRIP_REQUEST"
} as const

/**
 * The method names of the client's operations.
 *
 * @internal
 */
export type OperationName = keyof typeof contractPaths

/**
 * The operations a deployment with a profile offers only where its profile lists them (`Profile.operations`):
 * those no public deployment is known to answer in JSON. Without a profile (the fake, a deployment of one's
 * own) every operation is offered.
 *
 * @internal
 */
const listedOnly: ReadonlyArray<OperationName> = ["realtimeForTrip"]

/**
 * Whether a deployment offers an operation: its profile's list where it has one, else every operation but
 * those it must list ({@link listedOnly}); without a profile, every operation.
 *
 * @internal
 */
export const isOffered = (
  profile: { readonly operations?: ReadonlyArray<OperationName> | undefined } | undefined,
  operation: OperationName
): boolean =>
  profile === undefined
    ? true
    : profile.operations === undefined
    ? !listedOnly.includes(operation)
    : profile.operations.includes(operation)

/**
 * The dialects a client speaks.
 *
 * @internal
 */
export type DialectName = "contract" | "rapidJSON"
