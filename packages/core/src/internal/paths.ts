/**
 * The path of each operation below a deployment's base URL, written once: the coordinate search and
 * its vehicle-detail mode share one.
 *
 * @internal
 */
export const paths = {
  trip: "XML_TRIP_REQUEST2",
  coordInfo: "XML_COORD_REQUEST",
  stopFinder: "XML_STOPFINDER_REQUEST",
  servingLines: "XML_SERVINGLINES_REQUEST",
  addInfo: "XML_ADDINFO_REQUEST",
  opArea: "XML_OPAREA_REQUEST",
  geoObject: "XML_GEOOBJECT_REQUEST"
} as const
