import type { OperationName } from "../EfaClient.js"

// The coordinate search and its vehicle-detail mode share one path.
const COORD_REQUEST = "XML_COORD_REQUEST"

/**
 * The path of each operation below a deployment's base URL, by method name, written once. Apart from the
 * operation modules, so that the profile table knows the paths without bundling any codec.
 *
 * @internal
 */
export const paths = {
  trip: "XML_TRIP_REQUEST2",
  coordInfo: COORD_REQUEST,
  vehicleDetail: COORD_REQUEST,
  stopFinder: "XML_STOPFINDER_REQUEST",
  servingLines: "XML_SERVINGLINES_REQUEST",
  addInfo: "XML_ADDINFO_REQUEST",
  opArea: "XML_OPAREA_REQUEST",
  geoObject: "XML_GEOOBJECT_REQUEST"
} as const satisfies Record<OperationName, string>
