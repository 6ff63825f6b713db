/**
 * @since 0.1.0
 */

/**
 * @since 0.1.0
 */
export * as AddInfo from "./AddInfo.js"

/**
 * @since 0.1.0
 */
export * as Bitmask from "./Bitmask.js"

/**
 * @since 0.1.0
 */
export * as Coord from "./Coord.js"

/**
 * @since 0.1.0
 */
export * as CoordInfo from "./CoordInfo.js"

/**
 * @since 0.1.0
 */
export * as Departures from "./Departures.js"

/**
 * @since 0.1.0
 */
export * as DepartureWatch from "./DepartureWatch.js"

/**
 * @since 0.1.0
 */
export * as Dialect from "./Dialect.js"

/**
 * @since 0.1.0
 */
export * as EfaClient from "./EfaClient.js"

/**
 * @since 0.1.0
 */
export * as EfaError from "./EfaError.js"

/**
 * @since 0.1.0
 */
export * as GeoJson from "./GeoJson.js"

/**
 * @since 0.1.0
 */
export * as GeoObject from "./GeoObject.js"

/**
 * @since 0.1.0
 */
export * as Lines from "./Lines.js"

/**
 * @since 0.1.0
 */
export * as LineStops from "./LineStops.js"

/**
 * @since 0.3.0
 */
export * as Stops from "./Stops.js"

/**
 * @since 0.1.0
 */
export * as LocalDateTime from "./LocalDateTime.js"

/**
 * @since 0.1.0
 */
export * as Mot from "./Mot.js"

/**
 * @since 0.1.0
 */
export * as Occupancy from "./Occupancy.js"

/**
 * @since 0.1.0
 */
export * as OpArea from "./OpArea.js"

/**
 * @since 0.1.0
 */
export * as NoticeWatch from "./NoticeWatch.js"

/**
 * @since 0.1.0
 */
export * as OpenApi from "./OpenApi.js"

/**
 * @since 0.1.0
 */
export * as Pages from "./Pages.js"

/**
 * @since 0.1.0
 */
export * as Operation from "./Operation.js"

/**
 * @since 0.1.0
 */
export * as OperationClient from "./OperationClient.js"

/**
 * @since 0.1.0
 */
export * as Profile from "./Profile.js"

/**
 * @since 0.1.0
 */
export * as Point from "./Point.js"

/**
 * @since 0.1.0
 */
export * as RapidJson from "./RapidJson.js"

/**
 * @since 0.1.0
 */
export * as RealtimeForTrip from "./RealtimeForTrip.js"

/**
 * @since 0.1.0
 */
export * as ResponseCache from "./ResponseCache.js"

/**
 * @since 0.1.0
 */
export * as ServingLines from "./ServingLines.js"

/**
 * @since 0.1.0
 */
export * as SharedStore from "./SharedStore.js"

/**
 * @since 0.1.0
 */
export * as StopFinder from "./StopFinder.js"

/**
 * @since 0.1.0
 */
export * as SystemInfo from "./SystemInfo.js"

/**
 * @since 0.1.0
 */
export * as SystemMessage from "./SystemMessage.js"

/**
 * @since 0.1.0
 */
export * as Trip from "./Trip.js"

/**
 * @since 0.1.0
 */
export * as TripRefresh from "./TripRefresh.js"

/**
 * @since 0.1.0
 */
export * as TripStops from "./TripStops.js"

/**
 * @since 0.1.0
 */
export * as TripWatch from "./TripWatch.js"

/**
 * @since 0.1.0
 */
export * as VehicleDetail from "./VehicleDetail.js"
