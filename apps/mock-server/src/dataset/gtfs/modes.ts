/**
 * GTFS `route_type` to the fake's MOT-IDs (`Mot.Mot`): the basic types 0..12 and the extended (Hierarchical
 * Vehicle Type) ones by their hundreds, with the products the answers name beside the line number. A
 * deployment profile with its own product classes reads the MOT-IDs through its class table as it does for
 * every dataset.
 *
 * @since 0.1.0
 */
import { Mot } from "@efa-kit/core"

const { Mot: M } = Mot

const BASIC: Readonly<Record<number, number>> = {
  0: M.Tram,
  1: M.UBahn,
  2: M.Train,
  3: M.CityBus,
  4: M.Ferry,
  5: M.Tram,
  6: M.CableCar,
  7: M.CableCar,
  11: M.CityBus,
  12: M.Other
}

// extended types named one by one; the others take their group's (the hundreds) below
const EXTENDED: Readonly<Record<number, number>> = {
  101: M.HighSpeedTrain,
  102: M.InterCity,
  103: M.NationalTrain,
  105: M.NationalTrain,
  106: M.RegionalTrain,
  108: M.ShuttleTrain,
  109: M.SBahn,
  116: M.CableCar,
  204: M.RegionalBus,
  401: M.UBahn,
  402: M.UBahn,
  403: M.Stadtbahn,
  701: M.RegionalBus,
  702: M.ExpressBus,
  714: M.RailReplacementBus,
  715: M.OnDemandBus,
  1501: M.OnDemandTaxi
}

const GROUPS: Readonly<Record<number, number>> = {
  1: M.Train,
  2: M.LongDistanceCoach,
  3: M.SBahn,
  4: M.UBahn,
  5: M.UBahn,
  6: M.UBahn,
  7: M.CityBus,
  8: M.CityBus,
  9: M.Tram,
  10: M.Ferry,
  11: M.Aeroplane,
  12: M.Ferry,
  13: M.CableCar,
  14: M.CableCar,
  15: M.OnDemandTaxi,
  17: M.Other
}

/**
 * The MOT-ID of a `route_type`; undefined for a type GTFS does not define.
 *
 * @since 0.1.0
 * @category modes
 */
export const motOfRouteType = (routeType: number): number | undefined =>
  routeType < 100 ? BASIC[routeType] : EXTENDED[routeType] ?? GROUPS[Math.floor(routeType / 100)]

const PRODUCTS: Readonly<Record<number, string>> = {
  [M.Train]: "Zug",
  [M.SBahn]: "S-Bahn",
  [M.UBahn]: "U-Bahn",
  [M.Stadtbahn]: "Stadtbahn",
  [M.Tram]: "Straßenbahn",
  [M.CityBus]: "Bus",
  [M.RegionalBus]: "Regionalbus",
  [M.ExpressBus]: "Schnellbus",
  [M.CableCar]: "Seilbahn",
  [M.Ferry]: "Fähre",
  [M.OnDemandTaxi]: "Ruftaxi",
  [M.Other]: "Sonstige",
  [M.Aeroplane]: "Flugzeug",
  [M.RegionalTrain]: "Regionalzug",
  [M.NationalTrain]: "Fernzug",
  [M.InterCity]: "InterCity",
  [M.HighSpeedTrain]: "ICE",
  [M.RailReplacementBus]: "Schienenersatzverkehr",
  [M.ShuttleTrain]: "Shuttlezug",
  [M.OnDemandBus]: "Rufbus",
  [M.LongDistanceCoach]: "Fernbus"
}

/**
 * The product a MOT-ID is shown as (`Bus`, `S-Bahn`), in German for a feed in German (`de`, `de-AT`...), else in
 * English (`Metro`, `Suburban Railway`).
 *
 * @since 0.1.0
 * @category modes
 */
export const productOf = (mot: number, language = "de"): string =>
  isGerman(language) ? PRODUCTS[mot] ?? "Sonstige" : ENGLISH[mot] ?? "Other"

const isGerman = (language: string): boolean => /^de(-|$)/i.test(language)

// the products in English, for a feed in any language but German
const ENGLISH: Readonly<Record<number, string>> = {
  [M.Train]: "Train",
  [M.SBahn]: "Suburban Railway",
  [M.UBahn]: "Metro",
  [M.Stadtbahn]: "Light Rail",
  [M.Tram]: "Tram",
  [M.CityBus]: "Bus",
  [M.RegionalBus]: "Regional Bus",
  [M.ExpressBus]: "Express Bus",
  [M.CableCar]: "Cable Car",
  [M.Ferry]: "Ferry",
  [M.OnDemandTaxi]: "Taxi on Demand",
  [M.Other]: "Other",
  [M.Aeroplane]: "Plane",
  [M.RegionalTrain]: "Regional Train",
  [M.NationalTrain]: "Long-distance Train",
  [M.InterCity]: "InterCity",
  [M.HighSpeedTrain]: "High-speed Train",
  [M.RailReplacementBus]: "Rail Replacement Bus",
  [M.ShuttleTrain]: "Shuttle Train",
  [M.OnDemandBus]: "Bus on Demand",
  [M.LongDistanceCoach]: "Coach"
}
