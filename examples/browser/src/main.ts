// The page's script: the Promise client of the two operations it uses, imported module by module, so
// that the bundle carries only their codecs. The deployment is the fake on localhost:8080 unless the page is opened with `?efa=<url>`.
import * as Point from "@efa-kit/core/Point"
import { createClientFor, InvalidRequestError } from "@efa-kit/core/promise"
import * as StopFinder from "@efa-kit/core/StopFinder"
import * as Trip from "@efa-kit/core/Trip"

const baseUrl = new URLSearchParams(location.search).get("efa") ?? "http://localhost:8080/"
// times are shown as the deployment's wall clock, as its timetables are written
const timeZone = "Europe/Berlin"
const efa = createClientFor({ stopFinder: StopFinder.operation, trip: Trip.operation }, { baseUrl, timeZone })

const element = <E extends HTMLElement>(id: string) => document.getElementById(id) as E
const form = element<HTMLFormElement>("search")
const status = element<HTMLParagraphElement>("status")
const stops = element<HTMLOListElement>("stops")
const trips = element<HTMLOListElement>("trips")

const item = (text: string, detail?: string) => {
  const li = document.createElement("li")
  li.textContent = text
  if (detail !== undefined) {
    const small = document.createElement("div")
    small.className = "leg"
    small.textContent = detail
    li.append(small)
  }
  return li
}

// the Promise client answers with plain values: instants are `Date`s
const time = (instant: Date) => instant.toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit", timeZone })

let running: AbortController | undefined

form.addEventListener("submit", async (event) => {
  event.preventDefault()
  running?.abort()
  const controller = running = new AbortController()
  const signal = controller.signal
  const from = element<HTMLInputElement>("from").value
  const to = element<HTMLInputElement>("to").value
  status.className = ""
  status.textContent = "Searching…"
  stops.replaceChildren()
  trips.replaceChildren()
  try {
    const { locations } = await efa.stopFinder({ input: Point.any(from), maxResults: 5 }, { signal })
    stops.replaceChildren(...locations.map((location) => item(location.name, location.id)))
    const origin = locations[0]
    if (origin === undefined) {
      status.textContent = `No stop matches “${from}”.`
      return
    }
    const found = await efa.trip({
      origin: Point.fromId(origin.id),
      destination: Point.any(to),
      dateTime: new Date(),
      numberOfTrips: 3
    }, { signal })
    trips.replaceChildren(...found.trips.map((trip) => {
      const first = trip.legs[0]!
      const last = trip.legs.at(-1)!
      return item(
        `${time(first.origin.departureTimePlanned)} → ${time(last.destination.arrivalTimePlanned)}, ` +
          `${Math.round(trip.duration / 60)} min, ${trip.interchange} change(s)`,
        trip.legs.map((leg) => `${leg.mode.name}: ${leg.origin.name} → ${leg.destination.name}`).join(" · ")
      )
    }))
    status.textContent = `${locations.length} stop(s), ${found.trips.length} trip(s).`
  } catch (error) {
    if (signal.aborted) return
    status.className = "error"
    status.textContent = error instanceof InvalidRequestError
      ? `Check the input: ${error.issues.map((issue) => `${issue.field} ${issue.message}`).join("; ")}`
      : `${(error as { _tag?: string })._tag ?? "Error"}: ${(error as Error).message}`
  }
})

form.requestSubmit()
