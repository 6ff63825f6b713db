/**
 * @since 0.1.0
 */

/**
 * @since 0.1.0
 */
export * as AddInfo from "./internal/lazy/AddInfo.js"

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
export * as CoordInfo from "./internal/lazy/CoordInfo.js"

/**
 * @since 0.1.0
 */
export * as Departures from "./internal/lazy/Departures.js"

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
export * as GeoObject from "./internal/lazy/GeoObject.js"

/**
 * @since 0.1.0
 */
export * as Lines from "./internal/lazy/Lines.js"

/**
 * @since 0.1.0
 */
export * as LineStops from "./internal/lazy/LineStops.js"

/**
 * @since 0.3.0
 */
export * as Stops from "./internal/lazy/Stops.js"

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
export * as OpArea from "./internal/lazy/OpArea.js"

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
export * as Pages from "./internal/lazy/Pages.js"

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
export * as Profile from "./internal/lazy/Profile.js"

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
export * as RealtimeForTrip from "./internal/lazy/RealtimeForTrip.js"

/**
 * @since 0.1.0
 */
export * as ResponseCache from "./ResponseCache.js"

/**
 * @since 0.1.0
 */
export * as ServingLines from "./internal/lazy/ServingLines.js"

/**
 * @since 0.1.0
 */
export * as SharedStore from "./SharedStore.js"

/**
 * @since 0.1.0
 */
export * as StopFinder from "./internal/lazy/StopFinder.js"

/**
 * @since 0.1.0
 */
export * as SystemInfo from "./internal/lazy/SystemInfo.js"

/**
 * @since 0.1.0
 */
export * as SystemMessage from "./SystemMessage.js"

/**
 * @since 0.1.0
 */
export * as Trip from "./internal/lazy/Trip.js"

/**
 * @since 0.1.0
 */
export * as TripRefresh from "./internal/lazy/TripRefresh.js"

/**
 * @since 0.1.0
 */
export * as TripStops from "./internal/lazy/TripStops.js"

/**
 * @since 0.1.0
 */
export * as TripWatch from "./TripWatch.js"

/**
 * @since 0.1.0
 */
export * as VehicleDetail from "./internal/lazy/VehicleDetail.js"
