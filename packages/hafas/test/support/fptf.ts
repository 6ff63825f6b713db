// FPTF validation of every answer: validate-fptf's validators (FPTF 1.2.1) where they hold for FPTF 2 as
// hafas-client writes it (locations, lines, operators, dates, modes, references), and validators of our own in
// the same form for what changed or what validate-fptf has none for: stops without a station, stopovers without
// `type`, journeys without `id`, legs with negative delays, walking legs, polylines, departures and arrivals,
// trips, remarks. Every stop must have its location.
import { strict as assert } from "node:assert"
import createValidate from "validate-fptf"

type Val = Record<string, (val: Val, value: any, name: string) => void>

const defaults = createValidate.defaultValidators

const isField = (object: any, field: string) => object[field] !== null && object[field] !== undefined

const optionalString = (value: unknown, name: string) => {
  if (value === undefined) return
  assert.strictEqual(typeof value, "string", `${name} must be a string`)
  assert.ok((value as string).length > 0, `${name} can't be empty`)
}

const optionalNumber = (value: unknown, name: string) => {
  if (value === undefined) return
  assert.ok(typeof value === "number" && Number.isFinite(value), `${name} must be a finite number`)
}

// an ISO 8601 time with an explicit offset, as hafas-client writes
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/
const time = (val: Val, value: unknown, name: string) => {
  defaults.date!(val as never, value, name)
  assert.match(value as string, OFFSET_TIME, `${name} must be an ISO 8601 time with the offset`)
}
const optionalTime = (val: Val, value: unknown, name: string) => {
  if (value !== undefined) time(val, value, name)
}

const products = (_val: Val, value: unknown, name: string) => {
  if (value === undefined) return
  assert.ok(typeof value === "object" && value !== null, `${name} must be an object`)
  for (const [id, on] of Object.entries(value)) {
    assert.strictEqual(typeof on, "boolean", `${name}.${id} must be a boolean`)
  }
}

const stop = (val: Val, value: any, name: string) => {
  defaults.item!(val as never, value, name)
  assert.strictEqual(value.type, "stop", `${name}.type must be stop`)
  assert.ok(typeof value.name === "string" && value.name.length > 0, `${name}.name must be a non-empty string`)
  assert.ok(isField(value, "location"), `${name}.location is missing`)
  defaults.location!(val as never, value.location, `${name}.location`)
  products(val, value.products, `${name}.products`)
  optionalNumber(value.distance, `${name}.distance`)
}

const remark = (_val: Val, value: any, name: string) => {
  assert.ok(["hint", "warning", "status"].includes(value.type), `${name}.type must be hint, warning or status`)
  assert.strictEqual(typeof value.text, "string", `${name}.text must be a string`)
  optionalString(value.summary, `${name}.summary`)
}

const remarks = (val: Val, value: unknown, name: string) => {
  if (value === undefined) return
  assert.ok(Array.isArray(value), `${name} must be an array`)
  value.forEach((item, i) => remark(val, item, `${name}[${i}]`))
}

const side = (val: Val, value: any, name: string, which: "arrival" | "departure") => {
  const planned = `planned${which[0]!.toUpperCase()}${which.slice(1)}`
  optionalTime(val, value[which], `${name}.${which}`)
  optionalTime(val, value[planned], `${name}.${planned}`)
  optionalNumber(value[`${which}Delay`], `${name}.${which}Delay`)
  optionalString(value[`${which}Platform`], `${name}.${which}Platform`)
  optionalString(value[`${planned}Platform`], `${name}.${planned}Platform`)
  if (value[which] !== undefined && value[planned] !== undefined && value[`${which}Delay`] !== undefined) {
    assert.strictEqual(
      (Date.parse(value[which]) - Date.parse(value[planned])) / 1000,
      value[`${which}Delay`],
      `${name}.${which}Delay must be the seconds between ${planned} and ${which}`
    )
  }
  if (value.cancelled !== true) {
    assert.ok(value[which] === undefined || value[planned] !== undefined, `${name}.${planned} is missing`)
  }
}

const stopover = (val: Val, value: any, name: string) => {
  assert.ok(typeof value === "object" && value !== null, `${name} must be an object`)
  stop(val, value.stop, `${name}.stop`)
  side(val, value, name, "arrival")
  side(val, value, name, "departure")
  assert.ok(value.plannedArrival !== undefined || value.plannedDeparture !== undefined, `${name} has no time`)
  remarks(val, value.remarks, `${name}.remarks`)
}

const polyline = (_val: Val, value: any, name: string) => {
  assert.strictEqual(value.type, "FeatureCollection", `${name}.type must be FeatureCollection`)
  assert.ok(Array.isArray(value.features) && value.features.length > 0, `${name}.features must be a non-empty array`)
  value.features.forEach((feature: any, i: number) => {
    assert.strictEqual(feature.type, "Feature", `${name}.features[${i}].type must be Feature`)
    assert.strictEqual(feature.geometry.type, "Point", `${name}.features[${i}].geometry.type must be Point`)
    const [lon, lat] = feature.geometry.coordinates
    assert.ok(Math.abs(lat) <= 90 && Math.abs(lon) <= 180, `${name}.features[${i}] must be WGS 84`)
  })
}

