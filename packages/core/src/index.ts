/**
 * @since 0.1.0
 */

/**
 * @since 0.1.0
 */
export * as AddInfo from "./internal/client/lazy/AddInfo.js"

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
export * as CoordInfo from "./internal/client/lazy/CoordInfo.js"

/**
 * @since 0.1.0
 */
export * as Departures from "./internal/client/lazy/Departures.js"

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
export * as GeoObject from "./internal/client/lazy/GeoObject.js"

/**
 * @since 0.1.0
 */
export * as Lines from "./internal/client/lazy/Lines.js"

/**
 * @since 0.1.0
 */
export * as LineStops from "./internal/client/lazy/LineStops.js"

/**
 * @since 0.3.0
 */
export * as Stops from "./internal/client/lazy/Stops.js"

/**
 * @since 0.4.0
 */
export * as LineId from "./LineId.js"

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
export * as OpArea from "./internal/client/lazy/OpArea.js"

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
export * as Pages from "./internal/client/lazy/Pages.js"

/**
 * @since 0.1.0
 */
export * as Operation from "./Operation.js"

/**
 * @since 0.4.0
 */
export * as Operations from "./internal/client/lazy/Operations.js"

/**
 * @since 0.1.0
 */
export * as OperationClient from "./OperationClient.js"

/**
 * @since 0.1.0
 */
export * as Profile from "./internal/client/lazy/Profile.js"

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
export * as RealtimeForTrip from "./internal/client/lazy/RealtimeForTrip.js"

/**
 * @since 0.1.0
 */
export * as ResponseCache from "./ResponseCache.js"

/**
 * @since 0.1.0
 */
export * as ServingLines from "./internal/client/lazy/ServingLines.js"

/**
 * @since 0.1.0
 */
export * as SharedStore from "./SharedStore.js"

/**
 * @since 0.1.0
 */
export * as StopFinder from "./internal/client/lazy/StopFinder.js"

/**
 * @since 0.1.0
 */
export * as SystemInfo from "./internal/client/lazy/SystemInfo.js"

/**
 * @since 0.1.0
 */
export * as SystemMessage from "./SystemMessage.js"

/**
 * @since 0.1.0
 */
export * as Trip from "./internal/client/lazy/Trip.js"

/**
 * @since 0.1.0
 */
export * as TripRefresh from "./internal/client/lazy/TripRefresh.js"

/**
 * @since 0.1.0
 */
export * as TripStops from "./internal/client/lazy/TripStops.js"

/**
 * @since 0.1.0
 */
export * as TripWatch from "./TripWatch.js"

/**
 * @since 0.1.0
 */
export * as VehicleDetail from "./internal/client/lazy/VehicleDetail.js"

/**
 * @since 0.3.0
 */
export * as Watch from "./Watch.js"