const place = (val: Val, value: any, name: string) =>
  value?.type === "stop" ? stop(val, value, name) : defaults.location!(val as never, value, name)

const journeyLeg = (val: Val, value: any, name: string) => {
  assert.ok(typeof value === "object" && value !== null, `${name} must be an object`)
  place(val, value.origin, `${name}.origin`)
  place(val, value.destination, `${name}.destination`)
  time(val, value.plannedDeparture, `${name}.plannedDeparture`)
  time(val, value.plannedArrival, `${name}.plannedArrival`)
  side(val, value, name, "departure")
  side(val, value, name, "arrival")
  if (value.cancelled !== true) {
    time(val, value.departure, `${name}.departure`)
    time(val, value.arrival, `${name}.arrival`)
  }
  if (value.walking === true) {
    assert.strictEqual(value.line, undefined, `${name}: a walking leg has no line`)
    optionalNumber(value.distance, `${name}.distance`)
  } else {
    defaults.line!(val as never, value.line, `${name}.line`)
    assert.strictEqual(typeof value.line.product, "string", `${name}.line.product must be a string`)
    optionalString(value.direction, `${name}.direction`)
    optionalString(value.tripId, `${name}.tripId`)
  }
  if (value.stopovers !== undefined) {
    assert.ok(Array.isArray(value.stopovers), `${name}.stopovers must be an array`)
    value.stopovers.forEach((item: any, i: number) => stopover(val, item, `${name}.stopovers[${i}]`))
  }
  if (value.polyline !== undefined) polyline(val, value.polyline, `${name}.polyline`)
  remarks(val, value.remarks, `${name}.remarks`)
}

const journey = (val: Val, value: any, name: string) => {
  assert.strictEqual(value.type, "journey", `${name}.type must be journey`)
  assert.ok(Array.isArray(value.legs) && value.legs.length > 0, `${name}.legs must be a non-empty array`)
  value.legs.forEach((leg: any, i: number) => journeyLeg(val, leg, `${name}.legs[${i}]`))
  optionalString(value.refreshToken, `${name}.refreshToken`)
  if (value.price !== undefined) {
    assert.strictEqual(typeof value.price.amount, "number", `${name}.price.amount must be a number`)
    assert.match(value.price.currency, /^[A-Z]{3}$/, `${name}.price.currency must be ISO 4217`)
  }
  if (value.tickets !== undefined) {
    value.tickets.forEach((ticket: any, i: number) => {
      optionalString(ticket.name, `${name}.tickets[${i}].name`)
      assert.ok(Number.isInteger(ticket.priceObj.amount), `${name}.tickets[${i}].priceObj.amount must be cents`)
    })
  }
}

const alternative = (val: Val, value: any, name: string) => {
  optionalString(value.tripId, `${name}.tripId`)
  stop(val, value.stop, `${name}.stop`)
  time(val, value.plannedWhen, `${name}.plannedWhen`)
  if (value.cancelled === true) {
    assert.strictEqual(value.when, undefined, `${name}.when of a cancelled one must be absent`)
  } else {
    time(val, value.when, `${name}.when`)
  }
  optionalNumber(value.delay, `${name}.delay`)
  optionalString(value.platform, `${name}.platform`)
  optionalString(value.plannedPlatform, `${name}.plannedPlatform`)
  optionalString(value.direction, `${name}.direction`)
  defaults.line!(val as never, value.line, `${name}.line`)
  remarks(val, value.remarks, `${name}.remarks`)
  for (const key of ["previousStopovers", "nextStopovers"]) {
    if (value[key] !== undefined) {
      value[key].forEach((item: any, i: number) => stopover(val, item, `${name}.${key}[${i}]`))
    }
  }
}

const trip = (val: Val, value: any, name: string) => {
  optionalString(value.id, `${name}.id`)
  journeyLeg(val, value, name)
}

const warning = (val: Val, value: any, name: string) => {
  remark(val, value, name)
  optionalTime(val, value.validFrom, `${name}.validFrom`)
  optionalTime(val, value.validUntil, `${name}.validUntil`)
}

const validators: Val = {
  ...(defaults as unknown as Val),
  stop,
  place,
  stopover,
  journeyLeg,
  journey,
  departure: alternative,
  arrival: alternative,
  trip,
  warning
}

/** The kinds of FPTF objects checked. */
export type Kind = "stop" | "place" | "line" | "stopover" | "journey" | "departure" | "arrival" | "trip" | "warning"

/** Checks one FPTF object of a kind; throws an `AssertionError` naming the first problem. */
export const check = (kind: Kind, value: unknown, name: string = kind): void =>
  validators[kind]!(validators, value, name)

/** Checks each item of a list. */
export const checkAll = (kind: Kind, items: ReadonlyArray<unknown>, name: string = kind): void =>
  items.forEach((item, i) => check(kind, item, `${name}[${i}]`))
